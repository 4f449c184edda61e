import TerminalKit

/// Usage lines and help pages, derived from the command declarations.
struct HelpFormatter {
    let parser: ArgumentParser
    /// Columns to wrap help text to: the terminal's, at most 100.
    var width = 80

    /// `label` then `help`, the help wrapped with a hanging indent under itself.
    private func entry(_ label: String, labelWidth: Int, _ help: String) -> String {
        let room = max(20, width - 2 - labelWidth)
        let lines = TextWrapping.lines(help, width: room)
        var text = "  " + label.padding(to: labelWidth) + (lines.first ?? "") + "\n"
        for line in lines.dropFirst() {
            text += String(repeating: " ", count: 2 + labelWidth) + line + "\n"
        }
        return text
    }

    /// `roster COMMAND NAME… [--format F] [--dry-run]`, or the declared forms.
    func usageLines(for command: CommandSpec) -> [String] {
        if !command.usageForms.isEmpty {
            return command.usageForms.map { "\(parser.program.name) \(command.name) \($0)" }
        }
        var parts = [parser.program.name, command.name]
        parts += command.arguments.map(\.usage)
        parts += command.options.map(\.usageInLine)
        return [parts.joined(separator: " ")]
    }

    /// `roster [--db PATH] [COMMAND] [ARGUMENTS…]`: the program's global
    /// options (not --help), then a command.
    var topLevelUsage: String {
        ([parser.program.name] + parser.programOptions.map(\.usageInLine) + ["[COMMAND]", "[ARGUMENTS…]"]).joined(separator: " ")
    }

    /// `roster help`: what the program is, and every command in a line.
    func overview(version: String) -> String {
        let program = parser.program
        var text = """
            \(program.name) \(version): \(program.summary).

            Usage:
              \(topLevelUsage)

            \(program.introduction.trimmingTrailingNewlines())

            Commands:

            """
        let visible = parser.commands.filter { !$0.isHidden }
        let width = (visible.map(\.name.count).max() ?? 0) + 2
        for command in visible {
            text += "  " + command.name.padding(to: width) + command.abstract + "\n"
        }
        text += "\nOptions:\n"
        // Every option understood before a command, as the manual page lists them.
        let options = parser.topLevelOptions
        let labelWidth = (options.map(\.helpLabel.count).max() ?? 0) + 2
        for option in options {
            text += entry(option.helpLabel, labelWidth: labelWidth, option.help)
        }
        text += "\n" + program.helpPointer.trimmingTrailingNewlines() + "\n"
        return text
    }

    /// `roster help COMMAND` and `roster COMMAND --help`.
    func page(for command: CommandSpec) -> String {
        var text = "\(parser.program.name) \(command.name): \(command.abstract)\n\nUsage:\n"
        for line in usageLines(for: command) { text += "  \(line)\n" }
        if !command.discussion.isEmpty {
            text += "\n" + command.discussion.trimmingTrailingNewlines() + "\n"
        }
        if !command.arguments.isEmpty {
            text += "\nArguments:\n"
            let width = (command.arguments.map { $0.usage.count }.max() ?? 0) + 2
            for argument in command.arguments {
                text += entry(argument.usage, labelWidth: width, argument.help)
            }
        }
        let options = parser.options(of: command)
        text += "\nOptions:\n"
        let width = (options.map { $0.helpLabel.count }.max() ?? 0) + 2
        for option in options {
            text += entry(option.helpLabel, labelWidth: width, option.help)
        }
        if !command.examples.isEmpty {
            text += "\nExamples:\n"
            for example in command.examples { text += "  \(example)\n" }
        }
        return text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
