import Testing
@testable import RosterCore

/// `export | import --mode replace | export` gives the same bytes, for
/// every format import reads, with the awkward values people really type.
@Suite("Export and import round trips")
struct RoundTripTests {
    static let awkward: [(name: String, description: String)] = [
        ("Quote \"Bot\"", "She said \"hi\", then left"),
        ("Comma, Bot", "a,b,,c"),
        ("炎のロボット", "日本語の説明\n二行目"),
        ("Emoji 🤖🔥", "tab\there, newline\nthere"),
        ("=SUM(A1)", "+1 -1 @home"),
        ("'=already", "'quoted'"),
        ("-Dash", "\ttab first"),
        ("@At", "=1+2"),
        ("Pipe | Bot", "<script>alert('x')</script> & *stars* _under_ `code` [link](x)"),
        ("Back\\slash", "right\u{202E}to-left override"),
        ("Zwj 👩‍👩‍👧", ""),
    ]

    /// A roster holding the default six plus every awkward monster.
    static func awkwardRoster() throws -> ImportRoster {
        let roster = try ImportRoster()
        for (index, value) in awkward.enumerated() {
            let monster = Monster(id: 0, name: value.name, description: value.description, icon: "unknown.png",
                                  nameColor: NameColor.allCases[index % 4], weapon: Weapon(WeaponType.allCases[index % 5]))
            _ = try roster.store.add(monster)
        }
        // A gap in the ids, which replace must keep.
        _ = try roster.store.remove(["Dog-Bot"])
        return roster
    }

    @Test("every data format survives export, replace and export byte for byte", arguments: [ExportFormat.json, .ndjson, .csv])
    func roundTrip(format: ExportFormat) throws {
        let source = try Self.awkwardRoster()
        let exported = try source.export(format)
        let target = try ImportRoster()
        let summary = try target.importBytes(exported, mode: .replace)
        #expect(try target.export(format) == exported)
        // Nothing was lost in any format, the people's ones included.
        for other in ExportFormat.allCases {
            #expect(try target.export(other) == source.export(other), "\(other) after a \(format) round trip")
        }
        #expect(summary.added + summary.updated + summary.unchanged == 6 + Self.awkward.count - 1)
        // Importing the same file again changes nothing.
        #expect(try target.importBytes(exported, mode: .replace) == ImportSummary(unchanged: 16))
    }

    @Test("CSV read in chunks of any size gives the same monsters")
    func chunkBoundaries() throws {
        let csv = try Self.awkwardRoster().export(.csv)
        let whole = try readImport(csv).records.map(\.monster)
        for size in [1, 2, 3, 7, 64, 1000] {
            let (records, problems) = try readImport(csv, chunkSize: size)
            #expect(problems.isEmpty)
            #expect(records.map(\.monster) == whole, "chunk size \(size)")
        }
        let json = try Self.awkwardRoster().export(.json)
        for size in [1, 5, 33] {
            #expect(try readImport(json, chunkSize: size).records.map(\.monster) == whole, "JSON chunk size \(size)")
        }
    }

    @Test("formula cells are neutralised in CSV and restored on import; --raw keeps them literal")
    func formulas() throws {
        let roster = try Self.awkwardRoster()
        let guarded = String(decoding: try roster.export(.csv), as: UTF8.self)
        #expect(guarded.contains("'=SUM(A1)"))
        #expect(guarded.contains("''=already"))
        #expect(guarded.contains(",'-Dash,"))
        #expect(guarded.contains(",'\ttab first,"))
        let raw = try roster.export(.csv, options: ExportOptions(neutralizeFormulas: false))
        #expect(String(decoding: raw, as: UTF8.self).contains(",=SUM(A1),"))
        let fromRaw = try ImportRoster()
        try fromRaw.importBytes(raw, mode: .replace, raw: true)
        #expect(try fromRaw.export(.json) == roster.export(.json))
        // Read without --raw, the literal "'=already" of a raw file loses its quote: that is what --raw is for.
        let (records, _) = try readImport(raw)
        #expect(records.contains { $0.monster.name == "=already" })
    }

    @Test("CSV with a byte order mark, LF line ends and columns in another order reads the same")
    func csvVariants() throws {
        let text = "\u{FEFF}weapon,NAME,id\nsword,Cat-Bot,1\n\"ninja star\",Dog-Bot,2\n\n"
        let (records, problems) = try readImport(text)
        #expect(problems.isEmpty)
        #expect(records.map(\.monster.name) == ["Cat-Bot", "Dog-Bot"])
        #expect(records.map(\.monster.weapon.type) == [.sword, .ninjaStar])
        #expect(records.map(\.monster.icon) == [Monster.defaultIcon, Monster.defaultIcon])
    }

    @Test("CSV with CR-only line ends (old Mac files) reads the same, read whole or in chunks")
    func carriageReturnLineEnds() throws {
        let exported = try Self.awkwardRoster().export(.csv)
        let whole = try readImport(exported).records.map(\.monster)
        // CRLF to CR outside quotes; a CRLF inside a quoted field is read as LF either way.
        var crOnly: [UInt8] = []
        var inQuotes = false
        for byte in exported {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if byte == 0x0A && !inQuotes { continue }
            crOnly.append(byte)
        }
        #expect(crOnly.count < exported.count)
        for size in [1, 2, 3, 7, 1 << 20] {
            let (records, problems) = try readImport(crOnly, chunkSize: size)
            #expect(described(problems) == [], "chunk size \(size)")
            #expect(records.map(\.monster) == whole, "chunk size \(size)")
        }
        // Problems are placed by the same lines an editor shows; a lone CR
        // inside quotes is kept, and is a line break too.
        let text = "name,weapon\rA,sword\rB,laser\r\"C\rD\",fire\rE,swrod"
        #expect(try FuzzRegressionTests.agreeing(Array(text.utf8)) == [
            "3:3: weapon: unknown weapon `laser`; the weapons are blowgun, ninja-star, fire, sword, smoke",
            "4:1: name: a name cannot contain control characters, and this one contains U+000D",
            "6:3: weapon: unknown weapon `swrod`; did you mean `sword`?",
        ])
        // Mixed line ends: CR, then CR CR LF (a blank line), then LF.
        let mixed = try readImport("name,weapon\rA,sword\r\r\nB,fire\nC,smoke")
        #expect(mixed.problems.isEmpty)
        #expect(mixed.records.map(\.monster.name) == ["A", "B", "C"])
        #expect(mixed.records.map(\.nameLocation.line) == [2, 4, 5])
    }

    @Test("an empty roster exports an empty monsters array and a CSV header, and imports back empty")
    func emptyRoster() throws {
        let roster = try ImportRoster()
        _ = try roster.importText("id,name,description,icon,name_color,weapon\r\n", mode: .replace)
        #expect(String(decoding: try roster.export(.json), as: UTF8.self)
                == "{\n  \"format\": \"roster\",\n  \"version\": 2,\n  \"monsters\": []\n}\n")
        #expect(try roster.export(.csv) == Array("id,name,description,icon,name_color,weapon,height,origin,activated\r\n".utf8))
        #expect(try roster.export(.ndjson).isEmpty)
        let other = try ImportRoster()
        #expect(try other.importBytes(try roster.export(.json), mode: .replace) == ImportSummary(removed: 6))
        #expect(try other.store.count() == 0)
    }
}
