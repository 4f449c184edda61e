import RosterCore
import TerminalKit

/// What the interactive roster shows and does, shared by its views: the
/// list model, which monster is selected, saving, and noticing changes
/// made by other programs.
final class RosterController {
    let store: RosterStore
    let list: MonsterListModel
    /// How pictures reach this terminal: kitty images, half blocks, or none.
    let pictures: PictureDrawing
    private(set) var selection = 0
    /// The monster at the selection, as last read.
    private var selectedRow: Monster?
    /// A monster being added (`n`): shown in the details, saved once it
    /// has a name it may have.
    private(set) var draft: Monster?

    /// What the details show: the new monster while one is being added,
    /// else the selected one.
    var selected: Monster? { draft ?? selectedRow }
    var isDraft: Bool { draft != nil }
    /// A line for the footer: what just happened, or what went wrong.
    private(set) var status: (text: String, isError: Bool)?
    private var lastDataVersion: Int64 = 0
    /// An error the session cannot go on after (the file is damaged or
    /// gone): the run loop ends, restores the terminal and reports it.
    private(set) var fatalError: RosterError?
    /// Set when the user asked to quit: the exit status (0 for `q`, 130
    /// for Ctrl-C, as the shell reports an interrupted program).
    var quitStatus: Int32?
    /// Ctrl-Z was pressed: the run loop hands the terminal back to the shell.
    var suspendRequested = false

    init(store: RosterStore, pictures: PictureDrawing) throws(RosterError) {
        self.store = store
        self.pictures = pictures
        self.list = try MonsterListModel(store: store)
        lastDataVersion = try store.dataVersion()
        select(0)
    }

    // MARK: Selection

    func select(_ position: Int) {
        let clamped = max(0, min(list.count - 1, position))
        selection = max(0, clamped)
        reportingErrors {
            selectedRow = try list.monster(at: selection)
        }
    }

    func moveSelection(by delta: Int) {
        select(selection + delta)
    }

    /// Reads the list again, keeping the same monster selected if it is
    /// still there.
    func reload() {
        let keep = selectedRow?.id
        reportingErrors {
            try list.refresh()
            if let keep, let position = try positionKeepingInSight(keep) {
                selection = position
            }
        }
        select(selection)
    }

    /// Where monster `id` is in the list. A monster the filter no longer
    /// matches (renamed, or just added) clears the filter rather than
    /// vanish from under the person working on it.
    private func positionKeepingInSight(_ id: Int64) throws(RosterError) -> Int? {
        if let position = try list.position(of: id) { return position }
        guard list.isFiltering, try store.monster(id: id) != nil else { return nil }
        list.setFilter("")
        return try list.position(of: id)
    }

    func setFilter(_ text: String) {
        let keep = selectedRow?.id
        list.setFilter(text)
        var position = 0
        reportingErrors {
            if let keep, let found = try list.position(of: keep) { position = found }
        }
        select(position)
    }

    // MARK: Adding and removing

    /// Starts a new monster with the defaults; it exists once named.
    func beginDraft() {
        draft = Monster(id: 0, name: "", description: "", icon: Monster.defaultIcon, nameColor: .default, weapon: Weapon(.sword))
    }

    func discardDraft() {
        draft = nil
    }

    /// Adds the new monster with `changes` (its name). Returns the reason
    /// when it cannot be added, else nil.
    func addDraft(with changes: MonsterChanges) -> String? {
        guard let draft else { return nil }
        do {
            let added = try store.add(changes.applied(to: draft))
            self.draft = nil
            status = ("added \(added.name)", false)
            reload()
            if let position = try positionKeepingInSight(added.id) { select(position) }
            lastDataVersion = (try? store.dataVersion()) ?? lastDataVersion
            return nil
        } catch {
            if case .invalid(let problems) = error { return problems.map(\.message).joined(separator: "; ") }
            return error.description
        }
    }

    /// Removes the selected monster, in its own transaction.
    func removeSelected() {
        guard let monster = selectedRow else { return }
        reportingErrors {
            if try store.remove(monsterID: monster.id) {
                status = ("removed \(monster.name)", false)
            }
            reload()
            lastDataVersion = (try? store.dataVersion()) ?? lastDataVersion
        }
    }

    // MARK: Saving

    /// Saves the selected monster's weapon, in its own transaction.
    func chooseWeapon(_ weapon: WeaponType) {
        if let draft {
            self.draft = MonsterChanges(weapon: weapon).applied(to: draft)
            return
        }
        guard let monster = selectedRow else { return }
        reportingErrors {
            guard let change = try store.setWeapon(monsterID: monster.id, to: weapon) else {
                status = ("\(monster.name) is no longer on the roster", true)
                reload()
                return
            }
            status = change.isChange
                ? ("\(monster.name) now carries \(weapon.displayName)", false)
                : ("\(monster.name) already carries \(weapon.displayName)", false)
            reload()
            lastDataVersion = (try? store.dataVersion()) ?? lastDataVersion
        }
    }

    /// Saves changes to the selected monster, in their own transaction.
    /// Returns the sentence to show beside the field when the value is
    /// refused (a name taken, too long…), else nil.
    @discardableResult
    func save(_ changes: MonsterChanges, describing what: String) -> String? {
        if let draft {
            // Until it is named, the new monster only exists here.
            self.draft = changes.applied(to: draft)
            return nil
        }
        guard let monster = selectedRow else { return nil }
        do {
            guard let edit = try store.edit(monsterID: monster.id, changes) else {
                status = ("\(monster.name) is no longer on the roster", true)
                reload()
                return nil
            }
            if edit.isChange { status = ("saved \(edit.after.name)'s \(what)", false) }
            reload()
            lastDataVersion = (try? store.dataVersion()) ?? lastDataVersion
            return nil
        } catch .invalid(let problems) {
            return problems.map(\.message).joined(separator: "; ")
        } catch .nameTaken(let name) {
            return RosterError.nameTaken(name).description
        } catch {
            reportingErrors { throw error }
            return error.description
        }
    }

    // MARK: Changes from elsewhere

    /// Checks whether another program changed the roster, and if so
    /// reloads. Cheap: one `PRAGMA data_version`.
    @discardableResult
    func pollForChanges() -> Bool {
        var changed = list.takeFinishedIndex()
        if changed { select(selection) }
        reportingErrors {
            let version = try store.dataVersion()
            if version != lastDataVersion {
                lastDataVersion = version
                reload()
                changed = true
            }
        }
        return changed
    }

    /// Says why the details let go of a monster by themselves.
    func noteShownMonsterGone(_ monster: Monster, wasEditing: Bool) {
        let gone = ((try? store.monster(id: monster.id)) ?? nil) == nil
        let what = gone ? "\(monster.name) was removed by another program" : "another program changed \(monster.name)"
        status = (wasEditing ? "\(what); the edit was put away unsaved" : what, true)
    }

    func clearStatus() {
        status = nil
    }

    /// Runs a step whose failure should be shown in the footer rather
    /// than end the session (the database busy, a file gone read-only).
    private func reportingErrors(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as RosterError {
            switch error {
            case .damaged, .notADatabase: fatalError = error
            default: status = (error.description, true)
            }
        } catch {
            status = ("\(error)", true)
        }
    }
}
