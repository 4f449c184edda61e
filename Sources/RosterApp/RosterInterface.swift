import RosterCore
import TerminalKit

/// The interactive roster without a terminal: the window, its screen and
/// controller, fed with events and asked for frames. The run loop connects
/// it to a real terminal; tests drive it directly and read its buffers.
public final class RosterInterface {
    let controller: RosterController
    let screen: RosterScreen
    public let window: Window

    /// The pictures the roster shows, decoded once from the binary's own data.
    public static func pictureLibrary() -> PictureLibrary {
        PictureLibrary(load: Assets.bytes(named:))
    }

    public init(store: RosterStore, size: Size, animations: Bool = true,
                pictures: PictureDrawing = PictureDrawing(library: RosterInterface.pictureLibrary(), mode: .halfBlocks(.truecolor)))
        throws(RosterError) {
        controller = try RosterController(store: store, pictures: pictures)
        screen = RosterScreen(controller: controller)
        window = Window(rootView: screen, size: size)
        window.animationsEnabled = animations
        screen.frame = window.bounds
        screen.list.becomeFirstResponder()
    }

    /// An error that ends the session, once one has happened.
    public var fatalError: RosterError? { controller.fatalError }

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
        let editedID = editedMonsterID
        guard controller.pollForChanges() else { return false }
        // Another program changed the roster under an open panel: a panel
        // for a monster that is no longer the one shown must not save to
        // whichever monster took its place.
        if let editedID, controller.selected?.id != editedID {
            if window.firstResponder is ActivationSummoner {
                screen.list.becomeFirstResponder()
            } else {
                window.makeFirstResponder(nil)
                screen.details.endEditingWithoutSaving()
            }
            controller.noteEditInterrupted()
        } else {
            screen.details.editingField?.modelChanged()
        }
        return true
    }

    /// The monster whose field (or activation) is being edited, if any.
    private var editedMonsterID: Int64? {
        guard let responder = window.firstResponder,
              responder is DetailField || responder is ActivationSummoner else { return nil }
        return controller.selected?.id
    }

    public func render() -> (buffer: Buffer, cursor: Point?) {
        window.render()
    }
}
