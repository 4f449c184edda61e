import TextSafety
import RosterCore

/// One command of the plain roster: its words, what it does, and the
/// sentence `help` reads out. `help` is made from this table, so it lists
/// exactly what the session understands.
struct PlainCommand: Sendable {
    /// The first is the one help names; the others are short forms.
    let names: [String]
    /// What may follow the word, for help (`filter TEXT`).
    let argument: String?
    let help: String
    let run: @Sendable (PlainSession, String) -> Void

    init(_ names: [String], argument: String? = nil, _ help: String, run: @escaping @Sendable (PlainSession, String) -> Void) {
        self.names = names
        self.argument = argument
        self.help = help
        self.run = run
    }

    static let all: [PlainCommand] = [
        PlainCommand(["list", "l"], "reads out the current page of monsters again.") { session, _ in session.readPage() },
        PlainCommand(["next", "more"], "reads out the next page.") { session, _ in session.turnPage(by: 1) },
        PlainCommand(["previous", "p"], "reads out the previous page.") { session, _ in session.turnPage(by: -1) },
        PlainCommand(["filter", "f", "/"], argument: "TEXT",
                     "lists only the monsters whose names contain TEXT, or that match an expression such as weapon=fire or height>=5ft; filter alone lists them all.") { session, text in
            session.filter(text)
        },
        PlainCommand(["show", "choose"], argument: "NUMBER or NAME",
                     "chooses a monster by its number in the list or by its name, and reads its details; a number or a name alone does the same, and show is needed only for a name that is also a command.") {
            session, text in session.choose(reference: text)
        },
        PlainCommand(["details", "d"], "reads out the chosen monster's details again.") { session, _ in session.readDetails() },
        PlainCommand(["edit", "e"], "asks which of the chosen monster's fields to change.") { session, _ in session.editField() },
        PlainCommand(["weapon", "w"], argument: "WEAPON", "changes the chosen monster's weapon.") { session, text in
            session.edit(.weapon, answer: text)
        },
        PlainCommand(["colour", "color", "c"], argument: "COLOUR", "changes the colour of the chosen monster's name.") {
            session, text in session.edit(.colour, answer: text)
        },
        PlainCommand(["name"], argument: "NAME", "renames the chosen monster.") { session, text in session.edit(.name, answer: text) },
        PlainCommand(["description"], argument: "TEXT", "changes the chosen monster's description.") { session, text in
            session.edit(.description, answer: text)
        },
        PlainCommand(["picture", "icon"], argument: "PICTURE", "changes the chosen monster's picture.") { session, text in
            session.edit(.icon, answer: text)
        },
        PlainCommand(["height"], argument: "HEIGHT", "changes the chosen monster's height, such as 5ft11; none makes it unknown.") {
            session, text in session.edit(.height, answer: text)
        },
        PlainCommand(["origin"], argument: "COUNTRY", "changes the chosen monster's country of origin, such as France or FR; none makes it unknown.") {
            session, text in session.edit(.origin, answer: text)
        },
        PlainCommand(["activated", "activation", "a"], argument: "WHEN",
                     "changes when the chosen monster was activated, such as 2026-11-29T14:05 or now; none makes it unknown.") {
            session, text in session.edit(.activated, answer: text)
        },
        // n and a mean what they mean in the full-screen roster: new, activated.
        PlainCommand(["new", "add", "n"], "adds a new monster, asking for each of its fields.") { session, _ in session.addMonster() },
        PlainCommand(["remove", "r", "x", "delete"], "removes the chosen monster, after asking.") { session, _ in session.removeChosen() },
        PlainCommand(["undo", "u"], "takes back the last change, made here or by any other program.") { session, _ in
            session.takeBack(redoing: false)
        },
        PlainCommand(["redo", "U"], "puts back what undo took back.") { session, _ in session.takeBack(redoing: true) },
        PlainCommand(["help", "h", "?"], "reads out this list of commands.") { session, _ in session.readHelp() },
        PlainCommand(["quit", "q", "exit"], "ends the session.") { session, _ in
            session.say("Goodbye.")
            session.exitStatus = 0
        },
    ]

