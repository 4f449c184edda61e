import Foundation
import Glibc
import Testing
@testable import RosterCore

/// An interface at rest sleeps on the roster file: the kernel wakes it when
/// another program writes, instead of it asking four times a second.
@Suite("A roster file says when it was written")
struct FileChangeNotifierTests {
    private func readable(_ descriptor: Int32, waiting milliseconds: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, milliseconds) == 1
    }

    @Test("another program's write wakes the watch; the next look empties it; reading wakes nothing")
    func wakesOnWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("roster.db").path
        let store = try SQLiteRosterStore.open(path: path)
        guard case .whenReadable(let descriptor) = store.changeWatch else {
            Issue.record("a file on Linux is watched by the kernel, not asked every so often")
            return
        }
        let before = try store.changeCounter()
        #expect(!readable(descriptor, waiting: 50), "at rest, nothing to wake for")
        _ = try store.monsters(offset: 0, limit: 10)
        #expect(!readable(descriptor, waiting: 50), "reading the roster wakes nothing")

        let other = try SQLiteRosterStore.open(path: path)
        _ = try other.edit(monsterID: try #require(try other.find("Cat-Bot")).id, MonsterChanges(weapon: .fire))
        #expect(readable(descriptor, waiting: 2000), "another program's commit wakes the watch")
        #expect(try store.changeCounter() != before, "and the look finds the change")
        #expect(!readable(descriptor, waiting: 50), "the look emptied the watch")
    }
}
