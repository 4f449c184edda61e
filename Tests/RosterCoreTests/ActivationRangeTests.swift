import Testing
@testable import RosterCore

/// `9999-12-31T23:59-01:00` is in the year 10000 in UTC: it failed with
/// SQLite's raw CHECK message (exit 74, and a raw message in import), and
/// years 0001–0999 were refused without saying the range.
@Suite("Activations at the edges of the years kept")
struct ActivationRangeTests {
    static let range = "is outside the years roster keeps: from 1000 to 9999, in UTC"

    @Test("a moment outside 1000–9999 in UTC, or a year outside them, is refused saying the range",
          arguments: ["9999-12-31T23:59-01:00", "1000-01-01T00:00+01:00", "0999-12-31T23:59Z", "0001-01-01T00:00Z"])
    func outside(_ text: String) {
        for result in [Timestamp.reading(text), Timestamp.reading(exact: text)] {
            guard case .failure(let problem) = result else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(problem.message.hasSuffix(Self.range), "\(problem.message)")
        }
    }

    @Test("the edges themselves are kept", arguments: ["9999-12-31T23:59Z", "1000-01-01T00:00Z", "9999-12-31T23:59+01:00"])
    func edges(_ text: String) {
        #expect((try? Timestamp.reading(exact: text).get()) != nil)
    }
}
