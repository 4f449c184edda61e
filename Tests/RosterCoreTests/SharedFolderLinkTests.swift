import Foundation
import Testing
@testable import RosterCore

/// `--db` through a symbolic link another user left in a shared sticky
/// folder (/tmp): SQLite resolves links itself, so the kernel's
/// `fs.protected_symlinks` never refuses it, and root's roster would
/// create or write the file the link names.
@Suite("A roster reached through another user's link in a shared folder")
struct SharedFolderLinkTests {
    static let runsAsRoot = geteuid() == 0

    @Test("is refused, and the file the link names is neither made nor changed; the user's own link is followed",
          .enabled(if: runsAsRoot, "needs root to give a link to another user (lchown)"))
    func othersLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)

        let victim = folder.appendingPathComponent("victim.db").path
        let link = shared + "/roster.db"
        #expect(symlink(victim, link) == 0)
        #expect(lchown(link, 65534, 65534) == 0)
        do {
            _ = try SQLiteRosterStore.open(path: link)
            Issue.record("the link was followed")
        } catch {
            guard case .cannotOpen(let path, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == link)
            #expect(reason == "\(link) is a symbolic link another user made in a shared folder, and roster does not follow it")
        }
        #expect(!FileManager.default.fileExists(atPath: victim), "nothing was made where the link leads")

        let own = shared + "/mine.db"
        let mine = folder.appendingPathComponent("mine.db").path
        #expect(symlink(mine, own) == 0)
        #expect(try SQLiteRosterStore.open(path: own).count() == 6)
        #expect(FileManager.default.fileExists(atPath: mine))
    }
}
