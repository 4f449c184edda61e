#if canImport(Glibc)
import Glibc
#endif

/// Thin, retrying wrappers over the system calls the session makes.
enum POSIXCalls {
    /// Writes all of `bytes`, in one `write(2)` when the kernel takes it,
    /// looping on partial writes, EINTR and EAGAIN. Returns 0 or an errno.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard var cursor = bytes.baseAddress else { return 0 }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, cursor, remaining)
            if written > 0 {
                cursor += written
                remaining -= written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                // Someone made the terminal non-blocking: wait until it drains.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1000)
                continue
            }
            return code
        }
        return 0
    }

    /// Reads what is available (at most `capacity` bytes); nil at end of
    /// file or on an error other than an interruption.
    static func read(_ descriptor: Int32, capacity: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, capacity) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            return nil
        }
    }

    /// Which of `descriptors` are readable within `timeout` milliseconds
    /// (nil waits indefinitely). An interruption by a signal answers early
    /// with nothing ready; the self-pipe then says which signal it was.
    static func readable(_ descriptors: [Int32], timeoutMilliseconds timeout: Int?) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let result = poll(&entries, nfds_t(entries.count), Int32(clamping: timeout ?? -1))
        guard result > 0 else { return descriptors.map { _ in false } }
        // A hung-up terminal polls as POLLHUP or POLLERR: reading then
        // returns the end of file or EIO, which the caller handles.
        return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 }
    }
}
