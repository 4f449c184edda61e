/// What one step of parsing found at the front of the unread bytes.
enum ParseStep {
    case meaning(length: Int, SequenceMeaning)
    case text(length: Int, Unicode.Scalar)
    /// A control byte or ESC interrupted a sequence: drop what came
    /// before it and read the interrupting byte afresh.
    case malformed(length: Int)
    case overlongControlSequence(length: Int)
    case overlongString(length: Int)
    case incomplete
}

/// The grammar of what terminals send, one token at a time: a control
/// byte, a UTF-8 character, or an escape sequence (CSI, SS3, and the
/// OSC/DCS/APC strings terminals answer queries with). Pure functions over
/// the bytes read so far; `KeyDecoder` keeps the state between reads.
enum InputGrammar {
    /// Parses one key, character or sequence at `start`. When `settling`,
    /// never answers `.incomplete`.
    static func parse(_ unread: [UInt8], at start: Int, settling: Bool) -> ParseStep {
        let byte = unread[start]
        if byte == 0x1B { return parseEscape(unread, at: start, settling: settling) }
        if byte < 0x80 { return Self.singleByte(byte) }
        return parseUTF8(unread, at: start, settling: settling)
    }

    private static func singleByte(_ byte: UInt8) -> ParseStep {
        let key: KeyEvent
        switch byte {
        case 0x20...0x7E: return .text(length: 1, Unicode.Scalar(byte))
        case 0x0D, 0x0A: key = KeyEvent(.enter)
        case 0x09: key = KeyEvent(.tab)
        case 0x08, 0x7F: key = KeyEvent(.backspace)
        case 0x00: key = .control(" ")
        case 0x01...0x1A: key = .control(Character(Unicode.Scalar(byte + 0x60)))
        default: key = .control(Character(Unicode.Scalar(byte + 0x40))) // 0x1C–0x1F: Ctrl-\ ] ^ _
        }
        return .meaning(length: 1, .event(.key(key)))
    }

    private static func parseEscape(_ unread: [UInt8], at start: Int, settling: Bool) -> ParseStep {
        let next = start + 1
        guard next < unread.count else {
            return settling ? .meaning(length: 1, .event(.key(KeyEvent(.escape)))) : .incomplete
        }
        let introducer = unread[next]
        let step: ParseStep
        switch introducer {
        case UInt8(ascii: "["): step = parseControlSequence(unread, at: start)
        case UInt8(ascii: "O"): step = parseSingleShift(unread, at: start)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            step = parseString(unread, at: start)
        case 0x1B:
            // Esc pressed twice in one read; the second is read afresh.
            return .meaning(length: 1, .event(.key(KeyEvent(.escape))))
        default:
            return altPrefixed(parse(unread, at: next, settling: settling))
        }
        if case .incomplete = step, settling {
            // The rest never came: it was Alt with the introducer's key.
            return .meaning(length: 2, .event(.key(.character(Character(Unicode.Scalar(introducer)), .alt))))
        }
        return step
    }

    /// Alt+key arrives as ESC followed by the key.
    private static func altPrefixed(_ step: ParseStep) -> ParseStep {
        switch step {
        case .text(let length, let scalar):
            return .meaning(length: 1 + length, .event(.key(.character(Character(scalar), .alt))))
        case .meaning(let length, .event(.key(var key))):
            key.modifiers.insert(.alt)
            return .meaning(length: 1 + length, .event(.key(key)))
        case .meaning(let length, let meaning):
            return .meaning(length: 1 + length, meaning)
        case .incomplete, .malformed, .overlongControlSequence, .overlongString:
            return step // only `.incomplete` can occur after ESC + a non-ESC byte
        }
    }

