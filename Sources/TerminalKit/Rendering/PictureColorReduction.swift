/// Reduces a picture's colours to a 16- or 256-colour palette so that
/// it still reads: its outlines and the shapes inside it stay.
///
/// Taking each colour's nearest palette entry on its own
/// (`ColorConversion`) is right for text, and wrong for pixel art: with
/// 16 colours the dark outline, the dark body it encloses and the black
/// background all become black, and the robot is a blot. So a picture is
/// reduced as a whole:
///
/// 1. Each colour starts at its nearest entry (Oklab). With 16 colours a
///    clearly coloured pixel (pink, gold) only takes a coloured entry:
///    the nearest grey would be closer in lightness but loses what it is.
/// 2. Two colours that touch (4-neighbours, a transparent pixel counting
///    as the background, taken as black) and look clearly different in
///    the original must stay different. Where they met in one entry, the
///    one that costs least to move takes its best other entry that none
///    of its clearly different neighbours has. The background never moves.
///
/// The result is a table from each of the picture's colours to the entry
/// it is drawn in; `HalfBlockPicture` uses it for every pixel.
enum PictureColorReduction {
    /// How different two colours must look (Oklab distance) to count as
    /// an edge to keep: the outline against the body it encloses is about
    /// 0.14, two shades of one metal about 0.05.
    static let edgeDistance = 0.1
    /// Chroma above which a colour is "coloured" and, with 16 colours,
    /// never turns grey.
    static let colouredChroma = 0.07

    private struct Entry {
        let color: Color
        let lab: Oklab
        let isGrey: Bool
    }

    private static let ansiEntries: [Entry] = ColorConversion.ansiPalette.enumerated().map { index, rgb in
        Entry(color: .ansi(UInt8(index)), lab: Oklab(rgb.0, rgb.1, rgb.2), isGrey: [0, 7, 8, 15].contains(index))
    }

    private static let indexedEntries: [Entry] = (16...255).map { index in
        let rgb = ColorConversion.rgb(ofIndexed: UInt8(index))
        return Entry(color: .indexed(UInt8(index)), lab: Oklab(rgb.0, rgb.1, rgb.2), isGrey: false)
    }

    /// The palette entry each opaque colour of `image` is drawn in; empty
    /// for truecolor and no colour, which need no table.
    static func table(for image: Image, depth: ColorDepth) -> [RGBA: Color] {
        let entries: [Entry]
        let background: Color
        switch depth {
        case .ansi16:
            entries = ansiEntries
            background = .ansi(0)
        case .indexed256:
            entries = indexedEntries
            background = .indexed(16)
        case .truecolor, .none:
            return [:]
        }
        // The picture's colours, how often each appears, and which touch.
        var counts: [RGBA: Int] = [:]
        var touching: [Pair: Int] = [:]
        func opaque(_ x: Int, _ y: Int) -> RGBA? {
            let pixel = image[x, y]
            return pixel.alpha >= 128 ? RGBA(pixel.red, pixel.green, pixel.blue) : nil
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let pixel = opaque(x, y) else { continue }
                counts[pixel, default: 0] += 1
                for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                    let neighbour = opaque(x + dx, y + dy)
                    if neighbour == pixel { continue }
                    // Each pair of opaque pixels is seen from both sides; count it once.
                    if neighbour != nil, dx < 0 || dy < 0 { continue }
                    touching[Pair(pixel, neighbour), default: 0] += 1
                }
            }
        }
        let labs = Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, Oklab($0.red, $0.green, $0.blue)) })
        let black = Oklab(0, 0, 0)
        // Candidates for each colour, best first.
        var ranked: [RGBA: [(entry: Int, cost: Double)]] = [:]
        var table: [RGBA: Int] = [:]
        for (color, lab) in labs {
            let coloured = (lab.a * lab.a + lab.b * lab.b).squareRoot() >= colouredChroma
            let choices = entries.indices
                .filter { !(coloured && entries[$0].isGrey) }
                .map { (entry: $0, cost: lab.distance(to: entries[$0].lab)) }
                .sorted { $0.cost < $1.cost }
            ranked[color] = choices
            table[color] = choices.first?.entry
        }
        let backgroundEntry = entries.firstIndex { $0.color == background }
        // The edges worth keeping, the most common first.
        let edges = touching.filter { pair, _ in
            let first = labs[pair.first] ?? black
            let second = pair.second.flatMap { labs[$0] } ?? black
            return first.distance(to: second).squareRoot() > edgeDistance
        }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.order < $1.key.order }.map(\.key)
        var partners: [RGBA: [RGBA?]] = [:]
        for edge in edges {
            partners[edge.first, default: []].append(edge.second)
            if let second = edge.second { partners[second, default: []].append(edge.first) }
        }
        func entry(of color: RGBA?) -> Int? { color.map { table[$0] } ?? backgroundEntry }
        /// The cheapest other entry for `color` that none of its edge partners has.
        func move(_ color: RGBA) -> (entry: Int, extra: Double)? {
            guard let choices = ranked[color], let current = choices.first(where: { $0.entry == table[color] }) else { return nil }
            let taken = Set((partners[color] ?? []).compactMap { entry(of: $0) })
            guard let free = choices.first(where: { !taken.contains($0.entry) }) else { return nil }
            return (free.entry, free.cost - current.cost)
        }
        for _ in 0..<3 {
            var changed = false
            for edge in edges where entry(of: edge.first) == entry(of: edge.second) {
                let moveFirst = move(edge.first)
                let moveSecond = edge.second.flatMap(move)
                if let first = moveFirst, first.extra <= (moveSecond?.extra ?? .infinity) {
                    table[edge.first] = first.entry
                    changed = true
                } else if let second = moveSecond, let color = edge.second {
                    table[color] = second.entry
                    changed = true
                }
            }
            if !changed { break }
        }
        return table.mapValues { entries[$0].color }
    }

    /// Two colours that touch; nil is the background.
    private struct Pair: Hashable {
        let first: RGBA
        let second: RGBA?

        init(_ a: RGBA, _ b: RGBA?) {
            // One order for each pair, so A–B and B–A count together.
            if let b, Self.key(b) < Self.key(a) {
                first = b
                second = a
            } else {
                first = a
                second = b
            }
        }

        static func key(_ color: RGBA) -> Int { Int(color.red) << 16 | Int(color.green) << 8 | Int(color.blue) }
        var order: (Int, Int) { (Self.key(first), second.map(Self.key) ?? -1) }
    }
}
