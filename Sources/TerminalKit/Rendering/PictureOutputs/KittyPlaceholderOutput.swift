/// Keeping the images behind kitty placeholder cells in the terminal,
/// through tmux (`KittyPlaceholders`, `TmuxClient`).
///
/// The cells themselves are text and need nothing from the renderer. What
/// it must do is send, before the first frame that shows a picture, the
/// image and its virtual placement at the size the picture takes, each
/// wrapped for tmux's passthrough, and send the placement again when the
/// size changes (a resize that makes the picture grow). Both are quiet:
/// tmux does not hand the terminal's answers back.
public struct KittyPlaceholderOutput: PictureOutput {
    private let png: (UInt32) -> [UInt8]?
    /// How each sequence reaches the terminal (`TmuxClient.wrap`).
    private let wrap: ([UInt8]) -> [UInt8]
    private var transmitted = Set<UInt32>()
    private var placed: [UInt32: Size] = [:]

    /// `png` gives an image's file by id (`PictureLibrary.pngBytes(forImageID:)`).
    public init(png: @escaping (UInt32) -> [UInt8]?, wrap: @escaping ([UInt8]) -> [UInt8] = TmuxClient.wrap) {
        self.png = png
        self.wrap = wrap
    }

    /// The bytes that make the terminal ready to draw every picture of
    /// this frame (their ids and sizes); nothing when it is.
    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        var output: [UInt8] = []
        for placement in buffer.placements where placed[placement.imageID] != placement.frame.size {
            if !transmitted.contains(placement.imageID) {
                guard let file = png(placement.imageID) else { continue }
                output += wrap(KittyGraphics.transmitPNG(file, imageID: placement.imageID, quiet: 2))
                transmitted.insert(placement.imageID)
            }
            output += wrap(KittyPlaceholders.virtualPlacement(imageID: placement.imageID, columns: placement.frame.width,
                                                              rows: placement.frame.height))
            placed[placement.imageID] = placement.frame.size
        }
        return output
    }

    /// The bytes that free every image sent (quitting); forgets them.
    public mutating func removeAll() -> [UInt8] {
        defer {
            transmitted = []
            placed = [:]
        }
        return transmitted.sorted().flatMap { wrap(KittyGraphics.deleteImage(imageID: $0)) }
    }
}
