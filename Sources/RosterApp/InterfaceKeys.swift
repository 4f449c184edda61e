/// The interactive roster's keys as the manual page lists them: each part
/// of the screen (the help screen's group titles) with its keys' labels
/// and what they do.
///
/// The live key tables are built by the views that own the keys, with
/// what each does now (the details' Enter says which field it edits), so
/// the manual page cannot read them without a roster open. This table is
/// their summary, and `InterfaceKeysTests` holds it to them: every key the
/// help screen shows in the list, the details, the weapon panel, the
/// pickers and the filter must stand here under the same part and label.
public enum InterfaceKeys {
    public struct Part: Sendable {
        public let title: String
        public let keys: [(label: String, meaning: String)]
    }

    public static let parts: [Part] = [
        Part(title: "Monster list", keys: [
            ("↑↓", "move"), ("PgUp/PgDn", "page"), ("Home/End", "first/last"), ("/", "filter"),
            ("Enter", "open the details"),
        ]),
        Part(title: "Details", keys: [
            ("↑↓", "field"), ("Enter", "edit the field, or open its picker"), ("Ctrl-E", "open in your editor"),
            ("Esc", "back to list"),
        ]),
        Part(title: "Roster", keys: [
            ("Tab", "next field"), ("Shift-Tab", "previous field"), ("w", "weapon"), ("/", "filter"), ("n", "new"),
            ("u", "undo"), ("U", "redo"), ("h", "history: go back to a change"), ("x", "remove"),
            ("s", "sort by the next field"), ("S", "reverse the sort"), ("Space", "mark and move on"), ("Esc", "clear the marks"), ("v", "columns beside the names"),
            ("y", "copy the name"), ("Y", "copy as JSON"), ("click", "a monster (Ctrl: mark it), a field, Activated"),
            ("wheel", "scroll the list"),
        ]),
        Part(title: "History", keys: [
            ("↑↓", "move"), ("PgUp/PgDn", "page"), ("Enter", "back to this change"), ("u", "undo only this change"), ("Esc", "close"),
        ]),
        Part(title: "Filter", keys: [("Enter", "keep filter"), ("Esc", "clear filter"), ("↑↓", "move")]),
        Part(title: "Weapon panel", keys: [
            ("←→", "move"), ("↑↓", "row"), ("1–5", "choose"), ("Enter", "press"), ("Esc", "close"),
            ("click", "press a button"),
        ]),
        Part(title: "Activated", keys: [
            ("↑↓", "turn"), ("PgUp/PgDn", "by 5"), ("Home/End", "first/last"), ("←→", "column"), ("n", "now"),
            ("Enter", "done"), ("Esc", "cancel"), ("⌫", "clear"),
        ]),
        Part(title: "Fields", keys: [
            ("Tab", "next field"), ("Shift-Tab", "previous field"), ("click", "◄ Prev, Next ► or Done"),
        ]),
        Part(title: "Everywhere", keys: [
            ("a", "activated"), ("?", "help"), ("F1", "help"), ("q", "quit"), ("Ctrl-C", "quit"), ("Ctrl-Z", "suspend to the shell"),
        ]),
    ]
}
