/// Gathers the bytes of a bracketed paste until the terminal's closing
/// `ESC [ 201 ~`, which may itself arrive split across reads.
///
/// Everything in between is text, whatever it looks like: a pasted ESC or
/// arrow-key sequence must never act as a key. Memory is bounded: past
/// `limit` bytes the rest of the paste is dropped while the end marker
/// is still watched for.
struct PasteCollector: Sendable {
    private static let terminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    let limit: Int
    private var content: [UInt8] = []
    /// How many bytes of the terminator the latest bytes matched.
    private var matched = 0

    init(limit: Int) {
        self.limit = limit
    }

    var heldByteCount: Int { content.count + matched }

    /// Takes one byte; true when it completed the terminator.
    mutating func accept(_ byte: UInt8) -> Bool {
        if byte == Self.terminator[matched] {
            matched += 1
            return matched == Self.terminator.count
        }
        // The partial match was pasted text after all. The terminator has
        // no ESC after its first byte, so this simple restart is exact.
        keep(Self.terminator[..<matched])
        matched = 0
        if byte == 0x1B {
            matched = 1
        } else {
            keep(CollectionOfOne(byte))
        }
        return false
    }

    private mutating func keep(_ bytes: some Collection<UInt8>) {
        let room = limit - content.count
        guard room > 0 else { return }
        content.append(contentsOf: bytes.prefix(room))
    }

    /// The text pasted so far, and a fresh start. Terminals send line
    /// breaks as CR; they become `\n` (CRLF too) so that pasted lines
    /// read the same wherever they came from.
    mutating func finish() -> String {
        if matched < Self.terminator.count { keep(Self.terminator[..<matched]) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            if byte == 0x0D {
                normalized.append(0x0A)
                if index + 1 < content.endIndex, content[index + 1] == 0x0A { index += 1 }
            } else {
                normalized.append(byte)
            }
            index += 1
        }
        content = []
        matched = 0
        return String(decoding: normalized, as: UTF8.self)
    }
}
