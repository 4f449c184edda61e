#if canImport(Glibc)
import Glibc
#endif

/// An I/O failure, with the C library's errno.
public struct IOFailure: Error, Sendable, CustomStringConvertible {
    public let operation: String
    public let path: String
    public let errno: Int32
    /// Said instead of strerror's wording, when the roster knows better.
    private let explanation: String?

    public init(operation: String, path: String, errno: Int32, explanation: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.explanation = explanation
    }

    /// strerror's wording, lower-cased to sit inside a sentence.
    public var reason: String {
        if let explanation { return explanation }
        // "File too large" would blame the data; the limit is the user's.
        if errno == EFBIG { return "the file size limit was reached (ulimit -f)" }
        guard let text = strerror(errno) else { return "error \(errno)" }
        let reason = String(cString: text)
        guard let first = reason.first else { return reason }
        return first.lowercased() + reason.dropFirst()
    }

    public var description: String { "cannot \(operation) \(path): \(reason)" }

    /// Memory ran out for a large buffer (see `LargeAllocation`).
    public static let outOfMemory = IOFailure(operation: "allocate", path: "memory", errno: ENOMEM,
                                              explanation: "there is not enough memory")

    public var isOutOfMemory: Bool { errno == ENOMEM }
}

/// A buffered writer to a file descriptor: writers append bytes and the
/// buffer goes out in large `write` calls. Used for everything the
/// commands print, so output stays fast for millions of rows.
public final class ByteOutput {
    public let fileDescriptor: Int32
    public let name: String
    private let capacity: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// Bytes handed to `write(2)` so far.
    public private(set) var bytesWritten = 0
    /// For an in-memory output: everything flushed so far.
    public private(set) var collected: [UInt8] = []
    private let inMemory: Bool

    public init(fileDescriptor: Int32, name: String, capacity: Int = 1 << 16) {
        self.inMemory = false
        self.fileDescriptor = fileDescriptor
        self.name = name
        (self.storage, self.capacity) = Self.buffer(upTo: capacity)
    }

    /// An output that keeps its bytes in memory, for building documents
    /// and for tests.
    public init(capacity: Int = 1 << 12) {
        self.inMemory = true
        self.fileDescriptor = -1
        self.name = "memory"
        (self.storage, self.capacity) = Self.buffer(upTo: capacity)
    }

    deinit {
        LargeAllocation.free(storage)
    }

    /// The largest buffer up to `capacity` that memory allows: under a
    /// small `ulimit -v` output is written in smaller pieces rather than
    /// stopping the process (every command, `--version` too, makes two).
    private static func buffer(upTo capacity: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        var size = max(64, capacity)
        while true {
            if let storage = try? LargeAllocation.allocate(UInt8.self, count: size) { return (storage, size) }
            if size <= 64 { outOfMemory() }
            size /= 4
        }
    }

    /// Below 64 bytes nothing else could run either, so this is where the
    /// process stops: with the same sentence and status (71) as every other
    /// command that runs out of memory, written without allocating, rather
    /// than a trap and a stack trace.
    private static func outOfMemory() -> Never {
        let sentence: StaticString = "roster: there is not enough memory to finish (is ulimit -v too small?); nothing was changed\n"
        _ = write(2, sentence.utf8Start, sentence.utf8CodeUnitCount)
        _exit(71)
    }

    /// Everything written so far, for an in-memory output.
    public func bytes() -> [UInt8] {
        collected + UnsafeBufferPointer(start: storage, count: count)
    }

    /// Everything written so far as text, for an in-memory output.
    public func text() -> String {
        String(decoding: bytes(), as: UTF8.self)
    }

    @inline(__always)
    public func append(_ byte: UInt8) throws(IOFailure) {
        if count == capacity { try flush() }
        storage[count] = byte
        count += 1
    }

    public func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - count {
            try flush()
            if bytes.count >= capacity {
                try writeAll(base, bytes.count)
                return
            }
        }
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    public func append(_ text: String) throws(IOFailure) {
        try withUTF8Bytes(of: text) { (bytes) throws(IOFailure) in try append(bytes) }
    }

    public func append(_ text: StaticString) throws(IOFailure) {
        try append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Room for `maximum` bytes straight in the buffer (flushing first
    /// when it lacks them), for a writer that knows the most it can write
    /// and would otherwise hand over many small pieces; it then calls
    /// `commitInPlace` with what it wrote, or nothing to write nothing.
    /// Nil when the buffer can never hold `maximum` (a small `ulimit -v`
    /// shrinks it): the writer then appends in pieces.
    @inline(__always)
    func reserveInPlace(_ maximum: Int) throws(IOFailure) -> UnsafeMutablePointer<UInt8>? {
        guard maximum <= capacity else { return nil }
        if capacity - count < maximum { try flush() }
        return storage + count
    }

    /// Keeps the first `written` bytes put at `reserveInPlace`'s pointer.
    @inline(__always)
    func commitInPlace(_ written: Int) {
        count += written
    }

    /// Appends a decimal integer without making a `String`.
    public func append(decimal value: Int64) throws(IOFailure) {
        if capacity - count < 21 { try flush() }
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        let first = count
        repeat {
            storage[count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
            count += 1
            magnitude /= 10
        } while magnitude > 0
        // The digits went in least significant first.
        var low = first, high = count - 1
        while low < high {
            storage.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    public func flush() throws(IOFailure) {
        guard count > 0 else { return }
        let pending = count
        count = 0
        try writeAll(storage, pending)
    }

    private func writeAll(_ base: UnsafePointer<UInt8>, _ length: Int) throws(IOFailure) {
        if inMemory {
            collected.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
            bytesWritten += length
            return
        }
        var offset = 0
        while offset < length {
            let written = write(fileDescriptor, base + offset, length - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw IOFailure(operation: "write to", path: name, errno: errno)
            }
            offset += written
        }
        bytesWritten += length
    }
}

extension UnsafeMutablePointer {
    fileprivate func swapAt(_ a: Int, _ b: Int) {
        let value = self[a]
        self[a] = self[b]
        self[b] = value
    }
}
