#if canImport(Glibc)
import Glibc
#endif
import RosterCore
import TerminalKit
import TextSafety

/// The two ends of a plain conversation: lines in, text out.
struct PlainConsole {
    /// The next line typed or piped in, the end of the input, or a signal.
    let nextLine: () -> LineInput.Event
    /// Writes text as it is; the session has made it safe.
    let write: (String) -> Void
    /// The input is a terminal, which echoes the answer after the prompt:
    /// prompts then stay open on their line. From a pipe nothing is echoed,
    /// so each prompt ends its line and every line of output stands alone.
    let inputIsTerminal: Bool
}

/// The plain roster: a line-oriented conversation for screen readers,
/// braille displays and dumb terminals, on the same controller (and so
/// the same list, save path and messages) as the full-screen roster.
///
/// Nothing but printable text and newlines is ever written: every line
/// passes through `SafeText`, so text from the database shows its
/// control characters as visible escapes. Changes made by other programs
/// are looked for (one `PRAGMA data_version`) before each prompt and told
/// as sentences rather than redrawn.
final class PlainSession {
    /// Monsters read out per page.
    static let pageSize = 20
    /// The longest line read, in bytes: as `import` reads its lines.
    static let lineLimit = ChunkedInput.recordLimit

    let controller: RosterSessionController
    private let console: PlainConsole
    /// The first position of the page last read out.
    var pageStart = 0
    /// The monster the editing commands act on, once one is chosen, as it
    /// was chosen: its id, and its name, which says the row at that id is
    /// still that monster (another program may have moved it to another
    /// id and put a different one at its id). The session's own renames
    /// carry the name along (`RosterSessionController.ownRename`).
    var chosen: Monster?
    /// The newest change in the history this session has accounted for:
    /// a clash names only who changed a monster after it.
    private(set) var seenHistoryID: Int64 = 0
    /// The filter the person set, as last said.
    var filterInForce = ""
    /// Set when the session is over: 0 for quit or the end of the input,
    /// 128 + the signal for Ctrl-C and the like.
    var exitStatus: Int32?

    init(controller: RosterSessionController, console: PlainConsole) {
        self.controller = controller
        controller.pictureNaming = MonsterPictures.spoken
        controller.reconnectsByItself = false
        self.console = console
        seenHistoryID = newestHistoryID()
        controller.ownRename = { [weak self] renamed in
            if self?.chosen?.id == renamed.id { self?.chosen = renamed }
        }
    }

    var store: any RosterStore { controller.store }
    var list: MonsterListModel { controller.list }

    /// Talks until the person quits, the input ends or a signal comes.
    /// Throws the error that ended it, if the file became unusable.
    func run() throws(RosterError) -> Int32 {
        say("Roster in plain mode, with \(PlainWording.monsters(list.total)). Type a number or a name to choose a monster, help for the commands, or q to quit.")
        readPage()
        while exitStatus == nil {
            guard let line = ask("Command:") else { break }
            perform(line)
            seenHistoryID = max(seenHistoryID, newestHistoryID())
            tellIfFilterWentAway()
            if let fatal = controller.fatalError { throw fatal }
        }
        return exitStatus ?? 0
    }

    // MARK: Speaking and asking

    /// One line of output, its untrusted parts made visible.
    func say(_ line: String) {
        console.write(SafeText.escaped(line) + "\n")
    }

    /// A message from the controller or the store, as a sentence.
    func tell(_ message: String) {
        say(controller.sentence(PlainWording.spoken(message)))
    }

    /// Asks, after telling what other programs changed meanwhile. Nil when
    /// the session ends instead (the input ended, or a signal came).
    func ask(_ prompt: String) -> String? {
        guard exitStatus == nil else { return nil }
        announceChangesByOthers()
        while true {
            console.write(SafeText.escaped(prompt) + (console.inputIsTerminal ? " " : "\n"))
            switch console.nextLine() {
            case .line(let line):
                // Told before the answer is acted on, so that nothing is done
                // to a monster another program changed without the person knowing.
                announceChangesByOthers()
                // Nothing tries a lost server between commands: the one typed does, once.
                if controller.serverLost != nil {
                    store.reconnectNow()
                    announceChangesByOthers()
                }
                return line
            case .resumed:
                // Back from Ctrl-Z: the shell's lines are below the question.
                continue
            case .tooLong:
                say("That line is longer than \(Self.lineLimit / 1024) KiB, the most the plain roster reads; it was ignored.")
                continue
            case .end:
                // On a terminal the prompt's line is still open.
                if console.inputIsTerminal { console.write("\n") }
                say("End of input; goodbye.")
                exitStatus = 0
            case .signal(let signal):
                if console.inputIsTerminal { console.write("\n") }
                say("\(Self.interruption(signal)); goodbye.")
                exitStatus = signal.exitStatus
            }
            return nil
        }
    }

    // MARK: The list

    /// Reads out the page at `pageStart`, with a heading that says where
    /// it is and how to go on.
    func readPage() {
        waitForIndexIfFiltering()
        let count = list.count
        guard count > 0 else {
            if list.isFiltering {
                say("No monster's name contains \(PlainWording.quoted(list.filter)). Type filter alone to list them all.")
            } else {
                say("The roster is empty. Type add to add a monster.")
            }
            return
        }
        pageStart = max(0, min(pageStart, (count - 1) / Self.pageSize * Self.pageSize))
        let end = min(count, pageStart + Self.pageSize)
        say(PlainWording.pageHeading(first: pageStart + 1, last: end, count: count, filter: list.filter,
                                     isExpression: list.isExpression, hasPrevious: pageStart > 0))
        do {
            try list.prefetch(pageStart..<end)
            for position in pageStart..<end {
                guard let monster = try list.monster(at: position) else { continue }
                say(PlainWording.listLine(number: position + 1, monster))
            }
        } catch {
            tell(error.description)
        }
    }

