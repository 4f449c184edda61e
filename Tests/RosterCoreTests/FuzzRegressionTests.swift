import Testing
@testable import RosterCore

/// Inputs the fuzz targets (Fuzz/) found to break an invariant, kept as
/// tests: each is read the way the fuzz check reads it — whole, in small
/// chunks, and without the JSON fast path — and all three must agree.
@Suite("Inputs the fuzzers found", .serialized)
struct FuzzRegressionTests {
    /// FuzzJSON, first final run: a value problem ("unknown weapon") was
    /// logged by the fast path before it met a syntax error later in the
    /// same record, and the strict path then reported the record again.
    static let fastPathReportedTwice: [UInt8] = [
        0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x41, 0x22, 0x2C, 0x22, 0x77, 0x65, 0x61, 0x70, 0x6F, 0x6E, 0xB1, 0x3A, 0x22, 0x66, 0x69, 0x72, 0x65, 0x22, 0x7D, 0x0D, 0x0A, 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x37, 0x2C, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x42, 0x22, 0x2C, 0x22, 0x77, 0x65, 0x61, 0x70, 0x6F, 0x6E, 0x22, 0x3A, 0x22, 0x4E, 0x69, 0x3A, 0x6E, 0x65, 0x5F, 0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x22, 0x3A, 0x6E, 0x75, 0x6C, 0x6C, 0x7D, 0x0A
    ]

    /// FuzzJSON, s12's hunt (F7): the fast path kept the seconds of an
    /// activation in its stored form (`2017-12-21T06:15:05Z`, Ice-Bot on
    /// line 5), which every other reading drops, as the roster keeps
    /// moments to the minute. Lines 1 (a byte 0xE9 in a string) and 3 (cut
    /// and resumed mid-value) are the fuzzer's noise around it.
    static let fastPathKeptSeconds: [UInt8] = Array(#"{"id":1,"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","name_color":"default","weapon":"sword","height":"2ft4"#.utf8) + [0xE9] +
        Array(#"""
            n","origin":"JP","activated":"2019-03-14T09:30:00Z"}
            {"id":2,"name":"Dog-Bot","description":"BOW-WOW","icon":"meetdogbot.png","name_color":"blue","weapon":"blowgun","height":null,"origin":null,"activated":null}
            {"id":3,"name":"Explode-Bot","description":"Tic","icon":"meetdogbot.png","name_color":"blue","weapon":"blowgun","height":null,"origin":null,"activated":nulUS","activated":"2020-10-31T23:55:00Z"}
            {"id":4,"name":"Fire-Bot","description":"Will Make You Steamed","icon":"meetfirebot.png","name_color":"red","weapon":"ninja-star","height":"5ft9in","origin":"IS","activated":"2021-06-21T12:00:00Z"}
            {"id":5,"name":"Ice-Bot","description":"Has A Chilling Effect","icon":"meeticebot.png","name_color":"blue","weapon":"fire","height":"5ft5in","origin":"FI","activated":"2017-12-21T06:15:05Z"}
            {"id":6,"name":"Mini-Tomato-Bot","description":"Extremely Handsome","icon":"meetminitomatobot.png","name_color":"green","weapon":"ninja-star","height":"1ft3in","origin":"IT","activated":"2022-08-24T10:10:00Z"}
            {"id":7,"name":"Odd, \"Bot\"","description":"","icon":"unknown.png","name_color":"default","weapon":"fire","height":"5ft11in","origin":"DE","activated":null}

            """#.utf8)

    static func agreeing(_ bytes: [UInt8]) throws -> [String] {
        let whole = try readImport(bytes, chunkSize: max(1, bytes.count), standIns: true)
        for size in [1, 2, 3, 5, 13] {
            let pieces = try readImport(bytes, chunkSize: size, standIns: true)
            #expect(pieces.records.map(\.monster) == whole.records.map(\.monster), "chunk size \(size)")
            #expect(described(pieces.problems) == described(whole.problems), "chunk size \(size)")
        }
        FlatJSONRecord.isEnabled = false
        defer { FlatJSONRecord.isEnabled = true }
        let strict = try readImport(bytes, chunkSize: max(1, bytes.count), standIns: true)
        #expect(strict.records.map(\.monster) == whole.records.map(\.monster))
        #expect(described(strict.problems) == described(whole.problems))
        return described(whole.problems)
    }

    @Test("a record with a bad value and then a syntax error is reported once")
    func fastPathReportsOnce() throws {
        #expect(try Self.agreeing(Self.fastPathReportedTwice) == [
            "1:20: the text is not valid UTF-8",
            "2:42: expected `,` or `}` but found `:`",
        ])
    }

    @Test("an activation with seconds in its stored form is read to the minute, as every other reading reads it")
    func fastPathDropsSeconds() throws {
        #expect(try Self.agreeing(Self.fastPathKeptSeconds) == [
            "1:127: the text is not valid UTF-8",
            "3:153: expected a JSON value but found `n`",
        ])
        let records = try readImport(Self.fastPathKeptSeconds)
        let iceBot = try #require(records.records.first { $0.monster.name == "Ice-Bot" })
        #expect(iceBot.monster.activated?.iso8601 == "2017-12-21T06:15:00Z")
        // CSV reads the stored form the same way, and as it reads a moment in another form.
        let csv = try readImport("name,weapon,activated\nA,fire,2017-12-21T06:15:05Z\nB,fire,2017-12-21T06:15:05+00:00\n")
        #expect(csv.problems.isEmpty)
        #expect(csv.records.map { $0.monster.activated?.iso8601 } == ["2017-12-21T06:15:00Z", "2017-12-21T06:15:00Z"])
    }
}
