import RosterCore
import TerminalKit

/// The pictures a monster may have, and how a person names each one: the
/// picture panel shows them, the plain roster reads them out ("a cat
/// robot", not `meetcatbot.png`). Only the monsters' own pictures: the
/// weapons' pictures belong to the weapons.
enum MonsterPictures {
    struct Picture: Equatable {
        let asset: String
        /// What it shows, as speech says it: `a cat robot`.
        let spoken: String
        /// A short title for a button: `Cat`.
        let title: String
        /// How the details name it: `Cat robot`.
        var name: String {
            let words = spoken.split(separator: " ", maxSplits: 1).last.map(String.init) ?? spoken
            return words.prefix(1).uppercased() + words.dropFirst()
        }
    }

    static let all: [Picture] = [
        Picture(asset: "meetcatbot.png", spoken: "a cat robot", title: "Cat"),
        Picture(asset: "meetdogbot.png", spoken: "a dog robot", title: "Dog"),
        Picture(asset: "meetexplodebot.png", spoken: "an exploding robot", title: "Explode"),
        Picture(asset: "meetfirebot.png", spoken: "a fire robot", title: "Fire"),
        Picture(asset: "meeticebot.png", spoken: "an ice robot", title: "Ice"),
        Picture(asset: "meetminitomatobot.png", spoken: "a little tomato robot", title: "Tomato"),
        Picture(asset: Monster.defaultIcon, spoken: "the stand-in picture", title: "Stand-in"),
    ]

    /// How the details show `asset`: `Cat robot`, or its file's name.
    static func name(_ asset: String) -> String {
        all.first { $0.asset == asset }?.name ?? asset
    }

    /// How a person names `asset`: a known picture by what it shows, any
    /// other by its file's name.
    static func spoken(_ asset: String) -> String {
        all.first { $0.asset == asset }?.spoken ?? "the picture file \(asset)"
    }
}

extension PictureDrawing {
    /// The rows picture `name` gets in a panel's button `width` columns
    /// wide: `rows` if it fits there at 1×, else none (the glyph is shown).
    func rows(for name: String, width: Int, rows: Int) -> Int {
        mode.showsPictures && frame(of: name, in: Rect(x: 0, y: 0, width: width, height: rows)) != nil ? rows : 0
    }
}
