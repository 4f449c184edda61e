// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for the import readers, kept apart from the main
// package so that `swift build` and `swift test` there never see them.
// Sources/RosterReaders holds symbolic links to the reader sources in
// ../Sources/RosterCore: the fuzzed code is the shipped code, compiled
// without SQLite and the build plugin (DataFiles.swift, the one file of
// its own, reads the country list from ../Data instead). Sources/TextSafety
// links to the main package's module of that name. Run with Fuzz/run.sh.
let package = Package(
    name: "RosterFuzz",
    targets: [
        // The main package's TextSafety, whole (a link to its folder).
        .target(name: "TextSafety"),
        .target(name: "RosterReaders", dependencies: ["TextSafety"]),
        .target(name: "FuzzSupport", dependencies: ["RosterReaders"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
