/// One growing buffer of UTF-8 bytes, reused for every record of a bulk
/// insert so that binding its values allocates nothing.
final class TextArena {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity = 4096
    private var count = 0
    private var spans: [(start: Int, count: Int, parameter: Int32)] = []

    init() throws(IOFailure) {
        storage = try LargeAllocation.allocate(UInt8.self, count: capacity)
    }

    deinit {
        LargeAllocation.free(storage)
    }

    func removeAll() {
        count = 0
        spans.removeAll(keepingCapacity: true)
    }

    /// Copies `text` in, to be bound to statement parameter `parameter`.
    func append(_ text: String, for parameter: Int32) throws(IOFailure) {
        try withUTF8Bytes(of: text) { (bytes) throws(IOFailure) in
            if count + bytes.count > capacity {
                let newCapacity = max(capacity * 2, count + bytes.count)
                storage = try LargeAllocation.reallocate(storage, count: newCapacity)
                capacity = newCapacity
            }
            if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
            spans.append((count, bytes.count, parameter))
            count += bytes.count
        }
    }

    /// Each text appended since `removeAll`, where it now lies.
    func forEachSpan(_ body: (UnsafePointer<UInt8>, Int, Int32) throws -> Void) rethrows {
        for span in spans {
            try body(storage + span.start, span.count, span.parameter)
        }
    }
}
