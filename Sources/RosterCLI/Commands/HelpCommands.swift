import TextSafety
import RosterCore
import TerminalKit

/// `help` and `completion`: about roster itself.
enum HelpCommands {
    static let help: CommandSpec = CommandSpec(
        name: "help",
        abstract: "show help for roster, a command, exit-codes or config",
        arguments: [ArgumentSpec("TOPIC", "a command name, exit-codes, or config (the settings file)", arity: .optional,
                                 completion: .commands(andAlso: ["exit-codes", "config"]))],
        examples: ["roster help set-weapon", "roster help exit-codes", "roster help config"],
        usesProgramOptions: false
    ) { invocation in
        let formatter = HelpFormatter(parser: RosterCommandLine.parser, width: invocation.context.helpWidth)
        guard let topic = invocation.positionals.first else {
            try invocation.context.print(formatter.overview(version: RosterCommandLine.version))
            return .success
        }
        if topic == "exit-codes" {
            try invocation.context.print(exitCodesPage(width: formatter.width))
            return .success
        }
        if topic == "config" {
            try invocation.context.print(ConfigFile.helpPage(width: formatter.width))
            return .success
        }
        guard let command = RosterCommandLine.parser.command(named: topic) else {
            var message = "no help topic \(Quote.code(topic))"
            let commands = RosterCommandLine.parser.commands
            let topics = commands.filter { !$0.isHidden }.map(\.name) + ["exit-codes", "config"]
            let meant = commands.first { $0.suggestedFor.contains(topic.lowercased()) }?.name
            if let suggestion = meant ?? ArgumentParser.closest(to: topic, among: topics) {
                message += "; did you mean \(Quote.code(suggestion))?"
            } else {
                message += "; the topics are " + topics.map { "\(Quote.code($0))" }.joined(separator: ", ")
            }
            throw UsageError(message, command: "help")
        }
        try invocation.context.print(formatter.page(for: command))
        return .success
    }

    /// Each status right-aligned, its meaning wrapped under itself.
    static func exitCodesPage(width: Int = 80) -> String {
        var text = "roster's exit statuses:\n\n"
        for status in ExitStatus.allCases {
            let code = String(status.rawValue)
            let lines = TextWrapping.lines(status.meaning, width: max(20, width - 7))
            for (index, line) in lines.enumerated() {
                let label = index == 0 ? String(repeating: " ", count: 3 - code.count) + code : "   "
                text += "  " + label + "  " + line + "\n"
            }
        }
        return text
    }

    static let manualPage: CommandSpec = CommandSpec(
        name: "manual-page",
        abstract: "print roster's manual page, roster(1), in roff",
        discussion: """
            For installers: roster manual-page > roster.1, then man -l roster.1 reads it.
            The page is dated today, or by SOURCE_DATE_EPOCH when it is set.
            """,
        examples: ["roster manual-page > roster.1"],
        usesProgramOptions: false
    ) { invocation in
        let page = ManualPage(parser: RosterCommandLine.parser, version: RosterCommandLine.version,
                              date: ManualPage.date(sourceDateEpoch: invocation.context.environment("SOURCE_DATE_EPOCH")),
                              writtenBy: "roster manual-page")
        try invocation.context.print(page.text)
        return .success
    }

    static let completion: CommandSpec = CommandSpec(
        name: "completion",
        abstract: "print a shell completion script for bash, zsh or fish",
        arguments: [ArgumentSpec("SHELL", "bash, zsh or fish", completion: .fixed(["bash", "zsh", "fish"]))],
        examples: [
            "roster completion bash > ~/.local/share/bash-completion/completions/roster",
            "roster completion fish > ~/.config/fish/completions/roster.fish",
        ],
        usesProgramOptions: false
    ) { invocation in
        let shell = invocation.positionals[0]
        guard let script = CompletionScripts(parser: RosterCommandLine.parser).script(for: shell) else {
            var message = "no completion for \(Quote.code(shell)); the shells are bash, zsh and fish"
            if let suggestion = EditDistance.closest(to: shell, among: ["bash", "zsh", "fish"]) {
                message = "no completion for \(Quote.code(shell)); did you mean \(Quote.code(suggestion))?"
            }
            throw UsageError(message, command: "completion")
        }
        try invocation.context.print(script)
        return .success
    }
}
