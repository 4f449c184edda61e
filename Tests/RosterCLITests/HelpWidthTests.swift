import Testing
import TerminalKit
@testable import RosterCLI

/// Help is read in terminals of 80 columns and in pipes: every page fits
/// the width it is laid out for, and loses no word on the way.
@Suite("Help pages at the width they are read in")
struct HelpWidthTests {
    let parser = RosterCommandLine.parser

    /// Every page `roster help …` prints, by topic.
    func pages(width: Int) -> [(topic: String, text: String)] {
        let formatter = HelpFormatter(parser: parser, width: width)
        var pages = [("roster help", formatter.overview(version: RosterCommandLine.version)),
                     ("exit-codes", HelpCommands.exitCodesPage(width: width))]
        for command in parser.commands where !command.isHidden {
            pages.append((command.name, formatter.page(for: command)))
        }
        return pages
    }

    @Test("no line of any help page is wider than 80 columns, nor than 60 in a narrow terminal",
          arguments: [80, 60])
    func everyPageFits(width: Int) {
        for (topic, text) in pages(width: width) {
            for line in text.split(separator: "\n") where DisplayWidth.of(String(line)) > width {
                Issue.record("`\(topic)` at \(width) columns has a line of \(DisplayWidth.of(String(line))): \(line)")
            }
        }
    }

    @Test("fitting a page to the width moves words between lines and loses none")
    func noWordLost() {
        let wide = pages(width: 10_000)
        for ((topic, fitted), (_, unfitted)) in zip(pages(width: 60), wide) {
            // A wrapped example ends its lines with ` \`.
            let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0 != "\\" } }
            #expect(words(fitted) == words(unfitted), "\(topic)")
        }
    }

    @Test("an example that fits stays one line; one too wide goes on after a backslash, as a shell reads it")
    func examples() throws {
        let formatter = HelpFormatter(parser: parser, width: 80)
        let setWeapon = formatter.page(for: try #require(parser.command(named: "set-weapon")))
        #expect(setWeapon.contains("\n  printf 'Cat-Bot\\tfire\\n' | roster set-weapon --stdin\n"), "\(setWeapon)")
        let add = formatter.page(for: try #require(parser.command(named: "add")))
        #expect(add.contains("\n  roster add Tall-Bot --weapon sword --height 6ft2 --origin France \\\n      --activated now\n"), "\(add)")
    }

    @Test("a paragraph that fits is kept as written; a table's entry wraps under its second column")
    func layout() {
        #expect(HelpLayout.fitted("short line\nand another\n\nthird", width: 80) == "short line\nand another\n\nthird")
        let table = "upsert   update the monsters with the same name, only the fields the file gives\n"
            + "         and add the rest\nreplace  the file becomes the roster"
        #expect(HelpLayout.fitted(table, width: 50) == """
            upsert   update the monsters with the same name,
                     only the fields the file gives and add
                     the rest
            replace  the file becomes the roster
            """)
        #expect(HelpLayout.usage("roster add NAME --weapon W [--description D] [--icon ASSET]", lead: "  ", width: 40) == [
            "  roster add NAME --weapon W",
            "             [--description D]",
            "             [--icon ASSET]",
        ])
        #expect(HelpLayout.example(#"roster add Bat-Bot --weapon smoke --description "Hangs around""#, lead: "  ", width: 50) == [
            "  roster add Bat-Bot --weapon smoke \\",
            #"      --description "Hangs around""#,
        ])
    }
}
