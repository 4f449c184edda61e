import Testing
@testable import TerminalKit

/// Kitty's Unicode placeholders and tmux's passthrough, against kitty's
/// graphics protocol documentation and tmux's wrapping rule.
@Suite("Kitty pictures inside tmux: placeholder cells and passthrough")
struct KittyPlaceholdersTests {
    static let art: Image = Image(rows: (0..<32).map { y in (0..<32).map { x in RGBA(UInt8(x / 2 * 16), UInt8(y / 2 * 16), 99) } })

    @Test("passthrough doubles every ESC inside and wraps the whole in DCS tmux; … ST")
    func wrap() {
        let wrapped = String(decoding: TmuxClient.wrap(Array("\u{1B}_Ga=p,i=1\u{1B}\\".utf8)), as: UTF8.self)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,i=1\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test("tmux's answer: passthrough on and kitty 0.28 or later, or Ghostty; kitty 0.26.5 (this machine's) is not enough")
    func client() throws {
        let old = try #require(TmuxClient(displayed: "1\tkitty(0.26.5)\n"))
        #expect(old.allowsPassthrough && old.outerTerminal == "kitty(0.26.5)" && !old.showsKittyPlaceholders)
        #expect(TmuxClient(displayed: "1\tkitty(0.28.0)\n")?.showsKittyPlaceholders == true)
        #expect(TmuxClient(displayed: "1\tkitty(0.35.2)\n")?.showsKittyPlaceholders == true)
        #expect(TmuxClient(displayed: "0\tkitty(0.35.2)\n")?.showsKittyPlaceholders == false, "passthrough off")
        #expect(TmuxClient(displayed: "on\tghostty 1.1.0\n")?.showsKittyPlaceholders == true)
        #expect(TmuxClient(displayed: "1\tWezTerm 20240203\n")?.showsKittyPlaceholders == false)
        #expect(TmuxClient(displayed: "1\t\n")?.showsKittyPlaceholders == false, "no answer from the terminal outside")
        #expect(TmuxClient(displayed: "garbage") == nil)
    }

    @Test("a cell is U+10EEEE, the row diacritic, the column diacritic, as in the documentation's 2×2 example")
    func cells() {
        #expect(Array(KittyPlaceholders.cell(row: 0, column: 1).unicodeScalars.map(\.value)) == [0x10EEEE, 0x0305, 0x030D])
        #expect(Array(KittyPlaceholders.cell(row: 1, column: 0).unicodeScalars.map(\.value)) == [0x10EEEE, 0x030D, 0x0305])
        for row in 0..<KittyPlaceholders.largestSide {
            let text = KittyPlaceholders.cell(row: row, column: KittyPlaceholders.largestSide - 1 - row)
            #expect(DisplayWidth.of(Character(text)) == 1)
            #expect(KittyPlaceholders.position(of: text)! == (row, KittyPlaceholders.largestSide - 1 - row))
        }
    }

    @Test("the virtual placement: a=p, U=1, the image, the cells, quiet")
    func virtualPlacement() {
        let text = String(decoding: KittyPlaceholders.virtualPlacement(imageID: 3, columns: 32, rows: 16), as: UTF8.self)
        #expect(text == "\u{1B}_Ga=p,U=1,i=3,p=1,c=32,r=16,q=2\u{1B}\\")
    }

    @Test("drawn as placeholders, every cell of the picture names its own row and column and the image by its colour")
    func drawing() throws {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: .kittyPlaceholders)
        var buffer = Buffer(size: Size(width: 60, height: 20))
        let frame = try #require(drawing.draw("art", in: Rect(x: 3, y: 2, width: 40, height: 16), into: &buffer, slot: 1))
        #expect(frame.width == 32 && frame.height == 16, "the 16×16 art at 2×: \(frame)")
        let id = library.imageID(named: "art")
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX {
                let cell = buffer[x, y]
                #expect(cell.style.foreground == .indexed(UInt8(id)))
                let position = try #require(KittyPlaceholders.position(of: cell.text))
                #expect(position == (y - frame.y, x - frame.x))
            }
        }
        #expect(buffer.placements.map(\.frame) == [frame])
    }

    @Test("the renderer sends the image and its virtual placement once, wrapped, before the cells; again only the placement when the size changes")
    func renderer() throws {
        let library = PictureLibrary { _ in try? Self.art.encodePNG() }
        let drawing = PictureDrawing(library: library, mode: .kittyPlaceholders)
        var renderer = Renderer(colorDepth: .indexed256)
        renderer.pictures = KittyPlaceholderOutput(png: library.pngBytes(forImageID:))
        func frame(_ space: Rect, _ renderer: inout Renderer) -> String {
            var buffer = Buffer(size: Size(width: 80, height: 30))
            drawing.draw("art", in: space, into: &buffer, slot: 1)
            return String(decoding: renderer.render(buffer, cursor: nil), as: UTF8.self)
        }
        let first = frame(Rect(x: 0, y: 0, width: 40, height: 16), &renderer)
        #expect(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,i=1,q=2"))
        #expect(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=1,p=1,c=32,r=16,q=2\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(first.contains("\u{1B}[38;5;1m\u{10EEEE}\u{0305}\u{0305}"), "the first cell, coloured with the image id")
        #expect(Self.outsidePassthrough(first).contains("\u{1B}_") == false, "no APC reaches tmux itself (it would become the title)")
        let second = frame(Rect(x: 0, y: 0, width: 40, height: 16), &renderer)
        #expect(!second.contains("tmux;"))
        let larger = frame(Rect(x: 0, y: 0, width: 60, height: 24), &renderer)
        #expect(larger.contains("a=p,U=1,i=1,p=1,c=48,r=24") && !larger.contains("a=t"))
    }

    /// The text with every passthrough sequence taken out.
    static func outsidePassthrough(_ text: String) -> String {
        var rest = Substring(text)
        var outside = ""
        while let start = rest.range(of: "\u{1B}Ptmux;") {
            outside += rest[..<start.lowerBound]
            var index = start.upperBound
            // The end is an ESC \ whose ESC is not doubled.
            while index < rest.endIndex {
                if rest[index] == "\u{1B}" {
                    let next = rest.index(after: index)
                    if next < rest.endIndex, rest[next] == "\u{1B}" { index = rest.index(after: next); continue }
                    if next < rest.endIndex, rest[next] == "\\" { index = rest.index(after: next); break }
                }
                index = rest.index(after: index)
            }
            rest = rest[index...]
        }
        return outside + rest
    }
}
