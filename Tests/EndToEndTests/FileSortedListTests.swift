import Foundation
import Testing

/// The interface's sorted list on a roster file of 60,000 monsters, read
/// a window at a time by schema 11's indexes: what the list shows agrees
/// with `list --sort` row for row in every order the key steps through
/// and turned round, the selected monster keeps its place with the right
/// number in the border, and End reaches the last row.
@Suite("The interface's sorted list on a file")
struct FileSortedListTests {
    @Test("s and S through every order: the selected monster keeps its true place and its neighbours as list --sort orders them; End shows the last")
    func sortedListAgreesWithTheCommandLine() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(["list"]).status == 0)
        _ = try sandbox.sqlite("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
            INSERT INTO monster (name, name_key, keyed_name, description, icon, weapon, height, origin, activated)
            SELECT 'Bot-' || i, 'bot-' || i, 'Bot-' || i, '', 'unknown.png',
                   CASE i % 5 WHEN 0 THEN 'blowgun' WHEN 1 THEN 'ninja-star' WHEN 2 THEN 'fire' WHEN 3 THEN 'sword' ELSE 'smoke' END,
                   CASE WHEN i % 3 = 0 THEN NULL ELSE ((i % 40 + 1) / 12) || 'ft' || ((i % 40 + 1) % 12) || 'in' END,
                   CASE WHEN i % 4 = 0 THEN NULL ELSE substr('JPGBUSFR', i % 4 * 2 + 1, 2) END,
                   CASE WHEN i % 5 = 0 THEN NULL ELSE '2020-01-' || printf('%02d', i % 28 + 1) || 'T10:00:00Z' END
            FROM n;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        let screen = try TmuxDriver(width: 100, height: 30, command: "\(Sandbox.binary.path) --db '\(sandbox.databasePath)'",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        #expect(screen.waitFor("60,006", timeout: 10), "\(screen.screen)")
        try SortedListScreen.chooseCatBot(screen, total: "60,006")
        for order in ["name", "weapon", "height", "origin", "activated", "id"] {
            for turned in [false, true] {
                let sort = (turned ? "-" : "") + order
                let names = try sandbox.roster(["list", "--sort", sort, "--fields", "name", "--format", "plain"]).stdout
                    .split(separator: "\n").map(String.init)
                try #require(names.count == 60_006)
                try SortedListScreen.expectCatBotInPlace(screen, after: turned ? "S" : "s", names: names, total: "60,006", order: sort)
            }
        }
        // By height, tallest first, End shows the monsters of no known height, the last by id.
        let byHeight = try sandbox.roster(["list", "--sort", "-height", "--fields", "name", "--format", "plain"]).stdout
            .split(separator: "\n").map(String.init)
        try screen.press("s")
        try screen.press("s")
        try screen.press("s")
        try screen.press("S")
        #expect(screen.waitFor("tallest first"), "\(screen.screen)")
        try SortedListScreen.expectEndShowsTheLast(screen, names: byHeight, total: "60,006")
    }
}
