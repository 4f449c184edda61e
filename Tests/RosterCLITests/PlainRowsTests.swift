import Testing
import TerminalKit
@testable import RosterCLI
import TextSafety

@Suite("Plain rows copied straight from SQLite")
struct PlainRowsTests {
    @Test("the byte scan finds exactly the characters SafeText escapes")
    func scanAgreesWithSafeText() {
        var samples = ["Cat-Bot", "猫ボット", "🔥", "café", "a\tb", "e\u{301}", "\u{1B}]0;x\u{07}", "x\u{85}", "\u{A0}nbsp",
                       "\u{202E}rtl", "\u{2066}iso", "\u{200E}", "\u{2028}", "\u{061C}", "\u{2027}", "\u{202F}", "\u{206A}", "\u{FEFF}bom", "\u{FEFE}", "\u{00AD}", "zw\u{200B}sp"]
        // Every scalar of the first two planes' interesting ranges, alone.
        for value in Array(0..<0x300) + Array(0x2000..<0x2100) + Array(0x600..<0x620) {
            if let scalar = Unicode.Scalar(value) { samples.append(String(Character(scalar))) }
        }
        for sample in samples {
            let expected = sample.unicodeScalars.contains(where: SafeText.needsEscape)
            let found = Array(sample.utf8).withUnsafeBufferPointer(PlainRows.needsEscape)
            #expect(found == expected, "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a backslash is doubled so that an escaped newline and the text \\n differ")
    func backslashes() {
        #expect(SafeText.fieldEscaped("two\nlines") == #"two\nlines"#)
        #expect(SafeText.fieldEscaped(#"AC\DC \n"#) == #"AC\\DC \\n"#)
        #expect(SafeText.fieldEscaped("plain") == "plain")
        #expect(SafeText.escaped(#"AC\DC"#) == #"AC\DC"#, "the table for people leaves backslashes alone")
    }
}
