import Testing
import RosterApp
@testable import RosterCLI

/// `theme` and `columns` in config.toml fill in ROSTER_THEME and
/// ROSTER_COLUMNS, which the interactive roster reads when it opens.
@Suite("The theme and the list's columns, from the settings file or the environment")
struct InterfaceSettingsTests {
    @Test("config.toml's theme and columns become the variables the interface reads, and what they mean")
    func fromTheFile() throws {
        let file = try ConfigFile.parse(Array("theme = \"high-contrast\"\ncolumns = \"Origin, weapon\"\n".utf8),
                                        path: "/home/x/.config/roster/config.toml", home: "/home/x")
        let environment = file.environment { _ in nil }
        #expect(try InterfaceSettings.theme(environment("ROSTER_THEME"), command: "browse") == .highContrast)
        #expect(try InterfaceSettings.columns(environment("ROSTER_COLUMNS"), command: "browse") == [.weapon, .origin],
                "the list's own order, whatever the order written")
        // The environment comes before the file.
        let overridden = file.environment { $0 == "ROSTER_THEME" ? "standard" : nil }
        #expect(try InterfaceSettings.theme(overridden("ROSTER_THEME"), command: "browse") == .standard)
    }

    @Test("unset or empty: the standard theme and names alone; all and none name every column and none", arguments: [
        (nil, [ListColumn]()), ("", []), ("none", []), ("all", ListColumn.allCases), ("ACTIVATED,height", [.height, .activated]),
    ])
    func columns(_ value: String?, _ expected: [ListColumn]) throws {
        #expect(try InterfaceSettings.columns(value, command: "browse") == expected)
        #expect(try InterfaceSettings.theme(nil, command: "browse") == .standard)
    }
}
