/// Shell completion scripts for bash, zsh and fish, generated from the
/// command declarations. A `CompletionQuery` (the roster's monster names)
/// is answered live, by running the program again with the query's
/// arguments, after the global options marked `passedToQueries` that the
/// line being completed gives (`--db PATH`), so that the answer follows
/// what the line works on.
///
/// Answers are data, and one may look like an option (`--db=/tmp/x`):
/// such an answer is only offered after a `--` on the command line, where
/// the parser reads it as an argument, never inserted where it would be
/// an option.
struct CompletionScripts {
    let parser: ArgumentParser
    let commands: [CommandSpec]

    init(parser: ArgumentParser) {
        self.parser = parser
        self.commands = parser.commands
    }

    private var visible: [CommandSpec] { commands.filter { !$0.isHidden } }

    /// Global options a query is given, as the line gives them.
    private var passed: [OptionSpec] { parser.globalOptions.filter { $0.isPassedToQueries && !$0.isFlag } }

    /// Every query any command's arguments or options complete with, once each.
    private var queries: [CompletionQuery] {
        var found: [CompletionQuery] = []
        let sources = commands.flatMap { command in
            command.arguments.map(\.completion) + parser.options(of: command).map(\.completion)
        }
        for case .output(let query) in sources where !found.contains(query) {
            found.append(query)
        }
        return found
    }

