/// Rows handed to the caller as the bytes the server sent, without a
/// String or an array per row: for results too large to make values of
/// (an export of a million rows). A DataRow is read in place in the
/// connection's read buffer; its columns' offsets go into one array kept
/// across rows; the caller sees a `DataRowBytes` that is valid only during
/// its call. Other messages (RowDescription, CommandComplete, errors) take
/// the ordinary way through the state machine.
extension PostgresConnection {
    /// Runs one statement and hands each row's columns, as bytes in text
    /// format, to `row`. Returns the command tag. If `row` throws, the
    /// rest of the rows are read and dropped, then its error is rethrown.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = [], eachRowBytes row: (DataRowBytes) throws -> Void) throws -> String {
        try queueBatch([BoundStatement(sql, parameters)])
        var tag = ""
        var callerError: (any Error)?
        var failure: PostgresError?
        var columns = DataRowColumns()
        while true {
            if machine.state == .running {
                let wasRow = try nextDataRow(into: &columns) { bytes in
                    guard callerError == nil, failure == nil else { return }
                    do { try row(bytes) } catch { callerError = error }
                }
                if wasRow { continue }
            }
            switch try nextEvent() {
            case .readyForQuery:
                if let failure { throw failure }
                if let callerError { throw callerError }
                return tag
            case .queryError(let error): failure = failure ?? .server(error)
            case .commandComplete(let completed): tag = completed
            case .copyInStarted:
                send(CopyFail(reason: "COPY FROM STDIN must be run with copyIn"))
                try machine.finishCopyIn()
                try flush()
                failure = failure ?? .misuse("COPY runs through copyIn or copyOut, not a query.")
            case .copyOutStarted:
                failure = failure ?? .misuse("COPY runs through copyIn or copyOut, not a query.")
            default: continue
            }
        }
    }
}

/// Where each column of the current row lies: `starts[i]` is its first
/// byte in the message, `lengths[i]` its length or -1 for NULL.
struct DataRowColumns {
    var starts: [Int] = []
    var lengths: [Int] = []
}

/// One row's columns as bytes, valid only inside the call it is given to.
public struct DataRowBytes {
    let base: UnsafePointer<UInt8>
    let starts: UnsafeBufferPointer<Int>
    let lengths: UnsafeBufferPointer<Int>

    public var count: Int { starts.count }

    /// Whether column `index` is SQL NULL.
    public func isNull(_ index: Int) -> Bool { lengths[index] < 0 }

    /// Column `index`'s bytes (empty for NULL), valid during the call.
    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let length = lengths[index]
        return UnsafeBufferPointer(start: base + starts[index], count: max(0, length))
    }
}
