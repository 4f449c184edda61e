import RosterCore
import TerminalKit

/// The interactive roster without a terminal: the window, its screen and
/// controller, fed with events and asked for frames. The run loop connects
/// it to a real terminal; tests drive it directly and read its buffers.
public final class HeadlessRoster {
    let controller: RosterSessionController
    let screen: RosterRootView
    public let window: Window

    /// The pictures the roster shows, decoded once from the binary's own data.
    public static func pictureLibrary() -> PictureLibrary {
        PictureLibrary(load: Assets.bytes(named:))
    }

    public init(store: any RosterStore, size: Size, animations: Bool = true,
                pictures: PictureDrawing = PictureDrawing(library: HeadlessRoster.pictureLibrary(), mode: .halfBlocks(.truecolor)),
                listColumns: [ListColumn] = [])
        throws(RosterError) {
        controller = try RosterSessionController(store: store, pictures: pictures)
        controller.listColumns = listColumns
        screen = RosterRootView(controller: controller)
        window = Window(rootView: screen, size: size)
        window.minimumSize = RosterRootView.minimumSize
        window.messageBar = screen.panelMessage
        window.animationsEnabled = animations
        screen.frame = window.bounds
        screen.sizeChanged()
        screen.list.becomeFirstResponder()
        if screen.isCollapsed { screen.details.focus(0) }
        controller.letGo = { [weak self] monster, told in self?.letGo(of: monster, wasEditing: true, telling: !told) }
        controller.clearRefusal = { [weak self] refusal in
            for field in self?.screen.details.fields ?? [] where field.problem == refusal { field.problem = nil }
        }
        // A key that cannot work now says why, where outcomes are told.
        window.onUnavailableKey = { [weak controller] reason in controller?.tell(reason, isError: true) }
    }

    /// An error that ends the session, once one has happened.
    public var fatalError: RosterError? { controller.fatalError }

    /// The exit status once the user has asked to quit.
    public var quitStatus: Int32? { screen.quitStatus }

    /// The OSC 52 sequence a copy key asked for since the last call.
    public func takeClipboardSequence() -> [UInt8]? { controller.takeClipboardSequence() }

    /// Whether Ctrl-Z asked to suspend since the last call.
    public func takeSuspendRequest() -> Bool {
        defer { screen.suspendRequested = false }
        return screen.suspendRequested
    }

    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        // A new key press replaces the last message in the footer.
        if case .key = event { controller.clearStatus() }
        if case .mouse(let mouse) = event, case .press = mouse.kind { controller.clearStatus() }
        let taken = window.dispatch(event)
        // A paste nothing took (the list, a picker, the details browsed) is told, never read as keys.
        if case .paste = event, !taken, !window.isTooSmall {
            controller.tell("a paste goes only into text being typed (a name, a description, the filter); nothing was changed", isError: true)
        }
        return taken
    }

    /// A smaller or larger terminal. Panels and overlays stay as they are
    /// (below the minimum size they wait, undrawn, for room); the split
    /// collapses or comes back.
    public func resize(to size: Size) {
        window.resize(to: size)
        screen.frame = window.bounds
        screen.sizeChanged()
    }

    /// When to look for other programs' changes next: the store's answer
    /// (see `ChangeWatch`).
    public var changeWatch: ChangeWatch { controller.store.changeWatch }

    /// Whether the list's names are being indexed on another thread, or
    /// a sorted list's selection counted: a poll picks the result up.
    public var isIndexingInBackground: Bool { controller.list.isIndexingInBackground || controller.list.isPlacingInBackground }

    /// Whether tmux is being asked how it passes a copy on: a poll picks
    /// the answer up.
    public var isAskingTmux: Bool { controller.clipboard.isAsking }

    /// Checks for changes by other programs; true when the screen must be redrawn.
    @discardableResult
    public func poll() -> Bool {
        let details = screen.details
        let shown = details.hasFocus ? controller.selectedOnRoster : nil
        let wasEditing = details.editingField != nil
        let toldCopy = controller.takeClipboardAnswer()
        guard controller.pollForChanges() else { return toldCopy }
        // Another program removed the monster the details were busy with:
        // an editor for a monster that is no longer the one shown must not
        // save to whichever monster took its place, nor may the next Enter.
        if let shown, controller.selected?.id != shown.id {
            letGo(of: shown, wasEditing: wasEditing)
        } else {
            details.editingField?.followMarks()
            details.editingField?.modelChanged()
        }
        return true
    }

    /// The details give up `shown`, which another program removed or
    /// changed out of the filter: found by a poll, or by a save that found
    /// nothing to save to, or whose monster the filter no longer shows
    /// (`telling` false: the save's own sentence says so).
    private func letGo(of shown: Monster, wasEditing: Bool, telling: Bool = true) {
        screen.details.endEditingWithoutSaving()
        window.makeFirstResponder(screen.details)
        screen.focusList()
        if telling { controller.noteShownMonsterGone(shown, wasEditing: wasEditing) }
    }

    /// The next frame. The rows it shows are read first; drawing itself
    /// reads nothing and changes nothing.
    public func render() -> (buffer: Buffer, cursor: Point?) {
        screen.prepareFrame()
        return window.render()
    }
}
