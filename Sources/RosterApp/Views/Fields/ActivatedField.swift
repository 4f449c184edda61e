import RosterCore
import TerminalKit

/// When the monster was activated: a date-time picker on the local wall
/// clock (`TZ`), minutes in steps of five, with Now (to the minute) and
/// Done. The moment is saved in UTC. Opened and confirmed without a turn
/// or Now, it saves nothing and says so: a moment off the steps, or with
/// seconds, is kept, an unknown one stays unknown (the wheels open at now
/// only to start from), and marks that differ keep theirs.
final class ActivatedField: DetailField {
    static let minuteInterval = 5
    static let clockGapProblem = "the clocks skip that time when they go forward"

    let picker: DateTimePicker
    private var pending: CalendarDateTime?
    /// Where the wheels stood when a save was refused as changed since:
    /// Done there saves the person's own value, another value replaces it.
    private var refusedAt: CalendarDateTime?
    /// What the wheels showed when the picker opened: Done there changes nothing.
    private var openedAt: CalendarDateTime?
    /// Whether the wheels were turned, or Now pressed, since the picker opened.
    private var touched = false
    /// Whether the picker opened on marked monsters whose activations differ:
    /// the wheels start at the first one's, and a value turned to and back
    /// there is still a choice for them all.
    private var marksDiffer = false

    init(controller: RosterSessionController) {
        picker = ActivatedField.makePicker()
        super.init(label: "Activated", controller: controller)
        picker.onChange = { [weak self] value in
            self?.touched = true
            self?.pending = value
            self?.ownChanges = nil
        }
        picker.onDone = { [weak self] value in
            guard let self else { return }
            if self.ownChanges == nil || value != self.refusedAt {
                self.pending = value
                self.ownChanges = nil
            }
            // Done untouched, or on the value it opened at, saves nothing:
            // said, not met with silence.
            if self.ownChanges == nil, !self.touched || (value == self.openedAt && !self.marksDiffer) {
                self.tellKept { MonsterFields.activated.told($0) }
            }
            self.pane?.finishEditing()
        }
        picker.onCancel = { [weak self] in self?.pane?.cancelEditing() }
    }

    /// The field's one editor, whether opened from the field or summoned
    /// from elsewhere (`a`, the header's "a · set activation date…" button).
    static func makePicker() -> DateTimePicker {
        DateTimePicker { picker in
            picker.title = "Activated"
            picker.accentColor = Theme.accent
            picker.mode = .dateAndTime
            picker.minuteInterval = minuteInterval
            picker.now = { calendarValue(Timestamp.now) }
        }
    }

    static func calendarValue(_ timestamp: Timestamp) -> CalendarDateTime {
        let fields = timestamp.localFields
        return CalendarDateTime(year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute)
    }

    static func timestamp(_ value: CalendarDateTime) -> Timestamp? {
        Timestamp(local: Timestamp.Fields(year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute))
    }

    override var inputView: View? { picker }
    /// `2019-03-14 09:30 CEST` whole: in a narrower column beside the
    /// picture the field goes below it, across the pane.
    override var minimumValueWidth: Int { 21 }
    override var editVerb: String { "choose activation" }
    override var spokenName: String { "activation" }

    override var clearingChanges: MonsterChanges? {
        controller.selected?.activated == nil ? nil : MonsterChanges(activated: .some(nil))
    }

    override func didBecomeFirstResponder() {
        pending = nil
        refusedAt = nil
        // The wheels start at the monster's activation, or now; with marks,
        // at the first marked monster's, and the title says whom Done gives it.
        let start = startingValue(\.activated)
        showTitle()
        marksDiffer = !start.shared
        openedAt = (start.value ?? nil).map(Self.calendarValue)
        picker.setValue(Self.calendarValue((start.value ?? nil) ?? Timestamp.now))
        touched = false
    }

    override func showTitle() {
        picker.title = marksTitle("Activated", shared: startingValue(\.activated).shared) ?? "Activated"
    }

    override func commitEditing() -> Bool {
        // After a refusal (another program changed the activation), Done
        // saves the person's own, a clearing included, over the newer value.
        if let ownChanges { return save(ownChanges) }
        guard touched, let pending, pending != openedAt || marksDiffer else { return true }
        self.pending = nil
        guard let timestamp = Self.timestamp(pending) else {
            problem = Self.clockGapProblem
            return false
        }
        // The marked monsters say themselves which of them had it already.
        guard actsOnMarks || timestamp != controller.selected?.activated else { return true }
        return save(MonsterChanges(activated: .some(timestamp)))
    }

    override var monsterField: MonsterField? { MonsterFields.activated }
    /// Done gives every marked monster in the list the activation, as one change.
    override var marksField: MonsterField? { MonsterFields.activated }

    /// The field shows the newer value; the wheels stay where the person put them.
    override func clashed(current: Monster) {
        pending = nil
        refusedAt = picker.value
    }

    override var changedInEditor: Bool { touched }

    override func cancelEditing() {
        super.cancelEditing()
        pending = nil
        refusedAt = nil
    }

    override func draw(in buffer: inout Buffer) {
        if isFirstResponder, let pending {
            drawValue(pending.description, in: &buffer)
        } else {
            drawValue(controller.selected?.activated?.localDisplay, in: &buffer)
        }
    }
}
