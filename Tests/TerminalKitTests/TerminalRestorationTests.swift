import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalKit

/// What the program writes to leave the terminal as it found it; the
/// transcript must end with showing the cursor and leaving the alternate screen.
let restoreSequence = TerminalModes.restore
let showCursorThenMainScreen = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }


    func lastIndex(of needle: [UInt8]) -> Int? {
        guard needle.count <= count else { return nil }
        return stride(from: count - needle.count, through: 0, by: -1).first { self[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

@Suite("Every way out of the demo leaves the terminal as it was (through a real pty)")
struct TerminalRestorationTests {
    /// Starts the demo and checks that it really took the terminal over.
    func startedDemo() throws -> (DemoProcess, TerminalSettings) {
        let demo = try DemoProcess()
        let before = demo.settingsBefore
        #expect(!before.isRaw, "the pty starts cooked")
        try #require(demo.waitUntilReady(), "the demo drew its first frame")
        #expect(demo.terminal.settings.isRaw)
        for mode in ["\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[?7l", "\u{1B}[?2004h", "\u{1B}[?1000h", "\u{1B}[?1006h"] {
            #expect(demo.terminal.transcriptText.contains(mode), "switched on \(mode.debugDescription)")
        }
        return (demo, before)
    }

    func expectRestored(_ demo: DemoProcess, like before: TerminalSettings) {
        #expect(demo.terminal.settings == before, "termios after exit equals termios before")
        #expect(!demo.terminal.settings.isRaw)
        #expect(demo.terminal.transcript.lastIndex(of: restoreSequence) != nil)
    }

    @Test("the alternate screen is cleared before it is left: tmux 3.3a showed its rows in the shell after its window grew")
    func clearedBeforeLeaving() throws {
        let text = String(decoding: restoreSequence, as: UTF8.self)
        let clear = try #require(text.range(of: "\u{1B}[0m\u{1B}[H\u{1B}[J"), "cleared in the default colours")
        let leave = try #require(text.range(of: "\u{1B}[?1049l"))
        #expect(clear.upperBound <= leave.lowerBound)
    }

    @Test("q quits with status 0")
    func quit() throws {
        let (demo, before) = try startedDemo()
        demo.terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
        expectRestored(demo, like: before)
        #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen))
    }

    @Test("Ctrl-C (a key in raw mode) quits with status 130")
    func controlC() throws {
        let (demo, before) = try startedDemo()
        demo.terminal.type([0x03])
        #expect(demo.waitForChange() == .exited(130))
        expectRestored(demo, like: before)
        #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen))
    }

    @Test("SIGINT, SIGTERM and SIGHUP end it with 128 + the signal", arguments: zip(
        [TerminationSignal.interrupt, .terminate, .hangup], [Int32(130), 143, 129]
    ))
    func signals(_ signal: TerminationSignal, _ status: Int32) throws {
        let (demo, before) = try startedDemo()
        demo.send(signal.rawValue)
        #expect(demo.waitForChange() == .exited(status))
        expectRestored(demo, like: before)
        #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen))
    }

    @Test("the other signals that end a program (kill -QUIT, -PIPE, -USR1, -PWR, -SYS, ulimit -t…) end it by the signal, terminal restored",
          arguments: [SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, SIGPWR, SIGSTKFLT, SIGSYS])
    func endingSignals(_ signal: Int32) throws {
        let (demo, before) = try startedDemo()
        demo.send(signal)
        #expect(demo.waitForChange() == .killed(by: signal))
        expectRestored(demo, like: before)
        // The Swift runtime answers SIGQUIT with a backtrace, as a crash:
        // it comes after the restore.
        if signal != SIGQUIT { #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen)) }
    }

    @Test("a crash restores the terminal, then its message is shown, then it dies by its signal")
    func crash() throws {
        let (demo, before) = try startedDemo()
        demo.terminal.type("!")
        let state = demo.waitForChange()
        // fatalError traps: SIGILL on x86-64, SIGTRAP on arm64.
        #expect(state == .killed(by: SIGILL) || state == .killed(by: SIGTRAP), "\(state)")
        expectRestored(demo, like: before)
        let transcript = demo.terminal.transcript
        let restoredAt = try #require(transcript.lastIndex(of: restoreSequence))
        let messageAt = try #require(transcript.lastIndex(of: Array("Fatal error: deliberate crash for testing".utf8)))
        #expect(messageAt > restoredAt, "the message comes after the screen is restored")
        #expect(transcript.firstRange(of: Array("Fatal error".utf8))?.lowerBound == messageAt, "and only there")
    }

    @Test("what is written to stderr during the session is shown after the restore, not over the screen")
    func standardErrorReplayed() throws {
        let (demo, before) = try startedDemo()
        let message = Array("a message written to stderr during the session".utf8)
        demo.terminal.type("e")
        #expect(demo.terminal.waitFor("key e"))
        #expect(demo.terminal.transcript.firstRange(of: message) == nil, "held back while the screen is up")
        demo.terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
        expectRestored(demo, like: before)
        let transcript = demo.terminal.transcript
        let restoredAt = try #require(transcript.lastIndex(of: restoreSequence))
        let messageAt = try #require(transcript.firstRange(of: message)?.lowerBound)
        #expect(messageAt > restoredAt)
    }

    @Test("Ctrl-Z restores and stops; SIGCONT takes the terminal again, raw, and the demo repaints")
    func suspendAndContinue() throws {
        let (demo, before) = try startedDemo()
        demo.terminal.type([0x1A])
        #expect(demo.waitForChange() == .stopped(by: SIGTSTP))
        #expect(demo.terminal.settings == before, "the shell gets its terminal back while we are stopped")
        #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen))

        let mark = demo.terminal.transcript.count
        demo.send(SIGCONT)
        demo.markContinued()
        #expect(demo.terminal.waitFor("resumed: 1", after: mark), "repainted after resuming")
        #expect(demo.terminal.settings.isRaw, "raw mode is back")
        #expect(demo.terminal.transcript[mark...].firstRange(of: Array("\u{1B}[?1049h".utf8)) != nil, "alternate screen again")

        demo.terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
        expectRestored(demo, like: before)
    }

    @Test("an external SIGTSTP suspends the same way as Ctrl-Z")
    func externalStop() throws {
        let (demo, before) = try startedDemo()
        demo.send(SIGTSTP)
        #expect(demo.waitForChange() == .stopped(by: SIGTSTP))
        #expect(demo.terminal.settings == before)
        let mark = demo.terminal.transcript.count
        demo.send(SIGCONT)
        demo.markContinued()
        #expect(demo.terminal.waitFor("resumed: 1", after: mark))
        #expect(demo.terminal.settings.isRaw)
        demo.send(SIGTERM)
        #expect(demo.waitForChange() == .exited(143))
        expectRestored(demo, like: before)
    }

    @Test("a program stuck without reading its events is ended by a second SIGTERM, terminal restored")
    func stuck() throws {
        let (demo, before) = try startedDemo()
        demo.terminal.type("h")
        #expect(demo.terminal.waitFor("key h"))
        demo.send(SIGTERM)
        // Still stuck: the request sits unread in its pipe. (Waiting also
        // keeps the kernel from merging the two signals into one.)
        #expect(demo.waitForChange(seconds: 0.3) == .running)
        demo.send(SIGTERM)
        #expect(demo.waitForChange() == .killed(by: SIGTERM))
        expectRestored(demo, like: before)
        #expect(demo.terminal.transcript.ends(with: showCursorThenMainScreen))
    }

    @Test("the terminal going away (its master side closed) ends the program as a hangup")
    func terminalClosed() throws {
        let (demo, _) = try startedDemo()
        demo.terminal.closeMaster()
        #expect(demo.waitForChange() == .exited(129))
    }
}
