import RosterCore
import TerminalKit

/// The name colour: a popover list anchored at the name, each colour with
/// its swatch. Choosing saves at once and closes it; Esc closes it.
final class ColorField: ChoiceField {
    /// Where the popover hangs: the name's row.
    var anchor: () -> Rect = { .zero }

    private lazy var menu: MenuPopover = MenuPopover { [weak self] menu in
        menu.title = "Name colour"
        Theme.dress(menu)
        menu.items = NameColor.allCases.map { MenuPopover.Item($0.displayName, swatch: Theme.swatch($0) ?? Theme.name) }
        menu.onChoose = { index in
            guard let self, !self.keptUntouched(moved: self.menu.moved, shared: self.startingValue(\.nameColor).shared) else { return }
            // Refused, the popover stays open with the reason, and the
            // colour still highlighted: Enter chooses it again.
            let color = NameColor.allCases[index]
            // A choice always says what became of it, the colour it had included.
            if self.save(MonsterChanges(nameColor: color), announce: { before, after in
                before == after ? "\(after.name)'s name colour stays \(color.displayName)" : "changed \(ChangeWording.edit(before, after))"
            }) {
                self.pane?.finishEditing()
            }
        }
        menu.onCancel = { self?.pane?.cancelEditing() }
    }

    init(controller: RosterSessionController) {
        super.init(label: "Colour", controller: controller)
    }

    override var spokenName: String { "name colour" }
    override var monsterField: MonsterField? { MonsterFields.nameColor }
    override var marksField: MonsterField? { MonsterFields.nameColor }
    override var inputView: View? { menu }
    override var inputViewPresentation: InputViewPresentation { .popover(anchor: anchor()) }

    override func didBecomeFirstResponder() {
        showTitle()
        modelChanged()
        menu.highlightCurrent()
    }

    /// With marks the popover says whom a choice gives the colour.
    override func showTitle() {
        menu.title = marksTitle("Colour", shared: startingValue(\.nameColor).shared) ?? "Name colour"
    }

    /// The popover ticks the colour the monster has now, or the one every marked monster has.
    override func modelChanged() {
        let start = startingValue(\.nameColor)
        menu.currentIndex = start.shared ? start.value.flatMap { NameColor.allCases.firstIndex(of: $0) } : nil
    }

    override func draw(in buffer: inout Buffer) {
        guard let color = controller.selected?.nameColor else { return drawValue(nil, in: &buffer) }
        drawValue("■ " + color.displayName, swatch: Theme.swatch(color) ?? Theme.name, in: &buffer)
    }
}

/// A field edited on wheels: the wheel shows the value as it turns, Done
/// (Enter, or the accessory bar) saves it, Esc puts the old value back.
class WheelField: DetailField {
    let wheels = WheelPicker()
    /// The value the wheels show, while editing.
    var pendingText: String?

    override init(label: String, controller: RosterSessionController) {
        super.init(label: label, controller: controller)
        wheels.title = label
        Theme.dress(wheels)
        wheels.onDone = { [weak self] in
            guard let self else { return }
            self.tellIfKept()
            self.pane?.finishEditing()
        }
        wheels.onCancel = { [weak self] in self?.pane?.cancelEditing() }
        wheels.onChange = { [weak self] _, _ in
            // A value turned to replaces one refused as changed since.
            self?.ownChanges = nil
            self?.wheelsTurned()
        }
    }

    override var inputView: View? { wheels }
    /// The monster's field the wheels set.
    var wheelsField: MonsterField?
    override var monsterField: MonsterField? { wheelsField }
    override var marksField: MonsterField? { wheelsField }
    override var editVerb: String { "choose \(label.lowercased())" }

    /// Sets the wheels from the monster's value when editing begins.
    func loadWheels() {}
    func wheelsTurned() {}
    /// The value on the wheels as text, and the changes that save it.
    func currentChanges() -> MonsterChanges? { nil }
    /// The value shown when not editing.
    func displayedValue(_ monster: Monster) -> String? { nil }
    /// The changes that make the value unknown.
    func unknownValueChanges() -> MonsterChanges? { nil }

    override var clearingChanges: MonsterChanges? {
        guard controller.selected.flatMap(displayedValue) != nil else { return nil }
        return unknownValueChanges()
    }

    override func didBecomeFirstResponder() {
        loadWheels()
        pendingText = nil
        showTitle()
    }

    override func showTitle() {
        wheels.title = marksTitle(label, shared: marksShareValue) ?? label
    }

    /// Whether the marked monsters have one value (the wheels start at the first one's).
    var marksShareValue: Bool { true }

