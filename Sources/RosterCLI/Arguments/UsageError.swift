/// A mistake in how the command was called: exit status 64, with a
/// suggestion where one is close, then the command's usage lines; or,
/// for a mistake in an expression, the expression and a caret under the
/// place (`detailLines`) instead of them.
public struct UsageError: Error, Sendable {
    public let message: String
    /// Further mistakes found at the same time, each its own sentence, so
    /// that one run reports them all.
    public let otherMessages: [String]
    /// The command whose usage to show; nil for the top level.
    public let command: String?
    /// Lines that show where the mistake is (an expression and a caret
    /// under it), told after the sentence.
    public var detailLines: [String] = []

    public init(_ message: String, command: String?, detailLines: [String] = []) {
        self.message = message
        self.otherMessages = []
        self.command = command
        self.detailLines = detailLines
    }

    /// Several mistakes at once; `messages` must not be empty.
    public init(_ messages: [String], command: String?) {
        self.message = messages.first ?? ""
        self.otherMessages = Array(messages.dropFirst())
        self.command = command
    }
}
