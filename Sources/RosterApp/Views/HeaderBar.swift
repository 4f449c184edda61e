import TerminalKit

/// The top bar: the program, how many monsters, and where the file is,
/// with the "≡ Monsters" button in a narrow window and the toolbar's
/// "a · set activation date…" button when there is room, after the count.
/// It says what it is: something you set (a verb, and `…` for the picker
/// it opens, as a menu item that asks more), what (the chosen monster's
/// activation date, the details' Activated field) and its key, as the
/// footer names keys; "Set activation" alone read as switching something
/// on. No ⏱: fonts draw it two cells wide or not at all (alacritty, xterm).
final class HeaderBar: View {
    weak var controller: RosterSessionController?
    var showsMonstersButton = false
    var onMonstersButton: (() -> Void)?
    var onActivationButton: (() -> Void)?
    private var buttonFrame = Rect.zero
    private var activationFrame = Rect.zero
    private var countX = 0

    private static let monstersLabel = " ≡ Monsters ", rosterLabel = " roster ", activationLabel = " a · set activation date… "

    /// The buttons' places, for drawing and for clicks alike.
    override func layout() {
        var x = frame.x
        if showsMonstersButton {
            buttonFrame = Rect(x: x, y: frame.y, width: DisplayWidth.of(Self.monstersLabel), height: 1)
            x = buttonFrame.maxX
        } else {
            buttonFrame = .zero
        }
        x += DisplayWidth.of(Self.rosterLabel)
        countX = x
        x += DisplayWidth.of(countText)
        if frame.maxX - x > 40 {
            activationFrame = Rect(x: x + 1, y: frame.y, width: DisplayWidth.of(Self.activationLabel), height: 1)
        } else {
            activationFrame = .zero
        }
    }

    /// `· 6 monsters `, or `· 2 of 6 monsters ` while a filter is on;
    /// `· read only ` after it for a role that may only read.
    private var countText: String {
        guard let controller else { return "" }
        let list = controller.list
        return (list.isFiltering
            ? "· \(MonsterListView.grouped(list.count)) of \(MonsterListView.grouped(list.total)) monsters "
            : "· \(MonsterListView.grouped(list.count)) monsters ") + (controller.store.mayOnlyRead ? "· read only " : "")
    }

    override func draw(in buffer: inout Buffer) {
        buffer.fill(frame, style: Theme.header)
        if !buttonFrame.isEmpty {
            buffer.write(Self.monstersLabel, at: buttonFrame.origin, style: Theme.headerButton)
        }
        buffer.write(Self.rosterLabel, at: Point(x: buttonFrame.isEmpty ? frame.x : buttonFrame.maxX, y: frame.y), style: Theme.header.bold)
        // The toolbar: the activation's editor, summoned from anywhere (`a`).
        if !activationFrame.isEmpty {
            buffer.write(Self.activationLabel, at: activationFrame.origin, style: Theme.headerButton)
        }
        guard let controller else { return }
        var x = buffer.write(countText, at: Point(x: countX, y: frame.y), style: Theme.header)
        if !activationFrame.isEmpty { x = activationFrame.maxX + 1 }
        let path = controller.store.name
        let room = frame.maxX - x - 2
        if room > 10 {
            let shown = DisplayWidth.truncate(path, to: room)
            buffer.write(shown, at: Point(x: frame.maxX - 1 - DisplayWidth.of(shown), y: frame.y), style: Theme.header)
        }
    }

    override func handle(mouse event: MouseEvent) -> Bool {
        guard case .press(button: 0) = event.kind else { return true }
        if buttonFrame.contains(event.position) { onMonstersButton?() }
        if activationFrame.contains(event.position) { onActivationButton?() }
        return true
    }
}
