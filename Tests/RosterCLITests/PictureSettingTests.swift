import Testing
import TerminalKit
@testable import RosterCLI

@Suite("ROSTER_PICTURES, read once")
struct PictureSettingTests {
    @Test("each word, in any case, is one setting; unset and empty are auto; another word is refused in one sentence")
    func words() throws {
        let expected: [(String?, PictureSetting)] = [
            (nil, .auto), ("", .auto), ("AUTO", .auto), ("kitty", .kitty), ("Sixel", .sixel), ("iterm2", .inlineImages),
            ("iTerm", .inlineImages), ("blocks", .halfBlocks), ("HalfBlocks", .halfBlocks), ("text", .text), ("none", .text),
        ]
        for (word, setting) in expected {
            #expect(PictureSetting(environment: word) == setting, "\(word ?? "unset")")
        }
        #expect(PictureSetting(environment: "kity") == nil)
        #expect(try PictureChoice.fromEnvironment("Auto", depth: .truecolor, command: "show") == nil)
        #expect(try PictureChoice.fromEnvironment("SIXEL", depth: .none, command: "show") == .text)
        let refusal = #expect(throws: UsageError.self) {
            try PictureChoice.fromEnvironment("Kity", depth: .truecolor, command: "show")
        }
        #expect(refusal?.message == "ROSTER_PICTURES must be kitty, sixel, iterm2, blocks, text or auto, not `kity`")
    }
}
