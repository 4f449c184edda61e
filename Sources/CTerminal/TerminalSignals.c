// Signal handling for a full-screen terminal session.
//
// A handler may interrupt the program anywhere, even inside malloc, so it
// only calls async-signal-safe functions (write, tcsetattr, tcflush,
// dup2, lseek, read, close, sigaction, pthread_sigmask, raise, kill) and
// only reads state prepared before it can run. State that handlers and
// the program both change is atomic.

#define _GNU_SOURCE
#include "TerminalSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define RESTORE_CAPACITY 512

static int input_fd = -1;
static int output_fd = -1;
static struct termios original_termios;
static uint8_t restore_bytes[RESTORE_CAPACITY];
static size_t restore_length;
static int wake_fd = -1;

static atomic_int active;
static atomic_int capture_fd = -1;
static atomic_int saved_stderr_fd = -1;
static atomic_int termination_pending;

static const int notified_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};
// SIGQUIT (`kill -QUIT`) is here for the Swift runtime, which answers it
// with a backtrace as it does a crash: on the restored screen, not over ours.
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT, SIGSYS};
// The other signals whose default action ends the process (`kill -PIPE`,
// `timeout -s USR1`, the CPU limit of `ulimit -t`): without a handler they
// would leave the alternate screen, mouse reports and a hidden cursor to
// the shell. Each still ends the program, by itself. (The real-time
// signals are left as they are: the C library keeps some for itself.)
static const int ending_signals[] = {SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, SIGPWR, SIGSTKFLT};
#define NOTIFIED_COUNT (sizeof notified_signals / sizeof notified_signals[0])
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
#define ENDING_COUNT (sizeof ending_signals / sizeof ending_signals[0])
static struct sigaction previous_notified[NOTIFIED_COUNT];
static struct sigaction previous_crash[CRASH_COUNT];
static struct sigaction previous_ending[ENDING_COUNT];
static int ending_installed[ENDING_COUNT];
static int installed;

static void write_all(int fd, const void *bytes, size_t length) {
    const uint8_t *cursor = bytes;
    while (length > 0) {
        ssize_t written = write(fd, cursor, length);
        if (written > 0) {
            cursor += written;
            length -= (size_t)written;
        } else if (written < 0 && errno == EINTR) {
            continue;
        } else {
            return; // the terminal is gone or refuses: nothing more can be done
        }
    }
}

int cterminal_open_signal_pipe(int descriptors[2]) {
    return pipe2(descriptors, O_NONBLOCK | O_CLOEXEC);
}

void cterminal_configure_restore(int input, int output, const struct termios *original,
                                 const uint8_t *bytes, size_t length) {
    input_fd = input;
    output_fd = output;
    original_termios = *original;
    restore_length = length < RESTORE_CAPACITY ? length : RESTORE_CAPACITY;
    memcpy(restore_bytes, bytes, restore_length);
}

int cterminal_capture_stderr(int terminal_fd) {
    struct stat error_stat, terminal_stat;
    if (fstat(STDERR_FILENO, &error_stat) != 0 || fstat(terminal_fd, &terminal_stat) != 0) return 0;
    // Errors written to a file or another terminal can go there directly.
    if (!S_ISCHR(error_stat.st_mode) || error_stat.st_rdev != terminal_stat.st_rdev) return 0;

    int capture = memfd_create("terminal-session-stderr", MFD_CLOEXEC);
    if (capture < 0) {
        // Kernels without memfd: an unlinked temporary file does the same.
        const char *directory = getenv("TMPDIR");
        char path[4096];
        size_t length = directory && *directory ? strlen(directory) : 4;
        if (length + 32 > sizeof path) return -1;
        memcpy(path, directory && *directory ? directory : "/tmp", length);
        memcpy(path + length, "/terminal-stderr-XXXXXX", 24);
        capture = mkostemp(path, O_CLOEXEC);
        if (capture < 0) return -1;
        unlink(path);
    }
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0 || dup2(capture, STDERR_FILENO) < 0) {
        int error = errno;
        if (saved >= 0) close(saved);
        close(capture);
        errno = error;
        return -1;
    }
    atomic_store(&saved_stderr_fd, saved);
    atomic_store(&capture_fd, capture);
    return 1;
}

/// Points fd 2 back at the real stderr and copies there what was written
/// meanwhile, so that the messages are seen on the restored screen.
static void end_stderr_capture(void) {
    int saved = atomic_exchange(&saved_stderr_fd, -1);
    int capture = atomic_exchange(&capture_fd, -1);
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    if (capture < 0) return;
    if (lseek(capture, 0, SEEK_SET) == 0) {
        char chunk[4096];
        for (;;) {
            ssize_t count = read(capture, chunk, sizeof chunk);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            write_all(STDERR_FILENO, chunk, (size_t)count);
        }
    }
    close(capture);
}

void cterminal_mark_active(void) {
    atomic_store(&active, 1);
}

