import TerminalKit

/// A terminal that shows iTerm2 inline images the way iTerm2 and WezTerm
/// do, for tests that must catch what they would show without one.
///
/// It keeps a grid of cells, each holding text or one cell's part of an
/// image, and models the rules that matter:
///
/// - **An image is cell content.** `OSC 1337 ; File = … : base64 BEL`
///   with `inline=1` fills `width × height` cells from the cursor (cut at
///   the right edge); text written into a cell replaces its part of the
///   image; `ESC [ J` and `ESC [ 2J` clear cells, images included.
/// - **The cursor goes below the image.** On the last row that scrolls
///   the screen, which `scrolls` counts.
/// - **Cursor moves are clamped** to the screen.
/// - **The sequence is checked against iTerm2's documentation**: only its
///   keys (`name`, `size`, `width`, `height`, `preserveAspectRatio`,
///   `inline`), `size` equal to the file's length, sizes as `N`, `Npx`,
///   `N%` or `auto`, the base64 well formed. Anything else is recorded in
///   `errors`.
public final class FakeInlineImageTerminal {
    /// One image as it arrived.
    public struct Shown: Sendable {
        /// The file's bytes, decoded from base64.
        public var file: [UInt8]
        public var arguments: [String: String]
        public var column: Int
        public var row: Int
        public var columns: Int
        public var rows: Int
    }

    public enum Content: Hashable, Sendable {
        case text(String)
        /// The cell at `column`, `row` of image number `image` (an index
        /// into `images`).
        case image(image: Int, column: Int, row: Int)
    }

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cursor: (column: Int, row: Int) = (0, 0)
    public private(set) var cells: [[Content]]
    /// Every image drawn, in order.
    public private(set) var images: [Shown] = []
    public private(set) var errors: [String] = []
    /// Times an image pushed the cursor below the last row.
    public private(set) var scrolls = 0
    private let characterWidth: (Character) -> Int
    private var pending: [UInt8] = []

    public init(width: Int, height: Int, characterWidth: @escaping (Character) -> Int = { _ in 1 }) {
        self.width = width
        self.height = height
        self.characterWidth = characterWidth
        cells = Array(repeating: Array(repeating: .text(" "), count: width), count: height)
    }

    /// The window changed size: cells are kept where they fit.
    public func resize(width: Int, height: Int) {
        var grid = Array(repeating: Array(repeating: Content.text(" "), count: width), count: height)
        for row in 0..<min(height, self.height) {
            for column in 0..<min(width, self.width) { grid[row][column] = cells[row][column] }
        }
        cells = grid
        self.width = width
        self.height = height
        cursor = (min(cursor.column, width - 1), min(cursor.row, height - 1))
    }

    /// Which image cells each screen cell shows: the cells of image
    /// `image` on screen, as a set of positions.
    public func cells(ofImage image: Int) -> [(column: Int, row: Int, imageColumn: Int, imageRow: Int)] {
        var found: [(Int, Int, Int, Int)] = []
        for row in 0..<height {
            for column in 0..<width {
                if case .image(image, let imageColumn, let imageRow) = cells[row][column] {
                    found.append((column, row, imageColumn, imageRow))
                }
            }
        }
        return found.map { (column: $0.0, row: $0.1, imageColumn: $0.2, imageRow: $0.3) }
    }

    /// The screen positions that show any part of any image.
    public var imageCells: Set<[Int]> {
        var found = Set<[Int]>()
        for row in 0..<height {
            for column in 0..<width {
                if case .image = cells[row][column] { found.insert([column, row]) }
            }
        }
        return found
    }

    /// Feeds what the program wrote.
    public func write(_ bytes: [UInt8]) {
        pending += bytes
        // Combining marks that follow a character belong to its cell.
        var character: [UInt8] = []
        func putCharacter() {
            if !character.isEmpty { put(String(decoding: character, as: UTF8.self)) }
            character = []
        }
        EscapeTokenizer.consume(&pending) { token in
            if case .text(let bytes) = token {
                if !(bytes.first == 0xCC || bytes.first == 0xCD) || character.isEmpty { putCharacter() }
                character += bytes
                return
            }
            putCharacter()
            switch token {
            case .controlSequence(let parameters, let final): control(Array(parameters), final: final)
            case .control(0x0D): cursor.column = 0
            case .control(0x0A): cursor.row = min(height - 1, cursor.row + 1)
            case .string(UInt8(ascii: "]"), let body): operatingSystemCommand(Array(body))
            default: break
            }
        }
        putCharacter()
    }

