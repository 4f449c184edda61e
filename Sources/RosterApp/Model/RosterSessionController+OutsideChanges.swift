import RosterCore
import TerminalKit
import TextSafety

/// Changes made elsewhere: another program on the same file (`PRAGMA
/// data_version`), another person on a shared server (`LISTEN`), a lost
/// server and its return. A poll reads the list again and tells what
/// changed in the history's words, with who made it on a shared roster.
extension RosterSessionController {
    /// Checks whether another program changed the roster, and if so
    /// reloads. Cheap: one `PRAGMA data_version`. With `telling`, the
    /// footer says what the other program did, in the history's words
    /// (the plain roster tells it in its own sentences).
    @discardableResult
    func pollForChanges(telling: Bool = true) -> Bool {
        let wasLost = serverLost
        let toldBefore = status?.text
        var changed = list.takeFinishedIndex()
        var selected = selection
        // A monster placed at a guess has been counted: it moves to its place.
        if let shift = list.takeSettledShift() {
            selected += shift
            changed = true
        }
        if changed { select(selected) }
        // No later change to the file at the path would ever show, and
        // every save would go into the file nobody can find any more.
        if store.hasMoved {
            fatalError = .readOnly(path: store.name, reason: Self.fileMovedReason)
            return changed
        }
        reportingErrors {
            let outsideWritesBefore = store.outsideWritesFound
            let version: Int64
            do {
                version = try store.changeCounter()
            } catch let error as RosterError where serverLost != nil && Self.refusal(error) != nil {
                // Back, but refused (the role's grants revoked meanwhile,
                // pg_hba.conf changed): said in place of "reconnecting…",
                // and the store asks again on its back-off.
                serverLost = Self.refusedOnReturn(Self.refusal(error) ?? "")
                serverRefusesOnReturn = true
                return
            }
            if serverLost != nil {
                // Back: whatever happened meanwhile is read again, and the
                // footer says so once, with the changes not seen yet, in
                // place of "lost" and of any refusal told while away.
                let refusal = refusedWhileLost()
                serverLost = nil
                // A field's own reason for a save refused while away goes too.
                if let refusal { clearRefusal?(refusal) }
                lastDataVersion = version
                reload()
                applyFilterTypedWhileLost()
                let marksNote = dropChangedMarks()
                changed = true
                let outside = store.outsideWritesFound != outsideWritesBefore ? outsideWriterDescribed : nil
                // A write that failed as the server went (it stopped
                // answering; whether the change was saved) stays told,
                // with the reconnection after it.
                let failed = status.flatMap { told in
                    told.isError && !(refusal.map { told.text.hasSuffix($0) } ?? false) ? told.text : nil
                }
                if telling {
                    tellReconnected(outside: outside, after: failed)
                    if !marksNote.isEmpty { amendStatus(marksNote) }
                } else if failed != nil { status = nil }
            } else if version != lastDataVersion {
                lastDataVersion = version
                reload()
                // A marked monster another program removed stops being
                // counted now, not at the next key; one whose row now holds
                // another name loses its mark, and the news says so.
                let marksNote = dropChangedMarks()
                changed = true
                restateAnswer()
                if telling { tellNews(withFilterNote(changesByOthers()) + marksNote, isError: false) }
            }
        }
        // A refusal told by the poll (the role's grants revoked) is drawn too.
        return changed || serverLost != wasLost || status?.text != toldBefore
    }

    /// The sentence a write gets while the server is lost, without asking
    /// the store: in the full-screen roster a try to connect could hold
    /// the screen for the whole connect timeout, and the store tries again
    /// by itself; the plain roster has just tried, as the command was typed.
    func refusedWhileLost() -> String? {
        guard let serverLost else { return nil }
        if let gone = store.noLongerThere { return gone }
        if serverRefusesOnReturn { return serverLost }
        guard reconnectsByItself else { return "the server at \(store.name) is out of reach; roster tries it again with each command typed" }
        return "the server at \(store.name) is out of reach; roster is reconnecting by itself, so try again in a moment"
    }

    /// "the server answers again, but the roster at … cannot be opened: …;
    /// roster asks again by itself": a refusal where the server was lost.
    static func refusedOnReturn(_ refusal: String) -> String {
        "the server answers again, but \(refusal); roster asks again by itself"
    }

    /// The server's refusal in a failure when it answers again: a role or a
    /// roster it will not let in, as against a server still out of reach.
    static func refusal(_ error: RosterError) -> String? {
        switch error {
        case .notPermitted(let sentence), .serverRefused(let sentence), .notOnServer(let sentence): sentence
        case .foreignSchema, .newerDatabase: error.description
        default: nil
        }
    }

    /// "another program changed the roster: set-weapon Cat-Bot: Sword →
    /// Fire", or, written without roster on a server, "another program
    /// (`psql`, logged in as alice) changed the roster", told as news
    /// (`tellNews`). It ends the follow-up on offer: `u` would now take
    /// back the other program's change, not the one it followed.
    ///
    /// On a roster a team shares the history says who: "the roster was
    /// changed by alice on alice@laptop: set-weapon Cat-Bot: Sword → Fire".
    private func changesByOthers() -> String {
        let newest = (try? store.history(touching: nil, limit: Self.toldChanges + 1)) ?? []
        let unseen = newest.filter { $0.id > seenHistoryID }
        seenHistoryID = max(seenHistoryID, newest.first?.id ?? 0)
        // Written without a history entry (psql, another tool on the
        // file): named where the server could tell who.
        guard let latest = unseen.first else { return "\(outsideWriterDescribed) changed the roster" }
        let earlier = unseen.count > Self.toldChanges ? "; more changes came before it, and the history lists them"
            : unseen.count == 2 ? "; 1 more came before it, and the history lists it"
            : unseen.count > 2 ? "; \(unseen.count - 1) more came before it, and the history lists them" : ""
        // The author is a role and a client, written as they are: the
        // sentence begins with roster's words, which take its capital.
        guard let who = latest.author else { return "another program changed the roster: \(toldAsNews(latest))\(earlier)" }
        return "the roster was changed by \(who): \(toldAsNews(latest))\(earlier)"
    }

