import RosterCore
import TerminalKit

/// "Preferred way to kill": the weapon cell. It is a picker, not a text
/// field: it shows no cursor and takes no typed or pasted text. Becoming
/// first responder slides up the weapon panel; choosing a weapon there
/// saves it at once and slides the panel away; Close or Esc changes nothing.
final class WeaponCell: ChoiceField {
    private lazy var panel: ChoicePanel = ChoicePanel { panel in
        panel.title = "Preferred way to kill"
        panel.helpTitle = "Weapon panel"
        Theme.dress(panel)
        self.showPictures(WeaponType.allCases.map { PictureChoice(title: $0.displayName, asset: $0.imageAssetName, glyph: $0.glyph) },
                           in: panel, firstSlot: PictureSlot.panel)
        panel.onChoose = { [weak self] index in
            guard let self, !self.keptUntouched(moved: self.panel.moved, shared: self.startingValue(\.weapon.type).shared) else { return }
            let weapon = WeaponType.allCases[index]
            // With marks, every marked monster takes it, as one change.
            if self.actsOnMarks {
                if self.controller.setWeaponOfMarked(weapon, startingFrom: &self.marksFoundAs, again: self.saveAgainHint) {
                    self.pane?.finishEditing()
                } else {
                    // Refused: the panel ticks what the marked monsters carry
                    // now, and Esc says theirs was kept.
                    self.ownChanges = MonsterChanges(weapon: weapon)
                    self.followMarks()
                    self.modelChanged()
                }
                return
            }
            // Saved like every other field; the status line says what it
            // carries. Refused, the panel stays open with the reason and the
            // weapon still highlighted: Enter chooses it again.
            if self.save(MonsterChanges(weapon: weapon), announce: RosterSessionController.weaponAnnouncement(weapon)) {
                self.pane?.finishEditing()
            }
        }
        panel.onCancel = { [weak self] in
            self?.pane?.cancelEditing()
        }
    }

    init(controller: RosterSessionController) {
        super.init(label: "Weapon", controller: controller)
    }

    override var monsterField: MonsterField? { MonsterFields.weapon }
    override var inputView: View? { panel }
    /// Marks take a weapon through `setWeaponOfMarked`, not `save`.
    override var honoursMarks: Bool { true }

    override func didBecomeFirstResponder() {
        showTitle()
        modelChanged()
        panel.highlightCurrent()
    }

    /// With marks the panel says whom a choice gives the weapon.
    override func showTitle() {
        panel.title = marksTitle("Weapon", shared: startingValue(\.weapon.type).shared) ?? "Preferred way to kill"
    }

    /// The weapon ticked: the monster's, or the one every marked monster carries.
    override func modelChanged() {
        let start = startingValue(\.weapon.type)
        panel.currentIndex = start.shared ? start.value.flatMap { WeaponType.allCases.firstIndex(of: $0) } : nil
    }

    override func preferredHeight(forWidth width: Int) -> Int { 6 + problemRows(forWidth: width) }
    /// The box with the glyph and the longest name, "Ninja Star".
    override var minimumValueWidth: Int { 17 }

    override func draw(in buffer: inout Buffer) {
        let valueArea = drawLabel(in: &buffer)
        guard let monster = controller.selected else { return }
        // The reason a choice was refused goes under the box.
        drawProblem(in: &buffer, valueArea: valueArea)
        let reasonRows = problemRowsShown
        let box = Rect(x: valueArea.x, y: valueArea.y + 1, width: min(valueArea.width, 28),
                       height: min(5, frame.height - 1 - reasonRows))
        // The caption heads the box, on the row the weapon takes when the box has no room.
        if box.height >= 3 {
            buffer.write("Preferred way to kill", at: valueArea.origin, width: valueArea.width, style: Theme.label)
        }
        guard box.height >= 3 else {
            // No room for the box: the weapon on the label's row.
            let text = monster.weapon.label
            buffer.write(text, at: valueArea.origin, width: valueArea.width, style: Style().bold)
            markValue(Rect(x: valueArea.x, y: valueArea.y, width: min(valueArea.width, DisplayWidth.of(text)), height: 1), in: &buffer)
            return
        }
        buffer.drawBox(box, style: isFirstResponder || isFocused ? Theme.focusedBorder : Theme.border)
        let content = box.inset(by: 1)
        // The picture on the left, the weapon's glyph and name beside it.
        let pictureArea = Rect(x: content.x, y: content.y, width: min(8, content.width / 2), height: content.height)
        let drawn = controller.pictures.draw(monster.weapon.imageAssetName, in: pictureArea, into: &buffer, slot: PictureSlot.weapon)
        let textX = drawn == nil ? content.x : pictureArea.maxX + 1
        let text = " \(monster.weapon.type.glyph)  \(monster.weapon.type.displayName)"
        let row = content.y + content.height / 2
        let textArea = Rect(x: textX, y: row, width: content.maxX - textX, height: 1)
        buffer.write(text, at: textArea.origin, width: textArea.width, style: Style().bold)
        markValue(Rect(x: textX, y: row, width: min(textArea.width, DisplayWidth.of(text) + 1), height: 1), in: &buffer)
    }
}
