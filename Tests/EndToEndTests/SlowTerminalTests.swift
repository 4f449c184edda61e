import Foundation
import Testing
import TestSupport

/// A terminal that answers the start-up questions late: the roster must
/// not wait on it, must upgrade when the answer comes, and must never
/// read an answer as keys.
@Suite("Picture detection on a slow terminal", .serialized)
struct SlowTerminalTests {
    static let kittyYes = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let attributes = "\u{1B}[?62;22c"

    /// Keeps reading the terminal for a while, whatever comes.
    func wait(_ roster: ProgramOnTerminal, milliseconds: Int) {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < deadline { roster.terminal.drain(milliseconds: 20) }
    }

    /// The roster, its first frame drawn, and when the test saw it ask
    /// its questions (the device attributes that end them).
    func open(_ sandbox: Sandbox) throws -> (ProgramOnTerminal, asked: Date) {
        _ = try sandbox.roster("list")
        let program = try ProgramOnTerminal(Sandbox.binary.path, arguments: ["--db", sandbox.databasePath, "--no-animation"],
                                            environment: ["HOME": sandbox.directory.path], columns: 100, rows: 30)
        try #require(program.terminal.waitFor("\u{1B}[c"), "the questions are asked")
        let asked = Date()
        try #require(program.terminal.waitFor("Monsters · 6"), "the first frame is drawn without waiting for the answers")
        // The whole first frame: a loaded machine may hand it over in
        // pieces, and its picture cells need not come before the list's.
        try #require(program.terminal.waitFor("\u{1B}[?2026l"), "the first frame is written to its end")
        return (program, asked)
    }

    @Test("the first frame is half blocks; kitty's answer 400 ms later turns the pictures into images")
    func lateAnswerUpgrades() throws {
        let sandbox = try Sandbox()
        let (roster, questionsSeen) = try open(sandbox)
        #expect(roster.terminal.transcriptText.contains("▀"), "half blocks meanwhile")
        #expect(!roster.terminal.transcriptText.contains("\u{1B}_Ga=t"))
        // 400 ms after the questions, by the clock they started (not after
        // the first frame, which a loaded machine may take most of the
        // second to draw): late, and within the roster's patience.
        wait(roster, milliseconds: Int(max(0, 400 - Date().timeIntervalSince(questionsSeen) * 1000)))
        let answeredAfter = Int(Date().timeIntervalSince(questionsSeen) * 1000)
        try #require(answeredAfter < 900, "the first frame came \(answeredAfter) ms after the questions: too late to answer in time")
        let mark = roster.terminal.transcript.count
        // The first round's answers (a terminal with no tmux in between),
        // then, once asked, the kitty query's.
        roster.terminal.type("\u{1B}P>|kitty(0.26.5)\u{1B}\\" + Self.attributes)
        #expect(roster.terminal.waitFor("\u{1B}_Gi=31,s=1,v=1,a=q", after: mark), "the kitty question follows the first answers")
        let asked = roster.terminal.transcript.count
        roster.terminal.type(Self.kittyYes + Self.attributes)
        #expect(roster.terminal.waitFor("\u{1B}_Ga=t", after: asked), "the pictures are sent as kitty images")
        roster.terminal.type("q")
        #expect(roster.waitForChange() == .exited(0))
    }

    @Test("an answer after the patience runs out changes nothing and never becomes keys")
    func tooLate() throws {
        let sandbox = try Sandbox()
        let (roster, questionsSeen) = try open(sandbox)
        wait(roster, milliseconds: 1300 - Int(Date().timeIntervalSince(questionsSeen) * 1000))
        let mark = roster.terminal.transcript.count
        // Had these bytes been read as keys, `/` would open the filter with text in it.
        roster.terminal.type(Self.kittyYes + "\u{1B}P1+r524742=38\u{1B}\\" + Self.attributes + "\u{1B}_Gi=31;/OK\u{1B}\\")
        wait(roster, milliseconds: 300)
        let after = String(decoding: roster.terminal.transcript[mark...], as: UTF8.self)
        #expect(!after.contains("\u{1B}_Ga=t"), "no upgrade after the patience")
        #expect(!after.contains("Filter") && !after.contains("OK"), "nothing was typed: \(after.debugDescription)")
        #expect(roster.state == .running)
        roster.terminal.type("q")
        #expect(roster.waitForChange() == .exited(0))
    }
}
