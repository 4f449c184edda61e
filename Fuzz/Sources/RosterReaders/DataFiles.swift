#if canImport(Glibc)
import Glibc
#endif

/// The fuzz build has no build plugin to carry `Data/` inside it, so the
/// data files the readers need (the country list) are read from the
/// repository's `Data/` folder when first asked for.
enum Assets {
    static func bytes(named name: String) -> [UInt8]? {
        // This file is Fuzz/Sources/RosterReaders/DataFiles.swift.
        let repository = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
        guard let file = fopen(repository + "/Data/" + name, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
