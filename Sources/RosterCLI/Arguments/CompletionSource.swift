/// What a shell can offer when completing a value.
public enum CompletionSource: Sendable, Equatable {
    case none
    case fixed([String])
    /// Words worked out only when someone asks for them (a completion
    /// script, the manual): a long list from a table that every start of
    /// the program would otherwise read and sort.
    case deferred(DeferredWords)
    /// The lines the program prints for a query, asked for at the moment
    /// of completing (a roster's names live in its file).
    case output(CompletionQuery)
    case files
    /// The program's visible commands, and these other words (help topics).
    case commands(andAlso: [String])

    /// What a completion script offers: the same sources, with the words
    /// worked out (`deferred`, and the program's `commands`) into `fixed`,
    /// so that each shell says only how it offers words, a query's lines
    /// and files.
    enum Offer: Equatable {
        case none, fixed([String]), output(CompletionQuery), files
    }

    /// The offer, given the names of the program's visible commands.
    func offer(commands: [String]) -> Offer {
        switch self {
        case .none: .none
        case .fixed(let words): .fixed(words)
        case .deferred(let words): .fixed(words.words())
        case .output(let query): .output(query)
        case .files: .files
        case .commands(let others): .fixed(commands + others)
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
