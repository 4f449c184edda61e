import Testing
import RosterCore

/// A test trait that runs a test (or each test of a suite) on a stopped
/// clock in UTC (`LocalClock`): what it shows of times reads the same on
/// every machine, whatever the host's zone, and `now` does not move.
struct StoppedClockTrait: TestTrait, SuiteTrait, TestScoping {
    /// 2026-11-29 14:05:00 UTC.
    static let moment: Int64 = 1_795_961_100

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await LocalClock.$current.withValue(.stopped(at: Self.moment)) {
            try await function()
        }
    }
}

extension Trait where Self == StoppedClockTrait {
    /// Runs on a stopped clock in UTC.
    static var stoppedClock: StoppedClockTrait { StoppedClockTrait() }
}
