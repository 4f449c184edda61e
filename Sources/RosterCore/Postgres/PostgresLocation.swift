import PostgresWire

/// How `--db` and `ROSTER_DB` tell a PostgreSQL roster from a file: by the
/// URI schemes libpq reads. Anything else is a path, as it always was.
enum PostgresLocation {
    static func isURI(_ text: String) -> Bool { ConnectionSettings.isURI(text) }
}
