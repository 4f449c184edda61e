/// Shell completion scripts for bash, zsh and fish, generated from the
/// command declarations. Monster names are completed live by asking
/// `roster list --format plain` (the second field), so they follow the
/// roster the user is working with.
struct CompletionScripts {
    let commands: [CommandSpec]

    private var visible: [CommandSpec] { commands.filter { !$0.isHidden } }
    /// The names, one a line: the second column of piped `list`, with its
    /// doubled backslashes made single again (written without a quoted
    /// backslash so that it reads the same in bash, zsh and fish).
    private static let namesCommand = #"roster list --format plain 2>/dev/null | cut -f2 | sed "s/\([\]\)[\]/\1/g""#

    func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash()
        case "zsh": zsh()
        case "fish": fish()
        default: nil
        }
    }

    // MARK: bash

    private func bashWords(_ source: CompletionSource) -> String? {
        switch source.resolved {
        case .fixed(let words): "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))"
        case .monsterNames: "_roster_names"
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .commands: "COMPREPLY=($(compgen -W '\(visible.map(\.name).joined(separator: " ")) exit-codes' -- \"$cur\"))"
        case .none: nil
        }
    }

    private func bash() -> String {
        var text = """
            # bash completion for roster. Install with:
            #   roster completion bash > ~/.local/share/bash-completion/completions/roster
            _roster_names() {
                local IFS=$'\\n' name
                COMPREPLY=()
                while IFS= read -r name; do
                    [[ $name == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
                done < <(\(Self.namesCommand))
            }

            _roster() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local command="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        --db) ((i++)) ;;
                        -*) ;;
                        *) command=${COMP_WORDS[i]}; break ;;
                    esac
                done
                if [[ $prev == --db ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W '--db --help --version --no-animation' -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W '\(visible.map(\.name).joined(separator: " "))' -- "$cur"))
                    fi
                    return
                fi
                case $command in

            """
        for command in visible {
            text += "        \(command.name))\n"
            let valued = command.options.filter { !$0.isFlag }
            if !valued.isEmpty {
                text += "            case $prev in\n"
                for option in valued {
                    let spellings = (["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                    text += "                \(spellings)) \(bashWords(option.completion) ?? "COMPREPLY=()"); return ;;\n"
                }
                text += "            esac\n"
            }
            let optionWords = command.allOptions.map { "--\($0.long)" }.joined(separator: " ")
            text += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(optionWords)' -- \"$cur\")); return; fi\n"
            let sources = command.arguments.map(\.completion).filter { $0 != .none }
            if let first = sources.first, let line = bashWords(first) {
                if sources.count > 1, let second = bashWords(sources[1]) {
                    text += "            \(line); local named=(\"${COMPREPLY[@]}\"); \(second); COMPREPLY+=(\"${named[@]}\")\n"
                } else {
                    text += "            \(line)\n"
                }
            }
            text += "            ;;\n"
        }
        text += """
                esac
            }
            complete -F _roster roster

            """
        return text
    }

    // MARK: zsh

    private func zshEscape(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]")
            .replacing(":", with: "\\:")
    }

    private func zshAction(_ source: CompletionSource) -> String {
        switch source.resolved {
        case .fixed(let words): "(\(words.joined(separator: " ")))"
        case .monsterNames: "_roster_names"
        case .files: "_files"
        case .commands: "(\(visible.map(\.name).joined(separator: " ")) exit-codes)"
        case .none: " "
        }
    }

    /// The same as `zshAction`, as a command to run in an action's braces.
    private func zshCommand(_ source: CompletionSource) -> String? {
        switch source.resolved {
        case .fixed(let words): "compadd -- \(words.joined(separator: " "))"
        case .monsterNames: "_roster_names"
        case .files: "_files"
        case .commands: "compadd -- \(visible.map(\.name).joined(separator: " ")) exit-codes"
        case .none: nil
        }
    }

    private func zsh() -> String {
        var text = """
            #compdef roster
            # zsh completion for roster. Install with:
            #   roster completion zsh > "${fpath[1]}/_roster"
            # or load it for this shell (after compinit):
            #   source <(roster completion zsh)

            _roster_names() {
                local -a names
                names=(${(f)"$(\(Self.namesCommand))"})
                compadd -a names
            }

            _roster() {
                local curcontext=$curcontext state line
                local -a commands
                commands=(

            """
        for command in visible {
            text += "        '\(command.name):\(zshEscape(command.abstract))'\n"
        }
        text += """
                )
                _arguments -C \\
                    '--db[the roster database]:database:_files' \\
                    '(-h --help)'{-h,--help}'[show help]' \\
                    '--version[print the version]' \\
                    '--no-animation[open without motion]' \\
                    '1:command:->command' \\
                    '*::argument:->argument'
                case $state in
                    command) _describe -t commands 'roster command' commands ;;
                    argument)
                        case $line[1] in

            """
        for command in visible {
            var specs: [String] = []
            for option in command.allOptions {
                let help = zshEscape(option.help)
                let value = option.valueName.map { ":\($0.lowercased()):\(zshAction(option.completion))" } ?? ""
                if let short = option.short {
                    specs.append("'(-\(short) --\(option.long))'{-\(short),--\(option.long)}'[\(help)]\(value)'")
                } else {
                    specs.append("'--\(option.long)[\(help)]\(value)'")
                }
            }
            for (index, argument) in command.arguments.enumerated() {
                if case .many = argument.arity {
                    // `NAME… WEAPON`: zsh cannot tell where a list ends, so
                    // every word after the first is offered both.
                    let rest = command.arguments[index...]
                    let name = rest.map { $0.name.lowercased() }.joined(separator: " or ")
                    let commands = rest.compactMap { zshCommand($0.completion) }
                    specs.append("'*:\(name):{\(commands.joined(separator: "; "))}'")
                    break
                }
                specs.append("':\(argument.name.lowercased()):\(zshAction(argument.completion))'")
            }
            text += "                    \(command.name)) _arguments \(specs.joined(separator: " ")) ;;\n"
        }
        text += """
                        esac
                        ;;
                esac
            }

            # Autoloaded from $fpath, this file is the completion function's
            # body; sourced, it registers the function instead.
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _roster "$@"
            else
                compdef _roster roster
            fi

            """
        return text
    }

    // MARK: fish

    private func fishEscape(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }

    private func fishArguments(_ source: CompletionSource) -> String {
        switch source.resolved {
        case .fixed(let words): " -a '\(words.joined(separator: " "))'"
        case .monsterNames: " -a '(\(Self.namesCommand))'"
        case .files: " -F"
        case .commands: " -a '\(visible.map(\.name).joined(separator: " ")) exit-codes'"
        case .none: ""
        }
    }

    private func fish() -> String {
        var text = """
            # fish completion for roster. Install with:
            #   roster completion fish > ~/.config/fish/completions/roster.fish
            complete -c roster -f
            complete -c roster -l db -r -F -d 'the roster database'
            complete -c roster -s h -l help -d 'show help'
            complete -c roster -n __fish_use_subcommand -l version -d 'print the version'

            """
        for command in visible {
            text += "complete -c roster -n __fish_use_subcommand -a \(command.name) -d '\(fishEscape(command.abstract))'\n"
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                var line = "complete -c roster \(condition) -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if !option.isFlag {
                    // -x (exclusive) and -F (files) cannot go together: a file takes -r.
                    line += option.completion == .files ? " -r -F" : " -x" + fishArguments(option.completion)
                }
                text += line + " -d '\(fishEscape(option.help))'\n"
            }
            var seen: [String] = []
            for source in command.arguments.map({ fishArguments($0.completion) }) where !source.isEmpty && !seen.contains(source) {
                seen.append(source)
                text += "complete -c roster \(condition)\(source)\n"
            }
        }
        return text
    }
}
