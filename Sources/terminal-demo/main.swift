// terminal-demo: a full-screen program that shows what TerminalSession
// reports, for trying the terminal layer by hand and for the pty tests.
//
//   q        quit (status 0)          Ctrl-C   quit as interrupted (130)
//   Ctrl-Z   suspend to the shell     !        crash with fatalError
//   e        write a line to stderr   d        query device attributes
//   h        hang: stop reading events, like a program stuck in a loop
//
// SIGINT, SIGTERM and SIGHUP end it with 128 + the signal number; when it
// hangs, a second one ends it by the signal, with the terminal restored.
// `--no-mouse` leaves mouse reporting off.
import TerminalKit
#if canImport(Glibc)
import Glibc
import TextSafety
#endif

func writeToStandardError(_ message: String) {
    let bytes = Array("terminal-demo: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

struct Demo {
    let session: TerminalSession
    var recent: [String] = []
    var eventCount = 0
    var resumeCount = 0
    var lastReply = "none yet (press d)"

    mutating func run() -> Never {
        draw()
        while true {
            for event in session.nextEvents(timeoutMilliseconds: nil) {
                handle(event)
            }
            draw()
        }
    }

    mutating func handle(_ event: TerminalEvent) {
        eventCount += 1
        recent.append(Self.describe(event))
        if recent.count > 20 { recent.removeFirst() }
        switch event {
        case .input(.key(let key)) where key == .character("q"):
            session.stop()
            exit(0)
        case .input(.key(let key)) where key == .control("c"):
            session.stop()
            exit(TerminationSignal.interrupt.exitStatus)
        case .input(.key(let key)) where key == .control("z"):
            session.suspend()
        case .input(.key(let key)) where key == .character("!"):
            fatalError("deliberate crash for testing")
        case .input(.key(let key)) where key == .character("e"):
            writeToStandardError("a message written to stderr during the session")
        case .input(.key(let key)) where key == .character("h"):
            draw()
            while true { sleep(60) } // signals interrupt sleep; the hang goes on
        case .input(.key(let key)) where key == .character("d"):
            let reply = session.query(Array("\u{1B}[c".utf8), timeoutMilliseconds: 500)
            lastReply = reply.isEmpty ? "no reply" : String(decoding: reply, as: UTF8.self)
        case .signal(let signal):
            session.stop()
            exit(signal.exitStatus)
        case .resumed:
            resumeCount += 1
        default:
            break
        }
    }

    static func describe(_ event: TerminalEvent) -> String {
        switch event {
        case .input(.key(let key)): "key \(key)"
        case .input(.paste(let text)): "paste of \(text.count) characters: \(text.prefix(40))"
        case .input(.mouse(let mouse)): "mouse \(mouse.kind) at \(mouse.position) modifiers \(mouse.modifiers.rawValue)"
        case .resize(let size): "resize to \(size)"
        case .signal(let signal): "signal \(signal)"
        case .resumed: "resumed"
        case .reply(let bytes): "reply of \(bytes.count) bytes"
        case .ready(let descriptor): "descriptor \(descriptor) readable"
        }
    }

    /// A full repaint in one write: this demo has no renderer and needs none.
    func draw() {
        let size = session.size
        var lines = [
            "terminal-demo — events: \(eventCount)  resumed: \(resumeCount)  size: \(size)",
            "q quit · Ctrl-C interrupt · Ctrl-Z suspend · ! crash · e stderr · d query · h hang",
            "reply: \(lastReply)",
            "",
        ]
        lines += recent.reversed().map { "  \($0)" }
        var frame = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines.prefix(size.height).enumerated() {
            frame += "\u{1B}[\(row + 1);1H" + DisplayWidth.truncate(SafeText.escaped(line), to: size.width)
        }
        try? session.write(frame)
    }
}

do {
    let session = try TerminalSession()
    try session.start(mouse: !CommandLine.arguments.contains("--no-mouse"))
    var demo = Demo(session: session)
    demo.run()
} catch {
    writeToStandardError("\(error)")
    exit(1)
}
