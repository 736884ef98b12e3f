#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/* Writes the errno of a failed step to the parent and ends the child (async-signal-safe only). */
static void fail(int report, int error) {
    ssize_t ignored = write(report, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

int cprocess_spawn(const char *path, char *const argv[], char *const envp[], const int fds[3], int flags,
                   pid_t *pid) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();
    sigset_t all, old;
    sigfillset(&all);
    /* No signal handler of ours may run in the child between fork and exec. */
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t child = fork();
    if (child == 0) {
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
        }
        if ((flags & CPROCESS_NEW_GROUP) && setpgid(0, 0) != 0) fail(report[1], errno);
        if (flags & CPROCESS_DIE_WITH_PARENT) {
            if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(report[1], errno);
            /* The parent may have died before the death signal was set. */
            if (getppid() != parent) _exit(127);
        }
        /* Moved above 2 first, so that one target is never another's source. */
        int moved[3];
        for (int k = 0; k < 3; k++) {
            moved[k] = fcntl(fds[k], F_DUPFD_CLOEXEC, 3);
            if (moved[k] < 0) fail(report[1], errno);
        }
        for (int k = 0; k < 3; k++) {
            if (dup2(moved[k], k) < 0) fail(report[1], errno);
        }
        /* Every descriptor above 2 ends at exec: the report pipe tells the parent whether exec happened. */
        if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
            long most = sysconf(_SC_OPEN_MAX);
            for (long fd = 3; fd < (most > 0 ? most : 1024); fd++) fcntl((int)fd, F_SETFD, FD_CLOEXEC);
        }
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        fail(report[1], errno);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    if (child < 0) {
        close(report[0]);
        return saved;
    }
    int error = 0;
    ssize_t got;
    do {
        got = read(report[0], &error, sizeof error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return error != 0 ? error : ECHILD;
    }
    /* The child ran exec, or died (of its parent's death, say) before it: either way it has a pid to wait for. */
    *pid = child;
    return 0;
}

int cprocess_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno; }
