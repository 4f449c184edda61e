import Foundation
import Testing
import TestSupport

extension InteractiveTests {
    @Test("a paste whose end never comes holds keys for a few seconds only: then it is taken as it stands, told, and Ctrl-C quits")
    func unendedPaste() throws {
        let sandbox = try Sandbox()
        let screen = try inTmux(sandbox)
        try screen.type("\u{1B}[200~xy")
        // Taken as it stands after the pause: told, nothing removed.
        #expect(screen.waitUntil(timeout: 10) { $0.contains("A paste goes only into text being typed") }, "\(screen.screen)")
        try screen.press("C-c")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }
}
