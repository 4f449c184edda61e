extension SixelFrames {
    /// Sixel pictures from `library` on `session`'s terminal, drawn in its
    /// cells' pixels (`TerminalSession.cellPixelSize`: xterm and mlterm
    /// report them; xterm's include its inner border, a pixel or two,
    /// which rounding down drops).
    public init(session: TerminalSession, library: PictureLibrary, registers: Int = Sixel.fallbackRegisters) {
        self.init(cellSize: session.cellPixelSize ?? Self.assumedCellSize, registers: registers,
                  image: library.image(forImageID:))
    }
}
