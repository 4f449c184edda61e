/// A view's wish to have its text edited in the person's own editor
/// (Ctrl-E in a text field), handed to whoever owns the terminal.
///
/// A view cannot run an editor itself: the editor needs the terminal, and
/// only the run loop holds it (and the renderer, whose pictures must be
/// taken away first and whose next frame must be whole). So the view
/// leaves the request with its window during event handling; the run loop
/// takes it after the event, hands the terminal over around
/// `ExternalEditor.edit`, and calls `completion` with what came back,
/// still in event handling. Tests take the request and complete it with
/// a result of their choosing.
public struct ExternalEditRequest {
    /// The text the editor opens with.
    public let text: String
    /// The temporary file's suffix, which some editors choose a mode by.
    public let suffix: String
    /// Called once, with the text saved in the editor or why there is none.
    public let completion: (Result<String, ExternalEditor.Failure>) -> Void

    public init(text: String, suffix: String = ".txt",
                completion: @escaping (Result<String, ExternalEditor.Failure>) -> Void) {
        self.text = text
        self.suffix = suffix
        self.completion = completion
    }
}

extension Window {
    /// Asks for `request` to be run after the event being handled.
    public func requestExternalEdit(_ request: ExternalEditRequest) {
        pendingExternalEdit = request
    }

    /// The request left during the last event, if any; taking it clears it.
    public func takeExternalEdit() -> ExternalEditRequest? {
        defer { pendingExternalEdit = nil }
        return pendingExternalEdit
    }
}
