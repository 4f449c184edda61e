#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar for long jobs, drawn on stderr:
///
///     ████████████▌          52%  520,000 of 1,000,000 monsters  410k/s  ETA 1s
///
/// It stays silent for the first `delay` seconds, so quick jobs print
/// nothing, and redraws at most ten times a second. `finish()` erases it.
/// Rendering (`line(…)`) is a pure function, tested without a terminal.
public final class ProgressBar {
    private let write: (String) -> Void
    private let total: Int?
    private let unit: String
    private let width: () -> Int
    private let delay: Double
    private let start: Double
    private var lastDraw = 0.0
    private var shown = false

    /// `total` in `unit`s (nil when unknown, as when reading a pipe);
    /// the unit "bytes" is shown in megabytes.
    public init(total: Int?, unit: String, delay: Double = 1.0, width: @escaping () -> Int,
                write: @escaping (String) -> Void) {
        self.total = total
        self.unit = unit
        self.delay = delay
        self.width = width
        self.write = write
        self.start = Self.now()
    }

    public func update(_ done: Int) {
        let now = Self.now()
        let elapsed = now - start
        guard elapsed >= delay, now - lastDraw >= 0.1 else { return }
        lastDraw = now
        shown = true
        // \r and erase-line: redraw in place.
        write("\r" + Self.line(done: done, total: total, unit: unit, elapsed: elapsed, width: width()) + "\u{1B}[K")
    }

    /// Erases the bar, if it was ever drawn.
    public func finish() {
        if shown { write("\r\u{1B}[K") }
        shown = false
    }

    /// The bar's text for `done` of `total` after `elapsed` seconds, at most `width` columns.
    public static func line(done: Int, total: Int?, unit: String, elapsed: Double, width: Int) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var facts = ""
        if let total, total > 0 {
            let fraction = min(1, Double(done) / Double(total))
            if unit == "bytes" {
                facts = "\(String(Int(fraction * 100)).leftPadded(to: 3))%  \(megabytes(done)) of \(megabytes(total)) MB  \(megabytes(Int(rate))) MB/s"
            } else {
                facts = "\(String(Int(fraction * 100)).leftPadded(to: 3))%  \(grouped(done)) of \(grouped(total)) \(unit)"
                facts += "  \(compact(rate))/s"
            }
            if rate > 0 {
                facts += "  ETA \(duration(Double(total - min(done, total)) / rate))"
            }
            let barWidth = max(0, min(30, width - facts.count - 3))
            guard barWidth >= 5 else { return String(facts.prefix(max(0, width - 1))) }
            return bar(fraction: fraction, width: barWidth) + "  " + facts
        }
        facts = unit == "bytes"
            ? "\(megabytes(done)) MB  \(megabytes(Int(rate))) MB/s  \(duration(elapsed))"
            : "\(grouped(done)) \(unit)  \(compact(rate))/s  \(duration(elapsed))"
        return String(facts.prefix(max(0, width - 1)))
    }

    /// Eighth blocks give the bar a smooth edge.
    static func bar(fraction: Double, width: Int) -> String {
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let full = eighths / 8
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: full)
        if full < width {
            text += partials[eighths % 8]
            text += String(repeating: " ", count: width - full - (eighths % 8 == 0 ? 0 : 1))
        }
        return text
    }

    /// 1,234,567
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// 0.3, 17.4, 1,024.0 (megabytes of 10^6 bytes, as disks count them)
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(grouped(tenths / 10)).\(tenths % 10)"
    }

    /// 950, 12.5k, 3.2M
    static func compact(_ value: Double) -> String {
        switch value {
        case ..<1000: String(Int(value))
        case ..<1_000_000: oneDecimal(value / 1000) + "k"
        default: oneDecimal(value / 1_000_000) + "M"
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths >= 100 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    /// 7s, 2m05s, 1h02m
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + String(whole % 60).leftPadded(to: 2, with: "0") + "s" }
        return "\(whole / 3600)h" + String((whole % 3600) / 60).leftPadded(to: 2, with: "0") + "m"
    }

    static func now() -> Double {
        Double(MonotonicClock.milliseconds()) / 1000
    }
}

extension String {
    fileprivate func leftPadded(to width: Int, with pad: Character = " ") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
