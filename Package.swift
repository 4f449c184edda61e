// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Release builds call each generic type's metadata accessor directly,
// with its conformances, instead of building the type from its mangled
// name at run time: that way looks up each conformance by scanning every
// conformance record in the binary, and an unchanged `set-weapon` spent
// a quarter of its instructions there (2,262,858 instructions against
// 1,671,522 with this setting; `--version` 554,659 against 274,075).
// TerminalKit and RosterApp too: their type metadata is made at start
// for every command (1,280,693 → 1,264,652 instructions).
// Each function also gets its own section, so that the link can place
// the code a command runs side by side (script/start-up.order, made by
// script/order-start-up): an unchanged set-weapon then takes 190 page
// faults instead of 226, and 2.32 ms of CPU instead of 2.51.
// The code is the same otherwise, so tests build without it.
let directMetadataAccess: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                  "-Xfrontend", "-function-sections"], .when(configuration: .release)),
]
let startUpOrder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("script/start-up.order").path

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

        // The system OpenSSL, from Debian's libssl-dev: TLS and the
        // cryptography of SCRAM for the PostgreSQL client. Its static
        // libraries link into the static executable, unlike libpq.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),

        // roster's own client of PostgreSQL's frontend/backend protocol
        // (version 3): messages, one connection's state machine, TLS, SCRAM,
        // libpq's connection settings. Knows nothing of monsters.
        .target(name: "PostgresWire", dependencies: ["COpenSSL"], swiftSettings: directMetadataAccess),

        // Turns the files in Data/ into Swift source, so the binary carries
        // the default roster and its pictures and runs from any directory.
        .executableTarget(name: "EmbedData"),
        .plugin(
            name: "EmbedDataPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedData"]
        ),

        // The system libpng, from Debian's libpng-dev, for decoding pictures.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),

        // Which characters act on a terminal or mislead a reader, and how
        // to show them harmlessly: shared by every place text is shown.
        .target(name: "TextSafety", swiftSettings: directMetadataAccess),

        // Model, SQLite store, migrations, import and export. Knows nothing of terminals.
        .target(
            name: "RosterCore",
            dependencies: ["CSQLite", "TextSafety", "PostgresWire", "CFileIdentity"],
            swiftSettings: directMetadataAccess,
            plugins: ["EmbedDataPlugin"]
        ),

        // The few C library calls Swift cannot reach directly (wcwidth).
        .target(name: "CTerminal"),
        // statx(2), which tells a file mounted on its own (see LinkedFiles).
        .target(name: "CFileIdentity"),

        // Domain-free terminal toolkit. Knows nothing of monsters.
        .target(name: "TerminalKit", dependencies: ["CTerminal", "CPNG", "TextSafety"],
                swiftSettings: directMetadataAccess),

        // A small full-screen program on TerminalSession: shows the events it
        // receives, and takes every way out (q, Ctrl-C, signals, Ctrl-Z, a
        // crash) so that the tests can check each one through a real pty.
        .executableTarget(name: "terminal-demo", dependencies: ["TerminalKit", "TextSafety"]),

        // The interactive roster: split view, detail fields, the app's panels.
        .target(
            name: "RosterApp",
            dependencies: ["RosterCore", "TerminalKit", "TextSafety"],
            swiftSettings: directMetadataAccess
        ),

        // The command line: declarative argument layer and the subcommands.
        .target(
            name: "RosterCLI",
            dependencies: ["RosterCore", "TerminalKit", "RosterApp", "TextSafety", "PostgresWire"],
            swiftSettings: directMetadataAccess
        ),

        // The executable stays thin: it hands argv to RosterCLI.
        .executableTarget(
            name: "roster",
            dependencies: ["RosterCLI"],
            swiftSettings: directMetadataAccess,
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--section-ordering-file=\(startUpOrder)"], .when(configuration: .release)),
            ]
        ),

        // Pseudo-terminals and processes on them, for the tests of every
        // full-screen program here.
        .target(name: "TestSupport", dependencies: ["TerminalKit"], path: "Tests/TestSupport"),

        .testTarget(name: "RosterCoreTests", dependencies: ["RosterCore", "PostgresWire", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "terminal-demo", "TestSupport", "TextSafety"]),
        .testTarget(name: "RosterAppTests", dependencies: ["RosterApp", "TestSupport", "TextSafety"],
                    exclude: ["Golden"]),
        .testTarget(name: "RosterCLITests", dependencies: ["RosterCLI", "RosterCore", "TerminalKit", "TextSafety"]),
        .testTarget(name: "PostgresWireTests", dependencies: ["PostgresWire"]),
        .testTarget(name: "EndToEndTests", dependencies: ["roster", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
