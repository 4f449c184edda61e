/// What an import does with a key or column that names no field of a
/// monster (`notes`, added by `jq` to an export, say). Refused by default,
/// so that a typo never silently drops a value; the refusal carries the
/// caller's words on the way out (`--ignore-unknown`). Ignored, the known
/// fields are read and the others skipped without a word.
public enum UnknownFields: Sendable, Equatable {
    case refused(wayOut: String?)
    case ignored

    /// `message` with the way out after it, when there is one.
    func refusal(_ message: String) -> String {
        guard case .refused(let wayOut?) = self else { return message }
        return message + " (\(wayOut))"
    }
}
