/*
 * cpng: the only C in reveal-render: PNG decoding through libpng, and the zlib side of our
 * own PNG encoder (row filters and strips).
 *
 * libpng reports errors with longjmp, which must never cross a Swift frame. So every
 * operation here is one C function that makes all of its png_* calls, owns its setjmp
 * and its cleanup, and returns a plain status code; the human-readable reason is copied
 * into a caller-supplied buffer. This header uses only plain C types and does not
 * include <png.h>, so Swift never sees libpng itself.
 *
 * Ownership: any buffer a cpng_ function hands back through an `out_` pointer is
 * allocated by cpng and owned by the caller from then on; release it with cpng_free.
 * (The one exception, cpng_strip_compress, says so.) On failure no buffer is handed back
 * (the out pointer is set to NULL).
 */
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned by every cpng_ operation. */
#define CPNG_OK 0
#define CPNG_ERR_INVALID_ARGUMENT 1 /* the call itself was wrong (sizes, options) */
#define CPNG_ERR_NO_MEMORY 2        /* an allocation failed */
#define CPNG_ERR_NOT_PNG 3          /* empty input or the PNG signature does not match */
#define CPNG_ERR_TRUNCATED 4        /* the data ended before the PNG did */
#define CPNG_ERR_TOO_LARGE 5        /* the image exceeds the caller's limits */
#define CPNG_ERR_LIBPNG 6           /* libpng rejected the data; the message is libpng's own */
#define CPNG_ERR_CORRUPT 7          /* damaged data outside libpng: a bad zlib stream, an unknown row filter */

/* A message buffer of this many bytes always holds a whole message. */
#define CPNG_MESSAGE_CAPACITY 256

/* PNG row filters. ADAPTIVE tries all five on each row (libpng's heuristic). */
#define CPNG_FILTER_NONE 0
#define CPNG_FILTER_SUB 1
#define CPNG_FILTER_UP 2
#define CPNG_FILTER_AVERAGE 3
#define CPNG_FILTER_PAETH 4
#define CPNG_FILTER_ADAPTIVE 5

/* zlib strategies (Z_DEFAULT_STRATEGY, Z_FILTERED, ...). */
#define CPNG_STRATEGY_DEFAULT 0
#define CPNG_STRATEGY_FILTERED 1
#define CPNG_STRATEGY_HUFFMAN_ONLY 2
#define CPNG_STRATEGY_RLE 3
#define CPNG_STRATEGY_FIXED 4
/* Not zlib's: cpng's own deflate for image rows, which tries the distances where rows repeat
 * (cpng_rows.c). At level 0 it stores, as zlib does; levels 1–6 all mean its greedy parse, each
 * strip coded on its own; 7–9 a lazy one over longer hash chains, each strip's parse kept instead,
 * for cpng_rows_join to code the whole image (see the strips below). */
#define CPNG_STRATEGY_ROWS 5

/*
 * Decodes a PNG held in memory into premultiplied RGBA8 pixels (stride 4 * width).
 *
 * Accepts every color type and bit depth libpng reads: palettes and tRNS are expanded to
 * alpha, gray becomes RGB, 16-bit samples are scaled to 8 bits with rounding, interlaced
 * images are deinterlaced. gAMA, cHRM and iCCP are ignored: samples are taken to be sRGB
 * as stored. Color is premultiplied as c * a / 255 rounded to nearest.
 *
 * Size limits are enforced before any pixel memory is allocated: images with more than
 * max_pixels pixels, or a side longer than max_side, fail with CPNG_ERR_TOO_LARGE. The
 * IHDR is checked straight from the bytes, then again by libpng (user limits, and a cap
 * on memory for ancillary chunks). IDAT data that inflates to more than 1 MiB beyond what
 * the IHDR's image needs fails with CPNG_ERR_TOO_LARGE before libpng starts (libpng would
 * inflate all of it: a few MB can hold gigabytes). Data ending early fails with CPNG_ERR_TRUNCATED;
 * a CRC error in a critical chunk, or any other damage, fails with CPNG_ERR_LIBPNG.
 *
 * Ownership: `data` is only read and stays the caller's. On CPNG_OK, *out_pixels is a
 * buffer of 4 * *out_width * *out_height bytes allocated by cpng that the caller must
 * release with cpng_free. On failure *out_pixels is NULL, the sizes are 0, and `message`
 * (if not NULL) holds a NUL-terminated reason, truncated to message_capacity bytes.
 */
int cpng_decode_rgba8(const unsigned char *data, size_t size,
                      uint64_t max_pixels, uint32_t max_side,
                      unsigned char **out_pixels, uint32_t *out_width, uint32_t *out_height,
                      char *message, size_t message_capacity);

