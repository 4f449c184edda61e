@testable import RosterReaders

/// What every fuzz run checks, besides not crashing: reading the input in
/// one piece, in small chunks (the size taken from the input), and with
/// the JSON fast path switched off all give the same monsters and the
/// same problems at the same places, and every monster handed out obeys
/// the model's rules.
public enum FuzzCheck {
    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int, format: MonsterReader.Format?) {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let chunk = bytes.first.map { Int($0 % 13) + 1 } ?? 1
        let raw = (bytes.last ?? 0) & 1 == 1
        let whole = read(bytes, format: format, raw: raw, chunkSize: max(1, bytes.count))
        let pieces = read(bytes, format: format, raw: raw, chunkSize: chunk)
        if whole.monsters != pieces.monsters || whole.problems != pieces.problems {
            fatalError("reading in chunks of \(chunk) bytes differs from reading whole")
        }
        FlatJSONRecord.isEnabled = false
        let strict = read(bytes, format: format, raw: raw, chunkSize: max(1, bytes.count))
        FlatJSONRecord.isEnabled = true
        if whole.monsters != strict.monsters || whole.problems != strict.problems {
            fatalError("the JSON fast path disagrees with the strict parser:\n\(whole.problems)\n\(strict.problems)")
        }
        for monster in whole.monsters where !monster.problems.isEmpty {
            fatalError("a record breaking the rules was handed out: \(monster.problems)")
        }
    }

    static func read(_ bytes: [UInt8], format: MonsterReader.Format?, raw: Bool,
                     chunkSize: Int) -> (monsters: [Monster], problems: [InputProblem]) {
        do {
            let reader = try MonsterReader(input: ChunkedInput(bytes: bytes, name: "fuzz", chunkSize: chunkSize),
                                           format: format, raw: raw)
            var monsters: [Monster] = []
            while let record = try reader.next() { monsters.append(record.monster) }
            return (monsters, reader.log.problems)
        } catch {
            fatalError("reading from memory cannot fail, but did: \(error)")
        }
    }
}
