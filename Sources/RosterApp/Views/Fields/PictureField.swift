import RosterCore
import TerminalKit

/// The monster's picture, chosen as the weapon is: a picker, not a text
/// field. Its input view is a panel of the monsters' own pictures (never
/// the weapons'), each drawn on its button; choosing one saves it at once
/// and says so in the footer, Close or Esc changes nothing. A monster made
/// with `n` gets its picture here rather than keeping the stand-in.
final class PictureField: ChoiceField {
    private lazy var panel = ChoicePanel { panel in
        Theme.dress(panel)
        panel.title = "Picture"
        panel.helpTitle = "Picture panel"
        self.showPictures(MonsterPictures.all.map { PictureChoice(title: $0.title, asset: $0.asset, glyph: "▣") },
                           in: panel, firstSlot: PictureSlot.picturePanel)
        panel.onChoose = { [weak self] index in
            guard let self else { return }
            let picture = MonsterPictures.all[index]
            if self.save(MonsterChanges(icon: picture.asset), announce: { before, after in
                before == after ? "\(after.name)'s picture is already \(picture.spoken)" : "\(after.name)'s picture is now \(picture.spoken)"
            }) {
                self.pane?.finishEditing()
            }
        }
        panel.onCancel = { [weak self] in self?.pane?.cancelEditing() }
    }

    init(controller: RosterSessionController) {
        super.init(label: "Picture", controller: controller)
    }

    override var monsterField: MonsterField? { MonsterFields.icon }
    override var inputView: View? { panel }

    override func clashValue(_ current: Monster) -> String { MonsterPictures.spoken(current.icon) }

    override func didBecomeFirstResponder() {
        modelChanged()
        panel.highlightCurrent()
    }

    override func modelChanged() {
        panel.currentIndex = controller.selected.flatMap { monster in MonsterPictures.all.firstIndex { $0.asset == monster.icon } }
    }

    override func draw(in buffer: inout Buffer) {
        drawValue(controller.selected.map { MonsterPictures.name($0.icon) }, in: &buffer)
    }
}
