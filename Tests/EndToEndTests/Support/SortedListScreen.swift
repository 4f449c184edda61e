import Testing

/// The interface's sorted list as a person reads it off the screen: the
/// names in its rows, the selected monster's number in the border, and
/// whether the rows shown are a run of `list --sort`'s list.
enum SortedListScreen {
    /// Chooses Cat-Bot by filtering for it and clearing the filter again,
    /// once the names are indexed (in the background at this size).
    static func chooseCatBot(_ screen: TmuxDriver, total: String) throws {
        try screen.press("/")
        try screen.type("cat-bot")
        #expect(screen.waitFor("1 found", timeout: 10), "\(screen.screen)")
        for _ in 0..<7 { try screen.press("BSpace") }
        #expect(screen.waitFor("Monsters · \(total)"), "\(screen.screen)")
        try screen.press("Escape")
    }

    /// After `key` sorts the list as `names` (the command line's list),
    /// Cat-Bot is numbered by its place there and the rows shown are a
    /// run of it with Cat-Bot among them.
    static func expectCatBotInPlace(_ screen: TmuxDriver, after key: String, names: [String], total: String, order: String) throws {
        let place = try #require(names.firstIndex(of: "Cat-Bot"))
        try screen.press(key)
        #expect(screen.waitFor("\(grouped(place + 1))/\(total)", timeout: 5), "by \(order), Cat-Bot is number \(place + 1): \(screen.screen)")
        let shown = shownNames(screen.screen)
        let first = try #require(names.firstIndex(of: shown.first ?? ""), "\(screen.screen)")
        #expect(shown.contains("Cat-Bot") && shown == Array(names[first..<min(names.count, first + shown.count)]),
                "by \(order): \(screen.screen)")
    }

    /// End shows the last rows of `names` (the command line's list),
    /// numbered last; then q quits.
    static func expectEndShowsTheLast(_ screen: TmuxDriver, names: [String], total: String) throws {
        try screen.press("End")
        #expect(screen.waitFor("\(total)/\(total)"), "\(screen.screen)")
        let shown = shownNames(screen.screen)
        #expect(!shown.isEmpty && shown == Array(names.suffix(shown.count)), "\(screen.screen)")
        try screen.press("q")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
    }

    /// The names in the list's rows, top to bottom.
    static func shownNames(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("│"), let end = line.range(of: "││") else { return nil }
            let words = line[line.index(after: line.startIndex)..<end.lowerBound].split(separator: " ")
            // A row is a glyph and a name; the headings' row starts with "Name".
            return words.count >= 2 && words[0] != "Name" ? String(words[1]) : nil
        }
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }
}
