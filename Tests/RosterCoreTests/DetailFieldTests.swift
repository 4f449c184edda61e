#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import RosterCore

/// Height, origin and activation as values: how they are read, what is
/// refused and with which sentence, and that the store keeps them, unknown
/// ones included.
@Suite("Reading heights, countries and moments")
struct DetailValueTests {
    @Test("the stored height form is read strictly and fast; the lenient forms still work")
    func heightKey() {
        #expect(Height(key: "5ft11in") == Height(feet: 5, inches: 11))
        #expect(Height(key: "0ft0in") == Height(feet: 0, inches: 0))
        for text in ["5ft11", "5 ft 11 in", "5ft12in", "31ft0in", "ft11in", "5ft11inch", "5FT11IN", "5ft-1in", ""] {
            #expect(Height(key: text) == nil, "\(text)")
        }
        #expect(Height(parsing: "5FT11IN") == Height(feet: 5, inches: 11))
        #expect(Height(parsing: "5-11") == Height(feet: 5, inches: 11))
    }

    @Test("an impossible height says what is wrong with it", arguments: [
        ("5ft13", "`5ft13` has 13 inches after the feet; that part goes from 0 to 11"),
        ("31ft", "`31ft` is taller than a height can be; the most is 30 ft 11 in"),
        ("400in", "`400in` is taller than a height can be; the most is 30 ft 11 in"),
        ("tall", "`tall` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
        ("5", "`5` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
        ("-1ft", "`-1ft` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
        ("99999ft", "`99999ft` is not a height; write one such as 5ft11in, 5'11\", 71in, 180cm or 1.8m"),
    ])
    func badHeight(_ text: String, _ message: String) {
        guard case .failure(let problem) = Height.reading(text) else {
            Issue.record("\(text) was read as a height")
            return
        }
        #expect(problem.message == message)
    }

    @Test("countries are read by name, code or three-letter code; a typo gets the name meant")
    func countries() {
        for text in ["France", "france", "FR", "fr", "FRA", " France "] {
            #expect((try? Country.reading(text).get())?.code == "FR", "\(text)")
        }
        guard case .failure(let typo) = Country.reading("Frnace") else {
            Issue.record("Frnace was read as a country")
            return
        }
        #expect(typo.message == "unknown country `Frnace`; did you mean `France`?")
        #expect(typo.suggestion == "France")
        guard case .failure(let nonsense) = Country.reading("Atlantis-Under-The-Sea") else { return }
        #expect(nonsense.suggestion == nil)
        #expect(nonsense.message.hasSuffix("give a country's name or its ISO 3166 code, such as France or FR"))
        // The stored form is upper case: a lower-case code is not stored.
        #expect(MonsterRules.originProblem("fr") != nil)
        #expect(Countries.country(code: "fr")?.code == "FR")
    }

    @Test("countries go by the names people use, with or without accents", arguments: [
        ("Turkey", "TR"), ("turkiye", "TR"), ("Great Britain", "GB"), ("UK", "GB"), ("Czech Republic", "CZ"),
        ("Holland", "NL"), ("Russia", "RU"), ("Russian Federation", "RU"), ("Korea", "KR"), ("Ivory Coast", "CI"),
        ("cote d'ivoire", "CI"), ("Curacao", "CW"), ("Reunion", "RE"), ("Burma", "MM"), ("USA", "US"),
    ])
    func otherCountryNames(_ text: String, _ code: String) {
        #expect(Countries.find(text)?.code == code)
    }

    @Test("countries sort as a reader expects and misspelt other names are suggested")
    func countryOrder() throws {
        let names = Countries.all.map(\.name)
        let aland = try #require(names.firstIndex(of: "Åland Islands"))
        #expect(names[aland + 1] == "Albania", "Åland sorts among the A's, not after Zimbabwe")
        let ivory = try #require(names.firstIndex(of: "Côte d'Ivoire"))
        #expect(names[ivory + 1] == "Croatia")
        #expect(Countries.suggestion(for: "Turky")?.code == "TR")
        #expect(Countries.suggestion(for: "Hollnd")?.code == "NL")
    }

    @Test("the stored moment form is read from its bytes and agrees with the calendar", arguments: [
        "1970-01-01T00:00:00Z", "2026-11-29T14:05:00Z", "2000-02-29T23:59:59Z", "1000-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "2024-02-29T12:00:00Z", "1900-03-01T00:00:00Z",
    ])
    func isoAgreesWithCalendar(_ text: String) throws {
        let fast = try #require(Timestamp(iso8601: text))
        #expect(fast.iso8601 == text)
        let fields = fast.utcFields
        #expect(Timestamp(utc: fields) == fast)
    }

    @Test("the calendar arithmetic agrees with the C library's gmtime from year 1000 to 9999")
    func arithmeticAgreesWithGmtime() {
        var generator = SystemRandomNumberGenerator()
        let first = Timestamp.daysSince1970(year: 1000, month: 1, day: 1) * 86_400
        let last = Timestamp.daysSince1970(year: 9999, month: 12, day: 31) * 86_400 + 86_399
        let samples = (0..<20_000).map { _ in Int64.random(in: Int64(first)...Int64(last), using: &generator) }
            + [Int64(first), Int64(last), -1, 0, 86_399, 86_400, 951_782_400]
        for seconds in samples {
            var time = time_t(seconds)
            var parts = tm()
            gmtime_r(&time, &parts)
            let fields = Timestamp(secondsSince1970: seconds).utcFields
            #expect(fields == Timestamp.Fields(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                                               day: Int(parts.tm_mday), hour: Int(parts.tm_hour),
                                               minute: Int(parts.tm_min), second: Int(parts.tm_sec)), "\(seconds)")
            let written = Timestamp(secondsSince1970: seconds).iso8601
            #expect(Timestamp(iso8601: written)?.secondsSince1970 == seconds, "\(written)")
        }
    }

    @Test("every height's stored form is written as it is read")
    func heightKeys() throws {
        for feet in Height.feetRange {
            for inches in Height.inchRange {
                let height = try #require(Height(feet: feet, inches: inches))
                #expect(height.key == "\(feet)ft\(inches)in")
                #expect(Height(key: height.key) == height)
            }
        }
    }

    @Test("impossible or misshapen moments are refused", arguments: [
        "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z",
        "2026-11-29T24:00:00Z", "2026-11-29T14:60:00Z", "2026-11-29T14:05:60Z", "0999-12-31T23:59:59Z",
        "2026-+1-29T14:05:00Z", "2026-11-29T+1:05:00Z", "2026-11-29 14:05:00Z ", "2026-11-29T14:05:00",
    ])
    func badISO(_ text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test("signs are not digits anywhere in a moment")
    func signs() {
        #expect(Timestamp(parsing: "2026-+1-29T14:05Z") == nil)
        #expect(Timestamp(parsing: "2026-11-29T14:+5Z") == nil)
        #expect(Timestamp(parsing: "2026-11-29T14:05+1:00") == nil)
        #expect(Timestamp(parsing: "2026-11-29T14:05-01:00")?.iso8601 == "2026-11-29T15:05:00Z")
    }

    @Test("JavaScript's toISOString form and typographic quotes are read too")
    func commonForms() throws {
        #expect(try Timestamp.reading(exact: "2026-11-29T14:05:00.123Z").get().iso8601 == "2026-11-29T14:05:00Z")
        #expect(Timestamp(parsing: "2026-11-29T14:05:00.Z") == nil)
        #expect(Timestamp(parsing: "2026-11-29T14:05:00.1x2Z") == nil)
        #expect(Height(parsing: "6’2”") == Height(feet: 6, inches: 2))
        #expect(Height(parsing: "6’") == Height(feet: 6, inches: 0))
    }

    @Test("a file's moment must carry its zone; the reason is given when it does not")
    func exactReading() throws {
        #expect(try Timestamp.reading(exact: "2026-11-29T15:05:00+01:00").get().iso8601 == "2026-11-29T14:05:00Z")
        #expect(try Timestamp.reading(exact: "2026-11-29T14:05Z").get().iso8601 == "2026-11-29T14:05:00Z")
        #expect(try Timestamp.reading(exact: "2026-11-29 14:05:00Z").get().iso8601 == "2026-11-29T14:05:00Z")
        for local in ["2026-11-29T14:05", "2026-11-29", "2026-11-29 14:05:00"] {
            guard case .failure(let problem) = Timestamp.reading(exact: local) else {
                Issue.record("\(local) was taken without a zone")
                continue
            }
            #expect(problem.message == "`\(local)` has no time zone; write it in UTC, such as 2026-11-29T14:05:00Z, or with an offset such as +01:00")
        }
        for bad in ["now", "today", "yesterday", "2026-02-30T10:00:00Z", ""] {
            guard case .failure(let problem) = Timestamp.reading(exact: bad) else {
                Issue.record("\(bad) was taken as a moment")
                continue
            }
            #expect(problem.message == "`\(bad)` is not a valid date and time; write it in UTC as YYYY-MM-DDTHH:MM:SSZ, such as 2026-11-29T14:05:00Z")
        }
    }

    @Test("moments read the same in UTC for people, to the minute as everywhere")
    func utcDisplay() throws {
        #expect(try #require(Timestamp(iso8601: "2026-11-29T14:05:00Z")).utcDisplay == "2026-11-29 14:05 UTC")
        #expect(try #require(Timestamp(iso8601: "2026-11-29T14:05:09Z")).utcDisplay == "2026-11-29 14:05 UTC")
    }

    @Test("an activation is kept to the minute, now and seconds given included")
    func minutePrecision() throws {
        let now = try Timestamp.reading("now").get()
        #expect(now.secondsSince1970 % 60 == 0)
        #expect(Timestamp.now.secondsSince1970 - now.secondsSince1970 < 120)
        #expect(try Timestamp.reading("2026-11-29T14:05:59Z").get().iso8601 == "2026-11-29T14:05:00Z")
        #expect(try Timestamp.reading(exact: "2026-11-29T14:05:30Z").get().iso8601 == "2026-11-29T14:05:00Z")
        #expect(try Timestamp.reading(exact: "1969-12-31T23:59:59Z").get().iso8601 == "1969-12-31T23:59:00Z")
        var monster = MonsterFields.blank
        #expect(MonsterFields.activated.assign(&monster, .text("2026-11-29T14:05:30.5Z")) == nil)
        #expect(monster.activated?.iso8601 == "2026-11-29T14:05:00Z")
    }

    @Test("the form utcDisplay writes is read back, also as a file's exact moment")
    func displayFormsReadBack() throws {
        let moment = try #require(Timestamp(iso8601: "2026-11-29T13:05:00Z"))
        #expect(moment.utcDisplay == "2026-11-29 13:05 UTC")
        #expect(try Timestamp.reading(moment.utcDisplay).get() == moment)
        #expect(try Timestamp.reading("2026-11-29 13:05 gmt").get() == moment)
        #expect(try Timestamp.reading(exact: moment.utcDisplay).get() == moment)
        guard case .failure(let local) = Timestamp.reading(exact: "2026-11-29 14:05 CET") else {
            Issue.record("a file's zone abbreviation was taken")
            return
        }
        #expect(local.message.hasPrefix("`2026-11-29 14:05 CET` names its zone `CET`, which means different things on different machines;"))
    }

    @Test("the field table reads every form and says why a value is refused")
    func fieldAssign() {
        var monster = MonsterFields.blank
        #expect(MonsterFields.height.assign(&monster, .text("6'2\"")) == nil)
        #expect(monster.height == Height(feet: 6, inches: 2))
        #expect(MonsterFields.origin.assign(&monster, .text("Iceland")) == nil)
        #expect(monster.origin == "IS")
        #expect(MonsterFields.activated.assign(&monster, .text("2026-11-29T14:05:00Z")) == nil)
        #expect(MonsterFields.height.value(monster) == .text("6ft2in"))
        #expect(MonsterFields.origin.readable(monster) == "Iceland")
        #expect(MonsterFields.activated.readable(monster) == "2026-11-29 14:05 UTC")
        #expect(MonsterFields.height.readable(monster) == "6 ft 2 in")
        for field in [MonsterFields.height, MonsterFields.origin, MonsterFields.activated] {
            #expect(field.assign(&monster, .null) == nil)
            #expect(field.value(monster) == .null)
            #expect(field.readable(monster) == "")
            #expect(field.isNullable && !field.isRequired)
        }
        #expect(MonsterFields.origin.assign(&monster, .text("Narnia")) != nil)
        #expect(MonsterFields.origin.assign(&monster, .integer(33)) == "expected text, not the number 33")
        #expect(monster.origin == nil, "a refused value leaves the field as it was")
        #expect(!MonsterFields.description.isNullable && !MonsterFields.name.isNullable)
        #expect(MonsterFields.keys.suffix(4) == ["weapon", "height", "origin", "activated"])
        #expect(MonsterFields.suggestion(for: "country") == "origin")
        #expect(MonsterFields.suggestion(for: "hieght") == "height")
    }
}

@Suite("The store keeps height, origin and activation")
struct DetailStoreTests {
    static let moment = Timestamp(iso8601: "2026-11-29T14:05:00Z")

    @Test("added with values, they come back from every way of reading; unknown is NULL")
    func addAndRead() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let full = try store.add(Monster(id: 0, name: "Tall-Bot", description: "", icon: "unknown.png", nameColor: .green,
                                         weapon: Weapon(.fire), height: Height(feet: 6, inches: 2), origin: "FR",
                                         activated: Self.moment))
        let bare = try store.add(Monster(id: 0, name: "Bare-Bot", description: "", icon: "unknown.png", nameColor: .red,
                                         weapon: Weapon(.fire)))
        #expect(try store.find("tall-bot") == full)
        #expect(try store.monster(id: full.id) == full)
        #expect(try store.monster(id: bare.id) == bare)
        #expect(try store.monsters(after: full.id - 1, limit: 2) == [full, bare])
        #expect(try store.monsters(before: bare.id + 1, limit: 2) == [full, bare])
        #expect(try store.monsters(offset: 6, limit: 5) == [full, bare])
        #expect(try store.monsters(from: full.id, through: bare.id) == [full, bare])
        var seen: [Monster] = []
        try store.forEachMonster(carrying: .fire) { seen.append($0) }
        #expect(seen.suffix(2) == [full, bare])
        let row = try store.database.prepare("SELECT height, origin, activated, height IS NULL FROM monster WHERE id = ?")
        #expect(try row.firstRow([.integer(full.id)]) { [$0.text(0), $0.text(1), $0.text(2)] } == ["6ft2in", "FR", "2026-11-29T14:05:00Z"])
        #expect(try row.firstRow([.integer(bare.id)]) { $0.int(3) } == 1)
    }

    @Test("edit saves each of them alone, and clears them")
    func edit() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        let height = try store.edit("Fire-Bot", MonsterChanges(height: .some(Height(feet: 6, inches: 2))))
        #expect(height.isChange && height.after.height == Height(feet: 6, inches: 2))
        _ = try store.edit("Fire-Bot", MonsterChanges(origin: .some("FR")))
        _ = try store.edit("Fire-Bot", MonsterChanges(activated: .some(Self.moment)))
        let fire = try store.resolve("fire-bot")
        #expect(fire.height == Height(feet: 6, inches: 2) && fire.origin == "FR" && fire.activated == Self.moment)
        #expect(fire.weapon.type == .ninjaStar, "the other fields are as they were")
        let cleared = try store.edit("Fire-Bot", MonsterChanges(height: .some(nil), origin: .some(nil), activated: .some(nil)))
        #expect(cleared.isChange)
        let after = try store.resolve("Fire-Bot")
        #expect(after.height == nil && after.origin == nil && after.activated == nil)
        #expect(try store.database.integer("SELECT count(*) FROM monster WHERE name = 'Fire-Bot' AND height IS NULL AND origin IS NULL AND activated IS NULL") == 1)
        #expect(!(try store.edit("Fire-Bot", MonsterChanges(height: .some(nil)))).isChange)
    }

    @Test("a value another program stored that fits the columns but not the rules reads as unknown")
    func damaged() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        try store.database.execute("""
            UPDATE monster SET height = '99ft99in', origin = 'XX', activated = '2026-19-39T29:59:59Z' WHERE id = 1
            """)
        let cat = try #require(try store.monster(id: 1))
        #expect(cat.height == nil && cat.origin == nil && cat.activated == nil)
        #expect(try store.monsters().count == 6, "the rest of the roster stays readable")
    }

    @Test("an origin that is not a country code is refused and nothing is written")
    func badOrigin() throws {
        let temporary = try TemporaryRoster()
        defer { withExtendedLifetime(temporary) {} }
        let store = try temporary.open()
        #expect(throws: RosterError.self) { try store.edit("Cat-Bot", MonsterChanges(origin: .some("XX"))) }
        #expect(throws: RosterError.self) {
            try store.add(Monster(id: 0, name: "X", description: "", icon: "unknown.png", nameColor: .default,
                                  weapon: Weapon(.fire), origin: "France"))
        }
        #expect(try store.resolve("Cat-Bot").origin == "JP")
        #expect(try store.count() == 6)
    }
}
