import TextSafety
import RosterCore
import TerminalKit

/// `set-weapon`, `add`, `edit` and `remove`: every change is one
/// transaction, `--dry-run` does all the checks and then changes nothing,
/// and a change that changes nothing says so and succeeds.
enum WritingCommands {
    static let stdin = Flag("stdin", "read NAME<TAB>WEAPON or NAME,WEAPON lines, or NDJSON objects, from standard input")
    static let from = Option<WeaponType>("from", value: "W",
                                         "only if each monster carries W now; otherwise change nothing (status 1)")

    static let weaponArgument = Argument<WeaponType>("WEAPON", "blowgun, ninja-star, fire, sword or smoke (any spelling)")

    static let setWeapon: CommandSpec = CommandSpec(
        name: "set-weapon",
        abstract: "give one or more monsters a weapon",
        discussion: """
            With --stdin, reads one assignment per line: NAME<TAB>WEAPON, NAME,WEAPON
            (CSV quoting: "Bot, Esq.",fire) or an NDJSON object {"name": …, "weapon": …}.
            A name,weapon header, blank lines and lines starting with # (without a tab)
            are skipped. The whole batch is one transaction:
            if any line is wrong, every problem is reported and nothing changes.

            Limits (as for import): one line up to \(ChunkedInput.recordLimit / 1024) KiB, standard input up to
            \(ChunkedInput.sizeLimit >> 30) GiB; a line past the limit is refused with its line number.
            """,
        arguments: [
            ArgumentSpec("NAME", "monsters by name (any case) or id", arity: .many(minimum: 1), completion: CommonOptions.monsterNames),
            weaponArgument,
        ],
        options: [stdin, QueryOptions.filter, from, CommonOptions.dryRun],
        usageForms: ["NAME… WEAPON [--from W] [--dry-run]", "--where EXPR… WEAPON [--dry-run]", "--stdin [--from W] [--dry-run]"],
        examples: [
            "roster set-weapon Cat-Bot sword",
            "roster set-weapon Cat-Bot Dog-Bot \"Ninja Star\"",
            "printf 'Cat-Bot\\tfire\\n' | roster set-weapon --stdin",
            "printf 'name,weapon\\nCat-Bot,fire\\n' | roster set-weapon --stdin",
            "roster set-weapon Cat-Bot fire --from sword",
            "roster set-weapon --where 'height>=5ft' sword --dry-run",
        ],
        argumentsReplacedBy: ["stdin"],
        listChosenBy: ["where"],
        reportsValueProblemsWithItsOwn: true,
        validate: { invocation in
            // A weapon that cannot be read may be the order reversed.
            if !invocation.valueProblems.isEmpty {
                try refuseWeaponFirst(invocation)
                throw UsageError(invocation.valueProblems, command: invocation.commandName)
            }
        }
    ) { invocation in
        let context = invocation.context
        let dryRun = invocation[CommonOptions.dryRun]
        let expected = invocation[from]
        let changes: [WeaponChange]
        if invocation[stdin] {
            if context.stdinIsTerminal {
                context.note("reading NAME<TAB>WEAPON or NAME,WEAPON lines (or NDJSON objects) from the terminal; end with Ctrl-D")
            }
            let parsed = WeaponBatch.parse(try context.readStandardInputLines())
            if parsed.problems.isEmpty && parsed.assignments.isEmpty {
                context.note("standard input held no assignments; nothing changed")
                return .success
            }
            changes = try invocation.store().setWeapons(parsed, dryRun: dryRun, expecting: expected)
        } else if !invocation.values(QueryOptions.filter).isEmpty, let weapon = invocation[weaponArgument] {
            // Every match, as one change that one undo takes back, matched
            // by the write itself: a match read before it could have been
            // made untrue by another writer meanwhile.
            changes = try invocation.store().setWeapon(weapon, matching: try invocation.query(), dryRun: dryRun, expecting: expected)
            if changes.isEmpty {
                context.note("no monsters match; nothing changed")
                return .success
            }
        } else if let (names, weaponText) = invocation.arguments.leadingAndLast, let weapon = invocation[weaponArgument] {
            try refuseSeveralWeapons(names, last: weaponText, invocation)
            changes = try invocation.store().setWeapons(names.map { WeaponAssignment(reference: $0, weapon: weapon) },
                                                        dryRun: dryRun, expecting: expected)
        } else {
            throw UsageError("missing NAME and WEAPON", command: invocation.commandName)
        }
        let changed = changes.filter(\.isChange).count
        if changes.count == 1, changed == 0, let only = changes.first {
            context.note("\(Quote.name(only.monster.name)) already carries \(only.weapon.displayName); nothing changed")
            return .success
        }
        var lines = ChangeLines(context: context, dryRun: dryRun)
        lines.tell(each: changes, name: \.monster.name,
                   change: { $0.isChange ? "\($0.monster.weapon.type.displayName) → \($0.weapon.displayName)" : nil },
                   unchanged: { "already carries \($0.weapon.displayName)" })
        if changed == 0 {
            context.note("nothing changed")
        } else if dryRun {
            context.note("dry run: \(changed) weapon\(changed == 1 ? "" : "s") would change; nothing was changed")
        }
        return .success
    }

