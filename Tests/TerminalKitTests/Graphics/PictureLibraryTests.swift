import Testing
import TerminalKit

/// Counts how often the library asks for a picture's bytes.
final class CountingLoader: @unchecked Sendable {
    var loads: [String] = []
    let files: [String: [UInt8]]

    init(_ files: [String: [UInt8]]) {
        self.files = files
    }

    func load(_ name: String) -> [UInt8]? {
        loads.append(name)
        return files[name]
    }
}

@Suite("A library of pictures decoded once")
struct PictureLibraryTests {
    @Test("a picture is decoded on first use and kept; its renderings are kept per size and depth")
    func decodedOnce() throws {
        let loader = CountingLoader(["sword.png": try shippedPNG("sword.png")])
        let library = PictureLibrary(load: loader.load)
        let image = try #require(library.image(named: "sword.png"))
        #expect(image.width == 64)
        let large = library.halfBlocks(named: "sword.png", fitting: Size(width: 32, height: 16), depth: .indexed256)
        #expect(large?.size == Size(width: 32, height: 16))
        #expect(library.halfBlocks(named: "sword.png", fitting: Size(width: 32, height: 16), depth: .indexed256) == large)
        #expect(library.halfBlocks(named: "sword.png", fitting: Size(width: 16, height: 8), depth: .truecolor)?.size
                == Size(width: 16, height: 8))
        #expect(library.halfBlocks(named: "sword.png", fitting: Size(width: 16, height: 8), depth: .none) == nil)
        #expect(loader.loads == ["sword.png"])
        #expect(library.pngBytes(named: "sword.png") == loader.files["sword.png"])
    }

    @Test("a missing or damaged picture is nil, remembered, and says why")
    func failures() {
        let loader = CountingLoader(["broken.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]])
        let library = PictureLibrary(load: loader.load)
        #expect(library.image(named: "missing.png") == nil)
        #expect(library.image(named: "missing.png") == nil)
        #expect(library.failure(named: "missing.png")?.message == "there is no picture named missing.png")
        #expect(library.halfBlocks(named: "broken.png", fitting: Size(width: 8, height: 4), depth: .ansi16) == nil)
        #expect(library.failure(named: "broken.png")?.message.hasPrefix("the PNG image is damaged") == true)
        #expect(library.pngBytes(named: "broken.png") == nil)
        #expect(loader.loads == ["missing.png", "broken.png"])
    }

    @Test("kitty image ids are stable per picture, start at 1 and skip the query's id")
    func kittyIDs() {
        let library = PictureLibrary(load: { _ in nil })
        #expect(library.imageID(named: "a.png") == 1)
        #expect(library.imageID(named: "b.png") == 2)
        #expect(library.imageID(named: "a.png") == 1)
        let ids = (0..<40).map { library.imageID(named: "p\($0).png") }
        #expect(!ids.contains(KittyGraphics.queryImageID))
        #expect(Set(ids).count == 40)
    }
}
