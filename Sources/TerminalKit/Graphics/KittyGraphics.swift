/// The kitty graphics protocol: escape sequences that show real images in
/// terminals that support it (kitty, WezTerm, Ghostty, Konsole, …), as
/// pure functions from arguments to bytes. Nothing here writes to the
/// terminal; the renderer sends these bytes inside its frame.
///
/// **Detecting support.** Ask the terminal; never trust `TERM` (tmux,
/// ssh and terminals that borrow `xterm-kitty` all lie). Send
/// `supportQuery`, which asks about a 1×1 image and then asks for the
/// primary device attributes (`ESC [ c`), which every terminal answers.
/// Read the reply up to the device-attributes response (`ESC [ ? … c`) with
/// a short timeout, and hand it to `kittyGraphicsSupported(reply:)`: a
/// terminal that supports the protocol answers the image query first, with
/// `OK`; one that does not, answers only the device attributes.
///
/// **Showing an image.** `transmitPNG` sends the PNG bytes once under an
/// image id the caller chooses (1…4294967295); the terminal keeps them.
/// `place` then shows that image at the cursor, scaled to a number of
/// columns and rows (`Image.cellSize(fitting:)` gives the same size half
/// blocks would take). The cursor goes to the top-left cell first
/// (`update(from:to:)` sends that move); `C=1` keeps the picture from
/// moving the cursor past itself, which at the bottom edge would scroll
/// the screen. Keep the cells under a placement blank in the
/// buffer (a space in the background colour), so that the half-block or
/// text fallback is never drawn beneath a real picture.
///
/// **Covering and moving.** A placement is not text: the diff renderer
/// does not see it, and text written over its cells does not hide it
/// (kitty draws images above text by default). So the renderer keeps last
/// frame's placements and, at each frame, before writing the frame's cells:
///
/// - lists the pictures it wants as `KittyPlacement`s, each clipped to
///   the part nothing covers (`clipped(to:)`: the screen, and the rows a
///   sliding panel, popover or overlay leaves free; a picture whose free
///   part is not one rectangle is hidden whole);
/// - sends `KittyGraphics.update(from: last, to: now)`, which deletes the
///   placements that went away or became wholly covered, and places again
///   (same ids, so the terminal moves it without flicker) each one that
///   moved, changed size or is cropped differently — a panel sliding up
///   over a picture crops it row by row, frame by frame;
/// - on leaving the alternate screen, suspending (Ctrl-Z) or quitting,
///   sends `deleteAllPlacements` (or `deleteEverything` to free the image
///   data too), and after resuming forgets `last`, so that everything
///   visible is placed again.
///
/// Placement commands change nothing the diff tracks, so they cost only
/// their own few dozen bytes; moving the selection in a list next to a
/// picture sends none at all.
public enum KittyGraphics {
    /// The most base64 bytes one escape sequence may carry.
    public static let chunkLimit = 4096

    /// The image id of the support query; no real image should use it.
    public static let queryImageID: UInt32 = 31

