import Foundation
import Testing
@testable import RosterCore

/// `export -o`'s temporary file is removed on SIGINT, SIGTERM or SIGHUP;
/// the handlers it installed for that were replaced by the defaults when
/// it finished, not by the ones that were there before (a suspect for a
/// stray SIGHUP that killed a test run).
@Suite("Signal actions around a temporary file", .serialized)
struct SignalRestoreTests {
    /// Signals no other in-process test sends: the terminal tests send
    /// SIGINT, SIGTERM and SIGHUP to this process, and a handler of this
    /// test's in their way took one.
    static let signals: [Int32] = [SIGUSR1, SIGUSR2, SIGVTALRM]

    static func handler(_ number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        return action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    @Test("the actions found before are the actions after, committed or discarded")
    func restored() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var mine = sigaction()
        mine.__sigaction_handler.sa_handler = { _ in }
        var saved: [sigaction] = []
        for number in Self.signals {
            var old = sigaction()
            sigaction(number, &mine, &old)
            saved.append(old)
        }
        defer {
            for (index, number) in Self.signals.enumerated() {
                var old = saved[index]
                sigaction(number, &old, nil)
            }
        }
        let cleanupSignals = SignalCleanup.signals
        SignalCleanup.signals = Self.signals
        defer { SignalCleanup.signals = cleanupSignals }
        let before = Self.signals.map(Self.handler)
        let committed = try AtomicFile(path: folder.appendingPathComponent("a.json").path)
        #expect(Self.handler(Self.signals[0]) != before[0], "a handler of its own while the file is written")
        try committed.commit()
        #expect(Self.signals.map(Self.handler) == before)
        let discarded = try AtomicFile(path: folder.appendingPathComponent("b.json").path)
        discarded.discard()
        #expect(Self.signals.map(Self.handler) == before)
    }
}
