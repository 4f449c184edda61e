import Synchronization
import TerminalKit

/// What is known of where a copy (`y`, `Y`) goes, so that the footer
/// says only what is true of it.
///
/// roster sends the text to the terminal as OSC 52 and never hears back.
/// Inside tmux (`TMUX` set) the sequence reaches tmux, not the terminal:
/// with `set-clipboard on` tmux keeps it as its newest paste buffer and
/// passes it on to the terminal; with its default, `external`, or `off`,
/// it drops it, and nothing reaches any clipboard. So tmux is asked
/// (`tmux show-options -gv set-clipboard`), on another thread, as the
/// roster starts and again at each copy: the interface never waits for
/// it, and a setting changed while the roster runs is known once tmux
/// answers (the footer's sentence is then said again, `restateAnswer`).
final class ClipboardReach: Sendable {
    /// What a copy's sentence can say.
    enum Reach: Equatable {
        /// Straight to the terminal, which takes it where it allows OSC 52.
        case terminal
        /// tmux keeps it and passes it on (`set-clipboard on`).
        case tmuxPasses
        /// tmux drops it; its `set-clipboard` is this.
        case tmuxDrops(String)
        /// Inside tmux, which has not said yet how it is set.
        case tmuxUnknown
    }

    let insideTmux: Bool
    /// tmux's last answer, and whether a question is out.
    private let state = Mutex<(setting: String?, asking: Bool, answered: Bool)>((nil, false, false))
    private let ask: @Sendable () -> String?
    private let runElsewhere: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// `ask` gives tmux's `set-clipboard`, run through `runElsewhere`
    /// (another thread; tests run it at once).
    init(insideTmux: Bool, ask: @escaping @Sendable () -> String? = { nil },
         runElsewhere: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = DetachedThread.run) {
        self.insideTmux = insideTmux
        self.ask = ask
        self.runElsewhere = runElsewhere
    }

    /// For the terminal the roster runs in: inside tmux when `TMUX` is set.
    static func asking(environment: @escaping @Sendable (String) -> String?) -> ClipboardReach {
        ClipboardReach(insideTmux: environment("TMUX") != nil) { TmuxClient.clipboardSetting(environment: environment) }
    }

    /// Outside tmux: the terminal is told, and nothing is asked.
    static let terminal = ClipboardReach(insideTmux: false)

    /// What is known now.
    var reach: Reach {
        guard insideTmux else { return .terminal }
        guard let setting = state.withLock({ $0.setting }) else { return .tmuxUnknown }
        return setting == "on" ? .tmuxPasses : .tmuxDrops(setting)
    }

    /// Whether a question to tmux is out, or its answer not yet taken:
    /// a poll picks the answer up (tmux may answer before the run loop
    /// next asks this).
    var isAsking: Bool { state.withLock { $0.asking || $0.answered } }

    /// Asks tmux again, unless a question is out already.
    func askAgain() {
        guard insideTmux, state.withLock({ state in
            defer { state.asking = true }
            return !state.asking
        }) else { return }
        let ask = ask
        runElsewhere { [self] in
            let answer = ask()
            state.withLock { $0 = (answer ?? $0.setting, false, true) }
        }
    }

    /// Whether tmux answered since the last call.
    func takeAnswer() -> Bool {
        state.withLock { state in
            defer { state.answered = false }
            return state.answered
        }
    }
}
