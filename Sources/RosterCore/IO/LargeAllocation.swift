#if canImport(Glibc)
import Glibc
#endif

/// Buffers whose size follows the input (an import's chunks and batches,
/// the places it keeps per record) come from `malloc`, checked, rather
/// than from Swift's allocator, which stops the process with a stack
/// trace when memory runs out. Under a small `ulimit -v` the import then
/// ends with one sentence and exit 71, and its transaction rolls back.
///
/// Only for plain values (bytes, integers, places): the memory is never
/// initialized or deinitialized as Swift objects.
enum LargeAllocation {
    /// Room for `count` values of `type`; `IOFailure.outOfMemory` when there is none.
    static func allocate<Value>(_ type: Value.Type, count: Int) throws(IOFailure) -> UnsafeMutablePointer<Value> {
        guard let raw = malloc(max(1, count) * MemoryLayout<Value>.stride) else { throw .outOfMemory }
        return raw.bindMemory(to: Value.self, capacity: max(1, count))
    }

    /// `pointer`'s first values moved into room for `count`; on failure
    /// `pointer` is left as it was (and still owned by the caller).
    static func reallocate<Value>(_ pointer: UnsafeMutablePointer<Value>, count: Int) throws(IOFailure) -> UnsafeMutablePointer<Value> {
        guard let raw = realloc(pointer, max(1, count) * MemoryLayout<Value>.stride) else { throw .outOfMemory }
        return raw.bindMemory(to: Value.self, capacity: max(1, count))
    }

    static func free<Value>(_ pointer: UnsafeMutablePointer<Value>) {
        Glibc.free(pointer)
    }
}

/// A growing list of plain values in checked `malloc` memory (see
/// `LargeAllocation`): what an import keeps per record, which grows with
/// the file.
final class LargeList<Value> {
    private var storage: UnsafeMutablePointer<Value>
    private var capacity: Int
    private(set) var count = 0

    init() throws(IOFailure) {
        capacity = 1024
        storage = try LargeAllocation.allocate(Value.self, count: capacity)
    }

    deinit {
        LargeAllocation.free(storage)
    }

    func append(_ value: Value) throws(IOFailure) {
        if count == capacity {
            // Grown by half, not doubled: the list and its copy both fit
            // where a doubling would not.
            let larger = capacity + capacity / 2
            storage = try LargeAllocation.reallocate(storage, count: larger)
            capacity = larger
        }
        (storage + count).initialize(to: value)
        count += 1
    }

    subscript(index: Int) -> Value {
        precondition(index >= 0 && index < count, "LargeList index out of range")
        return storage[index]
    }

    var indices: Range<Int> { 0..<count }
}

/// Whether the address space left under `ulimit -v` (RLIMIT_AS) holds an
/// import's fixed working set: its chunk, its batches in flight, the
/// reading thread's stack and SQLite's page cache. Swift's own small
/// allocations stop the process when they fail, so an import that would
/// run out part-way is refused before it starts, with one sentence.
enum AddressSpace {
    /// What an import needs beyond what the process already uses.
    static let importWorkingSet = 24 << 20

    /// Bytes the limit still allows; nil when there is no limit.
    static func available() -> Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur) - used()
    }

    /// The process's mapped size, from /proc/self/statm (in pages).
    private static func used() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let pages = buffer[..<count].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            .reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// `IOFailure.outOfMemory` when an import could not finish within the limit.
    static func checkRoomForImport() throws(IOFailure) {
        if let available = available(), available < importWorkingSet { throw .outOfMemory }
    }
}
