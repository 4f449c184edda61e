import RosterCore
import TerminalKit
import TextSafety

/// The roster session the interactive roster shows, shared by its views
/// and by the plain roster: the list model, which monster is selected,
/// the monster being added, removal, and the footer's sentence. Saving,
/// undo and redo, and other programs' changes are each in a file of their
/// own; the terminal (quitting, suspending) is the screen's.
final class RosterSessionController {
    let store: any RosterStore
    let list: MonsterListModel
    /// How pictures reach this terminal: kitty images, half blocks, or none.
    let pictures: PictureDrawing
    private(set) var selection = 0
    /// The monster at the selection, as last read.
    var selectedRow: Monster?
    /// A monster being added (`n`): shown in the details, saved once it
    /// has a name it may have.
    var draft: Monster?
    /// The monsters marked with Space, by id, with the name each had when
    /// marked (a row that comes to hold another name loses its mark): the
    /// weapon panel and remove act on all of them at once (see `+Marks`).
    var marked: [Int64: String] = [:]
    /// Text a copy key put aside for the clipboard, until the run loop sends it (`takeClipboard`).
    var pendingCopy: String?
    /// What is known of where a copy goes: the terminal, or a tmux that passes it on or drops it.
    var clipboard = ClipboardReach.terminal
    /// How a sentence names a picture: as the details show it ("Dog
    /// robot"), or as the plain roster reads it out ("a dog robot"). The
    /// history's words name pictures by file; the interface words a
    /// change of picture from its rows (`+ChangeTelling`).
    var pictureNaming: (String) -> String = MonsterPictures.name
    /// The columns the list shows beside names, where it has room (`v`).
    var listColumns: [ListColumn] = []
    /// Told each monster the session's own change renamed: the plain roster's choice follows it.
    var ownRename: ((Monster) -> Void)?

    /// What the details show: the new monster while one is being added,
    /// else the selected one.
    var selected: Monster? { draft ?? selectedRow }
    /// The monster on the roster the details show; nil while a new one is being added.
    var selectedOnRoster: Monster? { draft == nil ? selectedRow : nil }
    /// A line for the footer: what just happened, or what went wrong.
    /// Set by the controller's own files only (saving, history, changes from elsewhere).
    var status: (text: String, isError: Bool)? {
        didSet {
            followUp = nil
            if !tellingNews {
                answer = status
                if !restating { restatement = nil }
            }
        }
    }
    /// How the answer states its facts afresh when they change under it
    /// ("this acts on the 2 marked monsters in the list" after one of them
    /// left the list): nil when it can no longer be said. Given by a
    /// sentence that states such facts (`tell(_:isError:restated:)`).
    private var restatement: (() -> String?)?
    private var restating = false
    /// The sentence that answers the person's own last key ("Cat-Bot now
    /// carries Sword"): it stays until their next key, and news from
    /// elsewhere is told after it (`tellNews`), never in its place.
    private(set) var answer: (text: String, isError: Bool)?
    /// Set while `tellNews` sets the status, which is then no answer.
    private var tellingNews = false
    /// What the change the status reports can be followed by: its undo,
    /// or, after an undo, the redo. The screen names the key for it.
    enum FollowUp: Equatable {
        case undo, redo
        /// After a refused undo: the change that can be undone on its own.
        case undoAlone(Int64)
    }
    var followUp: FollowUp?
    /// The change a refused undo offered to take back on its own: the history highlights it
    /// when it opens (the offer in the footer goes with the next key, this stays until the next undo).
    var wayOn: Int64?
    /// Set while the server is out of reach ("lost the server at …; reconnecting…") or refuses the
    /// roster once it answers again (`serverRefusesOnReturn`, `refusedOnReturn`): shown in the footer
    /// whenever nothing newer is, until the store is back; every write is refused meanwhile.
    var serverLost: String? { didSet { if serverLost != oldValue { serverRefusesOnReturn = false } } }
    var serverRefusesOnReturn = false
    /// Whether a lost server is tried by itself (a poll), or as each command is typed (the plain roster).
    var reconnectsByItself = true
    /// What the footer shows: what just happened, else that the server is lost.
    var shownStatus: (text: String, isError: Bool)? {
        status ?? serverLost.map { ($0, true) }
    }
    var lastDataVersion: Int64 = 0
    /// The footer's sentence about the filter, while it is the one shown.
    private var toldFilterProblem: String?
    /// The footer's sentence about which columns fit (`v`), said again after a resize while shown.
    var toldColumns: String?
    /// The newest change in the history the interface has seen: its own,
    /// or one it told. A poll tells those after it as other programs'.
    var seenHistoryID: Int64 = 0
    /// The last message made a sentence, and the sentence (`sentence(_:)`).
    var lastSentence: (message: String, sentence: String)?
    /// What the store said during the write under way (`RosterStore.tell`),
    /// until the write's sentence takes it along.
    var heardFromStore: String?
    /// An error the session cannot go on after (the file is damaged or
    /// gone): the run loop ends, restores the terminal and reports it.
    var fatalError: RosterError?
    /// Set by the interface, which owns the focus and the fields. `letGo`
    /// puts away the details' editor for `monster`, no longer shown (gone,
    /// or out of the filter), saying why unless `told`; `clearRefusal`
    /// takes back a field's reason that the server was away, once back.
    var letGo: ((_ monster: Monster, _ told: Bool) -> Void)?
    var clearRefusal: ((_ refusal: String) -> Void)?

