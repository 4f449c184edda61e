import Testing
@testable import TerminalKit

@Suite("The progress bar of long imports and exports")
struct ProgressBarTests {
    @Test("a known total shows the bar, the percentage, the counts, the rate and the time left")
    func knownTotal() {
        let line = ProgressBar.line(done: 500_000, total: 1_000_000, unit: "monsters", elapsed: 2, width: 100)
        #expect(line.contains(" 50%  500,000 of 1,000,000 monsters  250k/s  ETA 2s"))
        #expect(line.hasPrefix(String(repeating: "█", count: 15)))
    }

    @Test("an unknown total (a pipe) shows the count, the rate and the time so far")
    func unknownTotal() {
        let line = ProgressBar.line(done: 1234, total: nil, unit: "monsters", elapsed: 65, width: 80)
        #expect(line == "1,234 monsters  18/s  1m05s")
        let bytes = ProgressBar.line(done: 17_427_208, total: nil, unit: "bytes", elapsed: 1, width: 80)
        #expect(bytes == "17.4 MB  17.4 MB/s  1s")
    }

    @Test("bytes are counted in megabytes")
    func bytes() {
        let line = ProgressBar.line(done: 17_427_208, total: 75_012_378, unit: "bytes", elapsed: 1, width: 100)
        #expect(line.hasSuffix(" 23%  17.4 of 75.0 MB  17.4 MB/s  ETA 4s"))
    }

    @Test("the line never grows past the terminal's width")
    func narrow() {
        for width in [1, 10, 30, 60] {
            let line = ProgressBar.line(done: 3, total: 7, unit: "monsters", elapsed: 1, width: width)
            #expect(line.count < max(width, 2))
        }
    }

    @Test("a job faster than the delay draws nothing at all")
    func quietWhenQuick() {
        var written = ""
        let bar = ProgressBar(total: 10, unit: "monsters", delay: 60, width: { 80 }, write: { written += $0 })
        bar.update(5)
        bar.finish()
        #expect(written.isEmpty)
    }

    @Test("once shown, finishing erases the line")
    func erasesWhenDone() {
        var written = ""
        let bar = ProgressBar(total: 10, unit: "monsters", delay: 0, width: { 80 }, write: { written += $0 })
        bar.update(5)
        bar.finish()
        #expect(written.contains("50%"))
        #expect(written.hasSuffix("\r\u{1B}[K"))
    }
}
