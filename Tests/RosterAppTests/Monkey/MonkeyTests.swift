import Foundation
import Testing
import TerminalKit
@testable import RosterApp

/// The randomized key walk. In CI: a fixed seed and 10,000 steps. For
/// longer runs, `script/monkey [STEPS] [SEED]` sets `MONKEY_STEPS` and
/// `MONKEY_SEED`; a failure prints the seed and the failing sequence,
/// shrunk, to be made into a regression test.
@Suite("A randomized walk finds no trap")
struct MonkeyTests {
    static let walkLength = 400

    @Test("seeded random keys, text, pastes, clicks, resizes and other programs' changes break no invariant")
    func monkey() {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["MONKEY_STEPS"].flatMap(Int.init) ?? 10_000
        let seed = environment["MONKEY_SEED"].flatMap(UInt64.init) ?? 20_261_201
        print("monkey: seed \(seed), \(steps) steps")
        var generator = SeededGenerator(seed: seed)
        var done = 0
        var walks = 0
        let started = Date()
        while done < steps {
            let start = MonkeyWalk.sizes.randomElement(using: &generator) ?? Size(width: 80, height: 24)
            let length = min(Self.walkLength, steps - done)
            let walk = MonkeyWalk.walk(steps: length, generator: &generator, start: start)
            walks += 1
            if let failure = walk.failure {
                let shrunk = MonkeyWalk.shrink(walk.events, start: start, invariant: failure.invariant)
                let replay = MonkeyWalk.play(shrunk, start: start)
                let report = """
                    monkey: seed \(seed), walk \(walks), step \(done + walk.events.count): \(failure)
                    shrunk to \(shrunk.count) steps from \(start.width)×\(start.height):
                    \(shrunk.map { "  \($0)" }.joined(separator: "\n"))
                    the shrunk sequence fails with: \(replay.map { "\($0.failure)" } ?? "nothing (the failure depends on more than these steps)")
                    """
                print(report)
                Issue.record(Comment(rawValue: report))
                return
            }
            done += length
            if walks % 250 == 0 {
                print("monkey: \(done) steps, \(walks) walks, \(Int(Date().timeIntervalSince(started)))s")
                // Long runs write to a pipe: show progress as it happens.
                fflush(nil)
            }
        }
        print("monkey: seed \(seed), \(done) steps in \(walks) walks, no failure (\(String(format: "%.1f", Date().timeIntervalSince(started)))s)")
    }
}
