import TextSafety
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
    /// Lines that show where the mistake is (an expression and a caret
    /// under it), told after the sentence.
    public var detailLines: [String] = []

    public init(_ message: String, command: String?, detailLines: [String] = []) {
        self.message = message
        self.otherMessages = []
        self.command = command
        self.detailLines = detailLines
    }

    /// Several mistakes at once; `messages` must not be empty.
    public init(_ messages: [String], command: String?) {
        self.message = messages.first ?? ""
        self.otherMessages = Array(messages.dropFirst())
        self.command = command
    }
}

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

/// Parses argv against the declared commands.
///
/// Options may come before or after the command and its arguments;
/// `--name=value` and `--name value` both work; `--` ends the options so
/// that an argument spelt `-x` can still be given.
public struct ArgumentParser: Sendable {
    /// A command known by its name, declared only when it is used: a run
    /// of one command builds that command's declaration, not every
    /// command's help and completion lists.
    public struct Entry: Sendable {
        public let name: String
        public let isHidden: Bool
        let declaration: @Sendable () -> CommandSpec

        public init(_ name: String, isHidden: Bool = false, _ declaration: @escaping @Sendable () -> CommandSpec) {
            self.name = name
            self.isHidden = isHidden
            self.declaration = declaration
        }
    }

    public let entries: [Entry]

    /// Options every command accepts, before or after it: the program's
    /// own (`--db`), then `--help`.
    public let globalOptions: [OptionSpec]

    /// Every command's declaration, in the order given.
    public var commands: [CommandSpec] { entries.map { $0.declaration() } }

    /// The command that runs when none is named (`roster` alone opens the
    /// interactive roster): its options are understood before any command,
    /// and giving one of them names it.
    public let defaultCommandName: String?
    public var defaultCommand: CommandSpec? { defaultCommandName.flatMap(command(named:)) }

    /// What the program says about itself: its name, and the text of its
    /// overview and manual page that no command declares.
    public let program: ProgramDescription

    public init(program: ProgramDescription, entries: [Entry], globalOptions: [any OptionDeclaration] = [],
                defaultCommand: String? = nil) {
        self.program = program
        self.entries = entries
        self.globalOptions = globalOptions.map(\.spec) + [GlobalOptions.help.spec]
        self.defaultCommandName = defaultCommand
    }

    public init(program: ProgramDescription, commands: [CommandSpec], globalOptions: [any OptionDeclaration] = [],
                defaultCommand: String? = nil) {
        self.init(program: program, entries: commands.map { spec in Entry(spec.name, isHidden: spec.isHidden) { spec } },
                  globalOptions: globalOptions, defaultCommand: defaultCommand)
    }

    /// The global options the program declares, without `--help`.
    public var programOptions: [OptionSpec] {
        globalOptions.filter { $0.long != GlobalOptions.help.spec.long }
    }

