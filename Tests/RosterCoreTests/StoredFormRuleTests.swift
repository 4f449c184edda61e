import Testing
@testable import RosterCore

/// An import does not check again the rule of a value given in its exact
/// stored form (`MonsterDecoder`): `assignStored` must accept only values
/// that pass it.
@Suite("Values in their stored form pass their field's rule")
struct StoredFormRuleTests {
    @Test("every two capital letters an origin's stored form accepts is a country's code")
    func origins() {
        let letters = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        var accepted = 0
        for first in letters {
            for second in letters {
                var monster = MonsterFields.blank
                let taken = [first, second].withUnsafeBufferPointer { MonsterFields.origin.assignStored?(&monster, $0) ?? false }
                guard taken else { continue }
                accepted += 1
                #expect(MonsterFields.origin.problem?(monster) == nil, "\(monster.origin ?? "")")
            }
        }
        #expect(accepted > 200)
    }

    @Test("origin is the only field with both a stored form and a rule, and the test above covers it")
    func everyField() {
        for field in MonsterFields.all where field.problem != nil && field.assignStored != nil {
            #expect(field.key == "origin", "a new field with a stored form and a rule needs a test here: \(field.key)")
        }
    }
}