    /// `set-weapon fire Cat-Bot`: the weapon first and a name last, which
    /// is no weapon, is the order reversed; the right order is suggested,
    /// never run.
    static func refuseWeaponFirst(_ invocation: Invocation) throws {
        let given = invocation.positionals
        guard invocation[weaponArgument] == nil, given.count >= 2, let first = given.first, let last = given.last,
              WeaponType(parsing: first) != nil, WeaponType(parsing: last) == nil,
              try invocation.store().find(first) == nil else { return }
        let reordered = (["roster", "set-weapon"] + given.dropFirst() + [first]).map(shellWord).joined(separator: " ")
        throw UsageError("the names come first and the weapon last; did you mean \(Quote.code(reordered))?",
                         command: invocation.commandName)
    }

    /// `word` as a shell reads it back: as it is when it holds nothing the
    /// shell would take apart, else in single quotes.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil) && !$0.isASCII
                || "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,+:/@%=".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `set-weapon Cat-Bot sword fire`: a weapon among the names, where no
    /// monster has that name, is a second weapon rather than a missing monster.
    static func refuseSeveralWeapons(_ names: [String], last: String, _ invocation: Invocation) throws {
        var weapons: [String] = []
        for name in names where WeaponType(parsing: name) != nil {
            if try invocation.store().find(name) == nil { weapons.append(name) }
        }
        guard !weapons.isEmpty else { return }
        let given = (weapons + [last]).map { "\(Quote.code($0))" }
        let count = ["two", "three", "four", "five"].dropFirst(given.count - 2).first ?? String(given.count)
        let listed = given.dropLast().joined(separator: ", ") + " and " + (given.last ?? "")
        throw UsageError("\(count) weapons were given (\(listed)); "
                         + "set-weapon gives the monsters named first the one weapon named last",
                         command: invocation.commandName)
    }

    static let weapon = Option<WeaponType>("weapon", short: "w", value: "W", "its weapon", required: true)
    static let description = Option<String>("description", short: "d", value: "D", "what it is like")
    static let icon = Option<String>("icon", value: "ASSET", "its picture: one of roster's image assets, such as meetcatbot.png",
                                     completion: pictures)
    static let details = CommonOptions.Details(clearing: false)

    /// The pictures roster carries, listed only when a script or the manual asks.
    static let pictures = CompletionSource.deferred(DeferredWords("pictures") { Assets.imageNames })

