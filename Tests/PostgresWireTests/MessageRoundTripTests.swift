import Testing
@testable import PostgresWire

/// Every message encodes to the bytes protocol 3 defines and decodes back
/// to the same value, so that the client and a test playing the server
/// agree on every layout.
@Suite struct MessageRoundTripTests {
    /// Encodes a typed message, checks its frame, decodes its body.
    private func roundTrip<M: WireMessage>(_ message: M) throws -> M {
        var writer = MessageWriter()
        message.encode(into: &writer)
        let bytes = writer.bytes
        #expect(bytes[0] == M.typeCode)
        let length = Int(bytes[1]) << 24 | Int(bytes[2]) << 16 | Int(bytes[3]) << 8 | Int(bytes[4])
        #expect(length == bytes.count - 1)
        return try M.decode(body: bytes[5...])
    }

    private func roundTrip<M: UntypedWireMessage>(_ message: M) throws -> M {
        var writer = MessageWriter()
        message.encode(into: &writer)
        let bytes = writer.bytes
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        #expect(length == bytes.count)
        return try M.decode(body: bytes[4...])
    }

    @Test func frontendMessagesRoundTrip() throws {
        let startup = StartupMessage(parameters: [("user", "alice"), ("database", "roster")])
        #expect(try roundTrip(startup) == startup)
        #expect(try roundTrip(SSLRequest()) == SSLRequest())
        #expect(try roundTrip(CancelRequest(processID: 42, secretKey: -7)) == CancelRequest(processID: 42, secretKey: -7))
        #expect(try roundTrip(PasswordMessage(password: "md5abc")) == PasswordMessage(password: "md5abc"))
        let initial = SASLInitialResponse(mechanism: "SCRAM-SHA-256", data: Array("n,,n=,r=abc".utf8))
        #expect(try roundTrip(initial) == initial)
        #expect(try roundTrip(SASLResponse(data: [1, 2, 0, 3])) == SASLResponse(data: [1, 2, 0, 3]))
        #expect(try roundTrip(Query(sql: "SELECT 'é'")) == Query(sql: "SELECT 'é'"))
        let parse = Parse(statementName: "s1", sql: "SELECT $1, $2", parameterTypes: [0, 25])
        #expect(try roundTrip(parse) == parse)
        let bind = Bind(portalName: "", statementName: "s1", parameterFormats: [0], parameters: [Array("x".utf8), nil, []], resultFormats: [0])
        #expect(try roundTrip(bind) == bind)
        #expect(try roundTrip(Describe(target: .portal, name: "")) == Describe(target: .portal, name: ""))
        #expect(try roundTrip(Close(target: .statement, name: "s1")) == Close(target: .statement, name: "s1"))
        #expect(try roundTrip(Execute(portalName: "", maxRows: 10)) == Execute(portalName: "", maxRows: 10))
        #expect(try roundTrip(Sync()) == Sync())
        #expect(try roundTrip(Flush()) == Flush())
        #expect(try roundTrip(Terminate()) == Terminate())
        #expect(try roundTrip(CopyData(data: Array("a\tb\n".utf8))) == CopyData(data: Array("a\tb\n".utf8)))
        #expect(try roundTrip(CopyDone()) == CopyDone())
        #expect(try roundTrip(CopyFail(reason: "stopped")) == CopyFail(reason: "stopped"))
    }

