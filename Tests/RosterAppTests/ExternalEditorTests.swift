import Foundation
import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Ctrl-E in the name or the description opens the text in the person's
/// own editor, as `git commit` does; what the editor saves goes through
/// the one save path, clash check included, and an editor that fails is
/// told in the footer. The run loop's hand-over of the terminal is tested
/// end to end in tmux (`ExternalEditorOnTerminalTests`).
@Suite("Ctrl-E edits a text field in $VISUAL or $EDITOR")
struct ExternalEditorTests {
    /// A folder with an editor script that records the file it was given
    /// and that file's mode, then writes `replacement` into it.
    final class EditorScript {
        let folder: URL
        var log: URL { folder.appendingPathComponent("log") }
        var path: String { folder.appendingPathComponent("editor").path }

        init(writing replacement: String, status: Int32 = 0) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-editor-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let quoted = replacement.replacingOccurrences(of: "'", with: "'\\''")
            let script = """
                #!/bin/sh
                printf '%s\\n' "$1" "$(stat -c %a "$1")" "$(cat "$1")" > '\(log.path)'
                printf '%s' '\(quoted)' > "$1"
                exit \(status)
                """
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// The temporary file's path, its mode, and what it held when the editor opened.
        var seen: (file: String, mode: String, text: String) {
            let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 3 else { return ("", "", "") }
            return (String(lines[0]), String(lines[1]), lines[2...].joined(separator: "\n").trimmingCharacters(in: .newlines))
        }

        /// The script is read by /bin/sh, not executed itself: executing a
        /// file just written fails now and then with "text file busy" when
        /// another test forks while it is still open for writing.
        var editor: ExternalEditor {
            let command = "/bin/sh " + path
            return ExternalEditor(environment: { $0 == "EDITOR" ? command : nil })
        }
    }

    /// Runs the request the last key left, as the run loop does (without a terminal to hand over).
    private func runEditor(_ roster: RosterScreenHarness, _ editor: ExternalEditor) throws {
        let request = try #require(roster.window.takeExternalEdit(), "Ctrl-E asked for the editor")
        request.completion(editor.edit(request.text, suffix: request.suffix))
    }

