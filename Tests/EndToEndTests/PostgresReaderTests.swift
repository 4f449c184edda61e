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
        try reader.press("q")
        #expect(reader.waitForExit(timeout: 10) == 0, "\(reader.screen)")
        let writer = try open(uri, as: "owner@desk")
        #expect(writer.waitFor("Monsters · 6"))
        #expect(!Self.flowing(writer.screen).contains("read only"), "\(writer.screen)")
        try writer.press("q")
        #expect(writer.waitForExit(timeout: 10) == 0, "\(writer.screen)")
    }
}
