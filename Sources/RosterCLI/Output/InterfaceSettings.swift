import RosterApp
import TextSafety

/// `ROSTER_THEME` and `ROSTER_COLUMNS`: how the interactive roster looks,
/// read once when it opens. config.toml's `theme` and `columns` fill them
/// in (`ConfigFile`), where the file's own line is blamed for a bad
/// value; a bad value set in the environment is a usage error naming the
/// variable, as `ROSTER_PICTURES` is.
enum InterfaceSettings {
    /// The theme; unset or empty is the standard one.
    static func theme(_ value: String?, command: String) throws(UsageError) -> ThemeChoice {
        guard let value, !value.isEmpty else { return .standard }
        guard let theme = ThemeChoice(rawValue: value.lowercased()) else {
            let names = ThemeChoice.allCases.map(\.rawValue)
            throw UsageError("ROSTER_THEME must be \(names.joined(separator: " or ")), not \(Quote.code(value))", command: command)
        }
        return theme
    }

    /// The columns the list starts with; unset or empty is none.
    static func columns(_ value: String?, command: String) throws(UsageError) -> [ListColumn] {
        guard let value, !value.isEmpty else { return [] }
        guard let columns = ListColumn.named(setting: value) else {
            throw UsageError(ConfigValue.columnsProblem(value, subject: "ROSTER_COLUMNS"), command: command)
        }
        return columns
    }
}
