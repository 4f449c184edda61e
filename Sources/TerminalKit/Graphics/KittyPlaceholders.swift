/// Kitty's Unicode placeholders: an image shown by ordinary text, so that
/// a program between us and the terminal (tmux) keeps it in its cell grid,
/// moves it, covers it and redraws it like any other text.
///
/// The image is sent once (`KittyGraphics.transmitPNG`, quiet: nothing
/// may answer through tmux) and given a *virtual* placement, `a=p,U=1`
/// with the number of columns and rows, which shows nothing by itself.
/// Then each cell of the picture is the character U+10EEEE followed by
/// two combining diacritics from the protocol's table: the first gives
/// the row, the second the column of the image that cell shows; its
/// foreground colour is the image id (`38;5;id`, so ids stay below 256).
/// A panel drawn over some of those cells simply replaces them: the
/// picture is cut there with no placement to move. Text never carries
/// them: the cells are written by the picture drawing alone.
///
/// Unicode placeholders came with kitty 0.28; an older kitty draws the
/// character as an unknown glyph, so `TmuxClient.showsKittyPlaceholders`
/// asks for the version first.
public enum KittyPlaceholders {
    /// The placeholder character, from Unicode's private use plane 16.
    public static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The row and column diacritics, in order: the first 132 of kitty's
    /// `rowcolumn-diacritics.txt` (combining marks of class 230 that do
    /// not compose with the characters before them). A picture larger
    /// than this, in columns or rows, is drawn another way.
    static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
        0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
        0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
        0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
        0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8,
        0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
        0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
        0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
        0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822,
        0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C, 0x082D, 0x0951, 0x0953, 0x0954,
    ]

    /// The most rows or columns a placeholder picture may have.
    public static var largestSide: Int { diacritics.count }

    /// The text of the cell at `row`, `column` of a picture.
    public static func cell(row: Int, column: Int) -> String {
        var text = String(Character(placeholder))
        for index in [row, column] {
            if let scalar = Unicode.Scalar(diacritics[max(0, min(diacritics.count - 1, index))]) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    /// The row and column a placeholder cell's text stands for; nil if it is none.
    public static func position(of text: String) -> (row: Int, column: Int)? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 3, scalars[0] == placeholder,
              let row = diacritics.firstIndex(of: scalars[1].value), let column = diacritics.firstIndex(of: scalars[2].value) else { return nil }
        return (row, column)
    }

    /// The virtual placement of image `imageID` over `columns × rows`
    /// cells, quiet. Sent again with other sizes, it replaces the last.
    public static func virtualPlacement(imageID: UInt32, columns: Int, rows: Int) -> [UInt8] {
        KittyGraphics.command("a=p,U=1,i=\(imageID),p=1,c=\(max(1, columns)),r=\(max(1, rows)),q=2")
    }
}
