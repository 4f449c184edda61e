/// Which changes can be undone by their number (the interface's history,
/// `undo` of a chosen change), for every store: an original change that is
/// not undone yet. Whether its monsters allow it is the store's `reverse`,
/// which refuses, naming the later change, when one touched them.
enum ChosenChange {
    /// The entry numbered `id` when it can be chosen; else why not.
    static func check(_ entry: HistoryEntry?, id: Int64) throws(RosterError) -> HistoryEntry {
        guard let entry else { throw RosterError.historyRefused("cannot undo #\(id): the history has no change #\(id)") }
        if let reversed = entry.reverses {
            throw RosterError.historyRefused("cannot undo #\(id): it is the \(entry.command) of #\(reversed); u and U step through those")
        }
        if entry.isUndone { throw RosterError.historyRefused("cannot undo #\(id) \(entry.line): it is undone already", citing: [entry]) }
        return entry
    }
}
