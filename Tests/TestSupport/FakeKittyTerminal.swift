import TerminalKit

/// A terminal that keeps kitty graphics the way kitty does, for tests
/// that must catch what a real kitty would show without a display.
///
/// It reads the bytes a program writes and models the rules that have
/// bitten us on real terminals:
///
/// - **Clearing frees images.** `ESC [2J` (and `ESC [3J`, and entering the
///   alternate screen) deletes every placement and frees every stored
///   image, as kitty does. `ESC [J` from the home position does not.
/// - **Cursor moves are clamped.** `ESC [row;colH` beyond the screen lands
///   on the last row or column, so a placement meant for below the screen
///   is drawn on the last row.
/// - **Placing a freed id fails.** `a=p` for an image that is not stored
///   places nothing and answers `ENOENT` (unless `q=2` silences it).
/// - **Frames.** `a=f` adds a frame to a stored image, `a=a,c=N` makes
///   frame N the one its placements show (`shownData(of:)`), as kitty's
///   animation protocol does; a missing image or frame answers `ENOENT`.
///
/// Text is not kept; only the cursor, the stored images, the placements
/// and the replies the terminal would send back.
public final class FakeKittyTerminal {
    public struct Placement: Hashable, Sendable {
        public var imageID: UInt32
        public var placementID: UInt32
        /// Top-left cell and size in cells, after the terminal's clamping.
        public var column: Int
        public var row: Int
        public var columns: Int
        public var rows: Int
        /// The cursor move before it asked for a cell off the screen,
        /// and the terminal put it on the edge instead.
        public var clamped: Bool

        /// Whether all of it lies on a screen of this size.
        public func fits(width: Int, height: Int) -> Bool {
            !clamped && column + columns <= width && row + rows <= height
        }

        /// The rows the picture covers on screen.
        public var rowRange: Range<Int> { row..<(row + rows) }
    }

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cursor: (column: Int, row: Int) = (0, 0)
    /// Image ids stored, with the size of their data in bytes.
    public private(set) var storedImages: [UInt32: Int] = [:]
    public private(set) var placements: [Placement] = []
    /// Every reply the terminal would have sent, in order.
    public private(set) var replies: [[UInt8]] = []
    /// Every error message the terminal produced, replied or silenced.
    public private(set) var errors: [String] = []
    /// Every placement command, as placed (for checking each frame of a slide).
    public private(set) var placementHistory: [Placement] = []

