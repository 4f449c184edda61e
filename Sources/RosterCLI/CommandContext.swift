#if canImport(Glibc)
import Glibc
#endif
import RosterCore
import TerminalKit
import TextSafety

/// What a running command needs from the world: its outputs, whether they
/// are terminals, the environment, and the roster (opened on first use).
public final class CommandContext {
    public let stdout: ByteOutput
    public let stderr: ByteOutput
    public let stdoutIsTerminal: Bool
    public let stdinIsTerminal: Bool
    public let stderrIsTerminal: Bool
    let environment: @Sendable (String) -> String?
    var databaseOption: String?
    private var openedStore: (any RosterStore)?
    private var rehearsalStore: (any RosterStore)?
    /// The terminal's answers about pictures and colour, once asked.
    var terminalProbe: TerminalProbe?

    public init(environment: @escaping @Sendable (String) -> String? = FileSystem.environment) {
        stdout = ByteOutput(fileDescriptor: 1, name: "standard output")
        stderr = ByteOutput(fileDescriptor: 2, name: "standard error", capacity: 4096)
        stdoutIsTerminal = isatty(1) == 1
        stdinIsTerminal = isatty(0) == 1
        stderrIsTerminal = isatty(2) == 1
        self.environment = environment
    }

    /// Where the database is, by `--db`, `$ROSTER_DB`, XDG, or home.
    public func databasePath() throws(RosterError) -> String {
        guard let path = DatabaseLocation.resolve(explicit: databaseOption, environment: environment) else {
            throw .cannotOpen(path: "~/.local/share/roster/roster.db", reason: "neither --db, $ROSTER_DB nor $HOME is set")
        }
        // `import -` reads standard input; a roster cannot live there, and
        // a file named `-` made in the current folder would be a surprise.
        if path == "-" {
            throw .cannotOpen(path: path, reason: "`-` means standard input, which cannot hold a roster (for a file named -, write ./-)")
        }
        // `postgres:/team` (one slash) would otherwise become a new file of
        // that name, holding the default roster. The text is not repeated:
        // a mistyped address may hold a password.
        let scheme = path.prefix { $0 != ":" }.lowercased()
        if path.contains(":"), scheme == "postgres" || scheme == "postgresql", case .file = RosterLocation(path) {
            if path.dropFirst(scheme.count).hasPrefix("://") {
                throw .invalidLocation("the roster's address names its scheme in capitals, which roster does not read: write postgresql:// in lower case (for a file of that name, write ./ before it)")
            }
            throw .invalidLocation("the roster's address starts like a PostgreSQL one but is not: write postgresql://HOST/DATABASE, with two slashes (for a file of that name, write ./ before it)")
        }
        if let problem = Self.notAFilePath(path) { throw .invalidLocation(problem) }
        return path
    }

