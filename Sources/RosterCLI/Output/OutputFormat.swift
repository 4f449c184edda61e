/// How the reading commands print: `table` for people, `plain` for pipes,
/// `json`, `ndjson` and `csv` for programs. Parsed once from `--format`;
/// the commands switch on the case, never on a string.
enum OutputFormat: String, CaseIterable, Sendable {
    case table, plain, json, ndjson, csv
}