    private func put(_ text: String) {
        let cellWidth = max(1, text.first.map(characterWidth) ?? 1)
        guard cursor.row < height, cursor.column < width else { return }
        cells[cursor.row][cursor.column] = .text(text)
        for extra in 1..<max(2, cellWidth) where cellWidth > 1 && cursor.column + extra < width {
            cells[cursor.row][cursor.column + extra] = .text("")
        }
        // Autowrap is off: the cursor stays on the last column.
        cursor.column = min(width - 1, cursor.column + cellWidth)
    }

    private func control(_ parameters: [UInt8], final: UInt8) {
        let text = String(decoding: parameters, as: UTF8.self)
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"):
            let row = (numbers.first ?? nil) ?? 1
            let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
            cursor = (max(0, min(width - 1, column - 1)), max(0, min(height - 1, row - 1)))
        case UInt8(ascii: "C"):
            cursor.column = min(width - 1, cursor.column + max(1, (numbers.first ?? nil) ?? 1))
        case UInt8(ascii: "D"):
            cursor.column = max(0, cursor.column - max(1, (numbers.first ?? nil) ?? 1))
        case UInt8(ascii: "G"):
            cursor.column = min(width - 1, max(1, (numbers.first ?? nil) ?? 1) - 1)
        case UInt8(ascii: "A"):
            cursor.row = max(0, cursor.row - max(1, (numbers.first ?? nil) ?? 1))
        case UInt8(ascii: "B"):
            cursor.row = min(height - 1, cursor.row + max(1, (numbers.first ?? nil) ?? 1))
        case UInt8(ascii: "J"):
            let mode = (numbers.first ?? nil) ?? 0
            for row in 0..<height {
                for column in 0..<width {
                    let after = row > cursor.row || (row == cursor.row && column >= cursor.column)
                    if mode == 2 || mode == 3 || (mode == 0 && after) || (mode == 1 && !after) { cells[row][column] = .text(" ") }
                }
            }
        default:
            break
        }
    }

    private func operatingSystemCommand(_ body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("1337;File=") else { return }
        let rest = text.dropFirst("1337;File=".count)
        guard let colon = rest.firstIndex(of: ":") else {
            errors.append("no colon before the file's contents")
            return
        }
        var arguments: [String: String] = [:]
        for pair in rest[..<colon].split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                errors.append("argument `\(pair)` is not key=value")
                continue
            }
            let key = String(parts[0])
            if !["name", "size", "width", "height", "preserveAspectRatio", "inline"].contains(key) {
                errors.append("`\(key)` is not a documented argument")
            }
            arguments[key] = String(parts[1])
        }
        guard let file = Self.base64Decode(Array(rest[rest.index(after: colon)...].utf8)) else {
            errors.append("the contents are not base64")
            return
        }
        if let size = arguments["size"], Int(size) != file.count {
            errors.append("size=\(size) but the file has \(file.count) bytes")
        }
        guard arguments["inline"] == "1" else { return }
        guard let columns = cells(arguments["width"], along: width), let rows = cells(arguments["height"], along: height) else {
            errors.append("this fake knows the sizes only in cells, given \(arguments)")
            return
        }
        let number = images.count
        images.append(Shown(file: file, arguments: arguments, column: cursor.column, row: cursor.row, columns: columns, rows: rows))
        for row in 0..<rows where cursor.row + row < height {
            for column in 0..<columns where cursor.column + column < width {
                cells[cursor.row + row][cursor.column + column] = .image(image: number, column: column, row: row)
            }
        }
        let below = cursor.row + rows
        if below >= height { scrolls += 1 }
        cursor.row = min(height - 1, below)
    }

    /// A size argument in cells; nil for the forms this fake does not draw.
    private func cells(_ value: String?, along extent: Int) -> Int? {
        guard let value else { return nil }
        if let cells = Int(value), cells > 0 { return cells }
        if value.hasSuffix("%") || value.hasSuffix("px") || value == "auto" {
            errors.append("size `\(value)` is documented but not in cells")
            return nil
        }
        errors.append("size `\(value)` is not N, Npx, N% or auto")
        return nil
    }

    static func base64Decode(_ text: [UInt8]) -> [UInt8]? {
        func value(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): return 62
            case UInt8(ascii: "/"): return 63
            default: return nil
            }
        }
        guard text.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < text.count {
            let group = text[index..<(index + 4)]
            let padding = group.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, index + 4 == text.count || padding == 0 else { return nil }
            var bits: UInt32 = 0
            for byte in group.prefix(4 - padding) {
                guard let sextet = value(byte) else { return nil }
                bits = bits << 6 | sextet
            }
            bits <<= UInt32(6 * padding)
            let bytes = [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
            output += bytes.prefix(3 - padding)
            index += 4
        }
        return output
    }
}
