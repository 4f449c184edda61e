/// Pictures as kitty graphics images, placed before the frame's cells.
///
/// Each image is transmitted the first time it is shown, and only
/// placements that appeared, moved, were cropped or went away cost bytes
/// (`KittyGraphics.update`). Every placement is clipped to the screen
/// first: a terminal moves a cursor sent below the screen onto the last
/// row, so a picture of a panel still sliding in would flash there.
///
/// Errors the terminal reports about pictures (they are not silenced)
/// come back through `readReply`: an image the terminal lost is sent
/// again once, one it refuses is given up on, and the caller draws it
/// another way.
public struct KittyImageOutput: PictureOutput {
    /// The PNG bytes for an image id.
    private let imageData: (UInt32) -> [UInt8]?
    private var shownPlacements: [PicturePlacement] = []
    private var transmittedImages: Set<UInt32> = []
    /// Images sent again after the terminal said it had lost them, since
    /// the last full repaint: losing one twice means giving up on it.
    private var resentImages: Set<UInt32> = []

    public init(imageData: @escaping (UInt32) -> [UInt8]?) {
        self.imageData = imageData
    }

    public mutating func beforeCells(_ buffer: Buffer, previous: Buffer?) -> [UInt8] {
        var output: [UInt8] = []
        if previous == nil && !shownPlacements.isEmpty {
            output += KittyGraphics.deleteAllPlacements()
            shownPlacements = []
        }
        guard !buffer.placements.isEmpty || !shownPlacements.isEmpty else { return output }
        let placements = buffer.placements.map { $0.clipped(to: buffer.bounds) }
        for placement in placements where placement.isVisible && !transmittedImages.contains(placement.imageID) {
            guard let data = imageData(placement.imageID) else { continue }
            output += KittyGraphics.transmitPNG(data, imageID: placement.imageID)
            transmittedImages.insert(placement.imageID)
        }
        output += KittyGraphics.update(from: shownPlacements, to: placements)
        shownPlacements = placements
        return output
    }

    /// The image sent and shown at once, its id the terminal's to choose
    /// (`KittyGraphics.showPNG`): nothing printed is placed again.
    public mutating func picture(_ placement: PicturePlacement) -> [UInt8] {
        guard let png = imageData(placement.imageID) else { return [] }
        return KittyGraphics.showPNG(png, columns: placement.frame.width, rows: placement.frame.height)
    }

    public mutating func forget() {
        resentImages = []
    }

    public mutating func removeAll() -> [UInt8] {
        guard !transmittedImages.isEmpty || !shownPlacements.isEmpty else { return [] }
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
        let id = answer.imageID
        transmittedImages.remove(id)
        if answer.message.hasPrefix("ENOENT"), resentImages.insert(id).inserted { return nil }
        return id
    }
}

/// The visible placements by key; the last one wins if a key repeats.
private func visibleByKey(_ placements: [PicturePlacement]) -> [PlacementKey: PicturePlacement] {
    var table: [PlacementKey: PicturePlacement] = [:]
    for placement in placements where placement.isVisible { table[placement.key] = placement }
    return table
}

/// The placements' own small diff: a picture that did not move costs
/// nothing; one that moved, was resized or became partly covered is placed
/// again under the same ids, which the terminal treats as a move (no
/// flicker); one that disappeared or became wholly covered is deleted. A
/// panel sliding up over a picture crops it row by row as it comes.
extension KittyGraphics {
    /// The bytes that change the pictures on screen from `old` (last
    /// frame's placements) to `new`: deletions first, then a cursor move
    /// and a placement for each picture that is new, moved, resized or
    /// cropped differently. Nothing for pictures that stayed as they were.
    /// The cursor is left wherever the last placement put it, so send
    /// these bytes before the frame's cells (which position the cursor
    /// themselves) or move the cursor afterwards.
    public static func update(from old: [PicturePlacement], to new: [PicturePlacement]) -> [UInt8] {
        let before = visibleByKey(old)
        let after = visibleByKey(new)
        var output: [UInt8] = []
        var deleted = Set<PlacementKey>()
        for placement in old where placement.isVisible && after[placement.key] == nil && deleted.insert(placement.key).inserted {
            // The last placement of its image goes without naming it: 4 bytes less.
            let others = after.keys.contains { $0.imageID == placement.imageID }
            output += deletePlacement(imageID: placement.imageID, placementID: others ? placement.placementID : nil)
        }
        var placed = Set<PlacementKey>()
        for placement in new where after[placement.key] == placement && placed.insert(placement.key).inserted {
            // The same picture, same place, same crop: nothing to send.
            if let previous = before[placement.key], previous.frame == placement.frame,
               previous.visible == placement.visible, previous.imageSize == placement.imageSize { continue }
            output += Array("\u{1B}[\(placement.visible.y + 1);\(placement.visible.x + 1)H".utf8)
            output += place(imageID: placement.imageID, placementID: placement.placementID,
                            columns: placement.visible.width, rows: placement.visible.height,
                            source: placement.sourceCrop)
        }
        return output
    }
}
