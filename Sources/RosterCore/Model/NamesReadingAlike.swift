import TextSafety

/// roster never lets two monsters' names read alike (`sameNameRule`), but
/// another program writing the table can: it may insert `Twin-Bot` beside
/// roster's `twin-bot`. Both are kept (the later keyed by its id, see
/// `NameRekeying`), and a name then has to say which one it means, so
/// that no command acts on a monster other than the one named.
extension MonsterRules {
    /// The one monster of `candidates` (every monster whose name reads as
    /// `reference`, by id) that `reference` names: the only one, else the
    /// one spelled exactly so. Several, none spelled exactly so, is refused
    /// with a sentence that names each by its id.
    static func oneMonster(named reference: String, among candidates: [Monster]) throws(RosterError) -> Monster? {
        guard candidates.count > 1 else { return candidates.first }
        // Spelled exactly so: scalar for scalar, since Swift's `==` holds
        // `Café` in NFC and in NFD equal, and those are two monsters here.
        let exact = candidates.filter { $0.name.unicodeScalars.elementsEqual(reference.unicodeScalars) }
        if exact.count == 1 { return exact[0] }
        let listed = candidates.prefix(5).map { "\(Quote.code($0.name)) (id \($0.id))" }
        let more = candidates.count > 5 ? " and \(candidates.count - 5) more" : ""
        let list = listed.count == 2 ? listed.joined(separator: " and ") : listed.joined(separator: ", ")
        throw .namesReadAlike("\(candidates.count) monsters have names that read as \(Quote.code(reference)): \(list)\(more), "
            + "as another program wrote them; name one by its id or by its exact spelling, "
            + "or rename one (roster edit '#\(candidates[candidates.count - 1].id)' --name NEW)")
    }

    /// Why `monster`, one of a look-alike pair, cannot take `name`, another
    /// spelling of its own name: it reads as the other's too.
    static func respelledSentence(_ name: String, of monster: Monster, readingAs other: Monster) -> String {
        "\(Quote.code(name)) reads as \(Quote.code(other.name)) (id \(other.id)), which is already on the roster (\(sameNameRule)); "
            + "give \(Quote.code(monster.name)) a name of its own (roster edit '#\(monster.id)' --name NEW)"
    }

    /// The monster a reference names when it reads as an id (`5`, `#5`):
    /// roster never names a monster so, but another program can, and then
    /// `remove 5` must not guess. The same monster either way, or only one
    /// of the two, is that monster; two different ones are refused naming
    /// both and saying how to mean each.
    static func oneMonster(_ reference: String, withID byID: Monster?, named byName: Monster?) throws(RosterError) -> Monster? {
        guard let byID, let byName, byID.id != byName.id else { return byID ?? byName }
        throw .namesReadAlike("\(Quote.code(reference)) reads both as the id of \(Quote.code(byID.name)) (id \(byID.id)) "
            + "and as the name another program gave monster \(byName.id); write '#\(byID.id)' to mean the first, "
            + "and rename the second to mean it (roster edit '#\(byName.id)' --name NEW: a bare number may read as a name too)")
    }
}
