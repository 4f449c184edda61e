import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalKit

/// The session run inside the test process on a pty the test plays the
/// terminal of. Serialized: one session owns the signal handlers at a time.
@Suite("Terminal session, in process", .serialized)
struct TerminalSessionTests {
    func running(columns: Int = 80, rows: Int = 24) throws -> (TerminalSession, PseudoTerminal) {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
        try session.start()
        // Pty output reaches the master side a moment later, not at once.
        try #require(terminal.waitFor("\u{1B}[2J"))
        return (session, terminal)
    }

    @Test("a descriptor that is not a terminal is refused with a clear error")
    func notATerminal() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { descriptors.forEach { close($0) } }
        let terminal = try PseudoTerminal()
        #expect(throws: TerminalError.notATerminal(descriptor: descriptors[0])) {
            try TerminalSession(input: descriptors[0], output: terminal.slave)
        }
        #expect(TerminalError.notATerminal(descriptor: 0).description
            == "standard input is not a terminal; the interactive interface needs one")
    }

    @Test("start takes the terminal, stop gives it back, twice over; only one session at a time")
    func startAndStop() throws {
        let terminal = try PseudoTerminal(columns: 120, rows: 40)
        let before = terminal.settings
        let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
        for _ in 0..<2 {
            try session.start(mouse: false)
            #expect(terminal.settings.isRaw)
            #expect(session.size == Size(width: 120, height: 40))
            #expect(throws: TerminalError.sessionAlreadyRunning) {
                try TerminalSession(input: terminal.slave, output: terminal.slave).start()
            }
            session.stop()
            session.stop()
            #expect(terminal.settings == before)
        }
        terminal.drain()
        #expect(!terminal.transcriptText.contains("\u{1B}[?1000h"), "no mouse when asked for none")
        #expect(terminal.transcript.ends(with: showCursorThenMainScreen))
    }

    @Test("a terminal reporting 65535 × 65535 cells is drawn at the largest size, not allocated whole")
    func largestSize() throws {
        let terminal = try PseudoTerminal(columns: 65535, rows: 65535)
        let session = try TerminalSession(input: terminal.slave, output: terminal.slave)
        #expect(session.size == TerminalSession.largestSize)
        terminal.resize(columns: 9999, rows: 300)
        #expect(session.size == Size(width: TerminalSession.largestSize.width, height: 300))
        terminal.resize(columns: 1900, rows: 540)
        #expect(session.size == Size(width: 1900, height: 540))
    }

    @Test("with nothing to read, nextEvents returns nothing when its timeout passes")
    func timeout() throws {
        // The terminal must outlive the wait: a discarded one closes its
        // descriptors at once, and the session would then poll whatever
        // another test opened under the same numbers.
        let (session, terminal) = try running()
        defer { session.stop(); withExtendedLifetime(terminal) {} }
        let start = Date()
        #expect(session.nextEvents(timeoutMilliseconds: 60).isEmpty)
        #expect(Date().timeIntervalSince(start) >= 0.05)
    }

    @Test("a descriptor of the caller's own is waited on with the terminal: it wakes the wait and is reported after the keys")
    func alsoWatching() throws {
        let (session, terminal) = try running()
        defer { session.stop(); withExtendedLifetime(terminal) {} }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        // Nothing to read on either: the wait lasts its timeout.
        #expect(session.nextEvents(timeoutMilliseconds: 40, alsoWatching: [ends[0]]).isEmpty)
        // Written from another thread while the session waits with no
        // timeout at all: only the descriptor can end the wait.
        let writer = ends[1]
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { _ = write(writer, "x", 1) }
        let start = Date()
        #expect(session.nextEvents(timeoutMilliseconds: nil, alsoWatching: [ends[0]]) == [.ready(ends[0])])
        #expect(Date().timeIntervalSince(start) < 2)
        // Unread, it is reported again at once, after a key typed meanwhile.
        terminal.type("q")
        let events = session.nextEvents(timeoutMilliseconds: 1000, alsoWatching: [ends[0]])
        #expect(events.last == .ready(ends[0]))
        var byte: UInt8 = 0
        _ = read(ends[0], &byte, 1)
        #expect(session.nextEvents(timeoutMilliseconds: 30, alsoWatching: [ends[0]]).allSatisfy { $0 != .ready(ends[0]) })
    }

    @Test("keys and pastes typed at the terminal come out as input events")
    func input() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        terminal.type("\u{1B}[Aq" + pasteStart + "two\rlines" + pasteEnd)
        #expect(session.nextEvents(timeoutMilliseconds: 1000)
            == [.input(key(.up)), .input(char("q")), .input(.paste("two\nlines"))])
    }

    @Test("a lone ESC becomes the Esc key after the ESC timeout")
    func escapeTimeout() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        terminal.type("\u{1B}")
        let start = Date()
        #expect(session.nextEvents(timeoutMilliseconds: 2000) == [.input(key(.escape))])
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.025 && waited < 1.0, "waited \(waited) s")
    }

    @Test("a sequence split across reads is held, not settled early, when the caller's timeout is shorter")
    func splitAcrossReads() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        terminal.type("\u{1B}[1;5")
        #expect(session.nextEvents(timeoutMilliseconds: 0).isEmpty)
        terminal.type("A")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(key(.up, .control))])
    }

    @Test("a paste that pauses far longer than the ESC timeout is still one paste, never keys")
    func slowPaste() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        terminal.type(pasteStart + "ab")
        #expect(session.nextEvents(timeoutMilliseconds: 150).isEmpty)
        terminal.type("q\r" + pasteEnd)
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(.paste("abq\n"))])
    }

    @Test("with a paste timeout, a paste whose end never comes is taken as it stands; what comes later is pasted text, never keys, until its end")
    func pasteTimeout() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        session.pasteTimeoutMilliseconds = 50
        terminal.type(pasteStart + "ab")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(.paste("ab"))])
        // The rest of a paste that stalled: still pasted, however it reads ("x" would remove a monster).
        terminal.type("xy")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(.paste("xy"))])
        terminal.type("\u{1B}[201~")
        _ = session.nextEvents(timeoutMilliseconds: 1000)
        terminal.type("q")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(char("q"))])
    }

    @Test("with a paste timeout, a Ctrl-C byte read on its own before the paste stalled is pasted text, never a key")
    func ctrlCInsideAPasteIsText() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        session.pasteTimeoutMilliseconds = 5_000
        terminal.type(pasteStart + "ab")
        #expect(session.nextEvents(timeoutMilliseconds: 200) == [])
        terminal.type("\u{03}")
        #expect(session.nextEvents(timeoutMilliseconds: 200) == [])
        terminal.type("xy" + pasteEnd)
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(.paste("ab\u{03}xy"))])
        #expect(!session.takePasteEndedByCtrlC())
    }

    @Test("with a paste timeout, a paste held open is said so; a lone Ctrl-C typed then ends it and goes no further; the next is Ctrl-C")
    func ctrlCEndsAnUnendedPaste() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        session.pasteTimeoutMilliseconds = 50
        terminal.type(pasteStart + "ab")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(.paste("ab"))])
        #expect(session.isHoldingStalledPaste)
        terminal.type("\u{03}")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [])
        #expect(session.takePasteEndedByCtrlC() && !session.isHoldingStalledPaste)
        terminal.type("\u{03}")
        var decoder = KeyDecoder()
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == decoder.feed([0x03]).map(TerminalEvent.input))
    }

    @Test("SIGWINCH is a resize to the new size; SIGINT, SIGTERM, SIGHUP are termination events")
    func signalsAreEvents() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        terminal.resize(columns: 100, rows: 30)
        // Process-directed, like signals from outside: tests run on
        // threads that block signals, so raise() would leave them pending.
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGWINCH)
        // Signals that arrive together come out as one resize; the second
        // may land after the first read, so drain before the next check.
        let newSize = TerminalEvent.resize(Size(width: 100, height: 30))
        var resizes = session.nextEvents(timeoutMilliseconds: 1000)
        resizes += session.nextEvents(timeoutMilliseconds: 100)
        #expect(!resizes.isEmpty && resizes.count <= 2)
        #expect(resizes.allSatisfy { $0 == newSize })
        for signal in [TerminationSignal.interrupt, .terminate, .hangup] {
            kill(getpid(), signal.rawValue)
            #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.signal(signal)])
        }
    }

    @Test("query returns the replies up to device attributes and keeps keys typed meanwhile")
    func query() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        let graphicsAnswer = "\u{1B}_Gi=31;OK\u{1B}\\"
        let attributes = "\u{1B}[?62;22c"
        // The terminal answers as soon as it reads the request; here the
        // answer is already waiting, with a key typed in between.
        terminal.type(graphicsAnswer + "x" + attributes + "y")
        let request = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)
        let reply = session.query(request, timeoutMilliseconds: 1000)
        #expect(String(decoding: reply, as: UTF8.self) == graphicsAnswer + attributes)
        terminal.drain()
        #expect(terminal.transcript.ends(with: request), "the request was written")
        #expect(session.nextEvents(timeoutMilliseconds: 1000) == [.input(char("x")), .input(char("y"))])
    }

    @Test("a query nobody answers gives up at its timeout, and a late answer is not taken for keys")
    func unansweredQuery() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        let start = Date()
        #expect(session.query(Array("\u{1B}[c".utf8), timeoutMilliseconds: 80).isEmpty)
        #expect(Date().timeIntervalSince(start) >= 0.07)
        terminal.type("\u{1B}[?62;22c\u{1B}]11;rgb:0000/0000/0000\u{07}z")
        // The late answers come as replies, for whoever still wants them; only z is a key.
        let events = session.nextEvents(timeoutMilliseconds: 1000)
        #expect(events.filter { if case .input = $0 { true } else { false } } == [.input(char("z"))])
        #expect(events.contains(.reply(Array("\u{1B}[?62;22c".utf8))))
    }

    @Test("a frame far larger than the pty buffer is written whole")
    func largeWrite() throws {
        let (session, terminal) = try running()
        defer { session.stop() }
        let start = terminal.transcript.count
        let frame = (0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        // The pty holds a few kilobytes: the terminal must read while we write.
        let writer = UncheckedSendable(session)
        let done = DispatchSemaphore(value: 0)
        let failure = UncheckedSendable<TerminalError?>(nil)
        DispatchQueue.global().async {
            do throws(TerminalError) { try writer.value.write(frame) } catch { failure.value = error }
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while terminal.transcript.count - start < frame.count, Date() < deadline { terminal.drain(milliseconds: 20) }
        done.wait()
        #expect(failure.value == nil)
        #expect(terminal.transcript.count - start == frame.count)
        let arrivedIntact = terminal.transcript[start...].elementsEqual(frame)
        #expect(arrivedIntact)
    }
}

/// Hands a value to another thread in a test that knows the access is safe.
final class UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
