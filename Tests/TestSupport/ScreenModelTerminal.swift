import TerminalKit

/// A terminal that applies the bytes a program writes to a grid of cells,
/// the way xterm does with autowrap off, for tests that check a screen
/// after many cheap updates equals the screen after one full repaint.
///
/// It understands what the renderer may write: UTF-8 text (each character
/// as wide as `width` says), carriage return, line feed, `CUP`, `CHA`, `CUU`, `CUD`,
/// `CUF`, `CUB`, `ECH`, `EL`, `ED`, `REP`, SGR (attributes on and off, 16, 256
/// and 24-bit colours, `39`/`49`), and it skips other controls and
/// strings (DEC private modes, kitty graphics). Erasing fills with the
/// pen's background, as xterm does. Anything it does not know is
/// recorded in `unknown`, so a test fails on sequences nobody modelled.
public final class ScreenModelTerminal {
    /// One cell as the terminal holds it. Colours are kept as the SGR
    /// parameters that set them ("" for the default), attributes as the
    /// set of SGR codes that are on.
    public struct Cell: Hashable, Sendable {
        public var text: String = " "
        public var foreground = ""
        public var background = ""
        public var attributes: Set<Int> = []
        /// 0 for the right half of a wide character.
        public var width = 1
    }

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    public private(set) var cursor: (column: Int, row: Int) = (0, 0)
    /// Sequences the model does not understand.
    public private(set) var unknown: [String] = []

    private var pen = Cell()
    /// What `REP` repeats.
    private var lastCharacter: Character?
    private var pending: [UInt8] = []
    private let characterWidth: (Character) -> Int

    public init(width: Int, height: Int, characterWidth: @escaping (Character) -> Int) {
        self.width = width
        self.height = height
        self.cells = Array(repeating: Cell(), count: width * height)
        self.characterWidth = characterWidth
    }

    public subscript(column: Int, row: Int) -> Cell { cells[row * width + column] }

