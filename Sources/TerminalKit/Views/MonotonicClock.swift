#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds from an arbitrary start that never jumps with the wall
/// clock: for animations, timeouts and type-ahead.
public enum MonotonicClock {
    public static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}
