/// Extended protocol: ends a batch. The server answers with ReadyForQuery,
/// and after an error skips everything up to here: the point at which a
/// pipeline recovers.
struct Sync: SignalMessage { static let typeCode = UInt8(ascii: "S") }

/// Asks the server to send what it has so far, without ending the batch.
struct Flush: SignalMessage { static let typeCode = UInt8(ascii: "H") }

/// Ends the session politely; the server closes the connection.
struct Terminate: SignalMessage { static let typeCode = UInt8(ascii: "X") }