    /// The command a word names, ignoring case, except that the letters
    /// the full-screen roster tells apart by case mean the same here: `u`
    /// undoes and `U` redoes.
    static func named(_ word: String) -> PlainCommand? {
        if let exact = all.first(where: { $0.names.contains(word) }) { return exact }
        let folded = word.lowercased()
        return all.first { $0.names.contains(folded) }
    }
}

extension PlainSession {
    /// Runs one line: a command with what follows it, else a number or a
    /// name that chooses a monster, else a suggestion of what was meant.
    func perform(_ line: String) {
        controller.clearStatus()
        let text = PlainWording.trimmed(line)
        guard !text.isEmpty else { return }
        // `/cat` filters, as in the full-screen roster.
        if text.hasPrefix("/") {
            filter(String(text.dropFirst()))
            return
        }
        let word = String(text.prefix { !$0.isWhitespace })
        let rest = PlainWording.trimmed(String(text.dropFirst(word.count)))
        if let command = PlainCommand.named(word) {
            // `add Bot` is not `add`: a name that starts with a command's
            // word chooses that monster, anything else is said back.
            if command.argument == nil, !rest.isEmpty {
                if ((try? store.find(text)) ?? nil) != nil {
                    choose(reference: text)
                } else {
                    say("\(command.names[0]) takes nothing after it; type \(command.names[0]) alone, or show and a name to choose a monster.")
                }
                return
            }
            command.run(self, rest)
            return
        }
        choose(reference: text, suggestingCommands: true)
    }

    func readHelp() {
        say("Commands act on the chosen monster where they change one. Each command is a word, and some take a value after it; without one, they ask.")
        for command in PlainCommand.all {
            let first = command.names[0]
            let others = command.names.dropFirst()
            let shortForms = others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))"
            let usage = command.argument.map { "\(first) \($0)" } ?? first
            say("\(usage)\(shortForms) \(command.help)")
        }
        say("When asked to choose from numbered answers, 0 or an empty answer keeps the value as it is.")
    }

    func turnPage(by pages: Int) {
        let next = pageStart + pages * Self.pageSize
        if pages > 0, next >= list.count {
            say("That was the last page.")
            return
        }
        if pages < 0, pageStart == 0 {
            say("That was the first page.")
            return
        }
        pageStart = max(0, next)
        readPage()
    }

    func filter(_ text: String) {
        controller.setFilter(text)
        filterInForce = list.filter
        pageStart = 0
        readPage()
    }

    /// Chooses by number in the list, or by name with a suggestion when
    /// no monster has it (and a command's when `suggestingCommands`).
    func choose(reference text: String, suggestingCommands: Bool = false) {
        guard !text.isEmpty else {
            say("Type the monster's number in the list, or its name.")
            return
        }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let number = Int(text), number >= 1, number <= list.count,
                  let monster = (try? list.monster(at: number - 1)) ?? nil else {
                say("There is no monster number \(text); the list has \(PlainWording.monsters(list.count)).")
                return
            }
            choose(monster)
            return
        }
        do {
            // A name is never only digits, so `find` cannot take it for an id here.
            if let monster = try store.find(text) {
                choose(monster)
                return
            }
            var hints: [String] = []
            if let name = try store.suggestName(for: text) { hints.append("the monster \(name)") }
            if suggestingCommands, let command = EditDistance.closest(to: text, among: PlainCommand.all.flatMap(\.names).filter { $0.count > 1 }) {
                hints.append("the command \(command)")
            }
            let what = suggestingCommands ? "command or monster" : "monster"
            let hint = hints.isEmpty ? " Type help for the commands, or list for the monsters." : " Did you mean \(hints.joined(separator: " or "))?"
            say("There is no \(what) called \(PlainWording.quoted(text)).\(hint)")
        } catch {
            tell(error.description)
        }
    }

    /// Undo or redo, told in the history's words.
    func takeBack(redoing: Bool) {
        if redoing { controller.redo() } else { controller.undo() }
        if let status = controller.status { tell(status.text) }
    }
}
