import Foundation
import Testing

/// `y` and `Y` in a real terminal: tmux with `set-clipboard on` takes the
/// roster's OSC 52 sequence and keeps the text as its newest paste
/// buffer, which `tmux show-buffer` prints, byte for byte.
@Suite("Copying a monster to the clipboard, in tmux")
struct ClipboardInTmuxTests {
    /// The default roster, open in a tmux of its own at this size.
    private static func roster(width: Int, height: Int) throws -> (Sandbox, TmuxDriver) {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(width: width, height: height, command: "\(Sandbox.binary.path) --db \(sandbox.databasePath) --no-animation",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
        return (sandbox, screen)
    }

    @Test("y copies the selected monster's name, Y its JSON as export writes it; the footer says so")
    func copyInTmux() throws {
        let (sandbox, screen) = try Self.roster(width: 120, height: 35)
        try screen.tmux(["set-option", "-s", "set-clipboard", "on"])
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Down")
        #expect(screen.waitFor("BOW-WOW"))
        try screen.press("y")
        #expect(screen.waitFor("Copied Dog-Bot's name to the clipboard"), "\(screen.screen)")
        #expect(try screen.tmux(["show-buffer"]) == "Dog-Bot")
        try screen.press("Y")
        #expect(screen.waitFor("Copied Dog-Bot as JSON to the clipboard"), "\(screen.screen)")
        let json = try screen.tmux(["show-buffer"])
        let exported = try sandbox.roster("list", "--where", "name=Dog-Bot", "--format", "ndjson")
        #expect(json + "\n" == exported.stdout, "\(json)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0)
    }

    @Test("under tmux's default set-clipboard, external, y says tmux dropped the name and how to let it through; after set -s set-clipboard on, it copies")
    func tmuxDefaultDropsIt() throws {
        let (sandbox, screen) = try Self.roster(width: 80, height: 24)
        #expect(try screen.tmux(["show-options", "-gv", "set-clipboard"]).hasPrefix("external"))
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("y")
        #expect(screen.waitFor("lets it through"), "\(screen.screen)")
        #expect(screen.screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    .contains("Sent Cat-Bot's name for the clipboard, but tmux dropped it: its set-clipboard is external"), "\(screen.screen)")
        #expect(!screen.screen.contains("Copied"), "\(screen.screen)")
        #expect(try !screen.tmux(["show-buffer"]).contains("Cat-Bot"), "no paste buffer holds it")
        try screen.tmux(["set-option", "-s", "set-clipboard", "on"])
        try screen.press("y")
        #expect(screen.waitFor("Copied Cat-Bot's name to the clipboard"), "\(screen.screen)")
        #expect(try screen.tmux(["show-buffer"]) == "Cat-Bot")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0)
        withExtendedLifetime(sandbox) {}
    }
}

