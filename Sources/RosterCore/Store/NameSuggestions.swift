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
/// most `RosterStore.suggestionLimit` suggestions.
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

    /// The name most likely meant by `reference`, or nil.
    func suggestion(for reference: String) -> String? {
        let key = MonsterRules.nameKey(reference)
        let wanted = Array(key.unicodeScalars)
        guard !wanted.isEmpty else { return nil }
        let shortlist = candidates(for: wanted)
        let prefixed = shortlist.filter { keys[$0].starts(with: wanted) }
        if prefixed.count == 1 { return names[prefixed[0]] }
        let allowed = max(1, min(3, wanted.count / 3))
        return EditDistance.closest(to: key, among: shortlist
            .filter { abs(keys[$0].count - wanted.count) <= allowed }.map { names[$0] })
    }

    /// The names sharing the most trigrams with `key`, best first.
    private func candidates(for key: [Unicode.Scalar]) -> [Int] {
        var shared: [Int32: Int] = [:]
        for piece in Set(Self.trigrams(key)) {
            for ordinal in postings[piece] ?? [] { shared[ordinal, default: 0] += 1 }
        }
        return shared.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(Self.shortlist).map { Int($0.key) }
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
