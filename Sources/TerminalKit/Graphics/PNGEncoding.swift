import CPNG

/// Writing images as PNG files, for terminals that are sent image files
/// rather than cells (iTerm2's inline images).
///
/// The same Debian libpng that decodes the assets encodes here, through
/// its simplified API: RGBA rows in, a whole PNG file in memory out, with
/// failures as a message rather than a `longjmp`.
extension Image {
    /// This image as the bytes of a PNG file.
    public func encodePNG() throws(ImageDecodingError) -> [UInt8] {
        guard width > 0, height > 0 else { throw ImageDecodingError("an empty image cannot be written as PNG") }
        var image = png_image()
        image.version = cpng_image_version()
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = cpng_format_rgba()
        let stride = png_int_32(width * 4)
        // First call: how many bytes the file will take; second: write them.
        var byteCount: png_alloc_size_t = 0
        let sized = rgba.withUnsafeBytes { pixels in
            png_image_write_to_memory(&image, nil, &byteCount, 0, pixels.baseAddress, stride, nil)
        }
        guard sized != 0, byteCount > 0 else { throw ImageDecodingError(Self.writeMessage(image)) }
        var output = [UInt8](repeating: 0, count: Int(byteCount))
        let written = output.withUnsafeMutableBytes { file in
            rgba.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, file.baseAddress, &byteCount, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw ImageDecodingError(Self.writeMessage(image)) }
        return Array(output.prefix(Int(byteCount)))
    }

    /// The part of this picture that `cells` of `frame` show, drawn with
    /// each cell `cellPixels` pixels wide and high, every pixel taken from
    /// the art's nearest pixel (never blended), so the art's own pixels
    /// stay square blocks of whole pixels when the picture is a whole
    /// multiple of the art, as `Image.cellSize(fitting:)` makes it.
    public func forCells(_ cells: Rect, of frame: Size, cellPixels: Size) -> Image {
        let source = art
        let cellWidth = max(1, cellPixels.width), cellHeight = max(1, cellPixels.height)
        let outputWidth = max(0, cells.width) * cellWidth, outputHeight = max(0, cells.height) * cellHeight
        guard outputWidth > 0, outputHeight > 0, frame.width > 0, frame.height > 0, source.width > 0, source.height > 0 else {
            return Image(width: 0, height: 0, rgba: [])
        }
        // The whole picture's size in output pixels, to find each pixel's art pixel.
        let wholeWidth = frame.width * cellWidth, wholeHeight = frame.height * cellHeight
        let columns = (0..<outputWidth).map { x in min(source.width - 1, (cells.x * cellWidth + x) * source.width / wholeWidth) }
        var bytes = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        for y in 0..<outputHeight {
            let artY = min(source.height - 1, (cells.y * cellHeight + y) * source.height / wholeHeight)
            let rowStart = artY * source.width
            for x in 0..<outputWidth {
                let from = (rowStart + columns[x]) * 4
                let to = (y * outputWidth + x) * 4
                bytes[to] = source.rgba[from]
                bytes[to + 1] = source.rgba[from + 1]
                bytes[to + 2] = source.rgba[from + 2]
                bytes[to + 3] = source.rgba[from + 3]
            }
        }
        return Image(width: outputWidth, height: outputHeight, rgba: bytes)
    }

    private static func writeMessage(_ image: png_image) -> String {
        var copy = image
        let message = String(cString: cpng_message(&copy))
        return message.isEmpty ? "the picture could not be written as PNG" : "the picture could not be written as PNG: \(message)"
    }
}
