/// The terminal's default background colour, asked with OSC 11
/// (`OSC 11 ; ? ST`) in the probe's first write.
///
/// A picture's transparent pixels should show the cell's background. A
/// terminal that fills a sixel's unset pixels with colour register 0
/// instead (Konsole 22.12, `PictureQuirks.fillsTransparentPixels`) is
/// given pictures with those pixels painted in this colour. Terminals
/// answer `OSC 11 ; rgb:RRRR/GGGG/BBBB` ended by ST or BEL, each channel
/// in one to four hex digits (X11's form: `rgb:23/26/27` and
/// `rgb:2323/2626/2727` are the same colour); ones that do not know the
/// question ignore it, as every terminal ignores an OSC string it does
/// not know. The answer comes before the device attributes, which end
/// the round.
extension TerminalProbe {
    /// OSC 11, asked: the default background colour.
    static let backgroundQuery: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)

    /// Whether `text` is an answer to `backgroundQuery`.
    static func isBackgroundAnswer(_ text: String) -> Bool {
        text.hasPrefix("\u{1B}]11;")
    }

    /// The colour in an OSC 11 answer; nil if it names none this can read
    /// (a `?` echoed back, a colour by name).
    static func backgroundColour(inAnswer text: String) -> RGBA? {
        guard isBackgroundAnswer(text) else { return nil }
        var body = Substring(text.dropFirst(5))
        if body.hasSuffix("\u{1B}\\") { body = body.dropLast(2) } else if body.hasSuffix("\u{07}") { body = body.dropLast() }
        // rxvt-unicode answers `rgba:…/…/…/alpha`; the alpha is not the cell's.
        let form: Substring
        if body.hasPrefix("rgb:") { form = body.dropFirst(4) } else if body.hasPrefix("rgba:") { form = body.dropFirst(5) } else {
            return nil
        }
        let channels = form.split(separator: "/", omittingEmptySubsequences: false).prefix(3).map(Self.channel)
        guard channels.count == 3, let red = channels[0], let green = channels[1], let blue = channels[2] else { return nil }
        return RGBA(red, green, blue)
    }

    /// One to four hex digits, scaled to 0–255 as X11 scales them.
    private static func channel(_ digits: Substring) -> UInt8? {
        guard (1...4).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
        let maximum = (UInt32(1) << (4 * UInt32(digits.count))) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }
}
