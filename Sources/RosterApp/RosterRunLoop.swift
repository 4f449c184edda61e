import RosterCore
import TerminalKit

/// Runs the interactive roster on the terminal until the user quits.
///
/// One loop: draw the frame (only what changed, in one write), wait for
/// input with a timeout, deliver it. The timeout is short while a panel
/// slides. How other programs' changes are learnt is the store's to say
/// (`ChangeWatch`): a file's inotify descriptor (its log written) or a
/// server's socket is waited on in the same `poll()` as the terminal, so
/// a change wakes the loop at once and an idle interface never wakes at
/// all; a file without inotify is asked every quarter of a second; a lost
/// server is asked again when its back-off says.
public enum RosterRunLoop {
    public struct Options: Sendable {
        public var animations: Bool
        public var colorDepth: ColorDepth
        /// How to show pictures; nil asks the terminal (kitty graphics if it
        /// answers the query, otherwise half blocks, or text without colour),
        /// and also asks whether it draws 24-bit colour.
        public var pictures: PictureMode?
        /// The environment, for the variables that name the terminal
        /// (`TERM_PROGRAM`, `LC_TERMINAL`) when its answers are read, and
        /// the editor Ctrl-E opens (`VISUAL`, `EDITOR`, `TMPDIR`).
        public var environment: @Sendable (String) -> String?
        /// The theme (`theme` in config.toml, `ROSTER_THEME`).
        public var theme: ThemeChoice
        /// The columns the list starts with (`columns`, `ROSTER_COLUMNS`).
        public var listColumns: [ListColumn]

        public init(animations: Bool, colorDepth: ColorDepth, pictures: PictureMode? = nil,
                    theme: ThemeChoice = .standard, listColumns: [ListColumn] = [],
                    environment: @escaping @Sendable (String) -> String? = { _ in nil }) {
            self.animations = animations
            self.colorDepth = colorDepth
            self.pictures = pictures
            self.theme = theme
            self.listColumns = listColumns
            self.environment = environment
        }
    }

    /// How long a save waits for another program's write before saying
    /// "busy": long enough for any ordinary write, short enough that the
    /// screen never seems to hang.
    static let busyTimeout = 400

    /// How long the first frame waits for the terminal's answers before it
    /// is drawn in half blocks: a terminal on the same machine answers in
    /// a few milliseconds, and its first frame then has real pictures.
    static let firstFrameWait = 60

    /// How often other programs' changes are looked for in a file.
    static let pollInterval = 250
    /// The least time between two looks a store asks for at once, so that
    /// a store that keeps asking cannot spin the loop.
    static let shortestPollGap = 20
    /// How long a paste may pause before it is taken as it stands (see `run`).
    static let pastePause = 3_000
    /// Frames slower than this turn motion off: sliding would only stutter.
    static let slowFrame = 40
    /// How long after a full repaint a terminal that needs its pictures
    /// painted again (mlterm, `PictureQuirks`) gets them: in a read of
    /// its own, which 20 ms was enough for under Xvfb.
    static let followUpDelay = 50

    /// Returns the process's exit status. Errors that end the session are
    /// thrown after the terminal has been restored.
    public static func run(store: any RosterStore, options: Options) throws -> Int32 {
        // Everything the session draws, in the chosen theme.
        try options.theme.applying { try runSession(store: store, options: options) }
    }

