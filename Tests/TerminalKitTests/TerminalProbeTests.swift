import Testing
@testable import TerminalKit

@Suite("Asking the terminal what it shows")
struct TerminalProbeTests {
    /// Answers the two rounds as a terminal does: `first` to `request`,
    /// then `second` to the kitty question, if the probe asks it.
    func probe(_ first: [String], then second: [String] = ["\u{1B}[?62;c"]) -> (probe: TerminalProbe, askedKitty: Bool) {
        var probe = TerminalProbe()
        for reply in first { probe.read(Array(reply.utf8)) }
        guard let question = probe.followUp() else { return (probe, false) }
        #expect(question == TerminalProbe.kittyRequest)
        #expect(probe.followUp() == nil, "asked once")
        for reply in second { probe.read(Array(reply.utf8)) }
        return (probe, true)
    }

    @Test("the first write asks about 24-bit colour, the name, sixel colour registers, then the device attributes; the kitty query comes second")
    func request() {
        let text = String(decoding: TerminalProbe.request, as: UTF8.self)
        #expect(text == "\u{1B}P+q524742\u{1B}\\\u{1B}[>q"
            + "\u{1B}[38:2::1:2:3m\u{1B}P$qm\u{1B}\\\u{1B}[0m\u{1B}[>c\u{1B}[?1;1;0S\u{1B}]11;?\u{1B}\\\u{1B}[c")
        #expect(!text.contains("\u{1B}_"), "no APC string before the terminal is known: tmux takes one for a title")
        #expect(String(decoding: TerminalProbe.kittyRequest, as: UTF8.self) == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    @Test("the background colour from OSC 11, in the forms terminals answer it; one it cannot read is still an answer")
    func background() {
        let answers: [(String, RGBA?)] = [
            ("\u{1B}]11;rgb:2323/2626/2727\u{1B}\\", RGBA(0x23, 0x26, 0x27)),  // Konsole
            ("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", RGBA(255, 255, 255)),  // xterm, asked with BEL or not
            ("\u{1B}]11;rgb:23/26/27\u{1B}\\", RGBA(0x23, 0x26, 0x27)),
            ("\u{1B}]11;rgb:f/8/0\u{1B}\\", RGBA(255, 136, 0)),
            ("\u{1B}]11;rgba:0000/0000/0000/c000\u{1B}\\", RGBA(0, 0, 0)),  // rxvt-unicode
            ("\u{1B}]11;?\u{1B}\\", nil), ("\u{1B}]11;black\u{1B}\\", nil), ("\u{1B}]11;rgb:12345/0/0\u{1B}\\", nil),
        ]
        for (answer, colour) in answers {
            var probe = TerminalProbe()
            let answered = probe.read(Array(answer.utf8))
            #expect(answered, "\(answer.debugDescription) is an answer, not a key")
            #expect(probe.background == colour, "\(answer.debugDescription)")
        }
        #expect(TerminalProbe().background == nil, "no answer, no colour")
    }

    @Test("kitty: RGB, then images, done at the second device attributes")
    func kitty() {
        let (kitty, asked) = probe(["\u{1B}P1+r524742=38\u{1B}\\", "\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}[>1;4000;29c", "\u{1B}[?62;c"],
                                   then: ["\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[?62;c"])
        #expect(asked && kitty.kittyGraphics && kitty.truecolor && kitty.isComplete && !kitty.sixel && !kitty.behindMultiplexer)
    }

