import TextSafety
import RosterCore

/// A field the plain roster edits, in the order the details read them.
enum PlainField: CaseIterable {
    case name, description, weapon, colour, icon, height, origin, activated

    /// How a sentence names it: `Cat-Bot's name colour`.
    var label: String {
        switch self {
        case .name: "name"
        case .description: "description"
        case .weapon: "weapon"
        case .colour: "name colour"
        case .icon: "picture"
        case .height: "height"
        case .origin: "origin"
        case .activated: "activation"
        }
    }

    /// The value as the details say it, for "0 to keep …" and "empty keeps …".
    func current(_ monster: Monster) -> String {
        switch self {
        case .name: monster.name
        case .description: monster.description.isEmpty ? "no description" : PlainWording.quoted(monster.description)
        case .weapon: monster.weapon.type.displayName
        case .colour: monster.nameColor.displayName
        case .icon: MonsterPictures.spoken(monster.icon)
        case .height: monster.height?.displayName ?? "unknown"
        case .origin: monster.country.map(PlainWording.country) ?? monster.origin ?? "unknown"
        case .activated: monster.activated?.localDisplay ?? "unknown"
        }
    }
}

/// How an answer to one field's question is read: the change it makes, nil
/// to keep the value, or why it cannot be taken.
typealias PlainReading = (String) -> Result<MonsterChanges?, PlainRefusal>

extension PlainSession {
    /// `edit`: which field, by number, then that field's question.
    func editField() {
        guard let monster = chosenMonster() else { return }
        let fields = PlainField.allCases
        say("Which of \(monster.name)'s fields? " + PlainWording.numberedChoices(fields.map(\.label), keeping: "everything as it is"))
        while let answer = ask("Field number:") {
            let text = PlainWording.trimmed(answer)
            if text.isEmpty || text == "0" {
                say("Nothing changed.")
                return
            }
            if let number = Int(text), number >= 1, number <= fields.count {
                edit(fields[number - 1], answer: "")
                return
            }
            if let field = fields.first(where: { $0.label == text.lowercased() || "\($0)" == text.lowercased() }) {
                edit(field, answer: "")
                return
            }
            say("There is no field \(text); answer a number from 0 to \(fields.count).")
        }
    }

    /// Changes one field of the chosen monster: with `answer` given on the
    /// command's line at once, as the command line does (a refused value
    /// changes nothing and goes back to the commands); otherwise by asking
    /// until an answer is taken or left empty (which keeps the value).
    func edit(_ field: PlainField, answer given: String) {
        guard var monster = chosenMonster() else { return }
        // What the session had seen of the history as it found the monster.
        var seen = seenHistoryID
        if !given.isEmpty {
            let refusal: String?
            switch reading(field)(given) {
            case .failure(let problem): refusal = problem.message
            case .success(nil): refusal = nil
            case .success(let changes?): refusal = save(changes, field: field, startingFrom: &monster, seen: &seen)
            }
            // The outcome first: a refusal may end in a suggestion's `?`.
            if let refusal { tell("Nothing changed: " + refusal) }
            return
        }
        say(question(field, for: monster))
        var answer = ask(prompt(field))
        while let text = answer {
            if field == .name, !meansTheName(text, asking: { "Rename \(monster.name) to \(PlainWording.quoted($0))?" }) {
                say("Nothing changed; \(monster.name)'s name is still \(monster.name).")
                return
            }
            if PlainWording.trimmed(text).isEmpty {
                say("Nothing changed; \(monster.name)'s \(field.label) is still \(field.current(monster)).")
                return
            }
            switch reading(field)(text) {
            case .failure(let refusal):
                tell(refusal.message)
            case .success(nil):
                say("Nothing changed; \(monster.name)'s \(field.label) is still \(field.current(monster)).")
                return
            case .success(let changes?):
                guard let refusal = save(changes, field: field, startingFrom: &monster, seen: &seen) else { return }
                tell(refusal)
            }
            say(Self.askingAgain)
            answer = ask(prompt(field))
        }
    }

