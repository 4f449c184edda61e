/// Which key an undo or a redo stores each name it gives back under.
///
/// Another program can leave two monsters whose names read alike
/// (`Cat-Bot`, and `ꓚat-Bot` with a Lisu ꓚ), and roster keeps both: the
/// lower id holds the name's key, the other is keyed by its id after it
/// (`NameRekeying.shadowKey`). A removal of one of them, or of both, is a
/// change like any other, and its undo must give them back. Stored under
/// the name's plain key, the second collided with the first (a raw
/// `23505` on PostgreSQL, "is now monster 1's by another program" on a
/// file, both untrue: the pair was there when the removal was made).
///
/// So a name given back that reads as a monster already there (or one
/// given back before it, by id) is keyed under the pair rule, unless the
/// holder may have got that name since (a change in the history after
/// this one named it, or another program wrote the roster since), or is
/// spelled exactly so: then the undo is refused naming the holder and
/// the change, as before.
struct PairKeys {
    /// Why a monster's name cannot be given back: `holder`, the monster
    /// that has it now, and the sentence's tail naming how it got it.
    struct Taken {
        let holder: Int64
        let wording: String
    }

    /// Who gave a name when the history does not say.
    static let byAnotherProgram = " by another program"

    /// The key to store for a monster given back as one of a pair, by id.
    private(set) var keys: [Int64: String] = [:]
    /// The monsters whose names are taken, by id.
    private(set) var taken: [Int64: Taken] = [:]

    /// `holders`: the monsters there now whose names read as a name the
    /// steps give, and that the steps do not remove. `laterChange`: how a
    /// holder may have got its name since (`, by #14 add …`, ` by another
    /// program`), nil when it had it when the change was made.
    init(holders: [Monster], steps: [MonsterRevision], laterChange: (Monster) throws -> String?) throws {
        var claimed: [String: Monster] = [:]
        for holder in holders.sorted(by: { $0.id < $1.id }) where claimed[MonsterRules.nameKey(holder.name)] == nil {
            claimed[MonsterRules.nameKey(holder.name)] = holder
        }
        var givenBack: Set<Int64> = []
        // By id, so that of two given back the lower keeps the plain key.
        for step in steps.sorted(by: { $0.monsterID < $1.monsterID }) {
            guard let after = step.after else { continue }
            let key = MonsterRules.nameKey(after.name)
            guard key != step.before.map({ MonsterRules.nameKey($0.name) }) else { continue }
            guard let holder = claimed[key], holder.id != step.monsterID else {
                var named = after
                named.id = step.monsterID
                claimed[key] = named
                givenBack.insert(step.monsterID)
                continue
            }
            if !givenBack.contains(holder.id) {
                let exact = holder.name.unicodeScalars.elementsEqual(after.name.unicodeScalars)
                if let wording = try laterChange(holder) ?? (exact ? Self.byAnotherProgram : nil) {
                    taken[step.monsterID] = Taken(holder: holder.id, wording: wording)
                    continue
                }
            }
            keys[step.monsterID] = NameRekeying.shadowKey(key, id: step.monsterID)
        }
    }
}
