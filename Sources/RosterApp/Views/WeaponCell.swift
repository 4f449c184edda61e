import RosterCore
import TerminalKit

/// "Preferred way to kill": the weapon cell. It is a picker, not a text
/// field: it shows no cursor and takes no typed or pasted text. Becoming
/// first responder slides up the weapon panel; choosing a weapon there
/// saves it at once and slides the panel away; Close or Esc changes nothing.
final class WeaponCell: DetailField {
    private lazy var panel = ChoicePanel { panel in
        panel.title = "Preferred way to kill"
        panel.choices = WeaponType.allCases.map { weapon in
            ChoicePanel.Choice(title: weapon.displayName, glyph: weapon.glyph, style: Style(foreground: Theme.accent))
        }
        panel.onChoose = { [weak self] index in
            self?.controller.chooseWeapon(WeaponType.allCases[index])
            self?.resignFirstResponder()
        }
        panel.onClose = { [weak self] in
            self?.resignFirstResponder()
        }
    }

    init(controller: RosterController) {
        super.init(label: "Weapon", controller: controller)
    }

    override var isEditable: Bool { controller.selected != nil }
    override var editVerb: String { "choose weapon" }
    override var canBecomeFirstResponder: Bool { isEditable }
    override var inputView: View? { panel }
    override var keyBindingsTitle: String { "Weapon" }

    override func didBecomeFirstResponder() {
        panel.currentIndex = controller.selected.flatMap { WeaponType.allCases.firstIndex(of: $0.weapon.type) }
        panel.highlightCurrent()
    }

    override func preferredHeight(forWidth width: Int) -> Int { 4 }

    override func draw(in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        buffer.write("Preferred way to kill", at: valueArea.origin, width: valueArea.width, style: Theme.label)
        guard let monster = controller.selected else { return }
        let box = Rect(x: valueArea.x, y: valueArea.y + 1, width: min(valueArea.width, 24), height: 3)
        buffer.drawBox(box, style: isFirstResponder || isFocused ? Theme.focusedBorder : Theme.border)
        let content = box.inset(by: 1)
        let text = " \(monster.weapon.glyph)  \(monster.weapon.displayName)"
        buffer.write(text, at: content.origin, width: content.width, style: Style().bold)
        markValue(content, in: &buffer)
    }
}
