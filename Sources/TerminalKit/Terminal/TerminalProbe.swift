/// Asking the terminal what it can show, without ever waiting on it.
///
/// `request` asks, in one write: whether it draws 24-bit colour
/// (XTGETTCAP `RGB`, and a DECRQSS round trip of a 24-bit SGR, see
/// `TerminalProbe+Answers`), its name and version (XTVERSION and the
/// secondary device attributes), how many colour registers sixel pictures
/// may use (XTSMGRAPHICS), its default background colour (OSC 11, see
/// `TerminalProbe+Background`), and then for the primary device attributes
/// (`ESC [ c`), which every terminal answers, and answers last, so the
/// device attributes mark the end of the answers. Their attribute 4 says
/// the terminal draws sixel images.
///
/// Whether it shows kitty images (a 1×1 query image, `KittyGraphics`) is
/// asked second, in `followUp`, once those answers show that no tmux or
/// screen is in between (XTVERSION `tmux 3.3a`, DA2 84 for tmux and 83
/// for screen). Both take the query, an APC string, for the pane's title
/// or the status line: over ssh from a tmux pane, with `TERM` set to
/// something else, nothing in the environment says tmux is there, and a
/// query in the first write would garble the title. The second round trip
/// costs a terminal on the same machine a millisecond or two.
///
/// A terminal that is slow to answer (kitty starting cold, a link over
/// ssh) must not cost a blank screen or lose its pictures: the caller
/// draws the first frame in half blocks, feeds each `.reply` event to
/// `read(_:)`, and upgrades when `isComplete` says the answers are in,
/// up to `patience` milliseconds after asking. The input decoder takes a
/// reply that comes later still for a reply, never for keys.
public struct TerminalProbe: Sendable {
    /// How long to wait for the answers before settling for what came.
    public static let patience = 1000

    /// XTGETTCAP for the terminfo capability `RGB` ("524742" in hex).
    static let truecolorQuery: [UInt8] = Array("\u{1B}P+q524742\u{1B}\\".utf8)

    public static let request: [UInt8] = truecolorQuery + versionQuery + colourRoundTrip
        + secondaryAttributesQuery + Sixel.colorRegistersQuery + backgroundQuery + Array("\u{1B}[c".utf8)

    /// The second question, once `request` is answered by a terminal with
    /// no multiplexer in between: the kitty image query, and the device
    /// attributes again to mark the end.
    public static let kittyRequest: [UInt8] = KittyGraphics.supportQuery

    /// Where the questions stand.
    private enum Round {
        /// `request` is sent; its device attributes have not come.
        case first
        /// They came and named no multiplexer: `followUp` is to be sent.
        case kittyToAsk
        /// `kittyRequest` is sent; its device attributes have not come.
        case kitty
        case complete
    }
    private var round = Round.first

    /// The terminal said OK to the kitty image query.
    public private(set) var kittyGraphics = false
    /// The terminal said it has the `RGB` capability: it draws 24-bit colour.
    public private(set) var truecolor = false
    /// What the terminal calls itself (XTVERSION: `kitty(0.26.5)`,
    /// `WezTerm 20240203-…`, `tmux 3.3a`), when it says.
    public private(set) var terminalName: String?
    /// The terminal is known by its name to repeat a character with `REP`
    /// (`CSI n b`, ECMA-48), which not every terminal does.
    public var repeatsCharacters: Bool {
        ["kitty", "XTerm(", "WezTerm", "foot", "ghostty"].contains { terminalName?.hasPrefix($0) ?? false }
    }
    /// The device attributes list 4: the terminal draws sixel images.
    public private(set) var sixel = false
    /// The colour registers XTSMGRAPHICS reported, if it answered.
    public private(set) var sixelRegisters: Int?
    /// The answers named tmux or screen, between roster and the terminal:
    /// the kitty query is never sent.
    public private(set) var behindMultiplexer = false
    /// The terminal's model in the secondary device attributes (`CSI > Pp ;
    /// … c`: 24 is mlterm, 41 xterm, 65 VTE), when it answered.
    public private(set) var deviceModel: Int?
    /// The default background colour (OSC 11), when the terminal said.
    public private(set) var background: RGBA?
    /// The last device attributes came: every answer that will come has.
    public var isComplete: Bool { round == .complete }

    public init() {}

    /// The bytes to write now, once: `kittyRequest` when the first answers
    /// are in and name no multiplexer; nil otherwise.
    public mutating func followUp() -> [UInt8]? {
        guard round == .kittyToAsk else { return nil }
        round = .kitty
        return Self.kittyRequest
    }

    /// Takes one reply from the terminal; returns whether it answered one
    /// of the questions (the caller passes other replies on).
    @discardableResult
    public mutating func read(_ reply: [UInt8]) -> Bool {
        guard !isComplete else { return false }
        if let answer = KittyGraphics.answer(in: reply), answer.imageID == KittyGraphics.queryImageID {
            kittyGraphics = answer.message == "OK"
            return true
        }
        let text = String(decoding: reply, as: UTF8.self)
        // `DCS 1 + r 524742[=value] ST`: the capability is there.
        if text.hasPrefix("\u{1B}P1+r524742") {
            truecolor = true
            return true
        }
        if text.hasPrefix("\u{1B}P0+r") { return true }
        if reply.last == UInt8(ascii: "S"), text.hasPrefix("\u{1B}[?1;") {
            sixelRegisters = Sixel.colorRegisters(inReply: reply)
            return true
        }
        if Self.isBackgroundAnswer(text) {
            background = Self.backgroundColour(inAnswer: text)
            return true
        }
        if let name = Self.versionAnswer(text) {
            terminalName = name
            if Self.namesMultiplexer(name) { behindMultiplexer = true }
            if Self.drawsTruecolor(named: name) { truecolor = true }
            return true
        }
        if let kept = Self.colourRoundTripAnswer(text) {
            if kept { truecolor = true }
            return true
        }
        if let drawsTruecolor = Self.secondaryAttributesAnswer(text) {
            if drawsTruecolor { truecolor = true }
            if Self.secondaryAttributesNameMultiplexer(text) { behindMultiplexer = true }
            deviceModel = Self.secondaryAttributesModel(text)
            return true
        }
        if TerminalSession.isPrimaryDeviceAttributes(reply) {
            switch round {
            case .first:
                let fields = text.dropFirst(3).dropLast().split(separator: ";")
                sixel = fields.dropFirst().contains("4")
                round = behindMultiplexer ? .complete : .kittyToAsk
            case .kitty: round = .complete
            case .kittyToAsk, .complete: break
            }
            return true
        }
        return false
    }
}
