/// What a program says about itself beyond its commands' declarations:
/// its name, what it is for, and the parts of its help and manual page that
/// belong to no command. The program hands it to `ArgumentParser`, so this
/// layer words help, the manual page and completion scripts for any
/// program, knowing none of them.
public struct ProgramDescription: Sendable {
    /// The name it is run by, as usage lines, the manual page and the
    /// completion scripts spell it.
    public let name: String
    /// What it does, in a lower-case phrase (the manual page's NAME line).
    public let summary: String
    /// The overview's paragraph after the usage line.
    public let introduction: String
    /// The overview's last line, pointing on to further help.
    public let helpPointer: String
    /// The manual page's DESCRIPTION paragraph.
    public let description: String
    /// The manual page's EXIT STATUS: each status and what it means.
    public let exitStatuses: [(status: Int32, meaning: String)]
    /// The manual page's ENVIRONMENT: each variable read, and what it does.
    public let environment: [(name: String, meaning: String)]
    /// The manual page's FILES: each path, and what it holds.
    public let files: [(path: String, meaning: String)]
    /// The manual page's SEE ALSO: other pages, by name and section.
    public let seeAlso: [(name: String, section: Int)]
    /// The manual page's KEYS: the interactive interface's keys, by the
    /// part of the screen they belong to. Worked out when the manual page
    /// asks, not at every start: a command never needs them.
    public var keys: [(part: String, keys: [(label: String, meaning: String)])] { listKeys() }
    private let listKeys: @Sendable () -> [(part: String, keys: [(label: String, meaning: String)])]

    public init(name: String, summary: String, introduction: String, helpPointer: String,
                description: String, exitStatuses: [(status: Int32, meaning: String)] = [],
                environment: [(name: String, meaning: String)] = [],
                files: [(path: String, meaning: String)] = [],
                seeAlso: [(name: String, section: Int)] = [],
                keys: @escaping @Sendable () -> [(part: String, keys: [(label: String, meaning: String)])] = { [] }) {
        self.name = name
        self.summary = summary
        self.introduction = introduction
        self.helpPointer = helpPointer
        self.description = description
        self.exitStatuses = exitStatuses
        self.environment = environment
        self.files = files
        self.seeAlso = seeAlso
        self.listKeys = keys
    }

    /// The name as shell functions and variables can hold it (`my_tool`).
    var identifier: String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
