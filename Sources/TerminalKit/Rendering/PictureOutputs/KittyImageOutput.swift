/// Pictures as kitty graphics images, placed before the frame's cells.
///
/// Each image is transmitted the first time it is shown, and only
/// placements that appeared, moved, were cropped or went away cost bytes
/// (`KittyGraphics.update`). Every placement is clipped to the screen
/// first: a terminal moves a cursor sent below the screen onto the last
/// row, so a picture of a panel still sliding in would flash there. Where
/// the terminal keeps animation frames (kitty itself), each place's
/// pictures are frames of one image (`KittyFrameReels`).
///
/// Errors the terminal reports about pictures (they are not silenced)
/// come back through `readReply`: an image the terminal lost is sent
/// again once, one it refuses is given up on, and the caller draws it
/// another way.
public struct KittyImageOutput: PictureOutput {
    /// The PNG bytes for an image id.
    private let imageData: (UInt32) -> [UInt8]?
    /// Set when the terminal keeps animation frames.
    public var frameReels: KittyFrameReels?
    private var shownPlacements: [KittyPlacement] = []
    private var transmittedImages: Set<UInt32> = []
    /// Images sent again after the terminal said it had lost them, since
    /// the last full repaint: losing one twice means giving up on it.
    private var resentImages: Set<UInt32> = []

    public init(imageData: @escaping (UInt32) -> [UInt8]?, frameReels: KittyFrameReels? = nil) {
        self.imageData = imageData
        self.frameReels = frameReels
    }

    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        var output: [UInt8] = []
        if previous == nil && !shownPlacements.isEmpty {
            output += KittyGraphics.deleteAllPlacements()
            shownPlacements = []
        }
        guard !buffer.placements.isEmpty || !shownPlacements.isEmpty else { return output }
        let placements = buffer.placements.map { $0.clipped(to: buffer.bounds) }
        if frameReels != nil, let reels = frameReels?.map(placements, png: imageData) {
            output += reels.bytes
            output += KittyGraphics.update(from: shownPlacements, to: reels.placements)
            shownPlacements = reels.placements
            return output
        }
        for placement in placements where placement.isVisible && !transmittedImages.contains(placement.imageID) {
            guard let data = imageData(placement.imageID) else { continue }
            output += KittyGraphics.transmitPNG(data, imageID: placement.imageID)
            transmittedImages.insert(placement.imageID)
        }
        output += KittyGraphics.update(from: shownPlacements, to: placements)
        shownPlacements = placements
        return output
    }

    public mutating func forget() {
        resentImages = []
    }

    public mutating func removeAll() -> [UInt8] {
        let hadReels = frameReels?.isEmpty == false
        frameReels?.forgetAll()
        guard !transmittedImages.isEmpty || !shownPlacements.isEmpty || hadReels else { return [] }
        shownPlacements = []
        transmittedImages = []
        return KittyGraphics.deleteEverything()
    }

    /// A kitty graphics error about an image the terminal no longer has
    /// (`ENOENT`) makes the next frame send the image again and place it;
    /// any other error, or losing it again, returns the image id.
    public mutating func readReply(_ reply: [UInt8]) -> UInt32? {
        guard let answer = KittyGraphics.answer(in: reply), answer.message != "OK", answer.imageID != 0 else { return nil }
        shownPlacements.removeAll { $0.imageID == answer.imageID }
        var id = answer.imageID
        if KittyFrameReels.isReel(id) {
            // A reel already forgotten (an error about it came before) says nothing new.
            guard let picture = frameReels?.forget(reel: id) else { return nil }
            id = picture
        }
        transmittedImages.remove(id)
        if answer.message.hasPrefix("ENOENT"), resentImages.insert(id).inserted { return nil }
        return id
    }
}
