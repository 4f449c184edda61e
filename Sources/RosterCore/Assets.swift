/// The files of `Data/`, compiled into the binary by the EmbedData build
/// tool: the default roster and the pictures. Nothing is read from disk,
/// so `roster` works from any directory.
public enum Assets {
    /// The names of every embedded file, sorted.
    public static var names: [String] {
        EmbeddedFiles.base64.keys.sorted()
    }

    /// The bytes of an embedded file, or nil if there is no such file.
    public static func bytes(named name: String) -> [UInt8]? {
        guard let encoded = EmbeddedFiles.base64[name] else { return nil }
        return Base64.decode(encoded.utf8Start, count: encoded.utf8CodeUnitCount)
    }

    /// The base64 text of an embedded file, for data URIs.
    public static func base64(named name: String) -> String? {
        EmbeddedFiles.base64[name].map { $0.description }
    }

    /// The picture assets (`*.png`), sorted.
    public static var imageNames: [String] {
        names.filter { $0.hasSuffix(".png") }
    }
}

/// Standard base64 (RFC 4648) decoding of trusted, build-time text.
enum Base64 {
    static func decode(_ text: UnsafePointer<UInt8>, count: Int) -> [UInt8]? {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        var output: [UInt8] = []
        output.reserveCapacity(count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for offset in 0..<count {
            let byte = text[offset]
            if byte == UInt8(ascii: "=") { break }
            let value = table[Int(byte)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}
