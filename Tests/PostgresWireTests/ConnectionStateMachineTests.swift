import Testing
@testable import PostgresWire

/// The protocol's rules, without a server: what each message means in
/// each state, and that a message out of place is refused.
@Suite struct ConnectionStateMachineTests {
    @Test func aSessionGoesFromAuthenticationToIdle() throws {
        var machine = ConnectionStateMachine()
        #expect(try machine.receive(.authentication(.sasl(mechanisms: ["SCRAM-SHA-256"]))) == .authentication(.sasl(mechanisms: ["SCRAM-SHA-256"])))
        #expect(machine.state == .authenticating)
        _ = try machine.receive(.authentication(.ok))
        #expect(machine.state == .settingUp)
        #expect(try machine.receive(.parameterStatus(.init(name: "TimeZone", value: "UTC"))) == .parameterStatus(name: "TimeZone", value: "UTC"))
        #expect(try machine.receive(.backendKeyData(.init(processID: 7, secretKey: 8))) == .backendKey(.init(processID: 7, secretKey: 8)))
        #expect(try machine.receive(.readyForQuery(.init(status: .idle))) == .readyForQuery(.idle))
        #expect(machine.state == .idle(.idle))
    }

    @Test func anErrorDuringAuthenticationEndsTheSession() throws {
        var machine = ConnectionStateMachine()
        let error = ServerError(fields: [UInt8(ascii: "C"): "28P01", UInt8(ascii: "M"): "password authentication failed"])
        #expect(try machine.receive(.errorResponse(.init(error: error))) == .serverFatal(error))
        #expect(machine.state == .closed)
    }

    private func idleMachine() throws -> ConnectionStateMachine {
        var machine = ConnectionStateMachine()
        _ = try machine.receive(.authentication(.ok))
        _ = try machine.receive(.readyForQuery(.init(status: .idle)))
        return machine
    }

    @Test func aQueryRunsUntilReadyForQueryAndAnErrorDoesNotEndIt() throws {
        var machine = try idleMachine()
        try machine.startQuery()
        #expect(throws: PostgresError.self, "one query at a time") { try machine.startQuery() }
        _ = try machine.receive(.parseComplete)
        _ = try machine.receive(.rowDescription(.init(fields: [.init(name: "a")])))
        #expect(try machine.receive(.dataRow(.init(values: [nil]))) == .row(.init(values: [nil])))
        let error = ServerError(fields: [UInt8(ascii: "C"): "23505"])
        #expect(try machine.receive(.errorResponse(.init(error: error))) == .queryError(error))
        #expect(machine.state == .running)
        _ = try machine.receive(.readyForQuery(.init(status: .failed)))
        #expect(machine.state == .idle(.failed))
    }

    @Test func copyInAndOutHaveTheirOwnStates() throws {
        var machine = try idleMachine()
        try machine.startQuery()
        #expect(try machine.receive(.copyInResponse(.init(response: .init(overallFormat: 0, columnFormats: [0])))) == .copyInStarted)
        #expect(machine.state == .copyingIn)
        #expect(throws: PostgresError.self, "the server sends no rows during COPY FROM") { try machine.receive(.dataRow(.init(values: []))) }
        try machine.finishCopyIn()
        _ = try machine.receive(.commandComplete(.init(tag: "COPY 1")))
        _ = try machine.receive(.readyForQuery(.init(status: .idle)))
        try machine.startQuery()
        _ = try machine.receive(.copyOutResponse(.init(response: .init(overallFormat: 0, columnFormats: []))))
        #expect(try machine.receive(.copyData(.init(data: [65]))) == .copyData(.init(data: [65])))
        #expect(try machine.receive(.copyDone) == .copyDone)
        #expect(machine.state == .running)
    }

    @Test func notificationsAndNoticesComeInAnyStateButResultsOnlyInAQuery() throws {
        var machine = try idleMachine()
        let notification = PostgresNotification(processID: 3, channel: "c", payload: "p")
        #expect(try machine.receive(.notificationResponse(.init(notification: notification))) == .notification(notification))
        #expect(machine.state == .idle(.idle))
        #expect(throws: PostgresError.self) { try machine.receive(.dataRow(.init(values: []))) }
        #expect(throws: PostgresError.self) { try machine.receive(.commandComplete(.init(tag: "SELECT 1"))) }
        var fresh = try idleMachine()
        let fatal = ServerError(fields: [UInt8(ascii: "V"): "FATAL", UInt8(ascii: "C"): "57P01"])
        #expect(try fresh.receive(.errorResponse(.init(error: fatal))) == .serverFatal(fatal))
        #expect(fresh.state == .closed)
        #expect(throws: PostgresError.self) { try fresh.startQuery() }
    }
}
