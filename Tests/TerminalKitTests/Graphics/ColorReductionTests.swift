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
            let (red, green, blue) = ColorPalette.rgb(ofIndexed: index)
            let back = ColorPalette.nearestIndexed(red, green, blue)
            // Cube greys (16, 59, 102, …) and ramp greys may share a value; either is exact.
            #expect(ColorPalette.rgb(ofIndexed: back) == ColorPalette.rgb(ofIndexed: index) ? true : back == index,
                    "index \(index) came back as \(back)")
        }
    }
}