int cterminal_restore(void) {
    if (!atomic_exchange(&active, 0)) return 0;
    int saved_errno = errno;
    write_all(output_fd, restore_bytes, restore_length);
    tcsetattr(input_fd, TCSANOW, &original_termios);
    // Mouse reports and keys already on their way were meant for the
    // program, not for the shell that reads the terminal next.
    tcflush(input_fd, TCIFLUSH);
    end_stderr_capture();
    errno = saved_errno;
    return 1;
}

void cterminal_acknowledge_termination(void) {
    atomic_store(&termination_pending, 0);
}

/// Restores the default action for `signal` and delivers it again, so the
/// process ends the way it would have without us (status, core dump).
static void die_by(int signal) {
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal, &default_action, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    raise(signal);
}

static void notify(int signal) {
    int saved_errno = errno;
    if (signal == SIGINT || signal == SIGTERM || signal == SIGHUP) {
        if (atomic_exchange(&termination_pending, 1)) {
            // Asked to end twice and the first request is still unread:
            // the program is stuck, so end it as the default action would,
            // with the terminal restored.
            cterminal_restore();
            die_by(signal);
        }
    }
    uint8_t byte = (uint8_t)signal;
    if (wake_fd >= 0) {
        ssize_t ignored = write(wake_fd, &byte, 1); // a full pipe already holds a wake-up
        (void)ignored;
    }
    errno = saved_errno;
}

static void crash(int signal, siginfo_t *info, void *context) {
    cterminal_restore();
    // The handler that was there before (the Swift runtime's backtracer)
    // now reports on the restored screen.
    for (size_t index = 0; index < CRASH_COUNT; index++) {
        if (crash_signals[index] != signal) continue;
        struct sigaction *previous = &previous_crash[index];
        if (previous->sa_flags & SA_SIGINFO) {
            if (previous->sa_sigaction) previous->sa_sigaction(signal, info, context);
        } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
            previous->sa_handler(signal);
        }
    }
    die_by(signal);
}

static void end_by(int signal) {
    cterminal_restore();
    die_by(signal);
}

int cterminal_install_signal_handlers(int wake) {
    if (installed) return 0;
    wake_fd = wake;
    atomic_store(&termination_pending, 0);

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = notify;
    action.sa_flags = SA_RESTART;
    for (size_t index = 0; index < NOTIFIED_COUNT; index++) {
        if (sigaction(notified_signals[index], &action, &previous_notified[index]) != 0) return -1;
    }

    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_sigaction = crash;
    // SA_ONSTACK: a stack overflow can only be handled on the alternate
    // stack the Swift runtime sets up, when it does.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t index = 0; index < CRASH_COUNT; index++) {
        if (sigaction(crash_signals[index], NULL, &previous_crash[index]) != 0) return -1;
        // A SIGQUIT the parent ignores (a background job's) stays ignored.
        if (previous_crash[index].sa_handler == SIG_IGN && !(previous_crash[index].sa_flags & SA_SIGINFO)) continue;
        if (sigaction(crash_signals[index], &action, NULL) != 0) return -1;
    }

    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = end_by;
    for (size_t index = 0; index < ENDING_COUNT; index++) {
        ending_installed[index] = 0;
        if (sigaction(ending_signals[index], NULL, &previous_ending[index]) != 0) return -1;
        // A signal the parent ignores (SIGPIPE, SIGQUIT under nohup or in
        // a background job) or that someone else handles stays theirs.
        if (previous_ending[index].sa_handler != SIG_DFL || (previous_ending[index].sa_flags & SA_SIGINFO)) continue;
        if (sigaction(ending_signals[index], &action, NULL) != 0) return -1;
        ending_installed[index] = 1;
    }
    installed = 1;
    return 0;
}

void cterminal_remove_signal_handlers(void) {
    if (!installed) return;
    for (size_t index = 0; index < ENDING_COUNT; index++) {
        if (ending_installed[index]) sigaction(ending_signals[index], &previous_ending[index], NULL);
        ending_installed[index] = 0;
    }
    for (size_t index = 0; index < CRASH_COUNT; index++) {
        sigaction(crash_signals[index], &previous_crash[index], NULL);
    }
    for (size_t index = 0; index < NOTIFIED_COUNT; index++) {
        sigaction(notified_signals[index], &previous_notified[index], NULL);
    }
    wake_fd = -1;
    installed = 0;
}

void cterminal_stop_process_group(void) {
    struct sigaction default_action, ours;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGTSTP, &default_action, &ours);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    // The whole group, as the terminal's own Ctrl-Z would: a pipeline we
    // are part of stops together. The kernel stops us before kill returns
    // and we continue here after SIGCONT. (In an orphaned process group
    // there is no shell to continue us, and the kernel ignores SIGTSTP.)
    kill(0, SIGTSTP);
    sigaction(SIGTSTP, &ours, NULL);
}
