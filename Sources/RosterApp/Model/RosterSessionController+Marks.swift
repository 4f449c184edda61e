import RosterCore

/// The marked monsters as an editor found them (as it opened, as they
/// came into the list, or as a refused choice found them), by id; and,
/// after a refusal, those another program had changed, with who did it:
/// the same choice again saves over theirs and says so. `historyID`: the
/// newest history entry seen when they were found, so that a clash names
/// only who changed them after it.
struct MarksFoundAs {
    var monsters: [Int64: Monster] = [:]
    var historyID: Int64 = 0
    var theirs: [(monster: Monster, who: String)] = []
}

/// Acting on many monsters at once. Space marks the selected monster and
/// moves on; the weapon panel, the colour popover, the height and origin
/// wheels, the activation picker and remove then start from and act on
/// every marked monster as one change, through the same store calls as `set-weapon --where`
/// and `remove --where` (monsters named `#id`), so one undo takes it all
/// back and the history shows one entry. A mark is an id and the name the
/// monster had when marked: it survives sorting and other programs'
/// changes to other fields; one whose monster has gone, or whose row now
/// holds another name (renamed, or another program moved the monster to
/// another id and put a different one at its id), is dropped as soon as
/// the change is seen, and the latter is told. A choice made on marks one
/// of which was dropped so is refused once, told. Esc clears them.
///
/// A filter hides marks, as ranger's does: the editors and remove act on
/// the marked monsters the list shows, say how many the filter hides and
/// that those stay as they are; with every mark hidden they act on the
/// selected monster, as without marks, and say so.
extension RosterSessionController {
    /// Whether any monster is marked, in sight or not: Esc clears them.
    var hasAnyMarks: Bool { !marked.isEmpty }
    /// Whether marked monsters are in sight: the editors and remove act on them.
    var hasMarks: Bool { marked.keys.contains(where: list.shows) }
    /// The marks in sight, and those the filter hides.
    var markCounts: (inSight: Int, hidden: Int) {
        let inSight = marked.keys.count(where: list.shows)
        return (inSight, marked.count - inSight)
    }

    /// Said as an editor opens while the filter hides marks: whom it acts
    /// on. Said again when another program's change moves marks in or out
    /// of the list while it shows, as the editor's title follows them.
    func tellHiddenMarks() {
        let onMarks = hasMarks
        guard let sentence = hiddenMarksSentence(onMarks: onMarks) else { return }
        tell(sentence, isError: false, restated: { [weak self] in self?.hiddenMarksSentence(onMarks: onMarks) })
    }

    /// Whom an editor acts on with marks hidden: the marked monsters in
    /// the list (`onMarks`, as the editor opened on them), else the
    /// selected monster alone; nil when no mark is hidden.
    private func hiddenMarksSentence(onMarks: Bool) -> String? {
        let (inSight, hidden) = markCounts
        guard hidden > 0 else { return nil }
        let hiddenOnes = Self.monsters(hidden, "marked monster", "marked monsters")
        let stay = hidden == 1 ? "stays as it is" : "stay as they are"
        if onMarks {
            guard inSight > 0 else { return "\(hiddenOnes) hidden by the filter \(stay); no marked monster is left in the list to act on" }
            return "\(hiddenOnes) hidden by the filter \(stay); this acts on the \(Self.monsters(inSight, "marked monster", "marked monsters")) in the list"
        }
        guard let monster = selectedOnRoster else { return nil }
        let hiddenAll = hidden == 1 ? "the marked monster is hidden by the filter and stays as it is"
            : "the \(hiddenOnes) are all hidden by the filter and stay as they are"
        // A mark back in sight: the editor still acts on the one monster, but "all hidden" no longer holds.
        return inSight == 0 ? "\(hiddenAll); this acts on \(monster.name) alone" : "this acts on \(monster.name) alone, not on the marks"
    }

