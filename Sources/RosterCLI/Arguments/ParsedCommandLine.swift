/// A command line after parsing: which command, its positionals, its
/// options' values as read by their types.
public struct ParsedCommandLine: Sendable {
    public var command: CommandSpec?
    public var positionals: [String] = []
    /// Option long name to the texts given (a flag has one empty text).
    public var options: [String: [String]] = [:]
    /// Option long name to the values read from those texts.
    var values: [String: [any Sendable]] = [:]
    /// The sentences for values that could not be read, in the order given.
    public var valueProblems: [String] = []

    public subscript(flag: Flag) -> Bool { options[flag.spec.long] != nil }

    /// The option's value, if it was given and could be read.
    public subscript<Value>(option: Option<Value>) -> Value? {
        (values[option.spec.long]?.last as? ReadValue<Value>)?.value
    }

    /// Every value of a repeatable option, in the order given.
    public func values<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.spec.long] ?? []).compactMap { ($0 as? ReadValue<Value>)?.value }
    }

    /// Argument name to the values read from its texts.
    var argumentValues: [String: [any Sendable]] = [:]

    /// A typed argument's value (the first, for a list), if given and read.
    public subscript<Value>(argument: Argument<Value>) -> Value? {
        (argumentValues[argument.spec.name]?.first as? ReadValue<Value>)?.value
    }
}

/// The positionals of a command whose arguments are `NAME… LAST`: all but
/// the last, and the last.
extension ParsedCommandLine {
    public var leadingAndLast: (leading: [String], last: String)? {
        guard let last = positionals.last else { return nil }
        return (Array(positionals.dropLast()), last)
    }
}
