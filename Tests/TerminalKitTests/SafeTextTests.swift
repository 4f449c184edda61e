import Testing
@testable import TerminalKit
import TextSafety

@Suite("Untrusted text made safe for the terminal")
struct SafeTextTests {
    @Test("controls, C1, DEL and bidi characters become visible escapes", arguments: [
        ("\u{1B}]0;title\u{07}", #"\e]0;title\x07"#),
        ("a\tb\nc\rd", #"a\tb\nc\rd"#),
        ("\u{9B}31m", #"\u{9b}31m"#),
        ("x\u{7F}", #"x\x7f"#),
        ("abc\u{202E}gpj.exe", #"abc\u{202e}gpj.exe"#),
        ("\u{2066}iso\u{2069}", #"\u{2066}iso\u{2069}"#),
        ("line\u{2028}sep", #"line\u{2028}sep"#),
    ])
    func escapes(_ input: String, _ expected: String) {
        #expect(SafeText.escaped(input) == expected)
    }

    @Test("CRLF is one Character but two escapes: the work is done on scalars")
    func crlf() {
        #expect("\r\n".count == 1)
        #expect(SafeText.escaped("\r\n") == #"\r\n"#)
    }

    @Test("ordinary text, CJK, emoji and combining marks are untouched")
    func ordinary() {
        for text in ["Cat-Bot", "猫ボット", "🔥 fire", "e\u{301}", "Ünïcödé"] {
            #expect(SafeText.escaped(text) == text)
        }
    }
}

@Suite("Display width")
struct DisplayWidthTests {
    @Test("widths come from wcwidth: CJK and emoji are two columns, combining marks none")
    func widths() {
        #expect(DisplayWidth.of("Cat-Bot") == 7)
        #expect(DisplayWidth.of("猫ボット") == 8)
        #expect(DisplayWidth.of("🔥") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("⚔ Sword") == 7)
    }

    @Test("truncation keeps within the limit, adds an ellipsis, and never splits a wide character")
    func truncation() {
        #expect(DisplayWidth.truncate("Cat-Bot", to: 10) == "Cat-Bot")
        #expect(DisplayWidth.truncate("Cat-Bot", to: 5) == "Cat-…")
        #expect(DisplayWidth.truncate("猫ボット", to: 5) == "猫ボ…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("猫ボット", to: 4)) <= 4)
        #expect(DisplayWidth.truncate("anything", to: 0) == "")
        #expect(DisplayWidth.truncate("ab", to: 1) == "…")
    }

    @Test("padding fills to a width counted in columns")
    func padding() {
        #expect(DisplayWidth.pad("猫", to: 4) == "猫  ")
        #expect(DisplayWidth.pad("long", to: 2) == "long")
    }
}
