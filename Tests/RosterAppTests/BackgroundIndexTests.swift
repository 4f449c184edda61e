import Foundation
import Testing
@testable import RosterApp
@testable import RosterCore

@Suite("A large roster is indexed on a thread of its own")
struct BackgroundIndexTests {
    @Test("past the synchronous limit the names are indexed in the background, and the filter then finds one among them")
    func filterAfterBackgroundIndex() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
        let bots = MonsterListModel.synchronousIndexLimit + 10
        try store.database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(bots))
            INSERT INTO monster (name, name_key, description, icon, name_color, weapon)
            SELECT 'Bot-' || i, 'bot-' || i, 'A bot', 'unknown.png', 'default', 'sword' FROM n
            """)

        let list = try MonsterListModel(store: store)
        list.setFilter("Bot-20003")
        #expect(list.isWaitingForIndex, "a roster this large is not indexed before the list opens")
        let deadline = Date().addingTimeInterval(60)
        while !list.takeFinishedIndex() {
            try #require(Date() < deadline, "the background index never arrived")
            usleep(10_000)
        }
        #expect(!list.isWaitingForIndex)
        #expect(list.count == 1)
        #expect(try list.monster(at: 0)?.name == "Bot-20003")
    }
}
