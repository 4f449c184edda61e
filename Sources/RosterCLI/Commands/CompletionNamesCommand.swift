import RosterCore

/// `complete-names`: what shell completion asks for the roster's names.
/// Pressing Tab must never change the disk, so unlike `list` it creates
/// nothing: a roster that does not exist (a typo after `--db`, a path the
/// shell has not expanded) has no names, and an existing one is only read.
///
/// `complete-countries`: the countries' names and codes, one a line, for
/// `--origin`. Names hold spaces (`United Kingdom`), which a completion
/// script's fixed word list cannot, and a line of a query's output can.
enum CompletionNamesCommand {
    static let countries: CommandSpec = CommandSpec(
        name: "complete-countries",
        abstract: "print the countries' names and codes for shell completion",
        discussion: "For the completion scripts: each country's name, then each code, one a line.",
        examples: ["roster complete-countries | grep -i united"],
        isHidden: true,
        usesProgramOptions: false
    ) { invocation in
        let sorted = Countries.all.sorted { $0.name < $1.name }
        try invocation.context.print((sorted.map(\.name) + sorted.map(\.code).sorted()).joined(separator: "\n") + "\n")
        return .success
    }

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
