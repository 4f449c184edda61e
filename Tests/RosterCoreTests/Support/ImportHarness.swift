import Foundation
@testable import RosterCore

/// Reads `text` as an import would, in chunks of `chunkSize` bytes so that
/// records straddle chunk boundaries, and returns the records and problems.
/// The stand-ins for records with problems are left out unless asked for.
func readImport(_ text: String, format: MonsterReader.Format? = nil, raw: Bool = false, chunkSize: Int = 1 << 20,
                standIns: Bool = false, named: MonsterReader.Format? = nil) throws -> (records: [ImportedRecord], problems: [InputProblem]) {
    try readImport(Array(text.utf8), format: format, raw: raw, chunkSize: chunkSize, standIns: standIns, named: named)
}

func readImport(_ bytes: [UInt8], format: MonsterReader.Format? = nil, raw: Bool = false, chunkSize: Int = 1 << 20,
                standIns: Bool = false, named: MonsterReader.Format? = nil) throws -> (records: [ImportedRecord], problems: [InputProblem]) {
    let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "test", chunkSize: chunkSize),
                                   format: format, raw: raw, named: named)
    var records: [ImportedRecord] = []
    while let record = try reader.next() {
        if standIns || !record.isStandIn { records.append(record) }
    }
    return (records, reader.log.problems)
}

/// `LINE:COLUMN: field: message` for each problem, as the report prints them.
func described(_ problems: [InputProblem]) -> [String] {
    problems.map { $0.formatted(source: "f").dropFirst(2).description }
}

/// An open roster in a fresh temporary folder, removed afterwards, with
/// helpers to export and import bytes.
final class ImportRoster {
    let directory: URL
    let store: SQLiteRosterStore
    var path: String { directory.appendingPathComponent("roster.db").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SQLiteRosterStore.open(path: directory.appendingPathComponent("roster.db").path)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The roster exported in `format`, as bytes.
    func export(_ format: ExportFormat, options: ExportOptions = ExportOptions()) throws -> [UInt8] {
        let file = directory.appendingPathComponent("export-\(UUID().uuidString)").path
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let output = ByteOutput(fileDescriptor: descriptor, name: file)
        try store.export(format, to: output, options: options)
        try output.flush()
        close(descriptor)
        return [UInt8](FileManager.default.contents(atPath: file) ?? Data())
    }

    /// Imports `bytes`; the summary, or the problems as thrown.
    @discardableResult
    func importBytes(_ bytes: [UInt8], mode: ImportMode, format: MonsterReader.Format? = nil,
                     raw: Bool = false, dryRun: Bool = false, chunkSize: Int = 1 << 20) throws -> ImportSummary {
        let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "input", chunkSize: chunkSize),
                                       format: format, raw: raw)
        return try store.importMonsters(from: reader, mode: mode, dryRun: dryRun)
    }

    func importText(_ text: String, mode: ImportMode) throws -> ImportSummary {
        try importBytes(Array(text.utf8), mode: mode)
    }

    /// The problems an import reports, or an empty list if it succeeded.
    func importProblems(_ text: String, mode: ImportMode) -> [String] {
        do {
            try importBytes(Array(text.utf8), mode: mode)
            return []
        } catch RosterError.problems(let problems, _, _) {
            return described(problems)
        } catch {
            return ["unexpected error: \(error)"]
        }
    }
}
