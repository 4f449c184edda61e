import Testing
@testable import RosterCore

/// Height, origin and activation in every export format, set and unknown,
/// and back through import: problems at their places, and round trips.
@Suite("Height, origin and activation in exports and imports")
struct DetailFormatTests {
    /// The default roster (whose bots all have values) with Dog-Bot made
    /// unknown in all three and Ice-Bot in one.
    static func mixedRoster() throws -> ImportRoster {
        let roster = try ImportRoster()
        _ = try roster.store.edit("Dog-Bot", MonsterChanges(height: .some(nil), origin: .some(nil), activated: .some(nil)))
        _ = try roster.store.edit("Ice-Bot", MonsterChanges(origin: .some(nil)))
        return roster
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("JSON and NDJSON give the stored forms, and null when unknown")
    func json() throws {
        let roster = try Self.mixedRoster()
        let ndjson = text(try roster.export(.ndjson)).split(separator: "\n")
        #expect(ndjson[0].hasSuffix(#""weapon":"sword","height":"2ft4in","origin":"JP","activated":"2019-03-14T09:30:00Z"}"#))
        #expect(ndjson[1].hasSuffix(#""weapon":"blowgun","height":null,"origin":null,"activated":null}"#))
        #expect(ndjson[4].hasSuffix(#""height":"5ft5in","origin":null,"activated":"2017-12-21T06:15:00Z"}"#))
        let document = text(try roster.export(.json))
        #expect(document.hasPrefix("{\n  \"format\": \"roster\",\n  \"version\": 2,\n"))
        #expect(document.contains(#""weapon":"blowgun","height":null,"origin":null,"activated":null}"#))
    }

    @Test("CSV gives the stored forms, and an empty cell when unknown")
    func csv() throws {
        let lines = text(try Self.mixedRoster().export(.csv)).components(separatedBy: "\r\n")
        #expect(lines[0] == "id,name,description,icon,name_color,weapon,height,origin,activated")
        #expect(lines[1] == "1,Cat-Bot,MEE-OW,meetcatbot.png,default,sword,2ft4in,JP,2019-03-14T09:30:00Z")
        #expect(lines[2] == "2,Dog-Bot,BOW-WOW,meetdogbot.png,blue,blowgun,,,")
        #expect(lines[5] == "5,Ice-Bot,Has A Chilling Effect,meeticebot.png,blue,fire,5ft5in,,2017-12-21T06:15:00Z")
    }

    @Test("Markdown reads as people say it, in UTC, with empty cells for unknown")
    func markdown() throws {
        let lines = text(try Self.mixedRoster().export(.markdown)).split(separator: "\n")
        #expect(lines[0] == "| ID | Name | Description | Icon | Colour | Weapon | Height | Origin | Activated |")
        #expect(lines[1] == "| --: | --- | --- | --- | --- | --- | --- | --- | --- |")
        #expect(lines[2] == "| 1 | Cat-Bot | MEE-OW | meetcatbot.png | default | † Sword | 2 ft 4 in | Japan | 2019-03-14 09:30 UTC |")
        #expect(lines[3] == "| 2 | Dog-Bot | BOW-WOW | meetdogbot.png | blue | ⇝ Blowgun |  |  |  |")
    }

    @Test("HTML has a column for each, a <time> in UTC, and a dash titled unknown")
    func html() throws {
        let page = text(try Self.mixedRoster().export(.html))
        #expect(page.contains("<th scope=\"col\">Height</th><th scope=\"col\">Origin</th><th scope=\"col\">Activated</th></tr></thead>"))
        #expect(page.contains("<td class=\"fact height\" data-label=\"Height\"><bdi>2 ft 4 in</bdi></td>"
            + "<td class=\"fact origin\" data-label=\"Origin\" title=\"JP\"><bdi>Japan</bdi></td>"
            + "<td class=\"fact activated\" data-label=\"Activated\"><time datetime=\"2019-03-14T09:30:00Z\">2019-03-14 09:30 UTC</time></td></tr>"))
        #expect(page.contains("<td class=\"fact height unknown\" data-label=\"Height\" title=\"unknown\">—</td>"))
    }

    @Test("every format survives export, replace and export byte for byte with values set and unknown",
          arguments: [ExportFormat.json, .ndjson, .csv])
    func roundTrip(format: ExportFormat) throws {
        let source = try Self.mixedRoster()
        let exported = try source.export(format)
        let target = try ImportRoster()
        try target.importBytes(exported, mode: .replace)
        for other in ExportFormat.allCases {
            #expect(try target.export(other) == source.export(other), "\(other) after a \(format) round trip")
        }
        #expect(try target.store.resolve("Dog-Bot").height == nil)
        #expect(try target.importBytes(exported, mode: .upsert) == ImportSummary(unchanged: 6))
    }

    @Test("null, an absent key and an empty cell all mean unknown; the lenient forms become the stored ones")
    func unknownAndLenient() throws {
        let (records, problems) = try readImport("""
            {"name": "A", "weapon": "fire", "height": null, "origin": null, "activated": null}
            {"name": "B", "weapon": "fire"}
            {"name": "C", "weapon": "fire", "height": "6'2\\"", "origin": "france", "activated": "2026-11-29T15:05+01:00"}

            """)
        #expect(problems.isEmpty)
        #expect(records.map(\.monster.height) == [nil, nil, Height(feet: 6, inches: 2)])
        #expect(records.map(\.monster.origin) == [nil, nil, "FR"])
        #expect(records[2].monster.activated?.iso8601 == "2026-11-29T14:05:00Z")
        let csv = try readImport("name,weapon,height,origin,activated\nA,fire,,,\nB,fire,71in,fra,2026-11-29T14:05:00Z\n")
        #expect(csv.problems.isEmpty)
        #expect(csv.records.map(\.monster.height) == [nil, Height(feet: 5, inches: 11)])
        #expect(csv.records.map(\.monster.origin) == [nil, "FR"])
    }

    @Test("upsert: null and an empty cell make a value unknown, an absent key or column leaves it")
    func upsertClears() throws {
        let roster = try ImportRoster()
        _ = try roster.importText("{\"name\": \"Cat-Bot\", \"weapon\": \"sword\", \"origin\": null}\n", mode: .upsert)
        let cat = try roster.store.resolve("Cat-Bot")
        #expect(cat.origin == nil && cat.height == Height(feet: 2, inches: 4))
        _ = try roster.importText("name,weapon,height\nDog-Bot,blowgun,\n", mode: .upsert)
        let dog = try roster.store.resolve("Dog-Bot")
        #expect(dog.height == nil && dog.origin == "GB")
        _ = try roster.importText("name,weapon,description\nIce-Bot,fire,\n", mode: .upsert)
        #expect(try roster.store.resolve("Ice-Bot").description == "Has A Chilling Effect")
    }

    @Test("bad values are reported at their place, with what to write instead, and nothing is imported")
    func problems() throws {
        let roster = try ImportRoster()
        let csv = roster.importProblems("""
            name,weapon,height,origin,activated
            A,fire,5ft13,Frnace,2026-11-29T14:05
            B,fire,tall,XX,2026-02-30T10:00:00Z
            C,fire,31ft,FR,now

            """, mode: .insert)
        #expect(csv == [
            "2:8: height: `5ft13` has 13 inches after the feet; that part goes from 0 to 11",
            "2:14: origin: unknown country `Frnace`; did you mean `France`?",
            "2:21: activated: `2026-11-29T14:05` has no time zone; write it in UTC, such as 2026-11-29T14:05:00Z, or with an offset such as +01:00",
            "3:8: height: `tall` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m",
            "3:13: origin: unknown country `XX`; give a country's name or its ISO 3166 code, such as France or FR",
            "3:16: activated: `2026-02-30T10:00:00Z` is not a valid date and time; write it in UTC as YYYY-MM-DDTHH:MM:SSZ, such as 2026-11-29T14:05:00Z",
            "4:8: height: `31ft` is taller than a height can be; the most is 30 ft 11 in",
            "4:16: activated: `now` is not a valid date and time; write it in UTC as YYYY-MM-DDTHH:MM:SSZ, such as 2026-11-29T14:05:00Z",
        ])
        let json = roster.importProblems("""
            [{"name": "A", "weapon": "fire", "height": 71, "origin": "Frnace"},
             {"name": "B", "weapon": "fire", "activated": ["2026"]}]
            """, mode: .insert)
        #expect(json == [
            "1:44: height: expected a string but found a number",
            "1:58: origin: unknown country `Frnace`; did you mean `France`?",
            "2:47: activated: expected a string but found an array",
        ])
        #expect(try roster.store.count() == 6)
    }
}

