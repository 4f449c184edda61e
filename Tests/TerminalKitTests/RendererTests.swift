import Testing
import TestSupport
@testable import TerminalKit

@Suite("The diff renderer")
struct RendererTests {
    func frame(_ rows: [String], width: Int = 20, selected: Int? = nil) -> Buffer {
        var buffer = Buffer(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() {
            buffer.write(row, at: Point(x: 0, y: y))
            if y == selected { buffer.restyle(buffer.bounds.row(y)) { $0.reversed } }
        }
        return buffer
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("the first frame clears and paints, inside synchronized output")
    func firstFrame() {
        var renderer = Renderer(colorDepth: .truecolor)
        let output = text(renderer.render(frame(["hello", "world"]), cursor: nil))
        // ED 0 from the top left, not ED 2: kitty frees its images on ED 2.
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[J\u{1B}[?2026h"))
        #expect(output.hasSuffix("\u{1B}[?2026l"))
        #expect(output.contains("hello"))
        #expect(output.contains("world"))
    }

    @Test("an unchanged frame costs nothing")
    func unchanged() {
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(frame(["a", "b"]), cursor: nil)
        #expect(renderer.render(frame(["a", "b"]), cursor: nil).isEmpty)
    }

    @Test("moving a selection rewrites only the two rows that changed, in a few hundred bytes")
    func selectionMove() {
        var renderer = Renderer(colorDepth: .truecolor)
        let rows = (0..<30).map { "monster number \($0)" }
        _ = renderer.render(frame(rows, width: 100, selected: 10), cursor: nil)
        let bytes = renderer.render(frame(rows, width: 100, selected: 11), cursor: nil)
        #expect(bytes.count < 300, "\(bytes.count) bytes")
        let output = text(bytes)
        #expect(output.contains("\u{1B}[11H"))
        // The pen may already be reversed: the last frame may have written the old bar last.
        #expect(output.contains("monster number 11"))
        #expect(!output.contains("monster number 5"))
        var fresh = Renderer(colorDepth: .truecolor)
        let terminal = ScreenModelComparison.terminal(for: Size(width: 100, height: 30))
        terminal.write(fresh.render(frame(rows, width: 100, selected: 10), cursor: nil))
        terminal.write(fresh.render(frame(rows, width: 100, selected: 11), cursor: nil))
        #expect(ScreenModelComparison.differences(terminal, frame(rows, width: 100, selected: 11), depth: .truecolor).isEmpty)
    }

    @Test("a changed character in the middle of a row is reached with the shortest cursor move")
    func singleCell() {
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(frame(["abcdef"]), cursor: nil)
        // The cursor is after the "f": three columns back.
        let output = text(renderer.render(frame(["abcXef"]), cursor: nil))
        #expect(output == "\u{1B}[?2026h\u{1B}[3DX\u{1B}[?2026l")
        var fresh = Renderer(colorDepth: .truecolor)
        _ = fresh.render(frame(["abcdef", "ghijklmnopqrstuvwxyz"]), cursor: nil)
        // After the last column the cursor is unknown: only CUP gets there.
        #expect(text(fresh.render(frame(["abcdeX", "ghijklmnopqrstuvwxyz"]), cursor: nil)) == "\u{1B}[?2026h\u{1B}[1;6HX\u{1B}[?2026l")
    }

    @Test("wide characters are written once and their continuation skipped")
    func wide() {
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(frame(["ab"]), cursor: nil)
        let output = text(renderer.render(frame(["猫b"]), cursor: nil))
        #expect(output.contains("猫"))
        #expect(!output.contains("猫 "))
    }

    @Test("the text cursor is shown where asked and hidden again")
    func cursor() {
        var renderer = Renderer(colorDepth: .truecolor)
        _ = renderer.render(frame(["a"]), cursor: nil)
        let shown = text(renderer.render(frame(["a"]), cursor: Point(x: 3, y: 0)))
        // The cursor is just after the "a", so a short relative move gets there.
        #expect(shown == "\u{1B}[?2026h\u{1B}[2C\u{1B}[?25h\u{1B}[?2026l")
        let hidden = text(renderer.render(frame(["b"]), cursor: nil))
        #expect(hidden.contains("\u{1B}[?25l"))
    }

    @Test("colours follow the terminal's depth; without colour, attributes remain")
    func colours() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.write("x", at: .zero, style: Style(foreground: .rgb(255, 0, 0)).reversed)
        var truecolor = Renderer(colorDepth: .truecolor)
        #expect(text(truecolor.render(buffer, cursor: nil)).contains("\u{1B}[7;38;2;255;0;0mx"))
        var indexed = Renderer(colorDepth: .indexed256)
        #expect(text(indexed.render(buffer, cursor: nil)).contains("\u{1B}[7;38;5;196mx"))
        var ansi = Renderer(colorDepth: .ansi16)
        #expect(text(ansi.render(buffer, cursor: nil)).contains("\u{1B}[7;91mx"))
        var none = Renderer(colorDepth: .none)
        let plain = text(none.render(buffer, cursor: nil))
        #expect(plain.contains("\u{1B}[7mx"))
        #expect(!plain.contains("38;"))
    }

    @Test("nearest colours are found in the 256-colour cube, the grey ramp and the 16 colours")
    func conversion() {
        #expect(ColorConversion.nearestIndexed(0, 0, 0) == 16)
        #expect(ColorConversion.nearestIndexed(255, 255, 255) == 231)
        #expect(ColorConversion.nearestIndexed(128, 128, 128) == 244)
        #expect(ColorConversion.nearestIndexed(0, 135, 255) == 33)
        #expect(ColorConversion.nearestANSI((250, 10, 10)) == 9)
        #expect(ColorConversion.nearestANSI((0, 0, 0)) == 0)
        #expect(ColorConversion.convert(.indexed(196), to: .ansi16) == .ansi(9))
    }

    @Test("the colour depth is read from NO_COLOR, COLORTERM and TERM")
    func depth() {
        func detect(_ environment: [String: String]) -> ColorDepth { ColorDepth.detect { environment[$0] } }
        #expect(detect(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(detect(["TERM": "xterm-256color"]) == .indexed256)
        #expect(detect(["TERM": "xterm"]) == .ansi16)
        #expect(detect(["TERM": "xterm-direct"]) == .truecolor)
        #expect(detect(["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
        #expect(detect(["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        #expect(detect(["TERM": "xterm-256color", "NO_COLOR": ""]) == .indexed256)
    }

    @Test("terminals known to draw 24-bit colour get it when COLORTERM says nothing, except inside tmux")
    func knownTruecolor() {
        func detect(_ environment: [String: String]) -> ColorDepth { ColorDepth.detect { environment[$0] } }
        #expect(detect(["TERM": "mlterm", "MLTERM": "3.9.3"]) == .truecolor)
        #expect(detect(["TERM": "xterm-256color", "KONSOLE_VERSION": "221201"]) == .truecolor)
        #expect(detect(["TERM": "xterm-256color", "VTE_VERSION": "7006"]) == .truecolor)
        #expect(detect(["TERM": "xterm-256color", "VTE_VERSION": "3405"]) == .indexed256, "VTE before 0.36")
        #expect(detect(["TERM": "screen-256color", "MLTERM": "3.9.3"]) == .indexed256, "screen decides")
        #expect(detect(["TERM": "rxvt-unicode-256color"]) == .truecolor, "urxvt 9.30")
        #expect(detect(["TERM": "st-256color"]) == .truecolor)
        #expect(detect(["TERM": "stterm-256color"]) == .indexed256, "not st's own TERM")
        #expect(detect(["TERM": "mlterm", "MLTERM": "3.9.3", "NO_COLOR": "1"]) == .none)
    }
}

@Suite("The cell buffer")
struct BufferTests {
    @Test("text is written with its display width; wide characters take two cells")
    func widths() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        let end = buffer.write("猫a", at: .zero)
        #expect(end == 3)
        #expect(buffer[0, 0].text == "猫" && buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer.lines == ["猫a"])
    }

    @Test("overwriting half of a wide character blanks the other half")
    func halves() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("猫猫", at: .zero)
        buffer.write("x", at: Point(x: 1, y: 0))
        #expect(buffer.lines == [" x猫"])
    }

    @Test("a wide character never straddles the clip edge")
    func clip() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        buffer.write("ab猫", at: .zero, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(buffer.lines == ["ab"])
    }

    @Test("control characters written to a buffer arrive as visible escapes")
    func safety() {
        var buffer = Buffer(size: Size(width: 30, height: 1))
        buffer.write("a\u{1B}]0;x\u{07}b", at: .zero)
        #expect(buffer.lines == [#"a\e]0;x\x07b"#])
    }

    @Test("combining marks join the character before them")
    func combining() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("e\u{301}x", at: .zero)
        #expect(buffer[0, 0].text == "e\u{301}")
        #expect(buffer[1, 0].text == "x")
    }

