import Foundation
import Testing
import TestSupport

/// The first run on a new database makes the roster, which only a role
/// that may create a schema there can (the owner, in docs/sharing.md's
/// recipe). A writer or a reader that runs first is told so, and how to
/// go on; nothing is made.
@Suite("The first run on a new database")
struct PostgresFirstRunTests {
    @Test("a role that may not create the schema, run first: one sentence says the roster is not made yet and who makes it (77), and nothing is made")
    func writerBeforeTheOwner() throws {
        let cluster = try DisposablePostgres.shared()
        let database = try cluster.makeDatabase()
        let role = "early_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.psql("CREATE ROLE \(role) LOGIN")
        let run = try Sandbox().roster(uri: cluster.uri(database: database, user: role), ["list"])
        #expect(run.status == 77, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("is not made yet, and the role `\(role)` may not make it (permission denied for database \(database))"),
                "\(run.stderr)")
        #expect(run.stderr.contains("run roster there once as the database's owner, who makes it"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try cluster.psql("SELECT count(*) FROM pg_namespace WHERE nspname = 'roster'", database: database) == "0")
    }
}
