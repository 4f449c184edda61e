import Testing
import TerminalKit
@testable import RosterApp

/// The detail fields line up: beside the picture in one column, and below
/// it in one column too (the picture's, when one of them needs the room).
@Suite("The detail fields line up in columns")
struct FieldColumnsTests {
    @Test("every label below the picture starts in the same column", arguments: [
        Size(width: 120, height: 35), Size(width: 100, height: 30), Size(width: 80, height: 24),
    ])
    func columnsBelowThePicture(_ size: Size) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height)
        _ = roster.screen
        let details = roster.interface.screen.details
        let picture = details.pictureFrameForTesting
        #expect(!picture.isEmpty, "a picture at \(size.width)×\(size.height)")
        let below = details.fields.filter { $0.frame.y >= picture.maxY }
        #expect(!below.isEmpty)
        let columns = Set(below.map(\.frame.x))
        #expect(columns.count == 1, "\(below.map { "\($0.label) at \($0.frame.x)" })\n\(roster.text)")
        if let activated = below.first(where: { $0.label == "Activated" }) {
            #expect(roster.details.field("Activated")?.value == "2019-03-14 09:30 UTC", "the date and zone whole at \(activated.frame)")
        }
    }
}
