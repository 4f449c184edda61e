/// What particular terminals get wrong about sixel and inline pictures,
/// found by screenshot, and recognised by their answers to the probe
/// (`TerminalProbe`): the name they give XTVERSION, or the model in
/// their secondary device attributes. Answers, not environment
/// variables, since they come through ssh.
///
/// - **mlterm 3.9** (DA2 model 24) draws the sixel pictures of its first
///   redraw after a resize as black silhouettes: the shape is right, every
///   colour black. The same bytes a moment later are drawn right, and so
///   is a picture sent in a later read. So after a frame that repaints
///   everything, the pictures are painted once more in a frame of their
///   own (`SixelOutput.paintsAgainAfterRepaint`).
/// - **Konsole 22.12** (XTVERSION `Konsole …`) keeps sixel and inline
///   images as pictures laid over the cells, as it does kitty images:
///   text written over them does not erase them, and pixels a sixel
///   leaves unset are filled with colour register 0 rather than left
///   transparent, whatever the sixel's P2 says: those pixels are sent
///   painted in the terminal's background colour, which it gives OSC 11
///   (`fillsTransparentPixels`, `SixelOutput.transparentFill`). It removes them when asked with the kitty graphics
///   delete command (`a=d`), which it applies to every picture, and a
///   picture laid exactly over an older one replaces it. So pictures that
///   go away or move are deleted, and the rest painted again
///   (`SixelOutput.deletesPictures`, `InlineImageOutput.deletesPictures`).
public struct PictureQuirks: Hashable, Sendable {
    /// mlterm's black first redraw after a resize.
    public var paintsAgainAfterRepaint = false
    /// Konsole's pictures kept over the cells.
    public var keepsPicturesOverCells = false
    /// Konsole's sixel pixels left unset, filled with register 0.
    public var fillsTransparentPixels = false

    public init(paintsAgainAfterRepaint: Bool = false, keepsPicturesOverCells: Bool = false,
                fillsTransparentPixels: Bool = false) {
        self.paintsAgainAfterRepaint = paintsAgainAfterRepaint
        self.keepsPicturesOverCells = keepsPicturesOverCells
        self.fillsTransparentPixels = fillsTransparentPixels
    }

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