    @Test("writing outside the buffer does nothing")
    func outside() {
        var buffer = Buffer(size: Size(width: 2, height: 2))
        buffer.write("abc", at: Point(x: -5, y: 9))
        buffer.fill(Rect(x: -3, y: -3, width: 100, height: 100), with: "#")
        #expect(buffer.lines == ["##", "##"])
        let empty = Buffer(size: Size(width: 0, height: 0))
        #expect(empty.lines.isEmpty)
    }
}

@Suite("Kitty pictures in the renderer")
struct RendererGraphicsTests {
    func frame(placements: [PicturePlacement]) -> Buffer {
        var buffer = Buffer(size: Size(width: 20, height: 10))
        buffer.write("text", at: .zero)
        buffer.placements = placements
        return buffer
    }

    @Test("an image is transmitted once, placed where it shows, and deleted when it goes")
    func lifecycle() {
        var renderer = Renderer(colorDepth: .truecolor)
        var transmitted = 0
        renderer.pictures = KittyImageOutput(imageData: { _ in transmitted += 1; return [0x89, 0x50, 0x4E, 0x47] })
        let picture = PicturePlacement(imageID: 3, placementID: 1, frame: Rect(x: 2, y: 2, width: 4, height: 2),
                                     imageSize: Size(width: 16, height: 16))
        let first = String(decoding: renderer.render(frame(placements: [picture]), cursor: nil), as: UTF8.self)
        #expect(transmitted == 1)
        #expect(first.contains("\u{1B}_Ga=T") || first.contains("\u{1B}_Gf=100") || first.contains("\u{1B}_G"))
        #expect(first.contains("\u{1B}[3;3H"), "the cursor goes to the picture's corner before placing it")
        // The same picture in the same place costs nothing more.
        #expect(renderer.render(frame(placements: [picture]), cursor: nil).isEmpty)
        // Cropped by a panel: placed again, not transmitted again.
        let cropped = picture.clipped(to: Rect(x: 0, y: 0, width: 20, height: 3))
        let crop = renderer.render(frame(placements: [cropped]), cursor: nil)
        #expect(!crop.isEmpty)
        #expect(transmitted == 1)
        // Gone: deleted.
        let gone = String(decoding: renderer.render(frame(placements: []), cursor: nil), as: UTF8.self)
        #expect(gone.contains("a=d"))
        #expect(!renderer.removeGraphics().isEmpty, "and quitting frees the image")
    }
}
