import Foundation
import Testing
@testable import PostgresWire

/// Any role may NOTIFY a channel someone LISTENs to, as often and as long
/// as it likes (up to 8,000 bytes). What a listener keeps of a flood is
/// bounded: the newest notifications, the count of those that made way,
/// payloads cut to their first kilobyte between characters.
@Suite struct NotificationFloodTests {
    private static let flood = 5_000

    /// A listener on `roster`, and a notifier that has sent it the flood.
    private func flooded(_ cluster: TestCluster) throws -> (listener: PostgresConnection, notifier: PostgresConnection) {
        let listener = try PostgresConnection.connect(cluster.settings())
        let notifier = try PostgresConnection.connect(cluster.settings())
        try listener.listen("roster")
        try notifier.simpleQuery("""
            DO $$ BEGIN FOR i IN 1..\(Self.flood) LOOP PERFORM pg_notify('roster', repeat('9', 7000) || i); END LOOP; END $$
            """)
        return (listener, notifier)
    }

    @Test func aFloodDuringAQueryKeepsTheNewestAndCountsTheRest() throws {
        let cluster = try TestCluster()
        let (listener, notifier) = try flooded(cluster)
        defer {
            listener.close()
            notifier.close()
        }
        try notifier.notify("roster", payload: "x" + String(repeating: "é", count: 1500))
        // The server sends them all before this query's answer.
        try listener.simpleQuery("SELECT 1")
        let kept = try listener.readPendingNotifications()
        #expect(kept.count == PostgresConnection.keptNotifications)
        #expect(kept.count + listener.notificationsDroppedBeforeLastRead == Self.flood + 1)
        #expect(kept.dropLast().last?.payload == String(repeating: "9", count: 1024),
                "a 7,000-byte payload is kept to its first kilobyte")
        #expect(kept.last?.payload == "x" + String(repeating: "é", count: 511), "cut between characters")
        #expect(listener.readBufferSize == PostgresConnection.keptReadBuffer)
    }

    @Test func aFloodOnAnIdleListenerPassesThroughABufferOfOneRead() throws {
        let cluster = try TestCluster()
        let (listener, notifier) = try flooded(cluster)
        defer {
            listener.close()
            notifier.close()
        }
        var seen = 0
        var largestBuffer = 0
        let deadline = Deadline.now() + 60_000_000_000
        while seen < Self.flood, Deadline.now() < deadline {
            let kept = try listener.waitForNotifications(milliseconds: 1_000)
            #expect(kept.count <= PostgresConnection.keptNotifications)
            seen += kept.count + listener.notificationsDroppedBeforeLastRead
            largestBuffer = max(largestBuffer, listener.readBufferSize)
        }
        #expect(seen == Self.flood)
        #expect(largestBuffer <= 2 * PostgresConnection.keptReadBuffer)
    }
}
