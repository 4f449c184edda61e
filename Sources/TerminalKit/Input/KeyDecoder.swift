/// Turns the bytes a terminal sends into `InputEvent`s, a read at a time.
///
/// Reads split sequences anywhere (a mouse report, a UTF-8 character, a
/// paste can arrive in pieces), so whatever is incomplete is kept for the
/// next `feed`. A lone ESC is ambiguous — the Esc key, or the start of a
/// sequence whose rest is still on its way — so it is held until the
/// caller, after a short silence (25–50 ms), calls `flushPending()`, which
/// settles it as the Esc key; an unfinished sequence becomes its keys.
///
/// The decoder is pure: no I/O, no clock. Memory stays bounded whatever
/// arrives: over-long sequences are skipped to their end, and a paste
/// keeps at most `maximumPasteBytes`.
public struct KeyDecoder: Sendable {
    /// A paste longer than this is cut (the rest is dropped, not leaked as keys).
    public static let defaultMaximumPasteBytes = 4 << 20
    /// No key or report is longer; longer CSI sequences are skipped.
    static let maximumSequenceBytes = 256
    /// Replies to queries (OSC, DCS, APC strings) are short; longer ones are skipped.
    static let maximumStringBytes = 4096

    private enum Mode: Sendable {
        case ground
        case paste
        /// Dropping the rest of an over-long CSI sequence up to its final byte.
        case skippingControlSequence
        /// Dropping the rest of an over-long string up to BEL or ESC `\`.
        case skippingString
    }

    /// What one step of parsing found at the front of the unread bytes.
    private enum Step {
        case meaning(length: Int, SequenceMeaning)
        case text(length: Int, Unicode.Scalar)
        /// A control byte or ESC interrupted a sequence: drop what came
        /// before it and read the interrupting byte afresh.
        case malformed(length: Int)
        case overlongControlSequence(length: Int)
        case overlongString(length: Int)
        case incomplete
    }

    private var unread: [UInt8] = []
    private var mode: Mode = .ground
    private var paste: PasteCollector

    public init(maximumPasteBytes: Int = KeyDecoder.defaultMaximumPasteBytes) {
        paste = PasteCollector(limit: max(0, maximumPasteBytes))
    }

    /// True while bytes are held back waiting for the rest of a sequence:
    /// the caller should call `flushPending()` if nothing more arrives soon.
    public var hasPendingInput: Bool {
        if case .ground = mode { return !unread.isEmpty }
        return true
    }

    /// True between `CSI 200~` and `CSI 201~`. A paste can legitimately
    /// pause for longer than a key sequence, so callers wait longer
    /// (about a second) before flushing one.
    public var isInsidePaste: Bool {
        if case .paste = mode { return true }
        return false
    }

    /// Bytes held for the next call; bounded whatever the input.
    var heldByteCount: Int { unread.count + paste.heldByteCount }