    /// Saves through the controller, as the full-screen roster does, by
    /// compare-and-set from `original` (the monster as the question showed
    /// it), and tells its confirmation. Returns the refusal to ask again
    /// with. When another program changed the field since, nothing is
    /// written: the refusal says so with the newer value, and `original`
    /// becomes the newer monster, so that the same answer again saves it.
    /// `seen`: the newest history entry seen when `original` was found.
    private func save(_ changes: MonsterChanges, field: PlainField, startingFrom original: inout Monster, seen: inout Int64) -> String? {
        // Another program may have removed the monster since the question,
        // or put another in its place.
        guard let current = chosenMonster() else { return nil }
        let outcome = controller.save(changes, startingFrom: original, seen: seen, describing: field.label,
                                      again: "give the same answer again to save yours over it",
                                      announce: changes.weapon.map(RosterSessionController.weaponAnnouncement))
        switch outcome {
        case .saved, .unchanged, .monsterGone, .savedOutOfFilter: break
        case .refused(let refusal): return refusal
        case .clashed(let newer):
            let who = controller.whoChanged(monsterID: newer.id, since: seen)
            original = newer
            seen = controller.newestHistoryID()
            return "\(who) changed \(newer.name)'s \(field.label) to \(field.current(newer)) after you were asked, "
                + "so yours was not saved; give the same answer again to save yours over it"
        }
        if let status = controller.status {
            tell(status.text)
        } else {
            say("Nothing changed; \(current.name)'s \(field.label) is already \(field.current(changes.applied(to: current))).")
        }
        return nil
    }

    /// What the person is asked about a field, with the choices or forms.
    /// `keeping` names what an empty answer keeps, where it is not the value shown.
    func question(_ field: PlainField, for monster: Monster, keeping: String = "it") -> String {
        let keep = field.current(monster)
        switch field {
        case .weapon:
            return "Weapon for \(monster.name): " + PlainWording.numberedChoices(WeaponType.allCases.map(\.displayName), keeping: keep)
        case .colour:
            return "Name colour for \(monster.name): "
                + PlainWording.numberedChoices(NameColor.allCases.map(\.displayName), keeping: keep)
        case .icon:
            return "Picture for \(monster.name): " + PlainWording.numberedChoices(MonsterPictures.all.map(\.spoken), keeping: keep)
        case .name:
            return "Type a new name for \(monster.name), or nothing to keep \(keeping)."
        case .description:
            let now = monster.description.isEmpty ? "\(monster.name) has no description." : "\(monster.name)'s description is \(field.current(monster))."
            return "\(now) Type a new one, or nothing to keep \(keeping)."
        case .height:
            return "\(monster.name)'s height is \(field.current(monster)). Type a height such as 5ft11, 5'11\", 71in or 180cm, none to make it unknown, or nothing to keep \(keeping)."
        case .origin:
            return "\(monster.name)'s origin is \(field.current(monster)). Type a country's name or code, such as France or FR, none to make it unknown, or nothing to keep \(keeping)."
        case .activated:
            return "\(monster.name)'s activation is \(field.current(monster)). Type a date and time such as 2026-11-29T14:05 on your clock, or now, none to make it unknown, or nothing to keep \(keeping)."
        }
    }

    func prompt(_ field: PlainField) -> String {
        switch field {
        case .weapon, .colour, .icon: "\(field.label.prefix(1).uppercased() + field.label.dropFirst()) number:"
        default: "New \(field.label):"
        }
    }

    /// How an answer for `field` is read: numbered choices, or the command
    /// line's forms with its did-you-mean.
    func reading(_ field: PlainField) -> PlainReading {
        switch field {
        case .weapon:
            return { text in PlainWording.weapon(text).map { $0.map { MonsterChanges(weapon: $0) } } }
        case .colour:
            return { text in PlainWording.color(text).map { $0.map { MonsterChanges(nameColor: $0) } } }
        case .icon:
            return { text in
                let pictures = MonsterPictures.all
                return PlainWording.choice(text, among: pictures.map(\.asset), what: "picture") { name in
                    // By what it shows ("cat robot") or by its file's name.
                    let folded = name.lowercased()
                    if let picture = pictures.first(where: { $0.asset == folded || $0.spoken.hasSuffix(folded) || $0.title.lowercased() == folded }),
                       !folded.isEmpty {
                        return .success(picture.asset)
                    }
                    return .failure(PlainRefusal("there is no picture called \(PlainWording.quoted(name)); answer a number from 0 to \(pictures.count)"))
                }.map { $0.map { MonsterChanges(icon: $0) } }
            }
        case .name:
            return { text in .success(MonsterChanges(name: PlainWording.trimmed(text))) }
        case .description:
            return { text in .success(MonsterChanges(description: text)) }
        case .height:
            return { text in PlainWording.height(text).map { MonsterChanges(height: .some($0)) } }
        case .origin:
            return { text in PlainWording.origin(text).map { MonsterChanges(origin: .some($0)) } }
        case .activated:
            return { text in PlainWording.activated(text).map { MonsterChanges(activated: .some($0)) } }
        }
    }

