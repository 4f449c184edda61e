#if canImport(Glibc)
import Glibc
#endif

/// A moment on the monotonic clock by which something must be done: the
/// connect timeout covers connecting, TLS and authentication together, as
/// libpq's does, so every wait in that phase asks the same deadline how
/// long it may still take.
struct Deadline {
    private let nanoseconds: UInt64?

    /// No deadline: wait as long as it takes.
    static let never = Deadline(nanoseconds: nil)

    private init(nanoseconds: UInt64?) { self.nanoseconds = nanoseconds }

    /// `seconds` from now; 0 or less means never.
    static func after(seconds: Int) -> Deadline {
        seconds <= 0 ? .never : Deadline(nanoseconds: now() + UInt64(seconds) * 1_000_000_000)
    }

    /// `milliseconds` from now; 0 or less means never.
    static func after(milliseconds: Int) -> Deadline {
        milliseconds <= 0 ? .never : Deadline(nanoseconds: now() + UInt64(milliseconds) * 1_000_000)
    }

    var isNever: Bool { nanoseconds == nil }

    /// Milliseconds left for poll(): -1 to wait forever, 0 when past.
    var pollTimeout: Int32 {
        guard let nanoseconds else { return -1 }
        let current = Deadline.now()
        if current >= nanoseconds { return 0 }
        return Int32(clamping: (nanoseconds - current + 999_999) / 1_000_000)
    }

    var hasPassed: Bool { pollTimeout == 0 }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
