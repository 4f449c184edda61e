import Testing
import TerminalKit
@testable import RosterApp
@testable import RosterCore

/// Keys that change nothing still say what happened: Esc that throws
/// away typed text, and Done on a picker as it opened. Silence after a
/// keypress reads as a key that did not work.
@Suite("Outcomes that change nothing are told")
struct OutcomesToldTests {
    @Test("Esc after typing into the name says the name was left as it was; Esc with nothing typed says nothing of it")
    func escDiscardingTypedText() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Name")
        roster.type("zz").press(.escape)
        #expect(roster.footer.message == "left Cat-Bot's name as it was", "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot") != nil)
        try roster.edit("Description")
        roster.press(.escape)
        #expect(roster.footer.message?.contains("as it was") != true, "nothing typed, nothing to tell: \(roster.footer.message ?? "")")
    }

    @Test("Done on the height wheel as it opened: Cat-Bot's height stays 2 ft 4 in")
    func heightKept() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Height")
        roster.press(.enter)
        #expect(roster.footer.message == "Cat-Bot's height stays 2 ft 4 in", "\(roster.footer.message ?? "")")
        #expect(roster.editingLabel == nil)
    }

    @Test("Done on the origin wheel and on the activation picker as they opened: each says the value stays")
    func originAndActivationKept() throws {
        let roster = try RosterScreenHarness(width: 120, height: 35)
        try roster.edit("Origin")
        roster.press(.enter)
        #expect(roster.footer.message?.hasPrefix("Cat-Bot's origin stays Japan") == true, "\(roster.footer.message ?? "")")
        try roster.edit("Activated")
        roster.press(.enter)
        #expect(roster.footer.message?.hasPrefix("Cat-Bot's activation stays 2019-03-14") == true, "\(roster.footer.message ?? "")")
        #expect(try roster.monster("Cat-Bot")?.activated == Timestamp(secondsSince1970: 1_552_555_800), "nothing saved")
    }
}