    @Test("xterm -ti vt340: no images, no RGB, sixel from attribute 4")
    func xterm() {
        let (xterm, asked) = probe(["\u{1B}P0+r524742\u{1B}\\", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"], then: ["\u{1B}[?63;1;2;4;6;9;15;16;22;28c"])
        #expect(asked && !xterm.kittyGraphics && !xterm.truecolor && xterm.sixel && xterm.isComplete)
    }

    @Test("one choice for every surface: kitty, else inline images where known, else sixel, else half blocks; no colour, text")
    func bestPictures() {
        func best(_ probe: TerminalProbe?, depth: ColorDepth = .truecolor, _ environment: [String: String] = [:]) -> PictureMode {
            PictureMode.best(colorDepth: depth, probe: probe, environment: { environment[$0] })
        }
        let kitty = probe(["\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}[?62;c"], then: ["\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[?62;c"]).probe
        let xterm = probe(["\u{1B}[?63;1;2;4;6;9;15;16;22;28c"], then: ["\u{1B}[?63;1;2;4;6;9;15;16;22;28c"]).probe
        let plain = probe(["\u{1B}[?62;c"]).probe
        #expect(best(kitty) == .kittyGraphics)
        #expect(best(kitty, depth: .none) == .text)
        #expect(best(xterm) == .sixel)
        #expect(best(xterm, ["TERM_PROGRAM": "WezTerm"]) == .inlineImages)
        #expect(best(plain, ["LC_TERMINAL": "iTerm2"]) == .inlineImages)
        #expect(best(plain, depth: .indexed256) == .halfBlocks(.indexed256))
        #expect(best(nil, depth: .ansi16, ["TERM_PROGRAM": "WezTerm"]) == .halfBlocks(.ansi16), "no answers, no protocol")
    }

    @Test("an error to the image query is a no; nothing counts after the last device attributes")
    func refusedAndLate() {
        let (refused, _) = probe(["\u{1B}[?64;1c"], then: ["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", "\u{1B}[?64;1c", "\u{1B}_Gi=31;OK\u{1B}\\"])
        #expect(!refused.kittyGraphics && refused.isComplete)
        #expect(!probe(["\u{1B}[?64;1c"], then: ["\u{1B}_Gi=31;OK\u{1B}\\"]).probe.isComplete, "still waiting for the rest")
        #expect(!probe(["\u{1B}P1+r524742=38\u{1B}\\"]).probe.isComplete, "the first round is not over")
    }

    @Test("tmux answering for itself (XTVERSION, or only DA2 as before 3.2), and screen: the kitty query is never sent")
    func multiplexers() {
        // tmux 3.3a as it answers over ssh from one of its panes, TERM set to xterm-256color.
        let tmux = probe(["\u{1B}P>|tmux 3.3a\u{1B}\\", "\u{1B}[>84;0;0c", "\u{1B}[?1;2c"])
        #expect(!tmux.askedKitty && tmux.probe.isComplete && tmux.probe.behindMultiplexer && !tmux.probe.kittyGraphics)
        let oldTmux = probe(["\u{1B}[>84;0;0c", "\u{1B}[?1;2c"])
        #expect(!oldTmux.askedKitty && oldTmux.probe.isComplete)
        let screen = probe(["\u{1B}[>83;40900;0c", "\u{1B}[?1;2c"])
        #expect(!screen.askedKitty && screen.probe.isComplete && screen.probe.behindMultiplexer)
        // Terminals whose DA2 starts with other numbers are asked.
        for da2 in ["\u{1B}[>1;4000;29c", "\u{1B}[>41;379;0c", "\u{1B}[>24;279;0c", "\u{1B}[>65;7400;1c", "\u{1B}[>0;115;0c"] {
            #expect(probe([da2, "\u{1B}[?62;c"]).askedKitty, "\(da2.debugDescription)")
        }
    }
}

@Suite("The terminal's name and a 24-bit colour round trip in the same probe")
struct TerminalProbeAnswersTests {
    func probe(_ replies: [String]) -> TerminalProbe {
        var probe = TerminalProbe()
        for reply in replies {
            let answered = probe.read(Array(reply.utf8))
            #expect(answered, "\(reply.debugDescription) is an answer")
        }
        // The second round, when asked: a terminal without kitty images.
        if probe.followUp() != nil { probe.read(Array("\u{1B}[?62;c".utf8)) }
        return probe
    }

    @Test("the request sets a 24-bit colour, asks for it back, puts the pen back, and asks XTVERSION, all before the device attributes")
    func request() {
        let text = String(decoding: TerminalProbe.request, as: UTF8.self)
        let roundTrip = "\u{1B}[38:2::1:2:3m\u{1B}P$qm\u{1B}\\\u{1B}[0m"
        #expect(text.contains(roundTrip))
        #expect(text.contains("\u{1B}[>q"))
        #expect(text.hasSuffix("\u{1B}[c"), "the device attributes come last and mark the end")
    }

    @Test("a 24-bit SGR kept, in colon, semicolon or colour-space forms, means truecolor")
    func keptColour() {
        for answer in ["\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\", "\u{1B}P1$r38:2:1:2:3m\u{1B}\\", "\u{1B}P1$r0;38;2;1;2;3m\u{1B}\\",
                       "\u{1B}P0$r38:2:0:1:2:3m\u{1B}\\"] {
            let terminal = probe([answer, "\u{1B}[?62;c"])
            #expect(terminal.truecolor, "\(answer.debugDescription)")
        }
    }

    @Test("a palette colour in its place, an invalid-request answer, or no answer, say nothing of truecolor")
    func paletteColour() {
        for answer in ["\u{1B}P1$r0;38;5;16m\u{1B}\\", "\u{1B}P1$r0;30m\u{1B}\\", "\u{1B}P0$r\u{1B}\\", "\u{1B}P1$r0;38:2::1:2:4m\u{1B}\\"] {
            let terminal = probe([answer, "\u{1B}[?62;c"])
            #expect(!terminal.truecolor, "\(answer.debugDescription)")
        }
        #expect(!probe(["\u{1B}[?62;c"]).truecolor)
    }

    @Test("mlterm 3.9 as it answers under Xvfb: no RGB, no XTVERSION, a palette colour to DECRQSS, but 24 in DA2: truecolor")
    func mlterm() {
        let mlterm = probe(["\u{1B}P0+r\u{1B}\\", "\u{1B}P1$r0;38;5;16m\u{1B}\\", "\u{1B}[>24;279;0c", "\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c"])
        #expect(mlterm.truecolor && mlterm.terminalName == nil && mlterm.isComplete)
        let vte = probe(["\u{1B}[>65;7400;1c", "\u{1B}[?65;1;9c"])
        #expect(vte.truecolor)
        let oldVTE = probe(["\u{1B}[>65;3400;1c", "\u{1B}[?65;1;9c"])
        #expect(!oldVTE.truecolor)
        let xterm = probe(["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\", "\u{1B}[>41;379;0c", "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"])
        #expect(xterm.truecolor, "xterm 379 as Debian builds it keeps direct colour, and says so to DECRQSS")
    }

    @Test("XTVERSION names the terminal; terminals known to draw 24-bit colour count as truecolor, xterm and tmux do not")
    func names() {
        let mlterm = probe(["\u{1B}P>|mlterm(3.9.3)\u{1B}\\", "\u{1B}[?63;1;2;4c"])
        #expect(mlterm.terminalName == "mlterm(3.9.3)" && mlterm.truecolor)
        let konsole = probe(["\u{1B}P>|Konsole 22.12.3\u{1B}\\", "\u{1B}[?62;c"])
        #expect(konsole.truecolor)
        let xterm = probe(["\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?63;1;2;4c"])
        #expect(xterm.terminalName == "XTerm(379)" && !xterm.truecolor)
        let tmux = probe(["\u{1B}P>|tmux 3.3a\u{1B}\\", "\u{1B}[?1;2c"])
        #expect(tmux.terminalName == "tmux 3.3a" && !tmux.truecolor)
    }
}

@Suite("The new answers, arriving late, are replies and never keys")
struct LateProbeAnswersTests {
    @Test("XTVERSION, DECRQSS and DA2 answers after the probe gave up decode as replies, with no key")
    func lateAnswers() {
        var decoder = KeyDecoder()
        var replies: [[UInt8]] = []
        let late = "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\" + "\u{1B}[>24;279;0c" + "q"
        let events = decoder.feed(Array(late.utf8), replies: &replies)
        #expect(replies.count == 3)
        #expect(events == [.key(KeyEvent(.character("q")))], "only the q typed after them is a key: \(events)")
    }
}
