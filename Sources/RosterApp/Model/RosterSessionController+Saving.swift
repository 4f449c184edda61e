import RosterCore
import TerminalKit
import TextSafety

/// Saving: the one path every editor, panel and the plain roster save
/// through. A save is a compare-and-set from the monster as the editor
/// found it; its outcome is a value (`SaveOutcome`), told in the footer
/// here, so that no editor recognises an outcome by its message. After a
/// write the list is read again only when the write may have moved rows
/// (adds, renames, removals, undo); a field's own change replaces the
/// cached row (`didWriteField`).
extension RosterSessionController {
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
        /// Written, but the filter no longer matches the monster: the
        /// details show the nearest one that it does, and the editor for
        /// the saved one was put away (`letGo`), the footer saying so.
        case savedOutOfFilter
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
    /// through the field). `seen` is the newest history entry seen when
    /// the editor found `original` (`seenHistoryID` then): a clash names
    /// only who changed the monster after it (`whoChanged`).
    @discardableResult
    func save(_ changes: MonsterChanges, startingFrom original: Monster? = nil, seen: Int64? = nil, describing what: String,
              again: String = "Enter saves yours over it, Esc keeps theirs",
              announce: ((_ before: Monster, _ after: Monster) -> String)? = nil) -> SaveOutcome {
        let seen = seen ?? seenHistoryID
        let outcome = write(changes, startingFrom: original, announce: announce)
        switch outcome {
        case .refused(let sentence):
            status = ("\(what) not saved: \(sentence)", true)
        case .clashed(let current):
            let found = original ?? current
            status = (Self.clash(changes, from: found, to: current, by: whoChanged(monsterID: current.id, since: seen),
                                 again: again, movedTo: movedAway(found, from: current)), true)
        case .saved, .unchanged, .monsterGone, .savedOutOfFilter:
            break
        }
        return outcome
    }

    /// Who made the change to monster `id` that an editor, which found it
    /// when `seen` was the newest history entry it had seen, now meets: the
    /// author of the monster's newest history entry, when that entry is
    /// newer than `seen` (on a shared roster: "bob on bob@laptop");
    /// otherwise no change of roster's made it, and it is the program
    /// that wrote without roster, named where the store can tell
    /// (``another program (`psql`, logged in as alice)``), else "another
    /// program". Never the author of an older entry, who may be the
    /// person himself; nor of a newer one when the monster is not as that
    /// entry left it (another program changed it after, perhaps in
    /// another field: then the last change is that program's).
    func whoChanged(monsterID id: Int64, since seen: Int64) -> String {
        if let newest = ((try? store.history(touching: "#\(id)", limit: 1)) ?? []).first, newest.id > seen,
           leftAsItIs(monsterID: id, by: newest) {
            return newest.author ?? "another program"
        }
        return outsideWriterDescribed
    }

    /// Whether monster `id` is now as `entry` left it, in every field (or
    /// gone, as it left it). An import keeps no revisions: its author is
    /// taken at its word.
    private func leftAsItIs(monsterID id: Int64, by entry: HistoryEntry) -> Bool {
        guard let revisions = try? store.revisions(of: entry), !revisions.isEmpty else { return true }
        guard let revision = revisions.last(where: { $0.monsterID == id }) else { return false }
        switch (revision.after, try? store.monster(id: id)) {
        case (nil, nil): return true
        case let (left?, now?): return MonsterFields.dataFields.allSatisfy { $0.told(left) == $0.told(now) }
        default: return false
        }
    }

    /// The id the monster an editor found now has, when its row holds
    /// another name and the found one's is on the roster at another id:
    /// then it was moved, and another monster put in its place.
    func movedAway(_ found: Monster, from current: Monster) -> Int64? {
        guard found.name != current.name, let now = (try? store.find(found.name)) ?? nil, now.name == found.name,
              now.id != current.id else { return nil }
        return now.id
    }

    /// "after you began, another program changed Cat-Bot's weapon to
    /// Smoke, so yours was not saved; …": the plain roster's sentence, naming
    /// who (`by`) where the store knows it. `movedTo`: the found monster is
    /// on the roster at that id now, and another is in its place.
    static func clash(_ changes: MonsterChanges, from original: Monster, to current: Monster,
                      by who: String = "another program", again: String, movedTo: Int64? = nil) -> String {
        if let movedTo {
            let named = MonsterFields.name.told(current)
            return "after you began, \(who) moved \(original.name) to id \(movedTo) and put another monster, \(named), in its place, "
                + "so yours was not saved; " + savingAgain(again, toMonsterNamed: named)
        }
        // The fields the person's value differs in from the newer one, that
        // the other program changed.
        let mine = changes.applied(to: current)
        let fields = MonsterFields.dataFields.filter { field in
            // A new name is told whenever there is one: the sentence calls
            // the monster by the name the person knew, then says the new one.
            field.told(current) != field.told(original) && (field.told(mine) != field.told(current) || field === MonsterFields.name)
        }
        // Begun with roster's words: `who` is a role, written as it is.
        guard fields.count == 1, fields[0] === MonsterFields.name, mine.name == current.name else {
            return "after you began, \(who) changed \(changedFields(fields, from: original, to: current)), so yours was not saved; \(again)"
        }
        // Only the name changed, which the person's change leaves alone: the
        // row may be the monster renamed or another in its place, so saving
        // again goes to the monster now named, and takes back nothing of theirs.
        let named = MonsterFields.name.told(current)
        return "after you began, \(who) changed \(original.name)'s name to \(named), or put another monster in its place, so yours "
            + "was not saved; " + savingAgain(again, toMonsterNamed: named)
    }

