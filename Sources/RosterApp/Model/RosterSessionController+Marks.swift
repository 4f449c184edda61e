import RosterCore

/// Acting on many monsters at once. Space marks the selected monster and
/// moves on; the weapon panel, the colour popover, the height and origin
/// wheels and remove then act on every marked monster as one change, through the same store calls as `set-weapon --where`
/// and `remove --where` (monsters named `#id`), so one undo takes it all
/// back and the history shows one entry. Marks are ids: they survive
/// filtering, sorting and other programs' changes; one whose monster has
/// gone is dropped when the marks are next acted on. Esc clears them.
extension RosterSessionController {
    var hasMarks: Bool { !marked.isEmpty }

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

    /// The marked monsters still on the roster, read in one go; the marks
    /// of those that have gone are dropped.
    private func markedMonsters() throws(RosterError) -> [Monster] {
        let present = try store.monsters(ids: marked.sorted()).sorted { $0.id < $1.id }
        marked = Set(present.map(\.id))
        return present
    }

    /// What every write to the marked monsters shares: refused while the
    /// server is lost, the marks of monsters gone dropped, `write` given
    /// the rest (it tells what it did), the list read again. `what` names
    /// the field in the refusals ("no weapon was changed"). False, with
    /// the reason in the footer, when nothing was written.
    private func writingMarked(_ what: String, _ write: ([Monster]) throws -> Void) -> Bool {
        if let refused = refusedWhileLost() {
            tell("no \(what) was changed: \(refused)", isError: true)
            return false
        }
        var written = false
        reportingErrors {
            let monsters = try markedMonsters()
            guard !monsters.isEmpty else {
                tell("no \(what) was changed: the marked monsters are no longer on the roster", isError: true)
                return
            }
            try write(monsters)
            didWrite()
            written = true
        }
        return written
    }

    /// Gives every marked monster `weapon`, as one change.
    @discardableResult
    func setWeaponOfMarked(_ weapon: WeaponType) -> Bool {
        writingMarked("weapon") { monsters in
            let changes = try store.setWeapons(monsters.map { WeaponAssignment(reference: "#\($0.id)", weapon: weapon) },
                                               dryRun: false, expecting: nil)
            let changed = changes.filter(\.isChange).count
            let already = changes.count - changed
            if changed == 0 {
                tell("all \(Self.monsters(changes.count, "marked monster", "marked monsters")) carry \(weapon.displayName) already",
                     isError: false)
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
    /// tells the value alone, as a colour is.
    @discardableResult
    func editMarked(_ changes: MonsterChanges, field: MonsterField, bare: Bool = false) -> Bool {
        writingMarked(field.changeLabel) { monsters in
            let edits = try store.edit(monsters.map { "#\($0.id)" }, changes, dryRun: false, expecting: ExpectedValues())
            let changed = edits.filter(\.isChange).count
            let after = changes.applied(to: monsters[0])
            let value = field.value(after) == .null ? nil : field.told(after)
            let whom = Self.monsters(changed, "marked monster", "marked monsters")
            if changed == 0 {
                let all = Self.monsters(edits.count, "marked monster", "marked monsters")
                tell("all \(all) have \(field.changeLabel) \(value ?? "unknown") already", isError: false)
            } else {
                let rest = edits.count == changed ? "" : " (\(MonsterListView.grouped(edits.count - changed)) had it already)"
                if let value {
                    tell("gave \(whom) \(bare ? value : field.changeLabel + " " + value)\(rest)", isError: false)
                } else {
                    tell("made the \(field.changeLabel) of \(whom) unknown\(rest)", isError: false)
                }
            }
        }
    }

    /// The marked monsters as the question names them: their count, and
    /// the names while they are few.
    func markedForRemoval() -> [Monster] {
        var monsters: [Monster] = []
        reportingErrors { monsters = try markedMonsters() }
        return monsters
    }

    /// Removes `confirmed` (what the question showed), all or none, as one change.
    func removeMarked(_ confirmed: [Monster]) {
        if let refused = refusedWhileLost() {
            tell("nothing was removed: \(refused)", isError: true)
            return
        }
        do {
            let removed = try store.remove(confirmed.map { "#\($0.id)" }, dryRun: false, confirmed: confirmed)
            marked.subtract(removed.map(\.id))
            tell("removed \(Self.monsters(removed.count, "marked monster", "marked monsters"))", isError: false)
            didWrite()
        } catch .changedSinceAsked(let name, _) {
            tell("nothing was removed: \(RosterError.changedSinceAsked(name).description)", isError: true)
            reload()
        } catch {
            reportingErrors { throw error }
            reload()
        }
    }
}