    /// Drops the marks of monsters no longer on the roster (another
    /// program removed them), and of rows that now hold another name:
    /// called when a change is seen. "; Innocent-Bot is now called
    /// Bystander-Bot, or another monster took its place, so its mark was
    /// dropped", for the sentence that tells the change; empty when no
    /// mark was dropped so.
    func dropChangedMarks() -> String {
        guard !marked.isEmpty else { return "" }
        var changed: [(was: String, now: Monster)] = []
        reportingErrors { changed = try refreshMarks().changed }
        return changed.isEmpty ? "" : "; " + Self.marksDropped(changed)
    }

    /// Reads the marked monsters in one go and keeps the marks of those
    /// still on the roster under the name they were marked by: `present`
    /// (by id), and `changed`, the rows that now hold another name.
    private func refreshMarks() throws(RosterError) -> (present: [Monster], changed: [(was: String, now: Monster)]) {
        let rows = try store.monsters(ids: marked.keys.sorted()).sorted { $0.id < $1.id }
        let changed = rows.compactMap { row in marked[row.id].flatMap { $0 == row.name ? nil : (was: $0, now: row) } }
        let present = rows.filter { marked[$0.id] == $0.name }
        marked = Dictionary(present.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return (present, changed)
    }

    /// Marks the selected monster (or unmarks it) and moves to the next
    /// (Space), or stays (a click with a modifier).
    func toggleMark(movingOn: Bool = true) {
        guard let monster = selectedOnRoster else { return }
        if marked.removeValue(forKey: monster.id) == nil { marked[monster.id] = monster.name }
        if movingOn { moveSelection(by: 1) }
    }

    /// The interface's own change gave marked monsters new names (a
    /// rename, its undo or redo): their marks follow them.
    func followOwnRenames(_ renamed: [Monster]) {
        for monster in renamed where marked[monster.id] != nil { marked[monster.id] = monster.name }
        for monster in renamed { ownRename?(monster) }
    }

    func clearMarks() {
        let count = marked.count
        marked.removeAll()
        tell("cleared \(Self.monsters(count, "mark", "marks"))", isError: false)
    }

    /// "1 monster", "3 monsters".
    static func monsters(_ count: Int, _ one: String = "monster", _ many: String = "monsters") -> String {
        "\(MonsterListView.grouped(count)) \(count == 1 ? one : many)"
    }

    /// The marked monsters still on the roster and in the list, read in
    /// one go; the marks of those that have gone or changed name are
    /// dropped, and the latter told.
    private func markedMonsters() throws(RosterError) -> [Monster] {
        let (present, changed) = try refreshMarks()
        if !changed.isEmpty { tell(Self.marksDropped(changed), isError: true) }
        return present.filter { list.shows($0.id) }
    }

    /// The marked monsters an editor starts from: those in the list.
    func markedInSight() -> [Monster] {
        var monsters: [Monster] = []
        reportingErrors { monsters = try markedMonsters() }
        return monsters
    }

    /// The monsters an editor found (`found`) whose rows now hold another
    /// name, as they were found and as the rows are now.
    private func replacedSince(_ found: MarksFoundAs) throws(RosterError) -> [(was: Monster, now: Monster)] {
        guard !found.monsters.isEmpty else { return [] }
        return try store.monsters(ids: found.monsters.keys.sorted()).sorted { $0.id < $1.id }.compactMap { row in
            found.monsters[row.id].flatMap { $0.name == row.name ? nil : (was: $0, now: row) }
        }
    }

    /// "; 1 marked monster hidden by the filter was left as it was", for
    /// the sentence that tells what a write to the marks did.
    func hiddenMarksNote() -> String {
        let hidden = markCounts.hidden
        guard hidden > 0 else { return "" }
        return "; \(Self.monsters(hidden, "marked monster", "marked monsters")) hidden by the filter "
            + (hidden == 1 ? "was left as it was" : "were left as they were")
    }

    /// What every write to the marked monsters shares: refused while the
    /// server is lost, the marks of monsters gone dropped, `write` given
    /// the rest (it tells what it did), the list read again. `what` names
    /// the field in the refusals ("no weapon was changed"). False, with
    /// the reason in the footer, when nothing was written.
    ///
    /// A compare-and-set, as a single monster's save is: `foundAs` holds
    /// each marked monster as the editor found it. When another program
    /// changed `changes`' fields of any of them since (to something other
    /// than the person's choice), nothing is written and the sentence
    /// names them; `foundAs` then holds them as they are now, so the same
    /// choice again saves it over theirs. `write` gets the rows just read
    /// and must expect each to hold them still, inside its transaction.
    private func writingMarked(_ what: String, _ changes: MonsterChanges, startingFrom found: inout MarksFoundAs,
                               again: String, _ write: ([Monster]) throws -> Void) -> Bool {
        if let refused = refusedWhileLost() {
            tell("no \(what) was changed: \(refused)", isError: true)
            return false
        }
        var written = false
        reportingErrors {
            var monsters = try markedMonsters()
            // A monster the editor found is not the one at its id now: the
            // choice was made for a set that no longer is, so it is
            // refused once, told; the editor then acts on the marks left.
            func refusedAsReplaced() throws(RosterError) -> Bool {
                let replaced = try replacedSince(found)
                guard !replaced.isEmpty else { return false }
                let left = monsters.isEmpty ? "no marked monster is left in the list to act on"
                    : "choose again to act on the \(Self.monsters(monsters.count, "marked monster", "marked monsters")) left"
                tell("no \(what) was changed: after you began, \(Self.replaced(replaced.map { ($0.was.name, $0.now.name) })), "
                     + "so \(replaced.count == 1 ? "its mark was" : "their marks were") dropped; \(left)", isError: true)
                for pair in replaced { found.monsters[pair.was.id] = nil }
                for monster in monsters { found.monsters[monster.id] = monster }
                found.historyID = newestHistoryID()
                return true
            }
            if try refusedAsReplaced() { return }
            guard !monsters.isEmpty else {
                tell("no \(what) was changed: the marked monsters have left the list", isError: true)
                return
            }
            let newestBefore = newestHistoryID()
            let seen = found.historyID
            let who = { (monster: Monster) in self.whoChanged(monsterID: monster.id, since: seen) }
            // Refused: the marked monsters as they are now are what the
            // same choice again starts from, and the ones another program
            // changed are remembered, so that saving over them says so.
            func refuse(_ sentence: String?) {
                tell(sentence ?? "another program changed the marked monsters as you chose, so yours was not saved; \(again)",
                     isError: true)
                found.theirs = Self.clashing(changes, from: found.monsters, to: monsters).map { (monster: $0, who: who($0)) }
                for monster in monsters { found.monsters[monster.id] = monster }
                found.historyID = newestHistoryID()
            }
            if let clash = Self.marksClash(changes, from: found.monsters, to: monsters, by: who, again: again) {
                refuse(clash)
                return
            }
            // Every marked monster has the value already (a panel confirmed
            // on the value they share): nothing is written, nothing offered
            // to undo, and the footer says the value stays.
            if monsters.allSatisfy({ changes.applied(to: $0) == $0 }) {
                tell(Self.keptSentence(changes, of: monsters), isError: false)
                found.theirs = []
                written = true
                return
            }
            do {
                try write(monsters)
            } catch RosterError.changedSince {
                // Changed between the read above and the write's lock.
                reload()
                monsters = try markedMonsters()
                if try refusedAsReplaced() { return }
                refuse(Self.marksClash(changes, from: found.monsters, to: monsters, by: who, again: again))
                return
            }
            if let told = status, !told.isError {
                status = (told.text + Self.savedOver(found.theirs, changes) + hiddenMarksNote(), false)
            }
            found.theirs = []
            didWrite()
            // Every marked monster had the value already: nothing was
            // recorded, and `u` would take back some other change.
            if seenHistoryID == newestBefore { followUp = nil }
            written = true
        }
        return written
    }

    /// Gives every marked monster `weapon`, as one change, unless another
    /// program changed a marked monster's weapon since the panel found it
    /// (`foundAs`, see `writingMarked`).
    @discardableResult
    func setWeaponOfMarked(_ weapon: WeaponType, startingFrom foundAs: inout MarksFoundAs, again: String) -> Bool {
        writingMarked("weapon", MonsterChanges(weapon: weapon), startingFrom: &foundAs, again: again) { monsters in
            let changes = try store.setWeapons(monsters.map {
                WeaponAssignment(reference: "#\($0.id)", weapon: weapon, location: nil, expecting: $0.weapon.type, named: $0.name)
            }, dryRun: false, expecting: nil)
            let changed = changes.filter(\.isChange).count
            let already = changes.count - changed
            if changed == 0 {
                let all = changes.count == 1 ? "the marked monster carries" : "all \(Self.monsters(changes.count, "", "marked monsters")) carry"
                tell("\(all) \(weapon.displayName) already", isError: false)
            } else {
                let rest = already == 0 ? "" : " (\(MonsterListView.grouped(already)) carried it already)"
                tell("gave \(Self.monsters(changed, "marked monster", "marked monsters")) \(weapon.displayName)\(rest)", isError: false)
            }
        }
    }

    /// Makes `changes` to every marked monster, as one change that one
    /// undo takes back (`edit --where`'s store call): what the colour
    /// popover and the wheels do with marks. `field` words the value told
    /// ("gave 3 marked monsters Red", "… origin France (FR)"); `bare`
    /// tells the value alone, as a colour is. Refused, as a weapon is,
    /// when another program changed the field of a marked monster since
    /// the editor found it (`foundAs`).
    @discardableResult
    func editMarked(_ changes: MonsterChanges, field: MonsterField, bare: Bool = false,
                    startingFrom foundAs: inout MarksFoundAs, again: String) -> Bool {
        // "activated 2019-…" reads as a verb: the sentences say "activation".
        let label = field === MonsterFields.activated ? "activation" : field.changeLabel
        return writingMarked(label, changes, startingFrom: &foundAs, again: again) { monsters in
            var expected = ExpectedValues()
            for monster in monsters { expected.expect(changes, of: monster) }
            let edits = try store.edit(monsters.map { "#\($0.id)" }, changes, dryRun: false, expecting: expected)
            let changed = edits.filter(\.isChange).count
            let after = changes.applied(to: monsters[0])
            let value = field.value(after) == .null ? nil : field.told(after)
            let whom = Self.monsters(changed, "marked monster", "marked monsters")
            if changed == 0 {
                let all = edits.count == 1 ? "the marked monster has" : "all \(Self.monsters(edits.count, "", "marked monsters")) have"
                tell("\(all) \(label) \(value ?? "unknown") already", isError: false)
            } else {
                let rest = edits.count == changed ? "" : " (\(MonsterListView.grouped(edits.count - changed)) had it already)"
                if let value {
                    tell("gave \(whom) \(bare ? value : label + " " + value)\(rest)", isError: false)
                } else {
                    tell("made the \(label) of \(whom) unknown\(rest)", isError: false)
                }
            }
        }
    }

    /// The marked monsters as the question names them: their count, and
    /// the names while they are few.
    func markedForRemoval() -> [Monster] { markedInSight() }

    /// Removes `confirmed` (what the question showed, when `seen` was the
    /// newest history entry seen), all or none, as one change.
    func removeMarked(_ confirmed: [Monster], seen: Int64) {
        if let refused = refusedWhileLost() {
            tell("nothing was removed: \(refused)", isError: true)
            return
        }
        do {
            let removed = try store.remove(confirmed.map { "#\($0.id)" }, dryRun: false, confirmed: confirmed)
            for monster in removed { marked[monster.id] = nil }
            tell("removed \(Self.monsters(removed.count, "marked monster", "marked monsters"))\(hiddenMarksNote())", isError: false)
            didWrite()
        } catch .changedSinceAsked(let name, _) {
            // One sentence, the outcome first: all or none, so none. Who
            // changed it is named where the store knows, as a clash does.
            let who = confirmed.first { $0.name == name }.map { whoChanged(monsterID: $0.id, since: seen) } ?? outsideWriterDescribed
            tell("nothing was removed: \(who) changed \(name) after you were asked", isError: true)
            reload()
        } catch {
            reportingErrors { throw error }
            reload()
        }
    }
}
