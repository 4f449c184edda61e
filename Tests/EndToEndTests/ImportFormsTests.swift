import Foundation
import Testing

/// Files as people bring them to `import`: from spreadsheets, with only
/// some fields, into a roster the import itself creates.
@Suite("Import of the files people have")
struct ImportFormsTests {
    @Test("semicolon CSV is read by itself; --delimiter names another, and applies to CSV only")
    func delimiters() throws {
        let sandbox = try Sandbox()
        let semicolons = try sandbox.roster(["import", "-"], stdin: "name;weapon;description\nBat-Bot;smoke;Hangs; around\n")
        #expect(semicolons.status == 65, "a fourth cell in a three-column file")
        let quoted = try sandbox.roster(["import", "-"], stdin: "name;weapon;description\nBat-Bot;smoke;\"Hangs; around\"\n")
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(try sandbox.sqlite("SELECT description FROM monster WHERE name = 'Bat-Bot'") == "Hangs; around")
        let tabs = try sandbox.roster(["import", "-", "--delimiter", "tab"], stdin: "name\tweapon\nOwl-Bot\tfire\n")
        #expect(tabs.status == 0, "\(tabs.stderr)")
        #expect(try sandbox.sqlite("SELECT weapon FROM monster WHERE name = 'Owl-Bot'") == "fire")
        let json = try sandbox.roster(["import", "-", "--format", "json", "--delimiter", ";"], stdin: "[]")
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix("roster: --delimiter applies to CSV only\n"))
        let letter = try sandbox.roster(["import", "-", "--delimiter", "x"], stdin: "name,weapon\n")
        #expect(letter.status == 64)
        #expect(letter.stderr.hasPrefix("roster: --delimiter takes one character such as , ; or |, or the word tab, not “x”\n"))
    }
}
