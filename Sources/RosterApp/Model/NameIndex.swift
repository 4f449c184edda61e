#if canImport(Glibc)
import Glibc
#endif
import RosterCore

/// Every monster's id and folded name, packed into a few flat arrays so
/// that a million of them fit in about 25 MB and a substring filter over
/// all of them takes a few milliseconds (one `memchr` pass), where SQLite's
/// `LIKE '%…%'` needs a full scan of the table.
///
/// Rows are in roster order (by id). The index is a value: built once
/// (on a background thread for large rosters) and replaced when the
/// roster changes.
struct NameIndex: Sendable {
    /// Row number to monster id, ascending.
    let ids: [Int64]
    /// The folded names, each followed by a newline (names cannot hold one).
    let keys: [UInt8]
    /// Where each row's name starts in `keys`, plus one final entry at the end.
    let starts: [UInt32]

    var count: Int { ids.count }

    /// Reads the whole roster's ids and name keys; `expected` is how many
    /// the caller counted already (on a server, a count of a million rows
    /// is a scan of its own, run while the first frame is being read).
    static func load(from store: any RosterStore, expected counted: Int? = nil) throws -> NameIndex {
        var ids: [Int64] = []
        var keys: [UInt8] = []
        var starts: [UInt32] = []
        let expected = try counted ?? store.count()
        ids.reserveCapacity(expected)
        starts.reserveCapacity(expected + 1)
        keys.reserveCapacity(expected * 12)
        try store.forEachNameKey { id, key in
            ids.append(id)
            starts.append(UInt32(truncatingIfNeeded: keys.count))
            keys.append(contentsOf: key)
            keys.append(0x0A)
        }
        starts.append(UInt32(truncatingIfNeeded: keys.count))
        return NameIndex(ids: ids, keys: keys, starts: starts)
    }

