import CPNG

/// A picture in memory: 8-bit RGBA pixels, row by row from the top left,
/// with straight (not premultiplied) alpha.
///
/// PNG files are decoded by Debian's libpng through its simplified API,
/// which turns every kind of PNG (palette, grey, 16-bit, interlaced, with
/// or without transparency) into the same RGBA layout and reports damaged
/// data as an error with a message instead of aborting. Nothing here knows
/// where the bytes came from: callers pass embedded assets or file
/// contents alike.
///
/// Drawing is elsewhere: `HalfBlockPicture` turns an image into cells,
/// `KittyGraphics` sends the original PNG bytes to terminals that can show
/// them.
public struct Image: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]
    /// How many pixels of the file make one pixel of the art: pixel art
    /// saved enlarged (a 16×16 drawing stored at 64×64) repeats each of
    /// its pixels in `artScale × artScale` blocks. 1 for anything else.
    public let artScale: Int

    /// The largest picture `decodePNG` accepts, in pixels on either side.
    /// A terminal shows a few hundred at most; the limit keeps a hostile
    /// header from asking for gigabytes.
    public static let maximumSide = 4096

    /// An image from raw RGBA bytes. The byte count must be `width × height × 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4,
                     "an RGBA image needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.artScale = Self.blockSize(width: width, height: height, rgba: rgba)
    }

    /// The art at its own size: one pixel per block of `artScale`.
    public var art: Image {
        guard artScale > 1 else { return self }
        let artWidth = width / artScale, artHeight = height / artScale
        var bytes: [UInt8] = []
        bytes.reserveCapacity(artWidth * artHeight * 4)
        for y in 0..<artHeight {
            for x in 0..<artWidth {
                let index = (y * artScale * width + x * artScale) * 4
                bytes += rgba[index..<(index + 4)]
            }
        }
        return Image(width: artWidth, height: artHeight, rgba: bytes)
    }

    /// The largest block size that divides both sides and in which every
    /// block is one colour.
    private static func blockSize(width: Int, height: Int, rgba: [UInt8]) -> Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let common = gcd(width, height)
        guard common > 1 else { return 1 }
        for size in stride(from: common, to: 1, by: -1) where common % size == 0 {
            if isUniform(blocks: size, width: width, height: height, rgba: rgba) { return size }
        }
        return 1
    }

    private static func isUniform(blocks size: Int, width: Int, height: Int, rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let rowStart = (y - y % size) * width
                for x in 0..<width {
                    let corner = (rowStart + x - x % size) * 4
                    let index = (y * width + x) * 4
                    if pixels[index] != pixels[corner] || pixels[index + 1] != pixels[corner + 1]
                        || pixels[index + 2] != pixels[corner + 2] || pixels[index + 3] != pixels[corner + 3] { return false }
                }
            }
            return true
        }
    }

    /// An image from rows of pixels, for tests and generated pictures.
    /// Every row must have the same length.
    public init(rows: [[RGBA]]) {
        let width = rows.first?.count ?? 0
        precondition(rows.allSatisfy { $0.count == width }, "every row of an image needs the same width")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * rows.count * 4)
        for row in rows {
            for pixel in row { bytes += [pixel.red, pixel.green, pixel.blue, pixel.alpha] }
        }
        self.init(width: width, height: rows.count, rgba: bytes)
    }

    /// The pixel at column `x`, row `y`; fully transparent outside the image.
    public subscript(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let index = (y * width + x) * 4
        return RGBA(rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }

    /// Decodes a PNG file's bytes.
    public static func decodePNG(_ bytes: [UInt8]) throws(ImageDecodingError) -> Image {
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw ImageDecodingError("the data is not a PNG image (it does not start with the PNG signature)")
        }
        // libpng reads from the caller's memory until the image is
        // finished, so both steps happen while the bytes are pinned.
        let result: Result<Image, ImageDecodingError> = bytes.withUnsafeBytes { data in
            var image = png_image()
            image.version = cpng_image_version()
            guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
                return .failure(ImageDecodingError(libpngMessage(image)))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
                png_image_free(&image)
                return .failure(ImageDecodingError(
                    "the PNG image is \(width)×\(height) pixels; at most \(maximumSide)×\(maximumSide) can be shown"))
            }
            image.format = cpng_format_rgba()
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            }
            // finish_read frees libpng's state whether it succeeds or not.
            guard finished != 0 else {
                return .failure(ImageDecodingError(libpngMessage(image)))
            }
            return .success(Image(width: width, height: height, rgba: pixels))
        }
        return try result.get()
    }

    private static func libpngMessage(_ image: png_image) -> String {
        var copy = image
        let message = String(cString: cpng_message(&copy))
        return message.isEmpty ? "the PNG image is damaged" : "the PNG image is damaged: \(message)"
    }
}

/// One pixel: 8-bit red, green, blue and straight alpha.
extension Image {
    /// The image laid over `background`: every pixel opaque, a translucent
    /// one mixed with the background by its alpha. For a terminal that
    /// would fill transparent pixels with a colour of its own choosing.
    public func flattened(onto background: RGBA) -> Image {
        var mixed = rgba
        let under = [Int(background.red), Int(background.green), Int(background.blue)]
        for pixel in stride(from: 0, to: mixed.count, by: 4) {
            let alpha = Int(mixed[pixel + 3])
            guard alpha < 255 else { continue }
            for channel in 0..<3 {
                mixed[pixel + channel] = UInt8((Int(mixed[pixel + channel]) * alpha + under[channel] * (255 - alpha) + 127) / 255)
            }
            mixed[pixel + 3] = 255
        }
        return Image(width: width, height: height, rgba: mixed)
    }
}

public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let clear = RGBA(0, 0, 0, 0)
    public var color: Color { .rgb(red, green, blue) }
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// Why an image could not be decoded, as one sentence.
public struct ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
