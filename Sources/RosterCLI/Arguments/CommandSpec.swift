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
