/// How much of the history's text roster reads.
///
/// Another program may write history entries: on a server a writer role
/// may (sharing.md), on a file the sqlite3 shell may. Nothing else bounds
/// what they write: a summary of 16 MB made the interface blind to keys
/// for a minute and `history --limit 3` print 18 MB. So every text column
/// of an entry is read cut in SQL (`substr` / `left`, which both count
/// code points), the file or server never handing over more than its
/// bound and one code point past it; that one says the text was longer,
/// and `kept` marks it as cut wherever it is shown.
///
/// The bounds are above anything roster writes itself, so that its own
/// words are never cut: the longest summary is an edit of four or more
/// monsters whose names and descriptions all change at their longest (in
/// code points, `MonsterRules`), three of them told, about 18,500 code
/// points, and an undo repeats it after its command
/// (`HistoryTextTests.longestOwnSummaryFits`); a file is a path as the
/// command line gave it, which the system refuses past 4,096 bytes.
enum HistoryText {
    /// An entry's summary.
    static let summaryBound = 32_768
    /// An import's file.
    static let fileBound = 4_096
    /// The short words of an entry: its command (1–32 by the tables'
    /// CHECKs), time, surface and kind, the role and client who made it
    /// (a role is at most 63 bytes, a client at most 256 characters on a
    /// server): no more than this is read of any, whatever was written past
    /// the checks.
    static let wordBound = 256

    /// A monster's field as a change kept it (`history_row`): no field may
    /// hold more code points than a description, so one cut past that is
    /// refused as the whole would be, and a name past it names no monster.
    static let fieldBound = MonsterRules.descriptionCodePointLimit

    /// The names a change kept, as `read` cuts them.
    static func names(onServer: Bool, prefix: String = "") -> String {
        ["before_name", "after_name"].map { read(prefix + $0, bound: fieldBound, onServer: onServer) }.joined(separator: ", ")
    }

    /// What ends a text cut at its bound.
    static func cutMark(_ bound: Int) -> String { "… (cut: longer than \(bound) characters)" }

    /// SQL reading `column` as at most `bound` code points and one more.
    /// `substr` counts code points on a file's text, `left` on a server's.
    static func read(_ column: String, bound: Int, onServer: Bool) -> String {
        onServer ? "left(\(column), \(bound + 1))" : "substr(\(column), 1, \(bound + 1))"
    }

    /// `text` as read by `read`: itself, or, when it holds more than
    /// `bound` code points, its first `bound` and `cutMark`.
    static func kept(_ text: String, bound: Int) -> String {
        // No more bytes than the bound: no more code points either.
        guard text.utf8.count > bound else { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: bound, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end]) + cutMark(bound)
    }

    /// The columns every store reads an entry by, in `HistoryEntry`'s
    /// order: `at` is the store's own expression for the time.
    static func entryColumns(at: String, onServer: Bool) -> String {
        func word(_ column: String) -> String { read(column, bound: wordBound, onServer: onServer) }
        return "id, \(at), \(word("surface")), \(word("command")), \(read("file", bound: fileBound, onServer: onServer)), "
            + "\(read("summary", bound: summaryBound, onServer: onServer)), \(word("kind")), undone, reverses, count_before, count_after"
    }
}
