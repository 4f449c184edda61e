import RosterCore

/// The marked monsters as an editor found them (as it opened, as they
/// came into the list, or as a refused choice found them), by id; and,
/// after a refusal, those another program had changed, with who did it:
/// the same choice again saves over theirs and says so.
struct MarksFoundAs {
    var monsters: [Int64: Monster] = [:]
    var theirs: [(monster: Monster, who: String)] = []
}

/// Acting on many monsters at once. Space marks the selected monster and
/// moves on; the weapon panel, the colour popover, the height and origin
/// wheels, the activation picker and remove then start from and act on
/// every marked monster as one change, through the same store calls as `set-weapon --where`
/// and `remove --where` (monsters named `#id`), so one undo takes it all
/// back and the history shows one entry. Marks are ids: they survive
/// sorting and other programs' changes; one whose monster has gone is
/// dropped as soon as the change is seen. Esc clears them.
///
/// A filter hides marks, as ranger's does: the editors and remove act on
/// the marked monsters the list shows, say how many the filter hides and
/// that those stay as they are; with every mark hidden they act on the
/// selected monster, as without marks, and say so.
extension RosterSessionController {
    /// Whether any monster is marked, in sight or not: Esc clears them.
    var hasAnyMarks: Bool { !marked.isEmpty }
    /// Whether marked monsters are in sight: the editors and remove act on them.
    var hasMarks: Bool { marked.contains(where: list.shows) }
    /// The marks in sight, and those the filter hides.
    var markCounts: (inSight: Int, hidden: Int) {
        let inSight = marked.count(where: list.shows)
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
    /// program removed them): called when a change is seen.
    func dropGoneMarks() {
        guard !marked.isEmpty else { return }
        reportingErrors { marked = Set(try store.monsters(ids: marked.sorted()).map(\.id)) }
    }

    /// Marks the selected monster (or unmarks it) and moves to the next
    /// (Space), or stays (a click with a modifier).
    func toggleMark(movingOn: Bool = true) {
        guard let monster = selectedOnRoster else { return }
        if marked.remove(monster.id) == nil { marked.insert(monster.id) }
        if movingOn { moveSelection(by: 1) }
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
    /// one go; the marks of those that have gone are dropped.
    private func markedMonsters() throws(RosterError) -> [Monster] {
        let present = try store.monsters(ids: marked.sorted()).sorted { $0.id < $1.id }
        marked = Set(present.map(\.id))
        return present.filter { list.shows($0.id) }
    }

    /// The marked monsters an editor starts from: those in the list.
    func markedInSight() -> [Monster] {
        var monsters: [Monster] = []
        reportingErrors { monsters = try markedMonsters() }
        return monsters
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
            guard !monsters.isEmpty else {
                tell("no \(what) was changed: the marked monsters have left the list", isError: true)
                return
            }
            let newestBefore = newestHistoryID()
            // Refused: the marked monsters as they are now are what the
            // same choice again starts from, and the ones another program
            // changed are remembered, so that saving over them says so.
            func refuse(_ sentence: String?) {
                tell(sentence ?? "another program changed the marked monsters as you chose, so yours was not saved; \(again)",
                     isError: true)
                found.theirs = Self.clashing(changes, from: found.monsters, to: monsters).map { (monster: $0, who: whoChanged($0)) }
                for monster in monsters { found.monsters[monster.id] = monster }
            }
            if let clash = Self.marksClash(changes, from: found.monsters, to: monsters, by: whoChanged, again: again) {
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
                refuse(Self.marksClash(changes, from: found.monsters, to: monsters, by: whoChanged, again: again))
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

    /// "the 3 marked monsters' weapons stay Fire": marked monsters that
    /// all have the value `changes` gives already.
    static func keptSentence(_ changes: MonsterChanges, of monsters: [Monster]) -> String {
        let fields = changes.fieldKeys.compactMap { MonsterFields.field($0) }
        let what = fields.map { field in
            field === MonsterFields.nameColor ? "name colour" : field === MonsterFields.activated ? "activation" : field.changeLabel
        }.joined(separator: " and ")
        let value = monsters.first.map { first in fields.map { $0.told(first) }.joined(separator: " and ") } ?? ""
        return monsters.count == 1 ? "the marked monster's \(what) stays \(value)"
            : "the \(MonsterListView.grouped(monsters.count)) marked monsters' \(what)s stay \(value)"
    }

    /// The sentence for marked monsters another program changed since the
    /// editor found them (`foundAs`), in a field `changes` sets, to other
    /// than the person's value; nil when there are none. One monster is
    /// told as the single monster's panel tells it; several by count,
    /// with their names while they are few.
    static func marksClash(_ changes: MonsterChanges, from foundAs: [Int64: Monster], to current: [Monster],
                           by who: (Monster) -> String = { _ in "another program" }, again: String) -> String? {
        let fields = changes.fieldKeys.compactMap { MonsterFields.field($0) }
        let clashing = clashing(changes, from: foundAs, to: current)
        guard let first = clashing.first, let found = foundAs[first.id] else { return nil }
        if clashing.count == 1 { return clash(changes, from: found, to: first, by: who(first), again: again) }
        // One name when one person made them all, as the news says.
        let whom = Set(clashing.map(who))
        let subject = whom.count == 1 ? whom.first ?? "another program" : "other programs"
        let changed = fields.filter { field in clashing.contains { field.value($0) != foundAs[$0.id].map(field.value) } }
        let label = changed.map { $0.key == "name_color" ? "name colour" : $0.changeLabel }.joined(separator: " and ")
        let named = clashing.prefix(3).map { now in
            "\(now.name) to \(changed.map { $0.told(now) }.joined(separator: " and "))"
        }
        let more = clashing.count > 3 ? " and \(MonsterListView.grouped(clashing.count - 3)) more" : ""
        return "after you began, \(subject) changed the \(label) of \(monsters(clashing.count, "marked monster", "marked monsters")) "
            + "(\(named.joined(separator: ", "))\(more)), so yours was not saved; \(again)"
    }

    /// The marked monsters (as they are now) whose field `changes` sets
    /// another program changed since the editor found them, to other than
    /// the person's value.
    static func clashing(_ changes: MonsterChanges, from foundAs: [Int64: Monster], to current: [Monster]) -> [Monster] {
        let fields = changes.fieldKeys.compactMap { MonsterFields.field($0) }
        return current.filter { now in
            guard let found = foundAs[now.id] else { return false }
            let mine = changes.applied(to: now)
            return fields.contains { $0.value(found) != $0.value(now) && $0.value(mine) != $0.value(now) }
        }
    }

    /// "; saved over Cat-Bot's Smoke from another program": after a
    /// refusal, the same choice again replaced what another program had
    /// saved (`theirs`, as the refusal found them), as a single monster's
    /// second choice says. Empty when it replaced nothing of theirs.
    static func savedOver(_ theirs: [(monster: Monster, who: String)], _ changes: MonsterChanges) -> String {
        let fields = changes.fieldKeys.compactMap { MonsterFields.field($0) }
        let replaced = theirs.filter { changes.applied(to: $0.monster) != $0.monster }
        guard !replaced.isEmpty else { return "" }
        let values = replaced.prefix(3).map { their in
            "\(their.monster.name)'s \(fields.map { $0.told(their.monster) }.joined(separator: " and "))"
        }
        let more = replaced.count > 3 ? " and \(MonsterListView.grouped(replaced.count - 3)) more" : ""
        let whom = Set(replaced.map(\.who))
        let who = whom.count == 1 ? whom.first ?? "another program" : "other programs"
        return "; saved over \(values.joined(separator: ", "))\(more) from \(who)"
    }

    /// Gives every marked monster `weapon`, as one change, unless another
    /// program changed a marked monster's weapon since the panel found it
    /// (`foundAs`, see `writingMarked`).
    @discardableResult
    func setWeaponOfMarked(_ weapon: WeaponType, startingFrom foundAs: inout MarksFoundAs, again: String) -> Bool {
        writingMarked("weapon", MonsterChanges(weapon: weapon), startingFrom: &foundAs, again: again) { monsters in
            let changes = try store.setWeapons(monsters.map {
                WeaponAssignment(reference: "#\($0.id)", weapon: weapon, expecting: $0.weapon.type)
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

    /// Removes `confirmed` (what the question showed), all or none, as one change.
    func removeMarked(_ confirmed: [Monster]) {
        if let refused = refusedWhileLost() {
            tell("nothing was removed: \(refused)", isError: true)
            return
        }
        do {
            let removed = try store.remove(confirmed.map { "#\($0.id)" }, dryRun: false, confirmed: confirmed)
            marked.subtract(removed.map(\.id))
            tell("removed \(Self.monsters(removed.count, "marked monster", "marked monsters"))\(hiddenMarksNote())", isError: false)
            didWrite()
        } catch .changedSinceAsked(let name, _) {
            // One sentence, the outcome first: all or none, so none. Who
            // changed it is named where the store knows, as a clash does.
            let who = confirmed.first { $0.name == name }.map { whoChanged(monsterID: $0.id) } ?? "another program"
            tell("nothing was removed: \(who) changed \(name) after you were asked", isError: true)
            reload()
        } catch {
            reportingErrors { throw error }
            reload()
        }
    }
}