@Suite("Hostile text in the HTML and Markdown exports")
struct HostileExportTests {
    @Test("bidi overrides and zero-width characters show as visible escapes, never live")
    func visible() throws {
        let text = "Bidi\u{202E}toB-evil\u{200B}"
        #expect(HTMLReport.escaped(text) == #"Bidi\u{202e}toB-evil\u{200b}"#)
        #expect(MarkdownTable.escaped(text) == "Bidi&#92;u&#123;202e&#125;toB-evil&#92;u&#123;200b&#125;")
        #expect(HTMLReport.escaped("a\u{1B}[31m") == #"a\e[31m"#)
    }

    @Test("Markdown writes every mark a dialect could read as markup in a cell as a character reference; sentences stay readable")
    func markdownCharacterReferences() {
        #expect(MarkdownTable.escaped("Tick, tick, BOOM!") == "Tick, tick, BOOM!")
        #expect(MarkdownTable.escaped("Don't (yes) 5/10 50% #1; \"ok\"? Esq. -x a=b +1") == "Don't (yes) 5/10 50% #1; \"ok\"? Esq. -x a=b +1")
        #expect(MarkdownTable.escaped("Cat-Bot meetcatbot.png 2019-03-14") == "Cat-Bot meetcatbot.png 2019-03-14")
        #expect(MarkdownTable.escaped("a|b *c* _d_ ~e~ `f` [g](h)") == "a&#124;b &#42;c&#42; &#95;d&#95; &#126;e&#126; &#96;f&#96; &#91;g&#93;(h)")
        // An image or a link cannot start: its brackets are references.
        #expect(MarkdownTable.escaped("![x](javascript:alert(1))") == "&#33;&#91;x&#93;(javascript&#58;alert(1))")
        // Doubled, these mark text in some dialects.
        #expect(MarkdownTable.escaped("a==b== ++c++") == "a&#61;&#61;b&#61;&#61; &#43;&#43;c&#43;&#43;")
        // Live in Python-Markdown and pandoc's strict dialect when escaped with a backslash.
        #expect(MarkdownTable.escaped("<img src=x onerror=alert(1)>") == "&#60;img src=x onerror=alert(1)&#62;")
        // Math, a citation and a dash to pandoc's default dialect.
        #expect(MarkdownTable.escaped("$x$ @3 a--b ...") == "&#36;x&#36; &#64;3 a&#45;&#45;b &#46;&#46;&#46;")
        #expect(MarkdownTable.escaped("&amp; C:\\x") == "&#38;amp; C&#58;&#92;x")
    }

    @Test("a time is plain text; a colon or dot that could start a link, an emoji or a tag is still a reference")
    func markdownTimesStayPlain() {
        #expect(MarkdownTable.escaped("2019-03-14 09:30 UTC") == "2019-03-14 09:30 UTC")
        #expect(MarkdownTable.escaped("at 9:30, 23:59") == "at 9:30, 23:59")
        // Links: a scheme's colon, GFM's `www.` and an address.
        #expect(MarkdownTable.escaped("http://x.io") == "http&#58;//x.io")
        #expect(MarkdownTable.escaped("javascript:alert(1)") == "javascript&#58;alert(1)")
        #expect(MarkdownTable.escaped("see www.evil.com, WWW.x.io") == "see www&#46;evil.com, WWW&#46;x.io")
        #expect(MarkdownTable.escaped("me@x.io <b>") == "me&#64;x.io &#60;b&#62;")
        // `:100:` is an emoji to GFM and pandoc, even between digits.
        #expect(MarkdownTable.escaped("5:100:3 09:30:00") == "5&#58;100:3 09&#58;30:00")
        #expect(MarkdownTable.escaped(":30 9: 1:a") == "&#58;30 9&#58; 1&#58;a")
    }
}
