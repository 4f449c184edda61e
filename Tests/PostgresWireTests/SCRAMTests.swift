import Testing
@testable import PostgresWire

/// SCRAM-SHA-256 against RFC 7677's test vector, and the checks that stop
/// a server that does not know the password.
@Suite struct SCRAMTests {
    private let serverFirst = Array("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096".utf8)

    @Test func theRFC7677ExchangeGivesItsProofAndAcceptsItsSignature() throws {
        var client = SCRAMClient(password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO", userName: "user")
        #expect(String(decoding: client.clientFirstMessage, as: UTF8.self) == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
        let final = try client.clientFinalMessage(serverFirst: serverFirst)
        #expect(String(decoding: final, as: UTF8.self)
            == "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=")
        try client.verify(serverFinal: Array("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=".utf8))
        #expect(client.step == .done)
    }

    @Test func aWrongServerSignatureIsRefused() throws {
        var client = SCRAMClient(password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO", userName: "user")
        _ = try client.clientFinalMessage(serverFirst: serverFirst)
        #expect(throws: SCRAMFailure.wrongServerSignature) {
            try client.verify(serverFinal: Array("v=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=".utf8))
        }
    }

    @Test func aServerNonceThatDoesNotExtendOursIsRefused() {
        var client = SCRAMClient(password: "pencil", nonce: "abc")
        #expect(throws: SCRAMFailure.nonceMismatch) {
            try client.clientFinalMessage(serverFirst: Array("r=xyzdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096".utf8))
        }
    }

    @Test("an iteration count no server needs (two thousand million, three thousand million) is refused, not computed for hours or trapped")
    func aHugeIterationCountIsRefused() {
        for count in [SCRAMClient.mostIterations + 1, 2_000_000_000, 3_000_000_000] {
            var client = SCRAMClient(password: "pencil", nonce: "abc")
            #expect(throws: SCRAMFailure.tooManyIterations(count)) {
                try client.clientFinalMessage(serverFirst: Array("r=abcdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=\(count)".utf8))
            }
        }
        #expect(SCRAMFailure.tooManyIterations(2_000_000_000).reason.contains("asked for 2000000000 SCRAM iterations"))
    }

    @Test("a server-first message of megabytes (a salt no server sends) is refused as malformed before it is parsed")
    func aHugeSaltIsRefused() {
        var client = SCRAMClient(password: "pencil", nonce: "abc")
        let salt = String(repeating: "QUFB", count: 1_000_000)
        #expect(throws: SCRAMFailure.malformed) {
            try client.clientFinalMessage(serverFirst: Array("r=abcdef,s=\(salt),i=4096".utf8))
        }
    }

    @Test func postgresLeavesTheUserNameEmpty() throws {
        let client = try #require(SCRAMClient.withRandomNonce(password: "x", binding: .unsupported))
        let first = String(decoding: client.clientFirstMessage, as: UTF8.self)
        #expect(first.hasPrefix("n,,n=,r="))
        #expect(first.count == "n,,n=,r=".count + 24)
    }

    @Test func aBoundClientSpeaksPLUSAndItsProofCoversTheCertificatesHash() throws {
        let hash = [UInt8](repeating: 7, count: 32)
        var bound = SCRAMClient(password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO", binding: .serverEndPoint(hash: hash))
        #expect(bound.mechanism == "SCRAM-SHA-256-PLUS")
        #expect(String(decoding: bound.clientFirstMessage, as: UTF8.self) == "p=tls-server-end-point,,n=,r=rOprNGfwEbeRWgbNEkqO")
        let final = String(decoding: try bound.clientFinalMessage(serverFirst: serverFirst), as: UTF8.self)
        let channel = "c=" + Base64.encode(Array("p=tls-server-end-point,,".utf8) + hash) + ","
        #expect(final.hasPrefix(channel))
        // Another certificate's hash gives another proof: a relay cannot reuse it.
        var other = SCRAMClient(password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO",
                                binding: .serverEndPoint(hash: [UInt8](repeating: 8, count: 32)))
        let otherFinal = String(decoding: try other.clientFinalMessage(serverFirst: serverFirst), as: UTF8.self)
        #expect(final.split(separator: ",").last != otherFinal.split(separator: ",").last)
    }

    @Test func aClientThatCouldBindToAServerThatOffersNoPLUSSaysSo() throws {
        var client = SCRAMClient(password: "pencil", nonce: "abc", binding: .notOffered)
        #expect(client.mechanism == "SCRAM-SHA-256")
        #expect(String(decoding: client.clientFirstMessage, as: UTF8.self) == "y,,n=,r=abc")
        let final = try client.clientFinalMessage(serverFirst: Array("r=abcdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096".utf8))
        #expect(String(decoding: final, as: UTF8.self).hasPrefix("c=eSws,r=abcdef,p="))
    }

    @Test func withoutTLSNothingIsBoundAndRequireRefuses() throws {
        let both = ["SCRAM-SHA-256-PLUS", "SCRAM-SHA-256"]
        #expect(try ChannelBinding.choose(mode: .prefer, offered: both, tls: nil) == .unsupported)
        #expect(try ChannelBinding.choose(mode: .disable, offered: both, tls: nil) == .unsupported)
        #expect(throws: ChannelBinding.Refusal.self) { try ChannelBinding.choose(mode: .require, offered: both, tls: nil) }
        #expect(throws: ChannelBinding.Refusal.self) { try ChannelBinding.choose(mode: .prefer, offered: ["SCRAM-SHA-1"], tls: nil) }
    }

    @Test func base64RoundTripsAndRefusesNonsense() {
        for length in 0..<8 {
            let bytes = (0..<length).map { UInt8($0 * 37 & 0xff) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.encode(Array("pencil".utf8)) == "cGVuY2ls")
        #expect(Base64.decode("abc") == nil)
        #expect(Base64.decode("a=bc") == nil)
    }

    @Test func md5AndSASLPrepAreTheServers() {
        #expect(Cryptography.md5Hex(Array("".utf8)) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(SASLPrep.prepare("pa\u{00A0}ss\u{00AD}word") == "pa ssword")
        #expect(SASLPrep.prepare("plain") == "plain")
    }
}
