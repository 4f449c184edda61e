import RosterCore
import TerminalKit

/// What the fields whose panels choose among pictures (the weapon, the
/// monster's picture) and the fields that give marked monsters a value
/// have in common, so that each panel is dressed one way.
extension DetailField {
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

    /// A panel's title: with marks, whom a choice gives the value
    /// (`Weapon for 3 marked monsters`), else `title`.
    func panelTitle(_ title: String, orFor valueName: String) -> String {
        guard controller.hasMarks else { return title }
        return "\(valueName) for \(RosterSessionController.monsters(controller.marked.count, "marked monster", "marked monsters"))"
    }
}
