import RosterCore
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// The `roster` command line: the table of commands, and one function that
/// runs argv and returns the exit status. Every failure becomes one clear
/// sentence on stderr and a status from `ExitStatus`.
public enum RosterCommandLine {
    public static let version = "0.1.0"

    /// `--db`: the roster file every command works on. Completion passes
    /// it on to the name lookup, so names come from the roster the line names.
    static let database = Option<String>("db", value: "PATH",
                                         "the roster database: a file, or a team's roster on PostgreSQL as postgresql://… (default: $ROSTER_DB, else db in config.toml, else $XDG_DATA_HOME/roster/roster.db, else ~/.local/share/roster/roster.db)",
                                         completion: .files, passedToQueries: true)

    /// The commands, by name; each declaration is built when it is used.
    static let parser = ArgumentParser(program: RosterProgram.description, entries: [
        .init("list") { ReadingCommands.list },
        .init("show") { ReadingCommands.show },
        .init("weapons") { ReadingCommands.weapons },
        .init("set-weapon") { WritingCommands.setWeapon },
        .init("add") { WritingCommands.add },
        .init("edit") { WritingCommands.edit },
        .init("remove") { WritingCommands.remove },
        .init("export") { ExportCommand.spec },
        .init("import") { ImportCommand.spec },
        .init("history") { HistoryCommands.history },
        .init("undo") { HistoryCommands.undo },
        .init("redo") { HistoryCommands.redo },
        .init("browse") { BrowseCommand.spec },
        .init("help") { HelpCommands.help },
        .init("completion") { HelpCommands.completion },
        .init("manual-page") { HelpCommands.manualPage },
        .init("complete-names", isHidden: true) { CompletionNamesCommand.spec },
        .init("complete-countries", isHidden: true) { CompletionNamesCommand.countries },
    ], globalOptions: [database], defaultCommand: "browse")

    public static func run(_ arguments: [String]) -> Int32 {
        // Past `ulimit -f` a write fails with EFBIG, which is reported and
        // cleaned up after, instead of the signal ending roster silently.
        signal(SIGXFSZ, SIG_IGN)
        let context: CommandContext
        do throws(ConfigError) {
            let settings = try ConfigFile.load(environment: FileSystem.environment)
            context = CommandContext(environment: settings.environment(over: FileSystem.environment))
        } catch {
            // `roster help config` still says how to write the file.
            let plain = CommandContext()
            guard arguments.first == "help" else {
                plain.error(error.description)
                return (error.isUnreadable ? ExitStatus.noInput : ExitStatus.usage).rawValue
            }
            context = plain
        }
        if let setAside = ZoneSetting.setAsideUnreadable() { context.error(setAside) }
        let status = run(arguments, context: context)
        // Closing copies the WAL into the roster file, so that the file
        // alone holds every change once roster exits.
        context.closeStore()
        do {
            try context.stdout.flush()
        } catch {
            context.error(error.description)
            return status == .success ? ExitStatus.ioError.rawValue : status.rawValue
        }
        return status.rawValue
    }

    static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        let formatter = HelpFormatter(parser: parser, width: context.helpWidth)
        do {
            let parsed = try parser.parse(arguments)
            context.databaseOption = parsed[database]
            guard let command = parsed.command else {
                if parsed[parser.versionFlag] {
                    try context.print("roster \(version) (SQLite \(SQLiteRosterStore.sqliteVersion))\n")
                    return .success
                }
                if parsed[GlobalOptions.help] {
                    try context.print(formatter.overview(version: version))
                    return .success
                }
                // ROSTER_ACCESSIBLE asks for the plain roster outright, so a
                // screen reader's user can pipe answers into plain `roster`.
                let asksForPlain = BrowseCommand.asksForPlain(context.environment)
                if (context.stdinIsTerminal && context.stdoutIsTerminal) || asksForPlain, let browse = parser.defaultCommand {
                    return try browse(Invocation(arguments: parsed, context: context))
                }
                let plainHint = BrowseCommand.wantsPlain(context.environment)
                    ? "; `roster browse --plain` reads the roster's commands line by line" : ""
                throw UsageError("no command given\(plainHint); `roster help` lists the commands", command: nil)
            }
            if parsed[GlobalOptions.help] {
                try context.print(formatter.page(for: command))
                return .success
            }
            return try command(Invocation(arguments: parsed, context: context))
        } catch let error as UsageError {
            for message in [error.message] + error.otherMessages { context.error(message) }
            if !error.detailLines.isEmpty {
                // An expression's mistake is the sentence and the caret under
                // it; the command's usage lines would bury the caret.
                context.noteLines(error.detailLines)
            } else if let name = error.command, let command = parser.command(named: name) {
                context.noteLines(formatter.usageMessage(for: command))
                context.note("See `roster help \(name)`.")
            } else {
                context.noteLines(HelpLayout.usage(formatter.topLevelUsage, lead: "usage: ", width: formatter.width))
                context.note("See `roster help`.")
            }
            return .usage
        } catch let error as RosterError {
            // Several broken rules are several sentences, one a line.
            if case .invalid(let problems) = error, problems.count > 1 {
                for problem in problems { context.error(problem.message) }
                return error.exitStatus
            }
            if case .problems(let problems, let source, let total) = error {
                context.noteLines(problems.map { $0.formatted(source: source) })
                if let total, total > problems.count {
                    context.note("… and \(total - problems.count) more problems (the first \(problems.count) are shown)")
                }
            }
            context.error(error.description)
            return error.exitStatus
        } catch let error as IOFailure where error.isOutOfMemory {
            let failure = RosterError.outOfMemory
            context.error(failure.description)
            return failure.exitStatus
        } catch let error as IOFailure {
            context.error(error.description)
            return .ioError
        } catch let error as TerminalError {
            context.error(error.description)
            return .ioError
        } catch {
            context.error("\(error)")
            return .failure
        }
    }
}
