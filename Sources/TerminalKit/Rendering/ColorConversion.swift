/// Turns any `Color` into the nearest one the terminal can show.
///
/// Truecolor passes through; 256-colour terminals get the nearest entry of
/// the 6×6×6 cube or the grey ramp; 16-colour terminals the nearest of the
/// standard palette (xterm's default values); with no colour, nothing.
public enum ColorConversion {
    public static func convert(_ color: Color, to depth: ColorDepth) -> Color {
        switch (color, depth) {
        case (.default, _), (_, .none): return .default
        case (_, .truecolor): return color
        case (.ansi, _): return color
        case (.indexed(let index), .indexed256): return .indexed(index)
        case (.indexed(let index), _): return .ansi(nearestANSI(rgb(ofIndexed: index)))
        case (.rgb(let r, let g, let b), .indexed256): return .indexed(nearestIndexed(r, g, b))
        case (.rgb(let r, let g, let b), _): return .ansi(nearestANSI((r, g, b)))
        }
    }

    /// xterm's default 16 colours.
    static let ansiPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of an indexed colour.
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

    /// Nearest of the cube and the grey ramp (never the 16 system colours,
    /// whose values vary between terminals).
    public static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ component: UInt8) -> Int {
            var best = 0
            for (index, value) in cubeLevels.enumerated() where abs(value - Int(component)) < abs(cubeLevels[best] - Int(component)) {
                best = index
            }
            return best
        }
        let (ri, gi, bi) = (level(r), level(g), level(b))
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = max(0, min(23, (average - 3) / 10))
        let greyLevel = 8 + greyStep * 10
        let target = (Int(r), Int(g), Int(b))
        let cubeDistance = distance(target, cube)
        let greyDistance = distance(target, (greyLevel, greyLevel, greyLevel))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    public static func nearestANSI(_ color: (UInt8, UInt8, UInt8)) -> UInt8 {
        let target = (Int(color.0), Int(color.1), Int(color.2))
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in ansiPalette.enumerated() {
            let d = distance(target, (Int(entry.0), Int(entry.1), Int(entry.2)))
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    /// Squared distance, weighted for how the eye sees (a cheap "redmean").
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let meanRed = (a.0 + b.0) / 2
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }
}
