#if canImport(Glibc)
import Glibc
#endif
import RosterCore

/// Every monster's id and folded name, packed into a few flat arrays so
/// that a million of them fit in about 25 MB and a substring filter over
/// all of them takes a few milliseconds (one `memmem` pass), where SQLite's
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

    /// Reads the whole roster's ids and name keys.
    static func load(from store: RosterStore) throws -> NameIndex {
        var ids: [Int64] = []
        var keys: [UInt8] = []
        var starts: [UInt32] = []
        let expected = try store.count()
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

    /// The rows whose folded name contains `query` (already folded), in order.
    func rows(matching query: String) -> [Int32] {
        let needle = Array(query.utf8)
        guard !needle.isEmpty else { return (0..<Int32(count)).map { $0 } }
        var matches: [Int32] = []
        keys.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                var offset = 0
                var row = 0
                while offset < haystack.count,
                      let position = Self.find(patternBase, pattern.count, in: base, haystack.count, from: offset) {
                    // Occurrences come in order, so the row only moves forward.
                    while row + 1 < starts.count, Int(starts[row + 1]) <= position { row += 1 }
                    guard row < ids.count else { break }
                    matches.append(Int32(row))
                    offset = Int(starts[row + 1])
                }
            }
        }
        return matches
    }

    /// The first occurrence of a pattern at or after `start`: `memchr` for
    /// its first byte (vectorised in the C library), then a `memcmp`.
    private static func find(_ pattern: UnsafeRawPointer, _ length: Int, in haystack: UnsafeRawPointer, _ size: Int,
                             from start: Int) -> Int? {
        let first = Int32(pattern.load(as: UInt8.self))
        var offset = start
        while size - offset >= length {
            guard let hit = memchr(haystack + offset, first, size - offset - length + 1) else { return nil }
            let position = haystack.distance(to: UnsafeRawPointer(hit))
            if memcmp(haystack + position, pattern, length) == 0 { return position }
            offset = position + 1
        }
        return nil
    }

    /// The row of monster `id`, if it is in the index.
    func row(of id: Int64) -> Int? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
