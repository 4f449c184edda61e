import TerminalKit

/// How pictures are shown, for the interactive roster and for `show`
/// alike: `ROSTER_PICTURES` when set, else what the terminal says when
/// asked, else half blocks (or text without colour).
enum PictureChoice {
    /// `ROSTER_PICTURES`, when set, overrides asking the terminal; nil
    /// means ask (`auto`).
    static func fromEnvironment(_ value: String?, depth: ColorDepth, command: String) throws(UsageError) -> PictureMode? {
        switch value?.lowercased() {
        case nil, "", "auto": return nil
        case "kitty": return depth == .none ? .text : .kittyGraphics
        case "iterm2", "iterm": return depth == .none ? .text : .inlineImages
        case "blocks", "halfblocks": return depth == .none ? .text : .halfBlocks(depth)
        case "text", "none": return .text
        case let other?:
            throw UsageError("ROSTER_PICTURES must be kitty, iterm2, blocks, text or auto, not `\(other)`", command: command)
        }
    }

    /// tmux and screen take the kitty query for a window title, and do not
    /// pass kitty pictures through anyway: do not ask there.
    static func insideMultiplexer(_ environment: (String) -> String?) -> Bool {
        let term = environment("TERM") ?? ""
        return environment("TMUX") != nil || environment("STY") != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
    }
}
