import RosterCore
import TerminalKit
import TextSafety

/// Copying the selected monster: its name, or its JSON as `export`
/// writes it. The text waits in `pendingCopy` until the run loop sends it
/// to the terminal as an OSC 52 sequence (`ClipboardSequence`, base64
/// only: a name holding escapes cannot act on the terminal), after the
/// frame, so a copy never tears a frame in two.
///
/// A name another program stored with control characters (ESC, a
/// newline, C1, a bidi override) is copied as the screen shows it, each
/// of them a visible escape (`\e`, `\n`): base64 keeps the terminal safe
/// while copying, but the clipboard is pasted later, into a shell or an
/// editor, where a raw newline runs a command. What a person sees is
/// what they get; `Y` copies the exact name, escaped as JSON escapes it.
extension RosterSessionController {
    func copyName() {
        guard let monster = selected else { return }
        let shown = SafeText.escaped(monster.name)
        pendingCopy = shown
        if shown == monster.name {
            tell("copied \(monster.name)'s name to the clipboard", isError: false)
        } else {
            tell("copied the name as shown, its control characters as visible escapes; Y copies it exactly, as JSON", isError: false)
        }
    }

    func copyJSON() {
        guard let monster = selectedOnRoster else { return }
        let output = ByteOutput()
        do throws(IOFailure) {
            try MonsterRecords.appendJSON(monster, to: output)
            try output.flush()
        } catch {
            tell("nothing was copied: \(error)", isError: true)
            return
        }
        pendingCopy = String(decoding: output.collected, as: UTF8.self)
        tell("copied \(monster.name) as JSON to the clipboard", isError: false)
    }

    /// The sequence for the terminal, once a copy key asked for one.
    func takeClipboardSequence() -> [UInt8]? {
        guard let text = pendingCopy else { return nil }
        pendingCopy = nil
        return ClipboardSequence.copying(text)
    }
}
