#ifndef SCENE_HOOKS_H
#define SCENE_HOOKS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

// What a view's program (`reveal-render swiftui`) answers in place of the C library and Dispatch, so that the
// user's code keeps the scene's time: `clock_gettime`, and work given to Dispatch's main queue. The program
// defines those three names itself (its `main.swift`), since the dynamic linker looks in the program before any
// library, and each calls its `scene_` function here.

/// Dispatch's work item: a block where the compiler knows blocks (Swift imports it as one), else its pointer.
#if __has_extension(blocks)
typedef void (^scene_block)(void);
#else
typedef void *scene_block;
#endif

/// Answers a clock read into `spec`: 1 when it did, 0 to let the C library answer.
typedef int (*scene_clock_hook)(clockid_t clock, struct timespec *spec);
/// Takes `block` for `queue`: `when` is Dispatch's time for `dispatch_after` (`has_when` 1); `dispatch_async`
/// gives `has_when` 0. 1 when it took the work, 0 to let Dispatch take it.
typedef int (*scene_dispatch_hook)(void *queue, uint64_t when, int has_when, scene_block block);

/// Installs the hooks (before the view's code runs); NULL removes one. Without hooks every call goes on.
void scene_hooks_install(scene_clock_hook clock, scene_dispatch_hook dispatch);

/// Dispatch's main queue, the queue `DispatchQueue.main` is.
void *scene_hooks_main_queue(void);

/// `clock_gettime`, `dispatch_after` and `dispatch_async` as the program answers them: the hook's answer, or
/// the C library's and Dispatch's own functions.
int scene_clock_gettime(clockid_t clock, struct timespec *spec);
void scene_dispatch_after(uint64_t when, void *queue, scene_block block);
void scene_dispatch_async(void *queue, scene_block block);

/// Fills `buffer` with the next `count` bytes of the scene's random stream: the same bytes in every run, so that
/// the view's random numbers (`Int.random`, `UUID()`, Swift's hashing seed) are the same whenever it is played.
/// The program answers `getrandom` and `arc4random_buf` with it, and this library the `getrandom` system call
/// (`syscall`, which the Swift runtime uses).
void scene_random_bytes(void *buffer, size_t count);

#endif
