import RosterCore
import TerminalKit

/// A field whose value is chosen among a few shown at once (the weapon
/// panel's buttons, the picture panel's, the colour popover's list),
/// never typed: a choice saves at once. After another program's change
/// clashes with one, choosing it again is what saves it over theirs.
class ChoiceField: DetailField {
    override var editVerb: String { "choose \(label.lowercased())" }
    override var saveAgainHint: String { "choose yours again to save it over theirs, Esc keeps theirs" }

    /// Enter on a list opened on marked monsters whose values differ, its
    /// highlight never moved: the highlight sits on the first choice, no
    /// one's value, so nothing was chosen. Nothing is written and the
    /// footer says the values stay, as the wheels do; true when so.
    func keptUntouched(moved: Bool, shared: Bool) -> Bool {
        guard actsOnMarks, !moved, !shared, ownChanges == nil else { return false }
        tellKept { [monsterField] monster in monsterField?.told(monster) ?? "" }
        pane?.finishEditing()
        return true
    }

    /// One picture a panel's button shows: its title, its image asset and
    /// the glyph drawn where no picture can be.
    struct PictureChoice {
        let title: String
        let asset: String
        let glyph: String
    }

    /// Gives `panel` a button per picture, drawn in placement slots from
    /// `firstSlot` on. The art is 16×16: it fits a button at 1× (16
    /// columns, 8 rows as half blocks; fewer columns in kitty, which draws
    /// the cells' own pixels) or not at all, and then the glyph goes
    /// beside the title.
    func showPictures(_ pictures: [PictureChoice], in panel: ChoicePanel, firstSlot: UInt32) {
        panel.choices = pictures.enumerated().map { index, picture in
            ChoicePanel.Choice(title: picture.title, glyph: picture.glyph, style: Style(foreground: Theme.accent)) { [weak self] buffer, rect in
                guard let self else { return }
                if self.controller.pictures.draw(picture.asset, in: rect, into: &buffer, slot: firstSlot + UInt32(index)) == nil {
                    buffer.writeCentered(picture.glyph, in: rect, row: rect.height / 2, style: Style(foreground: Theme.accent).bold)
                }
            }
        }
        let sample = pictures.first?.asset ?? ""
        panel.pictureRowsFitting = { [weak self] width in
            self?.controller.pictures.rows(for: sample, width: width, rows: 8) ?? 0
        }
    }
}
