import Testing
import TestSupport
@testable import TerminalKit

/// The bytes of an inline image against iTerm2's documentation of
/// `OSC 1337 ; File=`, and the file inside them.
@Suite("iTerm2 inline images")
struct ITermInlineImagesTests {
    /// A 4×4 drawing stored at 8×8 (each art pixel a 2×2 block), as the
    /// assets are stored enlarged.
    static let art: Image = {
        let colours = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(0, 0, 0, 0)]
        let rows = (0..<8).map { y in (0..<8).map { x in colours[(x / 2 + y / 2) % 4] } }
        return Image(rows: rows)
    }()

    @Test("the sequence is OSC 1337 File= with only documented keys, the size in bytes and the cells as bare numbers, ended by BEL")
    func sequence() throws {
        let png: [UInt8] = Array(0..<200).map { UInt8($0) }
        let bytes = ITermInlineImages.show(png: png, columns: 16, rows: 8)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=200;width=16;height=8;preserveAspectRatio=0:"))
        #expect(bytes.last == 0x07)
        #expect(!bytes.dropLast().contains(0x07) && !bytes.dropFirst().contains(0x1B), "no terminator or escape inside")
        let terminal = FakeInlineImageTerminal(width: 40, height: 20)
        terminal.write(Array("\u{1B}[3;5H".utf8) + bytes)
        #expect(terminal.errors.isEmpty, "\(terminal.errors)")
        let shown = try #require(terminal.images.first)
        #expect(shown.file == png)
        #expect(shown.column == 4 && shown.row == 2 && shown.columns == 16 && shown.rows == 8)
        #expect(terminal.cells[9][19] == .image(image: 0, column: 15, row: 7))
    }

    @Test("the file is a PNG of the art enlarged by whole, square pixels to the cells' size, cut to the cells asked for")
    func file() throws {
        // The 4×4 art on 4×2 cells of 6×13 pixels, not twice as tall as
        // wide: 6× in square pixels (24×24), centred in 24×26 with a blank
        // row above and below, never stretched to 6×6.5 (as iTerm2 showed
        // 24 by 25.5).
        let whole = Self.art.framed(in: Size(width: 4, height: 2), cellPixels: Size(width: 6, height: 13))
        #expect(whole.width == 24 && whole.height == 26)
        let decoded = try Image.decodePNG(try whole.encodePNG())
        #expect(decoded == whole, "PNG round trip")
        for y in 0..<26 {
            for x in 0..<24 {
                let expected = y == 0 || y == 25 ? RGBA(0, 0, 0, 0) : Self.art.art[x / 6, (y - 1) / 6]
                #expect(whole[x, y] == expected, "pixel \(x),\(y)")
            }
        }
        // The right half of the bottom row of cells.
        let part = Self.art.framed(in: Size(width: 4, height: 2), cellPixels: Size(width: 6, height: 13),
                                   visible: Rect(x: 2, y: 1, width: 2, height: 1))
        #expect(part.width == 12 && part.height == 13)
        for y in 0..<13 {
            for x in 0..<12 {
                #expect(part[x, y] == whole[x + 12, y + 13])
            }
        }
    }

    @Test("iTerm2, WezTerm and VS Code with its images on are known; VS Code without sixel, xterm and kitty are not")
    func detection() {
        func env(_ values: [String: String]) -> (String) -> String? { { values[$0] } }
        #expect(ITermInlineImages.supported(environment: env(["TERM_PROGRAM": "iTerm.app"]), terminalName: nil, sixel: false))
        #expect(ITermInlineImages.supported(environment: env(["LC_TERMINAL": "iTerm2"]), terminalName: nil, sixel: false), "over ssh")
        #expect(ITermInlineImages.supported(environment: env([:]), terminalName: "iTerm2 3.5.0", sixel: true))
        #expect(ITermInlineImages.supported(environment: env(["TERM_PROGRAM": "WezTerm"]), terminalName: nil, sixel: false))
        #expect(ITermInlineImages.supported(environment: env([:]), terminalName: "WezTerm 20240203-110809-5046fc22", sixel: true))
        #expect(ITermInlineImages.supported(environment: env(["TERM_PROGRAM": "vscode"]), terminalName: nil, sixel: true))
        #expect(!ITermInlineImages.supported(environment: env(["TERM_PROGRAM": "vscode"]), terminalName: nil, sixel: false))
        #expect(!ITermInlineImages.supported(environment: env([:]), terminalName: "XTerm(379)", sixel: true))
        #expect(!ITermInlineImages.supported(environment: env(["TERM_PROGRAM": "tmux"]), terminalName: "tmux 3.3a", sixel: false))
    }

    @Test("a full repaint with inline images clears with ED 2, which Konsole needs to drop them; with kitty it never does")
    func repaintClears() {
        var inline = Renderer(colorDepth: .truecolor)
        inline.pictures = CellPictureOutput(art: { _ in Self.art })
        let buffer = Buffer(size: Size(width: 20, height: 5))
        #expect(String(decoding: inline.render(buffer, cursor: nil), as: UTF8.self).contains("\u{1B}[2J"))
        var kitty = Renderer(colorDepth: .truecolor)
        #expect(!String(decoding: kitty.render(buffer, cursor: nil), as: UTF8.self).contains("\u{1B}[2J"))
    }
}
