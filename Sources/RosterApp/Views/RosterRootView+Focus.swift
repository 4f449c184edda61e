import RosterCore
import TerminalKit

/// Where the focus goes in the roster's screen: the list (docked, or the
/// drawer below `splitWidth`), a detail field summoned by a key, and back
/// to the drawer an editor was summoned from once it ends.
extension RosterRootView {
    func focusList() {
        if isCollapsed {
            showListOverlay()
        } else {
            list.becomeFirstResponder()
        }
    }

    func showListOverlay() {
        drawerAwaitsEditor = false
        guard let window, !window.isPresenting(listOverlay) else { return }
        window.present(Overlay(listOverlay, takesFocus: true, placement: { [weak self] bounds in
            // Over the details, the drawer may take the width its columns ask for.
            let wanted = max(40, ListColumn.listWidth(showing: self?.controller.listColumns ?? []))
            return Rect(x: 0, y: 1, width: min(bounds.width, wanted), height: max(0, bounds.height - 1 - (self?.footerRows(bounds) ?? 1)))
        }))
    }

    /// Edits `field` with its own input view, from wherever the focus is
    /// (a key, a toolbar button): overlays close, a field being edited
    /// keeps its value as Next would, and when the editing ends the focus
    /// goes back where it came from.
    /// The monster drawer closes for the panel; the focus came from it, so it opens again after.
    func summon(_ field: DetailField?) {
        guard let field, let window, !window.isTooSmall, controller.selected != nil else { return }
        let fromDrawer = isCollapsed && window.overlays.last?.view === listOverlay
        window.dismissAllOverlays()
        details.edit(field)
        drawerAwaitsEditor = fromDrawer && details.editingField != nil
    }

    /// Back to the drawer an ended editor was summoned from (or the docked list, the split opened).
    func returnToDrawer() {
        guard drawerAwaitsEditor else { return }
        drawerAwaitsEditor = false
        if isCollapsed { showListOverlay() } else { list.becomeFirstResponder() }
    }

    /// Tab order: the list, then each detail field, then round again.
    func moveFocus(by step: Int) {
        // From the monster drawer, Tab goes on into the details it covered.
        if isCollapsed { window?.dismissAllOverlays() }
        drawerAwaitsEditor = false
        let stops = (isCollapsed ? 0 : 1) + details.fields.count
        var current = 0
        if details.hasFocus { current = (isCollapsed ? 0 : 1) + details.focusedIndex }
        let next = (current + step + stops) % stops
        if !isCollapsed && next == 0 {
            list.becomeFirstResponder()
        } else {
            details.focus(next - (isCollapsed ? 0 : 1))
        }
    }
}
