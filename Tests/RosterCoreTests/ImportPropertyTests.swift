import Foundation
import Testing
@testable import RosterCore

/// A structured property test of import: random files built from the
/// values that broke it before (ids 0, negative, 2^63−2, 2^63−1, gaps;
/// names that fold to the same key), in every format and mode, dry run or
/// not, into rosters that are empty, the default, large, or hold edge ids.
///
/// The invariants: no crash; success exactly when a simple model of the
/// rules says so, with the roster the model predicts, or else a data
/// error whose every problem is located and a roster left as it was; and
/// an exact round trip of whatever the roster holds afterwards.
///
/// CI runs a fixed seed for 150 cases. For a longer hunt:
/// `ROSTER_PROPERTY_SECONDS=600 ROSTER_PROPERTY_SEED=7 swift test --skip-build --filter ImportPropertyTests`.
@Suite("Import, checked against a model over random edge cases")
struct ImportPropertyTests {
    /// SplitMix64: small, fast, and the same sequence everywhere for a seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    // An import takes ids up to 2^53 - 1 either side of 0 (`MonsterFields.largestExactID`);
    // larger ones reach a roster only when planted (`.edgeIDs` below).
    static let edgeIDs: [Int64] = [0, -1, -42, -MonsterFields.largestExactID, MonsterFields.largestExactID - 2,
                                   MonsterFields.largestExactID - 1, MonsterFields.largestExactID, 1, 2, 3, 6, 7, 1000]
    /// Names in groups that fold to the same key.
    static let names = ["Cat-Bot", "cat-bot", "CAT-BOT", "Dog-Bot", "Émile", "éMILE", "Ωmega", "ωMEGA",
                        "Bat-Bot", "Owl-Bot", "Max", "max", "Zed", "猫", "Ice-Bot", "Nova"]
    static let weapons = ["sword", "fire", "smoke", "blowgun", "ninja-star"]

    struct Record {
        var id: Int64?
        var name: String
        var weapon: String
    }

    enum Start: CaseIterable { case empty, defaults, large, edgeIDs }

    func file(_ records: [Record], format: MonsterReader.Format) -> [UInt8] {
        func object(_ record: Record) -> String {
            (record.id.map { "{\"id\":\($0)," } ?? "{") + "\"name\":\"\(record.name)\",\"weapon\":\"\(record.weapon)\"}"
        }
        switch format {
        case .csv:
            return Array(("id,name,weapon\n" + records.map { "\($0.id.map(String.init) ?? ""),\($0.name),\($0.weapon)\n" }.joined()).utf8)
        case .ndjson:
            return Array(records.map { object($0) + "\n" }.joined().utf8)
        default:
            return Array(("{\"format\":\"roster\",\"version\":2,\"monsters\":[" + records.map(object).joined(separator: ",") + "]}").utf8)
        }
    }

    func start(_ kind: Start, _ roster: ImportRoster, _ random: inout Generator) throws {
        switch kind {
        case .defaults: break
        case .empty: try roster.importBytes([], mode: .replace, format: .ndjson)
        case .large:
            let lines = (1...500).map { "{\"name\":\"Bulk-\($0)\",\"weapon\":\"sword\"}\n" }.joined()
            try roster.importBytes(Array(lines.utf8), mode: .insert, format: .ndjson)
        case .edgeIDs:
            for id in [Int64.max - 1, 0, -5] where random.chance(60) {
                try EdgeIDTests.plant(roster, id: id, name: "Edge\(id)")
            }
            if random.chance(40) { try EdgeIDTests.plant(roster, id: Int64.max, name: "Max") }
        }
    }

    /// What the rules say an import does: the roster after it (id → name
    /// key), or nil when it must fail.
    /// New monsters are numbered past `highestGiven`, every id the roster ever held.
    func model(before: [Int64: String], highestGiven: Int64, records: [Record], mode: ImportMode) -> [Int64: String]? {
        let keys = records.map { MonsterRules.nameKey($0.name) }
        guard Set(keys).count == keys.count else { return nil }
        let byKey = Dictionary(uniqueKeysWithValues: before.map { ($0.value, $0.key) })
        func fresh(after highest: Int64, count: Int) -> [Int64]? {
            var ids: [Int64] = []
            var next = max(0, highest)
            for _ in 0..<count {
                let (value, overflow) = next.addingReportingOverflow(1)
                if overflow { return nil }
                ids.append(value)
                next = value
            }
            return ids
        }
        switch mode {
        case .insert, .upsert:
            var after = before
            let new = zip(records, keys).filter { byKey[$0.1] == nil }
            if mode == .insert && new.count != records.count { return nil }
            guard let ids = fresh(after: max(before.keys.max() ?? 0, highestGiven), count: new.count) else { return nil }
            for (id, (_, key)) in zip(ids, new) { after[id] = key }
            return after
        case .replace:
            let given = records.compactMap(\.id)
            guard Set(given).count == given.count else { return nil }
            var after: [Int64: String] = [:]
            for (record, key) in zip(records, keys) { if let id = record.id { after[id] = key } }
            var waiting: [String] = []
            for (record, key) in zip(records, keys) where record.id == nil {
                if let old = byKey[key], after[old] == nil { after[old] = key } else { waiting.append(key) }
            }
            let highest = max(before.keys.max() ?? 0, given.max() ?? 0, highestGiven)
            guard let ids = fresh(after: highest, count: waiting.count) else { return nil }
            for (id, key) in zip(ids, waiting) { after[id] = key }
            return after
        }
    }