    /// A shell variable's name made from an option's (`db`, `no_animation`).
    private func variable(_ option: OptionSpec) -> String {
        String(option.long.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A query's function's name, without the shell's prefix.
    private func function(_ query: CompletionQuery) -> String {
        "roster_" + String(query.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

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
        case .output(let query): "_\(function(query))"
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .commands(let others): "COMPREPLY=($(compgen -W '\((visible.map(\.name) + others).joined(separator: " "))' -- \"$cur\"))"
        case .none: nil
        }
    }

    /// `_roster_passed`: sets `passed` to the options the line gives that
    /// queries are given, and `ended` when a `--` has ended the options.
    private func bashPassed() -> String {
        var text = """
            _roster_passed() {
                local i

            """
        for option in passed { text += "    local \(variable(option))=\"\"\n" }
        text += """
                ended=""
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in

            """
        // bash splits --db=PATH into three words at the =.
        for option in passed {
            let name = variable(option)
            text += "            --\(option.long)) if [[ ${COMP_WORDS[i+1]} == = ]]; then \(name)=${COMP_WORDS[i+2]}; else \(name)=${COMP_WORDS[i+1]}; fi ;;\n"
        }
        text += """
                        --) ended=1 ;;
                    esac
                done
                passed=()

            """
        for option in passed {
            let name = variable(option)
            text += "    [[ $\(name) == \"~/\"* ]] && \(name)=$HOME/${\(name)#\"~/\"}\n"
            text += "    [[ -n $\(name) ]] && passed+=(--\(option.long) \"$\(name)\")\n"
        }
        text += "}\n\n"
        return text
    }

    private func bashQuery(_ query: CompletionQuery) -> String {
        """
        _\(function(query))() {
            local IFS=$'\\n' line ended=""
            local -a passed=()
            _roster_passed
            COMPREPLY=()
            while IFS= read -r line; do
                # A line shaped like an option is only safe after --.
                [[ $line == -* && -z $ended ]] && continue
                [[ $line == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
            done < <(roster "${passed[@]}" \(query.arguments))
        }


        """
    }

    private func bash() -> String {
        let topLevel = parser.topLevelOptions
        let globalValued = parser.globalOptions.filter { !$0.isFlag }
        var text = """
            # bash completion for roster. Install with:
            #   roster completion bash > ~/.local/share/bash-completion/completions/roster

            """
        text += bashPassed()
        for query in queries { text += bashQuery(query) }
        text += """
            _roster() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local command="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in

            """
        for option in topLevel where !option.isFlag {
            text += "            --\(option.long)) ((i++)); [[ ${COMP_WORDS[i]} == = ]] && ((i++)) ;;\n"
        }
        text += """
                        -*) ;;
                        *) command=${COMP_WORDS[i]}; break ;;
                    esac
                done

            """
        for option in globalValued {
            text += "    if [[ $prev == --\(option.long) ]]; then \(bashWords(option.completion) ?? "COMPREPLY=()"); return; fi\n"
        }
        text += """
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W '\(topLevel.map { "--" + $0.long }.joined(separator: " "))' -- "$cur"))
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
            let optionWords = parser.options(of: command).map { "--\($0.long)" }.joined(separator: " ")
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
        case .output(let query): "_\(function(query))"
        case .files: "_files"
        case .commands(let others): "(\((visible.map(\.name) + others).joined(separator: " ")))"
        case .none: " "
        }
    }

    /// The same as `zshAction`, as a command to run in an action's braces.
    private func zshCommand(_ source: CompletionSource) -> String? {
        switch source.resolved {
        case .fixed(let words): "compadd -- \(words.joined(separator: " "))"
        case .output(let query): "_\(function(query))"
        case .files: "_files"
        case .commands(let others): "compadd -- \((visible.map(\.name) + others).joined(separator: " "))"
        case .none: nil
        }
    }

    /// One `_arguments` spec: `'--format[output format…]:format:(json csv)'`.
    private func zshSpec(_ option: OptionSpec) -> String {
        let help = zshEscape(option.help)
        let value = option.valueName.map { ":\($0.lowercased()):\(zshAction(option.completion))" } ?? ""
        if let short = option.short {
            return "'(-\(short) --\(option.long))'{-\(short),--\(option.long)}'[\(help)]\(value)'"
        }
        return "'--\(option.long)[\(help)]\(value)'"
    }

    private func zsh() -> String {
        var text = """
            #compdef roster
            # zsh completion for roster. Install with:
            #   roster completion zsh > "${fpath[1]}/_roster"
            # or load it for this shell (after compinit):
            #   source <(roster completion zsh)


            """
        // A query runs inside _roster, and sees the options it found.
        let passing = passed.map { option in
            let name = "roster_\(variable(option))"
            return "${\(name):+--\(option.long)} ${\(name):+\"$\(name)\"}"
        }.joined(separator: " ")
        for query in queries {
            text += """
                _\(function(query))() {
                    local -a names
                    names=(${(f)"$(roster \(passing) \(query.arguments))"})
                    # A line shaped like an option is only safe after --.
                    (( ${words[(I)--]} )) || names=(${names:#-*})
                    compadd -a names
                }


                """
        }
        text += """
            _roster() {
                local curcontext=$curcontext state line i\(passed.map { " roster_\(variable($0))=\"\"" }.joined())
                local -a commands
                # The options the line gives that queries are given: --db PATH or --db=PATH.
                for ((i = 2; i < CURRENT; i++)); do
                    case $words[i] in

            """
        for option in passed {
            let name = "roster_\(variable(option))"
            text += "            --\(option.long)) \(name)=${(Q)words[i+1]} ;;\n"
            text += "            --\(option.long)=*) \(name)=${(Q)${words[i]#--\(option.long)=}} ;;\n"
        }
        text += """
                    esac
                done

            """
        for option in passed {
            let name = "roster_\(variable(option))"
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
                    command) _describe -t commands 'roster command' commands ;;
                    argument)
                        case $line[1] in

            """
        for command in visible {
            var specs = parser.options(of: command).map(zshSpec)
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
        case .output(let query): " -a '(__\(function(query)))'"
        case .files: " -F"
        case .commands(let others): " -a '\((visible.map(\.name) + others).joined(separator: " "))'"
        case .none: ""
        }
    }

    /// `complete -c roster -l format -s f -x -a 'json csv' -d '…'`, after `condition`.
    private func fishLine(_ option: OptionSpec, condition: String) -> String {
        var line = "complete -c roster\(condition) -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if !option.isFlag {
            // -x (exclusive) and -F (files) cannot go together: a file takes -r.
            line += option.completion == .files ? " -r -F" : " -x" + fishArguments(option.completion)
        }
        return line + " -d '\(fishEscape(option.help))'\n"
    }

    /// `__roster_names`: the query run with the options the line gives
    /// that queries are given (--db PATH or --db=PATH).
    private func fishQuery(_ query: CompletionQuery) -> String {
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
                set -l lines (roster $passed \(query.arguments))
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

    private func fish() -> String {
        var text = """
            # fish completion for roster. Install with:
            #   roster completion fish > ~/.config/fish/completions/roster.fish

            """
        for query in queries { text += fishQuery(query) }
        text += "complete -c roster -f\n"
        for option in parser.globalOptions {
            text += fishLine(option, condition: "")
        }
        // Understood before a command only: --version, the default command's.
        for option in parser.topLevelOptions where !parser.globalOptions.contains(where: { $0.long == option.long }) {
            text += fishLine(option, condition: " -n __fish_use_subcommand")
        }
        for command in visible {
            text += "complete -c roster -n __fish_use_subcommand -a \(command.name) -d '\(fishEscape(command.abstract))'\n"
            let condition = " -n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                text += fishLine(option, condition: condition)
            }
            var seen: [String] = []
            for source in command.arguments.map({ fishArguments($0.completion) }) where !source.isEmpty && !seen.contains(source) {
                seen.append(source)
                text += "complete -c roster\(condition)\(source)\n"
            }
        }
        return text
    }
}
