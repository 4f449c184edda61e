/// Spaces and tabs at either end of what a person typed or a file holds
/// are never part of the value: a CSV cell ` sword`, a setting
/// `pictures = kitty `, an argument `--limit " 3"`. Every reader trims
/// them the same way, here; other white space (a newline, a no-break
/// space) is text and stays.
extension StringProtocol {
    /// The text without spaces and tabs at either end.
    public func trimmingBlanks() -> SubSequence {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    public func trimmingBlanks() -> String {
        String(self[...].trimmingBlanks())
    }
}
