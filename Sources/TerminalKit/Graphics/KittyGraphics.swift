/// The kitty graphics protocol: escape sequences that show real images in
/// terminals that support it (kitty, WezTerm, Ghostty, Konsole, …), as
/// pure functions from arguments to bytes; the renderer sends them inside
/// its frame (`KittyImageOutput`).
///
/// **Detecting support.** Ask the terminal; never trust `TERM` (tmux,
/// ssh and terminals that borrow `xterm-kitty` all lie). `supportQuery`
/// asks about a 1×1 image, then for the primary device attributes, which
/// every terminal answers: one that shows images answers the image query
/// first, with `OK` (`answer(in:)`, read by `TerminalProbe`).
///
/// **Showing an image.** `transmitPNG` sends the PNG once under an id;
/// the terminal keeps it. `place` shows it at the cursor over a number of
/// columns and rows, `C=1` keeping the cursor where it was (at the bottom
/// edge, moving past the picture would scroll the screen). A placement is
/// not text: text written over it does not hide it, so the cells under it
/// are kept blank and the placements get their own diff (`update`).
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
    /// can read (behind tmux).
    public static func transmitPNG(_ png: [UInt8], imageID: UInt32, quiet: Int = 1) -> [UInt8] {
        precondition(imageID != 0, "kitty image ids start at 1")
        return chunked(png, keys: "a=t,f=100,i=\(imageID)", quiet: quiet)
    }

    /// Sends a PNG and shows it at once at the cursor, scaled to `columns ×
    /// rows` cells, the cursor staying where it was: for output that is
    /// printed and left behind (`roster show`), where no image is shown
    /// twice. The terminal picks the id and answers nothing (`q=2`), since
    /// nobody will read its answer.
    public static func showPNG(_ png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        chunked(png, keys: "a=T,f=100,c=\(max(1, columns)),r=\(max(1, rows)),C=1", quiet: 2)
    }

    /// The PNG in base64 chunks of at most `chunkLimit` bytes, `keys` on
    /// the first, `m=1` on all but the last.
    private static func chunked(_ png: [UInt8], keys: String, quiet: Int) -> [UInt8] {
        let encoded = Base64.encode(png)
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + (encoded.count / chunkLimit + 1) * 32)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkLimit)
            let more = end < encoded.count ? 1 : 0
            output += command(start == 0 ? "\(keys),q=\(quiet),m=\(more)" : "m=\(more),q=\(quiet)", payload: encoded[start..<end])
            start = end
        } while start < encoded.count
        return output
    }

    /// Shows image `imageID` at the cursor, scaled to `columns × rows`
    /// cells, as placement `placementID` of that image, reporting errors
    /// (`q=1`: an image the terminal freed answers `ENOENT`). Placing again with
    /// the same two ids moves or resizes the placement. `source`, in the
    /// image's pixels, shows only that part of it (a picture partly
    /// covered or partly off screen).
    public static func place(imageID: UInt32, placementID: UInt32, columns: Int, rows: Int, source: Rect? = nil) -> [UInt8] {
        precondition(imageID != 0 && placementID != 0, "kitty image and placement ids start at 1")
        var keys = "a=p,i=\(imageID),p=\(placementID)"
        if let source {
            keys += ",x=\(max(0, source.x)),y=\(max(0, source.y)),w=\(max(1, source.width)),h=\(max(1, source.height))"
        }
        keys += ",c=\(max(1, columns)),r=\(max(1, rows)),C=1"
        return command(keys + ",q=1")
    }

    /// Removes one placement from the screen (every one of the image's when
    /// `placementID` is nil); the image stays stored for placing again.
    public static func deletePlacement(imageID: UInt32, placementID: UInt32?) -> [UInt8] {
        command("a=d,d=i,i=\(imageID)" + (placementID.map { ",p=\($0)" } ?? "") + ",q=2")
    }

    /// Removes every placement of an image and frees its data.
    public static func deleteImage(imageID: UInt32) -> [UInt8] { command("a=d,d=I,i=\(imageID),q=2") }

    /// Removes every placement from the screen, keeping the stored images.
    public static func deleteAllPlacements() -> [UInt8] { command("a=d,d=a,q=2") }

    /// Removes every placement and frees every stored image.
    public static func deleteEverything() -> [UInt8] { command("a=d,d=A,q=2") }

    /// Asks whether the terminal can show images (a 1×1 RGB image, queried
    /// and not stored), then asks for the primary device attributes, which
    /// every terminal answers, so the reply always ends.
    public static let supportQuery: [UInt8] = imageQuery + Array("\u{1B}[c".utf8)

    /// The image query alone (`TerminalProbe` asks it with other questions).
    public static let imageQuery: [UInt8] = command("i=\(queryImageID),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8))

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

    static func command(_ keys: String) -> [UInt8] { [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8) + [0x1B, UInt8(ascii: "\\")] }

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
}
