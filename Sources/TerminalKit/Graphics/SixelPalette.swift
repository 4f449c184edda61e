/// The colours of one sixel picture, no more than the terminal has
/// registers for, and each pixel's colour among them.
///
/// Pixel art has a few dozen colours, and most terminals have 256
/// registers or more: then every colour is kept exactly. A terminal with
/// fewer (the VT340's 16) gets the closest colours merged, two at a time,
/// into their mean weighted by how many pixels use them, measured in
/// Oklab: the colours that look most alike go first, and an outline,
/// unlike anything else in the picture, keeps its colour to the end.
/// A picture with very many colours (a photograph) is first cut down to
/// 256 by median cut, which is fast, and then merged the same way.
struct SixelPalette {
    /// The registers' colours, opaque.
    private(set) var colors: [RGBA] = []
    /// Each colour of the picture it was made from, and its register.
    private var register: [RGBA: Int] = [:]

    /// Merging is quadratic in the colours: beyond this many, median cut first.
    static let mergeLimit = 256

    /// The palette for `image`'s colours. Made once per picture: every
    /// crop and enlargement of it (`indices(of:)`) then gives a colour the
    /// same register, so the colours are not counted and merged again for
    /// each frame of a slide.
    init(_ image: Image, registers: Int) {
        let limit = max(1, min(registers, Sixel.maximumRegisters))
        let pixelCount = image.width * image.height
        var counts: [RGBA: Int] = [:]
        for pixel in 0..<pixelCount where image.rgba[pixel * 4 + 3] >= 128 {
            counts[Self.opaque(image, pixel), default: 0] += 1
        }
        guard !counts.isEmpty else { return }
        // Sorted so that the same picture always gets the same registers.
        var groups = counts.map { Group(color: $0.key, weight: $0.value, members: [$0.key]) }
            .sorted { ($0.weight, $0.color.packed) > ($1.weight, $1.color.packed) }
        if groups.count > limit, groups.count > Self.mergeLimit {
            groups = Self.medianCut(groups, into: Self.mergeLimit)
        }
        if groups.count > limit { groups = Self.merge(groups, downTo: limit) }
        for (index, group) in groups.enumerated() {
            colors.append(group.color)
            for member in group.members { register[member] = index }
        }
    }

    /// For each pixel of `image`, row by row, its register; -1 for
    /// transparent. A colour the palette was not made from (a picture
    /// scaled smoothly) takes the register that looks closest.
    mutating func indices(of image: Image) -> [Int] {
        let pixelCount = image.width * image.height
        var indices = [Int](repeating: -1, count: pixelCount)
        guard !colors.isEmpty else { return indices }
        for pixel in 0..<pixelCount where image.rgba[pixel * 4 + 3] >= 128 {
            let color = Self.opaque(image, pixel)
            register[color] = register[color] ?? closestRegister(to: color)
            indices[pixel] = register[color] ?? 0
        }
        return indices
    }

    private func closestRegister(to color: RGBA) -> Int {
        let lab = Oklab(color.red, color.green, color.blue)
        let distances = colors.map { lab.distance(to: Oklab($0.red, $0.green, $0.blue)) }
        return distances.indices.min { distances[$0] < distances[$1] } ?? 0
    }

    private static func opaque(_ image: Image, _ pixel: Int) -> RGBA {
        RGBA(image.rgba[pixel * 4], image.rgba[pixel * 4 + 1], image.rgba[pixel * 4 + 2])
    }

    /// Colours that will share a register, and the colour it gets.
    struct Group {
        var color: RGBA
        var weight: Int
        var members: [RGBA]

        var lab: Oklab { Oklab(color.red, color.green, color.blue) }

        func merged(with other: Group) -> Group {
            let total = weight + other.weight
            func mean(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * weight + Int(b) * other.weight + total / 2) / total) }
            return Group(color: RGBA(mean(color.red, other.color.red), mean(color.green, other.color.green),
                                     mean(color.blue, other.color.blue)),
                         weight: total, members: members + other.members)
        }
    }

    /// Merges the two groups that look most alike until `limit` are left.
    static func merge(_ start: [Group], downTo limit: Int) -> [Group] {
        var groups = start
        var labs = groups.map(\.lab)
        while groups.count > limit {
            var best = (first: 0, second: 1, distance: Double.infinity)
            for first in 0..<groups.count {
                for second in (first + 1)..<groups.count {
                    let distance = labs[first].distance(to: labs[second])
                    if distance < best.distance { best = (first, second, distance) }
                }
            }
            groups[best.first] = groups[best.first].merged(with: groups[best.second])
            labs[best.first] = groups[best.first].lab
            groups.remove(at: best.second)
            labs.remove(at: best.second)
        }
        return groups
    }

    /// Splits the colours into `count` boxes, each time halving the box
    /// with the widest channel at its weighted median, and makes each box
    /// one group.
    static func medianCut(_ groups: [Group], into count: Int) -> [Group] {
        var boxes: [[Group]] = [groups]
        while boxes.count < count {
            guard let (index, channel) = widest(boxes) else { break }
            let box = boxes[index].sorted { channel($0.color) < channel($1.color) }
            let half = box.reduce(0) { $0 + $1.weight } / 2
            var running = 0
            let median = box.firstIndex { group in
                running += group.weight
                return running >= half
            }
            let cut = max(1, min(box.count - 1, (median ?? 0) + 1))
            boxes[index] = Array(box[..<cut])
            boxes.append(Array(box[cut...]))
        }
        return boxes.map { box in box.dropFirst().reduce(box[0]) { $0.merged(with: $1) } }
    }

    /// The box with the widest range in one channel, and that channel; nil
    /// when no box holds two colours.
    private static func widest(_ boxes: [[Group]]) -> (Int, (RGBA) -> UInt8)? {
        let channels: [(RGBA) -> UInt8] = [{ $0.red }, { $0.green }, { $0.blue }]
        var best: (index: Int, channel: Int, range: Int)?
        for (index, box) in boxes.enumerated() where box.count > 1 {
            for (channelIndex, channel) in channels.enumerated() {
                let values = box.map { Int(channel($0.color)) }
                let range = (values.max() ?? 0) - (values.min() ?? 0)
                if range > (best?.range ?? -1) { best = (index, channelIndex, range) }
            }
        }
        return best.map { ($0.index, channels[$0.channel]) }
    }
}

private extension RGBA {
    var packed: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}
