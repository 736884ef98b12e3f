// The scene's answers to `clock_gettime`, `dispatch_after` and `dispatch_async`, for the program that plays a
// user's view: the installed hook's, or else the C library's and Dispatch's own functions, found in those
// libraries themselves (the program's own definitions of the names come first in the global search order).
#define _GNU_SOURCE
#include "scene_hooks.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

static _Atomic(scene_clock_hook) clock_hook;
static _Atomic(scene_dispatch_hook) dispatch_hook;

void scene_hooks_install(scene_clock_hook clock, scene_dispatch_hook dispatch) {
    atomic_store(&clock_hook, clock);
    atomic_store(&dispatch_hook, dispatch);
}

/// Dispatch's main queue object, which its headers name `_dispatch_main_q`.
extern char _dispatch_main_q;

void *scene_hooks_main_queue(void) { return &_dispatch_main_q; }

/// `name` as `library` (already loaded) defines it, looked up once.
static void *real(_Atomic(void *) *cached, const char *library, const char *name) {
    void *function = atomic_load(cached);
    if (function == NULL) {
        void *handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD);
        function = handle != NULL ? dlsym(handle, name) : NULL;
        atomic_store(cached, function);
    }
    return function;
}

int scene_clock_gettime(clockid_t clock, struct timespec *spec) {
    scene_clock_hook hook = atomic_load(&clock_hook);
    if (hook != NULL && hook(clock, spec)) return 0;
    static _Atomic(void *) system_clock;
    return ((int (*)(clockid_t, struct timespec *))real(&system_clock, "libc.so.6", "clock_gettime"))(clock, spec);
}

void scene_dispatch_after(uint64_t when, void *queue, scene_block block) {
    scene_dispatch_hook hook = atomic_load(&dispatch_hook);
    if (hook != NULL && hook(queue, when, 1, block)) return;
    static _Atomic(void *) system_after;
    ((void (*)(uint64_t, void *, scene_block))real(&system_after, "libdispatch.so", "dispatch_after"))(
        when, queue, block);
}

void scene_dispatch_async(void *queue, scene_block block) {
    scene_dispatch_hook hook = atomic_load(&dispatch_hook);
    if (hook != NULL && hook(queue, UINT64_MAX, 0, block)) return;
    static _Atomic(void *) system_async;
    ((void (*)(void *, scene_block))real(&system_async, "libdispatch.so", "dispatch_async"))(queue, block);
}
