import TextSafety
import RosterCore

/// Values read from one command-line argument, in the shape of
/// swift-argument-parser's protocol of the same name: the type says how its
/// text is read, in what words a mistake is refused, and what a shell may
/// offer. An option declared with the type (`Option<Value>`) is read once,
/// by the parser, before the command runs; the command gets the value,
/// never the text, and every command refuses a mistake in the same words.
public protocol ExpressibleByArgument: Sendable {
    /// The value `argument` gives, or why it gives none.
    init(argument: String) throws(ArgumentProblem)
    /// What a shell offers when completing the value.
    static var completion: CompletionSource { get }
}

extension ExpressibleByArgument {
    public static var completion: CompletionSource { .none }
}

/// Why an argument could not be read: one sentence, which may name where
/// the value was given (`--limit must be …`, `--height: …`).
public struct ArgumentProblem: Error, Sendable {
    private let wording: @Sendable (String) -> String

    /// A sentence that says by itself what was being read:
    /// "unknown shape `sqare`; did you mean `square`?".
    public init(_ sentence: String) {
        wording = { _ in sentence }
    }

    /// A sentence worded around the option or argument the value was
    /// given for (`--limit`, `N`).
    public init(naming wording: @escaping @Sendable (_ label: String) -> String) {
        self.wording = wording
    }

    /// The sentence for a value given as `label`.
    public func message(for label: String) -> String { wording(label) }
}

/// A value that is one of a few words: the enum's raw values, in any case.
/// (A separate protocol, so that a type with its own lenient reading,
/// such as one that also takes a display name, is never read as a plain choice.)
public protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {
    /// Other words people type for a choice (`md` for `markdown`), in
    /// lower case: suggested, never taken, as a typo is.
    static var suggestedFor: [String: Self] { get }
    /// Other names a choice goes by, in lower case, taken as the choice
    /// itself (`md` for `markdown`): no other choice could be meant.
    static var alsoNamed: [String: Self] { get }
}

extension ArgumentChoice {
    public static var suggestedFor: [String: Self] { [:] }
    public static var alsoNamed: [String: Self] { [:] }

    public init(argument: String) throws(ArgumentProblem) {
        self = try Self.choosing(argument, among: Array(Self.allCases))
    }

    public static var completion: CompletionSource { .fixed(allCases.map(\.rawValue)) }

    /// One of `choices`, the words compared ignoring case (`--format JSON`
    /// is `json`), suggesting the closest on a typo.
    static func choosing(_ argument: String, among choices: [Self]) throws(ArgumentProblem) -> Self {
        // Spaces around a word are a quoting slip, as for every other value.
        let word = argument.trimmingBlanks()
        if let choice = choices.first(where: { $0.rawValue.lowercased() == word.lowercased() }) { return choice }
        if let choice = alsoNamed[word.lowercased()], choices.contains(where: { $0.rawValue == choice.rawValue }) { return choice }
        let words = choices.map(\.rawValue)
        if word.isEmpty {
            throw ArgumentProblem { label in "\(label) is empty; it must be one of \(words.joined(separator: ", "))" }
        }
        let suggestion = suggestedFor[word.lowercased()]?.rawValue ?? EditDistance.closest(to: word.lowercased(), among: words)
        throw ArgumentProblem { label in
            "\(label) must be one of \(words.joined(separator: ", ")), not \(Quote.code(argument))"
                + (suggestion.map { "; did you mean \(Quote.code($0))?" } ?? "")
        }
    }
}

/// Text taken as it is given: a name, a description, a path.
extension String: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) { self = argument }
}

/// A count or a limit: a whole number from 1 up, in ASCII digits. A
/// number past what an `Int` holds means "as many as there are", as any
/// count that large does.
public struct PositiveCount: ExpressibleByArgument, Equatable {
    public let value: Int

    public init(argument: String) throws(ArgumentProblem) {
        let digits = argument.trimmingBlanks()
        guard !digits.isEmpty else {
            throw ArgumentProblem { label in "\(label) is empty; it must be a whole number from 1 up" }
        }
        guard digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            let written = digits.unicodeScalars.allSatisfy { $0.properties.numericType != nil }
                ? ", written with the digits 0 to 9" : ""
            throw ArgumentProblem { label in "\(label) must be a whole number from 1 up\(written), not \(Quote.code(argument))" }
        }
        let value = Int(digits) ?? (digits.contains { $0 != "0" } ? Int.max : 0)
        guard value >= 1 else {
            throw ArgumentProblem { label in "\(label) must be a whole number from 1 up, not \(Quote.code(argument))" }
        }
        self.value = value
    }
}
