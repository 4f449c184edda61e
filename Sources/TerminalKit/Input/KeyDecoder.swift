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
    /// pause for longer than a key sequence, so callers should not settle
    /// one after the ESC timeout: the rest would be decoded as keys.
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

    /// A paste whose end marker has not come after the caller's wait: the
    /// text so far, as a paste (none when nothing came). The paste stays
    /// open: bytes that come later are pasted text too, never keys, until
    /// its end marker, a lone Ctrl-C (`endPaste`), or the next wait.
    public mutating func takeStalledPaste() -> [InputEvent] {
        guard case .paste = mode, paste.heldByteCount > 0 else { return [] }
        return [.paste(paste.finish())]
    }

    /// Ends an open paste at once (a lone Ctrl-C typed while the terminal
    /// never sent the end): the text so far, as a paste; what comes next is
    /// keys again.
    public mutating func endPaste() -> [InputEvent] {
        guard case .paste = mode else { return [] }
        mode = .ground
        return paste.heldByteCount > 0 ? [.paste(paste.finish())] : []
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
                let step = InputGrammar.parse(unread, at: index, settling: settling)
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
