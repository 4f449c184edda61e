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
    /// Options that choose the monsters instead of the list argument
    /// (`NAME…`): given one, the list takes no text (`set-weapon --where
    /// EXPR WEAPON`).
    public let listChosenBy: [String]
    /// Hidden from the command list (still runs and completes).
    public let isHidden: Bool
    /// Names people try for this command (`rm` for `remove`): answered
    /// with a suggestion, never run.
    public let suggestedFor: [String]
    /// Values that cannot be read are handed to the command, to report
    /// with the problems only it can find (`add` reports every problem at
    /// once), rather than refused before it runs.
    public let reportsValueProblemsWithItsOwn: Bool
    /// Whether the program's global options (`--db`) mean anything to it:
    /// its usage line and help name them only then. A command about the
    /// program itself (`help`) still accepts them, to no effect.
    public let usesProgramOptions: Bool
    /// Checks that need several options together (or the command's own
    /// words), made after parsing and before `run`, as
    /// swift-argument-parser's `validate()`: `edit` needs a field to
    /// change. Throws a `UsageError`.
    public let validate: (@Sendable (Invocation) throws -> Void)?
    public let run: @Sendable (Invocation) throws -> ExitStatus

    public init(name: String, abstract: String, discussion: String = "", arguments: [any ArgumentDeclaration] = [],
                options: [any OptionDeclaration] = [], usageForms: [String] = [], examples: [String] = [],
                argumentsReplacedBy: [String] = [], listChosenBy: [String] = [], isHidden: Bool = false, suggestedFor: [String] = [],
                reportsValueProblemsWithItsOwn: Bool = false, usesProgramOptions: Bool = true,
                validate: (@Sendable (Invocation) throws -> Void)? = nil,
                run: @escaping @Sendable (Invocation) throws -> ExitStatus) {
        self.validate = validate
        self.suggestedFor = suggestedFor
        self.reportsValueProblemsWithItsOwn = reportsValueProblemsWithItsOwn
        self.usesProgramOptions = usesProgramOptions
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.usageForms = usageForms
        self.examples = examples
        self.argumentsReplacedBy = argumentsReplacedBy
        self.listChosenBy = listChosenBy
        self.isHidden = isHidden
        self.run = run
    }

    /// Validates the invocation, then runs it.
    public func callAsFunction(_ invocation: Invocation) throws -> ExitStatus {
        try validate?(invocation)
        return try run(invocation)
    }

    /// One of the command's own options, by its long name.
    func option(named long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }
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
    /// Reads each text into the declared type; nil for text taken as it is (names).
    let reader: (@Sendable (String) -> Result<any Sendable, ArgumentProblem>)?

    /// How many texts it needs at least.
    var minimumCount: Int {
        switch arity {
        case .one: 1
        case .optional: 0
        case .many(let minimum): minimum
        }
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

/// A positional argument as a command declares it: text (`ArgumentSpec`)
/// or a typed `Argument<Value>`.
public protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

extension ArgumentSpec: ArgumentDeclaration {
    // Declared here, not in the type, so that the type keeps the
    // memberwise init that `Argument` gives a reader.
    /// An argument taken as text: a name, a file.
    public init(_ name: String, _ help: String, arity: Arity = .one, completion: CompletionSource = .none) {
        self.init(name: name, help: help, arity: arity, completion: completion, reader: nil)
    }

    public var spec: ArgumentSpec { self }
}

/// A positional argument read by its type before the command runs, as
/// `Option` is: a choice, a count N.
public struct Argument<Value: ExpressibleByArgument>: ArgumentDeclaration {
    public let spec: ArgumentSpec

    /// `completion` defaults to what the type offers.
    public init(_ name: String, _ help: String, arity: ArgumentSpec.Arity = .one, completion: CompletionSource? = nil) {
        spec = ArgumentSpec(name: name, help: help, arity: arity, completion: completion ?? Value.completion) { text in
            do throws(ArgumentProblem) {
                return .success(ReadValue(value: try Value(argument: text)))
            } catch {
                return .failure(error)
            }
        }
    }
}