    /// The options `command` accepts: its own, then the global ones.
    public func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + globalOptions
    }

    public func command(named name: String) -> CommandSpec? {
        entries.first { $0.name == name }?.declaration()
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
                    let visible = entries.filter { !$0.isHidden }.map(\.name)
                    var message = "unknown command \(Quote.code(argument))"
                    let meant = commands.first { $0.suggestedFor.contains(argument.lowercased()) }?.name
                        // `roster version`, as git and swift take it: the option, not a command.
                        ?? (EditDistance.closest(to: argument.lowercased(), among: [versionFlag.spec.long]).map { "--" + $0 })
                    if let suggestion = meant ?? EditDistance.closest(to: argument, among: visible) {
                        message += "; did you mean \(Quote.code(suggestion))?"
                    }
                    throw UsageError(message, command: nil)
                }
                result.command = command
            } else {
                result.positionals.append(argument)
            }
        }
        if result.command == nil, let defaultCommand,
           result.options.keys.contains(where: { key in defaultCommand.options.contains { $0.long == key } }) {
            result.command = defaultCommand
        }
        // An option of the default command given before another command.
        // (Checked only when an option is foreign to the command, so that the
        // default command is declared only when it is needed.)
        if let command = result.command, command.name != defaultCommandName,
           case let accepted = Set(options(of: command).map(\.long)),
           result.options.keys.contains(where: { !accepted.contains($0) }), let defaultCommand,
           let stray = defaultCommand.options.first(where: { result.options[$0.long] != nil && !accepted.contains($0.long) }) {
            throw UsageError("--\(stray.long) belongs to \(Quote.code(defaultCommand.name)), not \(Quote.code(command.name))", command: command.name)
        }
        // Asking for help is never a mistake, whatever else is missing.
        if let command = result.command, !result[GlobalOptions.help] {
            try checkPositionals(result.positionals, of: command, options: result.options)
            readArguments(of: command, into: &result)
            // Every problem at once: the options missing, then the values
            // given that cannot be read.
            let missing = command.options.filter { $0.isRequired && result.options[$0.long] == nil }
            if !missing.isEmpty {
                throw UsageError(missing.map { "\(Quote.code(command.name)) needs \($0.usage)" } + result.valueProblems, command: command.name)
            }
            if !result.valueProblems.isEmpty && !command.reportsValueProblemsWithItsOwn {
                throw UsageError(result.valueProblems, command: command.name)
            }
        } else if result.command == nil, !result.valueProblems.isEmpty, !result[GlobalOptions.help] {
            throw UsageError(result.valueProblems, command: nil)
        }
        return result
    }

    private func parseOption(_ argument: String, _ arguments: [String], _ index: inout Int,
                             into result: inout ParsedCommandLine) throws(UsageError) {
        let available = result.command.map(options(of:)) ?? topLevelOptions
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
        // A value's problem names the option as it was typed: `--colour`
        // given an empty value is told about `--colour`, not `--color`.
        let label = argument.hasPrefix("--") ? "--" + name : String(argument.prefix(2))
        name = spec.long
        if spec.isFlag {
            if attachedValue != nil {
                throw UsageError("--\(name) does not take a value", command: commandName)
            }
            result.options[name, default: []].append("")
            return
        }
        let value: String
        if let attachedValue {
            value = attachedValue
        } else {
            guard index < arguments.count else {
                throw UsageError("\(label) needs a value (\(spec.valueName ?? "VALUE"))", command: commandName)
            }
            value = arguments[index]
            index += 1
        }
        // An empty path is a mistake (an unset variable, say), never a
        // reason to fall back to the default database or a default file.
        if value.isEmpty, spec.completion == .files {
            throw UsageError("\(label) needs a value (\(spec.valueName ?? "VALUE")), and an empty one names no file",
                             command: commandName)
        }
        if !spec.isRepeatable, result.options[name] != nil {
            // The same value twice is harmless (an alias and a script's default, say).
            if result.options[name] != [value] {
                throw UsageError("--\(name) is given more than once", command: commandName)
            }
            return
        }
        result.options[name, default: []].append(value)
        switch spec.reader?(value) {
        case .success(let read): result.values[name, default: []].append(read)
        case .failure(let problem): result.valueProblems.append(problem.message(for: label))
        case nil: break
        }
    }

    /// Options understood before any command: the global ones, `--version`
    /// and the default command's.
    var topLevelOptions: [OptionSpec] {
        globalOptions + [versionFlag.spec] + (defaultCommand?.options ?? [])
    }

    /// `--version`, understood before any command.
    public var versionFlag: Flag { Flag("version", "print \(program.name)'s version") }

    private func unknownOption(_ option: String, available: [OptionSpec], command: String?) -> UsageError {
        var message = "unknown option \(option)"
        if command != nil || !option.hasPrefix("--") {
            message += command.map { " for \(Quote.code($0))" } ?? ""
        }
        let spelled = available.map { "--" + $0.long }
        if command == nil, option == "-v" || option == "-V" {
            // Many programs' short form of --version; roster gives -v no meaning of its own.
            message += "; did you mean \(Quote.code("--" + versionFlag.spec.long))?"
        } else if option.count > 1, option.dropFirst().allSatisfy(\.isASCII), Int(option.dropFirst()) != nil {
            // `undo -3`: a number, not a misspelt option.
            message += "; counts and ids are whole numbers from 1 up (an id below 1 is written with #: #\(option))"
        } else if let suggestion = EditDistance.closest(to: option, among: spelled) {
            message += "; did you mean \(Quote.code(suggestion))?"
        } else if command == nil, let other = commands.first(where: { $0.options.contains { "--" + $0.long == option } }) {
            message += "; it belongs to \(Quote.code(other.name))"
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
        let chooser = command.listChosenBy.first { options[$0] != nil }
        for argument in command.arguments {
            switch argument.arity {
            case .one: required += 1
            case .optional: optional += 1
            case .many(let minimum):
                guard chooser == nil else { continue }
                required += minimum
                hasMany = true
            }
        }
        if let chooser, positionals.count > required + optional,
           let list = command.arguments.first(where: { if case .many = $0.arity { true } else { false } }) {
            throw UsageError("--\(chooser) chooses the monsters; give no \(list.name) with it", command: command.name)
        }
        if chooser != nil, positionals.count < required {
            let needed = command.arguments.filter { if case .one = $0.arity { true } else { false } }
            throw UsageError("missing \(needed[min(positionals.count, needed.count - 1)].name)", command: command.name)
        }
        if positionals.count < required {
            let missing = missingArgument(command: command, given: positionals.count)
            throw UsageError("missing \(missing)", command: command.name)
        }
        if !hasMany && positionals.count > required + optional {
            let extra = positionals[required + optional]
            throw UsageError("unexpected argument \(Quote.code(extra))", command: command.name)
        }
        if command.arguments.contains(where: { $0.completion == .files }), positionals.contains("") {
            let name = command.arguments.first { $0.completion == .files }?.name ?? "FILE"
            throw UsageError("an empty \(name) names no file; give a path, or - for standard input", command: command.name)
        }
    }

    /// Reads the positionals of typed arguments, as options are read: the
    /// values kept by argument, the problems with the options'.
    private func readArguments(of command: CommandSpec, into result: inout ParsedCommandLine) {
        guard command.arguments.contains(where: { $0.reader != nil }) else { return }
        let chosen = command.listChosenBy.contains { result.options[$0] != nil }
        var spare = result.positionals.count - command.arguments.reduce(0) { $0 + $1.minimumCount }
        var index = 0
        for argument in command.arguments {
            var count = argument.minimumCount
            switch argument.arity {
            case .one: break
            case .optional where spare > 0: count = 1; spare -= 1
            case .optional: break
            case .many where chosen: count = 0; spare += argument.minimumCount
            case .many: count += max(0, spare); spare = 0
            }
            count = min(count, result.positionals.count - index)
            let texts = result.positionals[index..<index + count]
            index += count
            guard let reader = argument.reader else { continue }
            for text in texts {
                switch reader(text) {
                case .success(let value): result.argumentValues[argument.name, default: []].append(value)
                case .failure(let problem): result.valueProblems.append(problem.message(for: argument.name))
                }
            }
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
