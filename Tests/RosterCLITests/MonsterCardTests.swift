import Testing
import RosterCore
import TerminalKit
@testable import RosterCLI

@Suite("roster show's card: pictures beside or above the details")
struct MonsterCardTests {
    func card(description: String = "MEE-OW") -> MonsterCard {
        MonsterCard(icon: "meetcatbot.png", weapon: "sword.png", lines: [
            .init(text: "Cat-Bot", style: Style.plain.bold),
            .init(text: "  description  " + description),
            .init(text: "  weapon       † Sword"),
        ])
    }

    /// The card's lines with half-block pictures in colours of `depth`.
    func render(_ card: MonsterCard, width: Int, depth: ColorDepth) -> [String] {
        let drawing = PictureDrawing(library: PictureLibrary(load: Assets.bytes(named:)), mode: .halfBlocks(depth))
        return card.buffer(width: width, drawing: drawing).styledLines(depth: depth)
    }

    /// Lines with their SGR sequences removed: what the eye reads.
    func visible(_ lines: [String]) -> [String] {
        lines.map { line in
            var text = "", inEscape = false
            for character in line {
                if character == "\u{1B}" { inEscape = true; continue }
                if inEscape { if character == "m" { inEscape = false }; continue }
                text.append(character)
            }
            return text
        }
    }

    @Test("on a wide terminal: icon, details, weapon, left to right, eight rows")
    func beside() throws {
        let lines = visible(render(card(), width: 80, depth: .indexed256))
        #expect(lines.count == 8)
        // The details start three columns after the 16-column icon, centred in its 8 rows.
        #expect(lines[2].dropFirst(19).hasPrefix("Cat-Bot"))
        #expect(lines[3].dropFirst(19).hasPrefix("  description  MEE-OW"))
        #expect(lines[4].dropFirst(19).hasPrefix("  weapon       † Sword"))
        // Every row holds picture cells on both sides of the text.
        #expect(lines.allSatisfy { $0.contains("▀") || $0.contains("▄") })
        #expect(lines[3].hasSuffix("▀") || lines[3].hasSuffix("▄"))
    }

    @Test("when the details do not fit beside, the pictures come first and the text is not cut")
    func above() throws {
        let long = String(repeating: "very ", count: 30) + "long"
        let lines = visible(render(card(description: long), width: 80, depth: .indexed256))
        #expect(lines.count == 8 + 3)
        #expect(lines[8] == "Cat-Bot")
        #expect(lines[9] == "  description  " + long)
        // Icon at the left, the weapon at full size three columns later.
        #expect(lines[0].count <= 35)
        #expect(lines[4].dropFirst(19).contains("▀"))
    }

    @Test("narrower terminals get the icon alone, then no pictures: never a picture shrunk by a fraction")
    func narrow() throws {
        let small = visible(render(card(), width: 30, depth: .ansi16))
        #expect(small.count == 8 + 3)
        #expect(small.prefix(8).allSatisfy { $0.count <= 16 }, "no half-size weapon beside the icon")
        let iconOnly = visible(render(card(), width: 20, depth: .ansi16))
        #expect(iconOnly.count == 8 + 3)
        #expect(iconOnly.prefix(8).allSatisfy { $0.count <= 16 })
        let none = visible(render(card(), width: 12, depth: .ansi16))
        #expect(none == ["Cat-Bot", "  description  MEE-OW", "  weapon       † Sword"])
    }

    @Test("the picture cells carry the depth's colours")
    func depths() throws {
        let card = try card()
        #expect(render(card, width: 80, depth: .truecolor).joined().contains("38;2;"))
        let indexed = render(card, width: 80, depth: .indexed256).joined()
        #expect(indexed.contains("38;5;") && !indexed.contains("38;2;"))
        let ansi = render(card, width: 80, depth: .ansi16).joined()
        #expect(!ansi.contains("38;5;") && !ansi.contains("38;2;") && ansi.contains("▀"))
    }

    @Test("kitty: the lines keep blank cells where the pictures go, and each picture is placed over its cells")
    func kitty() throws {
        let library = PictureLibrary(load: Assets.bytes(named:))
        var pictures = PictureMode.kittyGraphics.output(library: library, cellPixels: nil)
        let buffer = card().buffer(width: 80, drawing: PictureDrawing(library: library, mode: .kittyGraphics))
        let output = String(decoding: MonsterCard.bytes(of: buffer, depth: .truecolor, pictures: &pictures), as: UTF8.self)
        #expect(!output.contains("▀") && !output.contains("▄"), "no half blocks beneath real pictures")
        // Room for the eight rows first, then back to the card's top.
        #expect(output.hasPrefix(String(repeating: "\n", count: 9) + "\u{1B}[9A\r\u{1B}7"))
        let placements = output.components(separatedBy: "\u{1B}_Ga=T,f=100,c=16,r=8,C=1,q=2")
        #expect(placements.count == 3, "the icon and the weapon, at the art's size")
        #expect(output.contains("\u{1B}8\u{1B}[")  && output.contains("C\u{1B}_Ga=T"), "the weapon is moved to its column")
        #expect(output.hasSuffix("\u{1B}8\u{1B}[8B\r"), "the cursor ends below the card")
        #expect(output.contains("Cat-Bot"))
    }
}
