import CTerminal
import TextSafety
#if canImport(Glibc)
import Glibc
#endif

/// Edits a piece of text in the person's own editor, as `git commit` and
/// `gh` do: the text goes into a private temporary file (made by
/// `mkstemps`, mode 0600, in `$TMPDIR` or `/tmp`), the editor runs on it
/// in the foreground, and what the file holds when the editor ends
/// successfully is the result. The file is removed whatever happens.
///
/// The editor is `$VISUAL`, else `$EDITOR`, else `vi`, as git falls back
/// (an empty variable counts as unset). Like git, the command is run by
/// `/bin/sh` with the file as its argument, so `EDITOR="code --wait"` works.
/// The terminal must be handed over around `edit` by whoever owns it
/// (`TerminalSession.handOver`).
public struct ExternalEditor: Sendable {
    /// The environment the editor's name is read from.
    public var environment: @Sendable (String) -> String?

    public init(environment: @escaping @Sendable (String) -> String?) {
        self.environment = environment
    }

    /// The command that runs: `$VISUAL`, `$EDITOR` or `vi`.
    public var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment(name), !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// Why an edit produced no text.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The temporary file could not be made, written or read back.
        case file(operation: String, errno: Int32)
        /// The shell could not find or start the editor (status 126 or 127).
        case notStarted(command: String)
        /// The editor ended with a status other than 0.
        case failed(command: String, status: Int32)
        /// The editor was ended by a signal.
        case killed(command: String, signal: Int32)
        /// The system refused to start `/bin/sh`.
        case spawn(errno: Int32)
        /// The editor left more than `readLimit` bytes.
        case tooLarge(limit: Int)

        /// One sentence, with what was kept: nothing was saved.
        public var description: String {
            switch self {
            case .file(let operation, let code):
                "the editor's temporary file could not be \(operation) (\(String(cString: strerror(code)))), so nothing changed"
            case .notStarted(let command):
                "the editor \(Quote.code(SafeText.escaped(command))) could not be started; set VISUAL or EDITOR to one that can, nothing changed"
            case .failed(let command, let status):
                "the editor \(Quote.code(SafeText.escaped(command))) ended with status \(status), so nothing changed"
            case .killed(let command, let signal):
                "the editor \(Quote.code(SafeText.escaped(command))) was ended by signal \(signal), so nothing changed"
            case .spawn(let code):
                "the editor could not be run (\(String(cString: strerror(code)))), so nothing changed"
            case .tooLarge(let limit):
                "the editor left more than \(limit / 1024) KiB, far more than any field holds, so nothing changed"
            }
        }
    }

    /// Opens `text` in the editor and returns what was saved. `suffix`
    /// names the temporary file's kind for editors that choose a mode by
    /// it (`.txt`). The result loses the line ending editors add at the
    /// end (and any blank lines after the text); Windows line endings
    /// become `\n`.
    public func edit(_ text: String, suffix: String = ".txt") -> Result<String, Failure> {
        let folder = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/roster-XXXXXX\(suffix)".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, Int32(suffix.utf8.count))
        }
        guard descriptor >= 0 else { return .failure(.file(operation: "made", errno: errno)) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let contents = Array((text.hasSuffix("\n") || text.isEmpty ? text : text + "\n").utf8)
        let written = contents.withUnsafeBytes { POSIXCalls.writeAll(descriptor, $0) }
        close(descriptor)
        guard written == 0 else { return .failure(.file(operation: "written", errno: written)) }

        let command = self.command
        // As git runs an editor whose name holds spaces or quoting: the
        // shell reads the command, and the file is its argument.
        let arguments = ["/bin/sh", "-c", command + " \"$@\"", command, path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var status: Int32 = 0
        let failure = cterminal_run_in_foreground("/bin/sh", &argv, &status)
        guard failure == 0 else { return .failure(.spawn(errno: failure)) }
        let signal = status & 0x7F
        if signal != 0 { return .failure(.killed(command: command, signal: signal)) }
        let code = (status >> 8) & 0xFF
        if code == 126 || code == 127 { return .failure(.notStarted(command: command)) }
        if code != 0 { return .failure(.failed(command: command, status: code)) }
        return Self.read(path).map(Self.trimmed)
    }

    /// The most of the editor's file that is read: far more than any
    /// field holds, so that a huge file (a slip of the editor, or a file
    /// read in by mistake) is refused at once, not read for minutes.
    public static let readLimit = 64 * 1024

    /// The file as the editor left it (it may have replaced it with a new one).
    private static func read(_ path: String) -> Result<String, Failure> {
        // Without blocking, and only a plain file: an editor that left a
        // FIFO there would hold the interface on the open.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.file(operation: "read", errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.file(operation: "read", errno: EINVAL)) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.file(operation: "read", errno: errno))
            }
            bytes += chunk[..<count]
            if bytes.count > readLimit { return .failure(.tooLarge(limit: readLimit)) }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Without the editor's final line endings; `\r\n` read as `\n`.
    /// Worked over scalars: `"\r\n"` is one `Character`.
    static func trimmed(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated()
        where !(scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n") {
            kept.append(scalar)
        }
        while kept.last == "\n" { kept.removeLast() }
        return String(kept)
    }
}
