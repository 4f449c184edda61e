import TerminalKit

/// Reading a `ScreenModelTerminal` back as TerminalKit cells, to compare
/// what the terminal shows with what the buffer says, look for look.
public enum ScreenModelComparison {
    public static func terminal(for size: Size) -> ScreenModelTerminal {
        ScreenModelTerminal(width: size.width, height: size.height, characterWidth: DisplayWidth.of)
    }

    public static func color(_ parameters: String) -> Color {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        switch numbers.count {
        case 1 where (30...37).contains(numbers[0]): return .ansi(UInt8(numbers[0] - 30))
        case 1 where (90...97).contains(numbers[0]): return .ansi(UInt8(numbers[0] - 82))
        case 1 where (40...47).contains(numbers[0]): return .ansi(UInt8(numbers[0] - 40))
        case 1 where (100...107).contains(numbers[0]): return .ansi(UInt8(numbers[0] - 92))
        case 2: return .indexed(UInt8(numbers[1]))
        case 4: return .rgb(UInt8(numbers[1]), UInt8(numbers[2]), UInt8(numbers[3]))
        default: return .default
        }
    }

    public static func cell(_ shown: ScreenModelTerminal.Cell) -> Cell {
        var attributes: TextAttributes = []
        if shown.attributes.contains(1) { attributes.insert(.bold) }
        if shown.attributes.contains(2) { attributes.insert(.dim) }
        if shown.attributes.contains(3) { attributes.insert(.italic) }
        if shown.attributes.contains(4) { attributes.insert(.underline) }
        if shown.attributes.contains(7) { attributes.insert(.reverse) }
        return Cell(shown.text, style: Style(foreground: color(shown.foreground), background: color(shown.background),
                                             attributes: attributes), width: UInt8(shown.width))
    }

    /// Every cell where the terminal does not show what `buffer` says,
    /// described; empty when the screen is right.
    public static func differences(_ terminal: ScreenModelTerminal, _ buffer: Buffer, depth: ColorDepth) -> [String] {
        var found: [String] = terminal.unknown.map { "unknown sequence \($0)" }
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let wanted = buffer[x, y]
                let shown = cell(terminal[x, y])
                if wanted.isContinuation || shown.isContinuation {
                    if wanted.isContinuation != shown.isContinuation {
                        found.append("(\(x),\(y)): continuation \(wanted.isContinuation) on the buffer, \(shown.isContinuation) on screen")
                    }
                    continue
                }
                // The screen holds converted colours already.
                if CellLook(wanted, depth: depth) != CellLook(shown, depth: .truecolor) {
                    found.append("(\(x),\(y)): wanted \(wanted), shown \(shown)")
                }
            }
        }
        return found
    }
}
