#if canImport(Glibc)
import Glibc
#endif

/// The bytes of an import, read in large chunks from a file descriptor (a
/// file or a pipe) or handed over from memory, so that a file of any size
/// is read with a fixed amount of memory. Readers look at `window` (the
/// bytes not yet consumed), `consume` what they have used, and call
/// `fill()` when a record runs past the end of the window.
///
/// The buffer comes from `LargeAllocation`, so that running out of memory
/// is reported rather than a trap. It grows only while one record runs
/// past its end, which `recordLimit` keeps far below its first size.
public final class ChunkedInput {
    /// The longest record (a CSV row, a JSON object, an NDJSON line) an
    /// import accepts. Real records are a few hundred bytes; this keeps a
    /// file without line breaks or with a lost quote from eating memory.
    public static let recordLimit = 1 << 16
    /// The largest input an import reads.
    public static let sizeLimit = 1 << 31

    public let name: String
    private let fileDescriptor: Int32
    private let memory: [UInt8]
    private var memoryOffset = 0
    /// How much `fill()` reads from memory at once: small in tests and
    /// fuzzing, so that records straddle chunk boundaries.
    private let memoryChunk: Int

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    public private(set) var isAtEnd = false
    /// Bytes consumed before the window's start.
    private var consumedBefore = 0

    public init(fileDescriptor: Int32, name: String) throws(IOFailure) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.memory = []
        self.memoryChunk = 0
        capacity = 1 << 20
        storage = try LargeAllocation.allocate(UInt8.self, count: capacity)
    }

    public init(bytes: [UInt8], name: String, chunkSize: Int = 1 << 20) throws(IOFailure) {
        self.fileDescriptor = -1
        self.name = name
        self.memory = bytes
        self.memoryChunk = max(1, chunkSize)
        capacity = max(1 << 12, min(chunkSize, 1 << 20)) * 2 + ChunkedInput.recordLimit
        storage = try LargeAllocation.allocate(UInt8.self, count: capacity)
    }

    deinit {
        LargeAllocation.free(storage)
    }

    /// The bytes read but not yet consumed.
    public var window: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage + start, count: end - start)
    }

    /// Bytes consumed so far, for progress.
    public var bytesConsumed: Int { consumedBefore + start }

    public func consume(_ count: Int) {
        start += min(count, end - start)
    }

    /// Reads more bytes after the window. Returns false at the end of the
    /// input (or past `sizeLimit`, which the caller reports).
    @discardableResult
    public func fill() throws(IOFailure) -> Bool {
        if isAtEnd { return false }
        if start > 0 {
            // Keep the unconsumed bytes, moved to the front.
            (storage).update(from: storage + start, count: end - start)
            consumedBefore += start
            end -= start
            start = 0
        }
        if end == capacity {
            storage = try LargeAllocation.reallocate(storage, count: capacity * 2)
            capacity *= 2
        }
        var count: Int
        if fileDescriptor >= 0 {
            repeat {
                count = read(fileDescriptor, storage + end, capacity - end)
            } while count < 0 && errno == EINTR
            if count < 0 {
                throw IOFailure(operation: "read", path: name, errno: errno)
            }
        } else {
            count = min(memoryChunk, memory.count - memoryOffset, capacity - end)
            memory.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (storage + end).update(from: base + memoryOffset, count: count) }
            }
            memoryOffset += count
        }
        if consumedBefore + end + count > Self.sizeLimit {
            exceededSizeLimit = true
            count = 0
        }
        if count == 0 {
            isAtEnd = true
            return false
        }
        end += count
        return true
    }

    /// Whether the input went past `sizeLimit` (reading stopped there).
    public private(set) var exceededSizeLimit = false
}
