#if canImport(Glibc)
import Glibc
#endif

/// The clock `now` is read from and the zone local times are shown and
/// read in: the host's (`CLOCK_REALTIME`, `TZ` through the C library) or,
/// for tests, a fixed moment and zone.
///
/// It is a task-local value, so a test scopes its own clock to what it
/// runs (`LocalClock.$current.withValue`) while other tests in the same
/// process keep theirs: a golden screen that shows an activation then
/// reads the same on every machine, whatever its zone, and a `now` in it
/// does not move. The program itself never sets it, and a release build
/// has no way to: there it is always the host's.
public struct LocalClock: Sendable {
    /// Seconds since 1970 now.
    public var now: @Sendable () -> Int64
    /// A zone at a fixed offset from UTC, with the name shown for it; nil
    /// is the host's zone.
    public var fixedZone: FixedZone?

    public struct FixedZone: Sendable, Hashable {
        public var secondsEastOfUTC: Int
        public var name: String

        public init(secondsEastOfUTC: Int, name: String) { (self.secondsEastOfUTC, self.name) = (secondsEastOfUTC, name) }
    }

    public init(now: @escaping @Sendable () -> Int64, fixedZone: FixedZone?) {
        self.now = now
        self.fixedZone = fixedZone
    }

    /// The host's clock and zone.
    public static let host = LocalClock(now: {
        var value = timespec()
        clock_gettime(CLOCK_REALTIME, &value)
        return Int64(value.tv_sec)
    }, fixedZone: nil)

    /// A clock stopped at `moment` (seconds since 1970) in a zone at a
    /// fixed offset, UTC unless told.
    public static func stopped(at moment: Int64, zone: FixedZone = FixedZone(secondsEastOfUTC: 0, name: "UTC")) -> LocalClock {
        LocalClock(now: { moment }, fixedZone: zone)
    }

    #if DEBUG || ROSTER_TEST_CLOCK
    @TaskLocal public static var current: LocalClock = .host
    #else
    /// The shipped program always reads the host's clock. A task-local
    /// value would link Swift's concurrency runtime, and with it
    /// libdispatch, whose start-up work every command would pay: about a
    /// quarter more for `roster --version`. (An optimized build of the
    /// tests, as script/monkey makes, sets ROSTER_TEST_CLOCK.)
    public static var current: LocalClock { .host }
    #endif
}
