import Testing
import TextSafety

/// Messages quote as Markdown writes code, so that any text reads back.
@Suite("Quoting names and values in messages")
struct QuoteTests {
    @Test("text is fenced by more backticks than it holds in a row, padded where it starts or ends with one", arguments: [
        ("Cat-Bot", "`Cat-Bot`"),
        ("Q`Bot", "``Q`Bot``"),
        ("a``b", "```a``b```"),
        ("`Tick`", "`` `Tick` ``"),
        ("`", "`` ` ``"),
        (" padded ", "`  padded  `"),
        ("", "``"),
    ])
    func code(_ text: String, _ quoted: String) {
        #expect(Quote.code(text) == quoted)
    }

    @Test("a quote shows at most as many characters as the longest value a roster keeps, and says how long the text was")
    func bounded() {
        let description = String(repeating: "d", count: Quote.longest)
        #expect(Quote.code(description) == "`" + description + "`")
        let typed = String(repeating: "é", count: 150_000)
        #expect(Quote.code(typed) == "`" + String(repeating: "é", count: Quote.longest) + "`… (150000 characters in all)")
    }

    @Test("a quoted text reads back exactly, as CommonMark takes a code span apart", arguments: [
        "Cat-Bot", "Q`Bot", "a``b", "`Tick`", "`", "``", " padded ", "x ` y", "ends`",
    ])
    func readsBack(_ text: String) {
        #expect(Self.codeSpanContent(Quote.code(text)) == text)
    }

    @Test("a name is bare where it reads as one name, and quoted where it would read on into the sentence")
    func names() {
        for name in ["Cat-Bot", "Mini-Tomato-Bot", "Café", "ＣＡＴ-ＢＯＴ", "O'Neil Bot", "R2.D2_x", "🐱 Bot", "👩‍🚀-Bot"] {
            #expect(Quote.name(name) == name)
        }
        for (name, quoted) in [("Q`Bot", "``Q`Bot``"), ("A; B", "`A; B`"), ("A: Sword → Fire", "`A: Sword → Fire`"),
                               (" A", "` A`"), ("A  B", "`A  B`"), ("x, y", "`x, y`"), ("A → B", "`A → B`")] {
            #expect(Quote.name(name) == quoted)
        }
    }

    /// The content of one code span: the fence, then the text, with one
    /// space taken from each end when both ends have one and it is not all spaces.
    static func codeSpanContent(_ span: String) -> String? {
        let fence = span.prefix { $0 == "`" }
        guard !fence.isEmpty, span.hasSuffix(fence), span.count >= 2 * fence.count else { return nil }
        var inner = String(span.dropFirst(fence.count).dropLast(fence.count))
        if inner.count >= 2, inner.first == " ", inner.last == " ", inner.contains(where: { $0 != " " }) {
            inner = String(inner.dropFirst().dropLast())
        }
        return inner
    }
}
