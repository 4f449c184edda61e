#if canImport(Glibc)
import Glibc
#endif

/// A colour in Björn Ottosson's Oklab space: lightness and two opponent
/// axes, built so that equal distances look about equally different.
/// Colour conversion measures "nearest" here.
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

    /// Squared distance, hue and saturation weighted twice lightness (so a
    /// colour keeps its hue and gives up a little lightness instead).
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
