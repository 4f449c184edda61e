import RosterApp

/// What roster says about itself in `roster help` and in roster(1), beyond
/// what its commands declare: handed to the argument parser, which words
/// help, the manual page and the completion scripts for any program.
enum RosterProgram {
    static let description = ProgramDescription(
        name: "roster",
        summary: "keep a roster of monsters and their weapons",
        introduction: """
            With no command on a terminal, roster opens the interactive roster: full-screen,
            or as plain sentences line by line for screen readers and braille displays
            with `roster browse --plain`, TERM=dumb or ROSTER_ACCESSIBLE=1.
            """,
        helpPointer: "See `roster help COMMAND` for a command, `roster help exit-codes` for exit statuses.",
        description: "roster keeps a roster of monsters and the weapons they carry in one SQLite file, or for a team in a PostgreSQL database (--db postgresql://…). With no command on a terminal, it opens the interactive roster; the commands below list, change, export and import it from scripts. Data goes to standard output; messages, progress and summaries to standard error.",
        exitStatuses: ExitStatus.allCases.map { ($0.rawValue, $0.meaning) },
        environment: [
            ("ROSTER_DB", "the roster database, when --db is not given: a file, or postgresql://… for a roster on PostgreSQL"),
            ("PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGSSLMODE, PGCHANNELBINDING, PGSSLROOTCERT, PGAPPNAME", "what a postgresql:// roster's URI leaves out, as psql reads them"),
            ("XDG_DATA_HOME", "where the roster lives when neither --db nor ROSTER_DB is given: $XDG_DATA_HOME/roster/roster.db"),
            ("HOME", "without XDG_DATA_HOME, the roster is ~/.local/share/roster/roster.db"),
            ("XDG_CONFIG_HOME", "where the settings are: $XDG_CONFIG_HOME/roster/config.toml, else ~/.config/roster/config.toml"),
            ("ROSTER_ACCESSIBLE", "1 opens the plain, line-oriented roster for screen readers and braille displays, as browse --plain does"),
            ("VISUAL, EDITOR", "the editor Ctrl-E opens a name or description in: VISUAL, else EDITOR, else vi, run by /bin/sh so that EDITOR=\"code --wait\" works"),
            ("NO_COLOR", "when set and not empty, no colour is used"),
            ("TERM", "the terminal's kind; dumb gives the line-oriented roster and no colour"),
            ("COLORTERM", "truecolor or 24bit allows 24-bit colour"),
            ("ROSTER_NO_ANIMATION", "1 turns off the sliding of panels, as --no-animation does"),
            ("ROSTER_PICTURES", "kitty, sixel, iterm2, blocks or text: how pictures are drawn"),
            ("ROSTER_THEME", "high-contrast draws the interactive roster in the terminal's own two colours only; standard is the default"),
            ("ROSTER_COLUMNS", "the columns the interactive list starts with: weapon, height, origin, activated separated by commas, all or none"),
        ],
        files: [
            ("~/.local/share/roster/roster.db",
             "The roster, unless --db, ROSTER_DB, db in config.toml or XDG_DATA_HOME say otherwise. Its WAL, roster.db-wal, and the WAL's index, roster.db-shm, stay beside it between commands and are part of the database: copy all three, or use roster export."),
            ("~/.config/roster/config.toml",
             "Settings read at start, as TOML's key = value with strings quoted: db, animation, pictures, accessible, columns and theme, each under the variable it stands for (XDG_CONFIG_HOME moves the file). roster help config lists every key. An unknown key or a bad value is one sentence naming the file and the line."),
        ],
        seeAlso: [("sqlite3", 1)],
        keys: { InterfaceKeys.parts.map { part in (part.title, part.keys.map { (RosterProgram.inPrint($0.label), RosterProgram.inPrint($0.meaning)) }) } }
    )

    /// The interface's words as a printed page can set them: the glyphs
    /// the manual's fonts lack (⌫, the bar's ◄ and ►) are named.
    static func inPrint(_ text: String) -> String {
        var printed = ""
        for character in text {
            switch character {
            case "⌫": printed += "Backspace"
            case "◄", "►": continue
            default: printed.append(character)
            }
        }
        return printed.split(separator: " ").joined(separator: " ")
    }
}