    public func write(_ bytes: [UInt8]) {
        pending += bytes
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { draw(String(decoding: text, as: UTF8.self)) }
            text = []
        }
        EscapeTokenizer.consume(&pending) { token in
            if case .text(let bytes) = token {
                text += bytes
                return
            }
            flushText()
            switch token {
            case .text: break
            case .control(0x0D): cursor.column = 0
            // Raw mode: a line feed keeps the column. On the last row it
            // would scroll, which the renderer must never make happen.
            case .control(0x0A) where cursor.row < height - 1: cursor.row += 1
            case .control(let byte): unknown.append("control \(byte)")
            case .controlSequence(let parameters, let final): control(String(decoding: parameters, as: UTF8.self), final: final)
            case .string: break
            case .escape(let byte): unknown.append("ESC \(Character(Unicode.Scalar(byte)))")
            case .malformed: unknown.append("a malformed sequence")
            }
        }
        flushText()
    }

    private func draw(_ text: String) {
        for character in text {
            let columns = characterWidth(character)
            if columns == 0 {
                // A combining mark joins the character before it.
                let column = max(0, cursor.column - 1)
                cells[cursor.row * width + column].text.append(character)
                continue
            }
            guard cursor.column + columns <= width else { continue }
            clearWide(at: cursor.column)
            var cell = pen
            cell.text = String(character)
            cell.width = columns
            cells[cursor.row * width + cursor.column] = cell
            for offset in 1..<max(1, columns) {
                clearWide(at: cursor.column + offset)
                var continuation = pen
                continuation.text = ""
                continuation.width = 0
                cells[cursor.row * width + cursor.column + offset] = continuation
            }
            // Autowrap is off: the cursor stays on the last column.
            cursor.column = min(width - 1, cursor.column + columns)
            lastCharacter = character
        }
    }

    /// Writing over half of a wide character blanks the other half.
    private func clearWide(at column: Int) {
        let row = cursor.row
        let cell = cells[row * width + column]
        if cell.width == 0, column > 0, cells[row * width + column - 1].width > 1 {
            cells[row * width + column - 1].text = " "
            cells[row * width + column - 1].width = 1
        }
        if cell.width > 1 {
            for offset in 1..<cell.width where column + offset < width {
                cells[row * width + column + offset].text = " "
                cells[row * width + column + offset].width = 1
            }
        }
    }

    private func erase(row: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        var blank = Cell()
        blank.background = pen.background
        for column in start..<end { cells[row * width + column] = blank }
        // A wide character cut by the erase loses its other half too.
        if start > 0, cells[row * width + start - 1].width > 1 { cells[row * width + start - 1] = blank }
        if end < width, cells[row * width + end].width == 0 { cells[row * width + end] = blank }
    }

    private func control(_ parameters: String, final: UInt8) {
        if parameters.hasPrefix("?") || parameters.hasPrefix(">") || parameters.hasPrefix("=") {
            return // modes and queries: nothing on the grid changes
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            guard index < numbers.count, let given = numbers[index], given != 0 else { return value }
            return given
        }
        switch Character(Unicode.Scalar(final)) {
        case "H", "f":
            cursor = (min(width - 1, number(1, default: 1) - 1), min(height - 1, number(0, default: 1) - 1))
        case "G":
            cursor.column = min(width - 1, number(0, default: 1) - 1)
        case "A":
            cursor.row = max(0, cursor.row - number(0, default: 1))
        case "B":
            cursor.row = min(height - 1, cursor.row + number(0, default: 1))
        case "C":
            cursor.column = min(width - 1, cursor.column + number(0, default: 1))
        case "D":
            cursor.column = max(0, cursor.column - number(0, default: 1))
        case "X":
            erase(row: cursor.row, from: cursor.column, to: min(width, cursor.column + number(0, default: 1)))
        case "K":
            switch (numbers.first ?? nil) ?? 0 {
            case 0: erase(row: cursor.row, from: cursor.column, to: width)
            case 1: erase(row: cursor.row, from: 0, to: cursor.column + 1)
            default: erase(row: cursor.row, from: 0, to: width)
            }
        case "J":
            switch (numbers.first ?? nil) ?? 0 {
            case 0:
                erase(row: cursor.row, from: cursor.column, to: width)
                for row in (cursor.row + 1)..<max(cursor.row + 1, height) { erase(row: row, from: 0, to: width) }
            default:
                for row in 0..<height { erase(row: row, from: 0, to: width) }
            }
        case "m":
            sgr(numbers.map { $0 ?? 0 })
        case "b":
            if let lastCharacter { draw(String(repeating: String(lastCharacter), count: number(0, default: 1))) }
        default:
            unknown.append("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
        }
    }

    private func sgr(_ codes: [Int]) {
        var index = 0
        let codes = codes.isEmpty ? [0] : codes
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: pen = Cell()
            case 1, 2, 3, 4, 7: pen.attributes.insert(code)
            case 22: pen.attributes.subtract([1, 2])
            case 23: pen.attributes.remove(3)
            case 24: pen.attributes.remove(4)
            case 27: pen.attributes.remove(7)
            case 30...37, 90...97: pen.foreground = String(code)
            case 39: pen.foreground = ""
            case 40...47, 100...107: pen.background = String(code)
            case 49: pen.background = ""
            case 38, 48:
                let kind = index + 1 < codes.count ? codes[index + 1] : -1
                let count = kind == 5 ? 1 : kind == 2 ? 3 : 0
                guard count > 0, index + 1 + count < codes.count else {
                    unknown.append("SGR \(codes)")
                    return
                }
                let value = codes[(index + 1)...(index + 1 + count)].map(String.init).joined(separator: ";")
                if code == 38 { pen.foreground = value } else { pen.background = value }
                index += 1 + count
            default:
                unknown.append("SGR \(code)")
            }
            index += 1
        }
    }
}
