/// Kitty pictures kept as animation frames, one image per place on
/// screen, so that changing the picture in a place costs one frame switch.
///
/// Shown the plain way, a place whose picture changes (the selected
/// monster's icon, when the selection moves) costs a deletion of the old
/// placement and a placement of the new image: about 66 bytes. Kept as
/// frames, each place (a placement id, for pictures of one pixel size) is
/// one terminal image, a *reel*: the first picture shown there is its root
/// frame, every other picture is added once as a frame of it (`a=f`), and
/// showing a picture again makes its frame the current one (`a=a,c=N`,
/// about 20 bytes). The placement itself stays where it is, and the
/// terminal redraws it with the new frame.
///
/// Only kitty itself is known to keep frames: Konsole, Ghostty and WezTerm
/// answer the image query but do not all animate, so the run loop turns
/// reels on only when the terminal names itself kitty (XTVERSION).
///
/// The reels are the terminal's images; the pictures stay the caller's.
/// `map` turns a frame's placements of pictures into placements of reels
/// (what `KittyGraphics.update` then keeps in step) and returns the bytes
/// that upload missing frames and switch frames; an error the terminal
/// reports about a reel is turned back into the picture it was showing
/// (`picture(forReel:)`), which the caller then draws another way.
public struct KittyFrameReels {
    /// Reel ids start here, above the pictures' own ids (1, 2, 3…, one
    /// per picture file), so a reply says at once which kind of image it
    /// is about; four digits, since every frame switch spells the id.
    public static let firstReelID: UInt32 = 1000

    private struct ReelKey: Hashable {
        let placementID: UInt32
        let imageSize: Size
    }

    private struct Reel {
        let id: UInt32
        /// Picture id → 1-based frame number.
        var frames: [UInt32: Int] = [:]
        /// The frame the terminal shows; 1 (the root) after the first upload.
        var current = 1
        /// Whether the animation was told to stay stopped.
        var stopped = false
        var pictureShown: UInt32?
    }

    private var reels: [ReelKey: Reel] = [:]
    private var nextID = firstReelID

    public init() {}

    /// The first kitty that keeps and switches frames (its animation protocol).
    static let firstFramesKitty = [0, 20, 0]

    /// Whether the terminal that answered XTVERSION with `terminalName`
    /// is known to keep frames: kitty 0.20 or later.
    public static func supported(terminalName: String?) -> Bool {
        guard let name = terminalName, name.hasPrefix("kitty("), name.hasSuffix(")") else { return false }
        let version = name.dropFirst("kitty(".count).dropLast().split(separator: ".").map { Int($0) ?? 0 }
        return version.lexicographicallyPrecedes(firstFramesKitty) == false
    }

    /// Whether `imageID` names a reel rather than a picture.
    public static func isReel(_ imageID: UInt32) -> Bool { imageID >= firstReelID }

    /// The placements of reels that show `placements` (pictures), and the
    /// bytes to send before placing them: uploads of frames the terminal
    /// lacks and switches to the frames wanted. `png` gives a picture's
    /// bytes; a picture without any is left out.
    public mutating func map(_ placements: [KittyPlacement], png: (UInt32) -> [UInt8]?) -> (placements: [KittyPlacement], bytes: [UInt8]) {
        var mapped: [KittyPlacement] = []
        var bytes: [UInt8] = []
        for placement in placements {
            let key = ReelKey(placementID: placement.placementID, imageSize: placement.imageSize)
            var reel = reels[key] ?? Reel(id: allocateID())
            if placement.isVisible {
                if reel.frames[placement.imageID] == nil {
                    guard let data = png(placement.imageID) else { continue }
                    if reel.frames.isEmpty {
                        bytes += KittyGraphics.transmitPNG(data, imageID: reel.id)
                        reel.frames[placement.imageID] = 1
                        reel.current = 1
                    } else {
                        // A frame of its own on a blank canvas, its pixels
                        // copied as they are (`X=1`), not blended.
                        bytes += KittyGraphics.transmitPNG(data, imageID: reel.id, action: "f", extraKeys: ",X=1")
                        reel.frames[placement.imageID] = reel.frames.count + 1
                    }
                }
                if let frame = reel.frames[placement.imageID], frame != reel.current {
                    bytes += KittyGraphics.showFrame(frame, imageID: reel.id, stop: !reel.stopped)
                    reel.current = frame
                    reel.stopped = true
                }
                reel.pictureShown = placement.imageID
            } else if reel.frames.isEmpty {
                // Nothing to place yet: no reel until it shows.
                continue
            }
            reels[key] = reel
            var onReel = placement
            onReel.imageID = reel.id
            mapped.append(onReel)
        }
        return (mapped, bytes)
    }

    /// The picture a reel showed last, for an error the terminal reported
    /// about it; the reel is forgotten, so the next frame builds it anew.
    public mutating func forget(reel id: UInt32) -> UInt32? {
        guard let entry = reels.first(where: { $0.value.id == id }) else { return nil }
        reels[entry.key] = nil
        return entry.value.pictureShown
    }

    /// No reel was made (or all were forgotten).
    public var isEmpty: Bool { reels.isEmpty }

    /// The terminal freed every image (quitting, suspending).
    public mutating func forgetAll() {
        reels = [:]
    }

    /// A new id for each reel made, so a late error about one that was
    /// forgotten is never taken for its successor.
    private mutating func allocateID() -> UInt32 {
        defer { nextID = nextID == UInt32.max ? Self.firstReelID : nextID + 1 }
        return nextID
    }
}

extension KittyGraphics {
    /// Makes frame `frame` (1-based) of `imageID` the one its placements
    /// show. `stop` also says the animation stays stopped (`s=1`), on the
    /// first switch: the protocol does not say that frames given no gap
    /// never play by themselves. Not quiet: kitty answers OK, which the
    /// input reads as a reply and `Renderer.readGraphicsReply` ignores,
    /// and an error, which it acts on; `q=1` would cost four bytes a move.
    public static func showFrame(_ frame: Int, imageID: UInt32, stop: Bool = false) -> [UInt8] {
        command("a=a,i=\(imageID),c=\(frame)\(stop ? ",s=1" : "")")
    }
}
