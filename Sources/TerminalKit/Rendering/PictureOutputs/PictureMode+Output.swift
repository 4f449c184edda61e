extension PictureMode {
    /// The output that shows this mode's pictures on the terminal that
    /// answered `probe` (nil before it answers): the one place a mode
    /// becomes a protocol implementation, tuned to the terminal's quirks
    /// (`PictureQuirks`). Nil for half blocks and text, which are cells.
    public func output(library: PictureLibrary, cellPixels: Size?, probe: TerminalProbe? = nil) -> (any PictureOutput)? {
        let quirks = probe.map { PictureQuirks(probe: $0) } ?? PictureQuirks()
        switch self {
        case .kittyGraphics:
            // Kitty keeps animation frames: a place's pictures become
            // frames of one image, and a move switches frames.
            let reels = KittyFrameReels.supported(terminalName: probe?.terminalName) ? KittyFrameReels() : nil
            return KittyImageOutput(imageData: library.pngBytes(forKittyImageID:), frameReels: reels)
        case .kittyPlaceholders:
            return KittyPlaceholderOutput(png: library.pngBytes(forKittyImageID:))
        case .inlineImages:
            var output = InlineImageOutput(cellPixels: cellPixels, art: library.image(forImageID:))
            output.deletesPictures = quirks.keepsPicturesOverCells
            output.paintsAgainAfterRepaint = quirks.paintsAgainAfterRepaint
            return output
        case .sixel:
            var output = SixelOutput(cellSize: cellPixels ?? SixelOutput.assumedCellSize,
                                     registers: probe?.sixelRegisters ?? Sixel.fallbackRegisters,
                                     image: library.image(forImageID:))
            output.paintsAgainAfterRepaint = quirks.paintsAgainAfterRepaint
            output.deletesPictures = quirks.keepsPicturesOverCells
            output.transparentFill = quirks.fillsTransparentPixels ? probe?.background : nil
            return output
        case .halfBlocks, .text:
            return nil
        }
    }
}
