/// "Did you mean" for monster names, found through an index rather than
/// by an edit distance against every name on the roster.
///
/// The roster's names are read once (outside any write transaction) into
/// a trigram index: each name is listed under every three-scalar piece of
/// its folded key (padded, so that short names have pieces too). A
/// reference is compared, by edit distance, only with the few names that
/// share the most pieces with it and whose length is close enough for the
/// distance to count as a typo. A batch with a thousand unknown names
/// against twenty thousand monsters costs milliseconds, and asks for at
/// most `SQLiteRosterStore.suggestionLimit` suggestions.
struct NameIndex {
    private var names: [String] = []
    private var keys: [[Unicode.Scalar]] = []
    private var postings: [String: [Int32]] = [:]
    /// How many of the best-sharing names are compared by edit distance.
    private static let shortlist = 48

    init(names all: [String]) {
        names.reserveCapacity(all.count)
        for name in all {
            let key = Array(MonsterRules.nameKey(name).unicodeScalars)
            let ordinal = Int32(names.count)
            names.append(name)
            keys.append(key)
            for piece in Set(Self.trigrams(key)) { postings[piece, default: []].append(ordinal) }
        }
    }

    /// Whether some name has exactly this folded key.
    func contains(key: String) -> Bool {
        let wanted = Array(key.unicodeScalars)
        return candidates(for: wanted).contains { keys[$0] == wanted }
    }

    /// The name most likely meant by `reference`, or nil: the one name
    /// that starts with it, else the nearest by edit distance within what
    /// still reads as a typo. Among equally near names, one that the
    /// reference starts with wins (a character typed too many: `Mon-5x`
    /// means `Mon-5` rather than `Mon-50`), then the shortlist's order.
    func suggestion(for reference: String) -> String? {
        let key = MonsterRules.nameKey(reference)
        let wanted = Array(key.unicodeScalars)
        guard !wanted.isEmpty else { return nil }
        let shortlist = candidates(for: wanted)
        let prefixed = shortlist.filter { keys[$0].starts(with: wanted) }
        if prefixed.count == 1 { return names[prefixed[0]] }
        let allowed = max(1, min(3, wanted.count / 3))
        var best: (ordinal: Int, distance: Int, isPrefix: Bool)?
        for ordinal in shortlist where abs(keys[ordinal].count - wanted.count) <= allowed {
            let distance = EditDistance.between(key, String(String.UnicodeScalarView(keys[ordinal])))
            guard distance <= allowed else { continue }
            let isPrefix = wanted.starts(with: keys[ordinal])
            if let current = best, (current.distance, current.isPrefix ? 0 : 1) <= (distance, isPrefix ? 0 : 1) { continue }
            best = (ordinal, distance, isPrefix)
        }
        return best.map { names[$0.ordinal] }
    }

    /// The names sharing the most trigrams with `key`, best first; among
    /// those sharing as many, a name the key starts with (a character
    /// typed too many), then the ones nearest in length (a typo changes
    /// the length by a character or two), then the earliest.
    private func candidates(for key: [Unicode.Scalar]) -> [Int] {
        var shared: [Int32: Int] = [:]
        for piece in Set(Self.trigrams(key)) {
            for ordinal in postings[piece] ?? [] { shared[ordinal, default: 0] += 1 }
        }
        let ranked = shared.map { ordinal, count in
            let name = keys[Int(ordinal)]
            return (-count, key.starts(with: name) ? 0 : 1, abs(name.count - key.count), ordinal)
        }
        return ranked.sorted { $0 < $1 }.prefix(Self.shortlist).map { Int($0.3) }
    }

    private static func trigrams(_ key: [Unicode.Scalar]) -> [String] {
        let padded: [Unicode.Scalar] = ["\u{1}", "\u{1}"] + key + ["\u{1}"]
        guard padded.count >= 3 else { return [] }
        return (0...(padded.count - 3)).map { start in
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: padded[start..<start + 3])
            return String(piece)
        }
    }
}
