/// The declarative layer every subcommand is written in.
///
/// A command declares its arguments, options and help once, as data.
/// Parsing, usage lines, `--help`, "did you mean" suggestions and the
/// shell completion scripts are all derived from these declarations, so
/// they cannot drift apart.
public struct CommandSpec: Sendable {
    public let name: String
    /// One line: what the command does.
    public let abstract: String
    /// Further paragraphs for `roster help COMMAND`.
    public let discussion: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    /// Usage lines when one line cannot say it (alternative forms).
    public let usageForms: [String]
    public let examples: [String]
    /// Flags that make the positional arguments unnecessary (`--stdin`).
    public let argumentsReplacedBy: [String]
    /// Hidden from the command list (still runs and completes).
    public let isHidden: Bool
    /// Names people try for this command (`rm` for `remove`): answered
    /// with a suggestion, never run.
    public let suggestedFor: [String]
    public let run: @Sendable (Invocation) throws -> ExitStatus

    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = [], usageForms: [String] = [], examples: [String] = [],
                argumentsReplacedBy: [String] = [], isHidden: Bool = false, suggestedFor: [String] = [],
                run: @escaping @Sendable (Invocation) throws -> ExitStatus) {
        self.suggestedFor = suggestedFor
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.usageForms = usageForms
        self.examples = examples
        self.argumentsReplacedBy = argumentsReplacedBy
        self.isHidden = isHidden
        self.run = run
    }

    /// Options this command accepts, its own first, then the global ones.
    var allOptions: [OptionSpec] { options + GlobalOptions.all }

    func option(named long: String) -> OptionSpec? {
        allOptions.first { $0.long == long }
    }
}

/// What a shell can offer when completing a value.
public enum CompletionSource: Sendable, Equatable {
    case none
    case fixed([String])
    case monsterNames
    case files
    case commands
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public enum Arity: Sendable, Equatable {
        case one
        case optional
        /// At least `minimum`, as many as given.
        case many(minimum: Int)
    }

    public let name: String
    public let help: String
    public let arity: Arity
    public let completion: CompletionSource

    public init(_ name: String, _ help: String, arity: Arity = .one, completion: CompletionSource = .none) {
        self.name = name
        self.help = help
        self.arity = arity
        self.completion = completion
    }

    /// How the argument appears in a usage line: `NAME`, `[FILE]`, `NAME…`.
    var usage: String {
        switch arity {
        case .one: name
        case .optional: "[\(name)]"
        case .many: "\(name)…"
        }
    }
}

/// A `--long` option, a flag or one that takes a value.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Nil for flags; the value's placeholder (`W`, `FILE`) otherwise.
    public let valueName: String?
    public let help: String
    /// When set, the value must be one of these (checked by the parser).
    public let choices: [String]?
    public let completion: CompletionSource
    /// The command cannot run without it.
    public let isRequired: Bool
    /// Other spellings accepted for `long` (`colour` for `color`).
    public let aliases: [String]

    public init(_ long: String, short: Character? = nil, value valueName: String? = nil, _ help: String,
                choices: [String]? = nil, completion: CompletionSource? = nil, required: Bool = false,
                aliases: [String] = []) {
        self.isRequired = required
        self.aliases = aliases
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.completion = completion ?? choices.map(CompletionSource.fixed) ?? .none
    }

    public var isFlag: Bool { valueName == nil }

    /// `--weapon W`, `-o, --output FILE`.
    var usage: String {
        var text = "--\(long)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    /// In a usage line: `--weapon W` when required, `[--dry-run]` when not.
    var usageInLine: String {
        isRequired ? usage : "[\(usage)]"
    }

    var helpLabel: String {
        (short.map { "-\($0), " } ?? "    ") + usage + aliases.map { ", --\($0)" }.joined()
    }

    /// Whether `--name` means this option.
    func isNamed(_ name: String) -> Bool {
        long == name || aliases.contains(name)
    }
}

/// Options every command accepts.
public enum GlobalOptions {
    public static let database = OptionSpec("db", value: "PATH",
                                            "the roster database (default: $ROSTER_DB, else $XDG_DATA_HOME/roster/roster.db)",
                                            completion: .files)
    public static let help = OptionSpec("help", short: "h", "show help for the command")
    public static let all = [database, help]
}
