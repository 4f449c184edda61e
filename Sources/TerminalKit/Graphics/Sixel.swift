/// Sixel: pictures sent as pixels, for xterm (`-ti vt340`), mlterm, foot,
/// WezTerm, Konsole, Windows Terminal and VS Code's terminal. Pure
/// functions from arguments to bytes, as `KittyGraphics` is.
///
/// **Detecting support.** The primary device attributes list 4
/// (`TerminalProbe.sixel`). How many colours one picture may use is the
/// number of colour registers, which XTSMGRAPHICS reports
/// (`colorRegistersQuery`, answered `CSI ? 1 ; 0 ; N S`); a terminal that
/// does not answer gets `fallbackRegisters`, the VT340's 16.
///
/// **What a sixel is.** `ESC P 0;1;0 q`, square pixels at the picture's
/// size (`" 1;1;W;H`), the palette (`# n;2;r;g;b`, in percent), then
/// bands six pixels tall: for each colour, one character per column whose
/// six bits say which of the band's pixels take it (`!count` repeats),
/// `$` back to the band's start for the next colour, `-` to the next band.
/// P2 = 1 leaves the pixels no colour sets as they were: transparency.
///
/// Unlike kitty pictures, sixel pixels live in the cells, and the terminal
/// cannot crop them: `SixelPicture` cuts a picture to its visible cells
/// and `CellPictureOutput` keeps them in step with the frame.
public enum Sixel {
    /// XTSMGRAPHICS: read the number of colour registers.
    public static let colorRegistersQuery: [UInt8] = Array("\u{1B}[?1;1;0S".utf8)

    /// The VT340 has 16 colour registers; a terminal that shows sixel but
    /// will not say how many it has gets that many.
    public static let fallbackRegisters = 16

    /// More colours than this are never asked for, whatever the terminal
    /// reports (pixel art has a few dozen).
    public static let maximumRegisters = 256

    /// The number of colour registers in an XTSMGRAPHICS reply
    /// (`CSI ? 1 ; 0 ; N S`: item 1, colour registers; status 0, success);
    /// nil for any other reply or a failure status.
    public static func colorRegisters(inReply reply: [UInt8]) -> Int? {
        guard reply.count > 4, reply[0] == 0x1B, reply[1] == UInt8(ascii: "["), reply[2] == UInt8(ascii: "?"),
              reply.last == UInt8(ascii: "S") else { return nil }
        let fields = String(decoding: reply[3..<(reply.count - 1)], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count >= 3, fields[0] == 1, fields[1] == 0, let count = fields[2], count > 0 else { return nil }
        return count
    }

    /// The image as one sixel string in the registers of `palette`, made
    /// from the picture it is a crop or enlargement of; only the registers
    /// it uses are defined. Pixels less than half opaque are left
    /// transparent. Empty for an empty image.
    static func encode(_ image: Image, palette: inout SixelPalette) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { return [] }
        let indices = palette.indices(of: image)
        var defined = [Bool](repeating: false, count: palette.colors.count)
        for entry in indices where entry >= 0 { defined[entry] = true }
        // The size is declared, as xterm and mlterm expect. Konsole 22.12
        // fills the unset pixels with colour 0 whatever P2 says, so it is
        // sent none (`CellPictureOutput.transparentFill`).
        var output = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
        for (index, color) in palette.colors.enumerated() where defined[index] {
            output += Array("#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        // Konsole (22.12, and its source to this day) applies a colour
        // definition only when the character after it is not `-` or `$`:
        // those reset its parser first, and the register keeps the VT340
        // colour it starts every sixel with (register 4 is magenta: the
        // flame's white-hot heart). A picture whose top band is blank would
        // end its palette with `-`, so it selects its first register
        // again, a selection that costs nothing to lose.
        let firstBandBlank = !indices.prefix(min(6, image.height) * image.width).contains { $0 >= 0 }
        if firstBandBlank, let first = defined.firstIndex(of: true) {
            output += Array("#\(first)".utf8)
        }
        let width = image.width
        var row = [UInt8](repeating: 0, count: width)
        for bandTop in stride(from: 0, to: image.height, by: 6) {
            let bandRows = min(6, image.height - bandTop)
            // The colours this band uses, in palette order, so the output is stable.
            var used = [Bool](repeating: false, count: palette.colors.count)
            for y in bandTop..<(bandTop + bandRows) {
                for x in 0..<width {
                    let entry = indices[y * width + x]
                    if entry >= 0 { used[entry] = true }
                }
            }
            var firstColor = true
            for color in used.indices where used[color] {
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for offset in 0..<bandRows where indices[(bandTop + offset) * width + x] == color {
                        bits |= 1 << offset
                    }
                    row[x] = bits
                }
                if !firstColor { output.append(UInt8(ascii: "$")) }
                firstColor = false
                output += Array("#\(color)".utf8)
                appendRuns(row, to: &output)
            }
            output.append(UInt8(ascii: "-"))
        }
        output += [0x1B, UInt8(ascii: "\\")]
        return output
    }

    /// One colour's line of a band, run-length coded, without the empty
    /// columns at its end.
    private static func appendRuns(_ row: [UInt8], to output: inout [UInt8]) {
        var end = row.count
        while end > 0, row[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            var run = 1
            while x + run < end, row[x + run] == row[x] { run += 1 }
            let character = 0x3F + row[x]
            if run > 3 {
                output += Array("!\(run)".utf8)
                output.append(character)
            } else {
                output += [UInt8](repeating: character, count: run)
            }
            x += run
        }
    }

    /// A channel (0–255) in the percent sixel colours are given in.
    private static func percent(_ channel: UInt8) -> Int {
        Int((Double(channel) * 100 / 255).rounded())
    }
}
