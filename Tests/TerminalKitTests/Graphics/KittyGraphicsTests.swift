import Foundation
import Testing
import TerminalKit

@Suite("The kitty graphics protocol's escape sequences")
struct KittyGraphicsTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a small PNG is transmitted in one sequence: PNG format, the image id, quiet, last chunk")
    func transmitOneChunk() {
        #expect(text(KittyGraphics.transmitPNG([1, 2, 3], imageID: 7)) == "\u{1B}_Ga=t,f=100,i=7,q=1,m=0;AQID\u{1B}\\")
        // 3072 bytes are exactly 4096 base64 bytes: still one sequence.
        let exact = KittyGraphics.transmitPNG([UInt8](repeating: 0xAB, count: 3072), imageID: 1)
        #expect(text(exact) == "\u{1B}_Ga=t,f=100,i=1,q=1,m=0;" + Data(repeating: 0xAB, count: 3072).base64EncodedString() + "\u{1B}\\")
    }

    @Test("a larger PNG goes in chunks of 4096 base64 bytes, m=1 on all but the last")
    func transmitChunks() {
        let png = (0..<6200).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        let encoded = Data(png).base64EncodedString()
        #expect(encoded.count == 8268)
        let chunks = [encoded.prefix(4096), encoded.dropFirst(4096).prefix(4096), encoded.dropFirst(8192)]
        let expected = "\u{1B}_Ga=t,f=100,i=42,q=1,m=1;\(chunks[0])\u{1B}\\"
            + "\u{1B}_Gm=1,q=1;\(chunks[1])\u{1B}\\"
            + "\u{1B}_Gm=0,q=1;\(chunks[2])\u{1B}\\"
        #expect(text(KittyGraphics.transmitPNG(png, imageID: 42)) == expected)
    }

    @Test("base64 matches Foundation's for every length remainder")
    func base64() {
        for count in 0..<10 {
            let bytes = (0..<count).map { UInt8($0 * 37 % 256) }
            let sequence = text(KittyGraphics.transmitPNG(bytes, imageID: 1))
            #expect(sequence == "\u{1B}_Ga=t,f=100,i=1,q=1,m=0;\(Data(bytes).base64EncodedString())\u{1B}\\")
        }
    }

    @Test("a placement: image and placement ids, size in cells, cursor left where it was")
    func place() {
        #expect(text(KittyGraphics.place(imageID: 7, placementID: 3, columns: 16, rows: 8))
                == "\u{1B}_Ga=p,i=7,p=3,c=16,r=8,C=1,q=1\u{1B}\\")
    }

    @Test("deleting a placement, an image, every placement, everything")
    func delete() {
        #expect(text(KittyGraphics.deletePlacement(imageID: 7, placementID: 3)) == "\u{1B}_Ga=d,d=i,i=7,p=3,q=2\u{1B}\\")
        #expect(text(KittyGraphics.deletePlacement(imageID: 7, placementID: nil)) == "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\")
        #expect(text(KittyGraphics.deleteImage(imageID: 7)) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        #expect(text(KittyGraphics.deleteAllPlacements()) == "\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
        #expect(text(KittyGraphics.deleteEverything()) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }

    @Test("the support query asks about a 1×1 image, then for the device attributes")
    func query() {
        #expect(text(KittyGraphics.supportQuery) == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    @Test("a graphics answer: its image and message, ended by ST or BEL; anything else is none")
    func replies() {
        func answer(_ text: String) -> KittyGraphics.Answer? { KittyGraphics.answer(in: Array(text.utf8)) }
        let ok = answer("\u{1B}_Gi=31;OK\u{1B}\\")
        #expect(ok?.imageID == 31 && ok?.placementID == nil && ok?.message == "OK")
        #expect(answer("\u{1B}_Gi=31;OK\u{07}")?.message == "OK")
        #expect(answer("\u{1B}_Gi=31;ENOTSUPPORTED:no such format\u{1B}\\")?.message == "ENOTSUPPORTED:no such format")
        let gone = answer("\u{1B}_Gi=7,p=3;ENOENT:gone\u{1B}\\")
        #expect(gone?.imageID == 7 && gone?.placementID == 3 && gone?.message == "ENOENT:gone")
        #expect(answer("\u{1B}[?62;c") == nil)
        #expect(answer("") == nil)
        #expect(answer("\u{1B}_Gi=31;OK") == nil)
    }
}

@Suite("The kitty query through the key decoder, as TerminalSession.query reads it")
struct KittyQueryDecodingTests {
    /// The replies the decoder hands out, one by one, and the keys it typed.
    func collected(_ answer: String, splitEvery step: Int) -> (replies: [[UInt8]], events: [InputEvent]) {
        var decoder = KeyDecoder()
        var replies: [[UInt8]] = []
        var events: [InputEvent] = []
        let bytes = Array(answer.utf8)
        for start in stride(from: 0, to: bytes.count, by: step) {
            events += decoder.feed(bytes[start..<min(bytes.count, start + step)], replies: &replies)
        }
        return (replies, events)
    }

    @Test("a kitty terminal's answer, however the reads split it, reads as supported and types no keys")
    func supported() {
        for step in [1, 3, 7, 100] {
            let (replies, events) = collected("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", splitEvery: step)
            #expect(replies.compactMap { KittyGraphics.answer(in: $0) }.map(\.message) == ["OK"], "split every \(step)")
            #expect(events.isEmpty)
        }
    }

    @Test("a terminal without the protocol answers only the device attributes: not supported")
    func unsupported() {
        let (replies, events) = collected("\u{1B}[?64;1;2;6;9;15;18;21;22c", splitEvery: 5)
        #expect(replies.compactMap { KittyGraphics.answer(in: $0) }.isEmpty)
        #expect(events.isEmpty)
        let (refused, _) = collected("\u{1B}_Gi=31;ENOTSUPPORTED:nope\u{1B}\\\u{1B}[?62c", splitEvery: 4)
        #expect(refused.compactMap { KittyGraphics.answer(in: $0) }.map(\.message) == ["ENOTSUPPORTED:nope"])
    }
}
