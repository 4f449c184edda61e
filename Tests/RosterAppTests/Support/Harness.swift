import Foundation
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// The interactive roster on a real database file, driven by keys and
/// clicks, read back from the screen buffer: what a person would see.
final class RosterScreenHarness {
    let directory: URL
    let store: SQLiteRosterStore
    let interface: HeadlessRoster

    init(width: Int = 100, height: Int = 30, pictures: PictureMode = .halfBlocks(.truecolor), animations: Bool = false,
         prepare: (SQLiteRosterStore) throws -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
        try prepare(store)
        interface = try HeadlessRoster(store: store, size: Size(width: width, height: height), animations: animations,
                                        pictures: PictureDrawing(library: HeadlessRoster.pictureLibrary(), mode: pictures))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var path: String { store.path }
    var window: Window { interface.window }

    @discardableResult
    func press(_ keys: KeyEvent...) -> RosterScreenHarness {
        for key in keys { interface.handle(.key(key)) }
        return self
    }

    @discardableResult
    func type(_ text: String) -> RosterScreenHarness {
        for character in text { interface.handle(.key(.character(character))) }
        return self
    }

    @discardableResult
    func paste(_ text: String) -> RosterScreenHarness {
        interface.handle(.paste(text))
        return self
    }

    @discardableResult
    func click(_ point: Point) -> RosterScreenHarness {
        interface.handle(.mouse(MouseEvent(.press(button: 0), at: point)))
        interface.handle(.mouse(MouseEvent(.release(button: 0), at: point)))
        return self
    }

    /// Clicks the first place where `text` is drawn.
    @discardableResult
    func click(on text: String) throws -> RosterScreenHarness {
        guard let point = screen.find(text) else { throw HarnessError.notOnScreen(text, lines.joined(separator: "\n")) }
        return click(point)
    }

    var screen: Buffer { interface.render().buffer }
    var cursor: Point? { interface.render().cursor }
    var lines: [String] { screen.lines }
    var text: String { lines.joined(separator: "\n") }

    /// The line the list draws as selected (reversed).
    var selectedListRow: String? {
        let buffer = screen
        // Only the list's rows, inside its border: the header bar is
        // reversed too, and a focused list's title is underlined.
        let list = interface.screen.list.frame
        for y in max(0, list.y + 1)..<min(buffer.size.height, list.maxY - 1) {
            let cell = buffer[2, y]
            if cell.style.attributes.contains(.reverse) || cell.style.attributes.contains(.underline) {
                return buffer.text(row: y)
            }
        }
        return nil
    }

    var weaponPanel: ChoicePanel? {
        window.dockedViews.compactMap { $0 as? ChoicePanel }.first
    }

    func weaponInDatabase(_ name: String) throws -> WeaponType? {
        try SQLiteRosterStore.open(path: path).find(name)?.weapon.type
    }

    enum HarnessError: Error {
        case notOnScreen(String, String)
    }
}
