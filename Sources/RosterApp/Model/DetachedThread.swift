#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a new thread of its own that nobody joins.
///
/// A plain POSIX thread rather than a Dispatch queue: linking libdispatch
/// into the static binary runs its initialiser at every start, in every
/// command, which costs `roster set-weapon` about a third of a millisecond
/// for a queue only the interactive roster's large-roster index uses.
enum DetachedThread {
    /// Starts `work` on a new thread; when no thread can be had, runs it
    /// here instead, so the work is never lost.
    static func run(_ work: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let work: @Sendable () -> Void
            init(_ work: @escaping @Sendable () -> Void) { self.work = work }
        }
        let context = Unmanaged.passRetained(Box(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, context) == 0
        if started {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().work()
        }
    }
}
