/// Splits a byte stream to or from a terminal into its tokens: a
/// character of text, a control byte, a control sequence (`ESC [` …
/// final byte), a string (OSC, DCS, APC, PM, SOS: `ESC ]`, `P`, `_`, `^`,
/// `X` … `ESC \` or BEL), or an escape with one byte after it.
///
/// Every reader of escape sequences shares it: the key decoder
/// (`InputGrammar`, which adds the terminals' older key forms and its
/// limits on top) and the test terminals that model what the renderer
/// writes. It only frames; what a token means is each reader's business.
/// A token cut short (a control sequence or a string interrupted by a
/// control byte or an `ESC` that does not end it) is `malformed`, and
/// the interrupting byte is read afresh; a token whose end has not
/// arrived yet is nil, to be read again with more bytes.
public enum EscapeToken: Equatable {
    /// One UTF-8 character's bytes, by its lead byte (not validated).
    case text(ArraySlice<UInt8>)
    /// A C0 control other than ESC, or DEL.
    case control(UInt8)
    /// `ESC [` parameters and intermediates, then the final byte.
    case controlSequence(parameters: ArraySlice<UInt8>, final: UInt8)
    /// A string, by its introducer (`]`, `P`, `_`, `^` or `X`).
    case string(introducer: UInt8, body: ArraySlice<UInt8>)
    /// `ESC` and the one byte after it.
    case escape(UInt8)
    /// A sequence cut short; its bytes mean nothing.
    case malformed
}

public enum EscapeTokenizer {
    static let stringIntroducers: Set<UInt8> = [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X")]

    /// The token at `start` and how many bytes it takes; nil while its end
    /// has not arrived.
    public static func token(in bytes: [UInt8], at start: Int) -> (token: EscapeToken, length: Int)? {
        let byte = bytes[start]
        if byte == 0x1B { return escape(in: bytes, at: start) }
        if byte < 0x20 || byte == 0x7F { return (.control(byte), 1) }
        let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard start + length <= bytes.count else { return nil }
        return (.text(bytes[start..<(start + length)]), length)
    }

    /// Reads every whole token at the front of `pending` in order and
    /// removes them, leaving a token not yet ended for the next call.
    public static func consume(_ pending: inout [UInt8], _ read: (EscapeToken) -> Void) {
        var index = 0
        while index < pending.count, let (token, length) = token(in: pending, at: index) {
            read(token)
            index += length
        }
        pending.removeFirst(index)
    }

    private static func escape(in bytes: [UInt8], at start: Int) -> (token: EscapeToken, length: Int)? {
        guard start + 1 < bytes.count else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") {
            var cursor = start + 2
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if (0x40...0x7E).contains(byte) {
                    return (.controlSequence(parameters: bytes[(start + 2)..<cursor], final: byte), cursor - start + 1)
                }
                guard (0x20...0x3F).contains(byte) else { return (.malformed, cursor - start) }
                cursor += 1
            }
            return nil
        }
        guard stringIntroducers.contains(introducer) else { return (.escape(introducer), 2) }
        var cursor = start + 2
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == 0x07 { return (.string(introducer: introducer, body: bytes[(start + 2)..<cursor]), cursor - start + 1) }
            if byte == 0x1B {
                guard cursor + 1 < bytes.count else { return nil }
                guard bytes[cursor + 1] == UInt8(ascii: "\\") else { return (.malformed, cursor - start) }
                return (.string(introducer: introducer, body: bytes[(start + 2)..<cursor]), cursor - start + 2)
            }
            cursor += 1
        }
        return nil
    }
}