    /// The rows whose folded name contains `query` (already folded), in
    /// order; nil when every row does (the list is then the roster itself,
    /// and a million row numbers need not be written down).
    ///
    /// `candidates`, when given, are rows known to hold every match (the
    /// matches of a query this one contains, as when a letter is typed);
    /// when they are at most half the rows only their names are read, byte
    /// by byte: a letter typed after `bot-9` on a million monsters costs
    /// 1.5 ms of CPU instead of 10.
    func rows(matching query: String, among candidates: [Int32]? = nil) -> [Int32]? {
        let needle = Array(query.utf8)
        guard !needle.isEmpty else { return nil }
        // Names hold no newline; the names' separator must never match.
        guard !needle.contains(0x0A) else { return [] }
        return keys.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                starts.withUnsafeBufferPointer { starts -> [Int32]? in
                    // Among more than half the rows, the whole scan is quicker than
                    // reading each candidate from its start (`bot-9` among a million
                    // `bot-` names: 10 against 11–17 ms of CPU), and finds the same rows.
                    guard let candidates, candidates.count <= count / 2 else {
                        return Self.scan(for: pattern, in: haystack, starts: starts)
                    }
                    var matches: [Int32] = []
                    for row in candidates where Self.contains(pattern, haystack, from: Int(starts[Int(row)]),
                                                               to: Int(starts[Int(row) + 1])) {
                        matches.append(row)
                    }
                    return matches.count == count ? nil : matches
                }
            }
        }
    }

    /// Plain words find names the way a person types them: each word a
    /// part of the name, in any order, as fzf reads its terms, so `mini
    /// tomato` and `tomato mini` find Mini-Tomato-Bot. One word is the
    /// substring it always was. Each word searches only the rows the
    /// words before it left.
    func rows(holdingEvery text: String, among candidates: [Int32]? = nil) -> [Int32]? {
        var rows = candidates
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            rows = self.rows(matching: MonsterRules.nameKey(String(word)), among: rows)
        }
        return rows
    }

    /// Whether the name in `haystack[start..<end]` contains `pattern`.
    @inline(__always)
    private static func contains(_ pattern: UnsafeBufferPointer<UInt8>, _ haystack: UnsafeBufferPointer<UInt8>,
                                 from start: Int, to end: Int) -> Bool {
        let length = pattern.count
        let first = pattern[0]
        var index = start
        while index + length <= end {
            if haystack[index] == first, isMatch(pattern, haystack, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Every row whose name contains `pattern`, nil when every row does.
    ///
    /// Two ways of reading take turns. Among names that do not match,
    /// `memchr` finds the next place the pattern's first byte is
    /// (vectorised in the C library: faster than comparing every byte
    /// here, 10 against 20 ms of CPU for a filter few names match). Once a
    /// name matches, the names after it are read one by one while they
    /// match too, as they do for the first letters typed: one call per
    /// name costs more than reading the few bytes before the match (a
    /// letter every name holds, on a million: 2–3 ms of CPU, against
    /// 11–15). Rows are counted, not written, while they run on from row 0,
    /// so a filter every name matches writes nothing; past that they go
    /// into room for every row made at once, as an array grown by doubling
    /// costs more than the search itself (3.5 ms for a million rows).
    private static func scan(for pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                             starts: UnsafeBufferPointer<UInt32>) -> [Int32]? {
        let rows = starts.count - 1
        var everyRow = false
        let matches = [Int32](unsafeUninitializedCapacity: rows) { buffer, written in
            guard let base = haystack.baseAddress else { return }
            let first = Int32(pattern[0])
            let size = haystack.count, length = pattern.count
            var found = 0, row = 0, offset = 0
            // Whether the rows found so far are 0..<found, not yet written.
            var fromRowZero = true
            func record(_ row: Int) {
                if fromRowZero {
                    guard row != found else { found += 1; return }
                    for earlier in 0..<found { buffer[earlier] = Int32(truncatingIfNeeded: earlier) }
                    fromRowZero = false
                }
                buffer[found] = Int32(truncatingIfNeeded: row)
                found += 1
            }
            while size - offset >= length {
                guard let hit = memchr(base + offset, first, size - offset - length + 1) else { break }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard isMatch(pattern, haystack, at: position) else {
                    offset = position + 1
                    continue
                }
                // Occurrences come in order, so the row only moves forward.
                while Int(starts[row + 1]) <= position { row += 1 }
                repeat {
                    record(row)
                    row += 1
                } while row < rows && contains(pattern, haystack, from: Int(starts[row]), to: Int(starts[row + 1]))
                guard row < rows else { break }
                // That row was read through and holds no match: skip it.
                row += 1
                offset = Int(starts[row])
            }
            if fromRowZero && found == rows {
                everyRow = true
                written = 0
            } else {
                if fromRowZero { for earlier in 0..<found { buffer[earlier] = Int32(truncatingIfNeeded: earlier) } }
                written = found
            }
        }
        guard !everyRow else { return nil }
        // A few matches should not keep room for a million.
        return matches.count < rows / 4 ? matches.withUnsafeBufferPointer { Array($0) } : matches
    }

    /// Whether `pattern` is at `index` of `haystack` (its first byte is known to be).
    @inline(__always)
    private static func isMatch(_ pattern: UnsafeBufferPointer<UInt8>, _ haystack: UnsafeBufferPointer<UInt8>,
                                at index: Int) -> Bool {
        var offset = 1
        while offset < pattern.count {
            guard haystack[index + offset] == pattern[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The row of monster `id`, if it is in the index. Ids ascend without
    /// repeats, so row `r` holds an id at least `r` above the first and at
    /// least `count - 1 - r` below the last: the search runs only between
    /// those bounds, as wide as the gaps removals left (one row where
    /// there are none). A sort change turns every id of a million into
    /// its row this way.
    func row(of id: Int64) -> Int? {
        guard let first = ids.first, let last = ids.last, id >= first, id <= last else { return nil }
        // The distances to the ends, as unsigned: ids may span all of Int64.
        let aboveFirst = UInt64(bitPattern: id &- first), belowLast = UInt64(bitPattern: last &- id)
        var low = belowLast < UInt64(ids.count) ? ids.count - 1 - Int(belowLast) : 0
        var high = aboveFirst < UInt64(ids.count) ? Int(aboveFirst) + 1 : ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
