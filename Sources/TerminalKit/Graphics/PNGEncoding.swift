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

    private static func writeMessage(_ image: png_image) -> String {
        var copy = image
        let message = String(cString: cpng_message(&copy))
        return message.isEmpty ? "the picture could not be written as PNG" : "the picture could not be written as PNG: \(message)"
    }
}
