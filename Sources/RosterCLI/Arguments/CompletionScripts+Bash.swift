/// The bash script: `_roster` (named after the program) completes by
/// words, asking a query's function for live answers.
extension CompletionScripts {
    func bashWords(_ source: CompletionSource) -> String? {
        switch offer(source) {
        case .fixed(let words): "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))"
        case .output(let query): "_\(function(query))"
        // SQLite's files beside a roster (-wal, -shm, -journal) are never what is meant.
        case .files: "local file; COMPREPLY=(); while IFS= read -r file; do [[ $file == *.db-wal || $file == *.db-shm || $file == *.db-journal ]] || COMPREPLY+=(\"$file\"); done < <(compgen -f -- \"$cur\")"
        case .none: nil
        }
    }

    /// `_roster_passed` (named after the program): sets `passed` to the
    /// options the line gives that queries are given, and `ended` when a
    /// `--` has ended the options.
    func bashPassed() -> String {
        var text = """
            _\(identifier)_passed() {
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

    func bashQuery(_ query: CompletionQuery) -> String {
        """
        _\(function(query))() {
            local IFS=$'\\n' line ended=""
            local -a passed=()
            _\(identifier)_passed
            COMPREPLY=()
            # The word as the shell will read it: after an opening quote
            # (`"Bat `) readline completes inside the quotes and closes
            # them, so the answer is escaped as that quote needs; otherwise
            # (`Bat\\ `) backslashes are undone for matching and the answer
            # is quoted as the shell needs. A name is text another program
            # may have written: put in raw, `"Boom$(touch x)` would run.
            local typed=$cur quote="" q="'"
            case $typed in \\"*|\\'*) quote=${typed:0:1}; typed=${typed:1} ;; *) typed=$(printf '%s' "$typed" | sed 's/\\\\\\(.\\)/\\1/g') ;; esac
            while IFS= read -r line; do
                # A line shaped like an option is only safe after --.
                [[ $line == -* && -z $ended ]] && continue
                # Names match ignoring case, as roster reads them.
                [[ ${line,,} == "${typed,,}"* ]] || continue
                if [[ $quote == "$q" ]]; then
                    # Nothing is special inside '…' but ' itself: close, escape, reopen.
                    line=${line//"$q"/"$q\\\\$q$q"}
                elif [[ -n $quote ]]; then
                    # Inside "…" \\ $ ` " keep their meaning, and ! is history's:
                    # escape the four, and give ! in single quotes.
                    line=${line//'\\'/'\\\\'}; line=${line//'$'/'\\$'}; line=${line//'`'/'\\`'}; line=${line//'"'/'\\"'}
                    line=${line//'!'/"\\"'!'\\""}
                fi
                if [[ -n $quote ]]; then COMPREPLY+=("$line")
                else COMPREPLY+=("$(printf '%q' "$line")"); fi
            done < <(\(program.name) "${passed[@]}" \(query.arguments))
            # Readline closes the quote after the one match, unless the
            # match already ends in that quote's character (an escaped \\"
            # at a name's end, or the ' that reopens after one): then the
            # word would stay open and Enter would ask for more lines.
            if [[ -n $quote && ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *"$quote" ]]; then COMPREPLY[0]+=$quote; fi
        }


        """
    }

    func bash() -> String {
        let topLevel = parser.topLevelOptions
        let globalValued = parser.globalOptions.filter { !$0.isFlag }
        var text = """
            # bash completion for \(program.name). Install with:
            #   \(program.name) completion bash > ~/.local/share/bash-completion/completions/\(program.name)

            """
        text += bashPassed()
        for query in queries { text += bashQuery(query) }
        text += """
            _\(identifier)() {
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
                local ended=""
                for ((i = i + 1; i < COMP_CWORD; i++)); do [[ ${COMP_WORDS[i]} == -- ]] && ended=1; done

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
                    let spellings = (option.spellings + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                    text += "                \(spellings)) \(bashWords(option.completion) ?? "COMPREPLY=()"); return ;;\n"
                }
                text += "            esac\n"
            }
            let optionWords = parser.options(of: command).flatMap(\.spellings).joined(separator: " ")
            // After --, a word starting with - is an argument (a name such as -Dash), not an option.
            text += "            if [[ $cur == -* && -z $ended ]]; then COMPREPLY=($(compgen -W '\(optionWords)' -- \"$cur\")); return; fi\n"
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
            complete -F _\(identifier) \(program.name)

            """
        return text
    }
}
