/// Keys for finding text as a reader would: case and the accents of
/// Latin letters do not matter, so `curac` finds Curaçao and `turk` finds
/// Türkiye, and lists sort Åland beside Albania rather than after Z.
public enum SearchFolding {
    /// `text` in lower case with Latin letters' accents removed
    /// (`Côte d'Ivoire` → `cote d'ivoire`, `ß` → `ss`).
    public static func key(_ text: String) -> String {
        let lowered = text.lowercased()
        // Nearly every name is ASCII: nothing to look up.
        guard lowered.utf8.contains(where: { $0 >= 0x80 }) else { return lowered }
        var result = ""
        result.unicodeScalars.reserveCapacity(lowered.unicodeScalars.count)
        for scalar in lowered.unicodeScalars {
            if let base = bases[scalar] {
                result += base
            } else if !(0x0300...0x036F).contains(scalar.value) {
                // Combining accents (a decomposed é) are dropped too.
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Each accented Latin letter of U+00C0–U+024F, by its plain letters.
    private static let bases: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for (base, letters) in accented {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()

    private static let accented: [(String, String)] = [
        ("a", "ÀÁÂÃÄÅàáâãäåĀāĂăĄąǍǎǞǟǠǡǺǻȀȁȂȃȦȧ"),
        ("ae", "æÆ"),
        ("c", "ÇçĆćĈĉĊċČč"),
        ("d", "ĎďđĐðÐ"),
        ("e", "ÈÉÊËèéêëĒēĔĕĖėĘęĚěȄȅȆȇȨȩ"),
        ("g", "ĜĝĞğĠġĢģǦǧǴǵ"),
        ("h", "ĤĥȞȟħĦ"),
        ("i", "ÌÍÎÏìíîïĨĩĪīĬĭĮįİǏǐȈȉȊȋı"),
        ("j", "Ĵĵǰ"),
        ("k", "ĶķǨǩ"),
        ("l", "ĹĺĻļĽľłŁ"),
        ("n", "ÑñŃńŅņŇňǸǹ"),
        ("o", "ÒÓÔÕÖòóôõöŌōŎŏŐőƠơǑǒǪǫǬǭȌȍȎȏȪȫȬȭȮȯȰȱøØ"),
        ("oe", "œŒ"),
        ("r", "ŔŕŖŗŘřȐȑȒȓ"),
        ("s", "ŚśŜŝŞşŠšȘș"),
        ("ss", "ß"),
        ("t", "ŢţŤťȚț"),
        ("th", "þÞ"),
        ("u", "ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųƯưǓǔǕǖǗǘǙǚǛǜȔȕȖȗ"),
        ("w", "Ŵŵ"),
        ("y", "ÝýÿŶŷŸȲȳ"),
        ("z", "ŹźŻżŽž"),
    ]
}
