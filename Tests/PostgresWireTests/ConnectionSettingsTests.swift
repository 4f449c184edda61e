import Foundation
import Testing
@testable import PostgresWire

/// The settings are libpq's: URI first, then PG* variables, then defaults,
/// then the password file, and a description that never holds a password.
@Suite struct ConnectionSettingsTests {
    private let bare = ["USER": "tester", "HOME": "/nonexistent-home"]

    @Test func aFullURIGivesEveryPart() throws {
        let settings = try ConnectionSettings.resolve(
            uri: "postgresql://alice:s%40cret@db.example.org:6543/roster?sslmode=verify-full&sslrootcert=/ca.pem&connect_timeout=3&application_name=laptop",
            environment: bare)
        #expect(settings.host == "db.example.org")
        #expect(settings.port == 6543)
        #expect(settings.user == "alice")
        #expect(settings.password == "s@cret")
        #expect(settings.passwordSource == .uri)
        #expect(settings.database == "roster")
        #expect(settings.sslMode == .verifyFull)
        #expect(settings.sslRootCert == "/ca.pem")
        #expect(settings.connectTimeout == 3)
        #expect(settings.applicationName == "laptop")
    }

    @Test func addressesAndSocketFolders() throws {
        let v4 = try ConnectionSettings.resolve(uri: "postgres://127.0.0.1/db", environment: bare)
        #expect(v4.host == "127.0.0.1" && v4.port == 5432 && v4.serverDescription == "127.0.0.1:5432")
        let v6 = try ConnectionSettings.resolve(uri: "postgresql://[::1]:5433/db", environment: bare)
        #expect(v6.host == "::1" && v6.port == 5433 && v6.serverDescription == "[::1]:5433")
        let socket = try ConnectionSettings.resolve(uri: "postgresql:///db?host=%2Ftmp%2Fpg%20x&port=7000", environment: bare)
        #expect(socket.isUnixSocket && socket.host == "/tmp/pg x")
        #expect(socket.socketPath == "/tmp/pg x/.s.PGSQL.7000")
    }

    @Test func theDefaultsAreDebianLibpqs() throws {
        let settings = try ConnectionSettings.resolve(uri: "postgresql://", environment: bare)
        #expect(settings.host == "/var/run/postgresql")
        #expect(settings.port == 5432)
        #expect(settings.user == "tester")
        #expect(settings.database == "tester")
        #expect(settings.sslMode == .prefer)
        #expect(settings.connectTimeout == 10)
        #expect(settings.password == nil)
    }

    @Test func theUserComesFromLOGNAMEOrPasswdWithoutNSS() throws {
        #expect(OperatingSystemUser.name(environment: ["LOGNAME": "logged"]) == "logged")
        let passwd = try TemporaryFolder()
        let path = passwd.path + "/passwd"
        try "root:x:0:0::/root:/bin/sh\nsomeone:x:\(getuid()):0::/home:/bin/sh\n".write(toFile: path, atomically: true, encoding: .utf8)
        let expected = getuid() == 0 ? "root" : "someone"
        #expect(OperatingSystemUser.name(environment: [:], passwdPath: path) == expected)
        #expect(OperatingSystemUser.name(environment: [:], passwdPath: passwd.path + "/none") == String(getuid()))
    }

    @Test func theEnvironmentFillsWhatTheURILeavesOut() throws {
        let environment = bare.merging(["PGHOST": "envhost", "PGPORT": "6000", "PGUSER": "envuser", "PGDATABASE": "envdb",
                                        "PGPASSWORD": "envpass", "PGSSLMODE": "require", "PGSSLROOTCERT": "/env.pem",
                                        "PGCONNECT_TIMEOUT": "1", "PGAPPNAME": "envapp"]) { $1 }
        let fromEnvironment = try ConnectionSettings.resolve(uri: nil, environment: environment)
        #expect(fromEnvironment.host == "envhost" && fromEnvironment.port == 6000 && fromEnvironment.user == "envuser")
        #expect(fromEnvironment.database == "envdb" && fromEnvironment.password == "envpass")
        #expect(fromEnvironment.passwordSource == .environment)
        #expect(fromEnvironment.sslMode == .require && fromEnvironment.sslRootCert == "/env.pem")
        #expect(fromEnvironment.connectTimeout == 2, "libpq takes a 1 s timeout as 2 s")
        #expect(fromEnvironment.applicationName == "envapp")
        let uriWins = try ConnectionSettings.resolve(uri: "postgresql://bob@urihost/uridb?sslmode=disable", environment: environment)
        #expect(uriWins.host == "urihost" && uriWins.user == "bob" && uriWins.database == "uridb" && uriWins.sslMode == .disable)
        #expect(uriWins.port == 6000 && uriWins.password == "envpass")
    }

