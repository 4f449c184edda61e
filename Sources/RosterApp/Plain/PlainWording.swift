import RosterCore

/// The sentences of the plain roster: every line makes sense on its own
/// when a screen reader speaks it or a braille display shows it, without
/// the lines around it. Messages the controller and the store already
/// word (the command line's words) are only made into sentences here.
enum PlainWording {
    /// `now carries Fire` → `Now carries Fire.`: a message as a sentence.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        var text = first.isLowercase ? first.uppercased() + message.dropFirst() : message
        if let last = text.last, !".?!".contains(last) { text += "." }
        return text
    }

    /// `1,000,000`: digits grouped as people read them out.
    static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    static func monsters(_ number: Int) -> String {
        number == 1 ? "1 monster" : "\(count(number)) monsters"
    }

    /// `3: Explode-Bot carries Smoke.`
    static func listLine(number: Int, _ monster: Monster) -> String {
        "\(count(number)): \(monster.name) carries \(monster.weapon.type.displayName)."
    }

    /// `Monsters 1 to 20 of 1,000,000. n for the next page.`
    static func pageHeading(first: Int, last: Int, count total: Int, filter: String, hasPrevious: Bool) -> String {
        var text = first == last ? "Monster \(count(first)) of \(count(total))" : "Monsters \(count(first)) to \(count(last)) of \(count(total))"
        if !filter.isEmpty { text += " whose names contain “\(filter)”" }
        text += "."
        if last < total { text += " n for the next page." }
        if hasPrevious { text += " p for the previous page." }
        return text
    }

    /// The details, one sentence per field.
    static func details(_ monster: Monster, number: Int?, of total: Int) -> [String] {
        var lines: [String] = []
        if let number {
            lines.append("\(monster.name) is number \(count(number)) of \(count(total)), with id \(monster.id).")
        } else {
            lines.append("\(monster.name) has id \(monster.id).")
        }
        lines.append(monster.description.isEmpty ? "It has no description." : "Its description is “\(monster.description)”.")
        lines.append("It carries \(monster.weapon.type.displayName).")
        lines.append("Its name colour is \(monster.nameColor.displayName.lowercased()).")
        lines.append("Its picture is \(monster.icon).")
        lines.append(monster.height.map { "It is \($0.displayName) tall." } ?? "Its height is unknown.")
        lines.append(monster.country.map { "It comes from \($0.description)." }
            ?? monster.origin.map { "Its origin is \($0)." } ?? "Its origin is unknown.")
        lines.append(monster.activated.map { "It was activated on \($0.localDisplay)." } ?? "Its activation is unknown.")
        return lines
    }

    /// `1 Blowgun, 2 Ninja Star, 3 Fire, 4 Sword, 5 Smoke, 0 to keep Smoke.`
    static func numberedChoices(_ labels: [String], keeping current: String) -> String {
        let numbered = labels.enumerated().map { "\($0.offset + 1) \($0.element)" }
        return (numbered + ["0 to keep \(current)"]).joined(separator: ", ") + "."
    }

    /// `text` without the white space around it.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars.drop(while: { $0.properties.isWhitespace })
        let kept = scalars.reversed().drop(while: { $0.properties.isWhitespace })
        return String(String.UnicodeScalarView(kept.reversed()))
    }

    // MARK: Typed values, read as the command line reads them

    /// The word that makes an optional value unknown, as in `roster edit`.
    static let unknownWord = "none"

    static func isUnknownWord(_ text: String) -> Bool {
        text.lowercased().filter { !$0.isWhitespace } == unknownWord
    }

    /// A height as `--height` takes it; nil for `none`.
    static func height(_ text: String) -> Result<Height?, PlainRefusal> {
        if isUnknownWord(text) { return .success(nil) }
        switch Height.reading(text) {
        case .success(let height): return .success(height)
        case .failure(let problem): return .failure(PlainRefusal(problem.message))
        }
    }

    /// An origin as `--origin` takes it (a country's code); nil for `none`.
    static func origin(_ text: String) -> Result<String?, PlainRefusal> {
        if isUnknownWord(text) { return .success(nil) }
        switch Countries.reading(text) {
        case .success(let country): return .success(country.code)
        case .failure(let problem):
            let hint = problem.suggestion.map { "did you mean `\($0)`?" }
                ?? "give a country's name or its ISO 3166 code, such as France or FR"
            return .failure(PlainRefusal("unknown country `\(text)`; \(hint)"))
        }
    }

    /// An activation as `--activated` takes it; nil for `none`.
    static func activated(_ text: String) -> Result<Timestamp?, PlainRefusal> {
        if isUnknownWord(text) { return .success(nil) }
        switch Timestamp.reading(text) {
        case .success(let moment): return .success(moment)
        case .failure(let problem): return .failure(PlainRefusal(problem.message))
        }
    }

    /// A weapon by number or by any spelling of its name.
    static func weapon(_ text: String) -> Result<WeaponType?, PlainRefusal> {
        choice(text, among: WeaponType.allCases, what: "weapon") { text in
            WeaponType(parsing: text).map(Result.success) ?? .failure(PlainRefusal(WeaponType.unknownMessage(for: text)))
        }
    }

    /// A name colour by number or by name.
    static func color(_ text: String) -> Result<NameColor?, PlainRefusal> {
        choice(text, among: NameColor.allCases, what: "colour") { text in
            if let color = NameColor(parsing: text) { return .success(color) }
            let hint = NameColor.suggestion(for: text).map { "did you mean `\($0.key)`?" }
                ?? "the colours are \(NameColor.allCases.map(\.key).joined(separator: ", "))"
            return .failure(PlainRefusal("unknown colour `\(text)`; \(hint)"))
        }
    }

    /// One of the numbered `choices` (nil for 0, keep), or one named.
    static func choice<Choice>(_ text: String, among choices: [Choice], what: String,
                               byName: (String) -> Result<Choice, PlainRefusal>) -> Result<Choice?, PlainRefusal> {
        let trimmed = Self.trimmed(text)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let number = Int(trimmed), number <= choices.count else {
                return .failure(PlainRefusal("there is no \(what) number \(trimmed); answer a number from 0 to \(choices.count)"))
            }
            return .success(number == 0 ? nil : choices[number - 1])
        }
        return byName(trimmed).map { $0 }
    }
}

/// Why an answer cannot be taken, as the sentence to say.
struct PlainRefusal: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

