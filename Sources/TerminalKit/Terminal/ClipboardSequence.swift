/// Copying text to the clipboard of the terminal's own machine with OSC 52
/// (`ESC ] 52 ; c ; BASE64 BEL`), which xterm, kitty, iTerm2, WezTerm and
/// others honour, and tmux passes on (and keeps as a paste buffer) with
/// `set-clipboard on`. It works over ssh, where no clipboard program can.
///
/// The text is the user's own data, but it may hold anything a roster
/// holds (ESC, C1 controls, bidi overrides): it reaches the terminal only
/// as base64, whose alphabet holds no control character, so nothing in it
/// can act on the terminal.
public enum ClipboardSequence {
    /// The sequence that puts `text` (as UTF-8) on the clipboard.
    public static func copying(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
    }

    /// RFC 4648 base64 with padding, as the pictures' protocols send it.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] { Base64.encode(bytes) }
}
