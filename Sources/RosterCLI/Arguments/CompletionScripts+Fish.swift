/// The fish script: one `complete` line per option and argument.
extension CompletionScripts {
    func fishEscape(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }

    func fishArguments(_ source: CompletionSource) -> String {
        switch offer(source) {
        case .fixed(let words): " -a '\(words.joined(separator: " "))'"
        case .output(let query): " -a '(__\(function(query)))'"
        case .files: " -F"
        case .none: ""
        }
    }

    /// `complete -c roster -l format -s f -x -a 'json csv' -d '…'`, after `condition`.
    func fishLine(_ option: OptionSpec, condition: String) -> String {
        // Another name it goes by (`--colour`) is offered beside it.
        var line = "complete -c \(program.name)\(condition) -l \(option.long)"
        for alias in option.aliases { line += " -l \(alias)" }
        if let short = option.short { line += " -s \(short)" }
        if !option.isFlag {
            // -x (exclusive) and -F (files) cannot go together: a file takes -r.
            line += option.completion == .files ? " -r -F" : " -x" + fishArguments(option.completion)
        }
        return line + " -d '\(fishEscape(option.help))'\n"
    }

    /// `__roster_names`: the query run with the options the line gives
    /// that queries are given (--db PATH or --db=PATH).
    func fishQuery(_ query: CompletionQuery) -> String {
        var text = """
            function __\(function(query))
                set -l tokens (commandline -opc)
                set -l ended

            """
        for option in passed { text += "    set -l \(variable(option))\n" }
        text += """
                for i in (seq (count $tokens))
                    switch $tokens[$i]

            """
        for option in passed {
            let name = variable(option)
            text += """
                            case --\(option.long)
                                test $i -lt (count $tokens); and set \(name) $tokens[(math $i + 1)]
                            case '--\(option.long)=*'
                                set \(name) (string replace -- --\(option.long)= '' $tokens[$i])

                """
        }
        text += """
                        case --
                            set ended 1
                    end
                end
                set -l passed

            """
        for option in passed {
            let name = variable(option)
            text += "    test -n \"$\(name)\"; and set passed $passed --\(option.long) $\(name)\n"
        }
        text += """
                set -l lines (\(program.name) $passed \(query.arguments))
                # A line shaped like an option is only safe after --.
                if test -n "$ended"
                    printf '%s\\n' $lines
                else
                    string match -v -- '-*' $lines
                end
            end

            """
        return text
    }

    func fish() -> String {
        var text = """
            # fish completion for \(program.name). Install with:
            #   \(program.name) completion fish > ~/.config/fish/completions/\(program.name).fish

            """
        for query in queries { text += fishQuery(query) }
        text += "complete -c \(program.name) -f\n"
        for option in parser.globalOptions {
            text += fishLine(option, condition: "")
        }
        // Understood before a command only: --version, the default command's.
        for option in parser.topLevelOptions where !parser.globalOptions.contains(where: { $0.long == option.long }) {
            text += fishLine(option, condition: " -n __fish_use_subcommand")
        }
        for command in visible {
            text += "complete -c \(program.name) -n __fish_use_subcommand -a \(command.name) -d '\(fishEscape(command.abstract))'\n"
            let condition = " -n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                text += fishLine(option, condition: condition)
            }
            var seen: [String] = []
            for source in command.arguments.map({ fishArguments($0.completion) }) where !source.isEmpty && !seen.contains(source) {
                seen.append(source)
                text += "complete -c \(program.name)\(condition)\(source)\n"
            }
        }
        return text
    }
}
