#if canImport(Glibc)
import Glibc
#endif

/// Reads and checks import records on a second thread while the caller
/// writes them to SQLite, so that parsing costs no wall time on a large
/// import: records travel in batches through a small bounded queue.
///
/// Only the reading thread touches the `MonsterReader` (and its problem
/// log) until `finish()` has joined it; the caller keeps the problems it
/// finds itself and adds them afterwards.
///
/// A batch the caller has written comes back (`recycle`) to be freed on
/// the reading thread, which made its strings and buffers: freeing them
/// is work the writing thread, the one the import waits for, is spared,
/// and memory goes back to the heap of the thread that took it.
final class RecordPipeline: @unchecked Sendable {
    struct Batch {
        var records: [ImportedRecord]
        /// The records' values, ready to bind.
        var values: BatchValues
        /// Input bytes consumed when the batch was made, for progress.
        var bytesConsumed: Int
    }

    static let batchSize = 2048
    static let queueLimit = 4
    static let stackSize = 1 << 20

    private let reader: MonsterReader
    private var queue: [Batch] = []
    /// Batches written, for the reading thread to free.
    private var spent: [Batch] = []
    private var done = false
    private var cancelled = false
    private var failure: IOFailure?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    private var running = false

    init(reader: MonsterReader) {
        self.reader = reader
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        // A small stack, not the default 8 MiB: the reader never recurses
        // deeper than JSON's 64 levels, and under `ulimit -v` every
        // reserved megabyte is one the import's buffers cannot have.
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        running = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let pipeline = Unmanaged<RecordPipeline>.fromOpaque(context).takeRetainedValue()
            pipeline.produce()
            return nil
        }, context) == 0
        if !running {
            // No thread to be had: read on the caller's thread instead.
            Unmanaged<RecordPipeline>.fromOpaque(context).release()
        }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The next batch, or nil when the input is done.
    func next() throws(IOFailure) -> Batch? {
        guard running else { return try readBatch() }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while queue.isEmpty && !done { pthread_cond_wait(changed, lock) }
        if !queue.isEmpty {
            let batch = queue.removeFirst()
            pthread_cond_broadcast(changed)
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// Hands back a batch the caller is done with (see the type's note).
    func recycle(_ batch: consuming Batch) {
        guard running else { return }
        pthread_mutex_lock(lock)
        spent.append(batch)
        pthread_mutex_unlock(lock)
    }

    /// Stops the reading thread (if the writer gave up early) and waits for it.
    func finish() {
        guard running else { return }
        pthread_mutex_lock(lock)
        cancelled = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        running = false
    }

    private func produce() {
        while true {
            freeSpent()
            let batch: Batch?
            do {
                batch = try readBatch()
            } catch {
                pthread_mutex_lock(lock)
                failure = error
                done = true
                pthread_cond_broadcast(changed)
                pthread_mutex_unlock(lock)
                return
            }
            pthread_mutex_lock(lock)
            while queue.count >= Self.queueLimit && !cancelled { pthread_cond_wait(changed, lock) }
            if let batch, !cancelled { queue.append(batch) }
            let stop = batch == nil || cancelled
            if stop { done = true }
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            if stop { return }
        }
    }

    /// Frees the batches written so far, outside the lock.
    private func freeSpent() {
        pthread_mutex_lock(lock)
        let written = spent
        spent = []
        pthread_mutex_unlock(lock)
        _ = consume written
    }

    private func readBatch() throws(IOFailure) -> Batch? {
        var records: [ImportedRecord] = []
        records.reserveCapacity(Self.batchSize)
        while records.count < Self.batchSize, let record = try reader.next() {
            records.append(record)
        }
        if records.isEmpty { return nil }
        return Batch(records: records, values: try BatchValues(records: records), bytesConsumed: reader.input.bytesConsumed)
    }
}
