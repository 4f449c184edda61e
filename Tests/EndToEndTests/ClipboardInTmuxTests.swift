import Foundation
import Testing

/// `y` and `Y` in a real terminal: tmux with `set-clipboard on` takes the
/// roster's OSC 52 sequence and keeps the text as its newest paste
/// buffer, which `tmux show-buffer` prints, byte for byte.
@Suite("Copying a monster to the clipboard, in tmux")
struct ClipboardInTmuxTests {
    @Test("y copies the selected monster's name, Y its JSON as export writes it; the footer says so")
    func copyInTmux() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let screen = try TmuxDriver(width: 120, height: 35, command: "\(Sandbox.binary.path) --db \(sandbox.databasePath) --no-animation",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8"])
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
}
