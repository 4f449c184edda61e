import TextSafety

/// Reading the values people type: a weapon, a name colour, a country, a
/// height, a moment. Each type reads its text one way and says in one
/// sentence why a text means nothing, with the value most likely meant.
/// The command line, import and the plain roster all read through here,
/// so a mistake is worded the same wherever it is made.
///
/// The "unknown …" sentences are built below; the height's and the
/// moment's refusals, which depend on how those are written, are built by
/// `Height.reading` and `Timestamp.reading`. What was typed is quoted in
/// backticks, as every command-line message quotes it.
public protocol ReadableValue: Sendable {
    /// What `text` means, or the sentence saying why it means nothing.
    static func reading(_ text: String) -> Result<Self, ValueProblem>
}

extension ValueProblem {
    /// `unknown weapon `swrod`; did you mean `sword`?`, or, with nothing
    /// close enough to suggest, `unknown weapon `x`; ` and `otherwise`.
    static func unknown(_ kind: String, _ text: String, suggestion: String?, otherwise: String) -> ValueProblem {
        if let suggestion {
            return ValueProblem("unknown \(kind) \(Quote.code(text)); did you mean \(Quote.code(suggestion))?", suggestion: suggestion)
        }
        return ValueProblem("unknown \(kind) \(Quote.code(text)); \(otherwise)")
    }
}

/// The word that makes an optional value (height, origin, activation)
/// unknown wherever one is typed: `roster edit --origin none`, or `none`
/// answered in the plain roster.
public enum UnknownValue {
    public static let word = "none"

    /// `none` in any case, with any spaces.
    public static func isWord(_ text: String) -> Bool {
        text.lowercased().filter { !$0.isWhitespace } == word
    }

    /// The value `text` gives, or nil (unknown) for `none`.
    public static func reading<Value: ReadableValue>(_ text: String, as type: Value.Type = Value.self)
        -> Result<Value?, ValueProblem> {
        isWord(text) ? .success(nil) : Value.reading(text).map { $0 }
    }
}

/// A value chosen from a fixed set by its key (a weapon, a name colour):
/// read in any reasonable spelling, and an unknown one answered with the
/// choice it most likely meant, or else the whole set.
public protocol KeyedChoice: ReadableValue, CaseIterable {
    /// The stable key stored and exported: `ninja-star`, `blue`.
    var key: String { get }
    init?(parsing text: String)
    /// The choice a misspelling most likely meant, to suggest (never to act on).
    static func suggestion(for text: String) -> Self?
    /// What one choice and the set are called in a sentence: `weapon`, `weapons`.
    static var noun: (one: String, all: String) { get }
}

extension KeyedChoice {
    public static func reading(_ text: String) -> Result<Self, ValueProblem> {
        Self(parsing: text).map(Result.success) ?? .failure(.unknown(noun.one, text, suggestion: suggestion(for: text)?.key,
                                                                     otherwise: "the \(noun.all) are \(allCases.map(\.key).joined(separator: ", "))"))
    }
}

extension WeaponType: KeyedChoice {
    public static let noun = (one: "weapon", all: "weapons")
}

extension NameColor: KeyedChoice {
    public static let noun = (one: "colour", all: "colours")
}

extension Country: ReadableValue {
    /// A country by name or ISO 3166 code, in any case: `France`, `fr`, `FRA`.
    public static func reading(_ text: String) -> Result<Country, ValueProblem> {
        if let country = Countries.find(text) { return .success(country) }
        return .failure(unknown(text, suggestion: Countries.suggestion(for: text)))
    }

    /// Why `text` names no country, with the country most likely meant
    /// when one was looked for and found. An import looks for it only
    /// after its transaction has ended, so it asks with none.
    static func unknown(_ text: String, suggestion: Country?) -> ValueProblem {
        .unknown("country", text, suggestion: suggestion?.name,
                 otherwise: "give a country's name or its ISO 3166 code, such as France or FR")
    }
}

extension Height: ReadableValue {}
extension Timestamp: ReadableValue {}
