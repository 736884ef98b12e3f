/*
 * cprocess: starting a child process with what Foundation's Process cannot set: the descriptors it gets,
 * whether it leads a process group of its own, and a death signal so that it never outlives us.
 * fork and exec only; the child runs nothing but async-signal-safe calls before exec.
 */
#ifndef CPROCESS_H
#define CPROCESS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The child leads a process group of its own: one kill(-pid) reaches it and everything it starts. */
#define CPROCESS_NEW_GROUP 1
/* The child gets SIGKILL when the thread that started it ends (prctl PR_SET_PDEATHSIG), and does not start
 * at all if its parent is already gone. */
#define CPROCESS_DIE_WITH_PARENT 2

/* Starts `path` with `argv` and `envp` (both NULL-terminated), its standard input, output and error on
 * `fds[0..2]` (each an open descriptor of ours), every other descriptor closed, every signal at its default
 * action and none blocked. Returns 0 and the child's pid in `pid`, or an errno value: the fork's, or the
 * exec's as the child reported it. */
int cprocess_spawn(const char *path, char *const argv[], char *const envp[], const int fds[3], int flags,
                   pid_t *pid);

/* A pipe whose two ends are closed on exec (pipe2 with O_CLOEXEC, which Swift's Glibc does not import):
 * only what `cprocess_spawn` hands a child reaches it. Returns 0, or an errno value. */
int cprocess_pipe(int fds[2]);

#ifdef __cplusplus
}
#endif

#endif