    @Test("from the focused name: the name opens in the editor, in a private file that is removed; the editor's text is saved and told")
    func renameFromFocus() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let script = try EditorScript(writing: "Kitty-Bot\n")
        roster.press(.tab)
        #expect(roster.focused == "details: Name")
        roster.press(.control("e"))
        try runEditor(roster, script.editor)
        #expect(script.seen.text == "Cat-Bot", "the editor opened on the name")
        #expect(script.seen.mode == "600", "only its owner may read the file")
        #expect(!FileManager.default.fileExists(atPath: script.seen.file), "the temporary file is removed")
        #expect(try roster.monster("Kitty-Bot") != nil)
        #expect(roster.editingLabel == nil, "saved, the editor closed")
        #expect(roster.footer.message?.hasPrefix("changed Cat-Bot: name") == true, "\(roster.footer.message ?? "no message")")
        #expect(roster.details.field("Name")?.value == "Kitty-Bot")
    }

    @Test("while typing a description: the editor opens on the text in the box, and its lines are saved as lines")
    func descriptionWhileEditing() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let script = try EditorScript(writing: "Purrs in binary.\r\nSleeps on keyboards.\n\n")
        try roster.edit("Description")
        roster.press(.control("u")).type("Half typed")
        roster.press(.control("e"))
        try runEditor(roster, script.editor)
        #expect(script.seen.text == "Half typed", "the box's text, not the saved one")
        #expect(try roster.monster("Cat-Bot")?.description == "Purrs in binary.\nSleeps on keyboards.")
        #expect(roster.details.field("Description")?.value == "Purrs in binary. Sleeps on keyboards.")
    }

    @Test("another program's change while the editor is open: nothing written over it, the editor's text stays in the box, Enter saves it")
    func clashWhileInEditor() throws {
        let roster = try RosterScreenHarness(width: 80, height: 24)
        let script = try EditorScript(writing: "Kitty-Bot")
        roster.press(.tab, .control("e"))
        let other = try SQLiteRosterStore.open(path: roster.path)
        _ = try other.edit(monsterID: try #require(try other.find("Cat-Bot")).id, MonsterChanges(name: "Tom-Bot"))
        try runEditor(roster, script.editor)
        #expect(try roster.monster("Tom-Bot") != nil, "the other program's name is kept")
        #expect(roster.editingLabel == "Name")
        #expect(roster.details.field("Name")?.value.hasPrefix("Kitty-Bot") == true, "the box shows what Enter would save")
        #expect(roster.footer.message?.hasPrefix("after you began, another program changed Cat-Bot's name to `Tom-Bot`") == true,
                "\(roster.footer.message ?? "no message")")
        roster.press(.enter)
        #expect(try roster.monster("Kitty-Bot") != nil)
    }

    @Test("a name the rules refuse stays in the box with the reason")
    func refusedName() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        let script = try EditorScript(writing: "Dog-Bot")
        roster.press(.tab, .control("e"))
        try runEditor(roster, script.editor)
        #expect(try roster.monster("Cat-Bot") != nil)
        #expect(roster.editingLabel == "Name")
        #expect(roster.details.field("Name")?.value.hasPrefix("Dog-Bot") == true)
        #expect(roster.footer.message?.hasPrefix("name not saved") == true, "\(roster.footer.message ?? "no message")")
    }

    @Test("an editor that is missing, or fails, changes nothing and says so in the footer", arguments: [
        ("/nonexistent/editor", "could not be started"),
        ("false", "ended with status 1"),
    ])
    func failingEditor(_ command: String, _ told: String) throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        #expect(roster.focused == "details: Name", "a narrow window opens on the details")
        roster.press(.control("e"))
        try runEditor(roster, ExternalEditor(environment: { $0 == "VISUAL" ? command : nil }))
        #expect(try roster.monster("Cat-Bot")?.name == "Cat-Bot")
        #expect(roster.editingLabel == nil, "nothing is left half-edited")
        let message = try #require(roster.footer.message)
        #expect(message.hasPrefix("name not saved: the editor `\(command)`") && message.contains(told), "\(message)")
        #expect(roster.footerText.contains("not saved"), "in sight: \(roster.text)")
    }

    @Test("an editor that leaves a huge file (20 MB): refused at once after the first 64 KiB, nothing changed, and said so")
    func hugeFileLeft() throws {
        let roster = try RosterScreenHarness(width: 60, height: 20)
        roster.press(.control("e"))
        let command = "head -c 20000000 /dev/zero | tr '\\0' x >"
        try runEditor(roster, ExternalEditor(environment: { $0 == "VISUAL" ? command : nil }))
        #expect(try roster.monster("Cat-Bot")?.name == "Cat-Bot")
        #expect(roster.editingLabel == nil, "nothing is left half-edited")
        let message = try #require(roster.footer.message)
        #expect(message == "name not saved: the editor left more than 64 KiB, far more than any field holds, so nothing changed", "\(message)")
        // An editor that leaves a FIFO in the file's place: refused at once, never waited on.
        #expect(ExternalEditor(environment: { $0 == "VISUAL" ? "f() { rm \"$1\"; mkfifo \"$1\"; }; f" : nil }).edit("x")
                == .failure(.file(operation: "read", errno: EINVAL)))
        #expect(ExternalEditor(environment: { $0 == "VISUAL" ? "head -c 65536 /dev/zero | tr '\\0' y >" : nil }).edit("")
                == .success(String(repeating: "y", count: 65536)), "64 KiB itself is read")
    }

    @Test("the editor is $VISUAL, else $EDITOR, else vi, as git falls back; an empty one counts as unset")
    func editorChoice() {
        #expect(ExternalEditor(environment: { _ in nil }).command == "vi")
        #expect(ExternalEditor(environment: { ["EDITOR": "nano"][$0] }).command == "nano")
        #expect(ExternalEditor(environment: { ["VISUAL": "code --wait", "EDITOR": "nano"][$0] }).command == "code --wait")
        #expect(ExternalEditor(environment: { ["VISUAL": "", "EDITOR": "nano"][$0] }).command == "nano")
    }

    @Test("a command with arguments runs through the shell, as git runs it")
    func commandWithArguments() throws {
        let result = ExternalEditor(environment: { $0 == "EDITOR" ? "sed -i s/Cat/Kitty/" : nil }).edit("Cat-Bot")
        #expect(result == .success("Kitty-Bot"))
    }

    @Test("Ctrl-E is in the help where it works, and a picker has none")
    func offeredWhereItWorks() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Description")
        #expect(roster.window.footerBindings.contains { $0.label == "Ctrl-E" })
        roster.press(.escape)
        try roster.edit("Weapon")
        #expect(!roster.window.activeBindingGroups.flatMap(\.bindings).contains { $0.label == "Ctrl-E" })
        roster.press(.control("e"))
        #expect(roster.window.takeExternalEdit() == nil)
    }
}
