import RosterCore
import TerminalKit

/// What the interactive roster shows and does, shared by its views: the
/// list model, which monster is selected, saving, and noticing changes
/// made by other programs.
final class RosterController {
    let store: RosterStore
    let list: MonsterListModel
    private(set) var selection = 0
    private(set) var selected: Monster?
    /// A line for the footer: what just happened, or what went wrong.
    private(set) var status: (text: String, isError: Bool)?
    private var lastDataVersion: Int64 = 0
    /// Set when the user asked to quit: the exit status (0 for `q`, 130
    /// for Ctrl-C, as the shell reports an interrupted program).
    var quitStatus: Int32?

    init(store: RosterStore) throws(RosterError) {
        self.store = store
        self.list = try MonsterListModel(store: store)
        lastDataVersion = try store.dataVersion()
        select(0)
    }

    // MARK: Selection

    func select(_ position: Int) {
        let clamped = max(0, min(list.count - 1, position))
        selection = max(0, clamped)
        reportingErrors {
            selected = try list.monster(at: selection)
        }
    }

    func moveSelection(by delta: Int) {
        select(selection + delta)
    }

    /// Reads the list again, keeping the same monster selected if it is
    /// still there.
    func reload() {
        let keep = selected?.id
        reportingErrors {
            try list.refresh()
            if let keep, let position = try list.position(of: keep) {
                selection = position
            }
        }
        select(selection)
    }

    func setFilter(_ text: String) {
        let keep = selected?.id
        list.setFilter(text)
        var position = 0
        reportingErrors {
            if let keep, let found = try list.position(of: keep) { position = found }
        }
        select(position)
    }

    // MARK: Saving

    /// Saves the selected monster's weapon, in its own transaction.
    func chooseWeapon(_ weapon: WeaponType) {
        guard let monster = selected else { return }
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

    func clearStatus() {
        status = nil
    }

    /// Runs a step whose failure should be shown in the footer rather
    /// than end the session (the database busy, a file gone read-only).
    private func reportingErrors(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as RosterError {
            status = (error.description, true)
        } catch {
            status = ("\(error)", true)
        }
    }
}
