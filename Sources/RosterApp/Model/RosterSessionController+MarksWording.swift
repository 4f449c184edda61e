import RosterCore

/// How the interface words what befell marked monsters: a value they keep,
/// a clash with another program's change, marks dropped because their rows
/// now hold other monsters' names, and what a second choice saved over.
extension RosterSessionController {
    /// "Innocent-Bot is now called Bystander-Bot, or another monster took
    /// its place, so its mark was dropped": whether another program
    /// renamed the monster or put a different one at its id, the row is
    /// not the monster the person marked.
    static func marksDropped(_ changed: [(was: String, now: Monster)]) -> String {
        "\(replaced(changed.map { ($0.was, $0.now.name) })), so \(changed.count == 1 ? "its mark was" : "their marks were") dropped"
    }

    /// "Cat-Bot is now called Kitty-Bot, or another monster took its
    /// place"; "A and B are now called C and D, or other monsters took
    /// their places"; past three names, they are counted.
    static func replaced(_ names: [(was: String, now: String)]) -> String {
        guard names.count > 1 else {
            return "\(names.first?.was ?? "") is now called \(names.first?.now ?? ""), or another monster took its place"
        }
        let listed = names.count <= 3 ? names.map(\.was) : names.prefix(3).map(\.was) + ["\(MonsterListView.grouped(names.count - 3)) more"]
        let was = listed.dropLast().joined(separator: ", ") + " and " + (listed.last ?? "")
        let now = names.count <= 3 ? names.map(\.now).dropLast().joined(separator: ", ") + " and " + (names.last?.now ?? "")
            : "other names"
        return "\(was) are now called \(now), or other monsters took their places"
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
}