    /// Why `path`, not a PostgreSQL URI, cannot be taken as a file's path,
    /// else nil. Taken as one, `host=/tmp/pg password=…` (libpq's keyword
    /// form), `pg://x` or ` postgresql://…` made folders and a new roster
    /// named after a password. The text is never repeated: it may hold one.
    static func notAFilePath(_ path: String) -> String? {
        if case .postgres = RosterLocation(path) { return nil }
        let scalars = path.unicodeScalars
        if scalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the roster's location holds a control character, which no file name roster makes can hold"
        }
        if let first = scalars.first, let last = scalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            return "the roster's location starts or ends with a space, which is never meant: write it without"
        }
        let word = path.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-_".contains($0)) }
        let rest = path.dropFirst(word.count)
        if !word.isEmpty, word.first?.isLetter == true, rest.hasPrefix("://") {
            return "the roster's location is an address for another kind of server: roster reads files and postgresql://HOST/DATABASE (for a file of that name, write ./ before it)"
        }
        if !word.isEmpty, rest.drop(while: { $0 == " " }).hasPrefix("=") {
            return "the roster's location reads as libpq's key=value settings, which roster does not read: write postgresql://HOST/DATABASE (for a file of that name, write ./ before it)"
        }
        if looksLikeAnAddress(path) {
            return "the roster's location looks like a mistyped server address: write postgresql://HOST/DATABASE (for a file of that name, write ./ before it)"
        }
        return nil
    }

    /// Whether `path`, which is no URI roster reads, still reads as a
    /// server's address (`postgresql//u:pw@h/r`, `jdbc:postgresql://…`,
    /// `postgresql ://…`, `postgresql%3A%2F%2F…`, a fullwidth `ｐostgresql`):
    /// taken as a file it made folders named after a password. A path
    /// written from `/`, `./`, `../` or `~/` is always a file's.
    static func looksLikeAnAddress(_ path: String) -> Bool {
        // `//u:pw@h/r` (an address without its scheme) is no file's path either.
        if ["./", "../", "~/"].contains(where: path.hasPrefix) || (path.hasPrefix("/") && !path.hasPrefix("//")) { return false }
        // Fullwidth forms read as the ASCII they stand for, case ignored,
        // and percent-encoded separators read as what they encode.
        var ascii = String.UnicodeScalarView()
        for scalar in path.unicodeScalars {
            let isFullwidth = (0xFF01...0xFF5E).contains(scalar.value)
            ascii.append(isFullwidth ? Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar : scalar)
        }
        let folded = String(ascii).lowercased()
            .replacing("%3a", with: ":").replacing("%2f", with: "/").replacing("%40", with: "@")
        if folded.contains("://") || folded.contains(":\\/") { return true }
        let squeezed = folded.filter { !$0.isWhitespace && $0 != "\\" }
        if squeezed.hasPrefix("postgres:") || squeezed.hasPrefix("postgresql:") || squeezed.hasPrefix("jdbc:") { return true }
        // The scheme, then a slip of the finger for its colon (`;` `.` `,` `'` a dash) before `//`.
        for scheme in ["postgresql", "postgres"] where squeezed.hasPrefix(scheme) {
            let slip = squeezed.dropFirst(scheme.count).prefix { !$0.isLetter && !$0.isNumber && $0 != "/" }
            if slip.count <= 2, squeezed.dropFirst(scheme.count + slip.count).hasPrefix("//") { return true }
        }
        // `user:password@host` in any component is an address's, never a file's.
        return folded.split(separator: "/").contains { component in
            guard let colon = component.firstIndex(of: ":") else { return false }
            return component[colon...].contains("@")
        }
    }

    /// Where the roster is: a PostgreSQL database for a `postgresql://` or
    /// `postgres://` URI, else a file.
    public func databaseLocation() throws(RosterError) -> RosterLocation {
        RosterLocation(try databasePath())
    }

    /// The roster, opened (and on first use created) once per command.
    /// A roster file made now says so, once: a mistyped `--db` would
    /// otherwise start a new, default roster without a word.
    /// `forImport`: see `RosterLocation.open(forImport:)`.
    public func store(forImport: Bool = false) throws(RosterError) -> any RosterStore {
        if let openedStore { return openedStore }
        let location = try databaseLocation()
        // The store says when it made the roster (one of several programs
        // starting on a new roster at once).
        let store = try location.open(forImport: forImport) { [weak self] sentence in self?.note("roster: " + sentence) }
        openedStore = store
        // A write waiting on a silent server says what it knows on Ctrl-C.
        (store as? PostgresRosterStore)?.catchesInterrupts = true
        for sentence in store.notesOnOpening { note("roster: note: " + sentence) }
        return store
    }

    /// Says on stderr that a new roster file was made at `path`.
    func madeNewRoster(at path: String) {
        note("roster: made a new roster at \(path)")
    }

    /// The store a dry run rehearses on (see `RosterStore.forDryRun`), made once.
    public func dryRunStore(forImport: Bool = false) throws(RosterError) -> any RosterStore {
        if let rehearsalStore { return rehearsalStore }
        let store = try store(forImport: forImport).forDryRun()
        rehearsalStore = store
        return store
    }

    /// Ends the command's use of the roster: a file is left whole (its WAL
    /// copied into it), a server's session ended.
    public func closeStore() {
        rehearsalStore?.close()
        openedStore?.close()
        rehearsalStore = nil
        openedStore = nil
    }

    /// Whether stdout gets colour: a terminal, `NO_COLOR` unset or empty,
    /// and a terminal that is not `dumb`.
    public var colorEnabled: Bool {
        stdoutIsTerminal && environment("NO_COLOR") == nil && environment("TERM") != "dumb"
    }

    /// The colours stdout takes: none unless `colorEnabled`, else as many
    /// as `COLORTERM` and `TERM` say.
    var colorDepth: ColorDepth {
        colorEnabled ? ColorDepth.detect(environment: environment) : .none
    }

    /// Columns of the terminal on stdout, else `$COLUMNS`, else 80.
    public var terminalWidth: Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return environment("COLUMNS").flatMap(Int.init) ?? 80
    }

    /// Columns to wrap help to: the terminal's when it is one, else 80; never more than 100.
    var helpWidth: Int {
        min(100, stdoutIsTerminal ? terminalWidth : 80)
    }

    // MARK: Messages

    /// A line on stderr: summaries, notes. Untrusted parts are escaped.
    public func note(_ text: String) {
        try? stderr.append(SafeText.escaped(text))
        try? stderr.append("\n")
        try? stderr.flush()
    }

    /// `roster: message` on stderr.
    public func error(_ text: String) {
        note("roster: " + text)
    }

    /// Several lines on stderr, each escaped on its own.
    public func noteLines(_ lines: [String]) {
        for line in lines { try? stderr.append(SafeText.escaped(line) + "\n") }
        try? stderr.flush()
    }

    /// Text the user asked for (help, completion scripts) on stdout, as is.
    public func print(_ text: String) throws(IOFailure) {
        try stdout.append(text)
    }

    /// Reads standard input as lines, within the limits an import has: a
    /// line past `recordLimit` bytes, or input past `sizeLimit`, stops the
    /// reading with a problem that names the line (`< /dev/zero` included).
    public func readStandardInputLines(recordLimit: Int = ChunkedInput.recordLimit,
                                       sizeLimit: Int = ChunkedInput.sizeLimit) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = 1
        var lineStart = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOFailure(operation: "read", path: "standard input", errno: errno)
            }
            if count == 0 { return bytes }
            for byte in chunk[0..<count] {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = bytes.count
                } else if bytes.count - lineStart > recordLimit {
                    throw RosterError.problems([InputProblem(.syntax, at: TextLocation(line: line, column: 1),
                        "the line is longer than \(recordLimit / 1024) KiB, the limit for one line")])
                }
            }
            if bytes.count > sizeLimit {
                throw RosterError.problems([InputProblem(.syntax, at: TextLocation(line: line, column: 1),
                    "standard input is larger than \(sizeLimit >> 30) GiB, the limit for a batch")])
            }
        }
    }

    /// Asks a yes/no question on the terminal; false unless the answer is
    /// yes (`ConfirmationAnswer`, the rule every surface keeps).
    public func confirm(_ question: String) -> Bool {
        try? stderr.append(SafeText.escaped(question) + " [y/N] ")
        try? stderr.flush()
        guard let line = readLine(strippingNewline: true) else {
            note("")
            return false
        }
        return ConfirmationAnswer.isYes(line)
    }
}

/// One run of one command: what was parsed, and the world to act on.
public struct Invocation {
    public let arguments: ParsedCommandLine
    public let context: CommandContext

    public subscript(flag: Flag) -> Bool { arguments[flag] }
    /// The option's value, read by its type; nil when it was not given.
    public subscript<Value>(option: Option<Value>) -> Value? { arguments[option] }
    /// Every value of a repeatable option, in the order given.
    public func values<Value>(_ option: Option<Value>) -> [Value] { arguments.values(option) }
    /// A typed positional argument's value, read by its type; nil when not given.
    public subscript<Value>(argument: Argument<Value>) -> Value? { arguments[argument] }
    /// Values that could not be read, for a command that reports them with its own problems.
    public var valueProblems: [String] { arguments.valueProblems }
    public var positionals: [String] { arguments.positionals }
    public var commandName: String { arguments.command?.name ?? "" }

    /// The roster; for a dry run on a roster that cannot be written, a
    /// temporary copy to rehearse on, so that previewing needs no write access.
    public func store(forImport: Bool = false) throws(RosterError) -> any RosterStore {
        arguments[CommonOptions.dryRun] ? try context.dryRunStore(forImport: forImport) : try context.store(forImport: forImport)
    }
}
