#if canImport(Glibc)
import Glibc
#endif

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
/// "Nearest" is measured in Oklab, a colour space where distance follows
/// how different colours look, with hue and saturation counting twice as
/// much as lightness: a small picture keeps its colours' identity (a
/// tomato stays red rather than turning orange, lavender stays lavender)
/// at the price of a slightly lighter or darker shade. Plain RGB distance,
/// or the cube step nearest to each channel, gets such colours wrong.
///
/// A reduction costs about a microsecond (a search of the palette).
/// Pictures reduce their colours once, when made; a renderer reducing the
/// same few interface colours every frame may remember its answers.
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
        UInt8(16 + nearest(Oklab(red, green, blue), among: indexedLab))
    }

    /// The standard colour (0–15) nearest to an RGB value.
    public static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        UInt8(nearest(Oklab(red, green, blue), among: ansiLab))
    }

    private static func nearest(_ target: Oklab, among candidates: [Oklab]) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (index, candidate) in candidates.enumerated() {
            let distance = target.distance(to: candidate)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    private static let indexedLab: [Oklab] = (16...255).map { index in
        let (red, green, blue) = rgb(ofIndexed: UInt8(index))
        return Oklab(red, green, blue)
    }

    private static let ansiLab: [Oklab] = ansi.map { Oklab($0.0, $0.1, $0.2) }
}

/// A colour in Björn Ottosson's Oklab space: lightness and two opponent
/// axes, built so that equal distances look about equally different.
struct Oklab {
    let lightness: Double
    let a: Double
    let b: Double

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        let r = Self.linear[Int(red)], g = Self.linear[Int(green)], b = Self.linear[Int(blue)]
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        lightness = 0.2104542553 * l + 0.7936285426 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Squared distance, hue and saturation weighted twice lightness.
    func distance(to other: Oklab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + 2 * (da * da + db * db)
    }

    /// sRGB channel values (0–255) as linear light (0–1).
    private static let linear: [Double] = (0...255).map { value in
        let channel = Double(value) / 255
        return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
}
