import RosterApp
import RosterCore
import TerminalKit

/// `browse` (and `roster` alone on a terminal): the interactive roster.
enum BrowseCommand {
    static let spec: CommandSpec = CommandSpec(
        name: "browse",
        abstract: "open the interactive roster (also: roster with no command, on a terminal)",
        discussion: """
            A full-screen view: the monsters on the left, the selected one's details on
            the right. Choose a weapon with w (or Tab to the weapon and Enter); ? lists
            every key. / filters (a name, or weapon=fire and height>5ft), s and S sort as
            --sort does, Space marks monsters for w and x to act on all at once, v shows
            columns, y and Y copy a monster's name or JSON (OSC 52), and h opens the
            history to go back to a change. q quits, except in a text field or a picker,
            where it is a letter; Ctrl-C quits from anywhere. Changes are saved at once, and changes made
            by other programs (roster set-weapon in another terminal) show up within half
            a second.
            Motion is off with --no-animation or ROSTER_NO_ANIMATION=1. Pictures are real
            images in terminals that answer the kitty graphics query (kitty, Ghostty,
            Konsole); iTerm2 inline images in iTerm2, WezTerm and VS Code's terminal
            with its images on; kitty images through tmux 3.3+ with allow-passthrough on,
            in kitty 0.28+ or Ghostty; sixel images in terminals whose device attributes
            offer sixel (xterm -ti vt340, mlterm, foot, Windows Terminal), in as many
            colours as they have registers; coloured half blocks elsewhere (plain xterm,
            VTE terminals, alacritty, tmux otherwise, screen, and a tmux reached over ssh,
            which answers for itself), in 16, 256 or 24-bit colour as the terminal
            draws; text glyphs without colour (NO_COLOR, TERM=dumb). The first frame may
            be half blocks while a slow terminal answers. Inside tmux, tmux itself is
            asked (tmux display-message), and the kitty query is never sent to tmux or
            screen, which would take it for the pane's title.
            ROSTER_PICTURES=kitty|sixel|iterm2|blocks|text chooses without asking (kitty
            inside tmux: through passthrough where the pane allows it, else half
            blocks). Names are drawn in the terminal's own text colour, readable on any
            background; the colour given to a name shows as a tab at the left of its
            row and a swatch in its Colour field. ROSTER_THEME=high-contrast (or theme in
            config.toml) draws every text, border and mark in the terminal's own two
            colours; ROSTER_COLUMNS=weapon,origin (or columns) chooses the list's columns.

            Plain mode (--plain, and by itself with TERM=dumb or ROSTER_ACCESSIBLE=1) is
            the same roster as a conversation, for screen readers, braille displays and
            dumb terminals: one complete sentence per line, numbered choices, and no
            cursor motion, colour or escape sequence. Type a monster's number or name to
            choose it, then weapon, colour, name, description, picture, height, origin or
            activated to change it (each asks, and an empty answer keeps the value); list,
            n and p page through the monsters 20 at a time, filter TEXT narrows them by
            name, add, remove, undo and redo work as on the command line, help lists the
            commands and q quits. Changes by other programs are told before the next
            prompt. It reads standard input line by line, so it also works piped from a
            file; it ends with status 0 at the end of the input and 130 on Ctrl-C.
            """,
        options: [BrowseCommand.noAnimation, BrowseCommand.plain],
        examples: ["roster", "roster browse --no-animation", "roster browse --plain",
                   "printf '1\\nweapon fire\\nq\\n' | roster browse --plain"]
    ) { invocation in
        try run(invocation.context, noAnimation: invocation[noAnimation], plain: invocation[plain])
    }

    static let noAnimation = Flag("no-animation", "open without sliding panels (also ROSTER_NO_ANIMATION=1)")
    static let plain = Flag("plain", "the line-oriented, accessible roster (also TERM=dumb, ROSTER_ACCESSIBLE=1)")

    /// TERM=dumb cannot move its cursor; ROSTER_ACCESSIBLE asks for plain
    /// mode whatever the terminal (any value but empty or 0).
    static func wantsPlain(_ environment: (String) -> String?) -> Bool {
        environment("TERM") == "dumb" || asksForPlain(environment)
    }

    /// ROSTER_ACCESSIBLE set to anything but empty or 0.
    static func asksForPlain(_ environment: (String) -> String?) -> Bool {
        guard let accessible = environment("ROSTER_ACCESSIBLE") else { return false }
        return !accessible.isEmpty && accessible != "0"
    }

    static func run(_ context: CommandContext, noAnimation: Bool, plain: Bool = false) throws -> ExitStatus {
        if plain || wantsPlain(context.environment) {
            let store = try context.store()
            store.surface = .interactiveRoster
            return ExitStatus(rawValue: try PlainRoster.run(store: store)) ?? .failure
        }
        guard context.stdinIsTerminal, context.stdoutIsTerminal else {
            throw UsageError("the full-screen roster needs a terminal; `roster browse --plain` reads commands line by line, and for scripts, see `roster help`",
                             command: "browse")
        }
        let store = try context.store()
        store.surface = .interactiveRoster
        // A roster made now is told before the screen is taken: the
        // first read makes a server's schema (see `RosterLocation.open`).
        // One row by its key, not a count: on a server, counting a
        // million rows was a scan the first frame waited for, before the
        // list's own count.
        _ = try store.monster(id: 1)
        let environment = context.environment
        let depth = ColorDepth.detect(environment: environment)
        var pictures = try PictureChoice.fromEnvironment(environment("ROSTER_PICTURES"), depth: depth, command: "browse")
        // Inside tmux, kitty images are placeholders through passthrough or
        // nothing: a kitty command sent to tmux itself (ROSTER_PICTURES=kitty)
        // would become the pane's title.
        if pictures == nil || pictures == .kittyGraphics, PictureChoice.insideMultiplexer(environment) {
            pictures = PictureChoice.insideMultiplexer(depth: depth, tmux: TmuxClient.ask(environment: environment))
        }
        // The interface reads the terminal's names, the editor Ctrl-E runs
        // (git's fallback order), and whether it is inside tmux (a copy's words).
        let passedOn = (ITermInlineImages.environmentNames + ["VISUAL", "EDITOR", "TMPDIR", "TMUX"])
            .reduce(into: [String: String]()) { $0[$1] = environment($1) }
        let options = RosterRunLoop.Options(
            animations: !noAnimation && environment("ROSTER_NO_ANIMATION") == nil,
            colorDepth: depth,
            pictures: pictures,
            theme: try InterfaceSettings.theme(environment("ROSTER_THEME"), command: "browse"),
            listColumns: try InterfaceSettings.columns(environment("ROSTER_COLUMNS"), command: "browse"),
            environment: { passedOn[$0] }
        )
        let status = try RosterRunLoop.run(store: store, options: options)
        // A write the person stopped waiting for (Ctrl-C), told once the terminal is restored.
        if let interruption = store.interruption { context.error(interruption) }
        return ExitStatus(rawValue: status) ?? .failure
    }
}
