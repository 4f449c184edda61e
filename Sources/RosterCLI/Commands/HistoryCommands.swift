import RosterCore

/// `history`, `undo` and `redo`: every change any surface made is in the
/// roster file's history, and can be taken back and put back.
enum HistoryCommands {
    static let limit = Option<PositiveCount>("limit", short: "l", value: "N", "at most N changes")
    static let format = CommonOptions.format([.table, .plain, .json, .ndjson], default: CommonOptions.formatDefaultHelp)
    static let clear = Flag("clear", "empty the history (asks on a terminal; scripts pass --yes)")
    static let clearWithoutAsking = Flag("yes", short: "y", "with --clear: clear without asking")

    static let history: CommandSpec = CommandSpec(
        name: "history",
        abstract: "list the changes made to the roster, newest first",
        discussion: """
            Every change is recorded in the roster file, in the same transaction as the
            change: by which command, or by the interactive roster; which monsters it
            touched, and each field before and after. An import is one change. The
            history keeps the last \(grouped(RosterLimits.historyBound)) changes; of those, the last \(RosterLimits.keptImportSnapshots) imports keep
            the whole roster from before them, so that they can be undone.

            With NAME, only the changes that touched that monster (imports touch every
            monster, so they are always listed). Piped, each change is one tab-separated
            line: id, time (UTC, the stored form, as JSON's at), surface, command, file,
            summary, state (done, undone). The summary is the sentence undo says, so an
            activation in it is on your clock (TZ), its zone named, as on a terminal.
            JSON and NDJSON have the keys id, at, surface, command, file, summary, undone,
            reverses, count_before, count_after, monsters; each monster has id, name,
            before and after, the fields that changed (null before an add, after a removal).
            """,
        arguments: [ArgumentSpec("NAME", "only changes to this monster (name in any case, or id)", arity: .optional,
                                 completion: CommonOptions.monsterNames)],
        options: [limit, format, clear, clearWithoutAsking],
        examples: ["roster history", "roster history Cat-Bot --limit 5", "roster history --format json", "roster history --clear --yes"],
        validate: { invocation in
            if invocation[clear], !invocation.positionals.isEmpty || invocation[limit] != nil {
                throw UsageError("--clear empties the whole history; it takes no NAME or --limit", command: invocation.commandName)
            }
            if invocation[clearWithoutAsking], !invocation[clear] {
                throw UsageError("--yes goes with --clear", command: invocation.commandName)
            }
        }
    ) { invocation in
        let context = invocation.context
        if invocation[clear] {
            let store = try invocation.store()
            let count = try store.historyCount()
            guard count > 0 else {
                // Cleared all the same: the numbers another program wound
                // past roster's own are given a way on (see `clearHistory`).
                _ = try store.clearHistory()
                context.note("the history is already empty; nothing to clear")
                return .success
            }
            if !invocation[clearWithoutAsking] {
                guard context.stdinIsTerminal else {
                    throw UsageError("`history --clear` needs --yes when not run on a terminal", command: invocation.commandName)
                }
                guard context.confirm("Clear the history of \(count) change\(count == 1 ? "" : "s")? Nothing before now could be undone.") else {
                    context.note("nothing cleared")
                    return .success
                }
            }
            let cleared = try store.clearHistory()
            context.note("cleared the history (\(cleared) change\(cleared == 1 ? "" : "s")); nothing before now can be undone")
            return .success
        }
        let store = try invocation.store()
        let reference = invocation.positionals.first
        if let reference, try store.find(reference) == nil, try !store.historyMentions(reference) {
            // Neither on the roster nor ever in a change: a typo, most likely.
            throw RosterError.monsterNotFound(reference, suggestion: try store.suggestName(for: reference))
        }
        let entries = try store.history(touching: reference, limit: invocation[limit]?.value)
        try HistoryOutput(context: context).list(entries, store: store, format: invocation.format(format))
        return .success
    }

