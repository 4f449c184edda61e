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
    /// Sorted; read from the country table only when asked for.
    static var countryCodes: [String] { Countries.all.map(\.code).sorted() }

    /// The word that makes an optional value unknown in `edit`.
    static let unknownWord = "none"

    /// `--height`, `--origin` and `--activated`, for `add` (`clearing`
    /// false) and `edit` (true, where `none` makes the value unknown).
    static func detailOptions(clearing: Bool) -> [OptionSpec] {
        let clear = clearing ? "; \(unknownWord) makes it unknown" : ""
        return [
            OptionSpec("height", value: "H",
                       "\(clearing ? "a new height" : "its height") in feet and inches, such as 5ft11, 5'11\" or 71in\(clear)",
                       completion: clearing ? .fixed([unknownWord]) : CompletionSource.none),
            OptionSpec("origin", value: "COUNTRY",
                       "\(clearing ? "a new country of origin" : "its country of origin"), by name or ISO 3166 code, such as France or FR\(clear)",
                       completion: .deferred(DeferredWords(clearing ? "countries-or-none" : "countries") {
                           countryCodes + (clearing ? [unknownWord] : [])
                       })),
            OptionSpec("activated", value: "WHEN",
                       "\(clearing ? "a new activation time" : "when it was activated"): 2026-11-29T14:05 on your clock, 2026-11-29T13:05Z, or now\(clear)",
                       completion: .fixed(["now"] + (clearing ? [unknownWord] : []))),
        ]
    }
}

extension Invocation {
    /// The output format: the one asked for, else a table on a terminal
    /// and tab-separated text when piped.
    var format: String {
        value("format") ?? (context.stdoutIsTerminal ? "table" : "plain")
    }

    /// Parses a weapon given on the command line, suggesting on a typo.
    func weapon(_ text: String) throws(UsageError) -> WeaponType {
        if let weapon = WeaponType(parsing: text) { return weapon }
        throw UsageError(WeaponType.unknownMessage(for: text), command: commandName)
    }

    /// Parses a name colour, suggesting on a typo.
    func color(_ text: String) throws(UsageError) -> NameColor {
        if let color = NameColor(parsing: text) { return color }
        throw UsageError(NameColor.unknownMessage(for: text), command: commandName)
    }

    /// `--height`: a height, or nil for `none`.
    func height(_ text: String) throws(UsageError) -> Height? {
        if isUnknownWord(text) { return nil }
        switch Height.reading(text) {
        case .success(let height): return height
        case .failure(let problem): throw UsageError("--height: " + problem.message, command: commandName)
        }
    }

    /// `--origin`: a country's two-letter code, or nil for `none`.
    func origin(_ text: String) throws(UsageError) -> String? {
        if isUnknownWord(text) { return nil }
        switch Countries.reading(text) {
        case .success(let country):
            return country.code
        case .failure(let problem):
            throw UsageError(problem.message, command: commandName)
        }
    }

    /// `--activated`: a moment (local time unless a zone is given, or
    /// `now`), or nil for `none`.
    func activated(_ text: String) throws(UsageError) -> Timestamp? {
        if isUnknownWord(text) { return nil }
        switch Timestamp.reading(text) {
        case .success(let timestamp): return timestamp
        case .failure(let problem): throw UsageError("--activated: " + problem.message, command: commandName)
        }
    }

    private func isUnknownWord(_ text: String) -> Bool {
        text.lowercased().filter { !$0.isWhitespace } == CommonOptions.unknownWord
    }

    /// Refuses an `--icon` that names no picture roster carries, listing
    /// the ones it does. Stored icons are not checked: a missing one is
    /// shown as the fallback picture instead.
    func requireAvailableIcon() throws(RosterError) {
        guard let icon = value("icon"), let problem = MonsterRules.iconAvailabilityProblem(icon) else { return }
        throw .invalid([problem])
    }
}
