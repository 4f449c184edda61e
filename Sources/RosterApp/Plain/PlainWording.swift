import TextSafety
import RosterCore

/// The sentences of the plain roster: every line makes sense on its own
/// when a screen reader speaks it or a braille display shows it, without
/// the lines around it. Messages the controller and the store already
/// word (the command line's words) are only made into sentences here.
enum PlainWording {
    /// `now carries Fire` → `Now carries Fire.`: a message as a sentence
    /// (`Sentence`, as the full-screen roster's footer shows it), in the
    /// words speech reads well (`spoken`).
    static func sentence(_ message: String) -> String {
        Sentence.completed(spoken(message))
    }

    /// A message in the command line's words made to be heard: values in
    /// backticks (`` `MEE-OW` ``, which a screen reader reads as "grave")
    /// quoted as speech quotes them, and `→` (read "right arrow") said as
    /// "to". A code span ends at a run of as many backticks as opened it,
    /// as `Quote.code` writes it.
    static func spoken(_ message: String) -> String {
        let characters = Array(message)
        var result = ""
        var index = 0
        // The length of the run of backticks starting at `start`.
        func run(at start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] == "`" { end += 1 }
            return end - start
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`" {
                let fence = run(at: index)
                var close = index + fence
                while close < characters.count, !(characters[close] == "`" && run(at: close) == fence) {
                    close += characters[close] == "`" ? run(at: close) : 1
                }
                if close < characters.count {
                    var inside = String(characters[(index + fence)..<close])
                    if inside.count > 1, inside.first == " ", inside.last == " " { inside = String(inside.dropFirst().dropLast()) }
                    result += quoted(inside)
                    index = close + fence
                    continue
                }
                result += String(characters[index...])
                break
            }
            if character == "→", index > 0, characters[index - 1] == " " {
                result += "to"
            } else {
                result.append(character)
            }
            index += 1
        }
        return result
    }

    /// `“MEE-OW”`: text quoted the way speech quotes it.
    static func quoted(_ text: String) -> String { "“" + text + "”" }

    /// `the United Kingdom (GB)`, `Japan (JP)`: a country as a sentence
    /// names it, with "the" where English puts one.
    static func country(_ country: Country) -> String {
        let name = country.name
        let takesThe = name.hasPrefix("United ") || name.hasSuffix("Islands") || name.hasSuffix("Republic")
            || ["Bahamas", "Gambia", "Netherlands", "Philippines", "Maldives", "Comoros", "Seychelles"].contains(name)
            || name.hasPrefix("Holy See")
        return (takesThe ? "the " : "") + country.description
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

    /// `Monsters 1 to 20 of 1,000,000. Type next for the next page.`
    /// A filter that is an expression (`weapon=smoke`) is said as one:
    /// "whose names contain “weapon=smoke”" would be false.
    static func pageHeading(first: Int, last: Int, count total: Int, filter: String, isExpression: Bool = false,
                            hasPrevious: Bool) -> String {
        var text = first == last ? "Monster \(count(first)) of \(count(total))" : "Monsters \(count(first)) to \(count(last)) of \(count(total))"
        if isExpression {
            text += (first == last ? " that matches " : " that match ") + quoted(filter)
        } else if !filter.isEmpty {
            text += (first == last ? " whose name contains " : " whose names contain ") + quoted(filter)
        }
        text += "."
        if last < total { text += " Type next for the next page." }
        if hasPrevious { text += " Type previous for the previous page." }
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
        lines.append(monster.description.isEmpty ? "It has no description." : "Its description is \(quoted(monster.description)).")
        lines.append("It carries \(monster.weapon.type.displayName).")
        lines.append("Its name colour is \(spokenColour(monster.nameColor)).")
        lines.append("Its picture is \(MonsterPictures.spoken(monster.icon)).")
        lines.append(monster.height.map { "It is \($0.displayName) tall." } ?? "Its height is unknown.")
        lines.append(monster.country.map { "It comes from \(country($0))." }
            ?? monster.origin.map { "Its origin is \($0)." } ?? "Its origin is unknown.")
        lines.append(monster.activated.map { "It was activated on \($0.localDisplay)." } ?? "Its activation is unknown.")
        return lines
    }

    /// A colour inside a sentence, in lower case as speech has it ("Its
    /// name colour is red."), the default one as what it is; as a choice
    /// in a numbered list it keeps its label's capital ("2 Red").
    static func spokenColour(_ colour: NameColor) -> String {
        colour == .default ? "the default" : colour.displayName.lowercased()
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

    // The refusals are RosterCore's sentences, the command line's words
    // (backticks round what was typed); the curly quotes of the plain
    // roster's own sentences are for text it shows, such as a description.

    /// A height as `--height` takes it; nil for `none`.
    static func height(_ text: String) -> Result<Height?, PlainRefusal> {
        refusing(UnknownValue.reading(text, as: Height.self))
    }

    /// An origin as `--origin` takes it (a country's code); nil for `none`.
    static func origin(_ text: String) -> Result<String?, PlainRefusal> {
        refusing(UnknownValue.reading(text, as: Country.self)).map { $0?.code }
    }

    /// An activation as `--activated` takes it; nil for `none`.
    static func activated(_ text: String) -> Result<Timestamp?, PlainRefusal> {
        refusing(UnknownValue.reading(text, as: Timestamp.self))
    }

    /// A weapon by number or by any spelling of its name.
    static func weapon(_ text: String) -> Result<WeaponType?, PlainRefusal> {
        choice(text, among: WeaponType.allCases, what: "weapon") { refusing(WeaponType.reading($0)) }
    }

    /// A name colour by number or by name.
    static func color(_ text: String) -> Result<NameColor?, PlainRefusal> {
        choice(text, among: NameColor.allCases, what: "colour") { refusing(NameColor.reading($0)) }
    }

    private static func refusing<Value>(_ reading: Result<Value, ValueProblem>) -> Result<Value, PlainRefusal> {
        reading.mapError { PlainRefusal($0.message) }
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

