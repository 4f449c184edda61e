import Foundation

/// Runs the built `roster` binary as a user would, against a database in a
/// fresh temporary folder, and captures what it printed.
struct RosterRun {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutBytes: Data
}

final class Sandbox {
    let directory: URL
    var databasePath: String { directory.appendingPathComponent("roster.db").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("roster-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The binary SwiftPM built next to the test bundle.
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = here.deletingLastPathComponent()
        // The test bundle is `…/debug/rosterPackageTests.xctest` (a file on Linux).
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("roster").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("roster")
    }

    /// Runs `roster --db <sandbox db> ARGS…`. The line the first command
    /// gives when it makes the sandbox's roster is left out of `stderr`, so
    /// that a test's expectations speak of what it tests (the line itself
    /// is tested in CommandLineStumblesTests, on other paths).
    @discardableResult
    func roster(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                useDatabaseOption: Bool = true) throws -> RosterRun {
        let run = try run(Self.binary.path, (useDatabaseOption ? ["--db", databasePath] : []) + arguments,
                          stdin: stdin.map { Data($0.utf8) }, environment: environment)
        let made = "roster: made a new roster at \(databasePath)\n"
        guard useDatabaseOption, run.stderr.hasPrefix(made) else { return run }
        return RosterRun(status: run.status, stdout: run.stdout, stderr: String(run.stderr.dropFirst(made.count)),
                         stdoutBytes: run.stdoutBytes)
    }

    @discardableResult
    func roster(_ arguments: String..., stdin: String? = nil) throws -> RosterRun {
        try roster(arguments, stdin: stdin)
    }

    /// Runs any program with a clean, predictable environment.
    func run(_ executable: String, _ arguments: [String], stdin: Data? = nil,
             environment: [String: String] = [:]) throws -> RosterRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                   "HOME": directory.path, "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        process.environment = env
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Feed stdin and drain stdout on other threads, so that no pipe
        // fills up and blocks the child.
        let writer = inPipe.fileHandleForWriting
        let feeding = DispatchGroup()
        // A child may exit (a usage error) before reading its input: the
        // write then fails with EPIPE instead of killing the test process.
        signal(SIGPIPE, SIG_IGN)
        DispatchQueue.global().async(group: feeding) {
            if let stdin { try? writer.write(contentsOf: stdin) }
            try? writer.close()
        }
        let collected = Collected()
        let outHandle = outPipe.fileHandleForReading
        DispatchQueue.global().async(group: feeding) {
            collected.stdout = outHandle.readDataToEndOfFile()
        }
        let errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        feeding.wait()
        process.waitUntilExit()
        let outData = collected.stdout
        return RosterRun(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self),
                         stdoutBytes: outData)
    }

    /// Runs a query with the sqlite3 shell and returns its output.
    func sqlite(_ sql: String, path: String? = nil) throws -> String {
        let run = try run("/usr/bin/sqlite3", [path ?? databasePath, sql])
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    /// Waits until another process holds the roster's write lock (a
    /// `BEGIN IMMEDIATE` with no busy timeout is refused), or `seconds`
    /// pass; whether it was held. Tests wait for this, never for a fixed
    /// time, before they act on a command that is meant to hold the lock.
    func waitUntilWriteLocked(seconds: TimeInterval = 30) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let probe = try run("/usr/bin/sqlite3", [databasePath, "BEGIN IMMEDIATE; ROLLBACK;"])
            if probe.status != 0, probe.stderr.contains("locked") { return true }
            usleep(10_000)
        }
        return false
    }

    /// Waits until `process` has the roster's file open (one of its
    /// descriptors in /proc names it), or has ended, or `seconds` pass;
    /// whether it had it open.
    func waitUntilOpened(by process: Process, seconds: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let database = URL(fileURLWithPath: databasePath).resolvingSymlinksInPath().path
        while Date() < deadline, process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
            if names.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")) == database }) {
                return true
            }
            usleep(5_000)
        }
        return false
    }

    func fileBytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}

/// Written by one reader thread, read after it has finished.
private final class Collected: @unchecked Sendable {
    var stdout = Data()
}

extension Sandbox {
    /// Runs roster with stdout (and stdin) on a pseudo-terminal, as when a
    /// person types the command, and returns what the terminal received.
    func rosterOnTerminal(_ arguments: [String], environment: [String: String] = [:], columns: Int = 100,
                          answers: String = "\u{1B}P0+r524742\u{1B}\\\u{1B}[?62;22c") throws -> (status: Int32, output: String) {
        let run = try rosterOnTerminalWithErrors(arguments, environment: environment, columns: columns, answers: answers)
        return (run.status, run.output)
    }

    /// `rosterOnTerminal`, with what roster wrote to standard error (a pipe) too.
    /// The terminal answers roster's questions the way xterm does (no
    /// kitty images, no RGB), unless given other `answers`.
    func rosterOnTerminalWithErrors(_ arguments: [String], environment: [String: String] = [:],
                                    columns: Int = 100, answers: String = "\u{1B}P0+r524742\u{1B}\\\u{1B}[?62;22c",
                                    pixels: (width: UInt16, height: UInt16) = (0, 0))
        throws -> (status: Int32, output: String, errors: String) {
        var master: Int32 = 0, slave: Int32 = 0
        var size = winsize(ws_row: 30, ws_col: UInt16(columns), ws_xpixel: pixels.width, ws_ypixel: pixels.height)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--db", databasePath] + arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        env.merge(environment) { $1 }
        process.environment = env
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardOutput = slaveHandle
        process.standardInput = slaveHandle
        let errPipe = Pipe()
        process.standardError = errPipe
        try process.run()
        close(slave)
        var output = Data()
        // Each round of questions ends with the device attributes (`ESC [ c`):
        // every one is answered with `answers`, as soon as it is read.
        var searchFrom = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
            while let asked = output.range(of: Data("\u{1B}[c".utf8), in: searchFrom..<output.count) {
                searchFrom = asked.upperBound
                _ = answers.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
            }
        }
        close(master)
        let errors = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // As `roster(_:)` does, the line a new sandbox roster gives is left out.
        let made = "roster: made a new roster at \(databasePath)\n"
        let errorText = String(decoding: errors, as: UTF8.self)
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
                errorText.hasPrefix(made) ? String(errorText.dropFirst(made.count)) : errorText)
    }
}