    static let add: CommandSpec = CommandSpec(
        name: "add",
        abstract: "add a monster",
        discussion: """
            Names are 1 to 64 characters without control characters, and unique ignoring
            case. Descriptions are at most 280 characters. The icon is one of the pictures
            roster carries, such as meetcatbot.png (default: \(Monster.defaultIcon)); any other
            name is refused with the list of them.

            Height, origin and activation may be left unknown. A height is feet and
            inches (0 to 30 ft, 0 to 11 in): 5ft11, 5'11" or 71in, or metric: 180cm, 1.8m. An origin is a
            country, by name or ISO 3166 code (France, FR, FRA); it is stored as the
            two-letter code. An activation is a date and time on your clock (TZ), such
            as 2026-11-29T14:05, or exact with Z or an offset (2026-11-29T13:05Z), or
            now; it is stored in UTC and shown in your time zone.
            """,
        arguments: [ArgumentSpec("NAME", "the new monster's name")],
        options: [weapon, description, icon, CommonOptions.color] + details.all + [CommonOptions.dryRun],
        examples: [
            "roster add Bat-Bot --weapon smoke --description \"Hangs around\" --color blue",
            "roster add Tall-Bot --weapon sword --height 6ft2 --origin France --activated now",
        ],
        reportsValueProblemsWithItsOwn: true
    ) { invocation in
        // Every problem is reported at once, as import does: values that
        // cannot be read (usage, 64), then the monster's own rules (65).
        let unreadable = invocation.valueProblems
        let draft = Monster(id: 0, name: invocation.positionals[0], description: invocation[description] ?? "",
                            icon: invocation[icon] ?? Monster.defaultIcon,
                            nameColor: invocation[CommonOptions.color] ?? .default,
                            weapon: Weapon(invocation[weapon] ?? .sword), height: invocation[details.height] ?? nil,
                            origin: (invocation[details.origin] ?? nil)?.code,
                            activated: invocation[details.activated] ?? nil)
        var broken = draft.problems
        if let icon = invocation[icon], MonsterRules.iconProblem(icon) == nil,
           let problem = MonsterRules.iconAvailabilityProblem(icon) {
            broken.append(problem)
        }
        var taken: RosterError?
        do {
            let existing = try MonsterRules.nameProblem(draft.name) == nil ? invocation.store().find(draft.name) : nil
            taken = existing.map { RosterError.nameTaken(draft.name, existing: $0.name) }
        } catch RosterError.namesReadAlike {
            // The name reads as several monsters': a look-up asks which
            // one is meant, but a new name is simply taken. The store's
            // own check of the name says so, naming them.
            var nameOnly = MonsterFields.blank
            nameOnly.name = draft.name
            do {
                _ = try invocation.store().add(nameOnly, dryRun: true)
            } catch let refusal as RosterError {
                taken = refusal
            }
        }
        if let taken {
            if unreadable.isEmpty && broken.isEmpty { throw taken }
            broken.append(FieldProblem(field: "name", message: taken.description))
        }
        if !unreadable.isEmpty {
            throw UsageError(unreadable + broken.map(\.message), command: invocation.commandName)
        }
        if !broken.isEmpty { throw RosterError.invalid(broken) }
        let dryRun = invocation[CommonOptions.dryRun]
        let added = try invocation.store().add(draft, dryRun: dryRun)
        if dryRun {
            // As every dry run: what would happen, then that nothing did.
            invocation.context.note("would add \(Quote.name(added.name))")
            invocation.context.note("dry run: nothing was changed")
        } else {
            invocation.context.note("added \(Quote.name(added.name)) (id \(added.id))")
        }
        return .success
    }

    enum Edit {
        static let name = Option<String>("name", value: "N", "a new name")
        static let description = Option<String>("description", short: "d", value: "D", "a new description")
        static let icon = Option<String>("icon", value: "ASSET", "a new picture: one of roster's image assets",
                                         completion: pictures)
        static let weapon = Option<WeaponType>("weapon", short: "w", value: "W", "a new weapon")
        static let details = CommonOptions.Details(clearing: true)
        static let expect = Option<FieldExpectation>("expect", value: "FIELD=VALUE",
                                           "only if FIELD still holds VALUE (as `show --format json` gives it; none for unknown); repeatable",
                                           repeatable: true)
    }

