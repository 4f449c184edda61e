import TerminalKit
@testable import RosterCore

/// One step of a random walk through the interactive roster: what a
/// person (or a cat on the keyboard) might do, and what other programs
/// might do to the file meanwhile.
enum MonkeyEvent: Equatable, CustomStringConvertible {
    case key(KeyEvent)
    case paste(String)
    /// A left click; with `.control` (one in four), the click that marks.
    case click(Point, modifiers: KeyModifiers = [])
    case scroll(Point, up: Bool)
    case resize(Size)
    /// Another program changes the roster, and the interface polls.
    case elsewhere(ExternalChange)
    /// Esc, up to four times, must reach the list with nothing open.
    case escapeHome

    enum ExternalChange: Equatable {
        case setWeapon(monster: Int, WeaponType)
        case remove(monster: Int)
        case add(String)
        case rename(monster: Int, String)
    }

    var description: String {
        switch self {
        case .key(let key): return "key \(key)"
        case .paste(let text): return "paste \(text.debugDescription)"
        case .click(let point, let modifiers): return "\(modifiers.isEmpty ? "" : "ctrl-")click \(point.x),\(point.y)"
        case .scroll(let point, let up): return "scroll \(up ? "up" : "down") \(point.x),\(point.y)"
        case .resize(let size): return "resize \(size.width)×\(size.height)"
        case .elsewhere(let change): return "elsewhere \(change)"
        case .escapeHome: return "escape home"
        }
    }
}

/// SplitMix64: small, fast, and the same sequence for a seed everywhere.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
