import Testing
import TerminalKit
@testable import RosterApp

/// The manual page's table of keys (`InterfaceKeys`) against the key
/// tables the interface dispatches with.
@Suite("The manual page's keys are the interface's")
struct InterfaceKeysTests {
    @Test("every key the help screen shows, in the list, the details, the weapon panel, the picker and the filter, is in the table under its part",
          arguments: [[], [KeyEvent.enter], [KeyEvent.character("w")], [KeyEvent.character("a")], [KeyEvent.character("/")]])
    func tableHoldsEveryKey(keys: [KeyEvent]) throws {
        let roster = try RosterScreenHarness(width: 120, height: 35, pictures: .text)
        for key in keys { roster.press(key) }
        for group in roster.window.activeBindingGroups {
            let part = InterfaceKeys.parts.first { $0.title == group.title }
            #expect(part != nil, "no part \(group.title) in the manual's table")
            for binding in group.bindings {
                let listed = part?.keys.first { $0.label == binding.label }
                #expect(listed != nil, "\(group.title): \(binding.label) \(binding.help) is not in the manual's table")
                // Only the details' Enter says which field it is on.
                if let listed, group.title != "Details" || binding.label != "Enter" {
                    #expect(listed.meaning == binding.help, "\(group.title): \(binding.label) says \(binding.help), the manual \(listed.meaning)")
                }
            }
        }
    }
}
