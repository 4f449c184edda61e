import Testing
@testable import TerminalKit

let pasteStart = esc + "[200~"
let pasteEnd = esc + "[201~"

func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = []) -> InputEvent {
    .mouse(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers))
}

@Suite("Key decoder: bracketed paste")
struct KeyDecoderPasteTests {
    @Test("a paste arrives whole, and nothing in it acts as a key")
    func pasteIsText() {
        let pasted = "rm -rf /" + esc + "[A" + esc + "\u{03}\tq" + esc + "[200~x" + esc + "[201"
        #expect(decodeAll("a" + pasteStart + pasted + pasteEnd + "b") == [char("a"), .paste(pasted), char("b")])
    }

    @Test("line breaks in a paste become \\n, whether CR, LF or CRLF")
    func lineBreaks() {
        #expect(decodeAll(pasteStart + "one\rtwo\r\nthree\nfour\r" + pasteEnd) == [.paste("one\ntwo\nthree\nfour\n")])
    }

    @Test("an empty paste, and UTF-8 split inside a paste")
    func edges() {
        #expect(decodeAll(pasteStart + pasteEnd) == [.paste("")])
        var decoder = KeyDecoder()
        let bytes = Array((pasteStart + "猫🔥" + pasteEnd).utf8)
        var events: [InputEvent] = []
        for byte in bytes { events += decoder.feed([byte]) }
        #expect(events == [.paste("猫🔥")])
    }

    @Test("a paste split over many reads, at every boundary, is still one paste")
    func splitPaste() {
        let pasted = "line one\n" + esc + "[B" + esc + "x" + esc + "[201" + "é"
        let bytes = Array((pasteStart + pasted + pasteEnd).utf8)
        for cut in 0...bytes.count {
            var decoder = KeyDecoder()
            let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
            #expect(events == [.paste(pasted)], "cut at \(cut)")
        }
    }

    @Test("a paste that never ends is bounded, swallows no keys as keys, and is settled on flush")
    func endlessPaste() {
        var decoder = KeyDecoder(maximumPasteBytes: 1000)
        #expect(decoder.feed(Array(pasteStart.utf8)).isEmpty)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<64 { #expect(decoder.feed(chunk).isEmpty) }
        #expect(decoder.heldByteCount <= 1000)
        #expect(decoder.isInsidePaste)
        let settled = decoder.flushPending()
        #expect(settled == [.paste(String(repeating: "x", count: 1000))])
        #expect(!decoder.isInsidePaste)
        #expect(decoder.feed(Array("q".utf8)) == [char("q")])
    }

    @Test("an over-long paste is cut at the limit but still ends at its end marker")
    func longPaste() {
        var decoder = KeyDecoder(maximumPasteBytes: 10)
        let events = decoder.feed(Array((pasteStart + String(repeating: "abc", count: 100) + pasteEnd + "z").utf8))
        #expect(events == [.paste("abcabcabca"), char("z")])
    }
}

@Suite("Key decoder: mouse")
struct KeyDecoderMouseTests {
    @Test("SGR 1006 reports: buttons, release, drag, motion, wheel; 1-based positions become 0-based", arguments: [
        ("[<0;1;1M", mouse(.press(button: 0), 0, 0)),
        ("[<0;10;5m", mouse(.release(button: 0), 9, 4)),
        ("[<1;3;4M", mouse(.press(button: 1), 2, 3)),
        ("[<2;3;4M", mouse(.press(button: 2), 2, 3)),
        ("[<32;7;8M", mouse(.drag(button: 0), 6, 7)),
        ("[<35;7;8M", mouse(.move, 6, 7)),
        ("[<64;5;5M", mouse(.scrollUp, 4, 4)),
        ("[<65;5;5M", mouse(.scrollDown, 4, 4)),
        ("[<4;2;2M", mouse(.press(button: 0), 1, 1, .shift)),
        ("[<8;2;2M", mouse(.press(button: 0), 1, 1, .alt)),
        ("[<16;2;2M", mouse(.press(button: 0), 1, 1, .control)),
        ("[<80;300;200M", mouse(.scrollUp, 299, 199, .control)),
        ("[<0;0;0M", mouse(.press(button: 0), 0, 0)),
    ])
    func sgr(_ sequence: String, _ expected: InputEvent) {
        #expect(decodeAll(esc + sequence) == [expected])
    }

