import TextSafety

/// The positional arguments checked against a command's declaration:
/// how many it needs, which options replace them (`--stdin`) or choose
/// the monsters instead (`--where`), and each typed one read as options
/// are, so that a mistake is one sentence naming the argument.
extension ArgumentParser {
    func checkPositionals(_ positionals: [String], of command: CommandSpec,
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
    func readArguments(of command: CommandSpec, into result: inout ParsedCommandLine) {
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
