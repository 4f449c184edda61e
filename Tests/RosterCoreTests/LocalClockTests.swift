import Testing
@testable import RosterCore

/// A test's own clock and zone (`LocalClock`), scoped to what it runs.
@Suite("A stopped clock in a fixed zone")
struct LocalClockTests {
    let cet = LocalClock.FixedZone(secondsEastOfUTC: 3600, name: "CET")

    @Test("now is the stopped moment, and local times are shown and read in the fixed zone")
    func fixedZone() {
        LocalClock.$current.withValue(.stopped(at: 1_795_961_100, zone: cet)) {
            #expect(Timestamp.now.iso8601 == "2026-11-29T14:05:00Z")
            #expect(Timestamp.now.localDisplay == "2026-11-29 15:05 CET")
            let local = Timestamp(local: Timestamp.Fields(year: 2019, month: 3, day: 14, hour: 10, minute: 30))
            #expect(local?.iso8601 == "2019-03-14T09:30:00Z")
            #expect(Timestamp(parsing: "2019-03-14 10:30 CET")?.iso8601 == "2019-03-14T09:30:00Z")
        }
    }

    @Test("outside the scope the host's clock is back")
    func scoped() {
        LocalClock.$current.withValue(.stopped(at: 0)) {
            #expect(Timestamp.now.secondsSince1970 == 0)
        }
        #expect(Timestamp.now.secondsSince1970 > 1_700_000_000)
    }
}