    @Test func backendMessagesRoundTrip() throws {
        for authentication: Authentication in [.ok, .cleartextPassword, .md5Password(salt: [1, 2, 3, 4]),
                                               .sasl(mechanisms: ["SCRAM-SHA-256", "SCRAM-SHA-256-PLUS"]),
                                               .saslContinue(data: Array("r=x,s=y,i=4096".utf8)),
                                               .saslFinal(data: Array("v=abc".utf8)), .unsupported(code: 7)] {
            #expect(try roundTrip(authentication) == authentication)
        }
        #expect(try roundTrip(ParameterStatus(name: "TimeZone", value: "UTC")) == ParameterStatus(name: "TimeZone", value: "UTC"))
        #expect(try roundTrip(BackendKeyData(processID: 1, secretKey: 2)) == BackendKeyData(processID: 1, secretKey: 2))
        for status: TransactionStatus in [.idle, .inTransaction, .failed] {
            #expect(try roundTrip(ReadyForQuery(status: status)) == ReadyForQuery(status: status))
        }
        let description = RowDescription(fields: [.init(name: "name"), .init(name: "level", typeOID: 23, typeSize: 4)])
        #expect(try roundTrip(description) == description)
        let row = DataRow(values: [Array("Ogre".utf8)[...], nil, [][...]])
        #expect(try roundTrip(row) == row)
        #expect(try roundTrip(row).textValues == ["Ogre", nil, ""])
        #expect(try roundTrip(CommandComplete(tag: "INSERT 0 3")) == CommandComplete(tag: "INSERT 0 3"))
        #expect(try roundTrip(EmptyQueryResponse()) == EmptyQueryResponse())
        let error = ServerError(fields: [UInt8(ascii: "S"): "ERROR", UInt8(ascii: "V"): "ERROR", UInt8(ascii: "C"): "23505",
                                         UInt8(ascii: "M"): "duplicate key", UInt8(ascii: "D"): "Key (name)=(Ogre) already exists.",
                                         UInt8(ascii: "H"): "Pick another name.", UInt8(ascii: "n"): "monsters_name_key"])
        let decodedError = try roundTrip(ErrorResponse(error: error)).error
        #expect(decodedError == error)
        #expect(decodedError.sqlState == .uniqueViolation)
        #expect(decodedError.detail == "Key (name)=(Ogre) already exists.")
        #expect(decodedError.hint == "Pick another name.")
        #expect(decodedError.constraintName == "monsters_name_key")
        #expect(try roundTrip(NoticeResponse(notice: error)) == NoticeResponse(notice: error))
        let notification = NotificationResponse(notification: .init(processID: 9, channel: "roster", payload: "changed"))
        #expect(try roundTrip(notification) == notification)
        let copy = CopyResponse(overallFormat: 0, columnFormats: [0, 0])
        #expect(try roundTrip(CopyInResponse(response: copy)) == CopyInResponse(response: copy))
        #expect(try roundTrip(CopyOutResponse(response: copy)) == CopyOutResponse(response: copy))
        #expect(try roundTrip(CopyBothResponse(response: copy)) == CopyBothResponse(response: copy))
        #expect(try roundTrip(ParseComplete()) == ParseComplete())
        #expect(try roundTrip(BindComplete()) == BindComplete())
        #expect(try roundTrip(CloseComplete()) == CloseComplete())
        #expect(try roundTrip(NoData()) == NoData())
        #expect(try roundTrip(PortalSuspended()) == PortalSuspended())
        #expect(try roundTrip(ParameterDescription(parameterTypes: [25, 23])) == ParameterDescription(parameterTypes: [25, 23]))
        let negotiate = NegotiateProtocolVersion(newestMinorVersion: 0, unrecognizedOptions: ["_pq_.x"])
        #expect(try roundTrip(negotiate) == negotiate)
    }

    @Test("a server's error of megabytes is kept to its first 8,192 code points, marked as cut; one of PostgreSQL's own length whole")
    func aHugeErrorFieldIsCut() throws {
        let huge = String(repeating: "é\u{1b}", count: 3_000_000)
        let error = ServerError(fields: [UInt8(ascii: "M"): huge, UInt8(ascii: "D"): "Key (name_key)=(cat-bot) already exists."])
        let decoded = try roundTrip(ErrorResponse(error: error)).error
        #expect(decoded.message.unicodeScalars.count == ServerError.fieldLimit + "… (cut: the server sent more)".unicodeScalars.count)
        #expect(decoded.message.hasSuffix("… (cut: the server sent more)"))
        #expect(decoded.message.hasPrefix("é\u{1b}é"))
        #expect(decoded.detail == "Key (name_key)=(cat-bot) already exists.")
        let atLimit = String(repeating: "a", count: ServerError.fieldLimit)
        #expect(try roundTrip(ErrorResponse(error: ServerError(fields: [UInt8(ascii: "M"): atLimit]))).error.message == atLimit)
    }

