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
    /// Values that cannot be read are handed to the command, to report
    /// with the problems only it can find (`add` reports every problem at
    /// once), rather than refused before it runs.
    public let reportsValueProblemsWithItsOwn: Bool
    public let run: @Sendable (Invocation) throws -> ExitStatus

    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
                options: [any OptionDeclaration] = [], usageForms: [String] = [], examples: [String] = [],
                argumentsReplacedBy: [String] = [], isHidden: Bool = false, suggestedFor: [String] = [],
                reportsValueProblemsWithItsOwn: Bool = false,
                run: @escaping @Sendable (Invocation) throws -> ExitStatus) {
        self.suggestedFor = suggestedFor
        self.reportsValueProblemsWithItsOwn = reportsValueProblemsWithItsOwn
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map(\.spec)
        self.usageForms = usageForms
        self.examples = examples
        self.argumentsReplacedBy = argumentsReplacedBy
        self.isHidden = isHidden
        self.run = run
    }

    /// One of the command's own options, by its long name.
    func option(named long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }
}

/// What a shell can offer when completing a value.
public enum CompletionSource: Sendable, Equatable {
    case none
    case fixed([String])
    /// Words worked out only when someone asks for them (a completion
    /// script, the manual): the country codes come from a table that every
    /// start of `roster` would otherwise read and sort.
    case deferred(DeferredWords)
    /// The lines the program prints for a query, asked for at the moment
    /// of completing (a roster's names live in its file).
    case output(CompletionQuery)
    case files
    /// The program's visible commands, and these other words (help topics).
    case commands(andAlso: [String])

    /// What a completion script or the manual offers: the same sources,
    /// with `deferred` worked out into `fixed`.
    enum Offer: Equatable {
        case none, fixed([String]), output(CompletionQuery), files, commands(andAlso: [String])
    }

    var resolved: Offer {
        switch self {
        case .none: .none
        case .fixed(let words): .fixed(words)
        case .deferred(let words): .fixed(words.words())
        case .output(let query): .output(query)
        case .files: .files
        case .commands(let others): .commands(andAlso: others)
        }
    }
}

/// "Complete with the output of this command": the program run again,
/// with `arguments`, one offer a line. The global options the line being
/// completed gives that are marked `passedToQueries` (`--db PATH`) go
/// before the arguments, so that the answer comes from what the line
/// works on. A line shaped like an option (`--db=/x`) is offered only
/// after a `--` on the line, where it cannot be read as one.
public struct CompletionQuery: Sendable, Equatable {
    /// Names the shell function that asks (`names` makes `_roster_names`).
    public let name: String
    /// What follows the program's name and the passed-on options: its
    /// arguments, and perhaps a pipe through other commands, written so
    /// that bash, zsh and fish all read it alike.
    public let arguments: String

    public init(name: String, arguments: String) {
        self.name = name
        self.arguments = arguments
    }
}

/// A list of words made on demand, named so that two lists compare.
public struct DeferredWords: Sendable, Equatable {
    public let name: String
    public let words: @Sendable () -> [String]

    public init(_ name: String, _ words: @escaping @Sendable () -> [String]) {
        self.name = name
        self.words = words
    }

    public static func == (left: DeferredWords, right: DeferredWords) -> Bool { left.name == right.name }
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

/// A `--long` option, a flag or one that takes a value, as the parser,
/// help and completion see it. Commands declare theirs as `Flag` or
/// `Option<Value>`, which make one of these and read it back typed.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Nil for flags; the value's placeholder (`W`, `FILE`) otherwise.
    public let valueName: String?
    public let help: String
    public let completion: CompletionSource
    /// The command cannot run without it.
    public let isRequired: Bool
    /// Other spellings accepted for `long` (`colour` for `color`).
    public let aliases: [String]
    /// May be given several times, each value kept (`--expect`).
    public let isRepeatable: Bool
    /// Given on a line being completed, it is passed on to completion
    /// queries (`CompletionQuery`).
    public let isPassedToQueries: Bool
    /// Reads the value's text into the declared type; nil for a flag.
    let reader: (@Sendable (String) -> Result<any Sendable, ArgumentProblem>)?

    init(long: String, short: Character?, valueName: String?, help: String, completion: CompletionSource,
         isRequired: Bool, aliases: [String], isRepeatable: Bool, isPassedToQueries: Bool = false,
         reader: (@Sendable (String) -> Result<any Sendable, ArgumentProblem>)?) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.completion = completion
        self.isRequired = isRequired
        self.aliases = aliases
        self.isRepeatable = isRepeatable
        self.isPassedToQueries = isPassedToQueries
        self.reader = reader
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

/// An option as a command declares it, a `Flag` or an `Option<Value>`.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A flag: given, or not.
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    public init(_ long: String, short: Character? = nil, _ help: String) {
        spec = OptionSpec(long: long, short: short, valueName: nil, help: help, completion: .none,
                          isRequired: false, aliases: [], isRepeatable: false, reader: nil)
    }
}

/// An option that takes a value of a type that reads itself from an
/// argument: the parser reads it before the command runs, and the command
/// gets a `Value` (`invocation[Self.weapon]`).
public struct Option<Value: ExpressibleByArgument>: OptionDeclaration {
    public let spec: OptionSpec

    /// `completion` defaults to what the type offers.
    public init(_ long: String, short: Character? = nil, value valueName: String, _ help: String,
                completion: CompletionSource? = nil, required: Bool = false, aliases: [String] = [],
                repeatable: Bool = false, passedToQueries: Bool = false) {
        self.init(long, short: short, value: valueName, help, completion: completion ?? Value.completion,
                  required: required, aliases: aliases, repeatable: repeatable,
                  passedToQueries: passedToQueries) { text throws(ArgumentProblem) in
            try Value(argument: text)
        }
    }

    private init(_ long: String, short: Character?, value valueName: String, _ help: String,
                 completion: CompletionSource, required: Bool, aliases: [String], repeatable: Bool,
                 passedToQueries: Bool = false, read: @escaping @Sendable (String) throws(ArgumentProblem) -> Value) {
        spec = OptionSpec(long: long, short: short, valueName: valueName, help: help, completion: completion,
                          isRequired: required, aliases: aliases, isRepeatable: repeatable,
                          isPassedToQueries: passedToQueries) { text in
            do throws(ArgumentProblem) {
                return .success(ReadValue(value: try read(text)))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension Option where Value: ArgumentChoice {
    /// An option that takes only some of the choices (`show` prints no CSV).
    public init(_ long: String, short: Character? = nil, value valueName: String, _ help: String,
                among choices: [Value]) {
        self.init(long, short: short, value: valueName, help, completion: .fixed(choices.map(\.rawValue)),
                  required: false, aliases: [], repeatable: false) { text throws(ArgumentProblem) in
            try Value.choosing(text, among: choices)
        }
    }
}

/// A value read by an `Option`, kept as read (an optional value stays
/// one), so that reading it back as its type cannot be ambiguous.
struct ReadValue<Value: Sendable>: Sendable {
    let value: Value
}

/// The option every program's commands accept, whatever else the
/// program declares as global (`ArgumentParser(globalOptions:)`).
public enum GlobalOptions {
    public static let help = Flag("help", short: "h", "show help for the command")
}
