import RosterCore

/// A mistake in how the command was called: exit status 64, with the
/// command's usage line and, where one is close, a suggestion.
public struct UsageError: Error, Sendable {
    public let message: String
    /// Further mistakes found at the same time, each its own sentence, so
    /// that one run reports them all.
    public let otherMessages: [String]
    /// The command whose usage to show; nil for the top level.
    public let command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.otherMessages = []
        self.command = command
    }

    /// Several mistakes at once; `messages` must not be empty.
    public init(_ messages: [String], command: String?) {
        self.message = messages.first ?? ""
        self.otherMessages = Array(messages.dropFirst())
        self.command = command
    }
}

/// A command line after parsing: which command, its positionals, its options.
public struct ParsedCommandLine: Sendable {
    public var command: CommandSpec?
    public var positionals: [String] = []
    /// Option long name to the values given (a flag has one empty value).
    public var options: [String: [String]] = [:]

    public func flag(_ long: String) -> Bool { options[long] != nil }
    public func value(_ long: String) -> String? { options[long]?.last }
}

/// Parses argv against the declared commands.
///
/// Options may come before or after the command and its arguments;
/// `--name=value` and `--name value` both work; `--` ends the options so
/// that a monster named `-x` can still be given.
public struct ArgumentParser: Sendable {
    public let commands: [CommandSpec]

