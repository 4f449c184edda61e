import Testing
@testable import TerminalKit

/// A text field edited in a box of several rows: rows break between
/// words as the value is shown unedited, the box opens on the start of a
/// text that fits, and ↑↓ Home/End move by the rows drawn.
@Suite("A text field's box of several rows")
struct TextFieldBoxTests {
    static let text = "A loyal robot dog who guards the corner of the lab and barks at strangers"

    @Test("rows break between words, never inside one that fits a row")
    func wrapsByWord() {
        let model = TextFieldModel(Self.text)
        let box = model.wrapped(width: 20, rows: 10)
        #expect(box.rows == ["A loyal robot dog", "who guards the", "corner of the lab", "and barks at", "strangers"], "\(box.rows)")
        #expect(box.rows.allSatisfy { $0.count <= 20 })
        #expect(box.cursor == Point(x: 9, y: 4), "the cursor after the last word")
    }

    @Test("a word longer than a row breaks where the row ends")
    func longWordBreaksByCharacter() {
        let model = TextFieldModel("see abcdefghijklmnopqrstuvwxyz now")
        #expect(model.wrapped(width: 10, rows: 10).rows == ["see", "abcdefghij", "klmnopqrst", "uvwxyz now", ""],
                "the last row is full: the cursor at the end has a row of its own")
    }

    @Test("a newline ends a row; text that fills its last row leaves a row for the cursor")
    func newlinesAndFullRows() {
        #expect(TextFieldModel("one\ntwo").wrapped(width: 10, rows: 5).rows == ["one", "two"])
        let full = TextFieldModel("abcde")
        #expect(full.wrapped(width: 5, rows: 5).rows == ["abcde", ""])
        #expect(full.wrapped(width: 5, rows: 5).cursor == Point(x: 0, y: 1))
    }

    @Test("opened with the cursor at the end, the box shows the start when the text fits, else ends at the cursor")
    func opensOnTheStart() {
        let model = TextFieldModel(Self.text)
        let fits = model.wrapped(width: 20, rows: 5)
        #expect(fits.rows.first == "A loyal robot dog", "the first row is not hidden: \(fits.rows)")
        #expect(fits.cursor.y == 4)
        let tooLong = model.wrapped(width: 20, rows: 3)
        #expect(tooLong.rows == ["corner of the lab", "and barks at", "strangers"], "\(tooLong.rows)")
        #expect(tooLong.cursor == Point(x: 9, y: 2))
    }

    @Test("↑↓ move by the rows drawn, keeping the column over shorter rows; past the ends they go to the start and the end")
    func upAndDown() {
        var model = TextFieldModel(Self.text)
        model.moveVertically(by: -1, width: 20)            // from "strangers|" (column 9) into "and barks at "
        #expect(model.wrapped(width: 20, rows: 10).cursor == Point(x: 9, y: 3))
        model.moveVertically(by: -1, width: 20)
        #expect(model.wrapped(width: 20, rows: 10).cursor == Point(x: 9, y: 2))
        model.moveVertically(by: -2, width: 20)
        #expect(model.wrapped(width: 20, rows: 10).cursor == Point(x: 9, y: 0))
        model.moveVertically(by: -1, width: 20)
        #expect(model.cursor == 0, "past the first row: the start")
        model.moveVertically(by: 10, width: 20)
        #expect(model.cursor == model.characters.count, "past the last row: the end")
        // The column is kept over a shorter row.
        var kept = TextFieldModel("abcdefghij\nab\nabcdefghij")
        kept.moveVertically(by: -1, width: 20)
        #expect(kept.wrapped(width: 20, rows: 5).cursor == Point(x: 2, y: 1), "the short row's end")
        kept.moveVertically(by: -1, width: 20)
        #expect(kept.wrapped(width: 20, rows: 5).cursor == Point(x: 10, y: 0), "back at column 10 above it")
    }

    @Test("Home and End go to the start and the end of the cursor's row")
    func homeAndEnd() {
        var model = TextFieldModel(Self.text)
        model.moveVertically(by: -2, width: 20)            // "corner of |the lab "
        model.moveToRowEdge(end: false, width: 20)
        #expect(model.wrapped(width: 20, rows: 10).cursor == Point(x: 0, y: 2))
        model.moveToRowEdge(end: true, width: 20)
        #expect(model.wrapped(width: 20, rows: 10).cursor == Point(x: 17, y: 2), "after \"lab\", before the space it breaks at")
        model.moveToRowEdge(end: true, width: 20)
        #expect(model.wrapped(width: 20, rows: 10).cursor.y == 2, "End again stays on the row")
    }
}