    @Test func badURIsAreRefusedInASentence() {
        for uri in ["mysql://x", "postgresql://h:99999/db", "postgresql://h/db?sslmode=sometimes", "postgresql://h/db?bogus=1",
                    "postgresql://a,b/db", "postgresql://h/d%zz", "postgresql://[::1/db", "postgresql://h/db?connect_timeout=soon"] {
            #expect(throws: PostgresError.self, "\(uri)") { try ConnectionSettings.resolve(uri: uri, environment: bare) }
        }
    }

    /// What resolving `uri` says: "accepted", or the refusal's sentence.
    private func message(_ uri: String) -> String {
        do {
            _ = try ConnectionSettings.resolve(uri: uri, environment: bare)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func aPartGivenTwiceIsRefusedNotGuessed() {
        // libpq takes the last: which database a command changes was a guess.
        #expect(message("postgresql://h/team?dbname=test") == "The URI gives its database twice, the second time as its parameter \"dbname\"; give it once.")
        #expect(message("postgresql:///team?host=/tmp&host=/run") == "The URI gives its host twice, the second time as its parameter \"host\"; give it once.")
        #expect(message("postgresql://h/db?password=a&password=b") == "The URI gives its parameter number 2 twice; give it once.")
        #expect(message("postgresql://a:b@h/db?password=c") == "The URI gives its parameter number 1 twice; give it once.")
        #expect(message("postgresql:///team?host=/tmp&port=5433") == "accepted")
    }

    @Test func aDescriptionNeverHoldsThePassword() throws {
        let settings = try ConnectionSettings.resolve(uri: "postgresql://alice:hunter2@db.example.org/roster", environment: bare)
        for text in [settings.description, "\(settings)", String(reflecting: settings), settings.serverDescription] {
            #expect(!text.contains("hunter2"))
        }
        #expect(settings.description == "db.example.org:5432 (database roster, user alice)")
        let errors: [PostgresError] = [.unreachable(server: settings.serverDescription, reason: "x"),
                                       .connectionLost(server: settings.serverDescription, reason: "y")]
        for error in errors { #expect(!error.description.contains("hunter2")) }
    }

    @Test func aMessageAboutAParameterNeverEchoesAPasswordItHolds() {
        // An encoded '=' leaves the whole parameter in its key.
        let noValue = message("postgresql://alice@/misc?host=/tmp/x&password%3DS3cr3t-p%40ss")
        #expect(noValue == "The URI's parameter number 2 has no value.")
        let unknown = message("postgresql://h/db?%70assword%3DS3cr3t=1")
        #expect(unknown.hasPrefix("The URI's parameter number 1 is not one roster knows"))
        #expect(message("postgresql://h/db?sslmode") == "The URI's parameter \"sslmode\" has no value.")
        #expect(message("postgresql://h/db?bogus=1").hasPrefix("The URI's parameter \"bogus\" is not one roster knows"))
    }

    @Test func aPasswordWithAnUnencodedSlashOrQuestionMarkIsRefusedQuotingNoneOfIt() {
        for (uri, pieces) in [("postgresql://bob:Zq/xPW@127.0.0.1:5453/r1", ["Zq", "xPW"]),
                              ("postgresql://bob:5453/xPW@127.0.0.1:5453/r1", ["xPW"]),
                              ("postgresql://bob:Zq?xPW@127.0.0.1:5453/r1", ["Zq", "xPW"]),
                              ("postgresql://bob:Zq?user=xPW@127.0.0.1/r1", ["Zq", "xPW"]),
                              ("postgresql://bob:Zq@w/xPW@h/db", ["Zq", "xPW"]),
                              ("postgresql://bob:Zq?a=xPW@h/db", ["Zq", "xPW"])] {
            let said = message(uri)
            #expect(said.hasPrefix("The URI has an @ past its host"), "\(uri): \(said)")
            for piece in pieces { #expect(!said.contains(piece), "\(uri): \(said)") }
        }
        // An @ where it means what it says is kept.
        #expect(message("postgresql://h:5432/db?application_name=me@laptop&user=a@b") == "accepted")
        #expect(message("postgresql://bob:Zq%2FxPW@h/db") == "accepted")
        #expect(message("postgresql://bob:Zq#xPW@h/db") == "accepted")
    }

    @Test func thePasswordsFoundForPsAreThoseTheURIGives() throws {
        for uri in ["postgresql://alice@/misc?host=/tmp/x&%70assword=S3cr3t-p%40ss", "postgresql://h/db?pass%77ord=pw",
                    "postgresql://a:p%40ss@h/db", "postgresql://a@h/db?password=c%26d&application_name=e"] {
            let given = try ConnectionSettings.resolve(uri: uri, environment: bare).password
            let found = ConnectionURI.passwordRanges(in: uri).last.map { range in
                let bytes = Array(uri.utf8)[range]
                return try? ConnectionURI.decode(String(decoding: bytes, as: UTF8.self)[...], part: "password")
            }
            #expect(given != nil && found == given, "\(uri)")
        }
    }

    @Test func thePasswordFileIsReadOnlyWhenOthersCannotReadIt() throws {
        let home = try TemporaryFolder()
        let file = home.path + "/.pgpass"
        try """
        # comment:*:*:*:nope
        other.example.org:*:*:*:wrong
        db.example.org:5432:roster:alice:right\\:one\\\\
        *:*:*:*:fallback
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let environment = ["USER": "alice", "HOME": home.path]
        chmod(file, 0o644)
        let open = try ConnectionSettings.resolve(uri: "postgresql://db.example.org/roster", environment: environment)
        #expect(open.password == nil)
        #expect(open.warnings == ["the password file \(file) was not read, as others can read or write it (its permissions should be u=rw, 0600, or less)"])
        chmod(file, 0o600)
        let closed = try ConnectionSettings.resolve(uri: "postgresql://db.example.org/roster", environment: environment)
        #expect(closed.password == "right:one\\")
        #expect(closed.passwordSource == .passwordFile(path: file))
        let wildcard = try ConnectionSettings.resolve(uri: "postgresql://elsewhere/x", environment: environment)
        #expect(wildcard.password == "fallback")
        let uriFirst = try ConnectionSettings.resolve(uri: "postgresql://alice:given@db.example.org/roster", environment: environment)
        #expect(uriFirst.password == "given")
    }

    @Test("a password file of megabytes is not read into memory: it is set aside, and said so")
    func aHugePasswordFileIsNotRead() throws {
        let home = try TemporaryFolder()
        let file = home.path + "/.pgpass"
        // Sparse: the size says 3 GiB, the disk holds almost nothing.
        let descriptor = open(file, O_CREAT | O_WRONLY, 0o600)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, 3 << 30) == 0)
        close(descriptor)
        let settings = try ConnectionSettings.resolve(uri: "postgresql://db.example.org/roster", environment: ["USER": "alice", "HOME": home.path])
        #expect(settings.password == nil)
        #expect(settings.warnings == ["the password file \(file) was not read, as it is larger than a password file is (over 1 MiB)"])
    }

    @Test func aSocketInTheDefaultFolderMatchesLocalhostInThePasswordFile() throws {
        let home = try TemporaryFolder()
        try "localhost:5432:*:alice:viasocket\n/tmp/elsewhere:5432:*:alice:bypath\n".write(toFile: home.path + "/pass", atomically: true, encoding: .utf8)
        chmod(home.path + "/pass", 0o600)
        let environment = ["USER": "alice", "PGPASSFILE": home.path + "/pass"]
        #expect(try ConnectionSettings.resolve(uri: nil, environment: environment).password == "viasocket")
        #expect(try ConnectionSettings.resolve(uri: "postgresql://?host=/tmp/elsewhere", environment: environment).password == "bypath")
    }
}

/// A folder removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/pgwire-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
