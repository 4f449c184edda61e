import TextSafety
import TerminalKit

/// `ROSTER_PICTURES`: how pictures were asked to be drawn, read once from
/// its word (any case) so that the places deciding by it compare cases.
enum PictureSetting: Equatable {
    case auto, kitty, sixel, inlineImages, halfBlocks, text

    /// Unset or empty is `auto`; nil for a word that names no way.
    init?(environment value: String?) {
        switch value?.lowercased() {
        case nil, "", "auto": self = .auto
        case "kitty": self = .kitty
        case "sixel": self = .sixel
        case "iterm2", "iterm": self = .inlineImages
        case "blocks", "halfblocks": self = .halfBlocks
        case "text", "none": self = .text
        default: return nil
        }
    }
}

/// How pictures are shown, for the interactive roster and for `show`
/// alike: `ROSTER_PICTURES` when set, else what the terminal says when
/// asked, else half blocks (or text without colour).
enum PictureChoice {
    /// `ROSTER_PICTURES`, when set, overrides asking the terminal; nil
    /// means ask (`auto`).
    static func fromEnvironment(_ value: String?, depth: ColorDepth, command: String) throws(UsageError) -> PictureMode? {
        guard let setting = PictureSetting(environment: value) else {
            throw UsageError("ROSTER_PICTURES must be kitty, sixel, iterm2, blocks, text or auto, not \(Quote.code((value ?? "").lowercased()))",
                             command: command)
        }
        switch setting {
        case .auto: return nil
        case .kitty: return depth == .none ? .text : .kittyGraphics
        case .sixel: return depth == .none ? .text : .sixel
        case .inlineImages: return depth == .none ? .text : .inlineImages
        case .halfBlocks: return depth == .none ? .text : .halfBlocks(depth)
        case .text: return .text
        }
    }

    /// Inside tmux or screen: kitty placeholder cells through tmux's
    /// passthrough when the pane allows it and the terminal outside draws
    /// them (which needs 256 colours for the image ids), else half blocks.
    static func insideMultiplexer(depth: ColorDepth, tmux: TmuxClient?) -> PictureMode {
        guard depth != .none else { return .text }
        if depth >= .indexed256, tmux?.showsKittyPlaceholders == true { return .kittyPlaceholders }
        return .halfBlocks(depth)
    }

    /// tmux and screen take the kitty query for a window title, and do not
    /// pass kitty placements through (they would not stay in the pane's
    /// cells anyway): do not ask there.
    static func insideMultiplexer(_ environment: (String) -> String?) -> Bool {
        let term = environment("TERM") ?? ""
        return environment("TMUX") != nil || environment("STY") != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
    }
}