    @Test("horizontal wheel and malformed reports are dropped, not leaked")
    func dropped() {
        #expect(decodeAll(esc + "[<66;1;1M" + esc + "[<0;1M" + "k") == [char("k")])
    }

    @Test("legacy X10 reports from terminals without SGR mouse are decoded, not typed")
    func legacy() {
        #expect(decodeAll(esc + "[M" + "\u{20}\u{21}\u{21}") == [mouse(.press(button: 0), 0, 0)])
        #expect(decodeAll(esc + "[M" + "\u{23}\u{2A}\u{25}") == [mouse(.release(button: 0), 9, 4)])
        #expect(decodeAll(esc + "[M" + "\u{60}\u{21}\u{21}") == [mouse(.scrollUp, 0, 0)])
    }
}

@Suite("Key decoder: replies, noise and hostile input")
struct KeyDecoderRobustnessTests {
    static let replies = [
        esc + "[?62;22c",                               // primary device attributes
        esc + "[>1;4000;0c",                            // secondary device attributes
        esc + "[12;40R",                                // cursor position
        esc + "[?2026;2$y",                             // mode report
        esc + "_Gi=31;OK" + esc + "\\",                 // kitty graphics answer (APC)
        esc + "]11;rgb:0000/0000/0000\u{07}",           // background colour (OSC, BEL)
        esc + "]11;rgb:ffff/ffff/ffff" + esc + "\\",    // background colour (OSC, ST)
        esc + "P1$r0m" + esc + "\\",                    // DECRQSS answer (DCS)
        esc + "[?1u",                                   // kitty keyboard flags
    ]

    @Test("replies to queries are never keys; with a reply list they are handed back whole")
    func repliesAreNotKeys() {
        for reply in Self.replies {
            #expect(decodeAll("a" + reply + "b") == keys("ab"), "\(reply.debugDescription)")
            var decoder = KeyDecoder()
            var collected: [[UInt8]] = []
            let events = decoder.feed(Array(("a" + reply + "b").utf8), replies: &collected)
            #expect(events == keys("ab"))
            #expect(collected == [Array(reply.utf8)])
        }
    }

    @Test("unknown sequences are consumed and dropped", arguments: [
        "[99~", "[I", "[O", "[E", "[1;5E", "[25~", "[201~", "[?25h", "Oz", "[[Z",
    ])
    func unknown(_ sequence: String) {
        #expect(decodeAll("a" + esc + sequence + "b") == keys("ab"))
    }

