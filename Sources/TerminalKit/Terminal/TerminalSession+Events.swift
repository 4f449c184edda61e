import CTerminal
#if canImport(Glibc)
import Glibc
#endif

extension TerminalSession {
    /// Waits for input or a signal and returns what happened, oldest
    /// first; an empty array when `timeoutMilliseconds` passes first (nil
    /// waits as long as it takes). A lone ESC is settled into the Esc key
    /// after `escapeTimeoutMilliseconds` of silence, here, so callers never
    /// see a half-read sequence.
    ///
    /// `alsoWatching` are the caller's own descriptors (a database's
    /// socket, say), waited on in the same `poll()` as the terminal, so
    /// that a program which must hear of both sleeps until either speaks
    /// instead of waking on a timer to ask. A readable one is reported as
    /// `.ready(descriptor)`, after the terminal's events; the caller reads
    /// it before waiting again, or it is reported again at once.
    public func nextEvents(timeoutMilliseconds: Int?, alsoWatching watched: [Int32] = []) -> [TerminalEvent] {
        var events = takeQueued()
        if !events.isEmpty { return events }
        let deadline = timeoutMilliseconds.map { MonotonicClock.milliseconds() + max(0, $0) }
        while isRunning {
            var wait = deadline.map { max(0, $0 - MonotonicClock.milliseconds()) }
            if let settleAt = settleDeadline {
                let untilSettle = max(0, settleAt - MonotonicClock.milliseconds())
                wait = min(wait ?? untilSettle, untilSettle)
            }
            let input = inputClosed ? -1 : inputDescriptor
            let ready = POSIXCalls.readable([signalPipe.read, input] + watched, timeoutMilliseconds: wait)
            if ready[0] { events += drainSignals() }
            if ready[1] { events += readInput() }
            let readyWatched = zip(watched, ready.dropFirst(2)).filter { $0.1 }.map { TerminalEvent.ready($0.0) }
            if let settleAt = settleDeadline, MonotonicClock.milliseconds() >= settleAt {
                // A paste that stalled is taken so far and stays open: what
                // comes after it is never read as keys.
                if decoder.isInsidePaste {
                    events += decoder.takeStalledPaste().map(TerminalEvent.input)
                    isHoldingStalledPaste = true
                } else {
                    events += decoder.flushPending().map(TerminalEvent.input)
                }
                pendingSince = nil
            }
            events = takeQueued() + events + readyWatched
            // A paste a Ctrl-C ended has no event of its own: the caller is told by `takePasteEndedByCtrlC`.
            if !events.isEmpty || pasteEndedByCtrlC { return events }
            if let deadline, MonotonicClock.milliseconds() >= deadline { return [] }
        }
        return []
    }

    /// What a program busy elsewhere (waiting on a server) polls beside
    /// its own work so that the person can still quit: the signal pipe
    /// and the terminal. When one can be read, `readWithoutWaiting` reads it.
    public var descriptorsToHeed: [Int32] {
        [signalPipe.read] + (inputClosed ? [] : [inputDescriptor])
    }

    /// The signals and input that have arrived, read without waiting and
    /// without the events kept for later: for a program busy elsewhere,
    /// which acts on the few it must (Ctrl-C, a termination) and keeps
    /// the rest for its loop with `keepForLater`.
    public func readWithoutWaiting() -> [TerminalEvent] {
        let ready = POSIXCalls.readable(descriptorsToHeed, timeoutMilliseconds: 0)
        var events: [TerminalEvent] = []
        if ready.first == true { events += drainSignals() }
        if ready.count > 1, ready[1] { events += readInput() }
        return events
    }

    /// Hands `events` to the next `nextEvents`, before anything newer.
    public func keepForLater(_ events: [TerminalEvent]) {
        queued += events
    }

