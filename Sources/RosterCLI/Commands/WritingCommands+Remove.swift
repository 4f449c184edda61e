import TextSafety
import RosterCore
import TerminalKit

/// `remove`: by name, or every match of `--where` read whole in one read,
/// which is what the question shows and what the removal confirms, so a
/// monster another writer changed after that read stops the removal. On a
/// terminal it asks first (counting many, naming the first few); anywhere
/// else it needs --yes.
extension WritingCommands {
    static let removeWithoutAsking = Flag("yes", short: "y", "remove without asking")

    static let remove: CommandSpec = CommandSpec(
        name: "remove",
        abstract: "remove monsters from the roster",
        discussion: """
            On a terminal, asks before removing. Otherwise --yes is required, so that a
            script never removes by accident. All the names must exist, or nothing is removed.
            --where EXPR (see `roster help list`) removes every match instead, asking the
            same way, as one change that one `roster undo` takes back.
            """,
        arguments: [ArgumentSpec("NAME", "monsters by name (any case) or id", arity: .many(minimum: 1),
                                 completion: CommonOptions.monsterNames)],
        options: [QueryOptions.filter, removeWithoutAsking, CommonOptions.dryRun],
        usageForms: ["NAME… [--yes] [--dry-run]", "--where EXPR… [--yes] [--dry-run]"],
        examples: ["roster remove Dog-Bot", "roster remove Dog-Bot Cat-Bot --yes", "roster remove --where 'origin=none' --dry-run"],
        listChosenBy: ["where"],
        suggestedFor: ["delete", "del", "rm", "erase"]
    ) { invocation in
        let context = invocation.context
        let store = try invocation.store()
        let dryRun = invocation[CommonOptions.dryRun]
        // An empty name is a slip of the command line (64), not a missing monster.
        if invocation.positionals.contains("") { throw RosterError.monsterNotFound("", suggestion: nil) }
        // With --where, every match by id: the same checks, question and change.
        // The matches are read whole, in one read: they are what the
        // question shows and what the removal confirms, so a monster that
        // changed after that read stops the removal, and one that stopped
        // matching before it is not among them.
        var references = invocation.positionals
        var matched: [Monster]?
        if !invocation.values(QueryOptions.filter).isEmpty {
            let found = try store.monsters(matching: try invocation.query().acting)
            references = found.map { "#\($0.id)" }
            matched = found
            if references.isEmpty {
                context.note("no monsters match; nothing removed")
                return .success
            }
        }
        // Check every name first, so that nothing is asked about a typo;
        // every name that is missing is reported, then that nothing changed.
        let doomed: [Monster]
        do {
            doomed = try matched ?? store.remove(references, dryRun: true)
        } catch RosterError.monsterNotFound(let reference, let suggestion) {
            var missing = [RosterError.monsterNotFound(reference, suggestion: suggestion)]
            var others: [String] = []
            // Each name is looked up once; a set, not a search of `others`
            // per name, which was quadratic in the names given.
            var looked: Set<String> = [reference]
            for other in references where looked.insert(other).inserted {
                if try store.find(other) == nil { others.append(other) }
            }
            let suggestions = try store.suggestNames(for: others)
            for other in others {
                missing.append(.monsterNotFound(other, suggestion: suggestions[other]))
            }
            for error in missing { context.error(error.description) }
            context.error("nothing was removed")
            return .failure
        }
        // Many are counted, with the first few named: a question listing
        // 20,000 names is a wall nobody reads (the dry run lists them all).
        let shown = doomed.prefix(doomed.count > 10 ? 8 : 10).map { Quote.name($0.name) }.joined(separator: ", ")
        let names = doomed.count > 10 ? "these \(doomed.count) monsters (\(shown) and \(doomed.count - 8) more)" : shown
        // One a line, as set-weapon and edit list theirs, then the count.
        if dryRun {
            for monster in doomed { context.note("would remove \(Quote.name(monster.name))") }
            context.note("dry run: would remove \(doomed.count) monster\(doomed.count == 1 ? "" : "s"); nothing was changed")
            return .success
        }
        if !invocation[removeWithoutAsking] {
            guard context.stdinIsTerminal else {
                throw UsageError("`remove` needs --yes when not run on a terminal", command: invocation.commandName)
            }
            guard context.confirm("Remove \(names)?") else {
                // Declining is not a failure, as with `rm -i`.
                context.note("nothing removed")
                return .success
            }
        }
        // The monsters confirmed, by id and as they were shown: one that
        // changed meanwhile (renamed, say, and another given its name)
        // stops the removal rather than removing one nobody confirmed.
        let removed: [Monster]
        do {
            removed = try store.remove(references, confirmed: doomed)
        } catch RosterError.changedSinceAsked(let name, _) where invocation[removeWithoutAsking] {
            // With --yes nobody was asked: say what did happen.
            throw RosterError.changedSinceAsked(name, asked: false)
        }
        for monster in removed { context.note("removed \(Quote.name(monster.name))") }
        return .success
    }
}
