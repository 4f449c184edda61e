#ifndef ROSTER_TERMINAL_SIGNALS_H
#define ROSTER_TERMINAL_SIGNALS_H

#include <stddef.h>
#include <stdint.h>
#include <termios.h>

/// Terminal restoration that must work from a signal handler, where Swift
/// cannot safely run (it may allocate, take locks or retain objects).
/// Everything a handler needs is copied into static storage beforehand.

/// Creates the self-pipe the handlers write signal numbers into, both ends
/// non-blocking and close-on-exec. Returns 0, or -1 with errno set.
int cterminal_open_signal_pipe(int descriptors[2]);

/// Records what restoring means: the restore bytes are written to
/// `output_fd`, then `original` is set on `input_fd`. `length` is cut to
/// the static buffer's size (512 bytes).
void cterminal_configure_restore(int input_fd, int output_fd, const struct termios *original,
                                 const uint8_t *bytes, size_t length);

/// Installs the handlers. SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and
/// SIGCONT write their number to `wake_fd` for the event loop. The crash
/// signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) restore
/// the terminal, let the previous handler report, and re-raise with the
/// default action. Returns 0, or -1 with errno set.
int cterminal_install_signal_handlers(int wake_fd);

/// Puts back the handlers that were there before.
void cterminal_remove_signal_handlers(void);

/// If fd 2 is the same terminal as `terminal_fd`, points fd 2 at an
/// anonymous in-memory file until the next restore, which replays it.
/// Returns 1 when capturing, 0 when there is no need, -1 with errno set.
int cterminal_capture_stderr(int terminal_fd);

/// Marks the terminal as changed: from now on a crash or a restore call
/// puts it back.
void cterminal_mark_active(void);

/// Restores the terminal once: writes the restore bytes, sets the
/// original termios, discards unread input, points fd 2 back at the real
/// stderr and replays what was captured. Does nothing when not active.
/// Async-signal-safe. Returns 1 if it restored, 0 if there was nothing to do.
int cterminal_restore(void);

/// The event loop has seen the pending termination signal; a second one
/// arriving before this is called means the program is stuck, and the
/// handler then restores the terminal and dies by the signal.
void cterminal_acknowledge_termination(void);

/// Stops the process group as the terminal's Ctrl-Z would (SIGTSTP with its
/// default action), returning once the process is continued.
void cterminal_stop_process_group(void);

/// Runs the program at `path` with `argv` in the foreground of the
/// terminal and waits for it to end, its `waitpid` status in `status`.
/// Meanwhile SIGINT, SIGQUIT and SIGTSTP are ignored here (the program
/// gets them, with their default actions), and when the program stops
/// the process group stops too. Returns 0, or the errno of a spawn or
/// wait that failed.
int cterminal_run_in_foreground(const char *path, char *const argv[], int *status);

#endif
