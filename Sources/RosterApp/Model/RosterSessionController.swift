import RosterCore
import TerminalKit
import TextSafety

/// What the interactive roster shows and does, shared by its views: the
/// list model, which monster is selected, saving, and noticing changes
/// made by other programs.
final class RosterSessionController {
    let store: any RosterStore
    let list: MonsterListModel
    /// How pictures reach this terminal: kitty images, half blocks, or none.
    let pictures: PictureDrawing
    private(set) var selection = 0
    /// The monster at the selection, as last read.
    private var selectedRow: Monster?
    /// A monster being added (`n`): shown in the details, saved once it
    /// has a name it may have.
    private(set) var draft: Monster?
    /// The monsters marked with Space, by id: the weapon panel and remove
    /// act on all of them at once (see `+Marks`).
    var marked: Set<Int64> = []
    /// Text a copy key put aside for the clipboard, until the run loop
    /// sends it to the terminal (`takeClipboard`).
    var pendingCopy: String?
    /// The columns the list shows beside names, where it has room (`v`).
    var listColumns: [ListColumn] = []

    /// What the details show: the new monster while one is being added,
    /// else the selected one.
    var selected: Monster? { draft ?? selectedRow }
    /// The monster on the roster the details show; nil while a new one
    /// is being added (it cannot be removed or edited elsewhere yet).
    var selectedOnRoster: Monster? { draft == nil ? selectedRow : nil }
    /// A line for the footer: what just happened, or what went wrong.
    private(set) var status: (text: String, isError: Bool)? {
        didSet { followUp = nil }
    }
    /// What the change the status reports can be followed by: its undo,
    /// or, after an undo, the redo. The screen names the key for it.
    enum FollowUp { case undo, redo }
    private(set) var followUp: FollowUp?
    /// Set while the server the roster is on is out of reach ("lost the
    /// server at …; reconnecting…"): shown in the footer whenever nothing
    /// newer is, until the store is back; every write is refused meanwhile.
    private(set) var serverLost: String?
    /// What the footer shows: what just happened, else that the server is lost.
    var shownStatus: (text: String, isError: Bool)? {
        status ?? serverLost.map { ($0, true) }
    }
    private var lastDataVersion: Int64 = 0
    /// The footer's sentence about the filter, while it is the one shown.
    private var toldFilterProblem: String?
    /// The newest change in the history the interface has seen: its own,
    /// or one it told. A poll tells those after it as other programs'.
    private var seenHistoryID: Int64 = 0
    /// An error the session cannot go on after (the file is damaged or
    /// gone): the run loop ends, restores the terminal and reports it.
    private(set) var fatalError: RosterError?
    /// Set when the user asked to quit: the exit status (0 for `q`, 130
    /// for Ctrl-C, as the shell reports an interrupted program).
    var quitStatus: Int32?
    /// Ctrl-Z was pressed: the run loop hands the terminal back to the shell.
    var suspendRequested = false