    private static func runSession(store: any RosterStore, options: Options) throws -> Int32 {
        try store.setBusyTimeout(milliseconds: busyTimeout)
        let session = try TerminalSession()
        // A paste whose end marker never comes (a terminal or multiplexer
        // that lost it): after a pause this long what came is taken as it
        // stands and told; the paste stays open, so what follows is pasted
        // text, never keys, until its end, and a lone Ctrl-C ends it.
        session.pasteTimeoutMilliseconds = Self.pastePause
        try session.start(mouse: true)
        defer { session.stop() }
        let library = HeadlessRoster.pictureLibrary()
        // Without an answer yet, pictures are half blocks; they become
        // kitty images when the terminal says it shows them.
        let drawing = PictureDrawing(library: library,
                                     mode: options.pictures ?? PictureMode.best(colorDepth: options.colorDepth, probe: nil, environment: options.environment),
                                     fallbackDepth: options.colorDepth)
        drawing.cellPixels = session.cellPixelSize
        var renderer = Renderer(colorDepth: options.colorDepth)
        renderer.pictures = drawing.mode.output(library: library, cellPixels: session.cellPixelSize)
        // Forced pictures still ask the terminal: sixel for the number of
        // colour registers, sixel and inline images for its name
        // (`PictureQuirks`), and kitty images whether it shows them.
        let asking = options.pictures == nil || options.pictures == .sixel
            || options.pictures == .inlineImages || options.pictures == .kittyGraphics
        var startup = StartupProbe(asking: asking, session: session)
        var early = startup.waitBriefly(session: session, milliseconds: firstFrameWait)
        startup.apply(to: drawing, renderer: &renderer, options: options, session: session)
        let interface = try HeadlessRoster(store: store, size: session.size, animations: options.animations,
                                            pictures: drawing, listColumns: options.listColumns)
        // Inside tmux, how it passes a copy on is asked at once, on another thread.
        interface.controller.clipboard = .asking(environment: options.environment)
        interface.controller.clipboard.askAgain()
        // Pictures placed with the kitty protocol outlive the alternate
        // screen in some terminals: take them away on the way out.
        defer {
            let cleanup = renderer.removeGraphics()
            if !cleanup.isEmpty { try? session.write(cleanup) }
        }
        // A request waiting on a server that stopped answering holds the
        // loop until the store's answer timeout; meanwhile Ctrl-C and the
        // termination signals still end the program (the request fails as
        // interrupted), and other keys wait for the loop.
        // Such a wait says so in the footer once it has heard nothing
        // for a second, drawn at once, as the loop is held meanwhile.
        var quitWhileWaiting: Int32?
        var waitingNote = WaitingNote()
        store.heedWhileWaiting(descriptors: session.descriptorsToHeed, shouldGiveUp: {
            var kept: [TerminalEvent] = []
            for event in session.readWithoutWaiting() {
                switch event {
                case .signal(let signal): quitWhileWaiting = signal.exitStatus
                case .input(.key(let key)) where key == .control("c"): quitWhileWaiting = 0
                default: kept.append(event)
                }
            }
            session.keepForLater(kept)
            return quitWhileWaiting != nil
        }, whileQuiet: { seconds, writing in
            waitingNote.tell(seconds: seconds, writing: writing, on: interface.controller)
            let frame = interface.render()
            let bytes = renderer.render(frame.buffer, cursor: frame.cursor)
            if !bytes.isEmpty { try? session.write(bytes) }
        })
        defer { store.heedWhileWaiting(descriptors: [], shouldGiveUp: nil) }
        var nextPoll = MonotonicClock.milliseconds() + pollInterval
        var lastPoll = MonotonicClock.milliseconds()
        // An idle interface sleeps: a frame is made only after something
        // happened (a key, a resize, a change on disk, a slide, a reply),
        // not on every wake to look for other programs' changes; making
        // the whole frame four times a second was most of its CPU at rest.
        var needsFrame = true
        /// After a resize, or with the terminal back from Ctrl-Z or an
        /// editor: the new size, and everything drawn again.
        func takeTerminalAgain(_ size: Size) {
            interface.resize(to: size)
            drawing.cellPixels = session.cellPixelSize
            renderer.pictures?.cellPixelsChanged(to: session.cellPixelSize)
            renderer.invalidate()
        }
        while true {
            let frameStart = MonotonicClock.milliseconds()
            if needsFrame || interface.window.isAnimating || renderer.wantsFollowUpFrame {
                interface.window.advanceAnimations(to: frameStart)
                let frame = interface.render()
                let bytes = renderer.render(frame.buffer, cursor: frame.cursor)
                if !bytes.isEmpty { try session.write(bytes) }
                needsFrame = false
            }
            // A copy key's text, after the frame (never inside one).
            if let copy = interface.takeClipboardSequence() { try session.write(copy) }
            if interface.window.isAnimating, MonotonicClock.milliseconds() - frameStart > slowFrame {
                interface.window.animationsEnabled = false
            }
            if let status = interface.quitStatus { return status }
            // Thrown here, reported by the caller after the terminal is restored.
            if let error = interface.fatalError { throw error }

            let now = MonotonicClock.milliseconds()
            let (watched, pollAt) = changeWaits(interface, now: now, nextPoll: nextPoll, lastPoll: lastPoll)
            let waits = [interface.window.isAnimating ? 12 : nil, renderer.wantsFollowUpFrame ? followUpDelay : nil,
                         pollAt.map { max(0, $0 - now) }].compactMap { $0 }
            let events = early + session.nextEvents(timeoutMilliseconds: early.isEmpty ? waits.min() : 0, alsoWatching: watched)
            early = []
            var pollNow = false
            if events.contains(where: { if case .ready = $0 { false } else { true } }) { needsFrame = true }
            for event in events {
                switch event {
                case .ready:
                    // The server's socket: a change was announced, or the
                    // server went away. Either is read by the poll below.
                    pollNow = true
                case .reply(let reply):
                    if startup.read(reply) {
                        startup.apply(to: drawing, renderer: &renderer, options: options, session: session)
                    } else if let refused = renderer.readGraphicsReply(reply) {
                        drawing.refuseKittyImage(refused)
                    }
                case .input(let input):
                    interface.handle(input)
                    waitingNote.end(on: interface.controller)
                    if let status = quitWhileWaiting { return status }
                    // Ctrl-Z is one of the window's priority bindings.
                    if interface.takeSuspendRequest() {
                        let cleanup = renderer.removeGraphics()
                        if !cleanup.isEmpty { try session.write(cleanup) }
                        session.suspend()
                    }
                    // Ctrl-E in a text field: the person's editor has the
                    // terminal until it ends, then the whole screen is drawn
                    // again before anything else (the alternate screen
                    // came back empty).
                    if let request = interface.window.takeExternalEdit() {
                        let cleanup = renderer.removeGraphics()
                        if !cleanup.isEmpty { try session.write(cleanup) }
                        let editor = ExternalEditor(environment: options.environment)
                        request.completion(session.handOver { editor.edit(request.text, suffix: request.suffix) })
                        takeTerminalAgain(session.size)
                    }
                case .resize(let size):
                    takeTerminalAgain(size)
                case .resumed:
                    takeTerminalAgain(session.size)
                case .signal(let signal):
                    return signal.exitStatus
                }
            }
            if Self.tellOpenPaste(session, events, interface.controller) { needsFrame = true }
            if pollNow || pollAt.map({ MonotonicClock.milliseconds() >= $0 }) == true {
                if interface.poll() { needsFrame = true }
                if waitingNote.end(on: interface.controller) { needsFrame = true }
                if let status = quitWhileWaiting { return status }
                lastPoll = MonotonicClock.milliseconds()
                nextPoll = lastPoll + pollInterval
            }
        }
    }

