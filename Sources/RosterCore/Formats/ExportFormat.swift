/// The formats `roster export` writes. The JSON document names itself
/// and its version, so that a reader knows what it holds.
public enum ExportFormat: String, CaseIterable, Sendable {
    case json, ndjson, csv, markdown, html

    /// The name and version the JSON document carries, so that a reader
    /// knows what it holds. Version 2 added `height`, `origin` and
    /// `activated`; version 1 documents read as monsters without them.
    public static let documentName = "roster"
    public static let documentVersion = 2
}
