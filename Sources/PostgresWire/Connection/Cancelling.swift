/// Stopping a running query from elsewhere (a Ctrl-C handler, another
/// thread): PostgreSQL takes a CancelRequest on a new connection, naming
/// the session by its process id and secret key, and answers nothing; the
/// query then fails with SQLSTATE 57014 on its own connection. The token
/// is a plain value, safe to hand to another thread, unlike the
/// connection. As libpq 15, the request goes without TLS: it carries only
/// the key, never the password.
public struct CancelToken: Sendable {
    let settings: ConnectionSettings
    let processID: Int32
    let secretKey: Int32

    /// Asks the server to cancel whatever the session is running now,
    /// giving up after `seconds` (the connect timeout by default).
    public func cancel(within seconds: Int? = nil) throws(PostgresError) {
        let patience = seconds ?? settings.connectTimeout
        let transport = try Transport.connect(settings, deadline: .after(seconds: patience))
        defer { transport.close() }
        var request = MessageWriter()
        CancelRequest(processID: processID, secretKey: secretKey).encode(into: &request)
        try transport.write(request.bytes)
        // The server closes the connection once it has read the request.
        var byte: UInt8 = 0
        _ = try? withUnsafeMutableBytes(of: &byte) { (buffer) throws(PostgresError) -> Int in
            try transport.read(into: buffer, deadline: .after(seconds: patience))
        }
    }
}

extension PostgresConnection {
    public var cancelToken: CancelToken {
        CancelToken(settings: settings, processID: processID, secretKey: secretKey)
    }
}
