/// The pictures an application shows, decoded once and kept ready to
/// draw, so that a frame with pictures costs no more than one without.
///
/// The library knows pictures only by name; the caller says where the
/// bytes come from. Each PNG is decoded once and kept, a failure included
/// (`failure(named:)` says why); half-block renderings are kept per size
/// and depth. Image ids are handed out per name for the whole session, so
/// each picture is sent once and placed many times; or, where the cells'
/// pixels are known, per name and size in cells, the picture then drawn
/// at the terminal's own pixels: kitty scales smoothly (0.41 does; 0.26
/// did not), which blurs pixel art.
///
/// Not thread-safe: use it from the thread that draws.
public final class PictureLibrary {
    private let load: (String) -> [UInt8]?
    private var decoded: [String: Result<Image, ImageDecodingError>] = [:]
    private var renderings: [RenderingKey: HalfBlockPicture] = [:]
    private var imageIDs: [ImageKey: UInt32] = [:]
    private var imageKeys: [UInt32: ImageKey] = [:]

    /// What a kitty image id stands for: a picture as its file, or drawn
    /// for `cells` of `cellPixels` each.
    private struct ImageKey: Hashable {
        let name: String
        var cells: Size?
        var cellPixels: Size?
    }

    /// Sized ids stay below this; past
    /// it, pictures are sent as their files (scaled by the terminal).
    static let sizedIDLimit: UInt32 = 900

    /// Renderings kept before the cache starts over (many sizes come and
    /// go while a terminal is resized).
    static let renderingLimit = 256

    private struct RenderingKey: Hashable {
        let name: String
        let space: Size
        let depth: ColorDepth
        let matte: RGBA?
    }

    /// `load` returns a picture's PNG bytes by name, or nil if there is none.
    public init(load: @escaping (String) -> [UInt8]?) { self.load = load }

    /// The decoded picture, or nil if there is no such picture or it is damaged.
    public func image(named name: String) -> Image? { try? result(named: name).get() }

    /// Why a picture could not be shown, if it could not.
    public func failure(named name: String) -> ImageDecodingError? {
        if case .failure(let error) = result(named: name) { return error }
        return nil
    }

    /// The picture fitted to `space` in half blocks of `depth`'s colours;
    /// nil if there is no such picture or the depth has no colour.
    public func halfBlocks(named name: String, fitting space: Size, depth: ColorDepth, matte: RGBA? = nil) -> HalfBlockPicture? {
        guard depth != .none, let image = image(named: name) else { return nil }
        let key = RenderingKey(name: name, space: space, depth: depth, matte: matte)
        if let kept = renderings[key] { return kept }
        if renderings.count >= Self.renderingLimit { renderings.removeAll(keepingCapacity: true) }
        let picture = HalfBlockPicture(image, fitting: space, depth: depth, matte: matte)
        renderings[key] = picture
        return picture
    }

    /// The PNG bytes to transmit with `KittyGraphics.transmitPNG`; nil
    /// unless the picture decodes, so a terminal is never sent a file it
    /// cannot show.
    public func pngBytes(named name: String) -> [UInt8]? { image(named: name) == nil ? nil : load(name) }

    /// The kitty image id for this picture: 1, 2, 3… in order of first
    /// asking, the same for the whole session. (The support query's id,
    /// `KittyGraphics.queryImageID`, is never handed out.)
    public func imageID(named name: String) -> UInt32 { imageID(for: ImageKey(name: name)) }

    /// The kitty image id for this picture drawn at `cells` of
    /// `cellPixels` each (pixel art at a whole multiple, centred, as sixel
    /// pictures are): an image of exactly its placement's pixels, which the
    /// terminal shows unscaled. Nil once ids run out (very many sizes: a
    /// long session of resizes); the caller then uses the unsized id.
    public func imageID(named name: String, cells: Size, cellPixels: Size) -> UInt32? {
        let key = ImageKey(name: name, cells: cells, cellPixels: cellPixels)
        if let id = imageIDs[key] { return id }
        guard UInt32(imageIDs.count + 2) < Self.sizedIDLimit else { return nil }
        return imageID(for: key)
    }

    private func imageID(for key: ImageKey) -> UInt32 {
        if let id = imageIDs[key] { return id }
        var id = UInt32(imageIDs.count + 1)
        if id >= KittyGraphics.queryImageID { id += 1 }
        imageIDs[key] = id
        imageKeys[id] = key
        return id
    }

    /// The PNG bytes of the picture that has this kitty image id, for the
    /// renderer's first transmission of it.
    public func pngBytes(forImageID id: UInt32) -> [UInt8]? {
        guard let key = imageKeys[id] else { return nil }
        guard let cells = key.cells, let cellPixels = key.cellPixels else { return pngBytes(named: key.name) }
        return try? image(named: key.name)?.framed(in: cells, cellPixels: cellPixels).encodePNG()
    }

    /// The decoded picture that has this image id, for pictures painted
    /// here rather than sent as the PNG (sixel, iTerm2's inline images).
    public func image(forImageID id: UInt32) -> Image? { imageKeys[id].flatMap { image(named: $0.name) } }

    private func result(named name: String) -> Result<Image, ImageDecodingError> {
        if let known = decoded[name] { return known }
        let outcome: Result<Image, ImageDecodingError>
        if let bytes = load(name) {
            do {
                outcome = .success(try Image.decodePNG(bytes))
            } catch {
                outcome = .failure(error)
            }
        } else {
            outcome = .failure(ImageDecodingError("there is no picture named \(name)"))
        }
        decoded[name] = outcome
        return outcome
    }
}
