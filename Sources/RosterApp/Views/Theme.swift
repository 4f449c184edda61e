import RosterCore
import TerminalKit

/// The roster's colours and marks, in one place.
enum Theme {
    static let accent = Color.cyan
    static let border = Style(foreground: .brightBlack)
    static let focusedBorder = Style(foreground: accent)
    static let title = Style().bold
    static let label = Style(foreground: .brightBlack)
    static let header = Style(foreground: .black, background: .cyan)
    static let error = Style(foreground: .red).bold
    static let success = Style(foreground: .green)

    static func nameStyle(_ color: NameColor) -> Style {
        switch color {
        case .default: Style()
        case .red: Style(foreground: .red)
        case .green: Style(foreground: .green)
        case .blue: Style(foreground: .brightBlue)
        }
    }
}
