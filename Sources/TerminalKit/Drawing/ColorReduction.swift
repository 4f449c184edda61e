/// Turning any colour into one the terminal can show.
///
/// Truecolor terminals take RGB as it is. A 256-colour terminal gets the
/// nearest of its 6×6×6 cube or 24-step grey ramp (indices 16–255, whose
/// values xterm fixed and every terminal copies; indices 0–15 follow the
/// user's theme and are avoided). A 16-colour terminal gets the nearest of
/// the standard palette, judged by xterm's default values, since the
/// actual theme is unknown. With no colour at all, everything is the
/// terminal's default.
///
/// "Nearest" is the weighted "redmean" distance, a cheap approximation of
/// how different two colours look: it keeps skin tones and greys from
/// jumping to a wrong hue, which plain RGB distance does.
extension Color {
    /// This colour as the given depth can show it.
    public func reduced(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.default, _), (_, .truecolor):
            return self
        case (_, .none):
            return .default
        case (.ansi, _):
            return self
        case (.indexed(let index), .indexed256):
            return .indexed(index)
        case (.indexed(let index), .ansi16):
            if index < 16 { return .ansi(index) }
            let (red, green, blue) = ColorPalette.rgb(ofIndexed: index)
            return .ansi(ColorPalette.nearestANSI(red, green, blue))
        case (.rgb(let red, let green, let blue), .indexed256):
            return .indexed(ColorPalette.nearestIndexed(red, green, blue))
        case (.rgb(let red, let green, let blue), .ansi16):
            return .ansi(ColorPalette.nearestANSI(red, green, blue))
        }
    }
}

/// The fixed palettes colour reduction chooses from.
public enum ColorPalette {
    /// xterm's defaults for the 16 standard colours.
    public static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the 256-colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of an indexed colour (0–15 by xterm's defaults).
    public static func rgb(ofIndexed index: UInt8) -> (UInt8, UInt8, UInt8) {
        let value = Int(index)
        switch value {
        case 0..<16:
            return ansi[value]
        case 16..<232:
            let cube = value - 16
            return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
        default:
            let grey = UInt8(8 + (value - 232) * 10)
            return (grey, grey, grey)
        }
    }

    /// The index (16–255) of the cube or grey-ramp colour nearest to an RGB value.
    public static func nearestIndexed(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let r = nearestCubeStep(red), g = nearestCubeStep(green), b = nearestCubeStep(blue)
        let cubeIndex = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((red, green, blue), (UInt8(cubeLevels[r]), UInt8(cubeLevels[g]), UInt8(cubeLevels[b])))
        // The grey ramp runs 8, 18, …, 238 in steps of 10.
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let grey = UInt8(8 + greyStep * 10)
        let greyDistance = distance((red, green, blue), (grey, grey, grey))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The standard colour (0–15) nearest to an RGB value.
    public static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansi.enumerated() {
            let candidateDistance = distance((red, green, blue), candidate)
            if candidateDistance < bestDistance {
                best = index
                bestDistance = candidateDistance
            }
        }
        return UInt8(best)
    }

    /// The cube step (0–5) whose level is nearest to a channel value.
    static func nearestCubeStep(_ value: UInt8) -> Int {
        // Midpoints between the levels 0, 95, 135, 175, 215, 255.
        switch value {
        case 0..<48: 0
        case 48..<115: 1
        case 115..<155: 2
        case 155..<195: 3
        case 195..<235: 4
        default: 5
        }
    }

    /// The "redmean" weighted distance, squared and scaled by 256.
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let redMean = (Int(a.0) + Int(b.0)) / 2
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return (512 + redMean) * dr * dr + 1024 * dg * dg + (767 - redMean) * db * db
    }
}