    /// "reconnected to SERVER; 2 changes were made meanwhile, the latest
    /// by bob on bob@laptop: set-weapon Dog-Bot: Blowgun → Smoke",
    /// said once when a lost server is back (the list is read again).
    /// `outside`: who wrote without roster meanwhile, if anyone did;
    /// `failed`: the failure the footer shows, which stays before it.
    private func tellReconnected(outside: String?, after failed: String?) {
        let newest = (try? store.history(touching: nil, limit: Self.toldChanges + 1)) ?? []
        let newestID = newest.first?.id ?? 0
        // A history that ends before what this screen had seen: a backup
        // put back, or a server that was behind the one it was on. The
        // changes after its end are not there: said, never "no change".
        if newestID < seenHistoryID {
            let wentBack = Self.reconnected(to: store.name, historyEndsAt: newestID, seen: seenHistoryID)
            seenHistoryID = newestID
            status = (failed.map { "\($0); \(wentBack)" } ?? wentBack, true)
            return
        }
        let unseen = newest.filter { $0.id > seenHistoryID }
        // The last change this screen saw, gone from a history that goes on
        // past it: cleared or pruned, or a copy that went its own way.
        // roster cannot tell which, so it is said.
        let gone = seenHistoryID > 0 && !newest.contains { $0.id == seenHistoryID }
            && (newest.count <= Self.toldChanges || (newest.last?.id ?? 0) < seenHistoryID)
        let doubt = gone ? "; its history no longer holds #\(seenHistoryID), the last change this screen saw (cleared or pruned since, "
            + "or a copy of the roster that went its own way), so roster cannot tell that changes shown here are in it" : ""
        seenHistoryID = max(seenHistoryID, newestID)
        let reconnected = Self.reconnected(to: store.name, meanwhile: unseen, outside: outside, telling: toldAsNews) + doubt
        status = failed.map { ("\($0); \(reconnected)", true) } ?? (reconnected, gone)
    }

    /// "reconnected to …; its history ends at #3, before #5 this screen had
    /// seen: …": a roster older than the one shown (ids are never given
    /// twice, so only an older roster ends before them; an empty history
    /// may be one cleared, too).
    static func reconnected(to server: String, historyEndsAt newest: Int64, seen: Int64) -> String {
        let older = "the roster there is older than the one shown (a backup put back, or a server that was behind)"
        guard newest > 0 else {
            return "reconnected to \(server); its history is empty now, though this screen had seen #\(seen): it was cleared, or \(older)"
        }
        return "reconnected to \(server); its history ends at #\(newest), before #\(seen) this screen had seen: \(older), "
            + "and the changes after #\(newest) are not in it"
    }

    /// The sentence for a server that is back, given the history entries
    /// made meanwhile, newest first (up to `toldChanges` + 1 of them),
    /// and who changed the roster without roster meanwhile (`outside`,
    /// "another program (`psql`, logged in as alice)"), which no entry shows.
    static func reconnected(to server: String, meanwhile unseen: [HistoryEntry], outside: String? = nil,
                            telling told: (HistoryEntry) -> String = \.line) -> String {
        let withoutEntry = outside.map { "; \($0) changed the roster meanwhile, which the history does not show" } ?? ""
        guard let latest = unseen.first else {
            guard outside != nil else { return "reconnected to \(server); the history has no change made meanwhile" }
            return "reconnected to \(server)\(withoutEntry)"
        }
        let who = latest.author.map { " by \($0)" } ?? ""
        guard unseen.count > 1 else {
            return "reconnected to \(server); 1 change was made meanwhile\(who): \(told(latest))\(withoutEntry)"
        }
        let count = unseen.count > toldChanges ? "more than \(toldChanges) changes" : "\(unseen.count) changes"
        return "reconnected to \(server); \(count) were made meanwhile, the latest\(who): \(told(latest)); history lists them\(withoutEntry)"
    }

    /// Who wrote without roster, as a sentence names them: ``another
    /// program (`psql`, logged in as alice)`` on a server that could tell
    /// (`RosterStore.outsideWriter`), else `another program`.
    var outsideWriterDescribed: String {
        store.outsideWriter?.described ?? "another program"
    }

    /// Changes counted before "more changes came before it" stops counting.
    private static let toldChanges = 9

    /// The interface knows of every change so far (a clash told one).
    func catchUp() {
        if let version = try? store.changeCounter() { lastDataVersion = version }
        seenHistoryID = newestHistoryID()
    }

    func newestHistoryID() -> Int64 {
        ((try? store.history(touching: nil, limit: 1)) ?? []).first?.id ?? 0
    }

    /// Says why the details let go of a monster by themselves.
    func noteShownMonsterGone(_ monster: Monster, wasEditing: Bool) {
        let gone = ((try? store.monster(id: monster.id)) ?? nil) == nil
        let what = gone ? "another program removed \(monster.name)" : "another program changed \(monster.name)"
        tellNews(withFilterNote(wasEditing ? "\(what); the edit was put away unsaved" : what), isError: true)
    }

    /// The session's last word on a roster file another program moved
    /// away: what the open file held stays there, unseen by anyone.
    static let fileMovedReason = "another program moved, removed or replaced it while the roster was open; open it again to see the file there now"
}
