import RosterCore

/// `complete-names`: what shell completion asks for the roster's names.
/// Pressing Tab must never change the disk, so unlike `list` it creates
/// nothing: a roster that does not exist (a typo after `--db`, a path the
/// shell has not expanded) has no names, and an existing one is only read.
enum CompletionNamesCommand {
    static let spec: CommandSpec = CommandSpec(
        name: "complete-names",
        abstract: "print the roster's names for shell completion, creating nothing",
        discussion: """
            For the completion scripts: the lines of `roster list --format plain`, read
            from the roster without writing to it. A roster that does not exist prints
            nothing and is not created.
            """,
        examples: ["roster complete-names | cut -f2"],
        isHidden: true
    ) { invocation in
        let store: (any RosterStore)?
        switch try invocation.context.databaseLocation() {
        case .file(let path): store = try SQLiteRosterStore.openForReading(path: path)
        case .postgres(let uri): store = try PostgresRosterStore.openForReading(uri: uri)
        }
        guard let store else { return .success }
        try MonsterOutput(context: invocation.context).list(store, query: .everything, format: .plain)
        return .success
    }
}
