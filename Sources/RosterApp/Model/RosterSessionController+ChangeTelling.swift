import RosterCore
import TextSafety

/// How the interface tells a change from the history: in the history's
/// own words, except that a change of picture names the pictures as the
/// details show them ("picture Dog robot → Cat robot"), or as the plain
/// roster reads them out ("a dog robot"): `pictureNaming`. The history
/// keeps file names (`icon meetdogbot.png → meetcatbot.png`), which
/// `--icon` takes and the command line's `history` shows.
///
/// The wording comes from the change's recorded rows, each monster before
/// and after, never from its summary's text: a description that reads
/// "icon a.png → b.png" is a description, and is told as one.
extension RosterSessionController {
    /// `entry`'s line (`edit Dog-Bot: picture Dog robot → Cat robot`).
    /// Only an entry whose summary names the icon field can hold a
    /// change of picture: the rows of the others are not read.
    func told(_ entry: HistoryEntry) -> String {
        guard !entry.isSnapshot, entry.summary.contains(MonsterFields.icon.changeLabel + " "),
              let revisions = try? store.revisions(of: entry) else { return entry.line }
        // An undo's rows go the other way from the change it repeats the words of.
        return told(entry, revisions: revisions, reversed: entry.command == "undo")
    }

    /// `entry`'s line as news of a change made elsewhere (the footer, the
    /// plain roster's announcements): no longer than a quote
    /// (`Quote.longest`, the longest value a roster keeps), then cut,
    /// saying so. Another program may write an entry as long as the
    /// history reads (`HistoryText`), which the plain roster would read
    /// out whole; `roster history` shows more.
    func toldAsNews(_ entry: HistoryEntry) -> String {
        let line = told(entry)
        guard line.utf8.count > Quote.longest, line.count > Quote.longest else { return line }
        return String(line.prefix(Quote.longest)) + Self.newsCut
    }

    /// What ends news cut by `toldAsNews`.
    static let newsCut = "… (cut; history shows more)"

    /// `entry`'s line worded from `revisions` (taken the other way when
    /// `reversed`), when they change a picture; else its line as stored.
    func told(_ entry: HistoryEntry, revisions: [MonsterRevision], reversed: Bool) -> String {
        let pairs = revisions.compactMap { revision in
            revision.before.flatMap { before in
                revision.after.map { after in reversed ? (before: after, after: before) : (before: before, after: after) }
            }
        }
        guard pairs.contains(where: { $0.before.icon != $0.after.icon }) else { return entry.line }
        let summary = ChangeWording.edits(pairs, pictures: pictureNaming)
        // Only `edit` changes a picture: an undo or redo of one repeats its words.
        return entry.reverses == nil ? "\(entry.title) \(summary)" : "\(entry.title) edit \(summary)"
    }

    /// A refusal to undo or redo with each change it names (`#5 edit
    /// Dog-Bot: icon …`, by the change's line) told as `told(_:)` tells
    /// it, from the change's rows: the store gives the changes it named.
    func told(refusal sentence: String, citing entries: [HistoryEntry]) -> String {
        entries.reduce(sentence) { text, entry in
            let worded = told(entry)
            guard worded != entry.line else { return text }
            return text.replacing("#\(entry.id) \(entry.line)", with: "#\(entry.id) \(worded)")
        }
    }

    /// What an undo or redo did, step by step ("undid edit Dog-Bot:
    /// picture Cat robot → Dog robot"), as `HistoryStep.sentence` says it
    /// with the pictures named.
    func told(_ outcome: HistoryOutcome, undoing: Bool) -> String {
        let steps = outcome.steps.map { step in
            "\(undoing ? "undid" : "redid") \(told(step.change, revisions: step.revisions, reversed: undoing))"
        }
        // The shortfall ("nothing to redo: #3 edit Dog-Bot: …") names its changes as a refusal does.
        let shortfall = outcome.shortfall.map { told(refusal: $0, citing: outcome.citing) }
        return (steps + (shortfall.map { [$0] } ?? [])).joined(separator: "; ")
    }

    /// `message` as the footer and the plain roster show it: one complete
    /// sentence (`Sentence`), kept as written when it begins with a
    /// monster's name spelled so, of one word or several (`eve now carries
    /// Fire.`, `bob the bot now carries Fire.`). The last answer is kept,
    /// since the footer asks on every frame; nothing is asked of a server
    /// that is out of reach.
    func sentence(_ message: String) -> String {
        if let last = lastSentence, last.message == message { return last.sentence }
        let sentence = Sentence.completed(message, beginningWith: nameBeginning(message))
        if serverLost == nil { lastSentence = (message, sentence) }
        return sentence
    }

    /// The monster's name `message` begins with, the whole of it: the
    /// chosen monster's (a message about it may name it after it left the
    /// roster), else the longest run of its first words, up to a stop or a
    /// possessive, that is a monster's name on the roster. Only a message
    /// that begins with a lowercase letter is looked at: no other could
    /// take a capital.
    private func nameBeginning(_ message: String) -> String? {
        guard let first = message.first, first.isLetter, first.isLowercase else { return nil }
        func ends(at index: String.Index) -> Bool {
            index == message.endIndex || !(message[index].isLetter || message[index].isNumber)
        }
        if let name = selected?.name, message.hasPrefix(name), ends(at: message.index(message.startIndex, offsetBy: name.count)) {
            return name
        }
        guard serverLost == nil else { return nil }
        // No name is longer than its limit: a longer beginning is not
        // looked up, however long the message (a change another program told).
        let head = message.prefix(MonsterRules.nameLimit + 1)
        var candidates: [String] = []
        for index in head.indices where " ,;:'’".contains(head[index]) {
            candidates.append(String(head[..<index]))
            if candidates.count == Self.wordsOfANameLookedAt { break }
        }
        if candidates.count < Self.wordsOfANameLookedAt, head.endIndex == message.endIndex { candidates.append(message) }
        return candidates.reversed().first { ((try? store.find($0)) ?? nil)?.name == $0 }
    }

    /// The most words looked up as a name at the start of a message.
    private static let wordsOfANameLookedAt = 8
}