    public init(commands: [CommandSpec]) {
        self.commands = commands
    }

    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var result = ParsedCommandLine()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded && argument == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                try parseOption(argument, arguments, &index, into: &result)
                continue
            }
            if result.command == nil {
                guard let command = command(named: argument) else {
                    let visible = commands.filter { !$0.isHidden }.map(\.name)
                    var message = "unknown command `\(argument)`"
                    let meant = commands.first { $0.suggestedFor.contains(argument.lowercased()) }?.name
                    if let suggestion = meant ?? EditDistance.closest(to: argument, among: visible) {
                        message += "; did you mean `\(suggestion)`?"
                    }
                    throw UsageError(message, command: nil)
                }
                result.command = command
            } else {
                result.positionals.append(argument)
            }
        }
        // Asking for help is never a mistake, whatever else is missing.
        if let command = result.command, !result.flag("help") {
            try checkPositionals(result.positionals, of: command, options: result.options)
            if let missing = command.options.first(where: { $0.isRequired && result.options[$0.long] == nil }) {
                throw UsageError("`\(command.name)` needs \(missing.usage)", command: command.name)
            }
        }
        return result
    }

    private func parseOption(_ argument: String, _ arguments: [String], _ index: inout Int,
                             into result: inout ParsedCommandLine) throws(UsageError) {
        let available = result.command?.allOptions ?? topLevelOptions
        let commandName = result.command?.name
        var name: String
        var attachedValue: String?
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                attachedValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
        } else {
            // A short option: `-o FILE`, `-oFILE`, or bundled flags `-yn`.
            let letters = Array(argument.dropFirst())
            guard let first = letters.first, let spec = available.first(where: { $0.short == first }) else {
                throw unknownOption(argument, available: available, command: commandName)
            }
            if spec.isFlag {
                for letter in letters {
                    guard let flag = available.first(where: { $0.short == letter && $0.isFlag }) else {
                        throw unknownOption("-\(letter)", available: available, command: commandName)
                    }
                    result.options[flag.long, default: []].append("")
                }
                return
            }
            name = spec.long
            if letters.count > 1 { attachedValue = String(letters.dropFirst()) }
        }
        guard let spec = available.first(where: { $0.isNamed(name) }) else {
            throw unknownOption("--" + name, available: available, command: commandName)
        }
        name = spec.long
        if spec.isFlag {
            if attachedValue != nil {
                throw UsageError("--\(name) does not take a value", command: commandName)
            }
            result.options[name, default: []].append("")
            return
        }
        var value: String
        if let attachedValue {
            value = attachedValue
        } else {
            guard index < arguments.count else {
                throw UsageError("--\(name) needs a value (\(spec.valueName ?? "VALUE"))", command: commandName)
            }
            value = arguments[index]
            index += 1
        }
        // An empty path is a mistake (an unset variable, say), never a
        // reason to fall back to the default database or a default file.
        if value.isEmpty, spec.completion == .files {
            throw UsageError("--\(name) needs a value (\(spec.valueName ?? "VALUE")), and an empty one names no file",
                             command: commandName)
        }
        // Choices are words, not spellings: `--format JSON` is `json`.
        if let choices = spec.choices {
            guard let choice = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                var message = "--\(name) must be one of \(choices.joined(separator: ", ")), not `\(value)`"
                if let suggestion = EditDistance.closest(to: value.lowercased(), among: choices) {
                    message += "; did you mean `\(suggestion)`?"
                }
                throw UsageError(message, command: commandName)
            }
            value = choice
        }
        if result.options[name] != nil, result.options[name] != [value] {
            throw UsageError("--\(name) is given more than once", command: commandName)
        }
        result.options[name] = [value]
    }

    /// Options understood before any command: the global ones and `--version`.
    var topLevelOptions: [OptionSpec] {
        GlobalOptions.all + [Self.versionOption, Self.noAnimationOption]
    }

    static let versionOption = OptionSpec("version", "print roster's version")
    static let noAnimationOption = OptionSpec("no-animation", "open the interactive roster without motion")

    private func unknownOption(_ option: String, available: [OptionSpec], command: String?) -> UsageError {
        var message = "unknown option \(option)"
        if command != nil || !option.hasPrefix("--") {
            message += command.map { " for `\($0)`" } ?? ""
        }
        let spelled = available.map { "--" + $0.long }
        if let suggestion = EditDistance.closest(to: option, among: spelled) {
            message += "; did you mean `\(suggestion)`?"
        } else if command == nil, let other = commands.first(where: { $0.options.contains { "--" + $0.long == option } }) {
            message += "; it belongs to `\(other.name)`"
        }
        return UsageError(message, command: command)
    }

    private func checkPositionals(_ positionals: [String], of command: CommandSpec,
                                  options: [String: [String]]) throws(UsageError) {
        if let replacing = command.argumentsReplacedBy.first(where: { options[$0] != nil }) {
            if !positionals.isEmpty {
                throw UsageError("--\(replacing) takes its input from stdin; give no \(command.arguments.map(\.name).joined(separator: " or ")) arguments with it",
                                 command: command.name)
            }
            return
        }
        var required = 0
        var optional = 0
        var hasMany = false
        for argument in command.arguments {
            switch argument.arity {
            case .one: required += 1
            case .optional: optional += 1
            case .many(let minimum): required += minimum; hasMany = true
            }
        }
        if positionals.count < required {
            let missing = missingArgument(command: command, given: positionals.count)
            throw UsageError("missing \(missing)", command: command.name)
        }
        if !hasMany && positionals.count > required + optional {
            let extra = positionals[required + optional]
            throw UsageError("unexpected argument `\(extra)`", command: command.name)
        }
        if command.arguments.contains(where: { $0.completion == .files }), positionals.contains("") {
            let name = command.arguments.first { $0.completion == .files }?.name ?? "FILE"
            throw UsageError("an empty \(name) names no file; give a path, or - for standard input", command: command.name)
        }
    }

    /// The first argument not satisfied when `given` positionals were supplied.
    private func missingArgument(command: CommandSpec, given: Int) -> String {
        var remaining = given
        for argument in command.arguments {
            let needed: Int
            switch argument.arity {
            case .one: needed = 1
            case .optional: needed = 0
            case .many(let minimum): needed = minimum
            }
            // A trailing required argument after a list is the last one given.
            if remaining < needed { return argument.name }
            remaining -= needed
        }
        return command.arguments.last?.name ?? "argument"
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
