/*
 * cpng: PNG decoding over libpng. See cpng.h for the contract.
 *
 * Each public operation creates its libpng structures, sets its own setjmp and frees
 * everything on both the normal and the longjmp path, so no longjmp leaves this file.
 * State that changes after setjmp lives on the heap (never in automatic variables, which
 * setjmp/longjmp would leave indeterminate).
 */
#include "cpng.h"
#include "cpng_internal.h"

#include <malloc.h>

#include <png.h>
#include <zlib.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

/* Ancillary chunks (text, ICC profiles, ...) may not make libpng allocate more than this. */
#define CPNG_CHUNK_MALLOC_MAX ((png_alloc_size_t)8 * 1024 * 1024)
/* Nor may a file carry more than this many ancillary chunks libpng would keep. */
#define CPNG_CHUNK_CACHE_MAX 1000
/* The largest value libpng accepts for a width or height. */
#define CPNG_UINT31_MAX 0x7fffffffu
/* How far the IDAT stream may inflate beyond what the image needs (libpng tolerates extra data). */
#define CPNG_IDAT_SLACK ((uint64_t)1 << 20)
/* Streaming, how many compressed IDAT bytes may follow the last row's: 64 KiB inflate to at most
 * 66 MB, a tenth of a second. */
#define CPNG_IDAT_STREAM_SLACK ((uint64_t)1 << 16)

static const char cpng_truncated_message[] = "truncated PNG data";

/* Where an operation records why it failed. The message buffer belongs to the caller. */
typedef struct cpng_error_sink {
    int status;
    char *message;
    size_t capacity;
} cpng_error_sink;

/* Copies a formatted message into the sink's caller-owned buffer, always NUL-terminated. */
static void cpng_sink_format(cpng_error_sink *sink, const char *format, ...) {
    if (sink->message == NULL || sink->capacity == 0) {
        return;
    }
    va_list args;
    va_start(args, format);
    vsnprintf(sink->message, sink->capacity, format, args);
    va_end(args);
}

/* Records a failure that happens outside libpng (before setjmp or after cleanup). */
static int cpng_sink_fail(cpng_error_sink *sink, int status, const char *text) {
    sink->status = status;
    cpng_sink_format(sink, "%s", text);
    return status;
}

/* libpng's error callback: keeps the first status and the message, then unwinds to setjmp. */
static void cpng_on_error(png_structp png, png_const_charp text) {
    cpng_error_sink *sink = (cpng_error_sink *)png_get_error_ptr(png);
    if (sink != NULL) {
        if (sink->status == CPNG_OK) {
            sink->status = CPNG_ERR_LIBPNG;
        }
        cpng_sink_format(sink, "%s", text != NULL ? text : "unknown libpng error");
    }
    png_longjmp(png, 1);
}

/* libpng's warning callback: warnings never fail an operation, and we print nothing. */
static void cpng_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/* Fails the current libpng operation with our own status and message (does not return). */
static void cpng_png_fail(png_structp png, int status, const char *text) {
    cpng_error_sink *sink = (cpng_error_sink *)png_get_error_ptr(png);
    sink->status = status;
    png_error(png, text);
}

/* Checks claimed dimensions against the caller's limits before anything is allocated. */
static int cpng_check_size(cpng_error_sink *sink, uint32_t width, uint32_t height,
                           uint64_t max_pixels, uint32_t max_side) {
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    if (pixels > max_pixels) {
        sink->status = CPNG_ERR_TOO_LARGE;
        cpng_sink_format(sink, "image is %u\xC3\x97%u pixels, more than the limit of %llu",
                         (unsigned)width, (unsigned)height, (unsigned long long)max_pixels);
        return CPNG_ERR_TOO_LARGE;
    }
    if (width > max_side || height > max_side) {
        sink->status = CPNG_ERR_TOO_LARGE;
        cpng_sink_format(sink, "image is %u\xC3\x97%u pixels, but a side may be at most %u",
                         (unsigned)width, (unsigned)height, (unsigned)max_side);
        return CPNG_ERR_TOO_LARGE;
    }
    return CPNG_OK;
}

