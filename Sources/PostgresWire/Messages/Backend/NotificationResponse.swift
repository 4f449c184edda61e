/// A NOTIFY on a channel this session LISTENs to, from the backend whose
/// process id is given. Arrives whenever the session is between
/// transactions, including while it is idle.
struct NotificationResponse: WireMessage {
    static let typeCode = UInt8(ascii: "A")
    var notification = PostgresNotification(processID: 0, channel: "", payload: "")

    func write(to writer: inout MessageWriter) {
        writer.int32(notification.processID)
        writer.cString(notification.channel)
        writer.cString(notification.payload)
    }

    static func read(from reader: inout MessageReader) throws(PostgresError) -> Self {
        NotificationResponse(notification: PostgresNotification(processID: try reader.int32(), channel: try reader.cString(),
                                                                payload: try reader.cString()))
    }
}

/// A notification as the caller sees it. The payload is the notifier's
/// text: untrusted.
public struct PostgresNotification: Equatable, Sendable {
    public var processID: Int32
    public var channel: String
    public var payload: String
}