    /// Sends `request` and collects the terminal's replies until a primary
    /// device attributes reply (`ESC [ ? … c`) arrives — every terminal
    /// answers that one, so a query followed by `ESC [ c` learns "not
    /// supported" quickly instead of waiting out the timeout — or the
    /// timeout passes. Returns the replies' raw bytes, in order. Keys typed
    /// meanwhile are kept for `nextEvents`.
    public func query(_ request: [UInt8], timeoutMilliseconds: Int) -> [UInt8] {
        guard isActive, (try? write(request)) != nil else { return [] }
        let deadline = MonotonicClock.milliseconds() + max(0, timeoutMilliseconds)
        var collected: [UInt8] = []
        while !inputClosed {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { break }
            // Only the terminal: signals wait in their pipe for nextEvents.
            guard POSIXCalls.readable([inputDescriptor], timeoutMilliseconds: remaining)[0] else { continue }
            guard let bytes = POSIXCalls.read(inputDescriptor) else {
                inputClosed = true
                queued += decoder.flushPending().map(TerminalEvent.input)
                break
            }
            var replies: [[UInt8]] = []
            queued += decoder.feed(bytes, replies: &replies).map(TerminalEvent.input)
            pendingSince = decoder.hasPendingInput ? MonotonicClock.milliseconds() : nil
            for reply in replies {
                collected += reply
                if Self.isPrimaryDeviceAttributes(reply) { return collected }
            }
        }
        return collected
    }

    static func isPrimaryDeviceAttributes(_ reply: [UInt8]) -> Bool {
        reply.starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")]) && reply.last == UInt8(ascii: "c")
    }

    /// When held-back input should be settled, if any is held.
    private var settleDeadline: Int? {
        guard let pendingSince, decoder.hasPendingInput else { return nil }
        guard decoder.isInsidePaste else { return pendingSince + escapeTimeoutMilliseconds }
        return pasteTimeoutMilliseconds.map { pendingSince + $0 }
    }

    private func takeQueued() -> [TerminalEvent] {
        defer { queued = [] }
        return queued
    }

    private func readInput() -> [TerminalEvent] {
        guard let bytes = POSIXCalls.read(inputDescriptor) else {
            // End of file or EIO from a terminal means it hung up.
            inputClosed = true
            pendingSince = nil
            return decoder.flushPending().map(TerminalEvent.input) + [.signal(.hangup)]
        }
        var replies: [[UInt8]] = []
        // A lone Ctrl-C inside a paste held open (its end never came, and
        // the caller has said so) is the person's key, not pasted text: it
        // ends the paste, and goes no further. Before the pause, a Ctrl-C
        // byte is pasted text like any other.
        if decoder.isInsidePaste, isHoldingStalledPaste, bytes == [0x03] {
            let ended = decoder.endPaste()
            (pasteEndedByCtrlC, isHoldingStalledPaste, pendingSince) = (true, false, nil)
            return ended.map(TerminalEvent.input)
        }
        let events = decoder.feed(bytes, replies: &replies).map(TerminalEvent.input) + replies.map(TerminalEvent.reply)
        if !decoder.isInsidePaste { isHoldingStalledPaste = false }
        pendingSince = decoder.hasPendingInput ? MonotonicClock.milliseconds() : nil
        return events
    }

    /// Turns the signal numbers the handlers wrote into events. Several
    /// SIGWINCH in a row are one resize; a termination is reported once.
    /// `afterSuspend`: the terminal was just taken again, so SIGCONT needs
    /// nothing more.
    func drainSignals(afterSuspend: Bool = false) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var resized = false
        while let bytes = POSIXCalls.read(signalPipe.read, capacity: 64), !bytes.isEmpty {
            for number in bytes {
                switch Int32(number) {
                case SIGWINCH:
                    resized = true
                case SIGTSTP:
                    suspend()
                case SIGCONT:
                    // Continued without our own suspend (SIGSTOP, or a
                    // SIGTSTP we have not read yet): the shell may have
                    // reset the terminal, so take it again.
                    if !afterSuspend, !events.contains(.resumed), !queued.contains(.resumed) {
                        leave()
                        try? enter()
                        events.append(.resumed)
                    }
                default:
                    guard let signal = TerminationSignal(rawValue: Int32(number)) else { continue }
                    cterminal_acknowledge_termination()
                    if !events.contains(.signal(signal)) { events.append(.signal(signal)) }
                }
            }
        }
        if resized { events.append(.resize(size)) }
        return events
    }
}