    // MARK: Adding and removing

    /// `add`: the name first (an empty one stops), then every other field
    /// with its default kept by an empty answer; the monster is added in
    /// one change at the end, as the full-screen roster's new monster is.
    func addMonster() {
        say("Adding a monster. An empty name stops; for the other questions, an empty answer keeps the default.")
        guard let name = askNewName() else { return }
        controller.beginDraft()
        defer { controller.discardDraft() }
        for field in PlainField.allCases where field != .name {
            guard var draft = controller.draft else { return }
            // The questions say whose fields they are; the name is saved
            // last, which adds the monster with every answer in one change.
            draft.name = name
            say(question(field, for: draft, keeping: "the default"))
            guard let changes = askChanges(field) else { return }
            guard let changes else { continue }
            controller.save(changes, describing: field.label)
        }
        controller.clearStatus()
        if case .refused(let refusal) = controller.save(MonsterChanges(name: name), describing: PlainField.name.label) {
            tell(refusal)
            say("Nothing was added.")
            return
        }
        if let status = controller.status { tell(status.text) }
        if controller.draft == nil, let added = controller.selected {
            chosen = added
            say("\(added.name) is chosen.")
        }
    }

    /// A lone q at a name's prompt is most often meant to leave (q quits at
    /// the command prompt, and a person refused a taken name twice reaches
    /// for it): it becomes the name only when the person says so. False
    /// when the question is to be left.
    private func meansTheName(_ answer: String, asking confirmation: (String) -> String) -> Bool {
        let name = PlainWording.trimmed(answer)
        guard name.lowercased() == "q" else { return true }
        guard let reply = ask(confirmation(name) + " Type y to use \(name) as the name; anything else leaves the question:") else { return false }
        return ConfirmationAnswer.isYes(reply)
    }

    /// After a refused answer: the way out, said each time, since a person
    /// listening may not remember it from the question.
    static let askingAgain = "Type another answer, or nothing to leave it as it is."

    /// Asks until an answer for `field` can be read: the changes, nil
    /// inside for an empty answer or 0 (keep), nil outside when the
    /// session ended.
    private func askChanges(_ field: PlainField) -> MonsterChanges?? {
        while let text = ask(prompt(field)) {
            if PlainWording.trimmed(text).isEmpty { return .some(nil) }
            switch reading(field)(text) {
            case .failure(let refusal):
                tell(refusal.message)
                say(Self.askingAgain)
            case .success(let changes): return .some(changes)
            }
        }
        return nil
    }

    /// Asks for a name no monster has, until one is given or the answer is empty.
    private func askNewName() -> String? {
        while let answer = ask("Name:") {
            let name = PlainWording.trimmed(answer)
            if name.isEmpty || !meansTheName(name, asking: { "Name the new monster \(PlainWording.quoted($0))?" }) {
                say("Nothing was added.")
                return nil
            }
            if let problem = MonsterRules.nameProblem(name) {
                tell(problem.message)
            } else if let existing = (try? store.find(name)) ?? nil {
                tell(RosterError.nameTaken(name, existing: existing.name).description)
            } else {
                return name
            }
            say("Type another name, or nothing to stop adding.")
        }
        return nil
    }

    /// `remove`: asks, and anything but yes keeps the monster.
    func removeChosen() {
        guard let monster = chosenMonster() else { return }
        let seen = seenHistoryID
        guard let answer = ask("Remove \(monster.name)? Type y to remove it; anything else keeps it:") else { return }
        guard ConfirmationAnswer.isYes(answer) else {
            say("Nothing was removed; \(monster.name) stays.")
            return
        }
        guard chosenMonster() != nil else { return }
        // The monster as the question named it: changed since, it stays.
        let outcome = controller.remove(monster, seen: seen)
        if let status = controller.status { tell(status.text) }
        if outcome == .changedSinceAsked {
            say("Type details to hear it as it is now, and remove to be asked again.")
        }
        if ((try? store.monster(id: monster.id)) ?? nil) == nil {
            // The list moved up into its place: say who is chosen now.
            chosen = nil
            if let next = controller.selectedOnRoster {
                chosen = next
                say("\(next.name) is chosen now.")
            } else {
                say("No monster is chosen now.")
            }
        }
    }
}