    /// Decodes `bytes`, keeping any incomplete sequence for the next call.
    /// Replies to terminal queries are recognised and dropped.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        var output = Output(collectsReplies: false)
        unread.append(contentsOf: bytes)
        decode(settling: false, into: &output)
        return output.events
    }

    /// Decodes `bytes` like `feed(_:)`, and hands back each complete reply
    /// to a terminal query (device attributes, OSC/DCS/APC strings, mode
    /// and position reports) as its raw bytes, in order, instead of
    /// dropping it.
    public mutating func feed(_ bytes: some Sequence<UInt8>, replies: inout [[UInt8]]) -> [InputEvent] {
        var output = Output(collectsReplies: true)
        unread.append(contentsOf: bytes)
        decode(settling: false, into: &output)
        replies.append(contentsOf: output.replies)
        return output.events
    }

    /// Settles everything held back, as if no more input will follow: a
    /// lone ESC becomes the Esc key, an unfinished sequence its keys
    /// (`ESC [ 1` is Alt-[ then 1), a partial UTF-8 character U+FFFD, an
    /// unterminated paste the text received so far.
    public mutating func flushPending() -> [InputEvent] {
        var output = Output(collectsReplies: false)
        decode(settling: true, into: &output)
        return output.events
    }

    // MARK: - The state machine

    private mutating func decode(settling: Bool, into output: inout Output) {
        var index = 0
        parsing: while index < unread.count {
            switch mode {
            case .paste:
                while index < unread.count {
                    let byte = unread[index]
                    index += 1
                    if paste.accept(byte) {
                        output.append(.paste(paste.finish()))
                        mode = .ground
                        break
                    }
                }
            case .skippingControlSequence:
                // Ends as a complete sequence would: at its final byte, or
                // at a byte that cannot belong to it (read afresh).
                if let end = unread[index...].firstIndex(where: { !(0x20...0x3F).contains($0) }) {
                    index = (0x40...0x7E).contains(unread[end]) ? end + 1 : end
                    mode = .ground
                } else {
                    index = unread.count
                }
            case .skippingString:
                guard let end = unread[index...].firstIndex(where: { $0 == 0x07 || $0 == 0x1B }) else {
                    index = unread.count
                    break
                }
                if unread[end] == 0x07 {
                    index = end + 1
                } else if end + 1 < unread.count {
                    // ST ends the string; ESC and anything else starts a new sequence.
                    index = unread[end + 1] == UInt8(ascii: "\\") ? end + 2 : end
                } else {
                    // Hold the ESC until the byte after it shows what it is.
                    index = end
                    if !settling { break parsing }
                    index = unread.count
                }
                mode = .ground
            case .ground:
                let step = parse(at: index, settling: settling)
                switch step {
                case .incomplete:
                    break parsing
                case .text(let length, let scalar):
                    output.appendText(scalar)
                    index += length
                case .meaning(let length, let meaning):
                    apply(meaning, bytes: unread[index..<index + length], to: &output)
                    index += length
                case .malformed(let length):
                    index += length
                case .overlongControlSequence(let length):
                    mode = .skippingControlSequence
                    index += length
                case .overlongString(let length):
                    mode = .skippingString
                    index += length
                }
            }
        }
        unread.removeFirst(index)
        if settling {
            if case .paste = mode { output.append(.paste(paste.finish())) }
            mode = .ground
        }
        output.endText()
    }

    private mutating func apply(_ meaning: SequenceMeaning, bytes: ArraySlice<UInt8>, to output: inout Output) {
        switch meaning {
        case .event(let event): output.append(event)
        case .pasteStart: mode = .paste
        case .reply: output.appendReply(bytes)
        case .ignored: break
        }
    }

    /// Parses one key, character or sequence at `start`. When `settling`,
    /// never answers `.incomplete`.
    private func parse(at start: Int, settling: Bool) -> Step {
        let byte = unread[start]
        if byte == 0x1B { return parseEscape(at: start, settling: settling) }
        if byte < 0x80 { return Self.singleByte(byte) }
        return parseUTF8(at: start, settling: settling)
    }

    private static func singleByte(_ byte: UInt8) -> Step {
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

    private func parseEscape(at start: Int, settling: Bool) -> Step {
        let next = start + 1
        guard next < unread.count else {
            return settling ? .meaning(length: 1, .event(.key(KeyEvent(.escape)))) : .incomplete
        }
        let introducer = unread[next]
        let step: Step
        switch introducer {
        case UInt8(ascii: "["): step = parseControlSequence(at: start)
        case UInt8(ascii: "O"): step = parseSingleShift(at: start)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            step = parseString(at: start)
        case 0x1B:
            // Esc pressed twice in one read; the second is read afresh.
            return .meaning(length: 1, .event(.key(KeyEvent(.escape))))
        default:
            return altPrefixed(parse(at: next, settling: settling))
        }
        if case .incomplete = step, settling {
            // The rest never came: it was Alt with the introducer's key.
            return .meaning(length: 2, .event(.key(.character(Character(Unicode.Scalar(introducer)), .alt))))
        }
        return step
    }

    /// Alt+key arrives as ESC followed by the key.
    private func altPrefixed(_ step: Step) -> Step {
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
    private func parseControlSequence(at start: Int) -> Step {
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
        var cursor = body
        while cursor < unread.count {
            let byte = unread[cursor]
            if (0x40...0x7E).contains(byte) {
                let length = cursor - start + 1
                // Dropped like an over-long sequence that arrived in pieces.
                guard length <= Self.maximumSequenceBytes else { return .meaning(length: length, .ignored) }
                let sequence = ControlSequence(body: unread[body..<cursor], final: byte)
                return .meaning(length: length, sequence.meaning)
            }
            guard (0x20...0x3F).contains(byte) else { return .malformed(length: cursor - start) }
            cursor += 1
        }
        let length = cursor - start
        return length > Self.maximumSequenceBytes ? .overlongControlSequence(length: length) : .incomplete
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
    private func parseSingleShift(at start: Int) -> Step {
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
    private func parseString(at start: Int) -> Step {
        var cursor = start + 2
        while cursor < unread.count {
            let byte = unread[cursor]
            if byte == 0x07 { return complete(cursor - start + 1) }
            if byte == 0x1B {
                guard cursor + 1 < unread.count else { break }
                if unread[cursor + 1] == UInt8(ascii: "\\") { return complete(cursor - start + 2) }
                return .malformed(length: cursor - start)
            }
            cursor += 1
        }
        // A trailing ESC stays unread: it may be the start of ST.
        let length = cursor - start
        return length > Self.maximumStringBytes ? .overlongString(length: length) : .incomplete

        func complete(_ length: Int) -> Step {
            .meaning(length: length, length <= Self.maximumStringBytes ? .reply : .ignored)
        }
    }

    /// One UTF-8 character. Invalid bytes become U+FFFD, one per maximal
    /// invalid subsequence, as the Unicode standard recommends.
    private func parseUTF8(at start: Int, settling: Bool) -> Step {
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

extension Unicode.Scalar {
    static let replacement: Unicode.Scalar = "\u{FFFD}"
}

/// Collects decoded events. Consecutive text is gathered first so that a
/// character made of several scalars (an accented letter typed as base
/// and combining mark, a flag, a family emoji) is one key event.
private struct Output {
    var events: [InputEvent] = []
    var replies: [[UInt8]] = []
    let collectsReplies: Bool
    private var text = ""

    init(collectsReplies: Bool) {
        self.collectsReplies = collectsReplies
    }

    mutating func appendText(_ scalar: Unicode.Scalar) {
        text.unicodeScalars.append(scalar)
    }

    mutating func endText() {
        guard !text.isEmpty else { return }
        for character in text { events.append(.key(.character(character))) }
        text = ""
    }

    mutating func append(_ event: InputEvent) {
        endText()
        events.append(event)
    }

    mutating func appendReply(_ bytes: ArraySlice<UInt8>) {
        if collectsReplies { replies.append(Array(bytes)) }
    }
}
