import CMalloc

/// How a process that draws frames asks the C allocator to keep what it frees.
package enum FrameAllocations {
    /// A frame allocates pixmaps of megabytes (the canvas, group layers, gradient pictures) and frees them
    /// when it is done. glibc serves blocks that large with `mmap` and unmaps them on `free`, so the next
    /// frame takes a page fault on every page it touches again (half the faults of a static screen drawn
    /// whole). Raising the mmap threshold to its 64-bit maximum, 32 MiB, and the trim threshold (mallopt(3))
    /// keeps freed blocks in the heap for the next frame. Memory stays flat: one frame's blocks are reused,
    /// not accumulated. For the program that plays a view (`ViewHost`), which draws frames whole from its
    /// first, and for the CLI once it has read its input: set before, a hostile input's parse buffers would
    /// stay in the heap and raise the peak (README's limits). A library leaves its host's allocator alone.
    /// False where the C library has no such settings (not glibc).
    @discardableResult
    package static func keepFreedBlocks() -> Bool {
        cmalloc_keep_freed_blocks(32 << 20, 128 << 20) == 1
    }

    /// For the command line writing a WebP: each heap keeps 64 MB to spare at its top (mallopt(3)
    /// `M_TOP_PAD`) instead of handing freed memory back to the kernel at once. libwebp allocates and clears
    /// megabytes for every frame it encodes, on the encoding threads' heaps, and faulting them in again
    /// took 40 % of a WebP's time. Blocks above the mmap threshold are still unmapped when freed, so a
    /// hostile input's parse buffers are not kept; other outputs leave the setting alone (it raised the
    /// frames' peak from 41 to 51 MiB). False where the C library has no such setting.
    @discardableResult
    package static func padHeapTops() -> Bool {
        cmalloc_pad_heap_top(64 << 20) == 1
    }
}
