import TextSafety

/// Compare-and-set: a write that saves only if the monster still holds
/// what the writer started from, checked inside the write transaction.
///
/// The interactive roster passes the monster as its editor found it; a
/// script passes the values it read (`edit --expect weapon=sword`). When
/// another process changed one of those fields in between, the write is
/// refused with `RosterError.changedSince`, carrying the monster as it is
/// now, so that the writer can show the newer value and let the person
/// choose. Fields the write does not touch are not compared: a weapon
/// changed elsewhere does not block saving a new description. The name
/// always is, when an editor's monster is given (`startingFrom`): it says
/// which monster the editor found at that id, and another program may
/// have moved that monster to another id and put a different one at its
/// id; a save then goes to nobody the person did not choose.
public struct ExpectedValues: Hashable, Sendable {
    /// Field key to the value it must still hold.
    public private(set) var values: [String: FieldValue] = [:]

    public init() {}

    /// Expects the fields `changes` sets to still hold `original`'s values,
    /// and the monster to still be the one found: its name as it was.
    public init(_ changes: MonsterChanges, startingFrom original: Monster) {
        for key in changes.fieldKeys {
            if let field = MonsterFields.field(key) { values[key] = field.value(original) }
        }
        values[MonsterFields.name.key] = MonsterFields.name.value(original)
    }

    /// Expects `key` to hold `text`, read in any form `edit` accepts for it
    /// (`Ninja Star`, `none` for unknown). The reason when it cannot be read.
    public mutating func expect(_ key: String, text: String) -> String? {
        guard let field = MonsterFields.field(key), key != "id" else {
            let suggestion = MonsterFields.suggestion(for: key).map { "; did you mean \(Quote.code($0))?" } ?? ""
            return "\(Quote.code(key)) is not a field a change can expect\(suggestion)"
        }
        if field.isNullable, ["", "none"].contains(text.lowercased()) {
            values[key] = .null
            return nil
        }
        var probe = MonsterFields.blank
        if let problem = field.assign(&probe, field.kind == .integer ? .integer(Int64(text) ?? -1) : .text(text)) {
            return "\(key): \(problem)"
        }
        values[key] = field.value(probe)
        return nil
    }

    /// Field key to the value it must still hold, for one monster by id:
    /// an edit of many whose monsters started from different values (the
    /// interface's marks) checks each against its own.
    public private(set) var valuesByMonster: [Int64: [String: FieldValue]] = [:]

    /// Expects the fields `changes` sets to still hold `original`'s values
    /// in that monster alone, beside what is expected of every monster.
    public mutating func expect(_ changes: MonsterChanges, of original: Monster) {
        valuesByMonster[original.id] = ExpectedValues(changes, startingFrom: original).values
    }

    public var isEmpty: Bool { values.isEmpty && valuesByMonster.isEmpty }

    /// The keys, in field order, whose values `current` no longer holds.
    func mismatches(in current: Monster) -> [String] {
        let own = valuesByMonster[current.id] ?? [:]
        return MonsterFields.all.compactMap { field in
            guard let expected = own[field.key] ?? values[field.key] else { return nil }
            return field.value(current) == expected ? nil : field.key
        }
    }

    /// Throws when `current` no longer holds the expected values.
    func check(_ current: Monster) throws(RosterError) {
        let changed = mismatches(in: current)
        if !changed.isEmpty { throw .changedSince(current: current, fields: changed) }
    }
}
