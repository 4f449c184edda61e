// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "roster",
    products: [
        .executable(name: "roster", targets: ["roster"]),
    ],
    targets: [
        // The system SQLite, from Debian's libsqlite3-dev.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Turns the files in Data/ into Swift source, so the binary carries
        // the default roster and its pictures and runs from any directory.
        .executableTarget(name: "EmbedData"),
        .plugin(
            name: "EmbedDataPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedData"]
        ),

        // Model, SQLite store, migrations, import and export. Knows nothing of terminals.
        .target(
            name: "RosterCore",
            dependencies: ["CSQLite"],
            plugins: ["EmbedDataPlugin"]
        ),

        // The few C library calls Swift cannot reach directly (wcwidth).
        .target(name: "CTerminal"),

        // Domain-free terminal toolkit. Knows nothing of monsters.
        .target(name: "TerminalKit", dependencies: ["CTerminal"]),

        // A small full-screen program on TerminalSession: shows the events it
        // receives, and takes every way out (q, Ctrl-C, signals, Ctrl-Z, a
        // crash) so that the tests can check each one through a real pty.
        .executableTarget(name: "terminal-demo", dependencies: ["TerminalKit"]),

        // The interactive roster: split view, detail fields, the app's panels.
        .target(
            name: "RosterApp",
            dependencies: ["RosterCore", "TerminalKit"]
        ),

        // The command line: declarative argument layer and the subcommands.
        .target(
            name: "RosterCLI",
            dependencies: ["RosterCore", "TerminalKit", "RosterApp"]
        ),

        // The executable stays thin: it hands argv to RosterCLI.
        .executableTarget(
            name: "roster",
            dependencies: ["RosterCLI"]
        ),

        .testTarget(name: "RosterCoreTests", dependencies: ["RosterCore"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "terminal-demo"]),
        .testTarget(name: "RosterAppTests", dependencies: ["RosterApp"]),
        .testTarget(name: "RosterCLITests", dependencies: ["RosterCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["roster"]),
    ],
    swiftLanguageModes: [.v6]
)
