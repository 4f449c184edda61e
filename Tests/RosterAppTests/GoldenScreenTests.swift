import Foundation
import Testing
import TerminalKit
@testable import RosterApp

/// Whole screens compared line by line with the ones kept in `Golden/`,
/// as Ratatui's `assert_buffer_lines` does: a layout that shifts by a
/// column anywhere shows here. After a change meant to move things, look
/// at the new screens and keep them: `ROSTER_UPDATE_GOLDEN=1 swift test
/// --filter GoldenScreenTests`. They run on a stopped clock in UTC, so
/// they read the same on every machine.
@Suite("Golden screens", .stoppedClock)
struct GoldenScreenTests {
    static let sizes = [Size(width: 120, height: 35), Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 40, height: 12)]
    static let states = ["list", "weapon", "colour", "height", "origin", "activated", "name", "help", "monsters"]

    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    @Test("each screen as it was kept", arguments: sizes, states)
    func golden(_ size: Size, _ state: String) throws {
        let roster = try RosterScreenHarness(width: size.width, height: size.height, pictures: .text)
        switch state {
        case "weapon": roster.press(.character("w"))
        case "activated": roster.press(.character("a"))
        case "help": roster.press(.character("?"))
        // The list behind ≡ Monsters when the window is narrow; m moves to it when it is not.
        case "monsters": roster.press(.character("m"))
        case "list": break
        default: try roster.edit(state.prefix(1).uppercased() + state.dropFirst())
        }
        let actual = roster.lines.enumerated().map { Self.masked($1, isHeader: $0 == 0) }
        let file = Self.folder.appendingPathComponent("\(state)-\(size.width)x\(size.height).txt")
        if ProcessInfo.processInfo.environment["ROSTER_UPDATE_GOLDEN"] == "1" {
            try actual.joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let kept = try #require(try? String(contentsOf: file, encoding: .utf8),
                                "no golden screen \(file.lastPathComponent): make it with ROSTER_UPDATE_GOLDEN=1")
        let expected = kept.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(actual.count == expected.count, "\(file.lastPathComponent): \(actual.count) lines, kept \(expected.count)")
        for (index, (line, keptLine)) in zip(actual, expected).enumerated() where line != keptLine {
            Issue.record("\(file.lastPathComponent) line \(index + 1):\n  now:  \(line)\n  kept: \(keptLine)")
        }
    }

    /// The database's folder has a fresh name each run, shown at the
    /// header's end (cut short there, and partly under an overlay).
    static func masked(_ line: String, isHeader: Bool) -> String {
        let path = line.replacingOccurrences(of: "roster-app-[0-9A-F-]+", with: "roster-app-…", options: .regularExpression)
        return isHeader ? path.replacingOccurrences(of: "[0-9A-F-]+…$", with: "…", options: .regularExpression) : path
    }
}
