import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal the test plays the terminal emulator of: it reads
/// everything the program writes (the transcript) and types bytes.
///
/// The test keeps its own descriptor for the program's side open all the
/// time: the kernel resets a pty's termios when the last descriptor on
/// that side closes, which would make any "restored" check pass by itself.
final class PseudoTerminal {
    private(set) var master: Int32
    let slave: Int32
    private(set) var transcript: [UInt8] = []

    init(columns: Int = 80, rows: Int = 24) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PseudoTerminalError.system("open /dev/ptmx", errno) }
        // TIOCSPTLCK and TIOCGPTN (asm-generic values): Swift cannot import
        // these macros, and the Glibc module does not export posix_openpt.
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            close(master)
            throw PseudoTerminalError.system("unlock pty", errno)
        }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw PseudoTerminalError.system("open /dev/pts/\(number)", errno)
        }
        resize(columns: columns, rows: rows)
        // A cooked mode with a few settings of a user's own, so that
        // "restored" cannot be confused with "reset to the defaults".
        var settings = termios
        settings.c_iflag |= tcflag_t(IUTF8)
        settings.c_lflag &= ~tcflag_t(ECHOCTL)
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VERASE)] = 0x08 }
        tcsetattr(slave, TCSANOW, &settings)
    }

    deinit {
        closeMaster()
        close(slave)
    }

    /// What happens when the terminal emulator's window is closed.
    func closeMaster() {
        if master >= 0 { close(master) }
        master = -1
    }

    var termios: termios {
        var settings = Glibc.termios()
        tcgetattr(slave, &settings)
        return settings
    }

    var settings: TerminalSettings { TerminalSettings(termios) }

    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `bytes` as the user (or the terminal, for replies) would.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    /// Reads whatever the program wrote within `milliseconds`.
    @discardableResult
    func drain(milliseconds: Int32 = 0) -> Int {
        var total = 0
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var wait = milliseconds
        while poll(&ready, 1, wait) > 0, ready.revents & Int16(POLLIN) != 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            transcript += chunk[..<count]
            total += count
            wait = 0
        }
        return total
    }

    /// Reads until the transcript, after `offset`, contains `text`.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, seconds: Double = 10) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if transcript.count > offset, transcript[offset...].firstRange(of: needle) != nil { return true }
            drain(milliseconds: 20)
        }
        return false
    }

    var transcriptText: String { String(decoding: transcript, as: UTF8.self) }
}

enum PseudoTerminalError: Error {
    case system(String, Int32)
}

/// The termios fields that matter, comparable (the C struct is not).
struct TerminalSettings: Equatable, CustomStringConvertible {
    let input, output, control, local: UInt32
    let characters: [UInt8]
    let inputSpeed, outputSpeed: UInt32

    init(_ settings: termios) {
        input = settings.c_iflag
        output = settings.c_oflag
        control = settings.c_cflag
        local = settings.c_lflag
        characters = withUnsafeBytes(of: settings.c_cc) { Array($0) }
        inputSpeed = settings.c_ispeed
        outputSpeed = settings.c_ospeed
    }

    var isRaw: Bool {
        local & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0 && input & tcflag_t(IXON | ICRNL) == 0
            && output & tcflag_t(OPOST) == 0
    }

    var description: String {
        "iflag \(String(input, radix: 16)) oflag \(String(output, radix: 16)) "
            + "cflag \(String(control, radix: 16)) lflag \(String(local, radix: 16))"
    }
}
