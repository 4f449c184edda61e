import Testing
@testable import RosterCore

/// The JSON fast path must say exactly what the strict parser says.
@Suite("The fast path for plain JSON records agrees with the strict parser", .serialized)
struct FlatJSONRecordTests {
    static let inputs = [
        "{\"id\":1,\"name\":\"Cat-Bot\",\"description\":\"MEE-OW\",\"icon\":\"meetcatbot.png\",\"name_color\":\"default\",\"weapon\":\"sword\"}\n",
        "  { \"name\" : \"炎のロボ 🤖\" , \"weapon\" : \"Ninja Star\", \"name_color\": null }\r\n",
        "{\"name\":\"Bad\",\"weapon\":\"laser\",\"name_color\":\"purple\"}\n{\"id\":-3,\"name\":\"\",\"weapon\":\"fire\"}\n",
        "{\"name\":\"A\", \"id\" : 7,\"weapon\":\"fire\"}\n[{\"weapon\":\"fire\",\n \"name\":\"B\",\n \"id\": 8}]\n",
        "{\"id\":0012,\"name\":\"A\",\"weapon\":\"fire\"}\n{\"id\":1.0,\"name\":\"B\",\"weapon\":\"fire\"}\n",
        "{\"name\":\"A\",\"weapon\":\"fire\",\"name\":\"B\"}\n{\"name\":\"Tab\\there\",\"weapon\":\"fire\"}\n",
        "{\"name\":\"Q \\\"B\\\" \\\\ \\/\",\"description\":\"a\\nb\\tc\\r\\b\\f\",\"weapon\":\"fire\"}\n",
        "{\"name\":\"U \\u0041\",\"weapon\":\"fire\"}\n{\"name\":\"Bad \\x\",\"weapon\":\"fire\"}\n{\"name\":\"End\\",
        "[\n  {\"name\": \"A\", \"weapon\": \"fire\"},\n  {\"name\": \"B\",\n   \"weapon\": \"swrod\"}\n]\n",
        "{\"format\":\"roster\",\"monsters\":[{\"name\":\"\(String(repeating: "x", count: 70))\",\"weapon\":\"fire\"}]}",
        // Height, origin and activation: set, null, and wrong.
        "{\"name\":\"A\",\"weapon\":\"fire\",\"height\":null,\"origin\":\"FR\",\"activated\":\"2026-11-29T14:05:00Z\"}\n"
            + "{\"name\":\"B\",\"weapon\":\"fire\",\"height\":\"5ft13in\",\"origin\":null,\"activated\":\"2026-11-29T14:05\"}\n"
            + "{\"name\":\"C\",\"weapon\":\"fire\",\"description\":null,\"height\":\"5ft\",\"origin\":\"Frnace\"}\n"
            + "{\"name\":\"D\",\"weapon\":\"fire\",\"height\":71,\"activated\":null}\n",
    ]

    @Test("same records and same problems, with and without the fast path", arguments: inputs)
    func agrees(_ input: String) throws {
        let fast = try readImport(input, standIns: true)
        FlatJSONRecord.isEnabled = false
        defer { FlatJSONRecord.isEnabled = true }
        let strict = try readImport(input, standIns: true)
        #expect(fast.records.map(\.monster) == strict.records.map(\.monster))
        #expect(fast.records.map(\.nameLocation) == strict.records.map(\.nameLocation))
        #expect(fast.records.map(\.idLocation) == strict.records.map(\.idLocation))
        #expect(fast.records.map(\.isStandIn) == strict.records.map(\.isStandIn))
        #expect(described(fast.problems) == described(strict.problems))
    }
}
