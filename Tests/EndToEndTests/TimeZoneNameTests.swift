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

    @Test("a TZ glibc reads as neither a zone's file nor a rule is told by its offset, not by the letters it starts with",
          arguments: ["Europe/../../etc/passwd", "Nowhere/Town", "../../../../etc/passwd"])
    func neitherFileNorRule(_ zone: String) throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": zone])
        #expect(edit.stderr.hasSuffix("→ 2026-11-29 14:05 UTC\n"), "\(edit.stderr)")
    }

    @Test("a rule's own names are kept: TZ=JST-9 is JST, nine hours ahead")
    func ruleKeepsItsName() throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": "JST-9"])
        #expect(edit.stderr.hasSuffix("→ 2026-11-29 14:05 JST\n"), "\(edit.stderr)")
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE id = 5") == "2026-11-29T05:05:00Z")
    }

    @Test("a rule whose offset passes 24 hours, which glibc cuts to 24 and so shows every time a day out, is set aside for UTC and told")
    func offsetBeyondADay() throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": "UTC-25"])
        #expect(edit.stderr.hasPrefix("roster: TZ names `UTC-25`, whose offset is beyond 24 hours; times are shown in UTC\n"), "\(edit.stderr)")
        #expect(edit.stderr.hasSuffix("→ 2026-11-29 14:05 UTC\n"), "\(edit.stderr)")
        #expect(try sandbox.sqlite("SELECT activated FROM monster WHERE id = 5") == "2026-11-29T14:05:00Z")
    }

    @Test("a zone's own file keeps its name, even when TZ spells it", arguments: [("CET", "CET"), ("EST", "EST"), ("Europe/Paris", "CET")])
    func zoneFile(_ zone: String, _ name: String) throws {
        let sandbox = try Sandbox()
        let edit = try sandbox.roster(["edit", "Ice-Bot", "--activated", "2026-11-29T14:05"], environment: ["TZ": zone])
        #expect(edit.stderr.hasSuffix("→ 2026-11-29 14:05 \(name)\n"), "\(edit.stderr)")
    }

    @Test("a TZ that names a FIFO or a terminal is set aside for UTC and told, where the C library's read of it waited for ever")
    func zoneThatIsNoFile() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.roster("list")
        let fifo = sandbox.directory.appendingPathComponent("zone").path
        try #require(mkfifo(fifo, 0o600) == 0)
        for (zone, minute) in [(fifo, "14:05"), (":" + fifo, "14:10")] {
            let edit = Process()
            edit.executableURL = Sandbox.binary
            edit.arguments = ["--db", sandbox.databasePath, "edit", "Ice-Bot", "--activated", "2026-11-29T\(minute)"]
            edit.environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path, "LANG": "C.UTF-8", "TZ": zone]
            let output = Pipe(), errors = Pipe()
            edit.standardOutput = output
            edit.standardError = errors
            edit.standardInput = FileHandle.nullDevice
            try edit.run()
            // Before, a command that shows a time never ended: give it 20 s, then end it.
            let deadline = Date().addingTimeInterval(20)
            while edit.isRunning, Date() < deadline { usleep(20_000) }
            let hung = edit.isRunning
            if hung { edit.terminate() }
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            edit.waitUntilExit()
            #expect(!hung, "edit waited on TZ=\(zone)")
            #expect(edit.terminationStatus == 0, "\(said)")
            #expect(said.hasPrefix("roster: TZ names `\(zone)`, which is not a zone's file; times are shown in UTC\n"
                                   + "changed Ice-Bot: activated "), "\(said)")
            #expect(said.hasSuffix(" → 2026-11-29 \(minute) UTC\n"), "\(said)")
            #expect(shown.isEmpty)
        }
    }
}
