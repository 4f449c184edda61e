/// The words a change is told in: by the command that made it, by
/// `history`, and by undo and redo, which repeat them.
public enum ChangeWording {
    /// How many monsters a summary names before "and N more".
    static let namedInSummary = 3

    /// `Cat-Bot: Sword → Fire`, one part per monster.
    public static func weapons(_ changes: [WeaponChange]) -> String {
        listed(changes.filter(\.isChange).map { "\($0.monster.name): \($0.monster.weapon.displayName) → \($0.weapon.displayName)" })
    }

    /// `Cat-Bot: name Cat-Bot → Kitty-Bot, colour default → red`.
    public static func edit(_ before: Monster, _ after: Monster) -> String {
        "\(before.name): " + differences(before, after).joined(separator: ", ")
    }

    /// `Bat-Bot (id 7)`.
    public static func added(_ monster: Monster) -> String {
        "\(monster.name) (id \(monster.id))"
    }

    /// `Dog-Bot, Cat-Bot`.
    public static func removed(_ monsters: [Monster]) -> String {
        listed(monsters.map(\.name), separator: ", ")
    }

    /// `3 added, 2 updated, 0 unchanged, 1 removed (mode replace)`.
    public static func imported(_ summary: ImportSummary, mode: ImportMode) -> String {
        "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.removed) removed (mode \(mode.rawValue))"
    }

    /// `name Cat-Bot → Kitty-Bot`, `colour default → red`…: each field that differs.
    public static func differences(_ before: Monster, _ after: Monster) -> [String] {
        var parts: [String] = []
        if before.name != after.name { parts.append("name \(before.name) → \(after.name)") }
        if before.description != after.description { parts.append("description “\(before.description)” → “\(after.description)”") }
        if before.icon != after.icon { parts.append("icon \(before.icon) → \(after.icon)") }
        if before.nameColor != after.nameColor { parts.append("colour \(before.nameColor.key) → \(after.nameColor.key)") }
        if before.weapon != after.weapon { parts.append("weapon \(before.weapon.displayName) → \(after.weapon.displayName)") }
        if before.height != after.height {
            parts.append("height \(before.height?.displayName ?? "unknown") → \(after.height?.displayName ?? "unknown")")
        }
        if before.origin != after.origin {
            parts.append("origin \(before.country?.description ?? before.origin ?? "unknown") → \(after.country?.description ?? after.origin ?? "unknown")")
        }
        if before.activated != after.activated {
            // Minutes hide a change of seconds: then show the exact moments.
            let same = before.activated?.localDisplay == after.activated?.localDisplay
            func shown(_ moment: Timestamp?) -> String {
                guard let moment else { return "unknown" }
                return same ? moment.iso8601 : moment.localDisplay
            }
            parts.append("activated \(shown(before.activated)) → \(shown(after.activated))")
        }
        return parts
    }

    /// The first few parts, then how many more there are.
    static func listed(_ parts: [String], separator: String = "; ") -> String {
        guard parts.count > namedInSummary + 1 else { return parts.joined(separator: separator) }
        return parts.prefix(namedInSummary).joined(separator: separator) + " and \(parts.count - namedInSummary) more"
    }

    /// `undid set-weapon Cat-Bot: Sword → Fire`: what undo and redo say,
    /// the change in its own words.
    public static func reversal(_ verb: String, of entry: HistoryEntry) -> String {
        "\(verb) \(entry.line)"
    }
}