    /// A paste the terminal began and has not ended, held open (see
    /// `pastePause`), is said, and again with each piece taken while it is;
    /// a lone Ctrl-C that ended it is said too.
    /// True when something was said.
    static func tellOpenPaste(_ session: TerminalSession, _ events: [TerminalEvent], _ controller: RosterSessionController) -> Bool {
        if session.takePasteEndedByCtrlC() {
            controller.tell("the paste was ended; keys work again", isError: false)
            return true
        }
        let pasted = events.contains { if case .input(.paste) = $0 { true } else { false } }
        guard session.isHoldingStalledPaste, pasted else { return false }
        controller.tell("the terminal began a paste and has not ended it: what is typed now is taken as pasted text, never as keys; "
            + "Ctrl-C ends the paste", isError: true)
        return true
    }

    /// What the wait watches for other programs' changes besides the
    /// terminal, and when it must end to look for them (nil: never).
    static func changeWaits(_ interface: HeadlessRoster, now: Int, nextPoll: Int, lastPoll: Int) -> (watched: [Int32], pollAt: Int?) {
        var watched: [Int32] = []
        var pollAt: Int?
        switch interface.changeWatch {
        case .everySoOften: pollAt = nextPoll
        case .whenReadable(let descriptor): watched = [descriptor]
        case .now: pollAt = max(now, lastPoll + shortestPollGap)
        case .serverLost(let retryAt): pollAt = max(retryAt, lastPoll + shortestPollGap)
        }
        // A large roster's names are indexed on another thread, and tmux
        // is asked how it passes a copy on: only a poll picks either up.
        if interface.isIndexingInBackground || interface.isAskingTmux { pollAt = min(pollAt ?? nextPoll, nextPoll) }
        return (watched, pollAt)
    }
}

