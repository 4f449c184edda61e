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
///
/// Each runs in a process of its own (an exit test): a SIGINT is the whole
/// process's, and other tests running beside it set its disposition for
/// a while (an editor's run ignores it, a temporary file's removal
/// catches it). The child says what went wrong on stderr.
@Suite("A command's write stopped by Ctrl-C while the server is silent")
struct PostgresInterruptedWriteTests {
    @Test("Ctrl-C before the COMMIT was sent (the lock's answer never came): nothing was changed")
    func beforeCommit() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            PostgresInterruptedWriteTests.exit(with: PostgresInterruptedWriteTests.problemsBeforeCommit())
        }
        #expect(Self.problems(in: result).isEmpty, "\(Self.problems(in: result))")
    }

    @Test("Ctrl-C after the COMMIT was sent: looked up at once, and told as saved, with its history entry")
    func afterCommit() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            PostgresInterruptedWriteTests.exit(with: PostgresInterruptedWriteTests.problemsAfterCommit())
        }
        #expect(Self.problems(in: result).isEmpty, "\(Self.problems(in: result))")
    }

    /// Ends the child, each problem said on stderr: with 0 either way, so
    /// that the test sees them (a child that ends otherwise has crashed).
    static func exit(with problems: [String]) -> Never {
        for problem in problems { FileHandle.standardError.write(Data(("PROBLEM: " + problem + "\n").utf8)) }
        Glibc.exit(0)
    }

    /// The problems the child said (its stderr holds the test library's own bytes too).
    static func problems(in result: ExitTest.Result?) -> [String] {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("PROBLEM: ") }.map(String.init)
    }

    /// The silent-server tests' store, as a command opens it, with an
    /// answer timeout (300 ms + 20 s) far longer than the test waits.
    static func setUp() throws -> PostgresSilentServerTests.Setup {
        let setup = try PostgresSilentServerTests.Setup(answerMargin: 20_000)
        setup.store.catchesInterrupts = true
        return setup
    }

    /// Sets Dog-Bot's weapon with SIGINT sent to this process a fifth of a
    /// second after the proxy began to hold the statement armed (on a
    /// loaded machine the write may take longer than any fixed wait to
    /// reach it); the sentence it was stopped with, and the seconds from
    /// the signal to the answer.
    static func interruptedWeapon(_ weapon: WeaponType, in setup: PostgresSilentServerTests.Setup) -> (told: String, seconds: Double) {
        let signalledAt = SignalTime()
        let proxy = setup.proxy
        let signalled = Thread {
            for _ in 0..<3_000 where proxy.cutsSoFar == 0 { usleep(10_000) }
            usleep(200_000)
            signalledAt.set(Int(DispatchTime.now().uptimeNanoseconds))
            kill(getpid(), SIGINT)
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
        let signal = signalledAt.value
        return (told, signal == 0 ? .infinity : Double(Int(DispatchTime.now().uptimeNanoseconds) - signal) / 1e9)
    }

    /// When the signal was sent, set on one thread and read on another.
    final class SignalTime: @unchecked Sendable {
        private let lock = NSLock()
        private var nanoseconds = 0
        var value: Int { lock.withLock { nanoseconds } }
        func set(_ value: Int) { lock.withLock { nanoseconds = value } }
    }

    static func problemsBeforeCommit() -> [String] {
        var problems: [String] = []
        do {
            let setup = try setUp()
            setup.proxy.arm(.stall, on: "LOCK TABLE")
            var before = sigaction()
            sigaction(SIGINT, nil, &before)
            let (told, seconds) = interruptedWeapon(.fire, in: setup)
            if !told.hasPrefix("stopped waiting for PostgreSQL at ") || !told.hasSuffix("(interrupted); nothing was changed") {
                problems.append("told: \(told)")
            }
            if seconds >= 10 { problems.append("took \(seconds) s after the signal") }
            if try setup.weapon(of: "Dog-Bot") != "blowgun" { problems.append("Dog-Bot's weapon changed") }
            // Outside a write SIGINT does what it did: the handler is gone.
            var after = sigaction()
            sigaction(SIGINT, nil, &after)
            if unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
                != unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self) {
                problems.append("the SIGINT handler stayed after the write")
            }
        } catch {
            problems.append("\(error)")
        }
        return problems
    }

    static func problemsAfterCommit() -> [String] {
        var problems: [String] = []
        do {
            let setup = try setUp()
            // The look-up's few seconds are for a person; a loaded machine may need more to connect.
            setup.store.shortLookUpSeconds = 30
            setup.proxy.arm(.stall)
            let (told, seconds) = interruptedWeapon(.smoke, in: setup)
            if !told.contains("stopped waiting for PostgreSQL at ")
                || !told.contains("(interrupted) after the change was sent to be saved, and it was saved (history entry ") {
                problems.append("told: \(told)")
            }
            if seconds >= 10 { problems.append("took \(seconds) s after the signal") }
            if try setup.weapon(of: "Dog-Bot") != "smoke" { problems.append("Dog-Bot's weapon is not Smoke") }
            if setup.store.interruption != told { problems.append("the store kept \(setup.store.interruption ?? "nothing")") }
        } catch {
            problems.append("\(error)")
        }
        return problems
    }
}
