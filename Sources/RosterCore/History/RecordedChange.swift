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

    /// An edit's entry. A weapon chosen in the interface (or given by
    /// `edit --weapon`) is told as `set-weapon` tells it: one change, one
    /// set of words. Nil when nothing changed.
    static func edit(_ before: Monster, _ after: Monster) -> RecordedChange? {
        var weaponOnly = before
        weaponOnly.weapon = after.weapon
        if weaponOnly == after { return weapons([WeaponChange(monster: before, weapon: after.weapon.type)]) }
        return RecordedChange(command: "edit", summary: ChangeWording.edit(before, after),
                              revisions: [MonsterRevision(monsterID: before.id, before: before, after: after)])
    }
}
