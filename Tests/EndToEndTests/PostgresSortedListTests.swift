import Foundation
import Testing

/// The interface's sorted list on a PostgreSQL roster of 60,000 monsters,
/// read a window at a time: what the list shows agrees with `list
/// --sort` row for row, the selected monster keeps its place with the
/// right number in the border (counted in the background when it lies
/// deep), and End reaches the last row.
@Suite("The interface's sorted list on PostgreSQL")
struct PostgresSortedListTests {
    @Test("s by name, weapon, height: the selected monster keeps its true place and its neighbours as list --sort orders them; End shows the last")
    func sortedListAgreesWithTheCommandLine() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let uri = cluster.uri(database: database)
        let sandbox = try Sandbox()
        #expect(try sandbox.roster(uri: uri, ["list"]).status == 0)
        _ = try cluster.psql("""
            INSERT INTO roster.monster (name, name_key, description, icon, weapon, height)
            SELECT 'Bot-' || i, 'bot-' || i, '', 'unknown.png',
                   (ARRAY['blowgun', 'ninja-star', 'fire', 'sword', 'smoke'])[i % 5 + 1],
                   CASE WHEN i % 3 = 0 THEN NULL ELSE ((i % 40 + 1) / 12) || 'ft' || ((i % 40 + 1) % 12) || 'in' END
            FROM generate_series(1, 60000) AS i
            """, database: database)
        let screen = try TmuxDriver(width: 100, height: 30, command: "\(Sandbox.binary.path) --db '\(uri)'",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        #expect(screen.waitFor("60,006", timeout: 10), "\(screen.screen)")
        // A filter finds Cat-Bot once the names are indexed in the
        // background (a sort waits for them too); cleared, Cat-Bot stays chosen.
        try SortedListScreen.chooseCatBot(screen, total: "60,006")
        // By height Cat-Bot (2 ft 4 in) has some 27,000 monsters above it and
        // 32,000 below: too deep to count at once, so it is placed at a
        // guess first and its number comes from the background count.
        for order in ["name", "weapon", "height"] {
            let names = try sandbox.roster(uri: uri, ["list", "--sort", order, "--fields", "name", "--format", "plain"]).stdout
                .split(separator: "\n").map(String.init)
            try #require(names.count == 60_006)
            try SortedListScreen.expectCatBotInPlace(screen, after: "s", names: names, total: "60,006", order: order)
            #expect(screen.waitFor("Sorted by \(order)"), "\(screen.screen)")
        }
        let byHeight = try sandbox.roster(uri: uri, ["list", "--sort", "height", "--fields", "name", "--format", "plain"]).stdout
            .split(separator: "\n").map(String.init)
        try SortedListScreen.expectEndShowsTheLast(screen, names: byHeight, total: "60,006")
    }
}
