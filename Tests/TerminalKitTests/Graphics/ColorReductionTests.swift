import Foundation
import Testing
import TerminalKit

@Suite("Reducing colours to what the terminal can show")
struct ColorReductionTests {
    @Test("truecolor keeps RGB; no colour means the terminal's default")
    func extremes() {
        #expect(Color.rgb(1, 2, 3).reduced(to: .truecolor) == .rgb(1, 2, 3))
        #expect(Color.rgb(1, 2, 3).reduced(to: .none) == .default)
        #expect(Color.ansi(3).reduced(to: .none) == .default)
        #expect(Color.default.reduced(to: .ansi16) == .default)
        #expect(Color.ansi(12).reduced(to: .indexed256) == .ansi(12))
    }

    @Test("256 colours: the nearest of the 6×6×6 cube or the grey ramp")
    func indexed() {
        let expectations: [((UInt8, UInt8, UInt8), UInt8)] = [
            ((255, 0, 0), 196),        // pure red: the cube's corner
            ((0, 0, 0), 16),           // black: the cube's, exactly
            ((255, 255, 255), 231),    // white: the cube's, exactly
            ((128, 128, 128), 244),    // mid grey: the ramp's 128 beats the cube's 135
            ((238, 238, 238), 255),    // the ramp's lightest
            ((95, 135, 175), 67),      // exactly a cube colour: 16 + 36·1 + 6·2 + 3
            ((100, 140, 170), 67),     // near it
            ((0x1E, 0x1A, 0x2E), 234), // the pictures' outline: a near-black grey
            ((0xE5, 0x36, 0x2E), 160), // the tomato stays red (215, 0, 0), not orange (215, 95, 0)
            ((0xE0, 0x40, 0x2B), 160), // so does the flame's edge
            ((0x9E, 0xA4, 0xC9), 146), // Cat-Bot's lavender stays lavender (175, 175, 215)
            ((0xD9, 0x9A, 0x5B), 173), // Dog-Bot's tan (215, 135, 95)
        ]
        for ((red, green, blue), index) in expectations {
            #expect(Color.rgb(red, green, blue).reduced(to: .indexed256) == .indexed(index), "rgb(\(red), \(green), \(blue))")
        }
    }

    @Test("16 colours: the nearest of the standard palette")
    func ansi() {
        let expectations: [((UInt8, UInt8, UInt8), UInt8)] = [
            ((255, 0, 0), 9), ((190, 10, 10), 1), ((0, 0, 0), 0), ((255, 255, 255), 15),
            ((128, 128, 128), 8), ((220, 220, 220), 7), ((0, 0, 255), 4), ((30, 200, 40), 2),
            ((250, 220, 60), 3),           // a yellow
            ((0x74, 0xF0, 0x8A), 2),       // Cat-Bot's eyes stay green
            ((0x6E, 0x3D, 0x20), 8),       // Dog-Bot's brown ears turn grey, not red
        ]
        for ((red, green, blue), index) in expectations {
            #expect(Color.rgb(red, green, blue).reduced(to: .ansi16) == .ansi(index), "rgb(\(red), \(green), \(blue))")
        }
        #expect(Color.indexed(196).reduced(to: .ansi16) == .ansi(9))
        #expect(Color.indexed(5).reduced(to: .ansi16) == .ansi(5))
        #expect(Color.indexed(244).reduced(to: .ansi16) == .ansi(8))
    }

    @Test("every indexed colour's RGB value maps back to its own index")
    func roundTrip() {
        for index in UInt8(16)...UInt8(255) {
            let (red, green, blue) = ColorConversion.rgb(ofIndexed: index)
            #expect(ColorConversion.nearestIndexed(red, green, blue) == index)
        }
    }

    @Test("the quick 256-colour search finds what trying every entry finds")
    func quickSearchIsExact() {
        // An independent Oklab, from the published matrices.
        func lab(_ rgb: (UInt8, UInt8, UInt8)) -> (Double, Double, Double) {
            func linear(_ value: UInt8) -> Double {
                let channel = Double(value) / 255
                return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
            }
            let r = linear(rgb.0), g = linear(rgb.1), b = linear(rgb.2)
            let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
            let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
            let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
            return (0.2104542553 * l + 0.7936285426 * m - 0.0040720468 * s,
                    1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                    0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
        }
        let palette = (16...255).map { lab(ColorConversion.rgb(ofIndexed: UInt8($0))) }
        func slowest(_ rgb: (UInt8, UInt8, UInt8)) -> UInt8 {
            let target = lab(rgb)
            let distances = palette.map { entry in
                let dl = target.0 - entry.0, da = target.1 - entry.1, db = target.2 - entry.2
                return dl * dl + 2 * (da * da + db * db)
            }
            return UInt8(16 + distances.indices.min { distances[$0] < distances[$1] }!)
        }
        var state: UInt64 = 42
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let rgb = (UInt8(truncatingIfNeeded: state >> 40), UInt8(truncatingIfNeeded: state >> 48), UInt8(truncatingIfNeeded: state >> 56))
            #expect(ColorConversion.nearestIndexed(rgb.0, rgb.1, rgb.2) == slowest(rgb), "rgb\(rgb)")
        }
        for grey in 0...255 {
            let value = UInt8(grey)
            #expect(ColorConversion.nearestIndexed(value, value, value) == slowest((value, value, value)), "grey \(grey)")
        }
    }
}
