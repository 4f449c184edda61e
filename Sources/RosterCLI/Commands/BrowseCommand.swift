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
            every key. Changes are saved at once, and changes made by other programs
            (roster set-weapon in another terminal) show up within half a second.
            Motion is off with --no-animation or ROSTER_NO_ANIMATION=1. Pictures are drawn
            with the kitty graphics protocol when the terminal answers its query, else
            with coloured half blocks, else (NO_COLOR, TERM=dumb) as text glyphs;
            ROSTER_PICTURES=kitty|blocks|text chooses.
            """,
        options: [BrowseCommand.noAnimation],
        examples: ["roster", "roster browse --no-animation"]
    ) { invocation in
        try run(invocation.context, noAnimation: invocation.flag("no-animation"))
    }

    static let noAnimation = OptionSpec("no-animation", "open without sliding panels (also ROSTER_NO_ANIMATION=1)")

    static func run(_ context: CommandContext, noAnimation: Bool) throws -> ExitStatus {
        guard context.stdinIsTerminal, context.stdoutIsTerminal else {
            throw UsageError("the interactive roster needs a terminal; for scripts, see `roster help`", command: "browse")
        }
        guard context.environment("TERM") != "dumb" else {
            throw UsageError("the interactive roster needs a terminal that can move its cursor, which TERM=dumb says this one cannot; for scripts, see `roster help`",
                             command: "browse")
        }
        let store = try context.store()
        store.surface = .interactiveRoster
        let environment = context.environment
        let depth = ColorDepth.detect(environment: environment)
        var pictures = try PictureChoice.fromEnvironment(environment("ROSTER_PICTURES"), depth: depth, command: "browse")
        if pictures == nil, PictureChoice.insideMultiplexer(environment) {
            pictures = depth == .none ? .text : .halfBlocks(depth)
        }
        let options = RosterRunLoop.Options(
            animations: !noAnimation && environment("ROSTER_NO_ANIMATION") == nil,
            colorDepth: depth,
            pictures: pictures
        )
        let status = try RosterRunLoop.run(store: store, options: options)
        return ExitStatus(rawValue: status) ?? .failure
    }
}