/*
 * Decodes like cpng_decode_rgba8, but into `pixels`, a caller buffer that must hold exactly the
 * image's 4 * width * height bytes (read the size from the IHDR, which comes first in every PNG):
 * the pixels then need memory once, not twice. A buffer of the wrong size fails with
 * CPNG_ERR_INVALID_ARGUMENT; `pixels` may be NULL (with `capacity` 0) when the IHDR is missing or
 * over the limits, and the image's own reason is reported. On failure the buffer's contents are
 * unspecified; nothing is allocated for the caller to release.
 */
int cpng_decode_rgba8_into(const unsigned char *data, size_t size,
                           uint64_t max_pixels, uint32_t max_side,
                           unsigned char *pixels, size_t capacity,
                           uint32_t *out_width, uint32_t *out_height,
                           char *message, size_t message_capacity);

/* Releases a buffer handed out by a cpng_ function; NULL is allowed and does nothing. */
void cpng_free(void *buffer);

/* ------------------------------------------------------------------------------------ */
/* Building blocks for PNG data written and read without libpng (every PNG we write, and  */
/* animated PNGs we read, since this libpng has no APNG support). Except for the strip    */
/* compressor below, none of these allocates memory for the caller: every output goes    */
/* into a caller buffer whose capacity is passed in, and every input is only read. None   */
/* of them calls libpng, so none can longjmp.                                             */
/* ------------------------------------------------------------------------------------ */

/* The CRC-32 that PNG chunks carry (zlib's crc32), continuing from `crc` (start with 0). */
uint32_t cpng_crc32(uint32_t crc, const unsigned char *bytes, size_t count);

/*
 * Decompresses one complete zlib stream, never writing more than output_capacity bytes.
 *
 * The output capacity is a hard limit: a stream that would produce more fails with
 * CPNG_ERR_TOO_LARGE as soon as the buffer is full, whatever the input claims. A stream that
 * stops before its end fails with CPNG_ERR_TRUNCATED; a damaged stream (bad header, bad
 * Adler-32, invalid codes) or bytes after the stream's end fail with CPNG_ERR_CORRUPT.
 *
 * Ownership: `input` is only read; `output` is the caller's. On CPNG_OK, *out_size bytes of
 * it hold the data (fewer than the capacity is not an error: the caller checks the count).
 * On failure *out_size is 0 and `message` (if not NULL) holds a NUL-terminated reason.
 */
int cpng_inflate(const unsigned char *input, size_t input_size,
                 unsigned char *output, size_t output_capacity, size_t *out_size,
                 char *message, size_t message_capacity);

/*
 * Decodes like cpng_decode_rgba8_into, reading the file `fd` as the bytes arrive, so that memory holds
 * the pixels and libpng's buffers, never the file: `prefix` is what the caller read first (the
 * signature and IHDR, from which it sized `pixels`), and at most `max_bytes` are read in all, past
 * which the decode fails with CPNG_ERR_TOO_LARGE. `file_size` is the file's size when it is a regular
 * file, else -1 (a pipe). After the last row's data, IDAT data may add at most 64 KiB of compressed
 * bytes (CPNG_ERR_TOO_LARGE past that), since libpng would inflate it all. The descriptor is only read.
 */
int cpng_decode_rgba8_stream(int fd, const unsigned char *prefix, size_t prefix_size, uint64_t max_bytes,
                             int64_t file_size, uint64_t max_pixels, uint32_t max_side,
                             unsigned char *pixels, size_t capacity,
                             uint32_t *out_width, uint32_t *out_height,
                             char *message, size_t message_capacity);

/*
 * Straight-alpha samples from premultiplied RGBA8 pixels, the conversion every PNG we write
 * uses: with channels == 4, c' = (c * 255 + a / 2) / a, 0 when a == 0, 255 when c >= a, alpha
 * kept; with channels == 3, the alpha byte is dropped (only meant for opaque pixels).
 * Reads 4 * pixel_count bytes of `rgba` and writes channels * pixel_count bytes to `out`
 * (which must not overlap `rgba`). Returns CPNG_ERR_INVALID_ARGUMENT for other channel counts.
 */
int cpng_straight_from_premultiplied(const unsigned char *rgba, size_t pixel_count, int channels,
                                     unsigned char *out);

/*
 * Premultiplied RGBA8 pixels from straight samples, the conversion cpng_decode_rgba8 uses:
 * c * a / 255 rounded to nearest; with channels == 3 every alpha is 255. Reads
 * channels * pixel_count bytes of `samples` and writes 4 * pixel_count bytes to `rgba`;
 * with channels == 4 the two may be the same buffer (in place), otherwise they must not
 * overlap. Returns CPNG_ERR_INVALID_ARGUMENT for other channel counts.
 */
int cpng_premultiplied_from_straight(const unsigned char *samples, size_t pixel_count, int channels,
                                     unsigned char *rgba);

