/// How pictures reach the screen on a given terminal: the real image over
/// the kitty graphics protocol or iTerm2's inline images, coloured half
/// blocks, or a text glyph.
///
/// The choice needs two facts the caller gathers once at start-up: the
/// colour depth (`ColorDepth.detect`, which honours `NO_COLOR` and
/// `TERM=dumb`) and whether the terminal answered the kitty graphics query
/// (`KittyGraphics.supportQuery`, judged by `kittyGraphicsSupported`).
public enum PictureMode: Hashable, Sendable {
    /// Transmit the PNG once and place it over cells (`KittyGraphics`).
    case kittyGraphics
    /// Paint the pictures as sixel pixels (`Sixel`, `SixelFrames`), where
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

    public static func choose(colorDepth: ColorDepth, kittyGraphics: Bool, sixel: Bool = false) -> PictureMode {
        // No colour means the user asked for plain text (NO_COLOR) or the
        // terminal cannot do better (TERM=dumb): no images either.
        guard colorDepth != .none else { return .text }
        if kittyGraphics { return .kittyGraphics }
        return sixel ? .sixel : .halfBlocks(colorDepth)
    }

    /// Whether anything but the glyph is drawn.
    public var showsPictures: Bool { self != .text }
}
