import Foundation
import Testing
@testable import RosterCore

/// Runs the import reader over JSONTestSuite's test_parsing folder when
/// `JSON_TEST_SUITE` names it (the suite is not part of the project:
/// `git clone https://github.com/nst/JSONTestSuite` and point at
/// `JSONTestSuite/test_parsing`). Every n_ file must be refused with a
/// syntax error first, at the place the strict parser finds it, whether
/// the format is found from the file's name or given; every y_ file must
/// be read without a syntax error. The project's own tests of each class
/// these found are in JSONSyntaxReportTests.
@Suite("JSONTestSuite, when it is there",
       .enabled(if: ProcessInfo.processInfo.environment["JSON_TEST_SUITE"] != nil))
struct JSONTestSuiteTests {
    static var folder: URL? {
        ProcessInfo.processInfo.environment["JSON_TEST_SUITE"].map { URL(fileURLWithPath: $0) }
    }

    static func files(_ prefix: String) throws -> [URL] {
        guard let folder else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(prefix) && $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func problems(_ bytes: [UInt8], format: MonsterReader.Format?, named: MonsterReader.Format?) throws -> [InputProblem] {
        let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "suite"), format: format, raw: false, named: named)
        while try reader.next() != nil {}
        return reader.log.problems
    }

    /// The strict parser's verdict on the whole file (after a byte order
    /// mark, which import skips), or nil when it is valid JSON.
    static func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return text.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                _ = try JSONParser.parse(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("every n_ file is refused with its syntax error first, at its place")
    func rejected() throws {
        var failures: [String] = []
        let files = try Self.files("n_")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let expected = Self.syntaxError(bytes)
            for (format, named) in [(nil, MonsterReader.Format.json), (MonsterReader.Format.json, nil)] {
                let mode = format == nil ? "auto" : "--format json"
                let first = try Self.problems(bytes, format: format, named: named).first
                guard let first, let location = first.location else {
                    failures.append("\(file.lastPathComponent) (\(mode)): \(first.map { $0.message } ?? "accepted")")
                    continue
                }
                // The reader words some errors for a roster (`after a
                // monster`); the place must be the parser's, except where
                // the reader refuses the text as a whole: a NUL byte (said
                // where it is) or only white space.
                let wholeText = first.message.hasPrefix("this is not a text file") || first.message.hasPrefix("the input is empty")
                    || first.message.hasPrefix("the input holds only blank space")
                if let expected {
                    if !Self.isSyntaxError(first) || (location != expected.location && !wholeText) {
                        failures.append("\(file.lastPathComponent) (\(mode)): \(location) \(first.message) / parser: \(expected)")
                    }
                } else {
                    failures.append("\(file.lastPathComponent) (\(mode)): the parser accepts it; reader says \(location) \(first.message)")
                }
            }
        }
        #expect(files.count == 188)
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
    }

    @Test("every y_ file is read without a problem labelled syntax: valid JSON of another shape is a shape problem")
    func accepted() throws {
        var failures: [String] = []
        let files = try Self.files("y_")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            if let error = Self.syntaxError(bytes), !Self.isDuplicateKey(error.message) {
                failures.append("\(file.lastPathComponent): parser: \(error)")
            }
            for (format, named) in [(nil, MonsterReader.Format.json), (MonsterReader.Format.json, nil)] {
                let mode = format == nil ? "auto" : "--format json"
                for problem in try Self.problems(bytes, format: format, named: named)
                where problem.kind == .syntax {
                    failures.append("\(file.lastPathComponent) (\(mode)): \(problem.formatted(source: "suite"))")
                }
            }
        }
        #expect(files.count == 95)
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
    }

    /// A key twice in one object is valid JSON (RFC 8259 only says keys
    /// SHOULD be unique), but roster refuses it on purpose, at its place:
    /// a monster with two names or two weapons has no one meaning, and
    /// keeping either would lose the other without a word.
    static func isDuplicateKey(_ message: String) -> Bool {
        message.hasPrefix("the key `) && message.contains(` appears twice in one object")
    }

    /// What the strict parser says about broken text, as opposed to what
    /// the reader says about valid JSON of another shape.
    static func isSyntaxError(_ problem: InputProblem) -> Bool {
        let shapes = ["expected a roster JSON document", "expected a monster object", "expected one monster object per line",
                      "the document has no", "this is one JSON object over several lines", "unknown key", "no name", "no weapon", "`monsters` must be", "this JSON is not a roster"]
        return problem.kind == .syntax && problem.field == nil && !shapes.contains { problem.message.hasPrefix($0) }
    }

    /// What the i_ files (either answer is allowed) get, printed for the report.
    @Test("the i_ files' answers are printed")
    func implementationDefined() throws {
        for file in try Self.files("i_") {
            let bytes = try [UInt8](Data(contentsOf: file))
            let first = try Self.problems(bytes, format: nil, named: .json).first
            print("i_ \(file.lastPathComponent): \(first.map { $0.formatted(source: "") } ?? "read")")
        }
    }
}
