import TextSafety
import RosterCore

// How the roster's values are read from the command line: by RosterCore's
// readings, in its sentences (ValueReading), so that a mistake is worded
// as import and the plain roster word it. The parser reads every option
// once, before the command runs.

extension ReadableValue {
    /// The value `text` gives, or RosterCore's sentence. With `labelled`,
    /// the option goes before a sentence that does not say what it read
    /// (`--height: `40ft` is taller than a height can be; …`).
    /// `expecting` says what to give instead of an empty text; worked out
    /// only then (a list of weapons joined was 2% of a whole `set-weapon`).
    static func argument(_ text: String, labelled: Bool, expecting: @autoclosure () -> String) throws(ArgumentProblem) -> Self {
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            // An empty value is an unset variable or a slip, not a value to name in backticks.
            let expected = expecting()
            throw ArgumentProblem { label in "\(label) is empty; give \(expected)" }
        }
        switch reading(text) {
        case .success(let value):
            return value
        case .failure(let problem):
            let message = problem.message
            throw labelled ? ArgumentProblem { label in "\(label): \(message)" } : ArgumentProblem(message)
        }
    }
}

extension WeaponType: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) {
        self = try .argument(argument, labelled: false, expecting: "a weapon: \(Self.allCases.map(\.key).joined(separator: ", "))")
    }
    public static var completion: CompletionSource { .fixed(allCases.map(\.key)) }
}

extension NameColor: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) {
        self = try .argument(argument, labelled: false, expecting: "a colour: \(Self.allCases.map(\.key).joined(separator: ", "))")
    }
    public static var completion: CompletionSource { .fixed(allCases.map(\.key)) }
}

extension Country: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) {
        self = try .argument(argument, labelled: false, expecting: "a country's name or its ISO 3166 code, such as France or FR")
    }
    /// Names (`United Kingdom`) and codes, asked of roster when Tab is
    /// pressed: a name's spaces do not fit a script's fixed word list.
    public static var completion: CompletionSource {
        .output(CompletionQuery(name: "countries", arguments: "complete-countries"))
    }
}

extension Height: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) {
        self = try .argument(argument, labelled: true, expecting: "a height such as \(Height.examples)")
    }
}

extension Timestamp: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentProblem) { self = try .argument(argument, labelled: true, expecting: Timestamp.formHelp) }
    public static var completion: CompletionSource { .fixed(["now"]) }
}

/// An optional value (height, origin, activation) is made unknown by
/// `none`: `Option<Height?>` gives nil for it.
extension Optional: ExpressibleByArgument where Wrapped: ExpressibleByArgument & ReadableValue {
    public init(argument: String) throws(ArgumentProblem) {
        self = UnknownValue.isWord(argument) ? nil : try Wrapped(argument: argument)
    }

    public static var completion: CompletionSource {
        switch Wrapped.completion {
        case .fixed(let words): .fixed(words + [UnknownValue.word])
        case .deferred(let words): .deferred(DeferredWords(words.name + "-or-" + UnknownValue.word) {
            words.words() + [UnknownValue.word]
        })
        case .output(let query): .output(CompletionQuery(name: query.name + "_or_" + UnknownValue.word,
                                                         arguments: query.arguments + "; echo " + UnknownValue.word))
        default: .fixed([UnknownValue.word])
        }
    }
}

extension OutputFormat: ArgumentChoice {
    /// `plain` is the tab-separated form; NDJSON has another name.
    static var suggestedFor: [String: OutputFormat] { ["tsv": .plain, "jsonl": .ndjson, "jsonlines": .ndjson] }
}
extension ExportFormat: ArgumentChoice {
    /// The files' usual extensions, and NDJSON's other name: each can
    /// mean only the one format.
    public static var alsoNamed: [String: ExportFormat] { ["md": .markdown, "htm": .html, "jsonl": .ndjson, "jsonlines": .ndjson] }
}
extension ImportMode: ArgumentChoice {}

/// A CSV `--delimiter`: one ASCII character that cannot be part of a
/// cell's syntax (not a quote, a space, a letter, a digit or a line end),
/// or `tab`.
struct CSVDelimiter: ExpressibleByArgument, Equatable {
    let byte: UInt8

    init(argument: String) throws(ArgumentProblem) {
        if ["tab", "\\t", "\t"].contains(argument.lowercased()) {
            byte = 0x09
            return
        }
        guard argument.utf8.count == 1, let byte = argument.utf8.first, byte >= 0x20, byte < 0x7F,
              byte != UInt8(ascii: "\""), byte != UInt8(ascii: "'"), byte != UInt8(ascii: " "),
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
              !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) else {
            throw ArgumentProblem { label in "\(label) takes one character such as , ; or |, or the word tab, not \(Quote.code(argument))" }
        }
        self.byte = byte
    }

    static var completion: CompletionSource { .fixed([",", ";", "tab"]) }
}

/// `edit --expect FIELD=VALUE`: a field's key and the text it should still
/// hold, split at the first `=` (a value may hold more). Whether the field
/// exists and the value fits it is the store's to say.
struct FieldExpectation: ExpressibleByArgument, Equatable {
    let field: String
    let value: String

    init(argument: String) throws(ArgumentProblem) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ArgumentProblem { label in "\(label) takes FIELD=VALUE, such as weapon=sword, not \(Quote.code(argument))" }
        }
        field = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
