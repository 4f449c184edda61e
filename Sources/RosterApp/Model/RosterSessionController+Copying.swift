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
///
/// The footer says only what is known to have happened (`ClipboardReach`):
/// inside tmux that drops the sequence, that it was sent and dropped, and
/// how to let it through.
extension RosterSessionController {
    func copyName() {
        guard let monster = selected else { return }
        let shown = SafeText.escaped(monster.name)
        if shown == monster.name {
            copy(shown, told: "\(monster.name)'s name")
        } else {
            copy(shown, told: "the name as shown", then: ", its control characters as visible escapes; Y copies it exactly, as JSON")
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
        copy(String(decoding: output.collected, as: UTF8.self), told: "\(monster.name) as JSON")
    }

    /// Puts `text` aside for the terminal and says where it went, as far
    /// as is known; said again once tmux answers how it is set.
    private func copy(_ text: String, told what: String, then after: String = "") {
        pendingCopy = text
        clipboard.askAgain()
        let clipboard = clipboard
        tell(Self.copied(what, after, reach: clipboard.reach), isError: false, restated: { Self.copied(what, after, reach: clipboard.reach) })
    }

    /// "copied Cat-Bot's name to the clipboard", or inside a tmux that
    /// drops it, that it was sent, and how to let it through.
    static func copied(_ what: String, _ after: String, reach: ClipboardReach.Reach) -> String {
        switch reach {
        case .terminal, .tmuxPasses:
            return "copied \(what) to the clipboard\(after)"
        case .tmuxDrops(let setting):
            return "sent \(what) for the clipboard, but tmux dropped it: its set-clipboard is \(setting); "
                + "\(Quote.code("tmux set -s set-clipboard on")) lets it through"
        case .tmuxUnknown:
            return "sent \(what) for the clipboard through tmux, which passes it on only with set-clipboard on\(after)"
        }
    }

    /// tmux answered how it is set: a copy's sentence still in sight says
    /// what is now known. True when the screen must be drawn again.
    func takeClipboardAnswer() -> Bool {
        guard clipboard.takeAnswer() else { return false }
        let before = status?.text
        restateAnswer()
        return status?.text != before
    }

    /// The sequence for the terminal, once a copy key asked for one.
    func takeClipboardSequence() -> [UInt8]? {
        guard let text = pendingCopy else { return nil }
        pendingCopy = nil
        return ClipboardSequence.copying(text)
    }
}
