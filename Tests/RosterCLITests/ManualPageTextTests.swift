import Foundation
import Testing
@testable import RosterCLI

@Suite("Text in the manual page")
struct ManualPageTextTests {
    @Test("roff's special characters are escaped, and a line never starts as a request")
    func escaping() {
        #expect(ManualPage.escaped(#"a\b"#) == #"\%a\eb"#)
        #expect(ManualPage.escaped("--dry-run") == #"\%\-\-dry\-run"#)
        #expect(ManualPage.escaped("NAME…") == #"\%NAME\[u2026]"#)
        #expect(ManualPage.escaped(".hidden\n'quoted") == "\\%.hidden\n\\%'quoted")
        #expect(ManualPage.escaped(".\n' x") == "\\&.\n\\&' x")
        let long = Array(repeating: "word", count: 30).joined(separator: " ") + " .period"
        let filled = ManualPage.filled(long)
        #expect(filled.split(separator: "\n").allSatisfy { $0.utf8.count <= 80 && !$0.hasPrefix(".") })
        #expect(filled.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\\&", with: "") == long)
    }

    @Test("code between backticks is shown in bold, the manual page's way, not with its backticks; an unpaired backtick stays")
    func codeInBold() {
        #expect(ManualPage.escaped("`roster import` reads json back") == #"\fB\%roster \%import\fR reads json back"#)
        #expect(ManualPage.escaped("(`--db`) or `x`.") == #"(\fB\%\-\-db\fR) or \fB\%x\fR."#)
        #expect(ManualPage.escaped(".`x`") == #"\&.\fB\%x\fR"#)
        #expect(ManualPage.escaped("a ` b") == "a ` b")
    }

    @Test("identifiers are marked unbreakable, so that roff never hyphenates them; prose is left to it")
    func identifiersUnbreakable() {
        #expect(ManualPage.escaped("Set ROSTER_ACCESSIBLE to 1.") == #"Set \%ROSTER_ACCESSIBLE to 1."#)
        #expect(ManualPage.escaped("(the roster.db file, or ~/x)") == #"(the \%roster.db file, or \%~/x)"#)
        #expect(ManualPage.escaped("Accessible monsters, PostgreSQL's") == #"Accessible monsters, \%PostgreSQL's"#)
        #expect(ManualPage.escaped("{\"monsters\": […]} (default: json)") == #"\%{"monsters": \%[\[u2026]]} (default: json)"#)
    }

    @Test("a discussion's aligned lists become entries with their terms; the text around them stays paragraphs")
    func discussionBlocks() {
        let discussion = """
            Writes to standard output.

            json      one document,
                      continued here.
            csv       RFC 4180.
            Ids are used by replace only.
            """
        #expect(ManualPage.blocks(discussion) == [
            .init(term: nil, text: "Writes to standard output."),
            .init(term: "json", text: "one document, continued here."),
            .init(term: "csv", text: "RFC 4180."),
            .init(term: nil, text: "Ids are used by replace only."),
        ])
    }
}