    func contents(_ store: SQLiteRosterStore) throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try store.monsters().map { ($0.id, MonsterRules.nameKey($0.name)) })
    }

    /// One random case; a description of what went wrong, or nil.
    func check(_ random: inout Generator) throws -> String? {
        let roster = try ImportRoster()
        // Durability is not under test: without syncs a case takes
        // milliseconds instead of waiting for the disk.
        try roster.store.database.execute("PRAGMA synchronous = OFF")
        let startKind = random.pick(Start.allCases)
        try start(startKind, roster, &random)
        var records: [Record] = []
        for _ in 0..<random.below(7) {
            let id: Int64? = random.chance(45) ? random.pick(Self.edgeIDs) : nil
            records.append(Record(id: id, name: random.pick(Self.names), weapon: random.pick(Self.weapons)))
        }
        let format = random.pick([MonsterReader.Format.csv, .ndjson, .json])
        let mode = random.pick(ImportMode.allCases)
        let dryRun = random.chance(20)
        let bytes = file(records, format: format)
        let context = "start \(startKind), \(format), \(mode)\(dryRun ? " dry run" : ""): \(String(decoding: bytes, as: UTF8.self))"

        let before = try contents(roster.store)
        let exportedBefore = try roster.export(.json)
        let highestGiven = try roster.store.database.integer("SELECT last FROM monster_sequence") ?? 0
        let expected = model(before: before, highestGiven: highestGiven, records: records, mode: mode)
        do {
            try roster.importBytes(bytes, mode: mode, format: format, dryRun: dryRun)
            guard let expected else { return "succeeded, but the model says it fails: \(context)" }
            let after = try contents(roster.store)
            if dryRun {
                if try roster.export(.json) != exportedBefore { return "a dry run changed the roster: \(context)" }
            } else if after != expected {
                return "roster \(after.sorted { $0.key < $1.key }) but the model says \(expected.sorted { $0.key < $1.key }): \(context)"
            }
        } catch RosterError.problems(let problems, _, _) {
            if expected != nil { return "failed with \(described(problems)), but the model says it succeeds: \(context)" }
            if problems.isEmpty || problems.contains(where: { $0.location == nil }) {
                return "problems without a place: \(described(problems)): \(context)"
            }
            if try roster.export(.json) != exportedBefore { return "a failed import changed the roster: \(context)" }
        }
        // Whatever the roster holds now goes out and comes back exactly,
        // but for an id beyond 2^53 − 1, which only another program could
        // plant: it goes out as it is, and an import refuses it.
        let planted = try contents(roster.store).keys.contains { $0.magnitude > MonsterFields.largestExactID.magnitude }
        for exportFormat in [ExportFormat.json, .csv] {
            let exported = try roster.export(exportFormat)
            let copy = try ImportRoster()
            try copy.store.database.execute("PRAGMA synchronous = OFF")
            if planted {
                if (try? copy.importBytes(exported, mode: .replace)) != nil { return "an import took an id beyond 2^53 − 1: \(context)" }
                continue
            }
            try copy.importBytes(exported, mode: .replace)
            if try copy.export(exportFormat) != exported { return "the \(exportFormat) round trip differs: \(context)" }
        }
        return nil
    }

    @Test("random imports over edge ids, folding names, every mode and starting roster match the model")
    func randomImports() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["ROSTER_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20261201
        let seconds = environment["ROSTER_PROPERTY_SECONDS"].flatMap(Double.init)
        var random = Generator(state: seed)
        let deadline = Date().addingTimeInterval(seconds ?? 0)
        var cases = 0
        var failures: [String] = []
        while seconds == nil ? cases < 150 : Date() < deadline {
            cases += 1
            if let failure = try check(&random) {
                failures.append(failure)
                if failures.count >= 5 { break }
            }
        }
        #expect(failures.isEmpty, "seed \(seed), \(cases) cases:\n\(failures.joined(separator: "\n"))")
        if seconds != nil { print("import property test: seed \(seed), \(cases) cases, \(failures.count) failures") }
    }
}
