import TextSafety

/// Which pictures roster carries, and which one a monster shows.
///
/// A monster's icon is only a name. The pictures themselves are compiled
/// into the binary (`Assets`), so "is this an icon roster can show" is a
/// question about the model, answered here for the command line and the
/// interface alike. A stored icon that names no picture (an older
/// database, an import from elsewhere) is kept as it is and shown as the
/// fallback picture; a new icon given by a person must name a picture.
extension Assets {
    /// Whether roster carries a picture of this name.
    public static func hasImage(named name: String) -> Bool {
        name.hasSuffix(".png") && EmbeddedFiles.base64[name] != nil
    }
}

extension Monster {
    /// Whether the icon names a picture roster does not carry.
    public var iconIsMissing: Bool { !Assets.hasImage(named: icon) }

    /// The picture to draw for this monster: its icon, or the default
    /// icon (the stand-in picture) when that picture does not exist.
    public var iconPicture: String { iconIsMissing ? Self.defaultIcon : icon }
}

extension Weapon {
    /// The weapon's picture, as the PNG file roster carries.
    public var picture: [UInt8]? { Assets.bytes(named: imageAssetName) }
}

extension MonsterRules {
    /// A problem when `icon` is not one of the pictures roster carries,
    /// naming the ones it does; nil when it is.
    public static func iconAvailabilityProblem(_ icon: String) -> FieldProblem? {
        guard !Assets.hasImage(named: icon) else { return nil }
        return FieldProblem(
            field: "icon",
            message: "there is no picture named \(Quote.code(icon)); the available icons are \(Assets.imageNames.joined(separator: ", "))"
        )
    }
}
