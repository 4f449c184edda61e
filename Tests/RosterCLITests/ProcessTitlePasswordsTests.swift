import Testing
@testable import RosterCLI

/// The password of a URI on the command line is found where PostgresWire
/// reads it, and nothing else is taken for one.
@Suite("The password hidden from ps")
struct ProcessTitlePasswordsTests {
    func hidden(_ argument: String) -> String {
        var bytes = Array(argument.utf8)
        for range in ProcessTitlePasswords.passwordRanges(in: bytes) {
            for position in range { bytes[position] = UInt8(ascii: "x") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("the password after the user's colon up to the last @ before the host, and a password= parameter", arguments: [
        ("postgresql://alice:s3cret@db.example.org/roster", "postgresql://alice:xxxxxx@db.example.org/roster"),
        ("postgres://alice:p@ss@db/roster?sslmode=require", "postgres://alice:xxxx@db/roster?sslmode=require"),
        ("--db=postgresql://alice:pw@/roster?host=/tmp/s", "--db=postgresql://alice:xx@/roster?host=/tmp/s"),
        ("postgresql://alice:a:b@[::1]:5433/roster", "postgresql://alice:xxx@[::1]:5433/roster"),
        ("postgresql:///roster?host=/tmp/s&password=pw1&user=bob", "postgresql:///roster?host=/tmp/s&password=xxx&user=bob"),
        ("postgresql://a:b@h/r?password=cd", "postgresql://a:x@h/r?password=xx"),
        // The key is decoded as the URI's reader decodes it, as libpq does.
        ("postgresql://alice@/misc?host=/tmp/x&%70assword=S3cr3t-p%40ss", "postgresql://alice@/misc?host=/tmp/x&%70assword=xxxxxxxxxxxxx"),
        ("postgresql://alice@/misc?pass%77ord=S3cr3t&user=bob", "postgresql://alice@/misc?pass%77ord=xxxxxx&user=bob"),
        ("postgresql://h/db?%70%61%73%73%77%6F%72%64=pw", "postgresql://h/db?%70%61%73%73%77%6F%72%64=xx"),
        // An encoded '=': refused, but hidden until roster has said so.
        ("postgresql://alice@/misc?host=/tmp/x&password%3DS3cr3t", "postgresql://alice@/misc?host=/tmp/x&xxxxxxxxxxxxxxxxx"),
        // A password with an unencoded / or ?: refused, hidden from :// to the last @.
        ("postgresql://bob:Se/cretPW@127.0.0.1:5453/r1", "postgresql://xxxxxxxxxxxxx@127.0.0.1:5453/r1"),
        ("--db=postgresql://bob:5453/cretPW@h:5453/r1", "--db=postgresql://xxxxxxxxxxxxxxx@h:5453/r1"),
        ("postgres://bob:Se?cretPW@h/r1?sslmode=require", "postgres://xxxxxxxxxxxxx@h/r1?sslmode=require"),
        ("postgresql://bob:p@ss/wo?rd@h/r1", "postgresql://xxxxxxxxxxxxxx@h/r1"),
    ])
    func hides(argument: String, shown: String) {
        #expect(hidden(argument) == shown)
    }

    @Test("no password, nothing changed", arguments: [
        "postgresql://alice@db/roster", "postgresql://db/roster?user=a:b@c", "postgresql://alice:@db/roster",
        "/home/alice/roster.db", "alice:secret@somewhere", "postgresql://",
    ])
    func leaves(argument: String) {
        #expect(hidden(argument) == argument)
    }

    @Test func anArgumentThatIsNotUTF8IsHiddenWholeAfterTheScheme() {
        let argument = Array("--db=postgresql://a:".utf8) + [0xFF] + Array("pw@h/db".utf8)
        #expect(ProcessTitlePasswords.passwordRanges(in: argument) == [18..<argument.count])
    }
}
