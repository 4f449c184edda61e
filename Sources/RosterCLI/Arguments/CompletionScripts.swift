/// Shell completion scripts for bash, zsh and fish, generated from the
/// command declarations. A `CompletionQuery` (names the program lists)
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
    /// The program completed: its name, as the shell runs it.
    var program: ProgramDescription { parser.program }
    /// The program's name as a shell function's or variable's (`_roster`).
    var identifier: String { parser.program.identifier }

    init(parser: ArgumentParser) {
        self.parser = parser
        self.commands = parser.commands
    }

    var visible: [CommandSpec] { commands.filter { !$0.isHidden } }

    /// What a shell offers for `source` in this program.
    func offer(_ source: CompletionSource) -> CompletionSource.Offer {
        source.offer(commands: visible.map(\.name))
    }

    /// Global options a query is given, as the line gives them.
    var passed: [OptionSpec] { parser.globalOptions.filter { $0.isPassedToQueries && !$0.isFlag } }

    /// Every query any command's arguments or options complete with, once each.
    var queries: [CompletionQuery] {
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
    func variable(_ option: OptionSpec) -> String {
        String(option.long.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A query's function's name, without the shell's prefix.
    func function(_ query: CompletionQuery) -> String {
        program.identifier + "_" + String(query.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash()
        case "zsh": zsh()
        case "fish": fish()
        default: nil
        }
    }
}
