import Foundation
import Testing
import TestSupport

/// The plain roster (`browse --plain`) on a terminal of its own, as a
/// person with a screen reader runs it: answers are typed a line at a
/// time, and each waits for what the roster says back.
struct PlainRosterOnTerminal {
    let program: ProgramOnTerminal
    var terminal: PseudoTerminal { program.terminal }

    /// Starts it on `uri` in `sandbox`, and waits for its first prompt.
    init(uri: String, sandbox: Sandbox) throws {
        program = try ProgramOnTerminal("/usr/bin/setsid",
                                        arguments: ["--ctty", "--wait", Sandbox.binary.path, "--db", uri, "browse", "--plain"],
                                        environment: ["HOME": sandbox.directory.path, "TZ": "UTC", "TERM": "dumb"],
                                        translatingNewlines: false)
        #expect(program.terminal.waitFor("Command: "))
    }

    /// Types `line` and returns what was said until `shown` appeared.
    @discardableResult
    func answer(_ line: String, until shown: String) -> String {
        let mark = terminal.transcript.count
        terminal.type(line + "\n")
        let seen = terminal.waitFor(shown, after: mark, seconds: 20)
        let said = String(decoding: terminal.transcript[mark...], as: UTF8.self)
        #expect(seen, "after \(line): \(said)")
        return said
    }
}
