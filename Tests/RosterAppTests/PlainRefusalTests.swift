import Testing
@testable import RosterApp
@testable import RosterCore

/// The plain roster refuses an answer in RosterCore's sentences, the
/// command line's words, rather than in copies of them.
@Suite("The plain roster's refusals are RosterCore's")
struct PlainRefusalTests {
    func refusal<Value>(_ result: Result<Value, PlainRefusal>) -> String? {
        if case .failure(let refusal) = result { return refusal.message }
        return nil
    }

    func problem<Value>(_ result: Result<Value, ValueProblem>) -> String? {
        if case .failure(let problem) = result { return problem.message }
        return nil
    }

    @Test("each kind of value is refused in the sentence RosterCore builds for it", arguments: ["Frnace", "Atlantis", "purple", "bleu", "swrod", "40ft", "tomorrow"])
    func sameWords(_ text: String) throws {
        #expect(refusal(PlainWording.origin(text)) == problem(Country.reading(text)))
        #expect(refusal(PlainWording.color(text)) == problem(NameColor.reading(text)))
        #expect(refusal(PlainWording.weapon(text)) == problem(WeaponType.reading(text)))
        #expect(refusal(PlainWording.height(text)) == problem(Height.reading(text)))
        #expect(refusal(PlainWording.activated(text)) == problem(Timestamp.reading(text)))
    }

    @Test("none makes a value unknown, as on the command line")
    func none() throws {
        #expect(try PlainWording.origin(" None ").get() == nil)
        #expect(try PlainWording.height("none").get() == nil)
        #expect(try PlainWording.activated("NONE").get() == nil)
        #expect(try PlainWording.origin("fr").get() == "FR")
    }
}
