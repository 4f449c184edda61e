/// A weapon as a monster carries it: its kind, and the picture it is
/// drawn with beside the monster.
///
/// `WeaponType` is the kind, the same for every monster (its key, its name,
/// how it is spelled); `Weapon` is what one monster holds and what is shown
/// of it — the picture where a terminal or a page can draw one, the label
/// where it cannot. (The picture's bytes are in `MonsterPictures.swift`,
/// beside the monster's icon, so that this file needs no assets and the
/// fuzzed readers in Fuzz/ can share it.)
public struct Weapon: Hashable, Sendable {
    public let type: WeaponType

    public init(_ type: WeaponType) {
        self.type = type
    }

    /// The picture's asset name in `Data/` (`sword.png`).
    public var imageAssetName: String { type.imageAssetName }

    /// `† Sword`: the glyph and the name, how the weapon reads beside its
    /// monster where no picture is drawn (`list`, `show`, Markdown, the
    /// weapon cell).
    public var label: String { "\(type.glyph) \(type.displayName)" }
}
