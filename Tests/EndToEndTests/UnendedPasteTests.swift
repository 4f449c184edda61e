import Foundation
import Testing
import TestSupport

extension InteractiveTests {
    static func flowing(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test("a paste whose end never comes: taken as it stands after a pause and held open, said so; keys typed then act on nothing; Ctrl-C ends it, and the next quits")
    func unendedPaste() throws {
        let sandbox = try Sandbox()
        let screen = try inTmux(sandbox)
        try screen.type("\u{1B}[200~xy")
        #expect(screen.waitUntil(timeout: 10) { Self.flowing($0).contains("The terminal began a paste and has not ended it") }, "\(screen.screen)")
        try screen.type("xy")
        Thread.sleep(forTimeInterval: 4)
        try screen.press("C-c")
        #expect(screen.waitUntil(timeout: 10) { $0.contains("The paste was ended; keys work again") }, "\(screen.screen)")
        try screen.press("C-c")
        #expect(screen.waitForExit(timeout: 10) == 0, "\(screen.screen)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM monster") == "6")
    }
}
