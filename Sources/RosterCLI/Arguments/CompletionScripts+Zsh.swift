/// The zsh script: `_arguments` specs per command, a function per query.
extension CompletionScripts {
    func zshEscape(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]")
            .replacing(":", with: "\\:")
    }

    func zshAction(_ source: CompletionSource) -> String {
        switch offer(source) {
        case .fixed(let words): "(\(words.joined(separator: " ")))"
        case .output(let query): "_\(function(query))"
        case .files: "_files"
        case .none: " "
        }
    }

    /// The same as `zshAction`, as a command to run in an action's braces:
    /// only fixed words differ, added by `compadd` rather than listed.
    func zshCommand(_ source: CompletionSource) -> String? {
        switch offer(source) {
        case .fixed(let words): "compadd -- \(words.joined(separator: " "))"
        case .none: nil
        case .output, .files: zshAction(source)
        }
    }

    /// One `_arguments` spec: `'--format=[output format…]:format:(json csv)'`.
    /// An option that takes a value is written `--long=`, which takes the
    /// value in the next word or after `=` (`--db=PATH`): without it, zsh
    /// read `--db=PATH` as no option it knew and completed nothing after.
    /// Another name the option goes by (`--colour`) is its own spec.
    func zshSpec(_ option: OptionSpec) -> String {
        let help = zshEscape(option.help)
        let value = option.valueName.map { ":\($0.lowercased()):\(zshAction(option.completion))" } ?? ""
        let equals = option.valueName == nil ? "" : "="
        let names = [option.long] + option.aliases
        let exclusive = ((option.short.map { ["-\($0)"] } ?? []) + names.map { "--\($0)" }).joined(separator: " ")
        let forms = (option.short.map { ["-\($0)"] } ?? []) + names.map { "--\($0)\(equals)" }
        if forms.count > 1 {
            return "'(\(exclusive))'{\(forms.joined(separator: ","))}'[\(help)]\(value)'"
        }
        return "'--\(option.long)\(equals)[\(help)]\(value)'"
    }

    func zsh() -> String {
        var text = """
            #compdef \(program.name)
            # zsh completion for \(program.name). Install with:
            #   \(program.name) completion zsh > "${fpath[1]}/_\(program.name)"
            # or load it for this shell (after compinit):
            #   source <(\(program.name) completion zsh)


            """
        // A query runs inside _roster (after the program), and sees the options it found.
        let passing = passed.map { option in
            let name = "\(identifier)_\(variable(option))"
            return "${\(name):+--\(option.long)} ${\(name):+\"$\(name)\"}"
        }.joined(separator: " ")
        for query in queries {
            text += """
                _\(function(query))() {
                    local -a names
                    names=(${(f)"$(\(program.name) \(passing) \(query.arguments))"})
                    # A line shaped like an option is only safe after --.
                    (( ${words[(I)--]} )) || names=(${names:#-*})
                    # roster reads names ignoring case; so does the match.
                    compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
                }


                """
        }
        text += """
            _\(identifier)() {
                local curcontext=$curcontext state line i\(passed.map { " \(identifier)_\(variable($0))=\"\"" }.joined())
                local -a commands
                # The options the line gives that queries are given: --db PATH or --db=PATH.
                for ((i = 2; i < CURRENT; i++)); do
                    case $words[i] in

            """
        for option in passed {
            let name = "\(identifier)_\(variable(option))"
            text += "            --\(option.long)) \(name)=${(Q)words[i+1]} ;;\n"
            text += "            --\(option.long)=*) \(name)=${(Q)${words[i]#--\(option.long)=}} ;;\n"
        }
        text += """
                    esac
                done

            """
        for option in passed {
            let name = "\(identifier)_\(variable(option))"
            text += "    [[ $\(name) == \"~/\"* ]] && \(name)=$HOME/${\(name)#\"~/\"}\n"
        }
        text += "    commands=(\n"
        for command in visible {
            text += "        '\(command.name):\(zshEscape(command.abstract))'\n"
        }
        text += "    )\n    _arguments -C \\\n"
        for option in parser.topLevelOptions {
            text += "        \(zshSpec(option)) \\\n"
        }
        text += """
                    '1:command:->command' \\
                    '*::argument:->argument'
                case $state in
                    command) _describe -t commands '\(program.name) command' commands ;;
                    argument)
                        case $line[1] in

            """
        for command in visible {
            var specs = parser.options(of: command).map(zshSpec)
            for (index, argument) in command.arguments.enumerated() {
                if case .many = argument.arity {
                    // `NAME… CHOICE`: zsh cannot tell where a list ends, so
                    // every word after the first is offered both.
                    let rest = command.arguments[index...]
                    let name = rest.map { $0.name.lowercased() }.joined(separator: " or ")
                    let commands = rest.compactMap { zshCommand($0.completion) }
                    specs.append("'*:\(name):{\(commands.joined(separator: "; "))}'")
                    break
                }
                specs.append("':\(argument.name.lowercased()):\(zshAction(argument.completion))'")
            }
            // -S: after `--` every word is an argument, so a name starting
            // with `-` is offered there rather than options.
            text += "                    \(command.name)) _arguments -S \(specs.joined(separator: " ")) ;;\n"
        }
        text += """
                        esac
                        ;;
                esac
            }

            # Autoloaded from $fpath, this file is the completion function's
            # body; sourced, it registers the function instead.
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _\(identifier) "$@"
            else
                compdef _\(identifier) \(program.name)
            fi

            """
        return text
    }
}
