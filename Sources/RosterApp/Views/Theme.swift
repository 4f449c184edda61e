import RosterCore
import TerminalKit

/// The roster's colours and marks, in one place.
///
/// Text must stay readable in every terminal's own palette, light or
/// dark, whatever it does with bold. So text is drawn in the terminal's
/// default colours, and bars and highlights in those colours swapped
/// (reverse video), which keeps the user's own contrast: the accent
/// colour marks borders and focus, never text on a background it was not
/// chosen for. (Bold black on cyan, the old header, turns grey where
/// bold brightens: 1.4:1 in Konsole, 2:1 in xterm.)
///
/// The high-contrast theme (`theme = "high-contrast"`, `ROSTER_THEME`)
/// goes further: nothing but the terminal's own two colours, text and
/// background, for every pen that draws text or a line, borders and
/// marks included (the grey of a quiet border is 2.2:1 on xterm's white,
/// the cyan `/` and `✓` 1.6:1); focus is bold and underlined, not a
/// colour. Whatever the palette, its text colour is what the person chose
/// to read on its background. The one colour left is a name colour's
/// swatch, which is the colour itself, a sample beside its name, not text.
///
/// The theme is chosen once for a run, but it is task-local rather than
/// a global: tests draw screens in both themes side by side in one process.
struct Theme: Sendable {
    /// The theme of this run (`RosterRunLoop` sets it).
    @TaskLocal static var current = Theme(.standard)

    let accent: Color
    let border: Style
    let focusedBorder: Style
    /// The frame of a panel's button that is not highlighted.
    let quietBorder: Color
    /// The frame of the help and the history, drawn over the screen.
    let overlayFrame: Color
    /// A question on the footer's row.
    let question: Style

    init(_ choice: ThemeChoice) {
        switch choice {
        case .standard:
            accent = .cyan
            border = Style(foreground: .brightBlack)
            focusedBorder = Style(foreground: .cyan)
            quietBorder = .brightBlack
            overlayFrame = .cyan
            question = Style(foreground: .black, background: .yellow)
        case .highContrast:
            accent = .default
            border = Style()
            focusedBorder = Style().bold
            quietBorder = .default
            overlayFrame = .default
            question = Style().reversed
        }
    }

    static var accent: Color { current.accent }
    static var border: Style { current.border }
    static var focusedBorder: Style { current.focusedBorder }
    static let title = Style().bold
    /// A focused pane's title: the border around it carries the accent.
    static let focusedTitle = Style().bold.underlined
    static let label = Style()
    static let focusedLabel = Style().bold
    static let header = Style().reversed
    /// A button in the header bar: the bar's colours swapped back.
    static let headerButton = Style().bold
    /// A focused or edited value.
    static let highlight = Style().reversed
    /// A refusal or failure: bold, in the text colour (red text is 3.6:1
    /// on kitty's black, bright red 4.0:1 on xterm's white where bold
    /// brightens); the sentence and its ✗ say what it is.
    static let error = Style().bold
    /// What a change did, in the footer: green text was 2.1:1 on xterm's white.
    static let success = Style()

    /// A monster's name: always in the terminal's own text colour. The
    /// colour a user gives a name (red, green, blue) cannot be readable
    /// on every background: kitty's red on black is 3.6:1, xterm's green
    /// on white 2.2:1. So the name stays readable and the chosen colour
    /// is shown beside it, as a swatch (`swatch(_:)`).
    static let name = Style()

    /// The mark that shows a name's colour: nil for the default colour.
    static func swatch(_ color: NameColor) -> Style? {
        color.swatch
    }

    /// Gives a toolkit panel this theme's colours.
    static func dress(_ panel: ChoicePanel) {
        panel.accentColor = current.accent
        panel.quietColor = current.quietBorder
    }
    static func dress(_ menu: MenuPopover) { menu.accentColor = current.accent }
    static func dress(_ wheels: WheelPicker) { wheels.accentColor = current.accent }
}

/// The roster's themes, as `theme` in config.toml and `ROSTER_THEME` name them.
public enum ThemeChoice: String, CaseIterable, Sendable {
    case standard
    case highContrast = "high-contrast"

    /// Runs `body` drawing in this theme.
    public func applying<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Theme.$current.withValue(Theme(self), operation: body)
    }
}

extension NameColor {
    /// The colour's own mark, wherever it reaches a terminal: the
    /// interactive roster's tab and swatch, `list`'s and `show`'s `■`.
    /// Blue is the bright one, which stays visible on dark backgrounds.
    public var style: Style {
        switch self {
        case .default: Style()
        case .red: Style(foreground: .red)
        case .green: Style(foreground: .green)
        case .blue: Style(foreground: .brightBlue)
        }
    }

    /// The mark that shows this colour beside a name: nil for the default
    /// colour, which a name already has.
    public var swatch: Style? {
        self == .default ? nil : style
    }
}

/// Where on screen a picture is, for the kitty protocol: the same image
/// shown in two places needs two placements.
enum PictureSlot {
    static let icon: UInt32 = 1
    static let weapon: UInt32 = 2
    /// The weapon panel's buttons: `panel + index`.
    static let panel: UInt32 = 10
    /// The picture panel's buttons: `picturePanel + index`.
    static let picturePanel: UInt32 = 20
}
