import Foundation
import Testing

@Suite("Pictures in roster show, and icons that must exist")
struct PicturesTests {
    /// The rows of the output that hold picture cells.
    func pictureRows(_ output: String) -> [Substring] {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("▀") || $0.contains("▄") }
    }

    @Test("on a colour terminal, show draws the icon and the weapon with half blocks beside the details")
    func showDrawsPictures() throws {
        let sandbox = try Sandbox()
        let (status, output) = try sandbox.rosterOnTerminal(["show", "cat-bot"])
        #expect(status == 0)
        #expect(pictureRows(output).count == 8)
        #expect(output.contains("Cat-Bot"))
        #expect(output.contains("† Sword"))
        // TERM=xterm-256color without COLORTERM: 256 colours, never truecolor.
        #expect(output.contains("38;5;"))
        #expect(!output.contains("38;2;"))
        // Each picture row ends its colours, so nothing bleeds into the prompt.
        #expect(pictureRows(output).allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }

    @Test("truecolor terminals get the pictures' own colours; 16-colour terminals the nearest standard ones")
    func depths() throws {
        let sandbox = try Sandbox()
        let truecolor = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: ["COLORTERM": "truecolor"]).output
        // Fire-Bot's flames, exactly as drawn.
        #expect(truecolor.contains("38;2;255;138;31"))
        let sixteen = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: ["TERM": "xterm"]).output
        #expect(pictureRows(sixteen).count == 8)
        #expect(!sixteen.contains("38;5;") && !sixteen.contains("38;2;"))
    }

    @Test("with NO_COLOR or TERM=dumb, show prints text only, the weapon as its glyph")
    func noColor() throws {
        let sandbox = try Sandbox()
        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let (status, output) = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: environment)
            #expect(status == 0)
            #expect(pictureRows(output).isEmpty)
            #expect(!output.contains("\u{1B}["))
            #expect(output.contains("  weapon       † Sword"))
        }
    }

    @Test("text from the database beside the pictures is shown with visible escapes")
    func hostileText() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        _ = try sandbox.sqlite("UPDATE monster SET description = 'ok' || char(27) || '[2J' || char(27) || ']52;c;aGk=' || char(7) WHERE name = 'Cat-Bot'")
        let output = try sandbox.rosterOnTerminal(["show", "Cat-Bot"]).output
        #expect(pictureRows(output).count == 8)
        #expect(output.contains("ok\\e[2J\\e]52;c;aGk=\\x07"))
        #expect(!output.contains("\u{1B}[2J") && !output.contains("\u{1B}]52"))
    }

    @Test("piped, show stays plain text")
    func piped() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster("show", "Cat-Bot")
        #expect(run.stdout == "id\t1\nname\tCat-Bot\ndescription\tMEE-OW\nicon\tmeetcatbot.png\nname_color\tdefault\nweapon\tsword\n"
            + "height\t2ft4in\norigin\tJP\nactivated\t2019-03-14T09:30:00Z\n")
        let table = try sandbox.roster("show", "Cat-Bot", "--format", "table")
        #expect(!table.stdout.contains("▀") && !table.stdout.contains("\u{1B}"))
    }

    @Test("a monster whose icon does not exist is drawn with the fallback picture, and show says so in one line")
    func missingIcon() throws {
        let sandbox = try Sandbox()
        try sandbox.roster("add", "Ghost-Bot", "--weapon", "sword", "--icon", "unknown.png")
        _ = try sandbox.sqlite("UPDATE monster SET icon = 'bat.png' WHERE name = 'Cat-Bot'")
        // A narrow terminal puts the pictures above the text, so the rows hold nothing else.
        let missing = try sandbox.rosterOnTerminalWithErrors(["show", "Cat-Bot"], columns: 40)
        #expect(missing.status == 0)
        #expect(missing.errors == "Cat-Bot's icon bat.png is not one of roster's pictures; showing unknown.png instead\n")
        #expect(missing.output.contains("  icon         bat.png"))
        let fallback = try sandbox.rosterOnTerminalWithErrors(["show", "Ghost-Bot"], columns: 40)
        #expect(fallback.errors == "")
        #expect(pictureRows(missing.output).count == 8)
        #expect(pictureRows(missing.output) == pictureRows(fallback.output))
        // The real icon looks different.
        _ = try sandbox.sqlite("UPDATE monster SET icon = 'meetcatbot.png' WHERE name = 'Cat-Bot'")
        let real = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], columns: 40).output
        #expect(pictureRows(real) != pictureRows(fallback.output))
        // JSON keeps the stored name as it is and notes nothing.
        let json = try sandbox.roster("show", "Ghost-Bot", "--format", "json")
        #expect(json.stderr == "")
    }

    @Test("add and edit refuse an icon that is not one of roster's pictures, and list the ones there are")
    func unknownIconRefused() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let available = "blowgun.png, fire.png, meetcatbot.png, meetdogbot.png, meetexplodebot.png, meetfirebot.png, meeticebot.png, meetminitomatobot.png, ninjastar.png, smoke.png, sword.png, unknown.png"
        let add = try sandbox.roster("add", "Bat-Bot", "--weapon", "smoke", "--icon", "bat.png")
        #expect(add.status == 65)
        #expect(add.stderr == "roster: there is no picture named `bat.png`; the available icons are \(available)\n")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster WHERE name = 'Bat-Bot'") == "0")
        let edit = try sandbox.roster("edit", "Cat-Bot", "--icon", "meetbatbot.png", "--dry-run")
        #expect(edit.status == 65)
        #expect(edit.stderr.contains("the available icons are \(available)"))
        let hostile = try sandbox.roster("edit", "Cat-Bot", "--icon", "x\u{1B}]52;c;aGk=\u{07}.png")
        #expect(hostile.status == 65)
        #expect(!hostile.stderr.contains("\u{1B}"))
        #expect(try sandbox.sqlite("SELECT icon FROM monster WHERE name = 'Cat-Bot'") == "meetcatbot.png")
        // Any picture roster carries is accepted.
        #expect(try sandbox.roster("edit", "Cat-Bot", "--icon", "meetdogbot.png").status == 0)
        #expect(try sandbox.roster("add", "Bat-Bot", "--weapon", "smoke", "--icon", "smoke.png").status == 0)
        #expect(try sandbox.roster("add", "Owl-Bot", "--weapon", "smoke").status == 0)
        #expect(try sandbox.sqlite("SELECT icon FROM monster WHERE name = 'Owl-Bot'") == "unknown.png")
    }
}