    static let undoCount = Argument<PositiveCount>("N", "how many changes to undo (default 1)", arity: .optional)
    static let redoCount = Argument<PositiveCount>("N", "how many undone changes to redo (default 1)", arity: .optional)

    static let allUsers = Flag("all-users", "on a roster a team shares: the team's latest change, not only your own")

    /// `--all-users`: undo and redo act on everyone's changes. A file has
    /// one person's history, so there it changes nothing.
    static func store(_ invocation: Invocation) throws(RosterError) -> any RosterStore {
        let store = try invocation.store()
        if invocation[allUsers], let shared = store as? PostgresRosterStore { shared.undoScope = .everyone }
        return store
    }

    static let undo: CommandSpec = CommandSpec(
        name: "undo",
        abstract: "take back the last change (or the last N) that has not been undone",
        discussion: """
            Undoes changes made by any command or by the interactive roster, newest first,
            and says what it took back in the words of the change. An import is one change:
            undo brings back the roster from before it, ids included. Undo never overwrites
            work done since: if a monster the change touched has been changed again, it
            refuses, names the monster and the later change, and changes nothing (status 1).
            An import is checked as a whole: the roster file counts every monster any
            program adds, changes or removes (the sqlite3 shell too), so undoing an import,
            or redoing it, refuses when another program wrote a monster after it, naming
            the latest (Cat-Bot was changed by another program after the import; nothing
            was undone), even if roster's own later changes were undone since.
            Undo is a change too: `roster redo` takes it back. With nothing to undo, it says
            so and succeeds. On a roster a team shares (PostgreSQL), undo takes back your own
            latest change (your database user, from your machine); --all-users takes back the
            team's latest, whoever made it. Both refuse, naming the later change and who made
            it, when someone changed those monsters since.
            """,
        arguments: [undoCount],
        options: [CommonOptions.dryRun, allUsers],
        examples: ["roster undo", "roster undo 3", "roster undo --dry-run"]
    ) { invocation in
        let count = try boundedCount(invocation[undoCount]?.value ?? 1, of: "undo", invocation: invocation)
        let dryRun = invocation[CommonOptions.dryRun]
        report(try store(invocation).undo(count, dryRun: dryRun), dryRun: dryRun, context: invocation.context)
        return .success
    }

    static let redo: CommandSpec = CommandSpec(
        name: "redo",
        abstract: "put back what undo took back, until a new change is made",
        discussion: """
            Redoes the change undone most recently (or the last N undone), as long as no
            new change has been made since the undo. Like undo, it refuses rather than
            overwrite a monster changed since (status 1), and an import's redo refuses
            when another program wrote a monster after its undo.
            """,
        arguments: [redoCount],
        options: [CommonOptions.dryRun, allUsers],
        examples: ["roster redo", "roster redo --dry-run"]
    ) { invocation in
        let count = try boundedCount(invocation[redoCount]?.value ?? 1, of: "redo", invocation: invocation)
        let dryRun = invocation[CommonOptions.dryRun]
        report(try store(invocation).redo(count, dryRun: dryRun), dryRun: dryRun, context: invocation.context)
        return .success
    }

    /// A count past what the history can hold is a slip of the keyboard
    /// (`undo 1000000` for `undo 10`), not a wish to take back everything.
    private static func boundedCount(_ count: Int, of command: String, invocation: Invocation) throws -> Int {
        let bound = RosterLimits.historyBound
        guard count <= bound else {
            throw UsageError("N must be at most \(bound), as the history keeps no more changes than that; `roster \(command) \(bound)` \(command == "undo" ? "undoes" : "redoes") all there are",
                             command: invocation.commandName)
        }
        return count
    }

    private static func report(_ outcome: HistoryOutcome, dryRun: Bool, context: CommandContext) {
        for sentence in outcome.sentences { context.note(sentence) }
        if dryRun && !outcome.steps.isEmpty { context.note("dry run: nothing was changed") }
    }

    /// `10,000`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
