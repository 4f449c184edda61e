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

    private func lines(_ lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// The usage lines for a message on stderr: `usage: ` before the
    /// first, each fitted to the width.
    func usageMessage(for command: CommandSpec) -> [String] {
        usageLines(for: command).enumerated().flatMap { index, line in
            HelpLayout.usage(line, lead: index == 0 ? "usage: " : "       ", width: width)
        }
    }

    /// `roster COMMAND NAME… [--format F] [--dry-run] [--db PATH]`, or the
    /// declared forms: the command's options, then the program's that it
    /// uses (`--help` goes without saying).
    func usageLines(for command: CommandSpec) -> [String] {
        let programOptions = command.usesProgramOptions ? parser.programOptions.map(\.usageInLine) : []
        if !command.usageForms.isEmpty {
            return command.usageForms.map { ([parser.program.name, command.name, $0] + programOptions).joined(separator: " ") }
        }
        var parts = [parser.program.name, command.name]
        parts += command.arguments.map(\.usage)
        parts += command.options.map(\.usageInLine)
        return [(parts + programOptions).joined(separator: " ")]
    }

    /// The options a command's help lists: its own, then the program's
    /// global ones that mean something to it, and `--help`.
    func listedOptions(of command: CommandSpec) -> [OptionSpec] {
        command.usesProgramOptions
            ? parser.options(of: command)
            : command.options + parser.globalOptions.filter { $0.long == GlobalOptions.help.spec.long }
    }

    /// `roster [--db PATH] [COMMAND] [ARGUMENTS…]`: the program's global
    /// options (not --help), then a command.
    var topLevelUsage: String {
        ([parser.program.name] + parser.programOptions.map(\.usageInLine) + ["[COMMAND]", "[ARGUMENTS…]"]).joined(separator: " ")
    }

    /// `roster help`: what the program is, and every command in a line.
    func overview(version: String) -> String {
        let program = parser.program
        var text = HelpLayout.fitted("\(program.name) \(version): \(program.summary).", width: width) + "\n\nUsage:\n"
        text += lines(HelpLayout.usage(topLevelUsage, lead: "  ", width: width))
        text += "\n" + HelpLayout.fitted(program.introduction.trimmingTrailingNewlines(), width: width) + "\n\nCommands:\n"
        let visible = parser.commands.filter { !$0.isHidden }
        let nameWidth = (visible.map(\.name.count).max() ?? 0) + 2
        for command in visible {
            text += entry(command.name, labelWidth: nameWidth, command.abstract)
        }
        text += "\nOptions:\n"
        // Every option understood before a command, as the manual page lists them.
        let options = parser.topLevelOptions
        let labelWidth = (options.map(\.helpLabel.count).max() ?? 0) + 2
        for option in options {
            text += entry(option.helpLabel, labelWidth: labelWidth, option.help)
        }
        text += "\n" + HelpLayout.fitted(program.helpPointer.trimmingTrailingNewlines(), width: width) + "\n"
        return text
    }

    /// `roster help COMMAND` and `roster COMMAND --help`.
    func page(for command: CommandSpec) -> String {
        var text = lines(HelpLayout.title("\(parser.program.name) \(command.name): \(command.abstract)", width: width))
        text += "\nUsage:\n"
        for line in usageLines(for: command) { text += lines(HelpLayout.usage(line, lead: "  ", width: width)) }
        if !command.discussion.isEmpty {
            text += "\n" + HelpLayout.fitted(command.discussion.trimmingTrailingNewlines(), width: width) + "\n"
        }
        if !command.arguments.isEmpty {
            text += "\nArguments:\n"
            let labelWidth = (command.arguments.map { $0.usage.count }.max() ?? 0) + 2
            for argument in command.arguments {
                text += entry(argument.usage, labelWidth: labelWidth, argument.help)
            }
        }
        let options = listedOptions(of: command)
        text += "\nOptions:\n"
        let labelWidth = (options.map { $0.helpLabel.count }.max() ?? 0) + 2
        for option in options {
            text += entry(option.helpLabel, labelWidth: labelWidth, option.help)
        }
        if !command.examples.isEmpty {
            text += "\nExamples:\n"
            for example in command.examples { text += lines(HelpLayout.example(example, lead: "  ", width: width)) }
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