@Suite("roster show asks the terminal, as the interactive roster does")
struct ShowDetectionTests {
    @Test("a terminal that answers the kitty query gets kitty images, no half blocks")
    func kittyAnswer() throws {
        let sandbox = try Sandbox()
        let output = try sandbox.rosterOnTerminal(["show", "Cat-Bot"],
                                                  answers: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P1+r524742=38\u{1B}\\\u{1B}[?62;c").output
        #expect(output.components(separatedBy: "\u{1B}_Ga=T,f=100").count == 3, "the icon and the weapon as images")
        #expect(!output.contains("▀"))
        #expect(output.contains("Cat-Bot") && output.contains("† Sword"))
    }

    @Test("the kitty query is asked only after the first answers, and never of tmux or screen answering for themselves")
    func neverAsksTmuxAboutKitty() throws {
        let sandbox = try Sandbox()
        // Over ssh from a tmux pane with TERM overridden: nothing in the
        // environment says tmux, but its answers do. An APC string would
        // become the pane's title.
        for answers in ["\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[>84;0;0c\u{1B}[?1;2c", "\u{1B}[>83;40900;0c\u{1B}[?1;2c"] {
            let output = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["TERM": "xterm-256color"], answers: answers).output
            #expect(!output.contains("\u{1B}_"), "no APC string at all: \(answers.debugDescription)")
            #expect(output.split(separator: "\n").filter { $0.contains("▀") || $0.contains("▄") }.count == 8, "half blocks")
        }
        let kitty = try sandbox.rosterOnTerminal(["show", "Cat-Bot"],
                                                 answers: "\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c").output
        let firstRound = try #require(kitty.range(of: "\u{1B}[c"))
        let query = try #require(kitty.range(of: "\u{1B}_Gi=31,s=1,v=1,a=q"))
        #expect(firstRound.upperBound <= query.lowerBound)
    }

    @Test("a terminal whose device attributes offer sixel gets sixel pictures in no more colours than its registers")
    func sixelAnswer() throws {
        let sandbox = try Sandbox()
        let output = try sandbox.rosterOnTerminal(["show", "Cat-Bot"],
                                                  answers: "\u{1B}[?1;0;8S\u{1B}[?63;1;2;4;6;9;15;22c").output
        let pictures = output.components(separatedBy: "\u{1B}P0;1;0q").dropFirst()
        #expect(pictures.count == 2, "the icon and the weapon as sixel")
        for picture in pictures {
            #expect(!picture.contains("#8;2;"), "eight registers at most, as the terminal said")
        }
        // Cat-Bot's art has ten colours: merged into all eight registers.
        #expect(pictures.first?.contains("#7;2;") == true)
        #expect(!output.contains("▀") && !output.contains("\u{1B}_Ga=T"))
        #expect(output.contains("Cat-Bot") && output.contains("† Sword"))
    }

    @Test("ROSTER_PICTURES=sixel draws sixel even where the terminal does not offer it, and still asks for its registers")
    func sixelForced() throws {
        let sandbox = try Sandbox()
        let output = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "sixel"],
                                                  answers: "\u{1B}[?62;c").output
        #expect(output.components(separatedBy: "\u{1B}P0;1;0q").count == 3)
        #expect(output.contains("\u{1B}[?1;1;0S"), "asked for the registers")
        #expect(!output.contains("▀"))
    }

    @Test("ROSTER_PICTURES chooses: kitty without asking, blocks, or text")
    func environment() throws {
        let sandbox = try Sandbox()
        let kitty = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "kitty"], answers: "").output
        #expect(kitty.contains("\u{1B}_Ga=T,f=100") && !kitty.contains("▀"))
        #expect(!kitty.contains("\u{1B}[c"), "not asked")
        let blocks = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "blocks"],
                                                  answers: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c").output
        #expect(blocks.contains("▀") && !blocks.contains("\u{1B}_G"))
        let text = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "text"]).output
        #expect(!text.contains("▀") && !text.contains("\u{1B}_G"))
        #expect(text.contains("  weapon       † Sword"))
        // Inside tmux or screen a kitty command would become the pane's title.
        for multiplexer in [["TMUX": "/tmp/tmux-0/default,1,0"], ["TERM": "screen-256color"], ["STY": "1.pts-0.host"]] {
            let inside = try sandbox.rosterOnTerminal(["show", "Cat-Bot"], environment: multiplexer.merging(["ROSTER_PICTURES": "kitty"]) { $1 },
                                                      answers: "").output
            #expect(!inside.contains("\u{1B}_") && inside.contains("▀"), "\(multiplexer): half blocks, no APC string")
        }
        let wrong = try sandbox.rosterOnTerminalWithErrors(["show", "Cat-Bot"], environment: ["ROSTER_PICTURES": "sixteen"])
        #expect(wrong.status == 64)
        #expect(wrong.errors.contains("ROSTER_PICTURES must be kitty, sixel, iterm2, blocks, text or auto"))
    }

    @Test("a terminal that says it draws 24-bit colour gets it, whatever TERM says")
    func truecolorAnswer() throws {
        let sandbox = try Sandbox()
        let output = try sandbox.rosterOnTerminal(["show", "Fire-Bot"], environment: ["TERM": "xterm"],
                                                  answers: "\u{1B}P1+r524742=38\u{1B}\\\u{1B}[?62;c").output
        #expect(output.contains("38;2;255;138;31"))
    }
}

/// 65535 × 65535 pixels made `show` use 3.3 GB and 35–60 s.
@Suite("roster show on a terminal that reports a huge pixel size")
struct HugePixelSizeTests {
    @Test("draws its pictures at once, with kitty images or sixel",
          arguments: ["\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c", "\u{1B}[?1;0;8S\u{1B}[?63;1;2;4;6;9;15;22c"])
    func hugePixels(_ answers: String) throws {
        let sandbox = try Sandbox()
        let start = Date()
        let run = try sandbox.rosterOnTerminalWithErrors(["show", "Cat-Bot"], environment: ["TERM": "xterm-256color"],
                                                         answers: answers, pixels: (65535, 65535))
        #expect(run.status == 0, "\(run.errors)")
        // The bug took 35–60 s; a debug build on a loaded machine takes
        // up to about 6 s for the same work, so the bound sits between.
        #expect(Date().timeIntervalSince(start) < 20, "took \(Date().timeIntervalSince(start)) s")
        #expect(run.output.utf8.count < 4 << 20, "\(run.output.utf8.count) bytes")
    }
}
