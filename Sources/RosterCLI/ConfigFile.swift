#if canImport(Glibc)
import Glibc
#endif
import RosterApp
import RosterCore
import TerminalKit
import TextSafety

/// `$XDG_CONFIG_HOME/roster/config.toml`: settings a person keeps rather
/// than types each time. Each key stands for an environment variable
/// roster already reads (`db` for `ROSTER_DB`, `pictures` for
/// `ROSTER_PICTURES`…), and only fills in a variable that is not set, so
/// the order is the usual one: an option, then the environment, then the
/// file, then the default. Reading it costs one `open` when there is no
/// file; it is read once, at start, before any command runs.
///
/// The file is TOML's simple form: `key = value` lines, strings in double
/// quotes, `true`/`false`, `#` comments. A key roster does not know or a
/// value it cannot read is one sentence naming the file and the line.
struct ConfigFile: Sendable, Equatable {
    /// A key, what it is for, and the variable it stands for.
    struct Key: Sendable {
        enum Kind: Sendable {
            case text, flag, choice([String])
            /// The list's columns: `ListColumn.named(setting:)`.
            case columns
        }
        let name: String
        let kind: Kind
        let help: String
        let variable: String
        /// The variable's value for the key's value (nil: leave it unset).
        let asVariable: @Sendable (ConfigValue) -> String?

        /// A value the key takes, for the sentence that asks for quotes.
        var example: String {
            switch kind {
            case .columns: "weapon, origin"
            case .choice(let words): name == "theme" ? "high-contrast" : words.first(where: { $0 == "blocks" }) ?? words.first ?? ""
            case .text, .flag: "~/rosters/team.db"
            }
        }
    }

    static let keys: [Key] = [
        Key(name: "db", kind: .text,
            help: "the roster when --db and ROSTER_DB are not given: a file from / or ~/ (your home), or postgresql://…",
            variable: "ROSTER_DB") { value in value.text },
        Key(name: "animation", kind: .flag,
            help: "false keeps panels from sliding, as --no-animation and ROSTER_NO_ANIMATION=1 do (default: true)",
            variable: "ROSTER_NO_ANIMATION") { value in value.flag == false ? "1" : nil },
        Key(name: "pictures", kind: .choice(["kitty", "sixel", "iterm2", "blocks", "text", "auto"]),
            help: "how pictures are drawn: kitty, sixel, iterm2, blocks, text or auto, as ROSTER_PICTURES (default: auto)",
            variable: "ROSTER_PICTURES") { value in value.text },
        Key(name: "accessible", kind: .flag,
            help: "true opens the plain, line-oriented roster, as ROSTER_ACCESSIBLE=1 does (default: false)",
            variable: "ROSTER_ACCESSIBLE") { value in value.flag == true ? "1" : nil },
        Key(name: "columns", kind: .columns,
            help: "the columns the monster list shows beside the names where it has room: weapon, height, origin and "
                + "activated, separated by commas, or all, or none; v changes them (default: none), as ROSTER_COLUMNS",
            variable: "ROSTER_COLUMNS") { value in value.text },
        Key(name: "theme", kind: .choice(ThemeChoice.allCases.map(\.rawValue)),
            help: "high-contrast draws every text, border and mark in the terminal's own text and background colours, "
                + "swapped for highlights; standard adds a grey for quiet borders and cyan for focus, as ROSTER_THEME (default: standard)",
            variable: "ROSTER_THEME") { value in value.text },
    ]

    /// The file's path; nil when neither XDG_CONFIG_HOME nor HOME is set.
    let path: String?
    /// Each variable the file fills in, by name.
    let variables: [String: String]

    static let none = ConfigFile(path: nil, variables: [:])

    /// Where the file is: `$XDG_CONFIG_HOME/roster/config.toml`, else
    /// `~/.config/roster/config.toml`.
    static func path(environment: (String) -> String?) -> String? {
        if let folder = environment("XDG_CONFIG_HOME"), folder.hasPrefix("/") { return folder + "/roster/config.toml" }
        // A relative HOME is ignored too: it would read a file of the working folder's.
        return environment("HOME").flatMap { $0.hasPrefix("/") ? $0 + "/.config/roster/config.toml" : nil }
    }