    /// Sends a PNG file's bytes to be kept under `imageID`, in chunks of at
    /// most 4096 base64 bytes (`m=1` on all but the last, `m=0` on the
    /// last). `q=1` keeps the terminal from saying OK but lets it report
    /// errors (a PNG it cannot decode, no room): the input decoder reads
    /// those as replies, never as keys, and `Renderer.readGraphicsReply`
    /// acts on them. It is repeated on every chunk because kitty reads it
    /// from the chunk that ends the transmission (kovidgoyal/kitty#3375).
    /// `quiet: 2` silences errors too, for a terminal whose answers nobody
    /// can read (behind tmux). `action: "f"` sends the PNG as a new
    /// animation frame of an image already stored (`KittyFrameReels`),
    /// with `extraKeys` (`,X=1`) on the first chunk.
    public static func transmitPNG(_ png: [UInt8], imageID: UInt32, quiet: Int = 1, action: String = "t",
                                   extraKeys: String = "") -> [UInt8] {
        precondition(imageID != 0, "kitty image ids start at 1")
        let encoded = Base64.encode(png)
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + (encoded.count / chunkLimit + 1) * 32)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkLimit)
            let more = end < encoded.count
            let keys = start == 0
                ? "a=\(action),f=100,i=\(imageID)\(extraKeys),q=\(quiet),m=\(more ? 1 : 0)"
                : "m=\(more ? 1 : 0),q=\(quiet)"
            output += command(keys, payload: encoded[start..<end])
            start = end
        } while start < encoded.count
        return output
    }

    /// Sends a PNG and shows it at once at the cursor, scaled to `columns ×
    /// rows` cells, the cursor staying where it was: for output that is
    /// printed and left behind (`roster show`), where no image is shown
    /// twice. The terminal picks the id and answers nothing (`q=2`), since
    /// nobody will read its answer.
    public static func showPNG(_ png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let encoded = Base64.encode(png)
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkLimit)
            let more = end < encoded.count
            let keys = start == 0
                ? "a=T,f=100,c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2,m=\(more ? 1 : 0)"
                : "m=\(more ? 1 : 0),q=2"
            output += command(keys, payload: encoded[start..<end])
            start = end
        } while start < encoded.count
        return output
    }

    /// Shows image `imageID` at the cursor, scaled to `columns × rows`
    /// cells, as placement `placementID` of that image, reporting errors
    /// (`q=1`: an image the terminal freed answers `ENOENT`). Placing again with
    /// the same two ids moves or resizes the placement. `source`, in the
    /// image's pixels, shows only that part of it (a picture partly
    /// covered or partly off screen). `zIndex` below 0 draws the image
    /// under text.
    public static func place(imageID: UInt32, placementID: UInt32, columns: Int, rows: Int,
                             source: Rect? = nil, zIndex: Int32 = 0) -> [UInt8] {
        precondition(imageID != 0 && placementID != 0, "kitty image and placement ids start at 1")
        var keys = "a=p,i=\(imageID),p=\(placementID)"
        if let source {
            keys += ",x=\(max(0, source.x)),y=\(max(0, source.y)),w=\(max(1, source.width)),h=\(max(1, source.height))"
        }
        keys += ",c=\(max(1, columns)),r=\(max(1, rows)),C=1"
        if zIndex != 0 { keys += ",z=\(zIndex)" }
        return command(keys + ",q=1")
    }

    /// Removes one placement from the screen; the image stays stored for
    /// placing again.
    public static func deletePlacement(imageID: UInt32, placementID: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(imageID),p=\(placementID),q=2")
    }

    /// Removes every placement of an image and frees its data.
    public static func deleteImage(imageID: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(imageID),q=2")
    }

    /// Removes every placement from the screen, keeping the stored images.
    public static func deleteAllPlacements() -> [UInt8] {
        command("a=d,d=a,q=2")
    }

    /// Removes every placement and frees every stored image.
    public static func deleteEverything() -> [UInt8] {
        command("a=d,d=A,q=2")
    }

    /// Asks whether the terminal can show images (a 1×1 RGB image, queried
    /// and not stored), then asks for the primary device attributes, which
    /// every terminal answers, so the reply always ends.
    public static let supportQuery: [UInt8] = imageQuery + Array("\u{1B}[c".utf8)

    /// The image query alone (`TerminalProbe` asks it with other questions).
    public static let imageQuery: [UInt8] = command("i=\(queryImageID),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8))

    /// What the terminal said to `supportQuery`.
    public enum QueryReply: Hashable, Sendable {
        /// It answered the image query with OK.
        case supported
        /// It answered the image query with an error (the message is the
        /// terminal's own, e.g. `ENOTSUPPORTED:…`).
        case refused(String)
        /// It answered only the device attributes, or nothing at all.
        case unanswered
    }

    /// Reads the terminal's reply to `supportQuery`: only a graphics reply
    /// for the query's image id that comes before the device-attributes
    /// response counts.
    public static func queryReply(in reply: [UInt8]) -> QueryReply {
        var index = 0
        while index < reply.count {
            guard reply[index] == 0x1B, index + 1 < reply.count else {
                index += 1
                continue
            }
            let introducer = reply[index + 1]
            if introducer == UInt8(ascii: "["), endsDeviceAttributes(reply, from: index + 2) {
                return .unanswered
            }
            if introducer == UInt8(ascii: "_"), index + 2 < reply.count, reply[index + 2] == UInt8(ascii: "G"),
               let (body, next) = applicationCommand(reply, from: index + 3) {
                if let answer = graphicsAnswer(body) { return answer }
                index = next
                continue
            }
            index += 1
        }
        return .unanswered
    }

    /// A graphics reply from the terminal: the image it is about and what
    /// it said (`OK`, or an error such as `ENOENT:…`).
    public struct Answer: Hashable, Sendable {
        public var imageID: UInt32
        public var placementID: UInt32?
        public var message: String
    }

    /// The graphics answer in one reply (`ESC _ G i=…[,p=…];message ESC \`),
    /// or nil when the reply is something else.
    public static func answer(in reply: [UInt8]) -> Answer? {
        guard reply.count >= 3, reply[0] == 0x1B, reply[1] == UInt8(ascii: "_"), reply[2] == UInt8(ascii: "G"),
              let (body, _) = applicationCommand(reply, from: 3) else { return nil }
        let parts = body.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        var answer = Answer(imageID: 0, placementID: nil, message: parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "")
        for pair in parts[0].split(separator: UInt8(ascii: ",")) {
            let text = String(decoding: pair, as: UTF8.self)
            if text.hasPrefix("i=") { answer.imageID = UInt32(text.dropFirst(2)) ?? 0 }
            if text.hasPrefix("p=") { answer.placementID = UInt32(text.dropFirst(2)) }
        }
        return answer
    }

    // MARK: Building and reading sequences

    /// `ESC _ G <keys> [; <payload>] ESC \`.
    static func command<Payload: Collection<UInt8>>(_ keys: String, payload: Payload) -> [UInt8] {
        [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8) + [UInt8(ascii: ";")] + payload + [0x1B, UInt8(ascii: "\\")]
    }

    static func command(_ keys: String) -> [UInt8] {
        [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8) + [0x1B, UInt8(ascii: "\\")]
    }

    /// Whether the CSI starting at `start` is a device-attributes response
    /// (`? digits ; … c`).
    private static func endsDeviceAttributes(_ bytes: [UInt8], from start: Int) -> Bool {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "?") else { return false }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "c") { return true }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";") else { return false }
            index += 1
        }
        return false
    }

    /// The body of an APC string starting at `start`, up to its string
    /// terminator (`ESC \`, or BEL, which some terminals send), and the
    /// index after the terminator; nil if it never ends.
    private static func applicationCommand(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x07 { return (Array(bytes[start..<index]), index + 1) }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                return (Array(bytes[start..<index]), index + 2)
            }
            index += 1
        }
        return nil
    }

    /// `i=31;OK` → supported; `i=31;EINVAL:…` → refused; another id → nil.
    private static func graphicsAnswer(_ body: [UInt8]) -> QueryReply? {
        let parts = body.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts[0].split(separator: UInt8(ascii: ","))
        guard keys.contains(where: { Array($0) == Array("i=\(queryImageID)".utf8) }) else { return nil }
        let message = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
        return message == "OK" ? .supported : .refused(message)
    }
}

/// Whether the terminal's reply to `KittyGraphics.supportQuery` says it
/// can show images. The reply is what came back up to and including the
/// device-attributes response; an empty reply (a timeout) means no.
public func kittyGraphicsSupported(reply: [UInt8]) -> Bool {
    KittyGraphics.queryReply(in: reply) == .supported
}
