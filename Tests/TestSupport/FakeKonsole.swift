import TerminalKit

/// A terminal that shows sixel pictures the way Konsole 22.12 does, for
/// tests that must catch what it would show without a display. Its rules,
/// seen in a real Konsole under Xvfb (a sixel with a hole, text over it,
/// the same sixel twice, the kitty delete, ED 2):
///
/// - **A sixel is a picture laid over the cells**, not pixels painted into
///   them: text written over it later is drawn on top and does not erase
///   it, so a picture stays until it is deleted.
/// - **Pixels the sixel leaves unset are colour register 0**, whatever P2
///   says: the picture is opaque over its whole raster (`" 1;1;W;H`).
/// - **A colour definition followed by `-` or `$` is lost** (its parser
///   resets on those first, as Konsole's source shows): the register
///   keeps the VT340 colour every sixel starts with.
/// - **Painting it blanks the text** of the cells it covers, `h` rounded
///   up to a whole band of six pixels, and of the column right of them
///   whatever its width (seen: a 16 × 34 pixel sixel on 8 × 17 cells
///   blanked 3 columns and 3 rows; 28 to 32 pixels wide, 5 columns). The cursor then goes to its last row and a line feed follows,
///   which scrolls the screen from the last row.
/// - **A picture laid over the whole of an older one replaces it.**
/// - **The kitty delete command** (`ESC _ G a=d … ESC \`) removes every
///   picture, sixel ones included; ED 2 clears the text and every picture.
///
/// Pictures are kept in the order they were painted; a pixel on screen is
/// the newest picture's there.
public final class FakeKonsole {
    public let width: Int
    public let height: Int
    public let cellSize: (width: Int, height: Int)
    public private(set) var cursor: (column: Int, row: Int) = (0, 0)
    /// How many times a picture scrolled the screen.
    public private(set) var scrolls = 0

    /// One sixel as Konsole keeps it: where its top left cell is, and its
    /// pixels' colours, row by row.
    public struct Picture {
        public let column: Int
        public let row: Int
        public let width: Int
        public let height: Int
        public let pixels: [RGBA]

        /// The cells it lies over.
        public var cells: (columns: Range<Int>, rows: Range<Int>) { (column..<(column + cellsWide), row..<(row + cellsHigh)) }
        var cellsWide = 0
        var cellsHigh = 0
    }

    public private(set) var pictures: [Picture] = []
    private var text: [Character]
    private var pending: [UInt8] = []

    public init(width: Int, height: Int, cellSize: (width: Int, height: Int) = (8, 16)) {
        self.width = width
        self.height = height
        self.cellSize = cellSize
        text = Array(repeating: " ", count: width * height)
    }

    /// The text on a row (under any picture).
    public func line(_ row: Int) -> String {
        String(text[(row * width)..<((row + 1) * width)])
    }

    /// The colour shown at a pixel of the screen, if a picture lies there.
    public func pictureColour(x: Int, y: Int) -> RGBA? {
        for picture in pictures.reversed() {
            let left = picture.column * cellSize.width, top = picture.row * cellSize.height
            guard x >= left, y >= top, x < left + picture.width, y < top + picture.height else { continue }
            return picture.pixels[(y - top) * picture.width + (x - left)]
        }
        return nil
    }

    /// How many pixels of the cells given show a picture in a colour
    /// `matching` accepts (any colour, by default).
    public func picturePixels(columns: Range<Int>, rows: Range<Int>, matching: (RGBA) -> Bool = { _ in true }) -> Int {
        var count = 0
        for y in (rows.lowerBound * cellSize.height)..<(rows.upperBound * cellSize.height) {
            for x in (columns.lowerBound * cellSize.width)..<(columns.upperBound * cellSize.width) {
                if let shown = pictureColour(x: x, y: y), matching(shown) { count += 1 }
            }
        }
        return count
    }

    /// Feeds what the program wrote.
    public func write(_ bytes: [UInt8]) {
        pending += bytes
        EscapeTokenizer.consume(&pending) { token in
            switch token {
            case .controlSequence(let parameters, let final): control(Array(parameters), final: final)
            case .string(UInt8(ascii: "P"), let body): sixel(Array(body))
            case .string(UInt8(ascii: "_"), let body): graphicsCommand(Array(body))
            case .control(0x0D): cursor.column = 0
            case .control(0x0A): cursor.row = min(height - 1, cursor.row + 1)
            case .text(let bytes):
                text[cursor.row * width + cursor.column] = String(decoding: bytes, as: UTF8.self).first ?? " "
                if cursor.column < width - 1 { cursor.column += 1 }
            default: break
            }
        }
    }

    private func control(_ parameters: [UInt8], final: UInt8) {
        let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = (numbers.first ?? nil) ?? 0
        switch final {
        case UInt8(ascii: "H"):
            let row = max(1, first), column = numbers.count > 1 ? max(1, numbers[1] ?? 1) : 1
            cursor = (min(width - 1, column - 1), min(height - 1, row - 1))
        case UInt8(ascii: "C"): cursor.column = min(width - 1, cursor.column + max(1, first))
        case UInt8(ascii: "D"): cursor.column = max(0, cursor.column - max(1, first))
        case UInt8(ascii: "G"): cursor.column = min(width - 1, max(1, first) - 1)
        case UInt8(ascii: "A"): cursor.row = max(0, cursor.row - max(1, first))
        case UInt8(ascii: "B"): cursor.row = min(height - 1, cursor.row + max(1, first))
        case UInt8(ascii: "X"):
            for column in cursor.column..<min(width, cursor.column + max(1, first)) { text[cursor.row * width + column] = " " }
        case UInt8(ascii: "K"):
            let columns = first == 0 ? cursor.column..<width : first == 1 ? 0..<(cursor.column + 1) : 0..<width
            for column in columns { text[cursor.row * width + column] = " " }
        case UInt8(ascii: "J") where first == 2 || first == 3:
            text = Array(repeating: " ", count: width * height)
            pictures = []
        default:
            break
        }
    }

