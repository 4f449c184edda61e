import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A write whose connection is lost after its COMMIT reached the server
/// tells the truth about it: saved (found by its token), it answers as
/// usual and says the reply was lost; not saved, "nothing was changed";
/// unknowable, that it may or may not have been saved. A script retrying
/// on 75 then never makes a change twice (issue 23, N2 of stop 19).
@Suite("A PostgreSQL write whose reply is lost")
struct PostgresLostCommitTests {
    /// A store behind a proxy that can lose its connection, and what it told.
    private final class Setup {
        let server: PostgresTestServer
        let database: String
        let proxy: CommitLosingProxy
        let admin: PostgresConnection
        var told: [String] = []
        private(set) var store: PostgresRosterStore!

        init() throws {
            server = try PostgresTestServer.shared()
            database = try server.makeDatabase()
            proxy = try CommitLosingProxy(server: server)
            admin = try server.adminConnection(database: database)
            store = try PostgresRosterStore.open(uri: proxy.uri(database: database, server: server, applicationName: "alice"),
                                                 environment: [:], markerWithFirstRequest: true) { [unowned self] in self.told.append($0) }
        }

        deinit {
            admin.close()
            proxy.stop()
        }

        func weapon(of name: String) throws -> String? {
            try admin.query("SELECT weapon FROM roster.monster WHERE name = $1", [name]).firstValue
        }

        func historyCount() throws -> Int {
            Int(try admin.query("SELECT count(*) FROM roster.history").firstValue ?? "") ?? -1
        }
    }

    private func isLostReplySaved(_ told: [String]) -> Bool {
        told.count == 1 && told[0].contains("before it answered, but the change was saved")
    }

    private func says(_ fragment: String, _ error: any Error) -> Bool {
        guard case RosterError.serverUnavailable(let sentence) = error else { return false }
        return sentence.contains(fragment)
    }

    @Test("set-weapon in one trip: saved although the reply was lost, answered as usual, written once")
    func oneTripSaved() throws {
        let setup = try Setup()
        let entries = try setup.historyCount()
        setup.proxy.arm(.afterCommit)
        let changes = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)])
        #expect(setup.proxy.cuts == 1)
        #expect(changes.map { "\($0.monster.name) \($0.monster.weapon.type.key) → \($0.weapon.key)" } == ["Dog-Bot blowgun → smoke"])
        #expect(isLostReplySaved(setup.told))
        #expect(try setup.weapon(of: "Dog-Bot") == "smoke")
        #expect(try setup.historyCount() == entries + 1)
        // The store goes on, on its new connection.
        #expect(try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)]).count == 1)
    }

    @Test("set-weapon in one trip: lost before COMMIT was sent, nothing was changed")
    func oneTripDroppedBefore() throws {
        let setup = try Setup()
        let entries = try setup.historyCount()
        setup.proxy.arm(.beforeCommit)
        #expect { try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)]) } throws: {
            self.says("nothing was changed", $0)
        }
        #expect(setup.proxy.cuts == 1)
        #expect(setup.told.isEmpty)
        #expect(try setup.weapon(of: "Dog-Bot") == "blowgun")
        #expect(try setup.historyCount() == entries)
    }

    @Test("add: saved although the reply was lost; lost before COMMIT, nothing was changed")
    func add() throws {
        let setup = try Setup()
        func monster(_ name: String) -> Monster {
            Monster(id: 0, name: name, description: "", icon: Monster.defaultIcon, nameColor: .default, weapon: Weapon(.fire))
        }
        setup.proxy.arm(.beforeCommit)
        #expect { try setup.store.add(monster("Lost-Bot"), dryRun: false) } throws: { self.says("nothing was changed", $0) }
        #expect(try setup.admin.query("SELECT count(*) FROM roster.monster WHERE name = 'Lost-Bot'").firstValue == "0")
        setup.proxy.arm(.afterCommit)
        let added = try setup.store.add(monster("Saved-Bot"), dryRun: false)
        #expect(added.name == "Saved-Bot")
        #expect(isLostReplySaved(setup.told))
        #expect(try setup.admin.query("SELECT count(*) FROM roster.monster WHERE name = 'Saved-Bot'").firstValue == "1")
    }

    @Test("undo: a lost reply after a saved undo answers the undo, so a retry never takes back one more change")
    func undoNotTwice() throws {
        let setup = try Setup()
        _ = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)])
        _ = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .fire)])
        setup.proxy.arm(.afterCommit)
        let outcome = try setup.store.undo()
        #expect(outcome.sentences == ["undid set-weapon Dog-Bot: Smoke → Fire"])
        #expect(isLostReplySaved(setup.told))
        #expect(try setup.weapon(of: "Dog-Bot") == "smoke")
        #expect(try setup.admin.query("SELECT count(*) FROM roster.history WHERE undone").firstValue == "1")
    }

    @Test("import: saved although the reply was lost, answered with its summary")
    func importSaved() throws {
        let setup = try Setup()
        let reader = try MonsterReader(input: ChunkedInput(bytes: Array("name,weapon\nImp-Bot,fire\n".utf8), name: "imp.csv"),
                                       format: .csv, raw: false)
        setup.proxy.arm(.afterCommit)
        #expect(try setup.store.importMonsters(from: reader, mode: .insert) == ImportSummary(added: 1))
        #expect(isLostReplySaved(setup.told))
        #expect(try setup.admin.query("SELECT count(*) FROM roster.monster WHERE name = 'Imp-Bot'").firstValue == "1")
    }

    @Test("the server unreachable after the COMMIT was sent: the change may or may not have been saved, never \"nothing was changed\"")
    func unreachable() throws {
        let setup = try Setup()
        setup.proxy.arm(.afterCommit, thenUnreachable: true)
        #expect { try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: .smoke)]) } throws: {
            self.says("may or may not have been saved", $0) && !self.says("nothing was changed", $0) && self.says("roster history", $0)
        }
        #expect(try setup.weapon(of: "Dog-Bot") == "smoke")
    }

    @Test("history --clear with its reply lost, the server still there: roster cannot tell (it records no entry), not that it could not ask")
    func clearCannotTell() throws {
        let setup = try Setup()
        setup.proxy.arm(.afterCommit)
        #expect { try setup.store.clearHistory() } throws: {
            self.says("roster cannot tell whether it was", $0) && self.says("may or may not have been saved", $0)
                && !self.says("could not ask", $0) && !self.says("nothing was changed", $0)
        }
        #expect(try setup.historyCount() == 0)
    }
}