    /// `ESC [` … final byte, plus two older forms that do not fit the
    /// grammar: the Linux console's `ESC [ [ A`–`E` (F1–F5) and X10 mouse
    /// reports `ESC [ M` followed by three raw bytes.
    private static func parseControlSequence(_ unread: [UInt8], at start: Int) -> ParseStep {
        let body = start + 2
        guard body < unread.count else { return .incomplete }
        if unread[body] == UInt8(ascii: "[") {
            guard body + 1 < unread.count else { return .incomplete }
            let final = unread[body + 1]
            guard (0x40...0x7E).contains(final) else { return .malformed(length: 3) }
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return .meaning(length: 4, .ignored) }
            return .meaning(length: 4, .event(.key(KeyEvent(.function(Int(final - UInt8(ascii: "A")) + 1)))))
        }
        if unread[body] == UInt8(ascii: "M") {
            guard body + 3 < unread.count else { return .incomplete }
            return .meaning(length: 6, Self.legacyMouse(unread[body + 1], unread[body + 2], unread[body + 3]))
        }
        switch EscapeTokenizer.token(in: unread, at: start) {
        case (.controlSequence(let parameters, let final), let length)?:
            // Dropped like an over-long sequence that arrived in pieces.
            guard length <= KeyDecoder.maximumSequenceBytes else { return .meaning(length: length, .ignored) }
            return .meaning(length: length, ControlSequence(body: parameters, final: final).meaning)
        case (_, let length)?:
            return .malformed(length: length)
        case nil:
            let length = unread.count - start
            return length > KeyDecoder.maximumSequenceBytes ? .overlongControlSequence(length: length) : .incomplete
        }
    }

    /// X10 mouse encoding, used by terminals without SGR 1006: each value
    /// is sent as one byte offset by 32, positions 1-based.
    private static func legacyMouse(_ code: UInt8, _ column: UInt8, _ row: UInt8) -> SequenceMeaning {
        let value = Int(code) - 32
        let position = Point(x: max(0, Int(column) - 33), y: max(0, Int(row) - 33))
        // X10 reports every release as button 3, without saying which.
        if value & 3 == 3, value & (32 | 64 | 128) == 0 {
            let modifiers = ControlSequence.mouseModifiers(code: value)
            return .event(.mouse(MouseEvent(.release(button: 0), at: position, modifiers: modifiers)))
        }
        guard let event = ControlSequence.mouseEvent(code: value, position: position, released: false) else {
            return .ignored
        }
        return .event(.mouse(event))
    }

    /// `ESC O` [modifier digits] final byte.
    private static func parseSingleShift(_ unread: [UInt8], at start: Int) -> ParseStep {
        var cursor = start + 2
        var modifier: Int?
        while cursor < unread.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(unread[cursor]) {
            guard cursor - start < 6 else { return .malformed(length: cursor - start) }
            modifier = (modifier ?? 0) * 10 + Int(unread[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor < unread.count else { return .incomplete }
        let final = unread[cursor]
        guard (0x40...0x7E).contains(final) else {
            if modifier != nil { return .malformed(length: cursor - start) }
            // ESC O then a control key: that was Alt-O.
            return .meaning(length: 2, .event(.key(.character("O", .alt))))
        }
        return .meaning(length: cursor - start + 1,
                        ControlSequence.singleShiftMeaning(final: final, modifierParameter: modifier))
    }

    /// OSC, DCS, APC, PM and SOS strings, ended by BEL or ST (`ESC \`).
    /// Terminals send them only as replies (kitty graphics answers are APC).
    private static func parseString(_ unread: [UInt8], at start: Int) -> ParseStep {
        switch EscapeTokenizer.token(in: unread, at: start) {
        case (.string, let length)?:
            return .meaning(length: length, length <= KeyDecoder.maximumStringBytes ? .reply : .ignored)
        case (_, let length)?:
            return .malformed(length: length)
        case nil:
            // A trailing ESC stays unread: it may be the start of ST.
            let length = unread.count - start - (unread.last == 0x1B ? 1 : 0)
            return length > KeyDecoder.maximumStringBytes ? .overlongString(length: length) : .incomplete
        }
    }

    /// One UTF-8 character. Invalid bytes become U+FFFD, one per maximal
    /// invalid subsequence, as the Unicode standard recommends.
    private static func parseUTF8(_ unread: [UInt8], at start: Int, settling: Bool) -> ParseStep {
        let lead = unread[start]
        let length: Int
        let secondByte: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: length = 2; secondByte = 0x80...0xBF
        case 0xE0: length = 3; secondByte = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; secondByte = 0x80...0xBF
        case 0xED: length = 3; secondByte = 0x80...0x9F
        case 0xF0: length = 4; secondByte = 0x90...0xBF
        case 0xF1...0xF3: length = 4; secondByte = 0x80...0xBF
        case 0xF4: length = 4; secondByte = 0x80...0x8F
        default: return .text(length: 1, Unicode.Scalar.replacement)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let index = start + offset
            guard index < unread.count else {
                return settling ? .text(length: offset, .replacement) : .incomplete
            }
            let byte = unread[index]
            guard (offset == 1 ? secondByte : 0x80...0xBF).contains(byte) else {
                return .text(length: offset, .replacement)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // C1 controls encoded in UTF-8 are not text and not keys.
        if (0x80...0x9F).contains(value) { return .meaning(length: length, .ignored) }
        return .text(length: length, Unicode.Scalar(value) ?? .replacement)
    }
}