    /// A large roster's names are indexed in the background; a filter
    /// needs them, so the plain session waits for them, saying so.
    private func waitForIndexIfFiltering() {
        guard list.isWaitingForIndex else { return }
        say("The names are being indexed for the filter; this takes a moment.")
        while list.isWaitingForIndex, controller.fatalError == nil {
            if !controller.pollForChanges(telling: false) { sleepBriefly() }
        }
    }

    private func sleepBriefly() {
        usleep(20_000)
    }

    /// The controller lets go of a filter that would hide the monster
    /// being worked on (chosen by name, renamed, added): the full-screen
    /// list shows that; here it is said.
    private func tellIfFilterWentAway() {
        guard !filterInForce.isEmpty, list.filter != filterInForce else { return }
        say("The filter \(PlainWording.quoted(filterInForce)) was let go, so that the monster you work on stays in the list; it lists all \(PlainWording.monsters(list.count)).")
        filterInForce = list.filter
        pageStart = 0
    }

    // MARK: The chosen monster

    /// The chosen monster, selected in the controller so that its saves
    /// go to it; says why when there is none.
    func chosenMonster() -> Monster? {
        guard let chosen else {
            say("Choose a monster first: type its number in the list, or its name.")
            return nil
        }
        guard controller.select(monsterID: chosen.id), let monster = controller.selected, monster.id == chosen.id else {
            if isGone(chosen.id) {
                say("The monster you chose is no longer on the roster; choose another.")
                self.chosen = nil
            }
            return nil
        }
        guard monster.name == chosen.name else {
            tellChoiceDropped(now: monster)
            return nil
        }
        return monster
    }

    /// Whether the monster `id` has left the roster. A store that cannot
    /// be reached (a PostgreSQL server gone) is not a monster gone: that
    /// is said instead, and the choice is kept for when it is back.
    private func isGone(_ id: Int64) -> Bool {
        do {
            return try store.monster(id: id) == nil
        } catch {
            tell(error.description)
            return false
        }
    }

    /// Chooses `monster` and reads its details.
    func choose(_ monster: Monster) {
        chosen = monster
        controller.select(monsterID: monster.id)
        readDetails()
    }

    func readDetails() {
        guard let monster = chosenMonster() else { return }
        let position = (try? list.position(of: monster.id)) ?? nil
        for line in PlainWording.details(monster, number: position.map { $0 + 1 }, of: list.count) { say(line) }
    }

    // MARK: Changes by other programs

    /// Tells, before the next prompt, what other programs changed: each
    /// change in the history's words, a change without an entry (the
    /// sqlite3 shell, psql) from the same signal the full-screen roster
    /// tells it by (the store's change counter, which on a file counts the
    /// monster rows any program wrote, and on a server names the role and
    /// program), and whether the chosen monster went.
    private func announceChangesByOthers() {
        let totalBefore = list.total
        let counterBefore = controller.lastDataVersion
        // Back from a lost server the counter starts afresh: that is no change.
        let wasReachable = controller.serverLost == nil
        guard controller.pollForChanges(telling: false) else { return }
        let counterMoved = wasReachable && controller.lastDataVersion != counterBefore
        let newest = (try? store.history(limit: Self.announcedChanges + 1)) ?? []
        let unseen = newest.filter { $0.id > seenHistoryID }
        seenHistoryID = max(seenHistoryID, newest.first?.id ?? 0)
        for entry in unseen.prefix(Self.announcedChanges).reversed() {
            let told = controller.toldAsNews(entry)
            say("Another program changed the roster: \(PlainWording.spoken(told)).")
        }
        if unseen.count > Self.announcedChanges {
            say("Another program made more changes; history lists them all.")
        } else if unseen.isEmpty, list.total != totalBefore {
            tell("\(controller.outsideWriterDescribed) changed the roster; it now holds \(PlainWording.monsters(list.total))")
        } else if unseen.isEmpty, counterMoved {
            tell("\(controller.outsideWriterDescribed) changed the roster")
        }
        if let chosen, isGone(chosen.id) {
            say("The monster you chose is no longer on the roster.")
            self.chosen = nil
        } else if let chosen, let now = try? store.monster(id: chosen.id), now.name != chosen.name {
            tellChoiceDropped(now: now)
        }
    }

    /// The row of the chosen monster now holds another name: nothing is
    /// done to it, and the person chooses again, knowingly.
    private func tellChoiceDropped(now: Monster) {
        guard let chosen else { return }
        say("\(RosterSessionController.replaced([(chosen.name, now.name)])), so nothing is chosen now; "
            + "type a number or a name to choose again.")
        self.chosen = nil
    }

    /// Why the session ended, in words and not a signal's name.
    static func interruption(_ signal: TerminationSignal) -> String {
        switch signal {
        case .interrupt: "Interrupted by Ctrl-C"
        case .terminate: "Asked to stop by another program"
        case .hangup: "The terminal went away"
        }
    }

    /// Changes told one by one before the rest are only counted.
    static let announcedChanges = 3

    private func newestHistoryID() -> Int64 {
        ((try? store.history(limit: 1)) ?? []).first?.id ?? 0
    }
}
