/// Draws named pictures into a buffer the way the terminal can show them:
/// a kitty placement over blank cells, coloured half blocks, or nothing
/// (the caller then shows the picture's text glyph).
public struct PictureDrawing {
    public let library: PictureLibrary
    public let mode: PictureMode

    public init(library: PictureLibrary, mode: PictureMode) {
        self.library = library
        self.mode = mode
    }

    /// Draws the picture fitted and centred in `rect`. `slot` tells apart
    /// several places the same picture may be shown at once (kitty keeps
    /// one placement per image and slot). Returns the cells used, or nil
    /// when nothing was drawn and the caller should fall back to text.
    @discardableResult
    public func draw(_ name: String, in rect: Rect, into buffer: inout Buffer, slot: UInt32) -> Rect? {
        guard !rect.isEmpty, let image = library.image(named: name) else { return nil }
        switch mode {
        case .text:
            return nil
        case .halfBlocks(let depth):
            guard let picture = library.halfBlocks(named: name, fitting: rect.size, depth: depth) else { return nil }
            let frame = image.cellRect(fitting: rect)
            buffer.draw(picture, at: frame.origin)
            return frame
        case .kittyGraphics:
            let frame = image.cellRect(fitting: rect)
            buffer.fill(frame)
            buffer.placements.append(KittyPlacement(imageID: library.kittyImageID(named: name), placementID: slot,
                                                    frame: frame, imageSize: Size(width: image.width, height: image.height)))
            return frame
        }
    }
}
