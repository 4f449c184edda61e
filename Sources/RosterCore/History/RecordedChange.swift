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
