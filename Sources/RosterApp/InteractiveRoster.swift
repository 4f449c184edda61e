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

        public init(animations: Bool, colorDepth: ColorDepth) {
            self.animations = animations
            self.colorDepth = colorDepth
        }
    }

    /// How often other programs' changes are looked for.
    static let pollInterval = 250
    /// Frames slower than this turn motion off: sliding would only stutter.
    static let slowFrame = 40

    /// Returns the process's exit status. Errors that end the session are
    /// thrown after the terminal has been restored.
    public static func run(store: RosterStore, options: Options) throws -> Int32 {
        let session = try TerminalSession()
        try session.start(mouse: true)
        defer { session.stop() }
        let interface = try RosterInterface(store: store, size: session.size, animations: options.animations)
        var renderer = Renderer(colorDepth: options.colorDepth)
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

            let now = MonotonicClock.milliseconds()
            let timeout = interface.window.isAnimating ? 12 : max(0, nextPoll - now)
            for event in session.nextEvents(timeoutMilliseconds: timeout) {
                switch event {
                case .input(.key(KeyEvent(.character("z"), modifiers: .control))):
                    session.suspend()
                case .input(let input):
                    interface.handle(input)
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
