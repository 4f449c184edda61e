import TextSafety

/// The lines a change of many monsters tells on stderr: one per monster up
/// to `listed`, then how many more, and where the rest can be read.
///
/// `set-weapon --where weapon=fire sword` on 200,000 monsters once wrote
/// 200,000 lines a person scrolls past to find whether it worked. What is
/// wanted is the first few (to see that the right monsters changed) and
/// the count; every monster's before and after is in the history entry.
struct ChangeLines {
    /// Lines told one by one before the rest are counted.
    static let listed = 10

    let context: CommandContext
    let dryRun: Bool
    private var told = 0
    private var untold = 0

    init(context: CommandContext, dryRun: Bool) {
        self.context = context
        self.dryRun = dryRun
    }

    /// Tells `line`, or counts it once `listed` lines were told.
    mutating func tell(_ line: String) {
        guard told < Self.listed else {
            untold += 1
            return
        }
        told += 1
        context.note(line)
    }

    /// A line for each of `changes`: "changed NAME: WHAT" ("would change"
    /// in a dry run) where `change` says what changed, else `unchanged`.
    mutating func tell<Change>(each changes: [Change], name: (Change) -> String, change: (Change) -> String?,
                               unchanged: (Change) -> String) {
        for item in changes {
            let quoted = Quote.name(name(item))
            if let what = change(item) {
                tell("\(dryRun ? "would change" : "changed") \(quoted): \(what)")
            } else {
                tell("\(quoted) \(unchanged(item))")
            }
        }
        finish()
    }

    /// How many more there were, and where they are: the history entry
    /// of a change, the same command again for a dry run.
    func finish() {
        guard untold > 0 else { return }
        context.note(dryRun
            ? "… and \(untold) more (the first \(told) are listed)"
            : "… and \(untold) more (the first \(told) are listed; `roster history --limit 1 --format json` lists every one)")
    }
}