    override func commitEditing() -> Bool {
        if actsOnMarks {
            // With marks, the wheels write once, when the value they were
            // turned to is kept (Done, Prev, Next), never as they turn; a
            // field passed through untouched gives the marked monsters nothing.
            // After a refusal, Enter with the wheels where they were saves
            // the person's value over the other program's.
            guard let changes = ownChanges ?? (pendingText == nil ? nil : wheelChanges()) else { return true }
            pendingText = nil
            return save(changes)
        }
        // After a refusal (another program changed the value), Enter saves
        // the person's own, a clearing included, over the newer value.
        guard let changes = ownChanges ?? currentChanges() else { return true }
        pendingText = nil
        return save(changes)
    }

    /// Done on the wheels as they opened saves nothing, and says so
    /// (`tellKept`); with marks, wheels never turned. (Passing through
    /// with Prev or Next says nothing.)
    private func tellIfKept() {
        guard ownChanges == nil, actsOnMarks ? pendingText == nil : currentChanges() == nil else { return }
        tellKept { self.displayedValue($0) ?? "unknown" }
    }

    /// The changes that give the value on the wheels, whatever the
    /// selected monster holds.
    func wheelChanges() -> MonsterChanges? { nil }

    /// The field shows the newer value; the wheels stay where the person put them.
    override func clashed(current: Monster) {
        pendingText = nil
    }

    override var changedInEditor: Bool { pendingText != nil }

    override func cancelEditing() {
        super.cancelEditing()
        pendingText = nil
    }

    override func draw(in buffer: inout Buffer) {
        if isFirstResponder, let pendingText {
            drawValue(pendingText, in: &buffer)
        } else {
            drawValue(controller.selected.flatMap(displayedValue), in: &buffer)
        }
    }
}

/// Height on two linked wheels: feet and inches. The feet wheel starts
/// with "—" for unknown, so a monster without a height opens on what it
/// shows, and passing through the field (Prev, Next) invents nothing.
final class HeightField: WheelField {
    static let unknown = "—"

    init(controller: RosterSessionController) {
        super.init(label: "Height", controller: controller)
        wheelsField = MonsterFields.height
        wheels.columns = [
            .init(title: "Feet", values: [Self.unknown] + Height.feetRange.map { "\($0) ft" }),
            .init(title: "Inches", values: Height.inchRange.map { "\($0) in" }),
        ]
    }

    private var wheelHeight: Height? {
        wheels.selection[0] == 0 ? nil : Height(feet: wheels.selection[0] - 1, inches: wheels.selection[1])
    }

    override var marksShareValue: Bool { startingValue(\.height).shared }

    override func loadWheels() {
        let height = startingValue(\.height).value ?? nil
        wheels.select(height.map { $0.feet + 1 } ?? 0, inColumn: 0, notify: false)
        wheels.select(height?.inches ?? 0, inColumn: 1, notify: false)
        wheels.focus(column: 0)
    }

    override func wheelsTurned() { pendingText = wheelHeight?.displayName ?? Self.absent }

    override func currentChanges() -> MonsterChanges? {
        guard wheelHeight != controller.selected?.height else { return nil }
        return wheelChanges()
    }

    override func wheelChanges() -> MonsterChanges? { MonsterChanges(height: .some(wheelHeight)) }

    override func displayedValue(_ monster: Monster) -> String? { monster.height?.displayName }
    override func unknownValueChanges() -> MonsterChanges? { MonsterChanges(height: .some(nil)) }
}

/// Country of origin on one wheel of every ISO 3166 country; typing a
/// name's first letters jumps to it. The first entry clears the origin.
final class OriginField: WheelField {
    static let unknown = "— unknown —"

    init(controller: RosterSessionController) {
        super.init(label: "Origin", controller: controller)
        wheelsField = MonsterFields.origin
        wheels.columns = [.init(title: "Country", values: [Self.unknown] + Countries.all.map(\.name), width: 32)]
    }

    override var marksShareValue: Bool { startingValue(\.origin).shared }

    override func loadWheels() {
        let row = (startingValue(\.origin).value ?? nil).flatMap { code in Countries.all.firstIndex { $0.code == code } }.map { $0 + 1 } ?? 0
        wheels.select(row, inColumn: 0, notify: false)
    }

    private var wheelCountry: Country? {
        let row = wheels.selection[0]
        return row == 0 ? nil : Countries.all[row - 1]
    }

    override func wheelsTurned() { pendingText = wheelCountry?.description ?? Self.absent }

    override func currentChanges() -> MonsterChanges? {
        guard wheelCountry?.code != controller.selected?.origin else { return nil }
        return wheelChanges()
    }

    override func wheelChanges() -> MonsterChanges? { MonsterChanges(origin: .some(wheelCountry?.code)) }

    override func displayedValue(_ monster: Monster) -> String? { monster.country?.description ?? monster.origin }
    override func unknownValueChanges() -> MonsterChanges? { MonsterChanges(origin: .some(nil)) }
}
