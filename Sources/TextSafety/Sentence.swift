/// A message made one complete sentence for a person to read or hear:
/// a capital letter first and a full stop last, as the plain roster and
/// the interface's footer show messages (screen readers and braille
/// displays read a line as a sentence). Messages are composed in the
/// command line's style, lowercase and without a stop after `roster: `,
/// and made sentences only where they are shown.
///
/// Only a first word of lowercase letters (`nothing`, `saved`) is
/// capitalised: a quoted value (`` `cat-bot` is taken ``, “cat-bot”), a
/// path (`roster.db`), a name with a hyphen or digits (`eve-bot`), or a
/// word holding a capital (`iPad`) is shown as it is written, since
/// changing its case would change what it says; so is a message the
/// caller says begins with a name (`beginningWith`: a monster called
/// `eve` or `bob the bot`, the whole name, however many words it has).
public enum Sentence {
    /// `saved Cat-Bot's weapon` → `Saved Cat-Bot's weapon.`; with
    /// `beginningWith: "bob the bot"`, `bob the bot now carries Fire` →
    /// `bob the bot now carries Fire.`
    public static func completed(_ message: String, beginningWith name: String? = nil) -> String {
        guard !message.isEmpty else { return message }
        var text = message
        let firstWord = text.prefix { !$0.isWhitespace && !",;:'’".contains($0) }
        let beginsWithName = name.map { !$0.isEmpty && message.hasPrefix($0) } ?? false
        if let first = firstWord.first, firstWord.allSatisfy({ $0.isLetter && $0.isLowercase }), !beginsWithName {
            text = first.uppercased() + text.dropFirst()
        }
        if let last = text.last, !".?!…".contains(last) { text += "." }
        return text
    }
}
