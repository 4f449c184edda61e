/// What answers yes to a question that guards a change (remove this
/// monster? clear the history?), one rule for every surface: `y` or
/// `yes`, in any case, with spaces around it. Anything else keeps things
/// as they are: the command line once took any answer starting with y
/// (`yikes`, `y no`) while the plain roster and the interface were strict.
public enum ConfirmationAnswer {
    public static func isYes(_ answer: String) -> Bool {
        let trimmed = answer.unicodeScalars.drop { $0.properties.isWhitespace }
            .reversed().drop { $0.properties.isWhitespace }.reversed()
        let word = String(String.UnicodeScalarView(trimmed)).lowercased()
        return word == "y" || word == "yes"
    }
}
