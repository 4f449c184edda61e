extension PictureMode {
    /// The output that shows this mode's pictures on the terminal that
    /// answered `probe` (nil before it answers): the one place a mode
    /// becomes a protocol implementation, tuned to the terminal's quirks
    /// (`PictureQuirks`). Nil for half blocks and text, which are cells.
    public func output(library: PictureLibrary, cellPixels: Size?, probe: TerminalProbe? = nil) -> (any PictureOutput)? {
        let quirks = probe.map { PictureQuirks(probe: $0) } ?? PictureQuirks()
        switch self {
        case .kittyGraphics:
            return KittyImageOutput(imageData: library.pngBytes(forImageID:))
        case .kittyPlaceholders:
            return KittyPlaceholderOutput(png: library.pngBytes(forImageID:))
        case .inlineImages, .sixel:
            var output = self == .sixel
                ? CellPictureOutput(cellSize: cellPixels ?? CellPictureOutput.assumedSixelCell,
                                    registers: probe?.sixelRegisters ?? Sixel.fallbackRegisters, image: library.image(forImageID:))
                : CellPictureOutput(cellPixels: cellPixels, art: library.image(forImageID:))
            output.deletesPictures = quirks.keepsPicturesOverCells
            output.paintsAgainAfterRepaint = quirks.paintsAgainAfterRepaint
            output.transparentFill = quirks.fillsTransparentPixels && self == .sixel ? probe?.background : nil
            return output
        case .halfBlocks, .text:
            return nil
        }
    }
}