/*
 * Applies a PNG row filter: writes the filter type byte and then row_bytes filtered bytes
 * (row_bytes + 1 in all) to `out`. `previous` is the unfiltered row above, or NULL for the
 * first row (a row of zeros). bytes_per_pixel is 1...8. With CPNG_FILTER_ADAPTIVE the filter
 * is chosen per row as libpng's heuristic does: the smallest sum of the filtered bytes read
 * as signed magnitudes. Returns CPNG_ERR_INVALID_ARGUMENT for an unknown filter.
 */
int cpng_filter_row(int filter, const unsigned char *row, const unsigned char *previous,
                    size_t row_bytes, size_t bytes_per_pixel, unsigned char *out);

/*
 * Undoes a PNG row filter in place: `row` holds row_bytes filtered bytes (without the type
 * byte), `filter_type` is that byte (0...4), `previous` the already unfiltered row above or
 * NULL for the first row. Returns CPNG_ERR_CORRUPT for a filter type above 4.
 */
int cpng_unfilter_row(unsigned char filter_type, unsigned char *row, const unsigned char *previous,
                      size_t row_bytes, size_t bytes_per_pixel);

/*
 * Makes glibc serve buffers of 1 MiB or more straight from mmap and return them on free.
 * Frames are large, short-lived buffers handed between threads; with glibc's default
 * (a threshold that rises as such buffers are freed) the heap keeps them and memory grows
 * with the number of encoding threads. Safe to call more than once.
 */
/*
 * Strips: PNG image data compressed a band of rows at a time, so that an encoder can keep the
 * compressed bytes of rows that did not change from one frame to the next.
 *
 * Concatenated in order (after a zlib header, before the big-endian Adler-32 of the whole filtered
 * data, which cpng_adler32_combine builds from the strips' own), the strips of an image form
 * one valid zlib stream; kept strips (CPNG_STRATEGY_ROWS at levels 7–9) do once cpng_rows_join has
 * coded them. A strip's bytes depend only on its own rows, the two rows above it, its place (first
 * row, last or not) and the settings, never on other strips or on earlier calls.
 */
typedef struct cpng_strip {
    const unsigned char *image; /* premultiplied RGBA, row 0 of the whole image */
    size_t stride;              /* bytes from one row to the next, at least width * 4 */
    uint32_t width, height;     /* the whole image */
    uint32_t first_row, row_count;
    int channels;               /* 3: RGB (alpha dropped), 4: straight RGBA */
    int filter;                 /* CPNG_FILTER_*, ADAPTIVE choosing per row */
    int compression_level;      /* 0...9 */
    int strategy;               /* CPNG_STRATEGY_* */
} cpng_strip;

/* A zlib stream and buffers, reused strip after strip; one per thread. NULL when memory runs out. */
typedef struct cpng_strip_compressor cpng_strip_compressor;
cpng_strip_compressor *cpng_strip_compressor_create(void);
void cpng_strip_compressor_destroy(cpng_strip_compressor *compressor);

/* Filters and compresses one strip (or, for CPNG_STRATEGY_ROWS at levels 7–9, parses it for
 * cpng_rows_join). On CPNG_OK, `*out_data` points at `*out_size` bytes owned by
 * the compressor (valid until its next call) and `*out_adler` is the Adler-32 of the strip's
 * filtered bytes. Errors: invalid arguments, no memory, or zlib failing. */
int cpng_strip_compress(cpng_strip_compressor *compressor, const cpng_strip *strip,
                        const unsigned char **out_data, size_t *out_size, uint32_t *out_adler,
                        char *message, size_t message_capacity);

/* Kept strips (CPNG_STRATEGY_ROWS at levels 7–9, whose `*out_data` is a parse, not deflate) in
 * order, as one raw deflate stream ending in a final block: a run of strips shares one block's
 * Huffman codes while that codes the run in fewer bits, so the whole image pays for few headers.
 * Writes `*out_size` bytes to `out`, which must hold cpng_rows_join_bound(sizes, count). The
 * bytes depend only on the strips'. Errors: bytes that are not kept strips, or too small a buffer. */
size_t cpng_rows_join_bound(const size_t *sizes, size_t count);
int cpng_rows_join(const unsigned char *const *strips, const size_t *sizes, size_t count, unsigned char *out,
                   size_t capacity, size_t *out_size, char *message, size_t message_capacity);

/* The Adler-32 of `length` bytes continuing from `adler` (1 to start), as zlib's adler32 computes it. */
uint32_t cpng_adler32(uint32_t adler, const unsigned char *data, size_t length);

/* The Adler-32 of two byte sequences one after the other, from theirs and the second's length. */
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length);

void cpng_return_large_buffers_to_the_system(void);

#ifdef __cplusplus
}
#endif

#endif /* CPNG_H */
