#include "cmalloc.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cmalloc_keep_freed_blocks(int mmap_threshold, int trim_threshold) {
#if defined(__GLIBC__)
    int mmap_set = mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    int trim_set = mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return mmap_set == 1 && trim_set == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}

int cmalloc_pad_heap_top(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, bytes) == 1;
#else
    (void)bytes;
    return 0;
#endif
}