    /// The file at its place, or `none` when there is none.
    static func load(environment: (String) -> String?) throws(ConfigError) -> ConfigFile {
        guard let path = path(environment: environment) else { return .none }
        // Without blocking: a FIFO at that place would otherwise hold every
        // command, even `list`, until something writes to it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let reason = errno
            // A link whose file is gone (a dotfiles folder not checked
            // out) is settings the person meant to have: without its `db`
            // every command would quietly use another roster.
            if reason == ENOENT, let target = FileSystem.linkTarget(path) {
                throw ConfigError(path: path, line: nil, "is a link to \(Quote.code(target)), which is not there", isUnreadable: true)
            }
            if reason == ENOENT || reason == ENOTDIR { return .none }
            // A folder on the way this user may not look into (HOME left
            // at another user's home, as `sudo -E` leaves it): there is no
            // file of theirs there, as when there is none at all.
            var status = stat()
            if reason == EACCES, stat(path, &status) != 0 { return .none }
            throw ConfigError(path: path, line: nil, "cannot be read: \(String(cString: strerror(reason)))", isUnreadable: true)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ConfigError(path: path, line: nil, "is not a regular file; it should hold a few `key = value` lines")
        }
        let bytes: [UInt8]
        switch FileSystem.readToEnd(descriptor, limit: 1 << 16) {
        case .success(let read): bytes = read
        case .failure(let failure): throw ConfigError(path: path, line: nil, "cannot be read: \(failure.description)")
        }
        // A settings file is a few lines: anything this long is something else.
        if bytes.count > 1 << 16 { throw ConfigError(path: path, line: nil, "is larger than 64 KiB; it holds a few `key = value` lines") }
        return try parse(bytes, path: path, home: environment("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil })
    }

    /// The settings `bytes` give.
    static func parse(_ bytes: [UInt8], path: String, home: String?) throws(ConfigError) -> ConfigFile {
        guard bytes.withUnsafeBufferPointer(UTF8Validation.isValid) else { throw ConfigError(path: path, line: nil, "is not UTF-8 text") }
        var variables: [String: String] = [:]
        var seen: Set<String> = []
        // A byte-order mark, which some editors write first, is no part of the first key.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        // "\r\n" is one Character in Swift: a file written on Windows is split at it too.
        let lines = String(decoding: text, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = Substring(rawLine)
            if line.last == "\r" { line.removeLast() }
            let text = line.trimmingBlanks()
            if text.isEmpty || text.first == "#" { continue }
            if text.first == "[" {
                throw ConfigError(path: path, line: number, "roster's settings have no tables; write `key = value` lines without [\(text.dropFirst().prefix { $0 != "]" })]")
            }
            guard let equals = text.firstIndex(of: "=") else {
                throw ConfigError(path: path, line: number, "expected `key = value`, such as db = \"~/rosters/team.db\"")
            }
            let name = text[..<equals].trimmingBlanks()
            guard let key = keys.first(where: { $0.name == name }) else {
                let names = keys.map(\.name)
                let suggestion = EditDistance.closest(to: String(name), among: names).map { "did you mean \(Quote.code($0))? " } ?? ""
                throw ConfigError(path: path, line: number,
                                  "unknown key \(Quote.code(String(name))); \(suggestion)the keys are \(names.joined(separator: ", ")) (see `roster help config`)")
            }
            guard seen.insert(key.name).inserted else {
                throw ConfigError(path: path, line: number, "\(Quote.code(key.name)) is set twice; keep one")
            }
            let value = try ConfigValue.reading(text[text.index(after: equals)...], for: key, path: path, line: number)
            if case .text(let given) = value, key.name == "db", given.hasPrefix("~/"), let home {
                variables[key.variable] = home + given.dropFirst()
            } else if let variable = key.asVariable(value) {
                variables[key.variable] = variable
            }
        }
        return ConfigFile(path: path, variables: variables)
    }

