import COpenSSL

/// The few primitives SCRAM-SHA-256 and MD5 authentication need, from
/// libcrypto: hashes, HMAC, PBKDF2 and random bytes for the nonce, plus
/// the base64 that SCRAM's messages use.
enum Cryptography {
    /// libcrypto set up without its configuration file: left to itself,
    /// its first use reads openssl.cnf, which may load engines or providers
    /// from shared libraries, and a static program must never load one.
    /// (TLS sets up libssl the same way; this covers SCRAM on a socket.)
    private static let setUp: Void = {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil)
    }()

    static func sha256(_ data: [UInt8]) -> [UInt8] {
        setUp
        var digest = [UInt8](repeating: 0, count: 32)
        _ = SHA256(data, data.count, &digest)
        return digest
    }

    static func md5Hex(_ data: [UInt8]) -> String {
        setUp
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_Digest(data, data.count, &digest, &length, EVP_md5(), nil)
        return hex(digest.prefix(Int(length)))
    }

    static func hmacSHA256(key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        setUp
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }

    static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        setUp
        var key = [UInt8](repeating: 0, count: 32)
        _ = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { characters in
                PKCS5_PBKDF2_HMAC(characters.baseAddress, Int32(passwordBytes.count), salt, Int32(salt.count),
                                  Int32(iterations), EVP_sha256(), Int32(key.count), &key)
            }
        }
        return key
    }

    /// Cryptographically random bytes, or nil if OpenSSL has no entropy.
    static func randomBytes(_ count: Int) -> [UInt8]? {
        setUp
        var bytes = [UInt8](repeating: 0, count: count)
        return RAND_bytes(&bytes, Int32(count)) == 1 ? bytes : nil
    }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            let second = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            text.append(alphabet[Int(first >> 2)])
            text.append(alphabet[Int((first & 0x3) << 4 | second >> 4)])
            text.append(index + 1 < bytes.count ? alphabet[Int((second & 0xf) << 2 | third >> 6)] : UInt8(ascii: "="))
            text.append(index + 2 < bytes.count ? alphabet[Int(third & 0x3f)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// nil for anything that is not canonical, padded base64.
    static func decode<S: StringProtocol>(_ text: S) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var values: [UInt8] = []
        var bytes: [UInt8] = []
        var padding = 0
        for (position, character) in characters.enumerated() {
            if character == UInt8(ascii: "=") {
                guard position >= characters.count - 2 else { return nil }
                padding += 1
                values.append(0)
            } else {
                guard padding == 0, let value = alphabet.firstIndex(of: character) else { return nil }
                values.append(UInt8(value))
            }
            if values.count == 4 {
                bytes.append(values[0] << 2 | values[1] >> 4)
                bytes.append((values[1] & 0xf) << 4 | values[2] >> 2)
                bytes.append((values[2] & 0x3) << 6 | values[3])
                values.removeAll(keepingCapacity: true)
            }
        }
        return Array(bytes.dropLast(padding))
    }
}
