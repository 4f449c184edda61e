import RosterCore
import TerminalKit

/// Runs the interactive roster on the terminal until the user quits.
///
/// One loop: draw the frame (only what changed, in one write), wait for
/// input with a timeout, deliver it. The timeout is short while a panel
/// slides and a quarter of a second otherwise, when the loop also asks
/// SQLite whether another program changed the roster.
public enum InteractiveRoster {
    public struct Options: Sendable {
        public var animations: Bool
        public var colorDepth: ColorDepth
        /// How to show pictures; nil asks the terminal (kitty graphics if it
        /// answers the query, otherwise half blocks, or text without colour).
        public var pictures: PictureMode?

        public init(animations: Bool, colorDepth: ColorDepth, pictures: PictureMode? = nil) {
            self.animations = animations
            self.colorDepth = colorDepth
            self.pictures = pictures
        }
    }

    /// How long a save waits for another program's write before saying
    /// "busy": long enough for any ordinary write, short enough that the
    /// screen never seems to hang.
    static let busyTimeout = 400

    /// How long to wait for the terminal to answer the kitty graphics
    /// query. Terminals answer in a few milliseconds; this only bounds the
    /// wait for one that ignores the device-attributes request too.
    static let queryTimeout = 150

    /// How often other programs' changes are looked for.
    static let pollInterval = 250
    /// Frames slower than this turn motion off: sliding would only stutter.
    static let slowFrame = 40

    /// Returns the process's exit status. Errors that end the session are
    /// thrown after the terminal has been restored.
    public static func run(store: RosterStore, options: Options) throws -> Int32 {
        try store.setBusyTimeout(milliseconds: busyTimeout)
        let session = try TerminalSession()
        try session.start(mouse: true)
        defer { session.stop() }
        let library = RosterInterface.pictureLibrary()
        let mode = options.pictures ?? PictureMode.choose(
            colorDepth: options.colorDepth,
            kittyGraphics: options.colorDepth != .none
                && kittyGraphicsSupported(reply: session.query(KittyGraphics.supportQuery, timeoutMilliseconds: queryTimeout)))
        let interface = try RosterInterface(store: store, size: session.size, animations: options.animations,
                                            pictures: PictureDrawing(library: library, mode: mode))
        var renderer = Renderer(colorDepth: options.colorDepth)
        if mode == .kittyGraphics { renderer.imageData = library.pngBytes(forKittyImageID:) }
        // Pictures placed with the kitty protocol outlive the alternate
        // screen in some terminals: take them away on the way out.
        defer {
            let cleanup = renderer.removeGraphics()
            if !cleanup.isEmpty { try? session.write(cleanup) }
        }
        var nextPoll = MonotonicClock.milliseconds() + pollInterval
        while true {
            let frameStart = MonotonicClock.milliseconds()
            interface.window.advanceAnimations(to: frameStart)
            let frame = interface.render()
            let bytes = renderer.render(frame.buffer, cursor: frame.cursor)
            if !bytes.isEmpty { try session.write(bytes) }
            if interface.window.isAnimating, MonotonicClock.milliseconds() - frameStart > slowFrame {
                interface.window.animationsEnabled = false
            }
            if let status = interface.quitStatus { return status }
            // Thrown here, reported by the caller after the terminal is restored.
            if let error = interface.fatalError { throw error }

            let now = MonotonicClock.milliseconds()
            let timeout = interface.window.isAnimating ? 12 : max(0, nextPoll - now)
            for event in session.nextEvents(timeoutMilliseconds: timeout) {
                switch event {
                case .input(let input):
                    interface.handle(input)
                    // Ctrl-Z is one of the window's priority bindings.
                    if interface.takeSuspendRequest() {
                        let cleanup = renderer.removeGraphics()
                        if !cleanup.isEmpty { try session.write(cleanup) }
                        session.suspend()
                    }
                case .resize(let size):
                    interface.resize(to: size)
                    renderer.invalidate()
                case .resumed:
                    interface.resize(to: session.size)
                    renderer.invalidate()
                case .signal(let signal):
                    return signal.exitStatus
                }
            }
            if MonotonicClock.milliseconds() >= nextPoll {
                interface.poll()
                nextPoll = MonotonicClock.milliseconds() + pollInterval
            }
        }
    }
}
