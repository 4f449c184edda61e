/// Turns any `Color` into the nearest one the terminal can show.
///
/// Truecolor passes through. A 256-colour terminal gets the nearest of its
/// 6×6×6 cube or 24-step grey ramp (indices 16–255, whose values xterm
/// fixed and every terminal copies; indices 0–15 follow the user's theme
/// and are avoided). A 16-colour terminal gets the nearest of the standard
/// palette, judged by xterm's default values, since the actual theme is
/// unknown. With no colour, everything is the terminal's default.
///
/// "Nearest" is measured in Oklab (`Oklab.swift`), where distance follows
/// how different colours look, with hue and saturation counting twice as
/// much as lightness: a small picture keeps its colours' identity (a
/// tomato stays red rather than turning orange, lavender stays lavender)
/// at the price of a slightly lighter or darker shade. RGB distance, or
/// the cube step nearest to each channel, gets such colours wrong.
///
/// A 256-colour search looks only at palette entries whose lightness is
/// close enough to win, so it costs a fraction of a microsecond; pictures
/// convert their colours once, when made, and the renderer per changed cell.
public enum ColorConversion {
    public static func convert(_ color: Color, to depth: ColorDepth) -> Color {
        switch (color, depth) {
        case (.default, _), (_, .none): return .default
        case (_, .truecolor): return color
        case (.ansi, _): return color
        case (.indexed(let index), .indexed256): return .indexed(index)
        case (.indexed(let index), _): return .ansi(index < 16 ? index : nearestANSI(rgb(ofIndexed: index)))
        case (.rgb(let r, let g, let b), .indexed256): return .indexed(nearestIndexed(r, g, b))
        case (.rgb(let r, let g, let b), _): return .ansi(nearestANSI((r, g, b)))
        }
    }

    /// xterm's default 16 colours.
    public static let ansiPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of an indexed colour (0–15 by xterm's defaults).
    public static func rgb(ofIndexed index: UInt8) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16:
            return ansiPalette[Int(index)]
        case 16..<232:
            let value = Int(index) - 16
            return (UInt8(cubeLevels[value / 36]), UInt8(cubeLevels[(value / 6) % 6]), UInt8(cubeLevels[value % 6]))
        default:
            let level = UInt8(8 + (Int(index) - 232) * 10)
            return (level, level, level)
        }
    }

    /// The index (16–255) of the cube or grey-ramp colour nearest to an RGB value.
    public static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let target = Oklab(r, g, b)
        // A good first guess (the cube entry nearest channel by channel)
        // makes the walk below short: entries whose lightness alone costs
        // more than the best so far cannot win, and the walk stops there.
        var bestIndex = UInt8(16 + 36 * cubeStep(r) + 6 * cubeStep(g) + cubeStep(b))
        var bestDistance = target.distance(to: labOfIndexed[Int(bestIndex) - 16])
        func consider(_ entry: (lab: Oklab, index: UInt8)) {
            let distance = target.distance(to: entry.lab)
            if distance < bestDistance || (distance == bestDistance && entry.index < bestIndex) { (bestIndex, bestDistance) = (entry.index, distance) }
        }
        let entries = indexedByLightness
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].lab.lightness < target.lightness { low = middle + 1 } else { high = middle }
        }
        var up = low
        while up < entries.count {
            let gap = entries[up].lab.lightness - target.lightness
            if gap * gap > bestDistance { break }
            consider(entries[up])
            up += 1
        }
        var down = low - 1
        while down >= 0 {
            let gap = target.lightness - entries[down].lab.lightness
            if gap * gap > bestDistance { break }
            consider(entries[down])
            down -= 1
        }
        return bestIndex
    }

    /// The cube step (0–5) whose level is nearest to a channel value.
    private static func cubeStep(_ value: UInt8) -> Int {
        switch value {
        case 0..<48: 0
        case 48..<115: 1
        case 115..<155: 2
        case 155..<195: 3
        case 195..<235: 4
        default: 5
        }
    }

    /// The standard colour (0–15) nearest to an RGB value.
    public static func nearestANSI(_ color: (UInt8, UInt8, UInt8)) -> UInt8 {
        let target = Oklab(color.0, color.1, color.2)
        let distances = ansiLab.map { target.distance(to: $0) }
        return UInt8(distances.indices.min { distances[$0] < distances[$1] } ?? 0)
    }

    /// Indices 16–255 in Oklab, in index order.
    private static let labOfIndexed: [Oklab] = (16...255).map { index in rgb(ofIndexed: UInt8(index)) }.map { Oklab($0.0, $0.1, $0.2) }

    /// The same, sorted by lightness (then index) for the search.
    private static let indexedByLightness: [(lab: Oklab, index: UInt8)] = labOfIndexed.enumerated()
        .map { (lab: $0.element, index: UInt8(16 + $0.offset)) }
        .sorted { ($0.lab.lightness, $0.index) < ($1.lab.lightness, $1.index) }

    private static let ansiLab: [Oklab] = ansiPalette.map { Oklab($0.0, $0.1, $0.2) }
}

extension Color {
    /// This colour as the given depth can show it (`ColorConversion`).
    public func reduced(to depth: ColorDepth) -> Color { ColorConversion.convert(self, to: depth) }
}
