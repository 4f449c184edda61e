/// Sizing a picture for the cell grid, and shrinking or enlarging its pixels.
///
/// A terminal cell is about twice as tall as it is wide, so one cell
/// shows two pixels stacked (upper and lower half block) and the pixels
/// come out square. Fitting therefore works in a grid of `columns ×
/// 2·rows` square pixels. Kitty placements use the same cell size, so a
/// picture takes the same room whichever way it is drawn.
extension Image {
    /// The cells this image fills when scaled to fit `space` with its
    /// aspect ratio kept: as large as fits, up or down. Empty when the
    /// image or the space is.
    ///
    /// `cellAspect` is a cell's height over its width; 2 suits almost
    /// every terminal font, and a renderer that knows the cell's pixel
    /// size (`TIOCGWINSZ`) may pass the real ratio for kitty placements.
    public func cellSize(fitting space: Size, cellAspect: Double = 2) -> Size {
        let pixels = pixelSize(fitting: space, cellAspect: cellAspect)
        guard pixels.width > 0, pixels.height > 0 else { return .zero }
        let rows = Int((Double(pixels.height) / cellAspect).rounded(.up))
        return Size(width: pixels.width, height: min(space.height, rows))
    }

    /// The cells this image takes when fitted into `rect` and centred in
    /// it: where `Buffer.drawImage` draws it, and where a kitty placement
    /// of it goes, so both ways of showing it take the same room.
    public func cellRect(fitting rect: Rect, cellAspect: Double = 2) -> Rect {
        let size = cellSize(fitting: rect.size, cellAspect: cellAspect)
        return Rect(x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - size.height) / 2,
                    width: size.width, height: size.height)
    }

    /// The size in square half-cell pixels (with the default aspect: one
    /// per column, two per row) that the image is scaled to.
    ///
    /// Pixel art (`artScale` above 1) is only ever shown at whole
    /// multiples of its own pixels: the largest multiple that fits, or
    /// nothing when not even 1× fits (the caller shows its text glyph).
    /// A fraction would blur the art or drop its outlines. Other images
    /// scale freely to fit.
    func pixelSize(fitting space: Size, cellAspect: Double = 2) -> Size {
        guard width > 0, height > 0, space.width > 0, space.height > 0, cellAspect > 0 else { return .zero }
        let availableWidth = Double(space.width)
        let availableHeight = Double(space.height) * cellAspect
        if artScale > 1 {
            let artWidth = width / artScale, artHeight = height / artScale
            let multiple = min(space.width / artWidth, Int(availableHeight) / artHeight)
            return multiple >= 1 ? Size(width: artWidth * multiple, height: artHeight * multiple) : .zero
        }
        let scale = min(availableWidth / Double(width), availableHeight / Double(height))
        let scaledWidth = min(space.width, max(1, Int((Double(width) * scale).rounded())))
        let scaledHeight = min(Int(availableHeight), max(1, Int((Double(height) * scale).rounded())))
        return Size(width: scaledWidth, height: scaledHeight)
    }

    /// The image at `size` pixels, from the art itself when it is pixel
    /// art (each art pixel repeated, never blended with its neighbours).
    func scaled(to size: Size) -> Image {
        artScale > 1 ? art.resampled(to: size) : resampled(to: size)
    }

    /// The image resampled to `size` pixels by area averaging: each new
    /// pixel is the mean of the old pixels it covers, weighted by how much
    /// of each it covers and by their alpha (so transparent pixels lend no
    /// colour to their neighbours' edges). A whole-number shrink of pixel
    /// art therefore gives back the exact art; enlarging repeats pixels.
    public func resampled(to size: Size) -> Image {
        guard size.width > 0, size.height > 0 else { return Image(width: 0, height: 0, rgba: []) }
        if size.width == width, size.height == height { return self }
        guard width > 0, height > 0 else {
            return Image(width: size.width, height: size.height,
                         rgba: [UInt8](repeating: 0, count: size.width * size.height * 4))
        }
        let xSpans = Self.spans(from: width, to: size.width)
        let ySpans = Self.spans(from: height, to: size.height)
        var output = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for (targetY, rowsCovered) in ySpans.enumerated() {
            for (targetX, columnsCovered) in xSpans.enumerated() {
                var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0, area = 0.0
                for (sourceY, rowWeight) in rowsCovered {
                    for (sourceX, columnWeight) in columnsCovered {
                        let weight = rowWeight * columnWeight
                        let index = (sourceY * width + sourceX) * 4
                        let pixelAlpha = Double(rgba[index + 3]) * weight
                        red += Double(rgba[index]) * pixelAlpha
                        green += Double(rgba[index + 1]) * pixelAlpha
                        blue += Double(rgba[index + 2]) * pixelAlpha
                        alpha += pixelAlpha
                        area += weight
                    }
                }
                let index = (targetY * size.width + targetX) * 4
                guard alpha > 0, area > 0 else { continue }
                output[index] = Self.channel(red / alpha)
                output[index + 1] = Self.channel(green / alpha)
                output[index + 2] = Self.channel(blue / alpha)
                output[index + 3] = Self.channel(alpha / area)
            }
        }
        return Image(width: size.width, height: size.height, rgba: output)
    }

    /// For each target index, the source indices it covers and how much of
    /// each (in source pixels, so the weights of one target sum to the
    /// shrink factor).
    private static func spans(from source: Int, to target: Int) -> [[(Int, Double)]] {
        let step = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * step
            let end = start + step
            var covered: [(Int, Double)] = []
            var sourceIndex = Int(start)
            while Double(sourceIndex) < end, sourceIndex < source {
                let overlap = min(end, Double(sourceIndex + 1)) - max(start, Double(sourceIndex))
                if overlap > 1e-9 { covered.append((sourceIndex, overlap)) }
                sourceIndex += 1
            }
            return covered
        }
    }

    private static func channel(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
