#if canImport(Glibc)
import Glibc
#endif
import RosterCore
import TerminalKit

/// Runs the plain roster on standard input and output: for screen
/// readers, braille displays, dumb terminals and scripts. Works the same
/// whether the input is a terminal (in its ordinary line mode, so the
/// terminal's own line editing works) or a pipe.
public enum PlainRoster {
    /// How long a save waits for another program's write before saying
    /// "busy": longer than the full-screen roster's, as nothing is drawn
    /// meanwhile and a person waits for one answer.
    static let busyTimeout = 2000

    /// Returns the exit status: 0 at quit or the end of the input, 128 +
    /// the signal for Ctrl-C (SIGINT), SIGTERM or SIGHUP. Throws an error
    /// that made the roster unusable (the file damaged or gone).
    public static func run(store: any RosterStore) throws -> Int32 {
        try store.setBusyTimeout(milliseconds: busyTimeout)
        let input = try LineInput(lineLimit: PlainSession.lineLimit)
        let pictures = PictureDrawing(library: HeadlessRoster.pictureLibrary(), mode: .text)
        let controller = try RosterSessionController(store: store, pictures: pictures)
        let console = PlainConsole(nextLine: input.nextLine, write: writeToStandardOutput,
                                   inputIsTerminal: isatty(0) == 1)
        return try PlainSession(controller: controller, console: console).run()
    }

    /// Writes all of `text`; a reader that went away (EPIPE) ends nothing
    /// here: the next read sees the end of the input or the hang-up.
    private static func writeToStandardOutput(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(1, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