static uint32_t cpng_read_be32(const unsigned char *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

/* ------------------------------------------------------------------------------------ */
/* Decoding                                                                             */
/* ------------------------------------------------------------------------------------ */

/* The bytes of filtered scanlines an image needs (a filter byte a row, Adam7's seven passes when
 * interlaced), from IHDR fields; 0 when they make no sense (libpng will say why). */
static uint64_t cpng_raw_size(uint32_t width, uint32_t height, unsigned depth, unsigned color, unsigned interlace) {
    unsigned channels;
    switch (color) {
    case 0: channels = 1; break;
    case 2: channels = 3; break;
    case 3: channels = 1; break;
    case 4: channels = 2; break;
    case 6: channels = 4; break;
    default: return 0;
    }
    if (depth == 0 || depth > 16 || interlace > 1) {
        return 0;
    }
    static const unsigned adam7[7][4] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                          {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    static const unsigned whole[1][4] = {{0, 0, 1, 1}};
    const unsigned (*passes)[4] = interlace ? adam7 : whole;
    int count = interlace ? 7 : 1;
    uint64_t total = 0;
    for (int p = 0; p < count; p++) {
        uint64_t w = width > passes[p][0] ? ((uint64_t)width - passes[p][0] + passes[p][2] - 1) / passes[p][2] : 0;
        uint64_t h = height > passes[p][1] ? ((uint64_t)height - passes[p][1] + passes[p][3] - 1) / passes[p][3] : 0;
        if (w > 0 && h > 0) {
            total += h * (1 + (w * channels * depth + 7) / 8);
        }
    }
    return total;
}

/*
 * Inflates the IDAT stream into a scratch buffer, counting, and fails if it goes on past what the
 * image needs plus CPNG_IDAT_SLACK. libpng would inflate it all: png_read_end swallows extra data
 * 1 KB at a time, and deflate packs 1032 bytes into one, so a 4 MB file can hold 4 GB of zeros.
 * Damaged chunks or zlib data end the check quietly: libpng reports those itself.
 */
static int cpng_check_idat_size(cpng_error_sink *sink, const unsigned char *data, size_t size, uint64_t needed,
                                uint32_t width, uint32_t height) {
    unsigned char scratch[16384];
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) {
        return cpng_sink_fail(sink, CPNG_ERR_NO_MEMORY, "out of memory");
    }
    uint64_t limit = needed + CPNG_IDAT_SLACK;
    int status = CPNG_OK;
    int seen_idat = 0;
    int ended = 0;
    size_t offset = 8;
    while (!ended && size - offset >= 8) {
        uint32_t length = cpng_read_be32(data + offset);
        const unsigned char *type = data + offset + 4;
        if (length > CPNG_UINT31_MAX) {
            break;
        }
        if (memcmp(type, "IDAT", 4) != 0) {
            if (seen_idat || memcmp(type, "IEND", 4) == 0) {
                break;
            }
        } else {
            seen_idat = 1;
            size_t available = size - offset - 8;
            z.next_in = (unsigned char *)data + offset + 8;
            z.avail_in = (uInt)(length < available ? length : available);
            while (z.avail_in > 0) {
                z.next_out = scratch;
                z.avail_out = sizeof scratch;
                int ret = inflate(&z, Z_NO_FLUSH);
                if (z.total_out > limit) {
                    status = CPNG_ERR_TOO_LARGE;
                    cpng_sink_format(sink, "IDAT: the compressed data inflates to more than the %llu bytes a %u\xC3\x97%u image needs",
                                     (unsigned long long)needed, (unsigned)width, (unsigned)height);
                    ended = 1;
                    break;
                }
                if (ret != Z_OK) {
                    ended = 1; /* the end of the stream, or damage libpng will report */
                    break;
                }
            }
        }
        if (size - offset < 12 || length > size - offset - 12) {
            break; /* the file ends inside this chunk */
        }
        offset += 12 + (size_t)length;
    }
    inflateEnd(&z);
    if (status != CPNG_OK) {
        sink->status = status;
    }
    return status;
}

/* Heap state of one decode: the error sink, the input cursor and the pixel buffer (owned
 * here until it is handed to the caller). */
typedef struct cpng_read_state {
    cpng_error_sink sink;
    /* In memory: the bytes and the cursor (the prefix already read, when streaming). */
    const unsigned char *data;
    size_t size;
    size_t offset;
    /* Streaming: the file (-1 in memory), the bytes read from it so far, at most `budget` in all,
     * its size when it is a regular file (else -1), and whether every row has been read, after
     * which IDAT data may add at most CPNG_IDAT_STREAM_SLACK compressed bytes (`idat_after`). */
    int fd;
    uint64_t consumed;
    uint64_t budget;
    int64_t known_size;
    int rows_done;
    uint64_t idat_after;
    uint64_t last_row_bytes;
    int chunk_is_idat;
    unsigned char *pixels;
    /* Whether `pixels` was allocated here (else it is the caller's). */
    int owns_pixels;
} cpng_read_state;

/* libpng's read callback: hands out input bytes, failing cleanly when the data runs out. A chunk
 * header whose length runs past the end of the data fails here, as truncated: libpng would first
 * allocate that length (up to 2 GB for a few bytes of file, even past its chunk memory limit,
 * which it only warns about) and find the data missing afterwards. */
static void cpng_read_data(png_structp png, png_bytep bytes, size_t length) {
    cpng_read_state *state = (cpng_read_state *)png_get_io_ptr(png);
    if (length > state->size - state->offset) {
        cpng_png_fail(png, CPNG_ERR_TRUNCATED, cpng_truncated_message);
    }
    memcpy(bytes, state->data + state->offset, length);
    state->offset += length;
    if (length == 8 && (png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR) {
        uint32_t chunk_length = cpng_read_be32(bytes);
        if (chunk_length <= CPNG_UINT31_MAX && (size_t)chunk_length + 4 > state->size - state->offset) {
            cpng_png_fail(png, CPNG_ERR_TRUNCATED, cpng_truncated_message);
        }
    }
}

/* Reads exactly `length` bytes from the state's file, or fails the decode: truncated at its end,
 * too large past the budget. */
static void cpng_read_fd(png_structp png, cpng_read_state *state, png_bytep bytes, size_t length) {
    if (length > state->budget - state->consumed) {
        state->sink.status = CPNG_ERR_TOO_LARGE;
        png_error(png, "file goes on past the bytes any PNG of its size needs");
    }
    size_t done = 0;
    while (done < length) {
        ssize_t n = read(state->fd, bytes + done, length - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            state->sink.status = CPNG_ERR_LIBPNG;
            png_error(png, "cannot read the file");
        }
        if (n == 0) {
            cpng_png_fail(png, CPNG_ERR_TRUNCATED, cpng_truncated_message);
        }
        done += (size_t)n;
    }
    state->consumed += length;
}

/* libpng's read callback when streaming from a file: the prefix the caller read first, then the file,
 * within the byte budget. As in memory, a chunk whose length runs past a regular file's end fails as
 * truncated before libpng allocates it; and once every row is read, libpng's end (which would inflate
 * whatever IDAT data follows, a few MB holding gigabytes) gets at most CPNG_IDAT_STREAM_SLACK more. */
static void cpng_read_stream(png_structp png, png_bytep bytes, size_t length) {
    cpng_read_state *state = (cpng_read_state *)png_get_io_ptr(png);
    size_t from_prefix = 0;
    if (state->offset < state->size) {
        from_prefix = state->size - state->offset < length ? state->size - state->offset : length;
        memcpy(bytes, state->data + state->offset, from_prefix);
        state->offset += from_prefix;
    }
    if (from_prefix < length) {
        cpng_read_fd(png, state, bytes + from_prefix, length - from_prefix);
    }
    uint64_t position = state->offset + state->consumed;
    if (length == 8 && (png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR) {
        uint32_t chunk_length = cpng_read_be32(bytes);
        state->chunk_is_idat = memcmp(bytes + 4, "IDAT", 4) == 0;
        if (state->known_size >= 0 && chunk_length <= CPNG_UINT31_MAX &&
            (uint64_t)chunk_length + 4 > (uint64_t)state->known_size - position) {
            cpng_png_fail(png, CPNG_ERR_TRUNCATED, cpng_truncated_message);
        }
    } else if (state->rows_done && state->chunk_is_idat &&
               (png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_DATA) {
        /* The last row's own data (at most 8 bytes a pixel and a filter byte, stored), and the slack. */
        state->idat_after += length;
        if (state->idat_after > CPNG_IDAT_STREAM_SLACK + state->last_row_bytes) {
            cpng_png_fail(png, CPNG_ERR_TOO_LARGE, "IDAT: the compressed data goes on past what the image needs");
        }
    }
}

/* Both decode entry points: with `out_pixels`, into a buffer allocated here and handed out;
 * without, into `caller_pixels`, which must hold exactly the image's `capacity` bytes (a NULL
 * buffer of 0 bytes still gets the image's own reason for a refusal). */
static int cpng_decode(const unsigned char *data, size_t size, int fd, uint64_t budget, int64_t known_size,
                       uint64_t max_pixels, uint32_t max_side,
                       unsigned char *caller_pixels, size_t capacity, unsigned char **out_pixels,
                       uint32_t *out_width, uint32_t *out_height, char *message, size_t message_capacity) {
    cpng_error_sink args = {CPNG_OK, message, message_capacity};
    if (message != NULL && message_capacity > 0) {
        message[0] = '\0';
    }
    if (out_width == NULL || out_height == NULL) {
        return cpng_sink_fail(&args, CPNG_ERR_INVALID_ARGUMENT, "no place to return the pixels");
    }
    if (out_pixels != NULL) {
        *out_pixels = NULL;
    }
    *out_width = 0;
    *out_height = 0;

    /* Streaming, the prefix holds the signature and the IHDR when the file has them. */
    int streaming = fd >= 0;
    if (data == NULL || size == 0) {
        return cpng_sink_fail(&args, CPNG_ERR_NOT_PNG, "not a PNG file (no data)");
    }
    if (png_sig_cmp(data, 0, size < 8 ? size : 8) != 0) {
        return cpng_sink_fail(&args, CPNG_ERR_NOT_PNG, "not a PNG file (bad signature)");
    }
    if (size < 8) {
        return cpng_sink_fail(&args, CPNG_ERR_TRUNCATED, cpng_truncated_message);
    }
    /* The IHDR must come first: length, "IHDR", width, height. Refuse a huge image here,
     * even if the rest of the file is missing; libpng validates the chunk properly below. */
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        int status = cpng_check_size(&args, cpng_read_be32(data + 16), cpng_read_be32(data + 20),
                                     max_pixels, max_side);
        if (status != CPNG_OK) {
            return status;
        }
        /* Then that the compressed data does not hold far more than that image (streaming, the read
         * callback bounds what follows the last row instead). */
        if (size >= 29 && !streaming) {
            uint32_t width = cpng_read_be32(data + 16), height = cpng_read_be32(data + 20);
            uint64_t needed = cpng_raw_size(width, height, data[24], data[25], data[28]);
            if (needed > 0 && cpng_check_idat_size(&args, data, size, needed, width, height) != CPNG_OK) {
                return args.status;
            }
        }
    }

    cpng_read_state *state = (cpng_read_state *)calloc(1, sizeof *state);
    if (state == NULL) {
        return cpng_sink_fail(&args, CPNG_ERR_NO_MEMORY, "out of memory");
    }
    state->sink = args;
    state->data = data;
    state->size = size;
    state->offset = 8;
    state->fd = fd;
    state->budget = budget;
    state->known_size = known_size;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state->sink,
                                             cpng_on_error, cpng_on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        free(state);
        return cpng_sink_fail(&args, CPNG_ERR_NO_MEMORY, "out of memory");
    }

    if (setjmp(png_jmpbuf(png))) {
        int status = state->sink.status != CPNG_OK ? state->sink.status : CPNG_ERR_LIBPNG;
        png_destroy_read_struct(&png, &info, NULL);
        if (state->owns_pixels) {
            free(state->pixels);
        }
        free(state);
        return status;
    }

    png_set_read_fn(png, state, streaming ? cpng_read_stream : cpng_read_data);
    png_set_sig_bytes(png, 8);
    /* A side can never exceed the pixel limit (the other side is at least 1). */
    uint64_t side_limit = max_side;
    if (max_pixels < side_limit) {
        side_limit = max_pixels;
    }
    if (side_limit > CPNG_UINT31_MAX) {
        side_limit = CPNG_UINT31_MAX;
    }
    if (side_limit == 0) {
        side_limit = 1;
    }
    png_set_user_limits(png, (png_uint_32)side_limit, (png_uint_32)side_limit);
    png_set_chunk_cache_max(png, CPNG_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(png, CPNG_CHUNK_MALLOC_MAX);

    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    state->last_row_bytes = 8 * (uint64_t)width + 1;
    if (cpng_check_size(&state->sink, width, height, max_pixels, max_side) != CPNG_OK) {
        png_longjmp(png, 1);
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    /* Normalise everything to 8-bit RGBA; no gamma transform is requested, so gAMA is
     * ignored and samples pass through as stored. */
    if (bit_depth == 16) {
        png_set_scale_16(png);
    }
    png_set_expand(png); /* palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha */
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (width == 0 || height == 0 || (size_t)width > SIZE_MAX / 4 / height) {
        cpng_png_fail(png, CPNG_ERR_TOO_LARGE, "image is too large for memory");
    }
    size_t row_bytes = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != row_bytes || png_get_channels(png, info) != 4 ||
        png_get_bit_depth(png, info) != 8) {
        cpng_png_fail(png, CPNG_ERR_LIBPNG, "could not convert the image to 8-bit RGBA");
    }
    size_t total = row_bytes * height;
    if (out_pixels == NULL) {
        if (caller_pixels == NULL || capacity != total) {
            cpng_png_fail(png, CPNG_ERR_INVALID_ARGUMENT, "the pixel buffer does not fit the image");
        }
        state->pixels = caller_pixels;
    } else {
        state->pixels = (unsigned char *)malloc(total);
        if (state->pixels == NULL) {
            cpng_png_fail(png, CPNG_ERR_NO_MEMORY, "out of memory for the decoded pixels");
        }
        state->owns_pixels = 1;
    }

    /* For interlaced images each pass fills in more pixels of the same rows. */
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            /* libpng inflates whatever IDAT data follows the image within the last row's read. */
            state->rows_done = pass == passes - 1 && y == height - 1;
            png_read_row(png, state->pixels + (size_t)y * row_bytes, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);

    cpng_premultiplied_from_straight(state->pixels, (size_t)width * height, 4, state->pixels);

    if (out_pixels != NULL && state->owns_pixels) {
        *out_pixels = state->pixels;
    }
    *out_width = width;
    *out_height = height;
    free(state);
    return CPNG_OK;
}

int cpng_decode_rgba8(const unsigned char *data, size_t size,
                      uint64_t max_pixels, uint32_t max_side,
                      unsigned char **out_pixels, uint32_t *out_width, uint32_t *out_height,
                      char *message, size_t message_capacity) {
    if (out_pixels == NULL) {
        cpng_error_sink args = {CPNG_OK, message, message_capacity};
        return cpng_sink_fail(&args, CPNG_ERR_INVALID_ARGUMENT, "no place to return the pixels");
    }
    return cpng_decode(data, size, -1, 0, -1, max_pixels, max_side, NULL, 0, out_pixels, out_width, out_height,
                       message, message_capacity);
}

int cpng_decode_rgba8_into(const unsigned char *data, size_t size,
                           uint64_t max_pixels, uint32_t max_side,
                           unsigned char *pixels, size_t capacity,
                           uint32_t *out_width, uint32_t *out_height,
                           char *message, size_t message_capacity) {
    return cpng_decode(data, size, -1, 0, -1, max_pixels, max_side, pixels, capacity, NULL, out_width, out_height,
                       message, message_capacity);
}

int cpng_decode_rgba8_stream(int fd, const unsigned char *prefix, size_t prefix_size, uint64_t max_bytes,
                             int64_t file_size, uint64_t max_pixels, uint32_t max_side,
                             unsigned char *pixels, size_t capacity,
                             uint32_t *out_width, uint32_t *out_height,
                             char *message, size_t message_capacity) {
    uint64_t budget = max_bytes > prefix_size ? max_bytes - prefix_size : 0;
    return cpng_decode(prefix, prefix_size, fd, budget, file_size, max_pixels, max_side, pixels, capacity, NULL,
                       out_width, out_height, message, message_capacity);
}

void cpng_free(void *buffer) {
    free(buffer);
}

void cpng_return_large_buffers_to_the_system(void) {
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
}