    @Test func theStartUpPacketIsLaidOutAsTheProtocolSays() {
        var writer = MessageWriter()
        StartupMessage(parameters: [("user", "a")]).encode(into: &writer)
        #expect(writer.bytes == [0, 0, 0, 16, 0, 3, 0, 0] + Array("user".utf8) + [0, UInt8(ascii: "a"), 0, 0])
        var request = MessageWriter()
        SSLRequest().encode(into: &request)
        #expect(request.bytes == [0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f])
    }

    @Test func aTruncatedOrOverlongMessageIsAProtocolViolation() {
        #expect(throws: PostgresError.self) { try DataRow.decode(body: [0, 1, 0, 0, 0, 5, 65][...]) }
        #expect(throws: PostgresError.self) { try BackendKeyData.decode(body: [0, 0, 0, 1, 0, 0, 0, 2, 9][...]) }
        #expect(throws: PostgresError.self) { try BackendMessage.decode(type: UInt8(ascii: "?"), body: [][...]) }
    }

    @Test func backendMessagesAreDispatchedByTheirTypeByte() throws {
        var writer = MessageWriter()
        ReadyForQuery(status: .inTransaction).encode(into: &writer)
        #expect(try BackendMessage.decode(type: writer.bytes[0], body: writer.bytes[5...]) == .readyForQuery(.init(status: .inTransaction)))
    }

    @Test func aMessageIsNamedByItsCaseAndNeverByTheServersText() {
        let error = ServerError(fields: [UInt8(ascii: "M"): "secret (text) from the server"])
        #expect(BackendMessage.errorResponse(ErrorResponse(error: error)).name == "ErrorResponse")
        #expect(BackendMessage.readyForQuery(ReadyForQuery(status: .idle)).name == "ReadyForQuery")
        #expect(BackendMessage.parseComplete.name == "ParseComplete")
        let notification = NotificationResponse(notification: .init(processID: 1, channel: "c", payload: "p(x)"))
        #expect(BackendMessage.notificationResponse(notification).name == "NotificationResponse")
    }

    @Test func aCodeByteOutsideItsMeaningsIsAProtocolViolation() {
        let status = [UInt8(ascii: "?")][...]
        #expect(throws: PostgresError.protocolViolation("a message held an unknown transaction status")) {
            try ReadyForQuery.decode(body: status)
        }
        #expect(throws: PostgresError.self) { try Describe.decode(body: [UInt8(ascii: "X"), 0][...]) }
        #expect(throws: PostgresError.protocolViolation("a CancelRequest had the wrong code")) {
            try CancelRequest.decode(body: [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3][...])
        }
    }

    @Test func declaredFieldsAreLaidOutInOrderAsTheProtocolSays() {
        var writer = MessageWriter()
        Parse(statementName: "s", sql: "Q", parameterTypes: [25]).encode(into: &writer)
        #expect(writer.bytes == [UInt8(ascii: "P"), 0, 0, 0, 14, UInt8(ascii: "s"), 0, UInt8(ascii: "Q"), 0, 0, 1, 0, 0, 0, 25])
        var bind = MessageWriter()
        Bind(parameters: [[7], nil]).encode(into: &bind)
        #expect(bind.bytes == [UInt8(ascii: "B"), 0, 0, 0, 21, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 7, 0xff, 0xff, 0xff, 0xff, 0, 0])
    }

    @Test func describeAndCloseShareOneBodyUnderTheirOwnTypeBytes() {
        var describe = MessageWriter()
        Describe(target: .portal, name: "").encode(into: &describe)
        #expect(describe.bytes == [UInt8(ascii: "D"), 0, 0, 0, 6, UInt8(ascii: "P"), 0])
        var close = MessageWriter()
        Close(target: .statement, name: "s1").encode(into: &close)
        #expect(close.bytes == [UInt8(ascii: "C"), 0, 0, 0, 8, UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "1"), 0])
    }
}

