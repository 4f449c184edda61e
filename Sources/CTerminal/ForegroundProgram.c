// Running another program in the foreground of our terminal (an editor
// for a field's text), the way git runs `$EDITOR`.
//
// While it runs, the keys that make signals belong to it: Ctrl-C and
// Ctrl-\ in a line-mode editor (ed) must not end roster too, so roster
// ignores SIGINT and SIGQUIT meanwhile, as git does, and SIGTSTP, which an
// editor sends its whole process group when it suspends itself (vim's
// Ctrl-Z). The program gets every signal's default action and an empty
// mask. When it stops, the whole group stops with it, so that the shell
// takes the terminal back; `fg` continues both, and the wait goes on.

#define _GNU_SOURCE
#include "TerminalSignals.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const int handed_over[] = {SIGINT, SIGQUIT, SIGTSTP};
#define HANDED_OVER_COUNT (sizeof handed_over / sizeof handed_over[0])

int cterminal_run_in_foreground(const char *path, char *const argv[], int *status) {
    struct sigaction ignore, previous[HANDED_OVER_COUNT];
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    for (size_t i = 0; i < HANDED_OVER_COUNT; i++) sigaction(handed_over[i], &ignore, &previous[i]);

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults, empty;
    sigemptyset(&empty);
    sigemptyset(&defaults);
    for (size_t i = 0; i < HANDED_OVER_COUNT; i++) sigaddset(&defaults, handed_over[i]);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    pid_t child = 0;
    int failure = posix_spawn(&child, path, NULL, &attributes, argv, environ);
    posix_spawnattr_destroy(&attributes);
    if (failure == 0) {
        for (;;) {
            int result = 0;
            pid_t waited = waitpid(child, &result, WUNTRACED);
            if (waited == -1) {
                if (errno == EINTR) continue;
                failure = errno;
                break;
            }
            if (WIFSTOPPED(result)) {
                // Suspended (vim's Ctrl-Z): so are we, and `fg` continues us both.
                cterminal_stop_process_group();
                kill(child, SIGCONT);
                continue;
            }
            *status = result;
            break;
        }
    }
    for (size_t i = 0; i < HANDED_OVER_COUNT; i++) sigaction(handed_over[i], &previous[i], NULL);
    return failure;
}
