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

    public var isFlag: Bool { valueName == nil }

    /// `--format F`, `-o, --output FILE`.
    var usage: String {
        var text = "--\(long)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    /// In a usage line: `--format F` when required, `[--dry-run]` when not.
    var usageInLine: String {
        let once = isRequired ? usage : "[\(usage)]"
        // `[--where EXPR]…`: given again, each one counts.
        return isRepeatable ? once + "…" : once
    }

    var helpLabel: String {
        (short.map { "-\($0), " } ?? "    ") + usage + aliases.map { ", --\($0)" }.joined()
    }

    /// `--color --colour`: every long spelling, as a shell offers them.
    var spellings: [String] {
        (["--" + long] + aliases.map { "--" + $0 })
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
                          isRequired: false, aliases: [], isRepeatable: false, isPassedToQueries: false, reader: nil)
    }
}

/// An option that takes a value of a type that reads itself from an
/// argument: the parser reads it before the command runs, and the command
/// gets a `Value` (`invocation[Self.format]`).
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
