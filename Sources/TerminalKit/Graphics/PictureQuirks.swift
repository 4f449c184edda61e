/// What particular terminals get wrong about sixel and inline pictures,
/// found by screenshot, and recognised by their answers to the probe
/// (`TerminalProbe`: the XTVERSION name, or the DA2 model), which come
/// through ssh where environment variables do not.
///
/// - **mlterm 3.9** (DA2 model 24) draws the sixel pictures of its first
///   redraw after a resize as black silhouettes; the same bytes a moment
///   later are drawn right. So after a full repaint the pictures are
///   painted once more in a frame of their own.
/// - **Konsole 22.12** keeps sixel and inline images over the cells, as it
///   does kitty images: text written over them does not erase them, so
///   pictures that go away or move are deleted with the kitty delete
///   command (which it applies to every picture) and the rest painted
///   again. It also fills the pixels a sixel leaves unset with register 0,
///   so they are sent in its background colour (OSC 11).
///
/// `CellPictureOutput` does each; `PictureMode.output` sets them.
public struct PictureQuirks: Hashable, Sendable {
    /// mlterm's black first redraw after a resize.
    public var paintsAgainAfterRepaint = false
    /// Konsole's pictures kept over the cells.
    public var keepsPicturesOverCells = false
    /// Konsole's sixel pixels left unset, filled with register 0.
    public var fillsTransparentPixels = false
}

extension PictureQuirks {
    /// mlterm's model number in the secondary device attributes.
    static let mltermModel = 24

    /// The quirks of the terminal that answered `probe`.
    public init(probe: TerminalProbe) {
        self.init(terminalName: probe.terminalName, deviceModel: probe.deviceModel)
    }

    public init(terminalName: String?, deviceModel: Int?) {
        paintsAgainAfterRepaint = deviceModel == Self.mltermModel || (terminalName?.hasPrefix("mlterm") ?? false)
        keepsPicturesOverCells = terminalName?.hasPrefix("Konsole") ?? false
        fillsTransparentPixels = keepsPicturesOverCells
    }
}
