import Testing
@testable import TerminalKit

@Suite("Asking the terminal what it shows")
struct TerminalProbeTests {
    func probe(_ replies: [String]) -> TerminalProbe {
        var probe = TerminalProbe()
        for reply in replies { probe.read(Array(reply.utf8)) }
        return probe
    }

    @Test("one write asks about kitty images, 24-bit colour, sixel colour registers, then the device attributes")
    func request() {
        let text = String(decoding: TerminalProbe.request, as: UTF8.self)
        #expect(text == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}P+q524742\u{1B}\\\u{1B}[?1;1;0S\u{1B}[c")
    }

    @Test("kitty: images, RGB, done at the device attributes")
    func kitty() {
        let kitty = probe(["\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}P1+r524742=38\u{1B}\\", "\u{1B}[?62;c"])
        #expect(kitty.kittyGraphics && kitty.truecolor && kitty.isComplete && !kitty.sixel)
    }

    @Test("xterm -ti vt340: no images, no RGB, sixel from attribute 4")
    func xterm() {
        let xterm = probe(["\u{1B}P0+r524742\u{1B}\\", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"])
        #expect(!xterm.kittyGraphics && !xterm.truecolor && xterm.sixel && xterm.isComplete)
    }

    @Test("an error to the image query is a no; nothing counts after the device attributes")
    func refusedAndLate() {
        let refused = probe(["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", "\u{1B}[?64;1c", "\u{1B}_Gi=31;OK\u{1B}\\"])
        #expect(!refused.kittyGraphics && refused.isComplete)
        #expect(!probe(["\u{1B}_Gi=31;OK\u{1B}\\"]).isComplete, "still waiting for the rest")
    }
}
