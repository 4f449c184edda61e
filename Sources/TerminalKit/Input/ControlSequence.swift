/// What one complete escape sequence from the terminal means. Terminals
/// disagree on encodings (xterm, VT220, the Linux console, rxvt, tmux,
/// kitty), so the decoder recognises every common form of a key and
/// classifies everything else as a reply to a query or as noise to drop.
enum SequenceMeaning: Equatable {
    case event(InputEvent)
    /// `CSI 200~`: what follows is pasted text, up to `CSI 201~`.
    case pasteStart
    /// A report the terminal sends in answer to a query (device attributes,
    /// cursor position, mode reports, OSC/DCS/APC strings). Never a key.
    case reply
    /// Recognised as a sequence, but not one we act on (focus reports,
    /// keypad-begin, keys beyond F12). Dropped rather than leaked as text.
    case ignored
}

/// A CSI sequence split into its parts: `ESC [ <prefix> <fields> <intermediates> <final>`.
struct ControlSequence: Equatable {
    /// A private-use marker before the parameters: `?`, `>`, `=` or `<`.
    var prefix: UInt8?
    /// Numeric fields separated by `;`. A field's `:` sub-parameters are
    /// reduced to the first; an empty field is nil (its default).
    var fields: [Int?]
    var intermediates: [UInt8]
    var final: UInt8

    /// Parses the bytes between `ESC [` and the final byte (both excluded).
    init(body: ArraySlice<UInt8>, final: UInt8) {
        var bytes = body[...]
        if let first = bytes.first, (0x3C...0x3F).contains(first) {
            prefix = first
            bytes = bytes.dropFirst()
        } else {
            prefix = nil
        }
        let parameterEnd = bytes.firstIndex { !(0x30...0x3F).contains($0) } ?? bytes.endIndex
        intermediates = Array(bytes[parameterEnd...])
        fields = Self.parseFields(bytes[..<parameterEnd])
        self.final = final
    }