    init(store: any RosterStore, pictures: PictureDrawing) throws(RosterError) {
        self.store = store
        self.pictures = pictures
        self.list = try MonsterListModel(store: store)
        lastDataVersion = try store.changeCounter()
        seenHistoryID = newestHistoryID()
        select(0)
        // What the store says beside a write's answer goes with that answer, in the footer.
        store.tell = { [weak self] sentence in self?.heardFromStore = sentence }
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
    /// still there. One the filter no longer matches (renamed here or
    /// elsewhere) leaves the filter as the person typed it: the selection
    /// goes to the nearest monster that matches, and `leftFilterNote`
    /// says so, for the footer's sentence about the change.
    func reload() {
        let keep = selectedRow?.id
        leftFilterNote = nil
        var leftFilter: Monster?
        reportingErrors {
            try list.refresh()
            guard let keep else { return }
            if let position = try list.position(of: keep, guess: selection) {
                selection = position
            } else if list.isFiltering, let moved = try store.monster(id: keep) {
                leftFilter = moved
                selection = list.nearestPosition(to: keep) ?? 0
            }
        }
        select(selection)
        if let leftFilter { leftFilterNote = filterNote(leftFilter, "no longer matches") }
    }

    /// Set by `reload` (and by a write that shows a monster) when the
    /// monster meant to be shown is on the roster but not under the
    /// filter: "Tabby no longer matches the filter `cat`, so Dog-Bot is
    /// chosen". Whatever tells the change ends its sentence with it.
    var leftFilterNote: String?

    func filterNote(_ hidden: Monster, _ verb: String) -> String {
        let chosen = selectedRow.map { "so \($0.name) is chosen" } ?? "and no monster matches it now"
        return "\(hidden.name) \(verb) the filter \(Quote.code(list.filter)), \(chosen)"
    }

    /// `text`, followed by what became of the selection under the filter.
    func withFilterNote(_ text: String) -> String {
        leftFilterNote.map { "\(text); \($0)" } ?? text
    }

    /// Where monster `id` is in the list. A monster the filter no longer
    /// matches (renamed, or just added) clears the filter: used where the
    /// person chose that monster by itself (the plain roster's number).
    private func positionClearingFilter(_ id: Int64) throws(RosterError) -> Int? {
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
        reportingErrors { found = try positionClearingFilter(id) }
        guard let found else { return false }
        select(found)
        return selectedRow?.id == id
    }

    func setFilter(_ text: String) {
        if holdWhileLost(filter: text) { return }
        let keep = selectedRow?.id
        list.setFilter(text)
        // A filter that means nothing is told in the footer, and the
        // telling goes once it means something again.
        if let problem = list.filterProblem {
            status = (Self.filterRefusal(problem.description, inForce: list.filterInForce), true)
            toldFilterProblem = status?.text
        } else if let told = toldFilterProblem {
            if status?.text == told { status = nil }
            toldFilterProblem = nil
        }
        var position = 0
        reportingErrors {
            if let keep, let found = try list.position(of: keep, guess: selection) { position = found }
        }
        select(position)
    }

    /// Enter on a filter that means nothing: the one in force stays, the
    /// filter line shows it, and the footer says what was refused and why.
    func refuseFilter() {
        guard let problem = list.filterProblem else { return }
        setFilter(list.filterInForce)
        status = (Self.filterRefusal("refused \(problem.description)", inForce: list.filterInForce), true)
    }

    /// "…; did you mean `weapon`? — the list still shows `weapon=fire`",
    /// the filter in force as it reads, without the space typed after it.
    private static func filterRefusal(_ problem: String, inForce: String) -> String {
        let filter = String(inForce.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let shown = filter.isEmpty ? "the list still shows every monster" : "the list still shows \(Quote.code(filter))"
        // After "did you mean `fire`?" a semicolon would read as the question's.
        return "\(problem)\(problem.hasSuffix("?") ? " —" : ";") \(shown)"
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

    /// Esc on a new monster's form: it was never added, and the footer
    /// says so, naming it as typed ("did not add `Foo-Bot`; nothing was
    /// saved"), so that the form going away is not met with silence.
    func tellDraftDiscarded(typedName: String?) {
        let typed = typedName ?? ""
        let whom = typed.allSatisfy { $0 == " " } ? "the new monster" : Quote.code(typed)
        tell("did not add \(whom); nothing was saved", isError: false)
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
    /// selected when the answer comes (a poll may have moved the selection),
    /// and only if it is still as the question (asked when `seen` was the
    /// newest history entry seen) showed it.
    @discardableResult
    func remove(_ confirmed: Monster, seen: Int64) -> RemovalOutcome {
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
                status = ("another program removed \(confirmed.name)", true)
                outcome = .alreadyGone
            }
            didWrite()
        } catch .changedSinceAsked(let name, _) {
            // In `roster remove`'s words, naming who where the store knows
            // it, as a clash does. The newer monster shows at once, as
            // after a poll, so that the person can look before asking again.
            status = (RosterError.notRemoved(name, by: whoChanged(monsterID: confirmed.id, since: seen)), true)
            outcome = .changedSinceAsked
            reload()
            catchUp()
            select(monsterID: confirmed.id)
        } catch {
            reportingErrors { throw error }
        }
        return outcome
    }

    /// Adds `words` to the footer's sentence, keeping what follows it up (`· u undo`).
    func amendStatus(_ words: String) {
        guard let told = status else { return }
        let kept = followUp
        status = (told.text + words, told.isError)
        followUp = kept
    }

    func clearStatus() {
        status = nil
    }

    /// Tells something that happened outside a save (an editor that failed).
    func tell(_ text: String, isError: Bool) {
        status = (text, isError)
    }

    /// Tells a sentence of facts that may change while it shows (how many
    /// marked monsters the filter hides): `restated` says it again from
    /// the facts as they are then, or nil when it no longer holds.
    func tell(_ text: String, isError: Bool, restated: @escaping () -> String?) {
        status = (text, isError)
        restatement = restated
    }

    /// The facts changed (another program's change was read): an answer
    /// that states them is said again as they are now, or dropped, before
    /// any news is told after it. A stale sentence never stays in sight.
    func restateAnswer() {
        guard let restatement, let answer, status?.text == answer.text else { return }
        restating = true
        defer { restating = false }
        if let text = restatement() {
            if text != answer.text { status = (text, answer.isError) }
        } else {
            status = nil
            self.restatement = nil
        }
    }

    /// Tells what happened elsewhere (another program's change, found by a
    /// poll): after the answer to the person's own last key, which a poll
    /// half a second later must not take away before it is read ("Cat-Bot
    /// now carries Sword; meanwhile another program changed …"); in place
    /// of older news.
    func tellNews(_ text: String, isError: Bool) {
        tellingNews = true
        defer { tellingNews = false }
        if let answer {
            status = ("\(answer.text); meanwhile \(text)", answer.isError || isError)
        } else {
            status = (text, isError)
        }
    }

    /// Runs a step whose failure should be shown in the footer rather
    /// than end the session (the database busy, a file gone read-only).
    func reportingErrors(_ body: () throws -> Void) {
        do {
            try body()
        } catch let error as RosterError {
            switch error {
            case .damaged, .notADatabase: fatalError = error
            case .rosterGone(let sentence): if serverLost != sentence { (status, serverLost) = (nil, sentence) }
            case .serverUnavailable:
                // Not fatal: the store reconnects by itself, and the footer
                // says so until it has, over whatever it said before.
                if serverLost == nil { status = nil }
                serverLost = "lost the server at \(store.name); reconnecting…"
            case .readOnly(_, let reason?) where reason == RosterError.fileMovedReason:
                // A save refused because the file went away in the moment
                // since the last poll: the session ends as the poll would.
                fatalError = .readOnly(path: store.name, reason: Self.fileMovedReason)
            case .historyRefused(let sentence, let cited): status = (told(refusal: sentence, citing: cited), true)
            default: status = (error.description, true)
            }
        } catch {
            status = ("\(error)", true)
        }
    }
}
