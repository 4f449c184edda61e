import TerminalKit

/// A terminal that paints sixel pictures the way xterm and mlterm do, for
/// tests that must catch what a real one would show without a display.
///
/// It keeps, for every cell, the picture pixels painted into it, and
/// models the rules that matter to a program drawing pictures there:
///
/// - **A sixel is painted at the cursor**, cell by cell, each cell
///   `cellSize` pixels; pixels no colour sets (P2 = 1) stay as they were.
/// - **Nothing crops it**: pixels below the last row scroll the whole
///   screen up (sixel scrolling, the default), and so does a picture whose
///   last band reaches the last row (the line feed ending it).
/// - **Text erases pixels**: a character (a space too), ECH, EL and ED
///   clear the pictures' pixels from the cells they write or erase.
/// - **Cursor moves are clamped** to the screen.
///
/// Text itself is kept too, one character per cell, so a test can see
/// what lies over or beside a picture.
///
/// With `blackensPicturesAfterResize` it also has mlterm 3.9's fault: the
/// pictures of the first write after a resize that paints any are drawn
/// black (every pixel `blackRegister`); a later write paints them right.
public final class FakeSixelTerminal {
    public private(set) var width: Int
    public private(set) var height: Int
    public let cellSize: (width: Int, height: Int)
    public private(set) var cursor: (column: Int, row: Int) = (0, 0)
    /// Every sixel string received, and the row its top was painted at.
    public private(set) var paintedRows: [Int] = []
    /// How many times the screen scrolled because of a picture.
    public private(set) var scrolls = 0
    /// mlterm's black first redraw after a resize.
    public var blackensPicturesAfterResize = false
    /// What a pixel painted black by that fault holds.
    public static let blackRegister = UInt32.max
    private var blackPending = false

    /// Per cell: the colour register of each picture pixel painted there,
    /// by its place in the cell (painting a pixel again replaces it).
    private var pixels: [[Int: UInt32]]
    private var text: [Character]
    private var pending: [UInt8] = []

    public init(width: Int, height: Int, cellSize: (width: Int, height: Int) = (8, 16)) {
        self.width = width
        self.height = height
        self.cellSize = cellSize
        pixels = Array(repeating: [:], count: width * height)
        text = Array(repeating: " ", count: width * height)
    }

    /// The window changed size: xterm keeps what fits and clears the rest.
    public func resize(width: Int, height: Int) {
        var newPixels = Array(repeating: [Int: UInt32](), count: width * height)
        var newText = Array(repeating: Character(" "), count: width * height)
        for row in 0..<min(height, self.height) {
            for column in 0..<min(width, self.width) {
                newPixels[row * width + column] = pixels[row * self.width + column]
                newText[row * width + column] = text[row * self.width + column]
            }
        }
        self.width = width
        self.height = height
        pixels = newPixels
        text = newText
        blackPending = blackensPicturesAfterResize
        cursor = (min(cursor.column, width - 1), min(cursor.row, height - 1))
    }

    /// How many picture pixels the cell shows.
    public func picturePixels(column: Int, row: Int) -> Int {
        guard column >= 0, row >= 0, column < width, row < height else { return 0 }
        return pixels[row * width + column].count
    }

    /// The picture pixels in a rectangle of cells.
    public func picturePixels(columns: Range<Int>, rows: Range<Int>) -> Int {
        rows.reduce(0) { total, row in columns.reduce(total) { $0 + picturePixels(column: $1, row: row) } }
    }

    /// The picture pixels painted black by mlterm's fault.
    public var blackPixels: Int {
        pixels.reduce(0) { total, cell in total + cell.values.filter { $0 == Self.blackRegister }.count }
    }

    /// The rows that show any picture pixels.
    public var rowsWithPictures: [Int] {
        (0..<height).filter { row in (0..<width).contains { picturePixels(column: $0, row: row) > 0 } }
    }

    /// The text on a row.
    public func line(_ row: Int) -> String {
        String(text[(row * width)..<((row + 1) * width)])
    }

    /// Feeds what the program wrote.
    public func write(_ bytes: [UInt8]) {
        let paintedBefore = paintedRows.count
        defer { if paintedRows.count > paintedBefore { blackPending = false } }
        pending += bytes
        EscapeTokenizer.consume(&pending) { token in
            switch token {
            case .controlSequence(let parameters, let final): control(Array(parameters), final: final)
            case .string(UInt8(ascii: "P"), let body): deviceControl(Array(body))
            case .control(0x0D): cursor.column = 0
            case .control(0x0A): lineFeed()
            case .text(let bytes): put(String(decoding: bytes, as: UTF8.self).first ?? " ")
            default: break
            }
        }
    }

    private func put(_ character: Character) {
        let cell = cursor.row * width + cursor.column
        pixels[cell] = [:]
        text[cell] = character
        // Autowrap is off: the last column keeps being overwritten.
        if cursor.column < width - 1 { cursor.column += 1 }
    }