    private var pending: [UInt8] = []
    private var cursorClamped = false
    private var chunked: (id: UInt32, data: [UInt8], quiet: Int, action: String)?
    /// Each stored image's frames (the payload as sent), the root first.
    public private(set) var frames: [UInt32: [[UInt8]]] = [:]
    /// The 1-based frame each image shows.
    public private(set) var currentFrame: [UInt32: Int] = [:]
    /// The animation state each image was last given (`s=`).
    public private(set) var animationState: [UInt32: Int] = [:]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The window changed size. Kitty keeps images and placements.
    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        cursor = (min(cursor.column, width - 1), min(cursor.row, height - 1))
    }

    /// Replies the program has not read yet, taken.
    public func takeReplies() -> [[UInt8]] {
        defer { replies = [] }
        return replies
    }

    /// Placements whose image is stored: what the screen really shows.
    public var visiblePlacements: [Placement] {
        placements.filter { storedImages[$0.imageID] != nil }
    }

    /// What a placement shows: the payload of its image's current frame.
    public func shownData(of placement: Placement) -> [UInt8]? {
        guard let list = frames[placement.imageID], let current = currentFrame[placement.imageID],
              list.indices.contains(current - 1) else { return nil }
        return list[current - 1]
    }

    /// Feeds what the program wrote.
    public func write(_ bytes: [UInt8]) {
        pending += bytes
        EscapeTokenizer.consume(&pending) { token in
            switch token {
            case .controlSequence(let parameters, let final): control(Array(parameters), final: final)
            case .string(UInt8(ascii: "_"), let body) where body.first == UInt8(ascii: "G"): graphics(Array(body.dropFirst()))
            default: break
            }
        }
    }

    private func control(_ parameters: [UInt8], final: UInt8) {
        let text = String(decoding: parameters, as: UTF8.self)
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"):
            let row = (numbers.first ?? nil) ?? 1
            let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
            cursor = (max(0, min(width - 1, column - 1)), max(0, min(height - 1, row - 1)))
            cursorClamped = row > height || column > width || row < 1 || column < 1
        case UInt8(ascii: "C"):
            cursor.column = min(width - 1, cursor.column + max(1, (numbers.first ?? nil) ?? 1))
            cursorClamped = false
        case UInt8(ascii: "J"):
            let mode = (numbers.first ?? nil) ?? 0
            if mode == 2 || mode == 3 { freeEverything() }
        case UInt8(ascii: "h"):
            if text == "?1049" || text == "?47" || text == "?1047" { freeEverything() }
        default:
            break
        }
    }

    private func freeEverything() {
        storedImages = [:]
        placements = []
        frames = [:]
        currentFrame = [:]
    }

    private func graphics(_ body: [UInt8]) {
        let parts = body.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: UInt8(ascii: ",")) {
            let items = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            guard items.count == 2 else { continue }
            keys[String(decoding: items[0], as: UTF8.self)] = String(decoding: items[1], as: UTF8.self)
        }
        let payload = parts.count > 1 ? Array(parts[1]) : []
        let quiet = Int(keys["q"] ?? "") ?? 0
        // A continuation chunk carries only m (and q).
        if let chunk = chunked, keys["a"] == nil, keys["i"] == nil {
            chunked = (chunk.id, chunk.data + payload, max(chunk.quiet, quiet), chunk.action)
            if keys["m"] != "1" {
                store(chunk.data + payload, id: chunk.id, action: chunk.action, quiet: chunk.quiet)
                chunked = nil
            }
            return
        }
        let id = UInt32(keys["i"] ?? "") ?? 0
        switch keys["a"] ?? "t" {
        case "q":
            reply(id: id, placement: nil, "OK", quiet: quiet, isError: false)
        case "t", "T", "f":
            let action = keys["a"] ?? "t"
            if keys["m"] == "1" {
                chunked = (id, payload, quiet, action)
            } else {
                store(payload, id: id, action: action, quiet: quiet)
            }
            if keys["a"] == "T" { place(id: id, keys: keys, quiet: quiet) }
        case "a":
            animate(id: id, keys: keys, quiet: quiet)
        case "p":
            place(id: id, keys: keys, quiet: quiet)
        case "d":
            delete(keys)
        default:
            reply(id: id, placement: nil, "EINVAL:unknown action", quiet: quiet, isError: true)
        }
    }

    /// A whole image (`a=t`) or a new frame of a stored one (`a=f`).
    private func store(_ data: [UInt8], id: UInt32, action: String, quiet: Int) {
        guard action == "f" else {
            storedImages[id] = data.count
            frames[id] = [data]
            currentFrame[id] = 1
            return
        }
        guard storedImages[id] != nil else {
            reply(id: id, placement: nil, "ENOENT:No image with id: \(id) found", quiet: quiet, isError: true)
            return
        }
        storedImages[id, default: 0] += data.count
        frames[id, default: []].append(data)
    }

    private func animate(id: UInt32, keys: [String: String], quiet: Int) {
        guard storedImages[id] != nil, let list = frames[id] else {
            reply(id: id, placement: nil, "ENOENT:No image with id: \(id) found", quiet: quiet, isError: true)
            return
        }
        if let state = Int(keys["s"] ?? "") { animationState[id] = state }
        if let frame = Int(keys["c"] ?? ""), frame > 0 {
            guard frame <= list.count else {
                reply(id: id, placement: nil, "ENOENT:No frame number \(frame) found", quiet: quiet, isError: true)
                return
            }
            currentFrame[id] = frame
        }
        reply(id: id, placement: nil, "OK", quiet: quiet, isError: false)
    }

    private func place(id: UInt32, keys: [String: String], quiet: Int) {
        let placementID = UInt32(keys["p"] ?? "") ?? 0
        guard storedImages[id] != nil else {
            reply(id: id, placement: placementID, "ENOENT:Put command refers to non-existent image with id: \(id)",
                  quiet: quiet, isError: true)
            return
        }
        let placement = Placement(imageID: id, placementID: placementID, column: cursor.column, row: cursor.row,
                                  columns: Int(keys["c"] ?? "") ?? 1, rows: Int(keys["r"] ?? "") ?? 1,
                                  clamped: cursorClamped)
        placements.removeAll { $0.imageID == id && $0.placementID == placementID && placementID != 0 }
        placements.append(placement)
        placementHistory.append(placement)
        reply(id: id, placement: placementID, "OK", quiet: quiet, isError: false)
    }

    private func delete(_ keys: [String: String]) {
        let id = UInt32(keys["i"] ?? "") ?? 0
        let placementID = UInt32(keys["p"] ?? "")
        switch keys["d"] ?? "a" {
        case "a":
            placements = []
        case "A":
            freeEverything()
        case "i":
            placements.removeAll { $0.imageID == id && (placementID == nil || $0.placementID == placementID) }
        case "I":
            placements.removeAll { $0.imageID == id }
            storedImages[id] = nil
            frames[id] = nil
            currentFrame[id] = nil
        default:
            break
        }
    }

    /// `q=1` silences OK, `q=2` silences errors too.
    private func reply(id: UInt32, placement: UInt32?, _ message: String, quiet: Int, isError: Bool) {
        if isError { errors.append(message) }
        guard quiet == 0 || (quiet == 1 && isError) else { return }
        var keys = "i=\(id)"
        if let placement, placement != 0 { keys += ",p=\(placement)" }
        replies.append(Array("\u{1B}_G\(keys);\(message)\u{1B}\\".utf8))
    }
}