    @Test("an endless control sequence is skipped with bounded memory")
    func endlessSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array((esc + "[").utf8)).isEmpty)
        let digits = [UInt8](repeating: UInt8(ascii: "1"), count: 1000)
        for _ in 0..<200 {
            #expect(decoder.feed(digits).isEmpty)
            #expect(decoder.heldByteCount <= KeyDecoder.maximumSequenceBytes + digits.count)
        }
        #expect(decoder.feed(Array("~ok".utf8)) == keys("ok"))
    }

    @Test("an endless string is skipped with bounded memory, to its terminator even when split")
    func endlessString() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array((esc + "]52;c;").utf8)).isEmpty)
        let junk = [UInt8](repeating: UInt8(ascii: "A"), count: 3000)
        for _ in 0..<100 {
            #expect(decoder.feed(junk).isEmpty)
            #expect(decoder.heldByteCount <= KeyDecoder.maximumStringBytes + junk.count)
        }
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("\\hi".utf8)) == keys("hi"))
    }

    @Test("huge numeric parameters do not overflow")
    func hugeNumbers() {
        #expect(decodeAll(esc + "[<0;99999999999999999999999;1M") == [mouse(.press(button: 0), (1 << 24) - 1, 0)])
        #expect(decodeAll(esc + "[99999999999999999999999;5A") == [key(.up, .control)])
    }

    @Test("random bytes never crash, keep memory bounded, and decode the same however the reads are split")
    func fuzz() {
        var generator = SplitMix64(seed: 0x5EED)
        // Bytes that matter to the grammar, so that sequences actually form.
        let alphabet: [UInt8] = Array("\u{1B}[O];<?~ABCDPZMm0123456789:$u\\_\u{07}\r\t\u{7F}aé🔥".utf8) + [0xFF, 0xC3, 0x80]
        for _ in 0..<300 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var whole = KeyDecoder(maximumPasteBytes: 64)
            let expected = whole.feed(bytes) + whole.flushPending()
            var pieces = KeyDecoder(maximumPasteBytes: 64)
            var events: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + 1 + Int(generator.next() % 7))
                events += pieces.feed(bytes[index..<end])
                #expect(pieces.heldByteCount <= KeyDecoder.maximumStringBytes + 8)
                index = end
            }
            events += pieces.flushPending()
            #expect(joinText(events) == joinText(expected), "input \(bytes)")
        }
    }

    /// Characters made of several scalars are grouped within a read, so
    /// compare splits by their text rather than key by key.
    private func joinText(_ events: [InputEvent]) -> [String] {
        var result: [String] = []
        var text = ""
        for event in events {
            if case .key(let key) = event, case .character(let character) = key.code, key.modifiers.isEmpty {
                text.append(character)
            } else {
                if !text.isEmpty { result.append(text); text = "" }
                result.append("\(event)")
            }
        }
        if !text.isEmpty { result.append(text) }
        return result
    }
}

@Suite("Key decoder: every sequence, split at every byte boundary")
struct KeyDecoderSplitTests {
    static let stream: [(String, [InputEvent])] = [
        (esc + "[A", [key(.up)]), (esc + "OB", [key(.down)]), (esc + "[1;5C", [key(.right, .control)]),
        (esc + "[H", [key(.home)]), (esc + "[4~", [key(.end)]), (esc + "[5~", [key(.pageUp)]),
        (esc + "[6;2~", [key(.pageDown, .shift)]), (esc + "[2~", [key(.insert)]), (esc + "[3~", [key(.delete)]),
        (esc + "OP", [key(.function(1))]), (esc + "[[B", [key(.function(2))]), (esc + "[24~", [key(.function(12))]),
        ("\t", [key(.tab)]), (esc + "[Z", [key(.tab, .shift)]), ("\r", [key(.enter)]), ("\u{7F}", [key(.backspace)]),
        ("\u{03}", [char("c", .control)]), (esc + "x", [char("x", .alt)]), (esc + esc + "[D", [key(.escape), key(.left)]),
        ("é猫🔥", keys("é猫🔥")),
        (pasteStart + "a" + esc + "[Bb\r" + pasteEnd, [.paste("a" + esc + "[Bb\n")]),
        (esc + "[<0;12;3M", [mouse(.press(button: 0), 11, 2)]), (esc + "[<0;12;3m", [mouse(.release(button: 0), 11, 2)]),
        (esc + "[?62;c", []), (esc + "_Gi=1;OK" + esc + "\\", []), (esc + "[M !!", [mouse(.press(button: 0), 0, 0)]),
        ("z", [char("z")]), (esc, [key(.escape)]),
    ]

    @Test("split into two reads at every boundary, the events are the same as in one read")
    func everyBoundary() {
        let bytes = Array(Self.stream.map(\.0).joined().utf8)
        let expected = Self.stream.flatMap(\.1)
        #expect(decodeAll(bytes) == expected)
        for cut in 0...bytes.count {
            var decoder = KeyDecoder()
            let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flushPending()
            #expect(events == expected, "cut at \(cut)")
        }
    }

    @Test("fed one byte at a time, the events are the same")
    func byteByByte() {
        let bytes = Array(Self.stream.map(\.0).joined().utf8)
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for byte in bytes { events += decoder.feed([byte]) }
        events += decoder.flushPending()
        #expect(events == Self.stream.flatMap(\.1))
    }
}

/// A small deterministic generator, so that a failing fuzz case repeats.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