    /// `a=d` in any form deletes every picture.
    private func graphicsCommand(_ body: [UInt8]) {
        guard body.first == UInt8(ascii: "G") else { return }
        let keys = String(decoding: body.dropFirst(), as: UTF8.self).split(separator: ";").first ?? ""
        if keys.split(separator: ",").contains("a=d") { pictures = [] }
    }

    /// The VT340's colour registers 0–15, which Konsole gives every sixel
    /// before its own definitions.
    public static let vt340Colours: [RGBA] = [
        RGBA(0x00, 0x00, 0x00), RGBA(0x33, 0x33, 0xCC), RGBA(0xCC, 0x23, 0x23), RGBA(0x33, 0xCC, 0x33),
        RGBA(0xCC, 0x33, 0xCC), RGBA(0x33, 0xCC, 0xCC), RGBA(0xCC, 0xCC, 0x33), RGBA(0x77, 0x77, 0x77),
        RGBA(0x44, 0x44, 0x44), RGBA(0x56, 0x56, 0x99), RGBA(0x99, 0x44, 0x44), RGBA(0x56, 0x99, 0x56),
        RGBA(0x99, 0x56, 0x99), RGBA(0x56, 0x99, 0x99), RGBA(0x99, 0x99, 0x56), RGBA(0xCC, 0xCC, 0xCC),
    ]

    /// `P… q <sixel data>`: a picture at the cursor.
    private func sixel(_ body: [UInt8]) {
        guard let start = body.firstIndex(of: UInt8(ascii: "q")),
              body[..<start].allSatisfy({ (0x30...0x3B).contains($0) }) else { return }
        var index = start + 1
        func numbers() -> [Int] {
            var values: [Int] = [], current = 0
            while index < body.count, (0x30...0x39).contains(body[index]) || body[index] == UInt8(ascii: ";") {
                if body[index] == UInt8(ascii: ";") { values.append(current); current = 0 } else { current = current * 10 + Int(body[index] - 0x30) }
                index += 1
            }
            values.append(current)
            return values
        }
        // The registers start as the VT340's sixteen colours, as Konsole sets them.
        var palette: [Int: RGBA] = [:]
        for (register, colour) in Self.vt340Colours.enumerated() { palette[register] = colour }
        var set: [Int: Int] = [:]  // pixel (y * 4096 + x) to register
        var rasterWidth = 0, rasterHeight = 0
        var x = 0, band = 0, register = 0, right = 0, bottom = 0
        func paint(_ bits: UInt8, count: Int) {
            for _ in 0..<count {
                for offset in 0..<6 where bits & (1 << offset) != 0 { set[(band * 6 + offset) * 4096 + x] = register }
                bottom = max(bottom, band * 6 + 6)
                x += 1
                right = max(right, x)
            }
        }
        while index < body.count {
            let byte = body[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let values = numbers()
                if values.count >= 4 { rasterWidth = values[2]; rasterHeight = values[3] }
            case UInt8(ascii: "#"):
                let values = numbers()
                // `-` and `$` reset Konsole's parser before the definition
                // or selection they end is applied.
                guard index < body.count, body[index] != UInt8(ascii: "-"), body[index] != UInt8(ascii: "$") else { break }
                register = values.first ?? 0
                if values.count >= 5, values[1] == 2 {
                    func channel(_ percent: Int) -> UInt8 { UInt8((Double(min(100, percent)) * 255 / 100).rounded()) }
                    palette[register] = RGBA(channel(values[2]), channel(values[3]), channel(values[4]))
                }
            case UInt8(ascii: "!"):
                let count = numbers().first ?? 1
                guard index < body.count else { break }
                let character = body[index]
                index += 1
                if (0x3F...0x7E).contains(character) { paint(character - 0x3F, count: count) }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; band += 1
            case 0x3F...0x7E: paint(byte - 0x3F, count: 1)
            default: break
            }
        }
        let pictureWidth = max(rasterWidth, right), pictureHeight = max(rasterHeight, bottom)
        guard pictureWidth > 0, pictureHeight > 0 else { return }
        var pixels: [RGBA] = []
        pixels.reserveCapacity(pictureWidth * pictureHeight)
        let black = RGBA(0, 0, 0)
        for pixelY in 0..<pictureHeight {
            for pixelX in 0..<pictureWidth {
                pixels.append(palette[set[pixelY * 4096 + pixelX] ?? 0] ?? black)
            }
        }
        var picture = Picture(column: cursor.column, row: cursor.row, width: pictureWidth, height: pictureHeight, pixels: pixels)
        picture.cellsWide = (pictureWidth - 1) / cellSize.width + 1
        picture.cellsHigh = (pictureHeight - 1) / cellSize.height + 1
        let cells = picture.cells
        for row in cells.rows where row < height {
            for column in cells.columns.lowerBound...cells.columns.upperBound where column < width { text[row * width + column] = " " }
        }
        pictures.removeAll { old in
            old.cells.columns.clamped(to: cells.columns) == old.cells.columns && old.cells.rows.clamped(to: cells.rows) == old.cells.rows
        }
        pictures.append(picture)
        cursor = (0, min(height - 1, cursor.row + picture.cellsHigh - 1))
        if cursor.row == height - 1 {
            scrolls += 1
            text = Array(text.dropFirst(width)) + Array(repeating: " ", count: width)
        } else {
            cursor.row += 1
        }
    }
}
