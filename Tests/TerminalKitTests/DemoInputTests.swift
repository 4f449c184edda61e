import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TerminalKit

@Suite("What a person types reaches the demo as events (through a real pty)")
struct DemoInputTests {
    @Test("keys, a lone Esc, a paste with escapes in it, and mouse clicks show up as the demo's events")
    func typing() throws {
        let demo = try DemoProcess()
        try #require(demo.waitUntilReady())
        let terminal = demo.terminal
        terminal.type("\u{1B}[1;5A")
        #expect(terminal.waitFor("key Ctrl-↑"))
        terminal.type("\u{1B}")
        #expect(terminal.waitFor("key Esc"), "a lone ESC is the Esc key once the timeout passes")
        terminal.type("\u{1B}[200~rm -rf /\r\u{1B}[A\u{1B}[201~")
        #expect(terminal.waitFor(#"paste of 12 characters: rm -rf /\n\e[A"#))
        #expect(!terminal.transcriptText.contains("key ↑"), "nothing in the paste acted as a key")
        terminal.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
        #expect(terminal.waitFor("mouse press(button: 0) at (4, 2)"))
        #expect(terminal.waitFor("mouse release(button: 0) at (4, 2)"))
        terminal.type("猫")
        #expect(terminal.waitFor("key 猫"))
        terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
    }

    @Test("after SIGWINCH the demo knows the new size")
    func resize() throws {
        let demo = try DemoProcess(columns: 80, rows: 24)
        try #require(demo.waitUntilReady())
        #expect(demo.terminal.waitFor("size: 80×24"))
        demo.terminal.resize(columns: 100, rows: 30)
        demo.send(SIGWINCH)
        #expect(demo.terminal.waitFor("resize to 100×30"))
        #expect(demo.terminal.waitFor("size: 100×30"))
        demo.terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
    }

    @Test("a query gets the terminal's answer, and a key typed before the answer is not lost")
    func query() throws {
        let demo = try DemoProcess()
        try #require(demo.waitUntilReady())
        let terminal = demo.terminal
        let mark = terminal.transcript.count
        terminal.type("d")
        #expect(terminal.waitFor("\u{1B}[c", after: mark), "the demo asked for device attributes")
        terminal.type("x\u{1B}[?62;22c")
        #expect(terminal.waitFor(#"reply: \e[?62;22c"#))
        #expect(terminal.waitFor("key x"))
        terminal.type("q")
        #expect(demo.waitForChange() == .exited(0))
    }
}
