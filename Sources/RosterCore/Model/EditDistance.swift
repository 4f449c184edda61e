/// Optimal-string-alignment distance, used to suggest what a mistyped word
/// meant ("did you mean `sword`?"). Suggestions are only ever shown, never
/// acted on.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    /// The closest candidate within a distance that still looks like a typo
    /// of `word`, or nil.
    public static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        let folded = narrowed(word).lowercased()
        let length = folded.unicodeScalars.count
        let limit = max(1, min(3, length / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            // Lengths further apart than the limit are further apart than
            // that by any alignment: a pasted 128 KB value would otherwise
            // be aligned with every country's name, for seconds.
            guard abs(lowered.unicodeScalars.count - length) <= limit else { continue }
            let distance = between(folded, lowered)
            if distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.candidate
    }

    /// `word` with fullwidth forms (`ＦＩＲＥ`, as an East Asian input method
    /// types them) as their ASCII letters, so that they are suggested for.
    static func narrowed(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            let value = scalar.value
            scalars.append((0xFF01...0xFF5E).contains(value) ? Unicode.Scalar(value - 0xFEE0) ?? scalar : scalar)
        }
        return String(scalars)
    }
}
