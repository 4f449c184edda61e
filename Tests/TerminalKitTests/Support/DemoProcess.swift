import TestSupport

/// `terminal-demo` on a pseudo-terminal.
typealias DemoProcess = ProgramOnTerminal

extension ProgramOnTerminal {
    convenience init(columns: Int = 80, rows: Int = 24, arguments: [String] = []) throws {
        try self.init(ProgramOnTerminal.builtProduct("terminal-demo"), arguments: arguments, columns: columns, rows: rows)
    }

    /// Waits until the demo has drawn its first frame.
    func waitUntilReady() -> Bool {
        terminal.waitFor("terminal-demo — events:")
    }
}
