#if canImport(Glibc)
import Glibc
#endif

/// The terminal modes a full-screen session switches on, and the bytes
/// that switch them off again in the reverse order.
enum TerminalModes {
    /// Alternate screen (1049, which also saves the cursor), hidden cursor,
    /// autowrap off (writing the last column must not scroll), bracketed
    /// paste (2004), then mouse reporting: clicks (1000), drags (1002),
    /// SGR encoding (1006). Ends with a cleared screen, so that a renderer
    /// starting from a blank frame matches what is shown.
    static func enter(mouse: Bool) -> [UInt8] {
        var sequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h"
        if mouse { sequence += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
        sequence += "\u{1B}[H\u{1B}[2J"
        return Array(sequence.utf8)
    }

    /// Undoes `enter` in reverse, and is safe to send at any moment, even in
    /// the middle of a frame cut short by a crash: CAN aborts a half-written
    /// escape sequence, and synchronized output (2026) is ended in case the
    /// frame had begun one. Mouse modes are always switched off, whether
    /// or not they were on. Ends by showing the cursor and leaving the
    /// alternate screen, which brings back the shell's screen and cursor.
    /// The alternate screen is cleared first: tmux 3.3a, after its window
    /// grew, showed as many of its rows in the shell's screen as it grew by
    /// (tmux 3.5a does not).
    static let restore: [UInt8] = Array((
        "\u{18}\u{1B}[?2026l\u{1B}[0m\u{1B}[H\u{1B}[J"
            + "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
            + "\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    ).utf8)

    /// Raw mode: bytes arrive one by one as typed, nothing is echoed, and
    /// Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q reach the program as keys instead
    /// of acting on it; output is not post-processed.
    static func raw(from original: termios) -> termios {
        var raw = original
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}
