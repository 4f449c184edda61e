import Foundation
import Testing
import TerminalKit

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A sprite from art/: what every pixel of its PNG should be.
struct ArtSprite {
    let name: String
    let rows: [[RGBA]]

    static func load(_ url: URL) throws -> ArtSprite {
        var palette: [Character: RGBA] = [:]
        var rows: [[RGBA]] = []
        var section = ""
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text == "palette" || text == "pixels" { section = text; continue }
            if section == "palette" {
                let fields = text.split(separator: " ", omittingEmptySubsequences: true)
                let hex = String(fields[1])
                palette[fields[0].first!] = hex == "none"
                    ? .clear
                    : RGBA(UInt8(hex.prefix(2), radix: 16)!, UInt8(hex.dropFirst(2).prefix(2), radix: 16)!,
                           UInt8(hex.suffix(2), radix: 16)!)
            } else {
                rows.append(text.map { palette[$0]! })
            }
        }
        return ArtSprite(name: url.deletingPathExtension().lastPathComponent, rows: rows)
    }

    static func all() throws -> [ArtSprite] {
        let directory = repositoryRoot.appendingPathComponent("art")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map(load)
    }
}

func shippedPNG(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Data").appendingPathComponent(name)))
}

/// PNG's CRC-32 of a chunk's type and data.
func pngCRC<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

/// A chunk with its length and CRC, for hand-made PNGs.
func pngChunk(_ kind: String, _ payload: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + payload
    return bigEndian(UInt32(payload.count)) + body + bigEndian(pngCRC(body))
}

/// The PNG with every chunk's CRC made right again, as far as its lengths
/// still make sense, so that damage reaches the decoder behind the CRCs.
func withFixedCRCs(_ png: [UInt8]) -> [UInt8] {
    var bytes = png
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let end = offset + 8 + length
        guard length >= 0, end + 4 <= bytes.count else { break }
        bytes.replaceSubrange(end..<end + 4, with: bigEndian(pngCRC(bytes[offset + 4..<end])))
        offset = end + 4
    }
    return bytes
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

@Suite("Decoding PNG pictures with libpng")
struct PNGDecodingTests {
    @Test("every shipped picture decodes to exactly its pixel art, each art pixel a 4×4 square")
    func shippedPictures() throws {
        let sprites = try ArtSprite.all()
        #expect(sprites.count == 12)
        for sprite in sprites {
            let image = try Image.decodePNG(try shippedPNG(sprite.name + ".png"))
            #expect(image.width == 64 && image.height == 64, "\(sprite.name) is \(image.width)×\(image.height)")
            var wrong = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y] != sprite.rows[y / 4][x / 4] {
                    wrong += 1
                }
            }
            #expect(wrong == 0, "\(sprite.name): \(wrong) pixels differ from art/\(sprite.name).txt")
        }
    }

    @Test("a known pixel: the tip of the flame is outline, its corner transparent, its heart white-hot")
    func knownPixels() throws {
        let fire = try Image.decodePNG(try shippedPNG("fire.png"))
        #expect(fire[0, 0] == .clear)
        #expect(fire[7 * 4, 0] == RGBA(0x1E, 0x1A, 0x2E))
        #expect(fire[8 * 4 + 1, 12 * 4 + 2] == RGBA(0xFF, 0xF6, 0xD0))
    }

    @Test("data that is not a PNG is refused with a sentence, not a crash")
    func notPNG() {
        for bytes in [[], Array("hello, world".utf8), Array(pngSignature.prefix(7))] {
            #expect(throws: ImageDecodingError.self) { try Image.decodePNG(bytes) }
        }
        do {
            _ = try Image.decodePNG(Array("GIF89a…".utf8))
            Issue.record("a GIF decoded as PNG")
        } catch {
            #expect(error.message == "the data is not a PNG image (it does not start with the PNG signature)")
        }
    }

    @Test("a truncated or corrupted PNG gives libpng's reason")
    func damagedPNG() throws {
        let good = try shippedPNG("sword.png")
        for cut in [9, 20, 33, good.count / 2, good.count - 13] {
            do {
                _ = try Image.decodePNG(Array(good.prefix(cut)))
                Issue.record("a PNG cut to \(cut) bytes decoded")
            } catch {
                #expect(error.message.hasPrefix("the PNG image is damaged"))
            }
        }
        // Flip a byte inside the compressed pixel data: the CRC no longer matches.
        var corrupted = good
        let idat = try #require(corrupted.indices.first { corrupted[$0..<min($0 + 4, corrupted.count)].elementsEqual("IDAT".utf8) })
        corrupted[idat + 10] ^= 0xFF
        #expect(throws: ImageDecodingError.self) { try Image.decodePNG(corrupted) }
        // Random bytes after a valid signature.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let noise = (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: ImageDecodingError.self) { try Image.decodePNG(pngSignature + noise) }
        }
    }

    @Test("thousands of PNGs with bytes changed at random either decode or fail with a sentence")
    func mutations() throws {
        let originals = try ["fire.png", "meetcatbot.png", "unknown.png"].map(shippedPNG)
        // A fixed-seed generator, so that a failure can be reproduced.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var decoded = 0, refused = 0
        for round in 0..<3000 {
            var bytes = originals[round % originals.count]
            for _ in 0...(next() % 4) {
                bytes[8 + next() % (bytes.count - 8)] = UInt8(truncatingIfNeeded: next())
            }
            // Half the time, past the CRCs: into the header, palette and pixel data.
            if round % 2 == 0 { bytes = withFixedCRCs(bytes) }
            do {
                let image = try Image.decodePNG(bytes)
                #expect(image.rgba.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(decoded + refused == 3000)
        #expect(refused > 0)
        #expect(decoded > 0)
    }

    @Test("a header asking for an enormous picture is refused before anything is allocated")
    func enormousPNG() {
        let header: [UInt8] = [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]  // 20000×20000 RGBA
        let bytes = pngSignature + pngChunk("IHDR", header) + pngChunk("IDAT", [0x78, 0x9C, 3, 0, 0, 0, 0, 1]) + pngChunk("IEND", [])
        do {
            _ = try Image.decodePNG(bytes)
            Issue.record("a 20000×20000 PNG decoded")
        } catch {
            #expect(error.message.contains("at most 4096×4096"))
        }
    }
}