    /// How saving again is said when only the name changed: the save goes
    /// to the monster now `named`, and Esc keeps it as it is ("Enter saves
    /// yours to `Kat-Bot`, Esc keeps it as it is").
    static func savingAgain(_ again: String, toMonsterNamed named: String) -> String {
        again.replacing("yours over it", with: "yours to \(named)").replacing("keeps theirs", with: "keeps it as it is")
    }

    /// "another program had already changed Cat-Bot's weapon to Fire: the
    /// roster holds what you chose".
    static func sameChoice(from original: Monster, to current: Monster) -> String {
        let fields = MonsterFields.dataFields.filter { $0.told(current) != $0.told(original) }
        return "another program had already changed \(changedFields(fields, from: original, to: current)): the roster holds what you chose"
    }

    /// "Dog-Bot's name to `Dog-Bot-X` and its weapon to Smoke": the
    /// monster by the name it had (`original`), each of `fields` by its
    /// value now.
    private static func changedFields(_ fields: [MonsterField], from original: Monster, to current: Monster) -> String {
        let told = fields.map { "\($0.key == "name_color" ? "name colour" : $0.changeLabel) to \($0.told(current))" }
        return original.name + (told.isEmpty ? "" : "'s " + told.joined(separator: " and its "))
    }

    private func write(_ changes: MonsterChanges, startingFrom original: Monster?,
                       announce: ((_ before: Monster, _ after: Monster) -> String)?) -> SaveOutcome {
        if let draft {
            return saveDraft(changes.applied(to: draft), naming: changes.name != nil)
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
                letGo(monster, false)
                return .monsterGone
            }
            guard edit.isChange else {
                // A chosen value still says what it is.
                if let announce { status = (announce(edit.after, edit.after), false) }
                return .unchanged
            }
            // In the command line's words, so that every surface says the same.
            status = (announce?(edit.before, edit.after) ?? "changed \(ChangeWording.edit(edit.before, edit.after, pictures: pictureNaming))", false)
            if edit.before.name != edit.after.name { followOwnRenames([edit.after]) }
            if edit.before.name == edit.after.name, !list.isExpression, list.order == nil {
                didWriteField(edit.after)
                return .saved
            }
            didWrite()
            return outcome(showing: edit.after)
        } catch .changedSince(let current, _) {
            // Show the newer monster at once, as a poll would; the clash's
            // sentence tells the other program's change, so that no poll
            // tells it again over the sentence.
            reload()
            catchUp()
            // Another program made the same choice first: the roster holds
            // what the person chose, which is no clash, and no change of
            // theirs for `u` to take back.
            if changes.applied(to: current) == current {
                status = (Self.sameChoice(from: base, to: current), false)
                return .unchanged
            }
            return .clashed(current: current)
        } catch {
            return .refused(refusal(error))
        }
    }


    /// A write's outcome once the list was read again: `saved` while the
    /// details still show `written`; else the filter no longer shows it,
    /// and its editor must not go on to whichever monster took its place.
    private func outcome(showing written: Monster) -> SaveOutcome {
        guard selectedRow?.id != written.id, let letGo else { return .saved }
        letGo(written, true)
        return .savedOutOfFilter
    }

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
    private func saveDraft(_ monster: Monster, naming: Bool) -> SaveOutcome {
        guard naming else {
            draft = monster
            return .saved
        }
        if let refused = refusedWhileLost() { return .refused(refused) }
        do {
            let added = try store.add(monster)
            draft = nil
            status = ("added \(added.name)", false)
            didWrite(showing: added.id)
            return outcome(showing: added)
        } catch {
            return .refused(refusal(error))
        }
    }

    /// After the interface's own write: read the list again. SQLite's
    /// `data_version` does not change for a connection's own commits, so
    /// the next poll looks only for other programs' changes.
    ///
    /// Only adds, removes, renames, undo and redo come here; a field's own
    /// change goes to `didWriteField`. `showing`: the monster the write
    /// made or brought back, selected if
    /// the filter shows it; else the filter stays and the status says so.
    func didWrite(showing id: Int64? = nil, followUp: FollowUp = .undo) {
        reload()
        seenHistoryID = newestHistoryID()
        if let id {
            reportingErrors {
                if let position = try list.position(of: id, guess: selection) {
                    select(position)
                    leftFilterNote = nil
                } else if list.isFiltering, let hidden = try store.monster(id: id) {
                    if let nearest = list.nearestPosition(to: id) { select(nearest) }
                    leftFilterNote = filterNote(hidden, "does not match")
                }
            }
        }
        if let status { self.status = (withFilterNote(status.text), status.isError) }
        toldWithTheWrite()
        if status?.isError == false { self.followUp = followUp }
    }

    /// What the store said while it wrote ("… before it answered, but the
    /// change was saved"), after the write's own sentence. Saving it, the
    /// store connected again, and its change counter starts afresh: the
    /// interface counts from there, so that its own change is not told as
    /// another program's ("meanwhile another program changed the roster",
    /// which would also take away its `u undo`).
    private func toldWithTheWrite() {
        guard let note = heardFromStore else { return }
        heardFromStore = nil
        if let status { self.status = ("\(status.text); \(note)", status.isError) } else { status = (note, false) }
        if let version = try? store.changeCounter() { lastDataVersion = version }
    }

    /// After the interface's own change to a field of the selected monster
    /// that leaves its name and its place in the list as they were: the
    /// row the store returned replaces the cached one. Nothing is read
    /// again; the name index stays as it is.
    private func didWriteField(_ written: Monster) {
        list.replace(written)
        if selectedRow?.id == written.id { selectedRow = written }
        seenHistoryID = newestHistoryID()
        toldWithTheWrite()
        if status?.isError == false { followUp = .undo }
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
}
