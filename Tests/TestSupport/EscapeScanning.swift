/// Where the escape sequences the fake terminals read end, shared so
/// that each fake models only its own terminal's rules.
extension Array where Element == UInt8 {
    /// The index of a control sequence's final byte (0x40–0x7E), looking
    /// from just past `ESC [`; nil while the sequence is incomplete.
    func controlSequenceFinal(from start: Int) -> Int? {
        var index = start
        while index < count {
            if (0x40...0x7E).contains(self[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the `ESC` of the `ESC \` ending a string (DCS, APC,
    /// OSC); nil while the string is incomplete.
    func stringTerminator(from start: Int) -> Int? {
        var index = start
        while index + 1 < count {
            if self[index] == 0x1B, self[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }
}
