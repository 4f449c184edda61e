/// A NOTIFY on a channel this session LISTENs to, from the backend whose
/// process id is given. Arrives whenever the session is between
/// transactions, including while it is idle.
struct NotificationResponse: WireMessage, WireRecord {
    static let typeCode = UInt8(ascii: "A")
    var notification = PostgresNotification(processID: 0, channel: "", payload: "")
    static var layout: [WireField<Self>] {
        [.value(\.notification.processID), .value(\.notification.channel), .value(\.notification.payload)]
    }
}

/// A notification as the caller sees it. The payload is the notifier's
/// text: untrusted.
public struct PostgresNotification: Equatable, Sendable {
    public var processID: Int32
    public var channel: String
    public var payload: String
}
