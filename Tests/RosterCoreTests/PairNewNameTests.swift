import Foundation
import Testing
import PostgresWire
@testable import RosterCore

/// A new name (an add, an import's inserted record) that reads as both
/// monsters of a look-alike pair is taken, and the refusal says so,
/// naming both: asking to "name one by its id" fits a look-up, not a new
/// monster. An upsert's record, which matches by name, is told to spell
/// the one it updates.
@Suite("A new name reading as both of a look-alike pair")
struct PairNewNameTests {
    static let taken = "the name `CAT-BOT` reads as `Cat-Bot` (id 1) and `ꓚat-Bot` (id 7), already on the roster "
        + "(names are compared ignoring case, width and look-alike letters); choose a name that does not"

    @Test("add and import --mode insert say the name is taken by both; upsert says to spell one; nothing changes",
          arguments: StoreKind.allCases)
    func newNameTaken(kind: StoreKind) throws {
        let (store, kept, admin) = try PairMemberRemoved.pairStore(kind)
        defer { admin?.close() }
        _ = kept
        #expect { try store.add(PairMemberRemoved.monster("CAT-BOT"), dryRun: false) } throws: { error in
            guard case RosterError.namesReadAlike(let sentence) = error else { return false }
            return sentence == Self.taken
        }
        #expect {
            try PairMemberRemoved.importing("name,weapon\nCAT-BOT,fire\n", mode: .insert, into: store)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.map(\.message) == [Self.taken]
        }
        #expect {
            try PairMemberRemoved.importing("name,weapon\nCAT-BOT,fire\n", mode: .upsert, into: store)
        } throws: { error in
            guard case RosterError.problems(let problems, _, _) = error else { return false }
            return problems.count == 1 && problems[0].message.contains("; spell it exactly as the one to update, or rename one")
        }
        #expect(try store.count() == 7)
    }
}
