/// Any message the server sends, decoded from its type byte and body.
/// The connection's state machine takes these one at a time.
enum BackendMessage: Equatable, Sendable {
    case authentication(Authentication)
    case parameterStatus(ParameterStatus)
    case backendKeyData(BackendKeyData)
    case readyForQuery(ReadyForQuery)
    case rowDescription(RowDescription)
    case dataRow(DataRow)
    case commandComplete(CommandComplete)
    case emptyQueryResponse
    case errorResponse(ErrorResponse)
    case noticeResponse(NoticeResponse)
    case notificationResponse(NotificationResponse)
    case copyInResponse(CopyInResponse)
    case copyOutResponse(CopyOutResponse)
    case copyBothResponse(CopyBothResponse)
    case copyData(CopyData)
    case copyDone
    case parseComplete
    case bindComplete
    case closeComplete
    case noData
    case portalSuspended
    case parameterDescription(ParameterDescription)
    case negotiateProtocolVersion(NegotiateProtocolVersion)

    static func decode(type: UInt8, body: ArraySlice<UInt8>) throws(PostgresError) -> BackendMessage {
        switch type {
        case Authentication.typeCode: .authentication(try .decode(body: body))
        case ParameterStatus.typeCode: .parameterStatus(try .decode(body: body))
        case BackendKeyData.typeCode: .backendKeyData(try .decode(body: body))
        case ReadyForQuery.typeCode: .readyForQuery(try .decode(body: body))
        case RowDescription.typeCode: .rowDescription(try .decode(body: body))
        case DataRow.typeCode: .dataRow(try .decode(body: body))
        case CommandComplete.typeCode: .commandComplete(try .decode(body: body))
        case EmptyQueryResponse.typeCode: .emptyQueryResponse
        case ErrorResponse.typeCode: .errorResponse(try .decode(body: body))
        case NoticeResponse.typeCode: .noticeResponse(try .decode(body: body))
        case NotificationResponse.typeCode: .notificationResponse(try .decode(body: body))
        case CopyInResponse.typeCode: .copyInResponse(try .decode(body: body))
        case CopyOutResponse.typeCode: .copyOutResponse(try .decode(body: body))
        case CopyBothResponse.typeCode: .copyBothResponse(try .decode(body: body))
        case CopyData.typeCode: .copyData(CopyData(data: Array(body)))
        case CopyDone.typeCode: .copyDone
        case ParseComplete.typeCode: .parseComplete
        case BindComplete.typeCode: .bindComplete
        case CloseComplete.typeCode: .closeComplete
        case NoData.typeCode: .noData
        case PortalSuspended.typeCode: .portalSuspended
        case ParameterDescription.typeCode: .parameterDescription(try .decode(body: body))
        case NegotiateProtocolVersion.typeCode: .negotiateProtocolVersion(try .decode(body: body))
        default: throw .protocolViolation("it sent a message of unknown type \(type)")
        }
    }

    /// The message's name as the protocol spells it ("ReadyForQuery"),
    /// for sentences that explain a protocol violation: the case's own
    /// name, so that a new message needs no second list. Only the name
    /// before any payload is kept, never the server's text.
    var name: String {
        let label = String(describing: self).prefix { $0 != "(" }
        return label.prefix(1).uppercased() + label.dropFirst()
    }
}