    static let edit: CommandSpec = CommandSpec(
        name: "edit",
        abstract: "change monsters' name, description, icon, colour, weapon, height, origin or activation",
        discussion: """
            Only the fields given change. --height, --origin and --activated take the
            forms `roster help add` describes, or none to make the value unknown.
            Several names, or --where EXPR (see `roster help list`) for every match,
            change them all the same way, as one change that one `roster undo` takes
            back; --dry-run lists each. --name names one monster, so it takes one NAME.
            """,
        arguments: [ArgumentSpec("NAME", "monsters by name (any case) or id", arity: .many(minimum: 1),
                                 completion: CommonOptions.monsterNames)],
        options: [QueryOptions.filter, Edit.name, Edit.description, Edit.icon, CommonOptions.newColor, Edit.weapon]
            + Edit.details.all + [Edit.expect, CommonOptions.dryRun],
        examples: [
            "roster edit Cat-Bot --name Kitty-Bot --color red",
            "roster edit Fire-Bot --height 6ft2 --origin FR --activated 2026-11-29T14:05",
            "roster edit Fire-Bot --origin none",
            "roster edit --where 'weapon=fire' --color red --dry-run",
            "roster edit Cat-Bot --name Kitty-Bot --expect name=Cat-Bot",
        ],
        listChosenBy: ["where"],
        validate: { invocation in
            guard !editChanges(invocation).isEmpty else {
                throw UsageError("`edit` needs at least one of --name, --description, --icon, --color, --weapon, --height, --origin, --activated",
                                 command: invocation.commandName)
            }
            if invocation[Edit.name] != nil, invocation.positionals.count != 1 {
                throw UsageError("--name names one monster; give it one NAME, without --where", command: invocation.commandName)
            }
        }
    ) { invocation in
        let changes = editChanges(invocation)
        if let icon = changes.icon, let problem = MonsterRules.iconAvailabilityProblem(icon) {
            // Stored icons are not checked: a missing one is shown as the fallback picture.
            throw RosterError.invalid([problem])
        }
        let dryRun = invocation[CommonOptions.dryRun]
        var expected = ExpectedValues()
        for expectation in invocation.values(Edit.expect) {
            if let problem = expected.expect(expectation.field, text: expectation.value) {
                throw UsageError("--expect: \(problem)", command: invocation.commandName)
            }
        }
        let context = invocation.context
        let store = try invocation.store()
        let byQuery = !invocation.values(QueryOptions.filter).isEmpty
        guard byQuery || invocation.positionals.count > 1 else {
            let edit = try store.edit(invocation.positionals[0], changes, dryRun: dryRun, expecting: expected)
            guard edit.isChange else {
                context.note("\(Quote.name(edit.before.name)) already has those values; nothing changed")
                return .success
            }
            let described = describeDifferences(edit.before, edit.after).joined(separator: ", ")
            context.note("\(dryRun ? "would change" : "changed") \(Quote.name(edit.before.name)): \(described)")
            if dryRun { context.note("dry run: nothing was changed") }
            return .success
        }
        // Every match (by id) or every name, as one change that one undo takes back.
        // With --where, matched by the write itself (see set-weapon).
        let edits = byQuery ? try store.edit(matching: try invocation.query(), changes, dryRun: dryRun, expecting: expected)
                            : try store.edit(invocation.positionals, changes, dryRun: dryRun, expecting: expected)
        if byQuery, edits.isEmpty {
            context.note("no monsters match; nothing changed")
            return .success
        }
        var lines = ChangeLines(context: context, dryRun: dryRun)
        lines.tell(each: edits, name: \.before.name,
                   change: { $0.isChange ? describeDifferences($0.before, $0.after).joined(separator: ", ") : nil },
                   unchanged: { _ in "already has those values" })
        let changed = edits.filter(\.isChange).count
        if changed == 0 {
            context.note("nothing changed")
        } else if dryRun {
            context.note("dry run: \(changed) monster\(changed == 1 ? "" : "s") would change; nothing was changed")
        }
        return .success
    }

    /// The changes `edit`'s options ask for.
    private static func editChanges(_ invocation: Invocation) -> MonsterChanges {
        var changes = MonsterChanges()
        changes.name = invocation[Edit.name]
        changes.description = invocation[Edit.description]
        changes.icon = invocation[Edit.icon]
        changes.nameColor = invocation[CommonOptions.newColor]
        changes.weapon = invocation[Edit.weapon]
        changes.height = invocation[Edit.details.height]
        changes.origin = invocation[Edit.details.origin].map { $0?.code }
        changes.activated = invocation[Edit.details.activated]
        return changes
    }

    /// ``name `Cat-Bot` → `Kitty-Bot`, colour Default → Red``: the words the history keeps too.
    static func describeDifferences(_ before: Monster, _ after: Monster) -> [String] {
        ChangeWording.differences(before, after)
    }
}
