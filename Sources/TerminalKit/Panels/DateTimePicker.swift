/// A date and time on the wall clock, without a time zone: what a person
/// picks. Converting to and from an instant is the caller's business.
public struct CalendarDateTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    public static func < (a: CalendarDateTime, b: CalendarDateTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute) < (b.year, b.month, b.day, b.hour, b.minute)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The same moment `minutes` later (or earlier), carrying into days,
    /// months and years.
    public func adding(minutes: Int) -> CalendarDateTime {
        var result = self
        var total = hour * 60 + minute + minutes
        var dayShift = 0
        while total < 0 { total += 1440; dayShift -= 1 }
        while total >= 1440 { total -= 1440; dayShift += 1 }
        result.hour = total / 60
        result.minute = total % 60
        while dayShift > 0 {
            result.day += 1
            if result.day > Self.daysIn(month: result.month, year: result.year) {
                result.day = 1
                result.month += 1
                if result.month > 12 { result.month = 1; result.year += 1 }
            }
            dayShift -= 1
        }
        while dayShift < 0 {
            result.day -= 1
            if result.day < 1 {
                result.month -= 1
                if result.month < 1 { result.month = 12; result.year -= 1 }
                result.day = Self.daysIn(month: result.month, year: result.year)
            }
            dayShift += 1
        }
        return result
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// `2026-11-29 14:05`.
    public var description: String {
        "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day)) \(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
    }
}

/// Picks a date, a time, or both, on wheels; the minute wheel steps by an
/// interval. A toolbar offers Now (the current time to the minute, chosen
/// at once) and Done. Configured by closures like every panel: `now` says
/// what time it is, `onDone` receives the value.
///
/// A value between the steps (09:32 on a five-minute wheel, from Now or
/// from another program) is kept exactly: its minute joins the wheel
/// between its neighbours, so that opening the picker and pressing Done
/// gives back the value it was opened on, not the nearest step.
public final class DateTimePicker: View {
    public enum Mode: Sendable { case date, time, dateAndTime }

    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public var mode: Mode = .dateAndTime { didSet { rebuild() } }
    public var minuteInterval = 5 { didSet { rebuild() } }
    public var years: ClosedRange<Int> = 1900...2199 { didSet { rebuild() } }
    public var title = "" { didSet { wheels.title = title } }
    /// The colour of the wheels' rules and toolbar.
    public var accentColor: Color {
        get { wheels.accentColor }
        set { wheels.accentColor = newValue }
    }
    public private(set) var value = CalendarDateTime(year: 2000, month: 1, day: 1)
    /// The current local time, asked when Now is pressed.
    public var now: () -> CalendarDateTime = { CalendarDateTime(year: 2000, month: 1, day: 1) }
    public var onChange: ((CalendarDateTime) -> Void)?
    public var onDone: ((CalendarDateTime) -> Void)?
    public var onCancel: (() -> Void)?

    private let wheels = WheelPicker()

    public init(configure: (DateTimePicker) -> Void = { _ in }) {
        super.init()
        addSubview(wheels)
        wheels.onChange = { [weak self] _, _ in self?.readWheels() }
        wheels.onDone = { [weak self] in
            guard let self else { return }
            self.onDone?(self.value)
        }
        wheels.onCancel = { [weak self] in self?.onCancel?() }
        configure(self)
        rebuild()
    }

    /// Shows `value` on the wheels, to the minute.
    public func setValue(_ newValue: CalendarDateTime) {
        value = newValue
        rebuild()
    }

    /// What the Now button does: the current time to the minute, as the
    /// command line takes `now`, chosen at once.
    /// Turns the wheels to now, to the minute. Done (Enter) keeps it: a
    /// letter typed over the picker never saves by itself (" the
    /// Magnificent" typed here saved an activation and then, with its
    /// second n, opened a new monster's form).
    public func chooseNow() {
        value = now()
        rebuild()
        onChange?(value)
    }

    /// The minute wheel's values: the steps of the interval, and the
    /// value's own minute when it falls between them.
    private var minuteValues: [Int] = []

    private func rebuild() {
        let focused = wheels.focusedColumn
        var columns: [WheelPicker.Column] = []
        if mode != .time {
            let yearValues = years.map(String.init)
            columns.append(.init(title: "Year", values: yearValues, selected: value.year - years.lowerBound))
            columns.append(.init(title: "Month", values: Self.monthNames, selected: value.month - 1))
            let days = CalendarDateTime.daysIn(month: value.month, year: value.year)
            columns.append(.init(title: "Day", values: (1...days).map(String.init), selected: min(value.day, days) - 1))
        }
        if mode != .date {
            columns.append(.init(title: "Hour", values: (0..<24).map(CalendarDateTime.twoDigits), selected: value.hour))
            let steps = Array(stride(from: 0, to: 60, by: max(1, minuteInterval)))
            minuteValues = steps.contains(value.minute) ? steps : (steps + [value.minute]).sorted()
            columns.append(.init(title: "Minute", values: minuteValues.map(CalendarDateTime.twoDigits),
                                 selected: minuteValues.firstIndex(of: value.minute) ?? 0))
        }
        wheels.columns = columns
        wheels.focus(column: focused)
        wheels.toolbarButtons = [
            WheelPicker.ToolbarButton("Now", key: .character("n")) { [weak self] in self?.chooseNow() },
            WheelPicker.ToolbarButton("Done") { [weak self] in
                guard let self else { return }
                self.onDone?(self.value)
            },
        ]
    }

    private func readWheels() {
        let rows = wheels.selection
        var next = value
        var column = 0
        if mode != .time {
            next.year = years.lowerBound + rows[0]
            next.month = rows[1] + 1
            next.day = min(rows[2] + 1, CalendarDateTime.daysIn(month: next.month, year: next.year))
            column = 3
        }
        if mode != .date {
            next.hour = rows[column]
            next.minute = minuteValues.indices.contains(rows[column + 1]) ? minuteValues[rows[column + 1]] : 0
        }
        let daysChanged = mode != .time && CalendarDateTime.daysIn(month: next.month, year: next.year)
            != wheels.columns[2].values.count
        value = next
        if daysChanged { rebuild() }
        onChange?(value)
    }

    // The wheels do the work; the picker passes keys and clicks on.
    public override var keyBindingsTitle: String { title.isEmpty ? "Date and time" : title }
    public override var keyBindings: [KeyBinding] { wheels.keyBindings }
    public override func handle(key: KeyEvent) -> Bool { wheels.handle(key: key) }
    public override var consumesText: Bool { wheels.consumesText }
    public override var stopsPrintableKeys: Bool { wheels.stopsPrintableKeys }
    public override var showsKeyHints: Bool { wheels.showsKeyHints }
    public override func preferredHeight(forWidth width: Int) -> Int { wheels.preferredHeight(forWidth: width) }
    public override func layout() { wheels.frame = frame }
}
