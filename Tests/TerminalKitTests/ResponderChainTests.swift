import Testing
@testable import TerminalKit

/// A field that records what reaches it.
final class RecordingField: View {
    var keys: [KeyEvent] = []
    var pastes: [String] = []
    var accepts = true
    var acceptsPaste = false
    var panel: View?
    var accessory: View?

    override var canBecomeFirstResponder: Bool { accepts }
    override var inputView: View? { panel }
    override var inputAccessoryView: View? { accessory }
    override func handle(key: KeyEvent) -> Bool {
        keys.append(key)
        return key == .character("x")
    }
    override func handle(paste text: String) -> Bool {
        guard acceptsPaste else { return false }
        pastes.append(text)
        return true
    }
}

final class Container: View {
    var seen: [KeyEvent] = []
    override var canBecomeFirstResponder: Bool { true }
    override func handle(key: KeyEvent) -> Bool {
        seen.append(key)
        return true
    }
}

final class SizedPanel: View {
    var seen: [KeyEvent] = []
    let height: Int
    let handled: KeyEvent?
    init(height: Int, handles: KeyEvent? = nil) {
        self.height = height
        self.handled = handles
    }
    override func preferredHeight(forWidth width: Int) -> Int { height }
    override func handle(key: KeyEvent) -> Bool {
        seen.append(key)
        return key == handled
    }
}

@Suite("The responder chain and input views")
struct ResponderChainTests {
    func window(_ root: View) -> Window {
        let window = Window(rootView: root, size: Size(width: 40, height: 20))
        window.animationsEnabled = false
        return window
    }

    @Test("keys go to the first responder and travel up until handled")
    func travel() {
        let root = Container()
        let field = RecordingField()
        root.addSubview(field)
        let window = window(root)
        #expect(field.becomeFirstResponder())
        window.dispatch(.key(.character("x")))
        window.dispatch(.key(.character("y")))
        #expect(field.keys == [.character("x"), .character("y")])
        #expect(root.seen == [.character("y")])
    }

    @Test("becoming first responder presents the input view docked at the bottom, full width, with its accessory above")
    func presents() {
        let root = Container()
        let field = RecordingField()
        let panel = SizedPanel(height: 5, handles: .character("p"))
        let bar = SizedPanel(height: 1)
        field.panel = panel
        field.accessory = bar
        root.addSubview(field)
        let window = window(root)
        root.becomeFirstResponder()
        field.becomeFirstResponder()
        _ = window.render()
        // A panel that does not show the keys itself gets the window's row
        // of key hints under it: the stack covers the screen's footer.
        #expect(window.dockedViews.count == 3)
        #expect(window.dockedViews.last === window.dockedKeyHints)
        #expect(window.dockedKeyHints.frame == Rect(x: 0, y: 19, width: 40, height: 1))
        #expect(panel.frame == Rect(x: 0, y: 14, width: 40, height: 5))
        #expect(bar.frame == Rect(x: 0, y: 13, width: 40, height: 1))
        // The panel hears keys before the field does.
        window.dispatch(.key(.character("p")))
        #expect(bar.seen == [.character("p")], "the accessory is asked first")
        #expect(panel.seen == [.character("p")] && field.keys.isEmpty)
        // Resigning dismisses it and gives focus back to who had it.
        field.resignFirstResponder()
        #expect(window.dockedViews.isEmpty)
        #expect(window.firstResponder === root)
    }

    @Test("a responder that cannot become first responder is refused")
    func refusal() {
        let root = Container()
        let field = RecordingField()
        field.accepts = false
        root.addSubview(field)
        let window = window(root)
        #expect(!field.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test("pasted text reaches only a responder that takes text")
    func paste() {
        let root = Container()
        let picker = RecordingField()
        root.addSubview(picker)
        let window = window(root)
        picker.becomeFirstResponder()
        #expect(!window.dispatch(.paste("sword")))
        #expect(picker.pastes.isEmpty)
        picker.acceptsPaste = true
        #expect(window.dispatch(.paste("sword")))
        #expect(picker.pastes == ["sword"])
    }

    @Test("a modal overlay takes every key, and Esc closes it")
    func overlay() {
        let root = Container()
        let window = window(root)
        let overlay = Container()
        window.present(Overlay(overlay, placement: { $0.inset(by: 2) }))
        window.dispatch(.key(.character("a")))
        #expect(overlay.seen == [.character("a")] && root.seen.isEmpty)
        window.dismiss(overlay)
        window.dispatch(.key(.character("b")))
        #expect(root.seen == [.character("b")])
    }

    @Test("the footer lists each reachable binding once, innermost first")
    func footer() {
        final class Bound: View {
            let bindings: [KeyBinding]
            init(_ bindings: [KeyBinding]) { self.bindings = bindings }
            override var canBecomeFirstResponder: Bool { true }
            override var keyBindings: [KeyBinding] { bindings }
        }
        let root = Bound([KeyBinding(.character("q"), "q", "quit") {}, KeyBinding(.enter, "Enter", "open") {}])
        let inner = Bound([KeyBinding(.enter, "Enter", "choose") {}])
        root.addSubview(inner)
        let window = window(root)
        inner.becomeFirstResponder()
        #expect(window.footerBindings.map(\.help) == ["choose", "quit"])
    }
}
