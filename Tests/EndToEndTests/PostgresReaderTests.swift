import Foundation
import Testing
import TestSupport

/// A role that may only read a shared roster is told so by the interface
/// as it opens, before anything is typed, not first at a refused save.
extension PostgresInterfaceTests {
    @Test("a reader's interface says read only in the header; a writer's does not")
    func readerIsToldAtOnce() throws {
        let (cluster, database, uri, _) = try newRoster()
        let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
        try cluster.psql("""
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT ON ALL TABLES IN SCHEMA roster TO \(role);
            """, database: database)
        let reader = try open(cluster.uri(database: database, user: role), as: "\(role)@desk")
        #expect(reader.waitFor("Monsters · 6"))
        #expect(says(reader, "· 6 monsters · read only"), "\(reader.screen)")
        // The keys that would change it say so at once, before anything is typed.
        try reader.press("n")
        #expect(says(reader, "This roster is read only: the database role it logged in as may look, not change"), "\(reader.screen)")
        #expect(!Self.flowing(reader.screen).contains("New monster"), "\(reader.screen)")
        try reader.press("q")
        #expect(reader.waitForExit(timeout: 10) == 0, "\(reader.screen)")
        let writer = try open(uri, as: "owner@desk")
        #expect(writer.waitFor("Monsters · 6"))
        #expect(!Self.flowing(writer.screen).contains("read only"), "\(writer.screen)")
        try writer.press("q")
        #expect(writer.waitForExit(timeout: 10) == 0, "\(writer.screen)")
    }
}

extension PostgresInterfaceTests {
    @Test("a change made while the role's grants were revoked shows once they are back: the refused look is said, and taken again")
    func changeWhileRevoked() throws {
        let (cluster, database, _, _) = try newRoster()
        let role = "revoked_\(UUID().uuidString.prefix(8).lowercased())"
        let grants = """
            GRANT USAGE ON SCHEMA roster TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roster TO \(role);
            GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA roster TO \(role);
            """
        try cluster.psql("CREATE ROLE \(role) LOGIN;" + grants, database: database)
        let screen = try open(cluster.uri(database: database, user: role), as: "\(role)@desk")
        #expect(screen.waitFor("Monsters · 6"))
        try cluster.psql("""
            REVOKE ALL ON ALL TABLES IN SCHEMA roster FROM \(role);
            REVOKE ALL ON SCHEMA roster FROM \(role);
            UPDATE roster.monster SET name = 'Kitty-Bot' WHERE name = 'Cat-Bot';
            """, database: database)
        #expect(says(screen, "was refused (permission denied for schema roster)", timeout: 10), "\(screen.screen)")
        try cluster.psql(grants, database: database)
        #expect(screen.waitUntil(timeout: 10) { Self.flowing($0).contains("Kitty-Bot") }, "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
