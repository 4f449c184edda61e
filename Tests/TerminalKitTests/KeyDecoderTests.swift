import Testing
@testable import TerminalKit

/// Decodes `bytes` in one read, then settles what is held, as the session
/// does after its ESC timeout.
func decodeAll(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flushPending()
}

func decodeAll(_ text: String) -> [InputEvent] { decodeAll(Array(text.utf8)) }

func key(_ code: KeyCode, _ modifiers: KeyModifiers = []) -> InputEvent { .key(KeyEvent(code, modifiers: modifiers)) }
func char(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent { .key(.character(character, modifiers)) }
func keys(_ text: String) -> [InputEvent] { text.map { char($0) } }

let esc = "\u{1B}"

@Suite("Key decoder: keys")
struct KeyDecoderKeyTests {
    @Test("arrows, Home/End, PgUp/PgDn, Insert/Delete in CSI, SS3, VT220 and rxvt forms", arguments: [
        ("[A", KeyCode.up), ("[B", .down), ("[C", .right), ("[D", .left),
        ("OA", .up), ("OB", .down), ("OC", .right), ("OD", .left),
        ("[H", .home), ("[F", .end), ("OH", .home), ("OF", .end),
        ("[1~", .home), ("[4~", .end), ("[7~", .home), ("[8~", .end),
        ("[5~", .pageUp), ("[6~", .pageDown), ("[2~", .insert), ("[3~", .delete),
    ])
    func navigation(_ sequence: String, _ expected: KeyCode) {
        #expect(decodeAll(esc + sequence) == [key(expected)])
    }

    @Test("F1–F12 in xterm, VT220 and Linux console forms", arguments: [
        ("OP", 1), ("OQ", 2), ("OR", 3), ("OS", 4),
        ("[11~", 1), ("[12~", 2), ("[13~", 3), ("[14~", 4), ("[15~", 5),
        ("[17~", 6), ("[18~", 7), ("[19~", 8), ("[20~", 9), ("[21~", 10), ("[23~", 11), ("[24~", 12),
        ("[[A", 1), ("[[B", 2), ("[[C", 3), ("[[D", 4), ("[[E", 5),
        ("[P", 1), ("[Q", 2), ("[S", 4),
    ])
    func functionKeys(_ sequence: String, _ number: Int) {
        #expect(decodeAll(esc + sequence) == [key(.function(number))])
    }

    @Test("xterm modifier parameters: shift, alt, control, meta as alt, combinations", arguments: [
        ModifiedKey("[1;2A", .up, .shift), ModifiedKey("[1;3B", .down, .alt),
        ModifiedKey("[1;5C", .right, .control), ModifiedKey("[1;6D", .left, [.control, .shift]),
        ModifiedKey("[1;9A", .up, .alt), ModifiedKey("[1;8H", .home, [.shift, .alt, .control]),
        ModifiedKey("[3;5~", .delete, .control), ModifiedKey("[5;3~", .pageUp, .alt),
        ModifiedKey("[1;2P", .function(1), .shift), ModifiedKey("[1;5R", .function(3), .control),
        ModifiedKey("[15;5~", .function(5), .control), ModifiedKey("[24;2~", .function(12), .shift),
        ModifiedKey("O5A", .up, .control), ModifiedKey("O2P", .function(1), .shift),
        ModifiedKey("[3^", .delete, .control), ModifiedKey("[5@", .pageUp, [.control, .shift]),
    ])
    func modifiers(_ example: ModifiedKey) {
        #expect(decodeAll(esc + example.sequence) == [key(example.code, example.modifiers)])
    }

    @Test("Tab, Shift-Tab, Enter as CR and LF, Backspace as DEL and BS, Esc")
    func editingKeys() {
        #expect(decodeAll("\t") == [key(.tab)])
        #expect(decodeAll(esc + "[Z") == [key(.tab, .shift)])
        #expect(decodeAll("\r") == [key(.enter)])
        #expect(decodeAll("\n") == [key(.enter)])
        #expect(decodeAll([0x7F]) == [key(.backspace)])
        #expect(decodeAll([0x08]) == [key(.backspace)])
        #expect(decodeAll(esc) == [key(.escape)])
        #expect(decodeAll(esc + esc) == [key(.escape), key(.escape)])
    }

    @Test("control letters arrive as the letter with .control, except Tab, Enter and Backspace")
    func controlLetters() {
        let special: [UInt8: InputEvent] = [0x08: key(.backspace), 0x09: key(.tab), 0x0A: key(.enter), 0x0D: key(.enter)]
        for byte in UInt8(0x01)...0x1A {
            let letter = Character(Unicode.Scalar(byte + 0x60))
            #expect(decodeAll([byte]) == [special[byte] ?? char(letter, .control)], "byte \(byte)")
        }
        #expect(decodeAll([0x00]) == [char(" ", .control)])
        #expect(decodeAll([0x1C, 0x1D, 0x1F]) == [char("\\", .control), char("]", .control), char("_", .control)])
    }

    @Test("Alt+key is ESC followed by the key")
    func altKeys() {
        #expect(decodeAll(esc + "a") == [char("a", .alt)])
        #expect(decodeAll(esc + "A") == [char("A", .alt)])
        #expect(decodeAll(esc + "\r") == [key(.enter, .alt)])
        #expect(decodeAll(esc + "\u{7F}") == [key(.backspace, .alt)])
        #expect(decodeAll(esc + "\u{01}") == [char("a", [.control, .alt])])
        #expect(decodeAll(esc + "é") == [char("é", .alt)])
        #expect(decodeAll(esc + "1x") == [char("1", .alt), char("x")])
    }

    @Test("kitty `CSI code u` and xterm modifyOtherKeys map onto the same events")
    func codePointKeys() {
        #expect(decodeAll(esc + "[97;5u") == [char("a", .control)])
        #expect(decodeAll(esc + "[13u") == [key(.enter)])
        #expect(decodeAll(esc + "[27u") == [key(.escape)])
        #expect(decodeAll(esc + "[97;2u") == [char("A")])
        #expect(decodeAll(esc + "[27;5;9~") == [key(.tab, .control)])
        #expect(decodeAll(esc + "[27;3;120~") == [char("x", .alt)])
    }

    @Test("a held ESC or unfinished sequence settles into its keys on flush")
    func flushing() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array(esc.utf8)).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushPending() == [key(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decodeAll(esc + "[") == [char("[", .alt)])
        #expect(decodeAll(esc + "O") == [char("O", .alt)])
        #expect(decodeAll(esc + "[1;") == [char("[", .alt), char("1"), char(";")])
        #expect(decodeAll(esc + "]0;ti") == [char("]", .alt)] + keys("0;ti"))
        #expect(decoder.flushPending().isEmpty)
    }

    @Test("a sequence cut short by a control byte or another ESC is dropped, and the interruption is read")
    func interrupted() {
        #expect(decodeAll(esc + "[1;\r") == [key(.enter)])
        #expect(decodeAll(esc + "[12" + esc + "[A") == [key(.up)])
        #expect(decodeAll(esc + "O5\r") == [key(.enter)])
        #expect(decodeAll(esc + "O\r") == [char("O", .alt), key(.enter)])
    }
}

