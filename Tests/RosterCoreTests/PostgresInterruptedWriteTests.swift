import Foundation
import Testing
import PostgresWire
@testable import RosterCore
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a command's write waits on a silent server: the wait
/// ends at once, and the write says what it knows before the command ends
/// (130): nothing was changed when its COMMIT was not sent; after it, what
/// a look-up on a new session found.
@Suite("A command's write stopped by Ctrl-C while the server is silent", .serialized)
struct PostgresInterruptedWriteTests {
    /// The silent-server tests' store, as a command opens it, with an
    /// answer timeout (300 ms + 20 s) far longer than the test waits.
    private func setUp() throws -> PostgresSilentServerTests.Setup {
        let setup = try PostgresSilentServerTests.Setup(answerMargin: 20_000)
        setup.store.catchesInterrupts = true
        return setup
    }

    /// Sets Dog-Bot's weapon with SIGINT sent to the process after half
    /// a second; the sentence it was stopped with, and the seconds it took.
    private func interruptedWeapon(_ weapon: WeaponType, in setup: PostgresSilentServerTests.Setup) -> (told: String, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        // Sent only once a handler is there: a SIGINT with none would end
        // the whole test run. (The write's handler stays for the 20 s the
        // proxy keeps silent.)
        let signalled = Thread {
            usleep(500_000)
            for _ in 0..<300 {
                var current = sigaction()
                sigaction(SIGINT, nil, &current)
                let handler = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
                if handler != 0, handler != unsafeBitCast(SIG_IGN, to: Int.self) {
                    kill(getpid(), SIGINT)
                    return
                }
                usleep(10_000)
            }
        }
        signalled.start()
        var told = "no error"
        do {
            _ = try setup.store.setWeapons([WeaponAssignment(reference: "Dog-Bot", weapon: weapon)])
        } catch RosterError.interrupted(let sentence) {
            told = sentence
        } catch {
            told = "not interrupted: \(error)"
        }
        return (told, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    @Test("Ctrl-C before the COMMIT was sent (the lock's answer never came): nothing was changed")
    func beforeCommit() throws {
        let setup = try setUp()
        setup.proxy.arm(.stall, on: "LOCK TABLE")
        var before = sigaction()
        sigaction(SIGINT, nil, &before)
        let (told, seconds) = interruptedWeapon(.fire, in: setup)
        #expect(told.hasPrefix("stopped waiting for PostgreSQL at "), "\(told)")
        #expect(told.hasSuffix("(interrupted); nothing was changed"), "\(told)")
        #expect(seconds < 3, "took \(seconds) s")
        #expect(try setup.weapon(of: "Dog-Bot") == "blowgun")
        // Outside a write SIGINT does what it did: the handler is gone.
        var after = sigaction()
        sigaction(SIGINT, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
    }

    @Test("Ctrl-C after the COMMIT was sent: looked up at once, and told as saved, with its history entry")
    func afterCommit() throws {
        let setup = try setUp()
        setup.proxy.arm(.stall)
        let (told, seconds) = interruptedWeapon(.smoke, in: setup)
        #expect(told.contains("stopped waiting for PostgreSQL at "), "\(told)")
        #expect(told.contains("(interrupted) after the change was sent to be saved, and it was saved (history entry "), "\(told)")
        #expect(seconds < 5, "took \(seconds) s")
        #expect(try setup.weapon(of: "Dog-Bot") == "smoke")
        #expect(setup.store.interruption == told)
    }
}
