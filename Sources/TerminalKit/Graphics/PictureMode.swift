/// How pictures reach the screen on a given terminal: the real image over
/// the kitty graphics protocol or iTerm2's inline images, coloured half
/// blocks, or a text glyph.
///
/// The choice (`best`) needs two facts the caller gathers once at
/// start-up: the colour depth (`ColorDepth.detect`, which honours
/// `NO_COLOR` and `TERM=dumb`) and the terminal's answers
/// (`TerminalProbe`); `output` then makes the mode's `PictureOutput`.
public enum PictureMode: Hashable, Sendable {
    /// Transmit the PNG once and place it over cells (`KittyGraphics`).
    case kittyGraphics
    /// Paint the pictures as sixel pixels (`Sixel`, `CellPictureOutput`), where
    /// kitty graphics are not to be had.
    case sixel
    /// Draw the picture into its cells as an iTerm2 inline image
    /// (`ITermInlineImages`): iTerm2, WezTerm, VS Code.
    case inlineImages
    /// Draw the picture as kitty placeholder cells, the image sent
    /// through tmux's passthrough (`KittyPlaceholders`).
    case kittyPlaceholders
    /// Draw `HalfBlockPicture`s in colours of this depth.
    case halfBlocks(ColorDepth)
    /// No pictures: show the text glyph that stands for the image.
    case text

    /// The best way the terminal that answered `probe` offers, for every
    /// surface alike (the interactive roster, `show`): kitty images, else
    /// iTerm2 inline images where the terminal is known to show them (not
    /// through tmux or screen, which drop them; VS Code offers sixel too,
    /// and its inline images are the sharper), else sixel, else half
    /// blocks. Without colour, text; without an answer, half blocks.
    public static func best(colorDepth: ColorDepth, probe: TerminalProbe?, environment: (String) -> String?) -> PictureMode {
        guard colorDepth != .none else { return .text }
        guard let probe else { return .halfBlocks(colorDepth) }
        if probe.kittyGraphics { return .kittyGraphics }
        if !probe.behindMultiplexer,
           ITermInlineImages.supported(environment: environment, terminalName: probe.terminalName, sixel: probe.sixel) {
            return .inlineImages
        }
        return probe.sixel ? .sixel : .halfBlocks(colorDepth)
    }

    /// Whether anything but the glyph is drawn.
    public var showsPictures: Bool { self != .text }
}
