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
        color.style
    }
}

extension NameColor {
    /// How a name in this colour is drawn wherever it reaches a terminal:
    /// the interactive roster, `list`'s table and `show`. Blue is the
    /// bright one, which stays readable on dark backgrounds.
    public var style: Style {
        switch self {
        case .default: Style()
        case .red: Style(foreground: .red)
        case .green: Style(foreground: .green)
        case .blue: Style(foreground: .brightBlue)
        }
    }
}

/// Where on screen a picture is, for the kitty protocol: the same image
/// shown in two places needs two placements.
enum PictureSlot {
    static let icon: UInt32 = 1
    static let weapon: UInt32 = 2
    /// The weapon panel's buttons: `panel + index`.
    static let panel: UInt32 = 10
}
