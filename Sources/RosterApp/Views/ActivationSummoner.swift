import RosterCore
import TerminalKit

/// The date-time picker summoned without a field: `a` from the list opens
/// it for the selected monster's activation while the focus stays where it
/// was; Done saves, and the focus goes back.
///
/// It is a responder with an input view and nothing to show of its own,
/// like a hidden UIKit view that becomes first responder to bring up a
/// picker.
final class ActivationSummoner: View {
    private let controller: RosterController
    private let picker = ActivatedField.makePicker()
    private lazy var bar = AccessoryBar { bar in
        bar.title = "Activated"
        bar.onDone = { [weak self] in self?.done(self?.picker.value) }
    }

    init(controller: RosterController) {
        self.controller = controller
        super.init()
        picker.onDone = { [weak self] value in self?.done(value) }
        picker.onChange = { [weak self] _ in self?.bar.problem = nil }
        picker.onCancel = { [weak self] in self?.resignFirstResponder() }
    }

    override var canBecomeFirstResponder: Bool { controller.selected != nil && !controller.isDraft }
    override var inputView: View? { picker }
    override var inputAccessoryView: View? { bar }
    override var keyBindingsTitle: String { "Activated" }

    override func didBecomeFirstResponder() {
        bar.problem = nil
        picker.setValue(ActivatedField.calendarValue(controller.selected?.activated ?? Timestamp.now))
    }

    private func done(_ value: CalendarDateTime?) {
        guard let value else {
            resignFirstResponder()
            return
        }
        guard let timestamp = ActivatedField.timestamp(value) else {
            // The picker stays up, with the reason in its bar.
            bar.problem = ActivatedField.clockGapProblem
            return
        }
        if timestamp != controller.selected?.activated {
            controller.save(MonsterChanges(activated: .some(timestamp)), describing: "activation")
        }
        resignFirstResponder()
    }
}
