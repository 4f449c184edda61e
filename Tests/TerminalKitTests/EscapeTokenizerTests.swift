import Testing
@testable import TerminalKit

/// The one tokenizer every reader of escape sequences shares.
@Suite("Splitting terminal bytes into tokens")
struct EscapeTokenizerTests {
    func tokens(_ text: String) -> (tokens: [EscapeToken], left: [UInt8]) {
        var pending = Array(text.utf8)
        var read: [EscapeToken] = []
        EscapeTokenizer.consume(&pending) { read.append($0) }
        return (read, pending)
    }

    @Test("text, controls, control sequences, strings ended by ST or BEL, and two-byte escapes")
    func kinds() {
        let (read, left) = tokens("a猫\r\u{1B}[12;3H\u{1B}_Gi=1;OK\u{1B}\\\u{1B}]11;?\u{07}\u{1B}7")
        #expect(left.isEmpty)
        #expect(read == [
            .text(ArraySlice("a".utf8)), .text(ArraySlice("猫".utf8)), .control(0x0D),
            .controlSequence(parameters: ArraySlice("12;3".utf8), final: UInt8(ascii: "H")),
            .string(introducer: UInt8(ascii: "_"), body: ArraySlice("Gi=1;OK".utf8)),
            .string(introducer: UInt8(ascii: "]"), body: ArraySlice("11;?".utf8)),
            .escape(UInt8(ascii: "7")),
        ])
    }

    @Test("a token not ended yet waits for the next bytes; one cut short is malformed and the interrupting byte read afresh")
    func pieces() {
        // The last is the first two bytes of 猫.
        for unfinished in [Array("\u{1B}".utf8), Array("\u{1B}[12;".utf8), Array("\u{1B}Pq#0".utf8), Array("\u{1B}_Gi=1\u{1B}".utf8), [0xE7, 0x8C]] {
            var pending = Array("x".utf8) + unfinished
            var read: [EscapeToken] = []
            EscapeTokenizer.consume(&pending) { read.append($0) }
            #expect(read == [.text(ArraySlice("x".utf8))], "\(unfinished)")
            #expect(pending == unfinished, "\(unfinished)")
        }
        #expect(tokens("\u{1B}[12\rA").tokens == [.malformed, .control(0x0D), .text(ArraySlice("A".utf8))])
        #expect(tokens("\u{1B}]0;title\u{1B}[H").tokens == [.malformed, .controlSequence(parameters: [], final: UInt8(ascii: "H"))])
    }
}
