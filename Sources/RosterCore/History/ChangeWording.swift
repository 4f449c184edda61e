import TextSafety

/// The words a change is told in: by the command that made it, by
/// `history`, and by undo and redo, which repeat them.
public enum ChangeWording {
    /// How many monsters a summary names before "and N more".
    static let namedInSummary = 3

    /// `Cat-Bot: Sword → Fire`, one part per monster.
    public static func weapons(_ changes: [WeaponChange]) -> String {
        listed(changes.filter(\.isChange).map { weapon(of: $0.monster.name, from: $0.monster.weapon.type, to: $0.weapon) })
    }

    /// `Cat-Bot: Sword → Fire`: one monster's part of `weapons`, and the
    /// whole of a change of one monster.
    public static func weapon(of name: String, from before: WeaponType, to after: WeaponType) -> String {
        "\(Quote.name(name)): \(before.displayName) → \(after.displayName)"
    }

    /// ``Cat-Bot: name `Cat-Bot` → `Kitty-Bot`, colour Default → Red``.
    /// With `pictures`, a change of picture names each picture as it
    /// says (`picture Dog robot → Cat robot`, as the interface shows
    /// them), rather than by file (`icon meetdogbot.png → meetcatbot.png`,
    /// what `--icon` takes and what the history keeps).
    public static func edit(_ before: Monster, _ after: Monster, pictures: ((String) -> String)? = nil) -> String {
        "\(Quote.name(before.name)): " + differences(before, after, pictures: pictures).joined(separator: ", ")
    }

    /// ``Cat-Bot: colour Default → Red; Dog-Bot: colour Blue → Red``: one
    /// part per monster, the first few named (`edit --where`).
    public static func edits(_ pairs: [(before: Monster, after: Monster)], pictures: ((String) -> String)? = nil) -> String {
        listed(pairs.map { edit($0.before, $0.after, pictures: pictures) })
    }

    /// `Bat-Bot (id 7)`.
    public static func added(_ monster: Monster) -> String {
        "\(Quote.name(monster.name)) (id \(monster.id))"
    }

    /// `Dog-Bot, Cat-Bot`.
    public static func removed(_ monsters: [Monster]) -> String {
        listed(monsters.map { Quote.name($0.name) }, separator: ", ")
    }

    /// `3 added, 2 updated, 0 unchanged, 1 removed (mode replace)`.
    public static func imported(_ summary: ImportSummary, mode: ImportMode) -> String {
        "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.removed) removed (mode \(mode.rawValue))"
    }

    /// ``name `Cat-Bot` → `Kitty-Bot` ``, `colour Default → Red`…: each field
    /// that differs, in field order, as `MonsterField.told` tells it.
    public static func differences(_ before: Monster, _ after: Monster, pictures: ((String) -> String)? = nil) -> [String] {
        MonsterFields.dataFields.compactMap { field in
            guard field.differs(before, after) else { return nil }
            if let pictures, field === MonsterFields.icon {
                return "picture \(pictures(before.icon)) → \(pictures(after.icon))"
            }
            var was = field.told(before), now = field.told(after)
            // A rounded form (minutes) that hides the change: the exact values.
            if was == now, let exactly = field.toldExactly {
                was = exactly(before)
                now = exactly(after)
            }
            return "\(field.changeLabel) \(was) → \(now)"
        }
    }

    /// The first few parts, then how many more there are.
    static func listed(_ parts: [String], separator: String = "; ") -> String {
        guard parts.count > namedInSummary + 1 else { return parts.joined(separator: separator) }
        return parts.prefix(namedInSummary).joined(separator: separator) + " and \(parts.count - namedInSummary) more"
    }

    /// Why redo has nothing to put back once a change was made after the
    /// undo it would follow, in the same words on every store, true of
    /// what the person did: when they undid and redid a change since
    /// (`redone`), that is what they remember; else the change made
    /// (`later`, by `author` when the store names someone else) after the
    /// last undo, or after the undo of `undone` when a newer undo came
    /// between.
    /// The sentence cites the changes it names (`Shortfall.citing`).
    static func redoEnded(by later: HistoryEntry, author: String? = nil, redone: HistoryEntry?,
                          afterLastUndo: Bool, undone: HistoryEntry?) -> Shortfall {
        if let redone { return Shortfall("nothing to redo: the last change undone, #\(redone.id) \(redone.line), was redone", citing: [redone]) }
        let made = "#\(later.id) \(later.line)\(author.map { " (\($0))" } ?? "") was made after"
        if afterLastUndo { return Shortfall("nothing to redo: \(made) the last undo", citing: [later]) }
        guard let undone else { return Shortfall("nothing to redo: \(made) the last undo", citing: [later]) }
        return Shortfall("nothing to redo: \(made) #\(undone.id) \(undone.line) was undone", citing: [later, undone])
    }

    /// `undid set-weapon Cat-Bot: Sword → Fire`: what undo and redo say,
    /// the change in its own words.
    public static func reversal(_ verb: String, of entry: HistoryEntry) -> String {
        "\(verb) \(entry.line)"
    }
}
