import TextSafety
import RosterCore

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

    /// The command `typed` most likely meant: the only one it begins
    /// (`hist` → `history`, where the spelling nearest would be `list`),
    /// else the nearest by spelling; nil when nothing is near.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let folded = typed.lowercased()
        let begun = names.filter { $0.lowercased().hasPrefix(folded) && $0.count > folded.count }
        if !folded.isEmpty, begun.count == 1 { return begun[0] }
        return EditDistance.closest(to: typed, among: names)
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
                    if let suggestion = meant ?? Self.closest(to: argument, among: visible) {
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
}