/// The footer's sentence while a request waits on a server that has not
/// answered ("saving: the server at … has not answered for 3 s; Ctrl-C
/// stops waiting"), and what the footer said before, which comes back
/// once the wait is over unless the request's own answer took its place.
struct WaitingNote {
    private var shown: (told: String, before: (text: String, isError: Bool)?)?

    mutating func tell(seconds: Int, writing: Bool, on controller: RosterSessionController) {
        let before = shown.map(\.before) ?? controller.status
        let told = "\(writing ? "saving" : "reading"): the server at \(controller.store.name) has not answered for \(seconds) s; Ctrl-C stops waiting"
        controller.status = (told, false)
        shown = (told, before)
    }

    /// Whether the footer changed back.
    @discardableResult
    mutating func end(on controller: RosterSessionController) -> Bool {
        guard let note = shown else { return false }
        shown = nil
        guard controller.status?.text == note.told else { return false }
        controller.status = note.before
        return true
    }
}

/// The terminal's answers to `TerminalProbe.request`, as they come in
/// during the first second of the session, and what they change.
struct StartupProbe {
    private var probe: TerminalProbe?
    private let askedAt: Int
    private var applied = false
    private let session: TerminalSession

    /// Sends the questions when `asking`; otherwise there is nothing to wait for.
    init(asking: Bool, session: TerminalSession) {
        askedAt = MonotonicClock.milliseconds()
        self.session = session
        probe = asking && (try? session.write(TerminalProbe.request)) != nil ? TerminalProbe() : nil
    }

    /// Waits up to `milliseconds` for the answers; returns the events that
    /// came meanwhile that were not answers, for the run loop.
    mutating func waitBriefly(session: TerminalSession, milliseconds: Int) -> [TerminalEvent] {
        var other: [TerminalEvent] = []
        while let probe, !probe.isComplete {
            let remaining = askedAt + milliseconds - MonotonicClock.milliseconds()
            guard remaining > 0 else { break }
            for event in session.nextEvents(timeoutMilliseconds: remaining) {
                if case .reply(let reply) = event, read(reply) { continue }
                other.append(event)
            }
        }
        return other
    }

    /// Takes a reply; true when it was an answer to the questions (and
    /// arrived within `TerminalProbe.patience`).
    mutating func read(_ reply: [UInt8]) -> Bool {
        guard probe != nil else { return false }
        guard MonotonicClock.milliseconds() - askedAt <= TerminalProbe.patience else {
            probe = nil
            return false
        }
        let answered = probe?.read(reply) ?? false
        // The second question (kitty images), once the first answers show
        // no tmux or screen in between.
        if let question = probe?.followUp(), (try? session.write(question)) == nil { probe = nil }
        return answered
    }

    /// Once the answers are in: the best pictures the terminal offers
    /// (`PictureMode.best`) unless forced, and 24-bit colour where it
    /// draws it. Only once.
    mutating func apply(to drawing: PictureDrawing, renderer: inout Renderer, options: RosterRunLoop.Options,
                        session: TerminalSession) {
        guard let probe, probe.isComplete, !applied else { return }
        applied = true
        renderer.repeatsCharacters = probe.repeatsCharacters
        if probe.truecolor, options.colorDepth != .none, options.colorDepth < .truecolor {
            renderer.colorDepth = .truecolor
            drawing.fallbackDepth = .truecolor
            if case .halfBlocks = drawing.mode { drawing.mode = .halfBlocks(.truecolor) }
            renderer.invalidate()
        }
        guard options.colorDepth != .none else { return }
        let mode = drawing.mode
        if options.pictures == nil {
            drawing.mode = PictureMode.best(colorDepth: drawing.fallbackDepth, probe: probe, environment: options.environment)
        }
        // A forced protocol is made again too: the answers tune it (sixel's
        // colour registers, `PictureQuirks`).
        guard drawing.mode != mode || mode == options.pictures else { return }
        // The answers change how pictures are sent: whatever the first
        // output showed is taken off, and the next frame repaints.
        let cleanup = renderer.removeGraphics()
        if !cleanup.isEmpty { try? session.write(cleanup) }
        renderer.pictures = drawing.mode.output(library: drawing.library, cellPixels: session.cellPixelSize, probe: probe)
        renderer.invalidate()
    }
}