    private func lineFeed() {
        if cursor.row < height - 1 { cursor.row += 1 } else { scrollUp() }
    }

    private func scrollUp() {
        pixels.removeFirst(width)
        pixels += Array(repeating: [:], count: width)
        text.removeFirst(width)
        text += Array(repeating: " ", count: width)
    }

    private func control(_ parameters: [UInt8], final: UInt8) {
        let text = String(decoding: parameters, as: UTF8.self)
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = (numbers.first ?? nil) ?? 0
        switch final {
        case UInt8(ascii: "H"):
            let row = max(1, first)
            let column = numbers.count > 1 ? max(1, numbers[1] ?? 1) : 1
            cursor = (min(width - 1, column - 1), min(height - 1, row - 1))
        case UInt8(ascii: "C"):
            cursor.column = min(width - 1, cursor.column + max(1, first))
        case UInt8(ascii: "D"):
            cursor.column = max(0, cursor.column - max(1, first))
        case UInt8(ascii: "G"):
            cursor.column = min(width - 1, max(1, first) - 1)
        case UInt8(ascii: "A"):
            cursor.row = max(0, cursor.row - max(1, first))
        case UInt8(ascii: "B"):
            cursor.row = min(height - 1, cursor.row + max(1, first))
        case UInt8(ascii: "X"):
            erase(row: cursor.row, columns: cursor.column..<min(width, cursor.column + max(1, first)))
        case UInt8(ascii: "K"):
            let columns = first == 0 ? cursor.column..<width : first == 1 ? 0..<(cursor.column + 1) : 0..<width
            erase(row: cursor.row, columns: columns)
        case UInt8(ascii: "J"):
            let fromRow = first == 0 ? cursor.row + 1 : 0
            let toRow = first == 1 ? cursor.row : height
            if first == 0 { erase(row: cursor.row, columns: cursor.column..<width) }
            if first == 1 { erase(row: cursor.row, columns: 0..<(cursor.column + 1)) }
            for row in fromRow..<max(fromRow, toRow) { erase(row: row, columns: 0..<width) }
        default:
            break
        }
    }

    private func erase(row: Int, columns: Range<Int>) {
        guard row >= 0, row < height else { return }
        for column in columns where column >= 0 && column < width {
            pixels[row * width + column] = [:]
            text[row * width + column] = " "
        }
    }

    /// `P… q <sixel data>`; other device control strings are ignored.
    private func deviceControl(_ body: [UInt8]) {
        guard let start = body.firstIndex(of: UInt8(ascii: "q")),
              body[..<start].allSatisfy({ (0x30...0x3B).contains($0) }) else { return }
        let origin = cursor
        paintedRows.append(origin.row)
        var top = origin.row
        var x = 0, band = 0, color: UInt32 = 0, lowest = -1
        var index = start + 1
        func number() -> [Int] {
            var values: [Int] = []
            var current = 0, digits = 0
            while index < body.count, (0x30...0x39).contains(body[index]) || body[index] == UInt8(ascii: ";") {
                if body[index] == UInt8(ascii: ";") {
                    values.append(current)
                    current = 0
                    digits = 0
                } else {
                    current = current * 10 + Int(body[index] - 0x30)
                    digits += 1
                }
                index += 1
            }
            values.append(current)
            return values
        }
        func paint(_ bits: UInt8, count: Int) {
            for _ in 0..<count {
                for offset in 0..<6 where bits & (1 << offset) != 0 {
                    let pixelY = band * 6 + offset
                    var row = top + pixelY / cellSize.height
                    // Below the last row the screen scrolls to make room.
                    while row >= height {
                        scrollUp()
                        scrolls += 1
                        top -= 1
                        row -= 1
                    }
                    let column = origin.column + x / cellSize.width
                    lowest = max(lowest, row)
                    if row >= 0, column < width {
                        let inside = (pixelY % cellSize.height) * cellSize.width + x % cellSize.width
                        pixels[row * width + column][inside] = blackPending ? Self.blackRegister : color
                    }
                }
                x += 1
            }
        }
        while index < body.count {
            let byte = body[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                _ = number()
            case UInt8(ascii: "#"):
                let values = number()
                color = UInt32(values.first ?? 0)
            case UInt8(ascii: "!"):
                let count = number().first ?? 1
                guard index < body.count else { break }
                let character = body[index]
                index += 1
                if (0x3F...0x7E).contains(character) { paint(character - 0x3F, count: count) }
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                band += 1
            case 0x3F...0x7E:
                paint(byte - 0x3F, count: 1)
            default:
                break
            }
        }
        // The line feed after the picture's last band: on the last row, a scroll.
        if lowest >= height - 1 {
            scrollUp()
            scrolls += 1
        }
        cursor = (origin.column, min(height - 1, max(0, lowest)))
    }
}
