import Foundation
import Testing

/// The zone's name comes from the C library, which takes it from `TZ`
/// when `TZ` is a rule: `TZ=UTC+1` (an hour behind UTC) was labelled
/// "UTC", so typing back what roster printed moved the moment, and
/// `TZ=garbage` or a 5,000-character `TZ` became the zone's name.
@Suite("Time zones told by name")
struct TimeZoneNameTests {
    @Test("a clock that calls itself UTC at another offset is told by its offset, and what roster prints reads back as the same moment")
    func utcPlusOne() throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": "UTC+1"])
        #expect(edit.stderr == "changed Ice-Bot: activated 2017-12-21 05:15 -01:00 → 2026-11-29 14:05 -01:00\n", "\(edit.stderr)")
        let again = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29 14:05 -01:00"], environment: ["TZ": "UTC+1"])
        #expect(again.stderr == "Ice-Bot already has those values; nothing changed\n", "\(again.stderr)")
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE id = 5") == "2026-11-29T15:05:00Z")
    }

    @Test("a TZ that names no zone is not taken for a zone's name", arguments: ["garbage", "ABC", String(repeating: "A", count: 5000)])
    func garbage(_ zone: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29 14:05 CET"], environment: ["TZ": zone])
        #expect(run.stderr.hasPrefix("roster: --activated: `2026-11-29 14:05 CET` names the zone `CET`, but this clock (TZ) is on UTC then;"),
                "\(run.stderr.prefix(300))")
        #expect(!run.stderr.contains("AAAAAAAA") && !run.stderr.contains("garbage"))
    }

    @Test("a zone's own file keeps its name, even when TZ spells it", arguments: [("CET", "CET"), ("EST", "EST"), ("Europe/Paris", "CET")])
    func zoneFile(_ zone: String, _ name: String) throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": zone])
        #expect(edit.stderr.hasSuffix("→ 2026-11-29 14:05 \(name)\n"), "\(edit.stderr)")
    }
}
