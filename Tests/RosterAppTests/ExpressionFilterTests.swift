import Foundation
import Testing
@testable import RosterApp
@testable import RosterCore
import TerminalKit

/// The interface's `/` takes the command line's language: an expression
/// lists its matches, a plain word still finds names, and an expression
/// that means nothing is told in the footer while the list and the typed
/// text stay as they were.
@Suite("The interface's filter takes the filter language")
struct ExpressionFilterTests {
    func controller() throws -> (RosterSessionController, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-expression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
        let controller = try RosterSessionController(store: store, pictures: PictureDrawing(library: HeadlessRoster.pictureLibrary(), mode: .text))
        return (controller, directory)
    }

    func shown(_ list: MonsterListModel) throws -> [String] {
        try (0..<list.count).compactMap { try list.monster(at: $0)?.name }
    }

    @Test("an expression lists its matches in roster order; a word still finds names")
    func expressionAndWord() throws {
        let (controller, directory) = try controller()
        defer { try? FileManager.default.removeItem(at: directory) }
        controller.setFilter("weapon=ninja star")
        #expect(try shown(controller.list) == ["Fire-Bot", "Mini-Tomato-Bot"])
        #expect(controller.list.isExpression)
        controller.setFilter("height>=5ft and colour=blue")
        #expect(try shown(controller.list) == ["Ice-Bot"])
        controller.setFilter("bot")
        #expect(try shown(controller.list).count == 6)
        #expect(!controller.list.isExpression)
        controller.setFilter("tomato")
        #expect(try shown(controller.list) == ["Mini-Tomato-Bot"])
        controller.setFilter("origin=none")
        #expect(try shown(controller.list).isEmpty)
    }

    @Test("a misspelt field is told in the footer; the list and the typed text stay; the telling goes when fixed")
    func misspelt() throws {
        let (controller, directory) = try controller()
        defer { try? FileManager.default.removeItem(at: directory) }
        controller.setFilter("weapon=fire")
        #expect(try shown(controller.list) == ["Ice-Bot"])
        controller.setFilter("wepon=fire")
        #expect(controller.status?.isError == true)
        #expect(controller.status?.text == "`wepon=fire`, column 1: unknown field `wepon`; did you mean `weapon`? — the list still shows `weapon=fire`")
        #expect(controller.list.filter == "wepon=fire", "the typed text is kept")
        #expect(try shown(controller.list) == ["Ice-Bot"], "the list stays the last one that meant something")
        controller.setFilter("weapon=swor")
        #expect(controller.status?.text.contains("unknown weapon `swor`; did you mean `sword`?") == true)
        controller.setFilter("weapon=sword")
        #expect(controller.status == nil)
        #expect(try shown(controller.list) == ["Cat-Bot"])
    }
}
