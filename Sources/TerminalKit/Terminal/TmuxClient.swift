#if canImport(Glibc)
import Glibc
#endif

/// What tmux knows of the terminal outside it, for pictures inside tmux.
///
/// Inside tmux a program's escape sequences reach tmux, not the terminal:
/// tmux keeps its own grid of cells and redraws the real terminal from it.
/// A kitty image placed at the cursor would land wherever the real
/// cursor is, and tmux never moves or clears it. Two things make real
/// pictures possible there:
///
/// - **Passthrough.** With `allow-passthrough on` (tmux 3.3 and later),
///   `DCS tmux; <sequence, each ESC doubled> ST` is handed to the terminal
///   as is (`wrap`). Off, tmux drops it whole: nothing garbles.
/// - **Unicode placeholders** (kitty 0.28 and later, Ghostty): the image
///   is sent through passthrough with a *virtual* placement, and shown by
///   ordinary text, U+10EEEE cells (`KittyPlaceholders`), which tmux keeps,
///   moves, covers and redraws like any other text.
///
/// tmux answers the questions a program asks itself (its XTVERSION is
/// `tmux 3.3a`), so the terminal outside is learned from tmux: `ask` runs
/// `tmux display-message -p` for the pane's `allow-passthrough` and the
/// client's `client_termtype`, the outside terminal's own XTVERSION answer
/// (`kitty(0.26.5)`). Nothing is written to the terminal to find out, so
/// the window title tmux shows never changes (tmux takes an APC string,
/// such as the kitty query, for a title).
public struct TmuxClient: Hashable, Sendable {
    /// The pane lets sequences through to the terminal.
    public var allowsPassthrough: Bool
    /// The terminal outside, as it answered tmux's XTVERSION.
    public var outerTerminal: String

    /// The first version of kitty that draws Unicode placeholders.
    static let placeholderKitty = [0, 28, 0]

    /// Whether kitty pictures can be shown with placeholders here:
    /// passthrough on, and a terminal outside that draws them (kitty 0.28
    /// or later, Ghostty). kitty 0.26 would show the placeholders as
    /// boxes of an unknown character.
    public var showsKittyPlaceholders: Bool {
        guard allowsPassthrough else { return false }
        if outerTerminal.lowercased().hasPrefix("ghostty") { return true }
        guard outerTerminal.hasPrefix("kitty("), outerTerminal.hasSuffix(")") else { return false }
        let version = outerTerminal.dropFirst("kitty(".count).dropLast().split(separator: ".").map { Int($0) ?? 0 }
        return version.lexicographicallyPrecedes(Self.placeholderKitty) == false
    }

    /// Reads what `tmux display-message -p` printed for `format`.
    public init?(displayed text: String) {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 2 else { return nil }
        let passthrough = fields[0].trimmingCharacters(in: " \n")
        allowsPassthrough = ["1", "on", "all"].contains(passthrough)
        outerTerminal = fields[1].trimmingCharacters(in: " \n")
    }

    /// What `ask` has tmux print: the pane's option and the client's terminal.
    public static let format = "#{allow-passthrough}\t#{client_termtype}"

    /// Asks the tmux this program runs in (`TMUX` set) about its pane
    /// (`TMUX_PANE`); nil outside tmux, or when tmux does not answer
    /// within `patience` milliseconds.
    public static func ask(environment: (String) -> String?, patience: Int = 500) -> TmuxClient? {
        guard environment("TMUX") != nil else { return nil }
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment("TMUX_PANE"), !pane.isEmpty { arguments += ["-t", pane] }
        arguments.append(format)
        guard let output = POSIXCalls.output(of: arguments, patience: patience) else { return nil }
        return TmuxClient(displayed: String(decoding: output, as: UTF8.self))
    }

    /// tmux's `set-clipboard` (`on`, `external`, `off`): with `on` tmux
    /// keeps a program's OSC 52 copy and passes it on to the terminal,
    /// otherwise it drops it. Nil outside tmux (`TMUX` unset) or when tmux
    /// does not answer within `patience` milliseconds.
    public static func clipboardSetting(environment: (String) -> String?, patience: Int = 500) -> String? {
        guard environment("TMUX") != nil,
              let output = POSIXCalls.output(of: ["tmux", "show-options", "-gv", "set-clipboard"], patience: patience) else { return nil }
        let setting = String(decoding: output, as: UTF8.self)[...].trimmingCharacters(in: " \n")
        return setting.isEmpty ? nil : setting
    }

    /// `bytes` wrapped for tmux to pass to the terminal outside: every ESC
    /// inside doubled, the whole in `DCS tmux; … ST`.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        output.reserveCapacity(bytes.count + bytes.count / 8 + 10)
        for byte in bytes {
            if byte == 0x1B { output.append(0x1B) }
            output.append(byte)
        }
        output += [0x1B, UInt8(ascii: "\\")]
        return output
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
