import RosterCore

/// Options several commands share, declared once.
enum CommonOptions {
    static let dryRun = OptionSpec("dry-run", short: "n", "check and report what would change, but change nothing")

    static func format(_ choices: [String], default defaultHelp: String) -> OptionSpec {
        OptionSpec("format", short: "f", value: "FORMAT",
                   "output format: \(choices.joined(separator: ", ")) (\(defaultHelp))", choices: choices)
    }

    static let listFormats = ["table", "plain", "json", "ndjson", "csv"]
    static let formatDefaultHelp = "default: table on a terminal, plain when piped"

    static let weaponNames = WeaponType.allCases.map(\.key)
    static let colorNames = NameColor.allCases.map(\.key)
}

extension Invocation {
    /// The output format: the one asked for, else a table on a terminal
    /// and tab-separated text when piped.
    var format: String {
        value("format") ?? (context.stdoutIsTerminal ? "table" : "plain")
    }

    /// Parses a weapon given on the command line, suggesting on a typo.
    func weapon(_ text: String, what: String = "weapon") throws(UsageError) -> WeaponType {
        if let weapon = WeaponType(parsing: text) { return weapon }
        var message = "unknown \(what) `\(text)`"
        if let suggestion = WeaponType.suggestion(for: text) {
            message += "; did you mean `\(suggestion.key)`?"
        } else {
            message += "; the weapons are \(CommonOptions.weaponNames.joined(separator: ", "))"
        }
        throw UsageError(message, command: commandName)
    }

    /// Parses a name colour, suggesting on a typo.
    func color(_ text: String) throws(UsageError) -> NameColor {
        if let color = NameColor(parsing: text) { return color }
        var message = "unknown colour `\(text)`"
        if let suggestion = NameColor.suggestion(for: text) {
            message += "; did you mean `\(suggestion.key)`?"
        } else {
            message += "; the colours are \(CommonOptions.colorNames.joined(separator: ", "))"
        }
        throw UsageError(message, command: commandName)
    }

    /// Refuses an `--icon` that names no picture roster carries, listing
    /// the ones it does. Stored icons are not checked: a missing one is
    /// shown as the fallback picture instead.
    func requireAvailableIcon() throws(RosterError) {
        guard let icon = value("icon"), let problem = MonsterRules.iconAvailabilityProblem(icon) else { return }
        throw .invalid([problem])
    }
}
