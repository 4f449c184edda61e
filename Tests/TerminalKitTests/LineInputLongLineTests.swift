import Foundation
import Testing
@testable import TerminalKit

/// A line-oriented session reads from a pipe 4 KiB at a time. A line of
/// megabytes (a script's stray paste, a file with no newlines) must cost
/// its length, not its length squared: the newline search began again at
/// the start of the line after every read, and 8 MB took minutes.
@Suite("Line input over a very long line")
struct LineInputLongLineTests {
    @Test("a 32 MB line and the lines after it come out whole, at once",
          .timeLimit(.minutes(1)))
    func longLineFromAPipe() throws {
        let pipe = Pipe()
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 32 << 20)
        let writer = pipe.fileHandleForWriting
        let feeding = DispatchGroup()
        DispatchQueue.global().async(group: feeding) {
            try? writer.write(contentsOf: Data(long + Array("\r\nsecond\nlast".utf8)))
            try? writer.close()
        }
        let input = try LineInput(descriptor: pipe.fileHandleForReading.fileDescriptor, catchingSignals: false)
        guard case .line(let first) = input.nextLine() else {
            Issue.record("the long line did not come out as a line")
            return
        }
        #expect(first.utf8.count == long.count)
        #expect(first.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(input.nextLine() == .line("second"))
        #expect(input.nextLine() == .line("last"))
        #expect(input.nextLine() == .end)
        feeding.wait()
    }

    @Test("lines split across reads anywhere are joined as they were written")
    func linesSplitAcrossReads() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let input = try LineInput(descriptor: pipe.fileHandleForReading.fileDescriptor, catchingSignals: false)
        let chunks = ["ca", "t\r", "\nd", "og\n\n", "", "a\u{e9}"]
        let feeding = DispatchGroup()
        DispatchQueue.global().async(group: feeding) {
            for chunk in chunks {
                try? writer.write(contentsOf: Data(chunk.utf8))
                usleep(20_000)
            }
            try? writer.close()
        }
        #expect(input.nextLine() == .line("cat"))
        #expect(input.nextLine() == .line("dog"))
        #expect(input.nextLine() == .line(""))
        #expect(input.nextLine() == .line("a\u{e9}"))
        #expect(input.nextLine() == .end)
        feeding.wait()
    }
}

/// The plain roster read a line of any length (10 MB: 22 s and 305 MB).
@Suite("Line input with a limit")
struct LineInputLimitTests {
    @Test("a line past the limit is read past and told, without being kept; the lines around it come out whole")
    func limited() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let feeding = DispatchGroup()
        DispatchQueue.global().async(group: feeding) {
            try? writer.write(contentsOf: Data("first\n".utf8 + [UInt8](repeating: 0x78, count: 1 << 20) + Array("\nafter\n".utf8)
                                                + [UInt8](repeating: 0x79, count: 200)))
            try? writer.close()
        }
        let input = try LineInput(descriptor: pipe.fileHandleForReading.fileDescriptor, catchingSignals: false, lineLimit: 100)
        #expect(input.nextLine() == .line("first"))
        #expect(input.nextLine() == .tooLong)
        #expect(input.nextLine() == .line("after"))
        #expect(input.nextLine() == .tooLong, "a last line without a newline, too long")
        #expect(input.nextLine() == .end)
        feeding.wait()
    }
}
