import Testing
@testable import TerminalKit

/// A field's value can come from another program, megabytes long: what
/// the field shows around the cursor must cost the width, not the length
/// squared (a 2.4 MB description froze the roster for minutes a frame).
@Suite("Text field over a very long value")
struct TextFieldLongValueTests {
    @Test("the cursor at the end of 500,000 characters shows the last ones at once",
          .timeLimit(.minutes(1)))
    func cursorAtTheEnd() {
        var model = TextFieldModel(String(repeating: "ab", count: 250_000) + "xyz")
        let shown = model.visible(width: 10)
        #expect(shown.text == "abababxyz")
        #expect(shown.cursorColumn == 9, "the last column is left for the cursor")
        _ = model.handle(.home)
        #expect(model.visible(width: 10) == ("ababababab", 0))
    }

    @Test("scrolling is the same as before: wide and escaped characters before the cursor")
    func sameAsBefore() {
        // Each ideograph takes two columns and ESC two (`\e`): the
        // window starts at the first character from which the text up to
        // the cursor fits in the width less one column.
        var model = TextFieldModel("ab漢字\u{1B}cd")
        #expect(model.visible(width: 6) == ("\u{1B}cd", 4))
        #expect(model.visible(width: 8) == ("字\u{1B}cd", 6))
        _ = model.handle(.left)
        _ = model.handle(.left)
        #expect(model.visible(width: 4) == ("\u{1B}cd", 2), "字 does not fit before the cursor with the ESC")
        #expect(model.visible(width: 1) == ("c", 0), "nothing before the cursor fits in no columns")
    }
}
