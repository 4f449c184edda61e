import TerminalKit
@testable import RosterApp

/// What event handling owns in the interactive roster, read back as lines
/// of text: drawing must leave every line as it was (layout and drawing
/// read state and paint; Bubble Tea's `View` is pure). Frames, scroll
/// positions and what layout clips are not here: layout decides them
/// afresh before every frame, and nothing else reads them.
extension RosterScreenHarness {
    var eventOwnedState: [String] {
        var lines: [String] = []
        let screen = interface.screen
        let controller = interface.controller
        func name(_ responder: Responder?) -> String {
            guard let responder else { return "nothing" }
            return "\(Swift.type(of: responder))#\(ObjectIdentifier(responder).hashValue)"
        }
        lines.append("focus \(name(window.firstResponder))")
        lines.append("overlays \(window.overlays.map { name($0.view) })")
        lines.append("docked \(window.dockedViews.map(name))")
        lines.append("popover \(window.popoverIsShowing)")
        // Every view the window can show, and every input view a field
        // could bring up: hidden or not, in this window or not.
        var roots: [View] = [screen, screen.listOverlay] + window.dockedViews + window.overlays.map(\.view)
        roots += screen.details.fields.compactMap(\.inputView)
        var seen: Set<ObjectIdentifier> = []
        func visit(_ view: View, depth: Int) {
            guard seen.insert(ObjectIdentifier(view)).inserted else { return }
            lines.append("\(String(repeating: " ", count: depth))\(name(view)) hidden \(view.isHidden) "
                         + "in window \(view.window === window) subviews \(view.subviews.count)")
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        lines.append("collapsed \(screen.isCollapsed)")
        lines.append("details focus \(screen.details.focusedIndex) editing \(screen.details.editingField?.label ?? "none")")
        for field in screen.details.fields {
            lines.append("\(field.label) problem \(field.problem ?? "none") own \(field.ownChanges.map { "\($0)" } ?? "none")")
        }
        lines.append("selection \(controller.selection) \(controller.selected.map { "\($0.id) \($0.name)" } ?? "none")")
        lines.append("draft \(controller.draft?.name ?? "none")")
        lines.append("status \(controller.status?.text ?? "none") follow-up \(controller.followUp.map { "\($0)" } ?? "none")")
        lines.append("filter \(controller.list.filter) count \(controller.list.count)")
        return lines
    }
}
