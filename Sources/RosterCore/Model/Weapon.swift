/// A weapon as a monster carries it: its kind, and the picture it is
/// drawn with beside the monster.
///
/// `WeaponType` is the kind, the same for every monster (its key, its name,
/// how it is spelled); `Weapon` is what one monster holds and what is shown
/// of it — the picture where a terminal or a page can draw one, the label
/// where it cannot.
public struct Weapon: Hashable, Sendable {
    public let type: WeaponType

    public init(_ type: WeaponType) {
        self.type = type
    }

    /// The picture's asset name in `Data/` (`sword.png`).
    public var imageAssetName: String { type.imageAssetName }

    /// The picture, as the PNG file roster carries.
    public var picture: [UInt8]? { Assets.bytes(named: imageAssetName) }

    /// `⚔ Sword`: the glyph and the name, how the weapon reads beside its
    /// monster where no picture is drawn (`list`, `show`, Markdown, the
    /// weapon cell).
    public var label: String { "\(type.glyph) \(type.displayName)" }
}
