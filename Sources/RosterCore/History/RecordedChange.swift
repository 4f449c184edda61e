/// What a change writes into the history, worked out from the change
/// alone, so that every store records the same words and rows for it:
/// the summary the history and undo show, and each monster before and after.
struct RecordedChange {
    let command: String
    let summary: String
    let revisions: [MonsterRevision]

    /// A set-weapon's entry; nil when no monster's weapon changed.
    static func weapons(_ changes: [WeaponChange]) -> RecordedChange? {
        let changed = changes.filter(\.isChange)
        guard !changed.isEmpty else { return nil }
        return RecordedChange(command: "set-weapon", summary: ChangeWording.weapons(changed), revisions: changed.map { change in
            var after = change.monster
            after.weapon = Weapon(change.weapon)
            return MonsterRevision(monsterID: change.monster.id, before: change.monster, after: after)
        })
    }

    /// An edit's entry, of one monster or many (`edit --where`); nil when
    /// nothing changed. Edits that only give weapons are told as
    /// `set-weapon` tells them: one change, one set of words.
    static func edits(_ edits: [MonsterEdit]) -> RecordedChange? {
        let changed = edits.filter(\.isChange)
        guard !changed.isEmpty else { return nil }
        let weaponsOnly = changed.allSatisfy { edit in
            var weaponOnly = edit.before
            weaponOnly.weapon = edit.after.weapon
            return weaponOnly == edit.after
        }
        if weaponsOnly {
            return weapons(changed.map { WeaponChange(monster: $0.before, weapon: $0.after.weapon.type) })
        }
        return RecordedChange(command: "edit", summary: ChangeWording.edits(changed.map { ($0.before, $0.after) }),
                              revisions: changed.map { MonsterRevision(monsterID: $0.before.id, before: $0.before, after: $0.after) })
    }

    /// A removal's entry.
    static func removal(_ monsters: [Monster]) -> RecordedChange {
        RecordedChange(command: "remove", summary: ChangeWording.removed(monsters),
                       revisions: monsters.map { MonsterRevision(monsterID: $0.id, before: $0, after: nil) })
    }
}

extension RecordedChange {
    /// An addition's entry.
    static func addition(_ monster: Monster) -> RecordedChange {
        RecordedChange(command: "add", summary: ChangeWording.added(monster),
                       revisions: [MonsterRevision(monsterID: monster.id, before: nil, after: monster)])
    }
}