    /// The environment as roster reads it: a variable that is set, else
    /// what this file says for it.
    func environment(over environment: @escaping @Sendable (String) -> String?) -> @Sendable (String) -> String? {
        guard !variables.isEmpty else { return environment }
        let variables = self.variables
        return { name in environment(name) ?? variables[name] }
    }

    /// `roster help config`.
    static func helpPage(width: Int) -> String {
        var text = """
            roster reads settings from $XDG_CONFIG_HOME/roster/config.toml (else
            ~/.config/roster/config.toml) when it starts. Each line is `key = value`:
            strings in double quotes, true or false, # starts a comment. An option
            or an environment variable says otherwise for one run.

            Keys:

            """
        for key in keys {
            let label = "  " + key.name + String(repeating: " ", count: max(1, 12 - key.name.count))
            let lines = TextWrapping.lines(key.help, width: max(20, width - label.count))
            for (index, line) in lines.enumerated() {
                text += (index == 0 ? label : String(repeating: " ", count: label.count)) + line + "\n"
            }
        }
        text += """

            Example:

              db = "~/rosters/team.db"
              animation = false
              pictures = "blocks"
              columns = "weapon, origin"
              theme = "high-contrast"

            """
        return text
    }
}

/// A value in the file: a quoted string or true/false.
enum ConfigValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)

    var text: String? { if case .text(let text) = self { text } else { nil } }
    var flag: Bool? { if case .flag(let flag) = self { flag } else { nil } }

    static func reading(_ written: Substring, for key: ConfigFile.Key, path: String, line: Int) throws(ConfigError) -> ConfigValue {
        let text = written.trimmingBlanks()
        switch key.kind {
        case .flag:
            let word = text.prefix { $0 != "#" && $0 != " " && $0 != "\t" }
            guard ["true", "false"].contains(word), text.dropFirst(word.count).trimmingBlanks().first.map({ $0 == "#" }) ?? true else {
                throw ConfigError(path: path, line: line, "\(Quote.code(key.name)) is true or false, not \(Quote.code(String(text)))")
            }
            return .flag(word == "true")
        case .text, .choice, .columns:
            let string: String
            switch quotedString(text) {
            case .string(let read): string = read
            case .unknownEscape(let escape):
                throw ConfigError(path: path, line: line,
                                  "\(Quote.code(key.name)) has the escape \(Quote.code(escape)), which TOML strings do not have; write the character itself")
            case .notAString where text.hasPrefix("\"\"\"") || text.hasPrefix("'"):
                throw ConfigError(path: path, line: line,
                                  "\(Quote.code(key.name)) is written as a TOML string roster does not read; write it on one line in double quotes, such as \(Quote.code(key.name + " = \"" + key.example + "\""))")
            case .notAString:
                throw ConfigError(path: path, line: line,
                                  "\(Quote.code(key.name)) takes a string in double quotes, such as \(Quote.code(key.name + " = \"" + key.example + "\""))")
            }
            if string.utf8.contains(0) {
                throw ConfigError(path: path, line: line, "\(Quote.code(key.name)) holds a NUL character, which no setting can")
            }
            if case .columns = key.kind, ListColumn.named(setting: string) == nil {
                throw ConfigError(path: path, line: line, ConfigValue.columnsProblem(string))
            }
            if case .choice(let words) = key.kind, !words.contains(string.lowercased()) {
                throw ConfigError(path: path, line: line,
                                  "\(Quote.code(key.name)) is one of \(words.joined(separator: ", ")), not \(Quote.code(string))")
            }
            if key.name == "db" {
                try checkRosterPlace(string, path: path, line: line)
            }
            return .text(string)
        }
    }

    /// Why `setting` names no columns: the word that is none, and the words that are.
    static func columnsProblem(_ setting: String, subject: String = "`columns`") -> String {
        let names = ListColumn.allCases.map(\.rawValue)
        let word = ListColumn.unknownWord(inSetting: setting) ?? setting
        if word.isEmpty {
            return "\(subject) has an empty name between commas in \(Quote.code(setting)); write names such as \"weapon, origin\""
        }
        let suggestion = EditDistance.closest(to: word.lowercased(), among: names + ["none", "all"]).map { "did you mean \(Quote.code($0))? " } ?? ""
        return "\(subject) names no column \(Quote.code(word)); \(suggestion)the columns are \(names.joined(separator: ", ")), or all, or none"
    }

    /// `db` names one roster wherever roster runs: a path from `/` or `~/`,
    /// or a PostgreSQL address. A relative path would name another roster
    /// in each folder, made there without a word of why.
    static func checkRosterPlace(_ place: String, path: String, line: Int) throws(ConfigError) {
        if place.isEmpty {
            throw ConfigError(path: path, line: line, "`db` is empty; give the roster's path, or leave the line out")
        }
        // A scheme in capitals is told as such where the address is read.
        let scheme = place.prefix { $0 != ":" }.lowercased()
        if place.hasPrefix("/") || place.hasPrefix("~/") || (place.contains(":") && (scheme == "postgresql" || scheme == "postgres")) { return }
        if place.hasPrefix("~") {
            throw ConfigError(path: path, line: line,
                              "`db` can start with ~/ for your own home folder, not with \(Quote.code(String(place.prefix { $0 != "/" }.prefix(40)))); write the whole path")
        }
        throw ConfigError(path: path, line: line,
                          "`db` is a relative path, which would name another roster in each folder; write it from / or ~/, such as `db = \"~/rosters/team.db\"`")
    }

    /// What a written value is as a TOML basic string `"…"`.
    enum QuotedString: Equatable {
        case string(String)
        /// An escape TOML does not define, or \u naming no character.
        case unknownEscape(String)
        /// Not a string in double quotes followed by at most a comment.
        case notAString
    }

    /// The string a TOML basic string `"…"` holds, with TOML's escapes
    /// (\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX), and only a comment after it.
    static func quotedString(_ text: Substring) -> QuotedString {
        guard text.first == "\"" else { return .notAString }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                let rest = text[text.index(after: index)...].trimmingBlanks()
                return rest.isEmpty || rest.first == "#" ? .string(result) : .notAString
            }
            guard character == "\\" else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            index = text.index(after: index)
            guard index < text.endIndex else { return .notAString }
            let simple: [Character: Character] = ["b": "\u{08}", "t": "\t", "n": "\n", "f": "\u{0C}", "r": "\r", "\"": "\"", "\\": "\\"]
            if let escaped = simple[text[index]] {
                result.append(escaped)
                index = text.index(after: index)
                continue
            }
            let digits = text[index] == "u" ? 4 : text[index] == "U" ? 8 : 0
            let hex = text[text.index(after: index)...].prefix(digits)
            guard digits > 0, hex.count == digits, hex.allSatisfy(\.isHexDigit),
                  let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                return .unknownEscape("\\" + String(text[index...].prefix(digits == 0 ? 1 : digits + 1)))
            }
            result.unicodeScalars.append(scalar)
            index = hex.endIndex
        }
        return .notAString
    }
}

/// A config file that cannot be used: one sentence naming the file and
/// the line.
struct ConfigError: Error, Sendable {
    let path: String
    let line: Int?
    let reason: String
    /// The file is there but cannot be read (66), rather than saying
    /// something roster cannot take (64).
    let isUnreadable: Bool

    init(path: String, line: Int?, _ reason: String, isUnreadable: Bool = false) {
        self.path = path
        self.line = line
        self.reason = reason
        self.isUnreadable = isUnreadable
    }

    var description: String {
        line.map { "\(path):\($0): \(reason)" } ?? "the settings file \(path) \(reason)"
    }
}