    init(store: any RosterStore, pictures: PictureDrawing) throws(RosterError) {
        self.store = store
        self.pictures = pictures
        self.list = try MonsterListModel(store: store)
        lastDataVersion = try store.changeCounter()
        seenHistoryID = newestHistoryID()
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

    /// The monsters at `positions`, in as few reads as possible; a read
    /// that fails says so in the status line and gives the rows it has.
    func monsters(in positions: Range<Int>) -> [Monster] {
        var rows: [Monster] = []
        reportingErrors {
            let clamped = positions.clamped(to: 0..<max(0, list.count))
            try list.prefetch(clamped)
            for position in clamped {
                guard let monster = try list.monster(at: position) else { break }
                rows.append(monster)
            }
        }
        return rows
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

    /// Selects monster `id`, clearing a filter that hides it. False when
    /// it is not on the roster (any more).
    @discardableResult
    func select(monsterID id: Int64) -> Bool {
        var found: Int?
        reportingErrors { found = try positionKeepingInSight(id) }
        guard let found else { return false }
        select(found)
        return selectedRow?.id == id
    }

    func setFilter(_ text: String) {
        let keep = selectedRow?.id
        list.setFilter(text)
        // A filter that means nothing is told in the footer, and the
        // telling goes once it means something again.
        if let problem = list.filterProblem {
            let shown = list.isFilterInForce ? "the list shows \(Quote.code(list.filterInForce))" : "the list shows every monster"
            status = ("\(problem.description); \(shown)", true)
            toldFilterProblem = status?.text
        } else if let told = toldFilterProblem {
            if status?.text == told { status = nil }
            toldFilterProblem = nil
        }
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

    /// Drops the monster being added; whether there was one.
    @discardableResult
    func discardDraft() -> Bool {
        defer { draft = nil }
        return draft != nil
    }

    /// How a removal the person confirmed ended.
    enum RemovalOutcome: Equatable {
        case removed
        /// Another program changed the monster after the question: nothing
        /// was removed, and the details show it as it is now.
        case changedSinceAsked
        /// Another program removed it first.
        case alreadyGone
        /// The store failed; the status line says why.
        case failed
    }

    /// Removes `confirmed`, the monster the question named, in its own
    /// transaction, by compare-and-set: by its id, not by whatever is
    /// selected when the answer comes (a poll may have moved the
    /// selection), and only if it is still as the question showed it.
    @discardableResult
    func remove(_ confirmed: Monster) -> RemovalOutcome {
        var outcome = RemovalOutcome.failed
        if let refused = refusedWhileLost() {
            status = ("\(confirmed.name) not removed: \(refused)", true)
            return outcome
        }
        do {
            if try store.remove(monsterID: confirmed.id, confirmed: confirmed) {
                status = ("removed \(confirmed.name)", false)
                outcome = .removed
            } else {
                status = ("\(confirmed.name) was removed by another program", true)
                outcome = .alreadyGone
            }
            didWrite()
        } catch .changedSinceAsked(let name) {
            // In `roster remove`'s words. The newer monster shows at once,
            // as after a poll, so that the person can look before asking again.
            status = (RosterError.changedSinceAsked(name).description, true)
            outcome = .changedSinceAsked
            reload()
            catchUp()
            select(monsterID: confirmed.id)
        } catch {
            reportingErrors { throw error }
        }
        return outcome
    }

    // MARK: Saving

    /// What a save did: the one answer every editor gets from `save`. The
    /// controller has already told it in the footer (`status`); the editor
    /// only decides whether to close, stay open with the reason beside the
    /// field, or show the newer value. Nothing recognises an outcome by
    /// its message.
    enum SaveOutcome: Equatable {
        /// Written (a new monster named is added), or the new monster's
        /// draft took the value.
        case saved
        /// Nothing to write: the value is what the roster holds.
        case unchanged
        /// The value was refused; the sentence says why.
        case refused(String)
        /// Another program changed the field after the editor began: nothing
        /// was written, and `current` is the monster as it is now.
        case clashed(current: Monster)
        /// Another program removed the monster; the editor was put away.
        case monsterGone
    }

    /// Saves `changes` to whatever the details show, the one way every
    /// editor saves: to the selected monster, in its own transaction; or,
    /// while a new monster is being added, to that monster, which is added
    /// to the roster once it is given a name it may have.
    ///
    /// With `original` (the monster as the editor found it) the save is a
    /// compare-and-set: a field another program changed since is not
    /// overwritten, whether or not a poll saw that change first, because
    /// the poll moves the selected row on but never what the editor started
    /// from. `again` says how the person saves theirs over it.
    ///
    /// Every outcome is told in the footer: `announce` words a save from
    /// the monster before and after (by default in the command line's
    /// words, "changed Cat-Bot: weapon Sword → Fire"), and a value already
    /// held is told only when `announce` is given (a choice, not a pass
    /// through the field).
    @discardableResult
    func save(_ changes: MonsterChanges, startingFrom original: Monster? = nil, describing what: String,
              again: String = "Enter saves yours over it, Esc keeps theirs",
              announce: ((_ before: Monster, _ after: Monster) -> String)? = nil) -> SaveOutcome {
        let outcome = write(changes, startingFrom: original, announce: announce)
        switch outcome {
        case .refused(let sentence):
            status = ("\(what) not saved: \(sentence)", true)
        case .clashed(let current):
            status = (Self.clash(changes, from: original ?? current, to: current, again: again), true)
        case .saved, .unchanged, .monsterGone:
            break
        }
        return outcome
    }

    /// "another program changed Cat-Bot's weapon to Smoke after you began,
    /// so yours was not saved; …": the plain roster's sentence.
    static func clash(_ changes: MonsterChanges, from original: Monster, to current: Monster, again: String) -> String {
        // The fields the person's value differs in from the newer one, that
        // the other program changed.
        let mine = changes.applied(to: current)
        let fields = MonsterFields.dataFields.filter { $0.told(mine) != $0.told(current) && $0.told(current) != $0.told(original) }
        let told = fields.map { "\($0.key == "name_color" ? "name colour" : $0.changeLabel) to \($0.told(current))" }
        let what = told.isEmpty ? "" : "'s " + told.joined(separator: " and its ")
        return "another program changed \(current.name)\(what) after you began, so yours was not saved; \(again)"
    }

    private func write(_ changes: MonsterChanges, startingFrom original: Monster?,
                       announce: ((_ before: Monster, _ after: Monster) -> String)?) -> SaveOutcome {
        if let draft {
            return saveDraft(changes.applied(to: draft), naming: changes.name != nil).map(SaveOutcome.refused) ?? .saved
        }
        guard let monster = selectedRow else { return .unchanged }
        if let refused = refusedWhileLost() { return .refused(refused) }
        let base = original ?? monster
        // Nothing to write when the value is what the roster holds, or what
        // the editor found (another program's newer value is then kept).
        // A value passed through (Next) that is what the roster holds, or
        // what the editor found, writes nothing (another program's newer
        // value is then kept, as the poll told it). A value chosen in a
        // panel (`announce`) always asks the store, whose row may be newer
        // than the one shown: "already carries" must be true, and choosing
        // again what another program replaced is a clash to tell.
        if announce == nil, changes.applied(to: monster) == monster || changes.applied(to: base) == base {
            return .unchanged
        }
        do {
            guard let edit = try store.edit(monsterID: monster.id, changes, startingFrom: original) else {
                reload()
                // The same end, in the same words, as when a poll finds the
                // monster gone while its field is being edited.
                guard let letGo else {
                    status = ("\(monster.name) is no longer on the roster", true)
                    return .monsterGone
                }
                letGo(monster)
                return .monsterGone
            }
            guard edit.isChange else {
                // A chosen value still says what it is.
                if let announce { status = (announce(edit.after, edit.after), false) }
                return .unchanged
            }
            // In the command line's words, so that every surface says the same.
            status = (announce?(edit.before, edit.after) ?? "changed \(ChangeWording.edit(edit.before, edit.after))", false)
            didWrite()
            return .saved
        } catch .changedSince(let current, _) {
            // Show the newer monster at once, as a poll would; the clash's
            // sentence tells the other program's change, so that no poll
            // tells it again over the sentence.
            reload()
            catchUp()
            return .clashed(current: current)
        } catch {
            return .refused(refusal(error))
        }
    }

    /// Puts away the details' editor for `monster`, gone from the roster,
    /// and says why: set by the interface, which owns the focus.
    var letGo: ((_ monster: Monster) -> Void)?

    /// How choosing a weapon is told: what the monster now carries, in the
    /// command line's words. The weapon panel and the plain roster both
    /// save a weapon through `save`, like every field, and say it so.
    static func weaponAnnouncement(_ weapon: WeaponType) -> (_ before: Monster, _ after: Monster) -> String {
        { before, after in
            before == after ? "\(after.name) already carries \(weapon.displayName)" : "\(after.name) now carries \(weapon.displayName)"
        }
    }

    /// The second save target: the monster being added. Until it is named
    /// it exists only here.
    private func saveDraft(_ monster: Monster, naming: Bool) -> String? {
        guard naming else {
            draft = monster
            return nil
        }
        if let refused = refusedWhileLost() { return refused }
        do {
            let added = try store.add(monster)
            draft = nil
            status = ("added \(added.name)", false)
            didWrite(showing: added.id)
            return nil
        } catch {
            return refusal(error)
        }
    }

    /// After the interface's own write: read the list again. SQLite's
    /// `data_version` does not change for a connection's own commits, so
    /// the next poll looks only for other programs' changes.
    func didWrite(showing id: Int64? = nil, followUp: FollowUp = .undo) {
        reload()
        seenHistoryID = newestHistoryID()
        if status?.isError == false { self.followUp = followUp }
        guard let id else { return }
        reportingErrors {
            if let position = try positionKeepingInSight(id) { select(position) }
        }
    }

    /// The sentence for a value the store refused; an error that is not
    /// about the value goes to the status line as well.
    private func refusal(_ error: RosterError) -> String {
        switch error {
        case .invalid(let problems): return problems.map(\.message).joined(separator: "; ")
        case .nameTaken: return error.description
        default:
            reportingErrors { throw error }
            return error.description
        }
    }

    // MARK: History

    /// Takes back the newest change not undone yet, from any surface.
    func undo() {
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo() }
    }

    /// Takes back the change numbered `id`, chosen from the history; the
    /// store refuses, naming the later change, when one touched its monsters.
    func undo(change id: Int64) {
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(change: id, dryRun: false) }
    }

    /// Takes back every change after `id` still in force (`later`, as the
    /// question named them), newest first, in one step as `undo N` does.
    /// When the history moved on since the question, nothing is undone.
    func goBack(after id: Int64, undoing later: [Int64]) {
        var now: [Int64] = []
        reportingErrors {
            now = try store.history(touching: nil, limit: nil).filter { $0.id > id && $0.isOriginalChange && !$0.isUndone }.map(\.id)
        }
        guard now == later else {
            status = ("nothing was undone: the history changed since you asked; h shows it as it is now", true)
            return
        }
        takeHistoryStep(then: .redo) { () throws(RosterError) in try store.undo(later.count, dryRun: false) }
    }

    /// Puts back what undo took back most recently.
    func redo() {
        takeHistoryStep(then: .undo) { () throws(RosterError) in try store.redo() }
    }

    /// Says what the step did in the history's own words ("undid
    /// set-weapon Cat-Bot: Sword → Fire"), or why it did nothing.
    func takeHistoryStep(then followUp: FollowUp, _ step: () throws(RosterError) -> HistoryOutcome) {
        // The details may be showing a monster being added: it is not on
        // the roster, so undo goes past it; drop it first.
        discardDraft()
        if let refused = refusedWhileLost() {
            status = ("nothing was \(followUp == .redo ? "undone" : "redone"): \(refused)", true)
            return
        }
        reportingErrors {
            let outcome = try step()
            status = (outcome.sentences.joined(separator: "; "), false)
            // The details show a monster the step brought back or changed
            // (the one whose removal was undone), as after any other write.
            let shown = outcome.steps.last?.revisions.first { $0.after != nil }?.monsterID
            didWrite(showing: shown, followUp: outcome.steps.isEmpty ? .undo : followUp)
            if outcome.steps.isEmpty { self.followUp = nil }
        }
    }

    // MARK: Changes from elsewhere

    /// Checks whether another program changed the roster, and if so
    /// reloads. Cheap: one `PRAGMA data_version`. With `telling`, the
    /// footer says what the other program did, in the history's words
    /// (the plain roster tells it in its own sentences).
    @discardableResult
    func pollForChanges(telling: Bool = true) -> Bool {
        let wasLost = serverLost
        var changed = list.takeFinishedIndex()
        if changed { select(selection) }
        // No later change to the file at the path would ever show, and
        // every save would go into the file nobody can find any more.
        if store.hasMoved {
            fatalError = .readOnly(path: store.name, reason: Self.fileMovedReason)
            return changed
        }
        reportingErrors {
            let version = try store.changeCounter()
            if serverLost != nil {
                // Back: whatever happened meanwhile is read again, and the
                // footer says so once, with the changes not seen yet, in
                // place of "lost" and of any refusal told while away.
                serverLost = nil
                lastDataVersion = version
                reload()
                changed = true
                if telling { tellReconnected() } else if status?.isError == true { status = nil }
            } else if version != lastDataVersion {
                lastDataVersion = version
                reload()
                changed = true
                if telling { tellChangesByOthers() }
            }
        }
        return changed || serverLost != wasLost
    }

    /// The sentence a write gets while the server is lost, without asking
    /// the store: a try to connect could hold the screen for the whole
    /// connect timeout, and the store tries again by itself.
    func refusedWhileLost() -> String? {
        guard serverLost != nil else { return nil }
        return "the server at \(store.name) is out of reach; roster is reconnecting by itself, so try again in a moment"
    }

    /// "another program changed the roster: set-weapon Cat-Bot: Sword →
    /// Fire". The change replaces the follow-up on offer: `u` would now
    /// take back the other program's change, not the one it followed.
    ///
    /// On a roster a team shares the history says who: "alice on
    /// alice@laptop changed the roster: set-weapon Cat-Bot: Sword → Fire".
    private func tellChangesByOthers() {
        let newest = (try? store.history(touching: nil, limit: Self.toldChanges + 1)) ?? []
        let unseen = newest.filter { $0.id > seenHistoryID }
        seenHistoryID = max(seenHistoryID, newest.first?.id ?? 0)
        guard let latest = unseen.first else {
            // Written without a history entry (another tool on the file).
            status = ("another program changed the roster", false)
            return
        }
        let earlier = unseen.count > Self.toldChanges ? "; more changes came before it, and the history lists them"
            : unseen.count == 2 ? "; 1 more came before it, and the history lists it"
            : unseen.count > 2 ? "; \(unseen.count - 1) more came before it, and the history lists them" : ""
        let who = latest.author ?? "another program"
        status = ("\(who) changed the roster: \(latest.line)\(earlier)", false)
    }

    /// "reconnected to SERVER; 2 changes were made meanwhile, the latest
    /// by bob on bob@laptop: set-weapon Dog-Bot: Blowgun → Smoke",
    /// said once when a lost server is back (the list is read again).
    private func tellReconnected() {
        let newest = (try? store.history(touching: nil, limit: Self.toldChanges + 1)) ?? []
        let unseen = newest.filter { $0.id > seenHistoryID }
        seenHistoryID = max(seenHistoryID, newest.first?.id ?? 0)
        status = (Self.reconnected(to: store.name, meanwhile: unseen), false)
    }

    /// The sentence for a server that is back, given the history entries
    /// made meanwhile, newest first (up to `toldChanges` + 1 of them).
    static func reconnected(to server: String, meanwhile unseen: [HistoryEntry]) -> String {
        guard let latest = unseen.first else {
            return "reconnected to \(server); the history has no change made meanwhile"
        }
        let who = latest.author.map { " by \($0)" } ?? ""
        guard unseen.count > 1 else {
            return "reconnected to \(server); 1 change was made meanwhile\(who): \(latest.line)"
        }
        let count = unseen.count > toldChanges ? "more than \(toldChanges) changes" : "\(unseen.count) changes"
        return "reconnected to \(server); \(count) were made meanwhile, the latest\(who): \(latest.line); history lists them"
    }

    /// Changes counted before "more changes came before it" stops counting.
    private static let toldChanges = 9

    /// The interface knows of every change so far (a clash told one).
    private func catchUp() {
        if let version = try? store.changeCounter() { lastDataVersion = version }
        seenHistoryID = newestHistoryID()
    }

    private func newestHistoryID() -> Int64 {
        ((try? store.history(touching: nil, limit: 1)) ?? []).first?.id ?? 0
    }

    /// Says why the details let go of a monster by themselves.
    func noteShownMonsterGone(_ monster: Monster, wasEditing: Bool) {
        let gone = ((try? store.monster(id: monster.id)) ?? nil) == nil
        let what = gone ? "\(monster.name) was removed by another program" : "another program changed \(monster.name)"
        status = (wasEditing ? "\(what); the edit was put away unsaved" : what, true)
    }

    /// The session's last word on a roster file another program moved
    /// away: what the open file held stays there, unseen by anyone.
    static let fileMovedReason = "another program moved, removed or replaced it while the roster was open; open it again to see the file there now"

    func clearStatus() {
        status = nil
    }

    /// Tells something that happened outside a save (an editor that failed).
    func tell(_ text: String, isError: Bool) {
        status = (text, isError)
    }

    /// Runs a step whose failure should be shown in the footer rather
    /// than end the session (the database busy, a file gone read-only).
    func reportingErrors(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as RosterError {
            switch error {
            case .damaged, .notADatabase: fatalError = error
            case .serverUnavailable:
                // Not fatal: the store reconnects by itself, and the footer
                // says so until it has, over whatever it said before.
                if serverLost == nil { status = nil }
                serverLost = "lost the server at \(store.name); reconnecting…"
            case .readOnly(_, let reason?) where reason == RosterError.fileMovedReason:
                // A save refused because the file went away in the moment
                // since the last poll: the session ends as the poll would.
                fatalError = .readOnly(path: store.name, reason: Self.fileMovedReason)
            default: status = (error.description, true)
            }
        } catch {
            status = ("\(error)", true)
        }
    }
}