    private static func parseFields(_ bytes: ArraySlice<UInt8>) -> [Int?] {
        guard !bytes.isEmpty else { return [] }
        var fields: [Int?] = []
        var value: Int?
        var inSubParameter = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: ";"):
                fields.append(value)
                value = nil
                inSubParameter = false
            case UInt8(ascii: ":"):
                inSubParameter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !inSubParameter:
                // Saturate: a hostile run of digits must not overflow.
                value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1 << 24)
            default:
                break
            }
        }
        fields.append(value)
        return fields
    }

    func field(_ index: Int) -> Int? {
        index < fields.count ? fields[index] : nil
    }

    /// The modifiers xterm encodes as `1 + bits` in a field (shift 1,
    /// alt 2, control 4, meta 8 — meta is reported as alt).
    static func modifiers(fromParameter parameter: Int?) -> KeyModifiers {
        guard let parameter, parameter > 1 else { return [] }
        let bits = parameter - 1
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    var meaning: SequenceMeaning {
        switch prefix {
        case UInt8(ascii: "<"):
            return mouseMeaning
        case .some:
            // `CSI ? … c` (device attributes), `CSI ? … u` (kitty keyboard
            // flags), `CSI > … c`, `CSI ? … $ y`: always answers, never keys.
            return .reply
        case nil:
            break
        }
        if !intermediates.isEmpty { return .reply } // e.g. DECRPM `CSI 1;2$y`
        switch final {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "P"): return key(.function(1))
        case UInt8(ascii: "Q"): return key(.function(2))
        case UInt8(ascii: "S"): return key(.function(4))
        case UInt8(ascii: "R"):
            // `CSI 1;5R` is Ctrl-F3 in xterm, but `CSI row;col R` is a cursor
            // position report: only the first form is taken as a key.
            return fields.count == 2 && field(0) == 1 ? key(.function(3)) : .reply
        case UInt8(ascii: "Z"):
            let modifiers = Self.modifiers(fromParameter: field(1)).union(.shift)
            return .event(.key(KeyEvent(.tab, modifiers: modifiers)))
        case UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "@"):
            return tildeMeaning
        case UInt8(ascii: "u"):
            guard let code = field(0) else { return .ignored }
            return Self.keyFromCodePoint(code, modifiers: Self.modifiers(fromParameter: field(1)))
        case UInt8(ascii: "c"), UInt8(ascii: "n"), UInt8(ascii: "t"):
            return .reply
        default:
            return .ignored
        }
    }

    /// Arrows, Home/End and SS3-style F1–F4 carry modifiers in field 2
    /// (`CSI 1;5A` is Ctrl-Up).
    private func key(_ code: KeyCode) -> SequenceMeaning {
        .event(.key(KeyEvent(code, modifiers: Self.modifiers(fromParameter: field(1)))))
    }

    /// `CSI n ~` keys (VT220, xterm, Linux console, tmux); rxvt marks
    /// Control with `^` and Control-Shift with `@` in place of `~`.
    private var tildeMeaning: SequenceMeaning {
        guard let number = field(0) else { return .ignored }
        var modifiers = Self.modifiers(fromParameter: field(1))
        if final == UInt8(ascii: "^") { modifiers.insert(.control) }
        if final == UInt8(ascii: "@") { modifiers.formUnion([.control, .shift]) }
        let code: KeyCode
        switch number {
        case 1, 7: code = .home
        case 2: code = .insert
        case 3: code = .delete
        case 4, 8: code = .end
        case 5: code = .pageUp
        case 6: code = .pageDown
        case 11...15: code = .function(number - 10)
        case 17...21: code = .function(number - 11)
        case 23, 24: code = .function(number - 12)
        case 200: return final == UInt8(ascii: "~") ? .pasteStart : .ignored
        case 27:
            // xterm modifyOtherKeys: `CSI 27 ; modifiers ; code ~`.
            guard let codePoint = field(2) else { return .ignored }
            return Self.keyFromCodePoint(codePoint, modifiers: Self.modifiers(fromParameter: field(1)))
        default:
            return .ignored // F13 and beyond, a stray paste end, unknown keys
        }
        return .event(.key(KeyEvent(code, modifiers: modifiers)))
    }

    /// A key reported by its Unicode code point (kitty's `CSI code u` and
    /// xterm's modifyOtherKeys), mapped onto the same events the legacy
    /// encodings produce so that bindings do not care which one arrived.
    static func keyFromCodePoint(_ code: Int, modifiers: KeyModifiers) -> SequenceMeaning {
        let keyCode: KeyCode
        var modifiers = modifiers
        switch code {
        case 9: keyCode = .tab
        case 13: keyCode = .enter
        case 27: keyCode = .escape
        case 8, 127: keyCode = .backspace
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)),
                  !(0x7F...0x9F).contains(code) else { return .ignored }
            var character = Character(scalar)
            // Shift with a letter is the capital letter, as the legacy
            // encoding would have sent it.
            if modifiers == .shift, (0x61...0x7A).contains(code) {
                character = Character(String(character).uppercased())
                modifiers = []
            }
            keyCode = .character(character)
        }
        return .event(.key(KeyEvent(keyCode, modifiers: modifiers)))
    }

    /// SGR 1006 mouse: `CSI < button ; column ; row M` (press or motion)
    /// or `… m` (release). Positions are 1-based on the wire.
    private var mouseMeaning: SequenceMeaning {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
              let code = field(0), let column = field(1), let row = field(2) else { return .ignored }
        let position = Point(x: max(0, column - 1), y: max(0, row - 1))
        guard let event = Self.mouseEvent(code: code, position: position,
                                          released: final == UInt8(ascii: "m")) else { return .ignored }
        return .event(.mouse(event))
    }

    /// Decodes the button code shared by the SGR and legacy X10 encodings:
    /// low two bits the button, +4 shift, +8 alt, +16 control, +32 motion,
    /// +64 wheel, +128 the extra buttons 8–11.
    static func mouseEvent(code: Int, position: Point, released: Bool) -> MouseEvent? {
        let low = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            switch low {
            case 0: kind = .scrollUp
            case 1: kind = .scrollDown
            default: return nil // horizontal wheel: nothing in our vocabulary
            }
        } else {
            let button = code & 128 != 0 ? 7 + low : low
            if code & 32 != 0 {
                kind = low == 3 && code & 128 == 0 ? .move : .drag(button: button)
            } else if released {
                kind = .release(button: button)
            } else {
                kind = .press(button: button)
            }
        }
        return MouseEvent(kind, at: position, modifiers: mouseModifiers(code: code))
    }

    static func mouseModifiers(code: Int) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    /// SS3 keys, `ESC O <final>`: what xterm sends for arrows, Home/End
    /// and F1–F4 in application-cursor mode, and for the keypad in
    /// application-keypad mode. Old xterms put a modifier digit before
    /// the final byte (`ESC O 5 P`).
    static func singleShiftMeaning(final: UInt8, modifierParameter: Int?) -> SequenceMeaning {
        let modifiers = modifiers(fromParameter: modifierParameter)
        let code: KeyCode
        switch final {
        case UInt8(ascii: "A"): code = .up
        case UInt8(ascii: "B"): code = .down
        case UInt8(ascii: "C"): code = .right
        case UInt8(ascii: "D"): code = .left
        case UInt8(ascii: "H"): code = .home
        case UInt8(ascii: "F"): code = .end
        case UInt8(ascii: "P"): code = .function(1)
        case UInt8(ascii: "Q"): code = .function(2)
        case UInt8(ascii: "R"): code = .function(3)
        case UInt8(ascii: "S"): code = .function(4)
        case UInt8(ascii: "M"): code = .enter
        case UInt8(ascii: "I"): code = .tab
        case UInt8(ascii: "j"): code = .character("*")
        case UInt8(ascii: "k"): code = .character("+")
        case UInt8(ascii: "l"): code = .character(",")
        case UInt8(ascii: "m"): code = .character("-")
        case UInt8(ascii: "n"): code = .character(".")
        case UInt8(ascii: "o"): code = .character("/")
        case UInt8(ascii: "X"): code = .character("=")
        case UInt8(ascii: "p")...UInt8(ascii: "y"):
            code = .character(Character(Unicode.Scalar(final - UInt8(ascii: "p") + UInt8(ascii: "0"))))
        default:
            return .ignored
        }
        return .event(.key(KeyEvent(code, modifiers: modifiers)))
    }
}
