import Foundation
import Testing

/// Ctrl-E on a real terminal: the roster gives the terminal to the
/// person's editor (the main screen, cooked mode: a line-reading editor
/// gets its Enter), takes it back when the editor ends, draws the whole
/// screen again, and saves what the editor wrote.
@Suite("Ctrl-E hands the terminal to the editor and takes it back", .serialized)
struct ExternalEditorOnTerminalTests {
    @Test("a line-mode editor reads a line on the terminal; the roster comes back whole with the new description saved")
    func lineEditorInTmux() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        // An editor as plain as `ed`: it shows which file it has, reads a
        // line (which only ends on Enter in cooked mode) and saves it.
        let editor = sandbox.directory.appendingPathComponent("line-editor").path
        try """
            #!/bin/sh
            echo "line-editor has $1"
            read answer
            printf '%s\\n' "$answer" > "$1"
            echo "$1" > '\(sandbox.directory.path)/edited-file'
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let screen = try TmuxDriver(width: 100, height: 30, command: "\(Sandbox.binary.path) --db \(sandbox.databasePath)",
                                    environment: ["HOME": sandbox.directory.path, "LANG": "C.UTF-8", "EDITOR": editor,
                                                  "TMPDIR": sandbox.directory.path])
        #expect(screen.waitFor("Monsters · 6"))
        try screen.press("Tab", "Tab")
        #expect(screen.waitFor("▸ Description"))
        try screen.press("C-e")
        #expect(screen.waitFor("line-editor has"), "the editor has the terminal: \(screen.screen)")
        #expect(!screen.screen.contains("Monsters · 6"), "on the main screen, not over the roster")
        try screen.type("Purrs in binary")
        try screen.press("Enter")
        #expect(screen.waitFor("Purrs in binary"), "\(screen.screen)")
        #expect(screen.waitFor("Monsters · 6"), "the roster is drawn whole again: \(screen.screen)")
        #expect(screen.waitFor("Changed Cat-Bot: description"), "the save is told: \(screen.screen)")
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE name = 'Cat-Bot'") == "Purrs in binary")
        let edited = try String(contentsOfFile: sandbox.directory.path + "/edited-file", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(edited.hasPrefix(sandbox.directory.path + "/roster-"), "in TMPDIR: \(edited)")
        #expect(!FileManager.default.fileExists(atPath: edited), "the temporary file is removed")
        // The keys are the roster's again: raw mode, `q` quits at once.
        try screen.press("Escape", "q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }
}
