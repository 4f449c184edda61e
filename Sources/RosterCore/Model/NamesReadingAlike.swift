import TextSafety

/// roster never lets two monsters' names read alike (`sameNameRule`), but
/// another program writing the table can (it may insert `Twin-Bot` beside
/// roster's `twin-bot`), and so can a fold that reads more letters alike
/// than the one an older roster made the names under. Both are kept (the
/// later keyed by its id, see `NameRekeying`), and a name then has to say
/// which one it means, so that no command acts on a monster other than
/// the one named. The sentences say how the pair stands, not who made
/// it, which roster cannot always tell.
extension MonsterRules {
    /// What a name reading as several monsters' is for, which decides
    /// what its refusal advises: a reference may name one by its id, an
    /// import's record (which matches by name) only by its spelling.
    enum NameUse {
        case reference
        case updatingRecord
    }

    /// The one monster of `candidates` (every monster whose name reads as
    /// `reference`, by id) that `reference` names: the only one, else the
    /// one spelled exactly so. Several, none spelled exactly so, is refused
    /// with a sentence that names each by its id.
    static func oneMonster(named reference: String, among candidates: [Monster],
                           use: NameUse = .reference) throws(RosterError) -> Monster? {
        guard candidates.count > 1 else { return candidates.first }
        if let exact = spelledExactly(reference, among: candidates) { return exact }
        let way = use == .reference ? "name one by its id or by its exact spelling" : "spell it exactly as the one to update"
        throw .namesReadAlike("\(candidates.count) monsters have names that read as \(Quote.code(reference)): \(listed(candidates)); "
            + "\(way), or rename one (roster edit '#\(candidates[candidates.count - 1].id)' --name NEW)")
    }

    /// The one of `candidates` spelled exactly as `reference` (the only
    /// candidate counts as such), if there is one: scalar for scalar,
    /// since Swift's `==` holds `Café` in NFC and in NFD equal, and those
    /// are two monsters here.
    static func spelledExactly(_ reference: String, among candidates: [Monster]) -> Monster? {
        guard candidates.count > 1 else { return candidates.first }
        let exact = candidates.filter { $0.name.unicodeScalars.elementsEqual(reference.unicodeScalars) }
        return exact.count == 1 ? exact[0] : nil
    }

    /// Why a new monster (an add, an import's inserted record) cannot be
    /// called `name`, which reads as the names of `holders`, several.
    static func newNameReadsAsSeveral(_ name: String, _ holders: [Monster]) -> String {
        "the name \(Quote.code(name)) reads as \(listed(holders)), already on the roster (\(sameNameRule)); choose a name that does not"
    }

    /// `` `Cat-Bot` (id 1) and `ꓚat-Bot` (id 4) ``: up to five, then how many more.
    private static func listed(_ monsters: [Monster]) -> String {
        let listed = monsters.prefix(5).map { "\(Quote.code($0.name)) (id \($0.id))" }
        let more = monsters.count > 5 ? " and \(monsters.count - 5) more" : ""
        return (listed.count == 2 ? listed.joined(separator: " and ") : listed.joined(separator: ", ")) + more
    }

    /// Why `monster`, one of a look-alike pair, cannot take `name`, another
    /// spelling of its own name: it reads as the other's too.
    static func respelledSentence(_ name: String, of monster: Monster, readingAs other: Monster) -> String {
        "\(Quote.code(name)) reads as \(Quote.code(other.name)) (id \(other.id)), which is already on the roster (\(sameNameRule)); "
            + "give \(Quote.code(monster.name)) a name of its own (roster edit '#\(monster.id)' --name NEW)"
    }

    /// The monster a reference names when it reads as an id (`5`, `#5`):
    /// roster never names a monster so now, but another program can, and then
    /// `remove 5` must not guess. The same monster either way, or only one
    /// of the two, is that monster; two different ones are refused naming
    /// both and saying how to mean each.
    static func oneMonster(_ reference: String, withID byID: Monster?, named byName: Monster?) throws(RosterError) -> Monster? {
        guard let byID, let byName, byID.id != byName.id else { return byID ?? byName }
        throw .namesReadAlike("\(Quote.code(reference)) reads both as the id of \(Quote.code(byID.name)) (id \(byID.id)) "
            + "and as the name of monster \(byName.id); write '#\(byID.id)' to mean the first, "
            + "and rename the second to mean it (roster edit '#\(byName.id)' --name NEW: a bare number may read as a name too)")
    }
}
