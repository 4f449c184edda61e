/// Where a change came from.
public enum ChangeSurface: String, CaseIterable, Sendable {
    /// A `roster` subcommand (the entry's command says which).
    case commandLine = "command line"
    /// The full-screen or plain interactive roster.
    case interactiveRoster = "interactive roster"
}

/// One monster as a change found it and left it. An add has no `before`,
/// a removal no `after`.
public struct MonsterRevision: Hashable, Sendable {
    public let monsterID: Int64
    public let before: Monster?
    public let after: Monster?

    public init(monsterID: Int64, before: Monster?, after: Monster?) {
        self.monsterID = monsterID
        self.before = before
        self.after = after
    }

    /// The keys of the fields that differ, in field order (every field for
    /// an add or a removal).
    public var changedFields: [String] {
        guard let before, let after else { return MonsterFields.keys }
        return MonsterFields.all.filter { $0.value(before) != $0.value(after) }.map(\.key)
    }

    /// The same revision taken back.
    var reversed: MonsterRevision { MonsterRevision(monsterID: monsterID, before: after, after: before) }
}

/// One change in the roster's history.
public struct HistoryEntry: Hashable, Sendable {
    /// Increasing: newer changes have larger ids.
    public let id: Int64
    public let at: Timestamp
    public let surface: ChangeSurface
    /// `set-weapon`, `edit`, `add`, `remove`, `import`, `undo` or `redo`.
    public let command: String
    /// An import's file (`stdin` for standard input).
    public let file: String?
    /// What changed, in the words the command used: `Cat-Bot: Sword → Fire`.
    public let summary: String
    /// An original change that is undone now.
    public let isUndone: Bool
    /// For `undo` and `redo`: the change undone or redone.
    public let reverses: Int64?
    /// An import, kept as the whole roster from before it.
    public let isSnapshot: Bool
    /// An import whose earlier roster is no longer kept: it cannot be undone.
    public let isSnapshotDropped: Bool
    /// Snapshots: the number of monsters before and after.
    public let countBefore: Int?
    public let countAfter: Int?
    /// Who made it, on a roster a team shares: the database user and
    /// their machine (`alice on alice@laptop`); nil in a file.
    public var author: String? = nil

    /// Whether undo and redo apply to it (they are not undone themselves:
    /// redo takes an undo back).
    public var isOriginalChange: Bool { reverses == nil }

    /// How the change is named: `set-weapon`, `import roster.csv`.
    public var title: String {
        if let file { return "\(command) \(file)" }
        return command
    }

    /// `set-weapon Cat-Bot: Sword → Fire`, `import roster.csv: 3 added, …`:
    /// the title and the summary.
    public var line: String { file == nil ? "\(title) \(summary)" : "\(title): \(summary)" }

    /// The same entry, its change told in `summary`.
    func telling(_ summary: String) -> HistoryEntry {
        HistoryEntry(id: id, at: at, surface: surface, command: command, file: file, summary: summary,
                     isUndone: isUndone, reverses: reverses, isSnapshot: isSnapshot, isSnapshotDropped: isSnapshotDropped,
                     countBefore: countBefore, countAfter: countAfter, author: author)
    }
}
