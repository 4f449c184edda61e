import RosterCore

/// The list's order: one key steps the sort through the fields people
/// sort by, another turns it round. The order is the store's, asked as
/// `list --sort` asks it (heights and dates by what they mean, text
/// ignoring case, weapons and colours by their display names, ties by id),
/// so the interface and the command line never disagree. The selected
/// monster stays selected wherever the new order puts it.
extension RosterSessionController {
    /// The fields the sort key steps through, in this order.
    static let sortCycle: [QueryField] = [.name, .weapon, .height, .origin, .activated, .id]

    /// The next field of `sortCycle`, ascending; from roster order, names.
    func cycleSort() {
        let next: QueryField
        if let current = list.order?.field, let index = Self.sortCycle.firstIndex(of: current) {
            next = Self.sortCycle[(index + 1) % Self.sortCycle.count]
        } else {
            next = Self.sortCycle[0]
        }
        arrange(MonsterSortKey(field: next))
    }

    /// The same field the other way round; roster order becomes newest first.
    func reverseSort() {
        let current = list.order ?? MonsterSortKey(field: .id)
        arrange(MonsterSortKey(field: current.field, descending: !current.descending))
    }

    private func arrange(_ order: MonsterSortKey) {
        // A new order is read from the store, which is out of reach.
        if let refusal = refusedWhileLost() { return tell("not sorted: \(refusal)", isError: true) }
        let keep = selectedOnRoster?.id
        list.setOrder(order)
        // Deep in a paged list the monster is placed near where the
        // selection was, and moves to its true place when counted.
        if let keep, let position = (try? list.position(of: keep, guess: selection)) ?? nil {
            select(position)
        } else {
            select(0)
        }
        tell("sorted \(order.shownOrder)", isError: false)
    }

    /// While the server is out of reach the list cannot read the rows a
    /// new filter shows: the list stays as it was, the filter typed waits
    /// (`filterAwaitingStore`), and the footer says so. True when held.
    func holdWhileLost(filter text: String) -> Bool {
        guard serverLost != nil else { return false }
        list.filterAwaitingStore = text
        status = ("the list is not filtered yet: the server at \(store.name) is out of reach; the filter applies once roster has reconnected", false)
        return true
    }

    /// Back from a lost server: the filter typed meanwhile, if any, applies.
    func applyFilterTypedWhileLost() {
        guard let text = list.filterAwaitingStore else { return }
        list.filterAwaitingStore = nil
        setFilter(text)
    }
}

extension MonsterSortKey {
    /// "by height, tallest first": what the list's title and the footer say.
    var shownOrder: String { "by \(shownField), \(shownDirection)" }

    /// The shortest form for a narrow title: "height ▼".
    var shownBriefly: String { "\(shownField) \(directionMark)" }

    /// ▲ ascending, ▼ descending: in the narrow title and the list's column headings.
    var directionMark: String { descending ? "▼" : "▲" }

    private var shownField: String {
        switch field {
        case .activated: "activation"
        case .nameColor: "name colour"
        default: field.key
        }
    }

    private var shownDirection: String {
        switch field {
        case .height: descending ? "tallest first" : "shortest first"
        case .activated: descending ? "latest first" : "earliest first"
        case .id: descending ? "newest first" : "oldest first"
        default: descending ? "Z to A" : "A to Z"
        }
    }
}
