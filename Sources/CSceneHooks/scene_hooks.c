// The scene's answers to `clock_gettime`, `dispatch_after` and `dispatch_async`, for the program that plays a
// user's view: the installed hook's, or else the C library's and Dispatch's own functions, found in those
// libraries themselves (the program's own definitions of the names come first in the global search order).
#define _GNU_SOURCE
#include "scene_hooks.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/syscall.h>

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

/// The scene's random stream: SplitMix64 over a counter from a fixed seed, each call taking the next words.
static _Atomic(uint64_t) random_counter;

void scene_random_bytes(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    if (bytes == NULL) return;
    for (size_t i = 0; i < count; i += 8) {
        uint64_t z = (atomic_fetch_add(&random_counter, 1) + 1) * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        for (size_t k = 0; k < 8 && i + k < count; k++) bytes[i + k] = (unsigned char)(z >> (8 * k));
    }
}

/// Whether `getrandom` answers from the stream: 0 not yet known, 1 yes, 2 no.
static _Atomic(int) random_installed;

/// Whether the stream answers: from the start, before any code asks for a random number (the Swift runtime
/// seeds its hashing as it is loaded), in the program that plays a view, the one defining `getrandom` itself.
static int random_on(void) {
    int state = atomic_load(&random_installed);
    if (state == 0) {
        void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
        void *own = dlsym(RTLD_DEFAULT, "getrandom");
        state = libc != NULL && own != NULL && own != dlsym(libc, "getrandom") ? 1 : 2;
        atomic_store(&random_installed, state);
    }
    return state == 1;
}

/// `syscall` as the program answers it: `getrandom` from the scene's stream
/// (the Swift runtime asks the kernel itself for its random numbers and hashing seed), anything else as the C
/// library does. Defined here, in a library the program loads before the C library, so it comes first.
long syscall(long number, ...) {
    va_list arguments;
    va_start(arguments, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(arguments, long);
    va_end(arguments);
    if (number == SYS_getrandom && random_on()) {
        scene_random_bytes((void *)a[0], (size_t)a[1]);
        return a[1];
    }
    static _Atomic(void *) system_syscall;
    void *real_syscall = atomic_load(&system_syscall);
    if (real_syscall == NULL) {
        real_syscall = dlsym(RTLD_NEXT, "syscall");
        atomic_store(&system_syscall, real_syscall);
    }
    return ((long (*)(long, long, long, long, long, long, long))real_syscall)(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