struct ModifiedKey: Sendable, CustomTestStringConvertible {
    let sequence: String, code: KeyCode, modifiers: KeyModifiers
    init(_ sequence: String, _ code: KeyCode, _ modifiers: KeyModifiers) {
        self.sequence = sequence
        self.code = code
        self.modifiers = modifiers
    }
    var testDescription: String { "ESC \(sequence) → \(KeyEvent(code, modifiers: modifiers))" }
}

@Suite("Key decoder: text")
struct KeyDecoderTextTests {
    @Test("ASCII and multi-byte UTF-8 become characters")
    func text() {
        #expect(decodeAll("hi é猫🔥") == keys("hi é猫🔥"))
    }

    @Test("a character made of several scalars in one read is one key")
    func graphemes() {
        #expect(decodeAll("e\u{301}x") == [char("e\u{301}"), char("x")])
        #expect(decodeAll("🇫🇷") == [char("🇫🇷")])
        #expect(decodeAll("👩‍👩‍👧") == [char("👩‍👩‍👧")])
    }

    @Test("a multi-byte character split across reads waits for its last byte")
    func splitCharacter() {
        let bytes = Array("🔥".utf8)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            #expect(decoder.feed(bytes[..<cut]).isEmpty)
            #expect(decoder.feed(bytes[cut...]) == [char("🔥")])
        }
    }

    @Test("invalid UTF-8 becomes U+FFFD, one per maximal invalid subsequence", arguments: [
        ([0xFF] as [UInt8], "\u{FFFD}"),
        ([0xC3, 0x28], "\u{FFFD}("),
        ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
        ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
        ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ([0xE2, 0x82, 0x41], "\u{FFFD}A"),
        ([0xE2, 0x82], "\u{FFFD}"),
        ([0x80, 0x61], "\u{FFFD}a"),
    ])
    func invalid(_ bytes: [UInt8], _ expected: String) {
        #expect(decodeAll(bytes) == expected.unicodeScalars.map { char(Character($0)) })
    }

    @Test("C1 controls encoded in UTF-8 are neither text nor keys")
    func c1() {
        #expect(decodeAll("a\u{9B}b") == keys("ab"))
    }
}
