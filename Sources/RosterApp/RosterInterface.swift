import RosterCore
import TerminalKit

/// The interactive roster without a terminal: the window, its screen and
/// controller, fed with events and asked for frames. The run loop connects
/// it to a real terminal; tests drive it directly and read its buffers.
public final class RosterInterface {
    let controller: RosterController
    let screen: RosterScreen
    public let window: Window

    public init(store: RosterStore, size: Size, animations: Bool = true) throws(RosterError) {
        controller = try RosterController(store: store)
        screen = RosterScreen(controller: controller)
        window = Window(rootView: screen, size: size)
        window.animationsEnabled = animations
        screen.frame = window.bounds
        screen.list.becomeFirstResponder()
    }

    /// The exit status once the user has asked to quit.
    public var quitStatus: Int32? { controller.quitStatus }

    public func handle(_ event: InputEvent) {
        // A new key press replaces the last message in the footer.
        if case .key = event { controller.clearStatus() }
        if case .mouse(let mouse) = event, case .press = mouse.kind { controller.clearStatus() }
        window.dispatch(event)
        // A terminal too small to show the panels puts editing away.
        if screen.isTooSmall, let responder = window.firstResponder, responder !== screen.list {
            window.makeFirstResponder(screen.list)
        }
    }

    public func resize(to size: Size) {
        window.resize(to: size)
        screen.frame = window.bounds
    }

    /// Checks for changes by other programs; true when the screen must be redrawn.
    @discardableResult
    public func poll() -> Bool {
        controller.pollForChanges()
    }

    public func render() -> (buffer: Buffer, cursor: Point?) {
        window.render()
    }
}
