import RosterCore

/// Options several commands share, declared once with the type of their
/// value: the parser reads them, and the commands get typed values.
enum CommonOptions {
    static let dryRun = Flag("dry-run", short: "n", "check and report what would change, but change nothing")

    /// `--format` among `formats` (`show` prints no CSV), defaulting as `defaultHelp` says.
    static func format(_ formats: [OutputFormat], default defaultHelp: String) -> Option<OutputFormat> {
        Option("format", short: "f", value: "FORMAT",
               "output format: \(formats.map(\.rawValue).joined(separator: ", ")) (\(defaultHelp))", among: formats)
    }

    /// Monster names, for completion: the second column of the plain list
    /// `complete-names` prints (from the roster the line's `--db` names,
    /// which it never creates), its doubled backslashes
    /// made single again. Written without a quoted backslash, so that it
    /// reads the same in bash, zsh and fish.
    static let monsterNames = CompletionSource.output(CompletionQuery(
        name: "names", arguments: #"complete-names 2>/dev/null | cut -f2 | sed "s/\([\]\)[\]/\1/g""#))

    static let listFormats = OutputFormat.allCases
    static let formatDefaultHelp = "default: table on a terminal, plain when piped"

    static let color = Option<NameColor>("color", value: "C", "its name colour: default, red, green or blue",
                                         aliases: ["colour"])
    static let newColor = Option<NameColor>("color", value: "C", "a new name colour: default, red, green or blue",
                                            aliases: ["colour"])

    /// `--height`, `--origin` and `--activated`, for `add` (`clearing`
    /// false) and `edit` (true, where `none` makes the value unknown, and
    /// is offered by completion).
    struct Details {
        let height: Option<Height?>
        let origin: Option<Country?>
        let activated: Option<Timestamp?>

        init(clearing: Bool) {
            let clear = clearing ? "; \(UnknownValue.word) makes it unknown" : ""
            height = Option("height", value: "H",
                            "\(clearing ? "a new height" : "its height") in feet and inches, such as 5ft11, 5'11\" or 71in, or in cm or m\(clear)",
                            completion: clearing ? nil : Height.completion)
            origin = Option("origin", value: "COUNTRY",
                            "\(clearing ? "a new country of origin" : "its country of origin"), by name or ISO 3166 code, such as France or FR\(clear)",
                            completion: clearing ? nil : Country.completion)
            activated = Option("activated", value: "WHEN",
                               "\(clearing ? "a new activation time" : "when it was activated"): 2026-11-29T14:05 or 2026-11-29 14:05 on your clock (TZ), 2026-11-29 14:05 CET as show writes it, 2026-11-29T13:05Z, with an offset, 2026-11-29T14:05+01:00 or 2026-11-29 14:05 +0100, or now; kept to the minute\(clear)",
                               completion: clearing ? nil : Timestamp.completion)
        }

        var all: [any OptionDeclaration] { [height, origin, activated] }
    }
}

extension Invocation {
    /// The output format: the one asked for, else a table on a terminal
    /// and tab-separated text when piped.
    func format(_ option: Option<OutputFormat>) -> OutputFormat {
        self[option] ?? (context.stdoutIsTerminal ? .table : .plain)
    }
}
