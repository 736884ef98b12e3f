/*
 * cmalloc: the C allocator's tuning knobs, which Swift's Glibc module does not import (they live in
 * <malloc.h>). Plain C types; no state of its own.
 */
#ifndef CMALLOC_H
#define CMALLOC_H

#ifdef __cplusplus
extern "C" {
#endif

/* Serve blocks below `mmap_threshold` bytes from the heap, and give freed memory back to the kernel
 * only past `trim_threshold` bytes at its top (mallopt(3): M_MMAP_THRESHOLD, M_TRIM_THRESHOLD).
 * Returns 1 when both were set, 0 otherwise (another C library, or a value glibc refuses). */
int cmalloc_keep_freed_blocks(int mmap_threshold, int trim_threshold);

/* Grow and trim each heap with `bytes` to spare at its top (mallopt(3): M_TOP_PAD), so that memory
 * freed there is reused rather than handed back and faulted in again. Returns 1 when set, 0 otherwise. */
int cmalloc_pad_heap_top(int bytes);

#ifdef __cplusplus
}
#endif

#endif
