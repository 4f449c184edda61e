import TextSafety

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
/// the change, as before. Under the pair rule the lowest id among the
/// holders and the monsters given back gets the plain key, the others
/// their shadow keys, holders re-keyed where that moves the plain key:
/// given back under its shadow, a pair's lower member left nobody on the
/// plain key, and checks by the plain key then let a third name alike in.
struct PairKeys {
    /// Why a monster's name cannot be given back: `holder`, the monster
    /// that has it now, and the sentence's tail naming how it got it.
    struct Taken {
        let holder: Int64
        let holderName: String
        let wording: String
        /// Spelled otherwise, and only another program's writes since
        /// could have given it: roster cannot tell it was there before.
        let uncertain: Bool

        /// Why `name` cannot be given back, in one clause.
        func sentence(_ name: String) -> String {
            guard uncertain else { return "the name \(Quote.code(name)) is now monster \(holder)’s\(wording)" }
            return "the name \(Quote.code(name)) reads as \(Quote.code(holderName)) (id \(holder)), and another program "
                + "wrote the roster since, so roster cannot tell it was there before"
        }
    }

    /// Who gave a name when the history does not say.
    static let byAnotherProgram = " by another program"

    /// Whether a change whose revision of a monster took it from the name
    /// `before` to `after` (nil: it did not exist on that side) gave it a
    /// name reading as `key`, or spelled it anew. A change that kept the
    /// name (a set-weapon, the undo of one) gave nothing: the monster had
    /// the name already, so roster's own later writes to a pair's other
    /// member do not stand in the way of giving a removed member back.
    static func gaveName(readingAs key: String, before: String?, after: String?) -> Bool {
        guard let after, MonsterRules.nameKey(after) == key else { return false }
        guard let before else { return true }
        return !before.unicodeScalars.elementsEqual(after.unicodeScalars)
    }

    /// The key to store for each monster given back whose name reads as
    /// another's, by id.
    private(set) var keys: [Int64: String] = [:]
    /// The keys to store for monsters already there, shadow keys first so
    /// that the plain key is free before it is given.
    private(set) var holderKeys: [(id: Int64, key: String)] = []
    /// The monsters whose names are taken, by id.
    private(set) var taken: [Int64: Taken] = [:]

    /// `holders`: the monsters there now whose names read as a name the
    /// steps give, and that the steps do not remove. `laterChange`: how a
    /// holder may have got its name since (`, by #14 add …`, ` by another
    /// program`), nil when it had it when the change was made.
    init(holders: [Monster], steps: [MonsterRevision], laterChange: (Monster) throws -> String?) throws {
        // A monster the steps remove or rename holds no name here: its
        // own step keys it.
        let moving = Set(steps.filter { step in
            step.after.map { MonsterRules.nameKey($0.name) } != step.before.map { MonsterRules.nameKey($0.name) }
        }.map(\.monsterID))
        var holdersByKey: [String: [Monster]] = [:]
        for holder in holders.sorted(by: { $0.id < $1.id })
        where !moving.contains(holder.id) && !(holdersByKey[MonsterRules.nameKey(holder.name)] ?? []).contains(where: { $0.id == holder.id }) {
            holdersByKey[MonsterRules.nameKey(holder.name), default: []].append(holder)
        }
        var givenBack: [String: [Int64]] = [:]
        for step in steps.sorted(by: { $0.monsterID < $1.monsterID }) {
            guard let after = step.after else { continue }
            let key = MonsterRules.nameKey(after.name)
            guard key != step.before.map({ MonsterRules.nameKey($0.name) }) else { continue }
            let others = (holdersByKey[key] ?? []).filter { $0.id != step.monsterID }
            if let blocking = try Self.blocking(others, name: after.name, laterChange: laterChange) {
                taken[step.monsterID] = blocking
                continue
            }
            givenBack[key, default: []].append(step.monsterID)
        }
        for (key, ids) in givenBack {
            let holderIDs = (holdersByKey[key] ?? []).map(\.id).filter { !ids.contains($0) }
            guard ids.count > 1 || !holderIDs.isEmpty else { continue }
            let lowest = (ids + holderIDs).min() ?? ids[0]
            for id in ids { keys[id] = id == lowest ? key : NameRekeying.shadowKey(key, id: id) }
            for id in holderIDs {
                holderKeys.append((id, id == lowest ? key : NameRekeying.shadowKey(key, id: id)))
            }
        }
        holderKeys.sort { ($0.key.contains("\n") ? 0 : 1, $0.id) < ($1.key.contains("\n") ? 0 : 1, $1.id) }
    }

    /// A holder that may have got the name since the change, or that is
    /// spelled exactly as the name given back.
    private static func blocking(_ holders: [Monster], name: String,
                                 laterChange: (Monster) throws -> String?) throws -> Taken? {
        // A holder known to have got the name first; else the newest of
        // those roster cannot tell about, the likeliest to be new.
        var uncertain: Taken?
        for holder in holders {
            let exact = holder.name.unicodeScalars.elementsEqual(name.unicodeScalars)
            if let wording = try laterChange(holder) ?? (exact ? byAnotherProgram : nil) {
                let taken = Taken(holder: holder.id, holderName: holder.name, wording: wording,
                                  uncertain: !exact && wording == byAnotherProgram)
                guard taken.uncertain else { return taken }
                uncertain = taken
            }
        }
        return uncertain
    }
}
