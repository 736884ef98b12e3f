/*
 * cpng_strip: PNG image data compressed in strips of rows that concatenate into one zlib stream.
 * See cpng.h for the contract.
 *
 * Each strip is a raw deflate stream of its filtered rows, primed with the filtered row above it
 * as a preset dictionary (the decoder has exactly those bytes in its window) and ended with a sync
 * flush (byte-aligned, not final) or, for the image's last row, a final block; or, kept for
 * cpng_rows_join, its parse. Its bytes depend on its own rows and the two rows above only, so a
 * caller may keep them while those rows stay the same.
 */
#include "cpng.h"
#include "cpng_internal.h"

#include <zlib.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct cpng_strip_compressor {
    z_stream stream;
    int ready;                  /* stream initialised */
    int level, strategy;        /* what it was initialised with */
    unsigned char *filtered;    /* filter byte + row, for every row of a strip */
    size_t filtered_capacity;
    unsigned char *straight[3]; /* straight-alpha rows: two above the current one, and the current */
    size_t row_capacity;
    unsigned char *output;
    size_t output_capacity;
    cpng_rows_scratch rows;     /* for CPNG_STRATEGY_ROWS */
    size_t token_capacity;
};

cpng_strip_compressor *cpng_strip_compressor_create(void) {
    return (cpng_strip_compressor *)calloc(1, sizeof(cpng_strip_compressor));
}

void cpng_strip_compressor_destroy(cpng_strip_compressor *compressor) {
    if (compressor == NULL) {
        return;
    }
    if (compressor->ready) {
        deflateEnd(&compressor->stream);
    }
    free(compressor->filtered);
    free(compressor->straight[0]);
    free(compressor->output);
    free(compressor->rows.head);
    free(compressor->rows.prev);
    free(compressor->rows.tokens);
    free(compressor);
}

/* Makes `*buffer` hold at least `size` bytes; 0 when memory runs out. */
static int cpng_reserve(unsigned char **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) {
        return 1;
    }
    unsigned char *grown = (unsigned char *)realloc(*buffer, size);
    if (grown == NULL) {
        return 0;
    }
    *buffer = grown;
    *capacity = size;
    return 1;
}

/* A raw deflate stream at `level` and `strategy`, reset for a new strip; zlib's status. Other
 * settings than last time mean a new stream: deflateParams on a used stream may emit a block in some
 * zlib versions, and a strip's bytes must not depend on what the compressor did before. */
static int cpng_strip_stream(cpng_strip_compressor *compressor, int level, int strategy) {
    if (compressor->ready && (compressor->level != level || compressor->strategy != strategy)) {
        deflateEnd(&compressor->stream);
        compressor->ready = 0;
    }
    int status;
    if (compressor->ready) {
        status = deflateReset(&compressor->stream);
    } else {
        memset(&compressor->stream, 0, sizeof compressor->stream);
        status = deflateInit2(&compressor->stream, level, Z_DEFLATED, -15, 8, strategy);
        if (status == Z_OK) {
            compressor->ready = 1;
            compressor->level = level;
            compressor->strategy = strategy;
        }
    }
    /* Level 3 (the fast preset) looks further back for matches: at zlib's own 32 it rarely reaches the
     * row above in a wide image, which is where most matches of a gradient are. 64 and 256 cut the
     * bench scratch scene's files by 12 % at no measurable cost. Reset restores zlib's table, so
     * this runs for every strip. */
    if (status == Z_OK && level == 3) {
        status = deflateTune(&compressor->stream, 4, 6, 64, 256);
    }
    return status;
}

/* Adler-32 as zlib defines it, 32 bytes at a time: over a group starting with sums (s1, s2),
 * s2 gains 32·s1 plus each byte weighted by how many of the group's sums it enters, and s1 the
 * bytes' sum. Reduced modulo 65521 every 5536 bytes (under zlib's 5552, so no sum overflows).
 * Built for AVX2 too (chosen when it runs), where the weighted sums vectorise; a few times
 * faster than zlib's byte-at-a-time loop. */
#if defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
uint32_t cpng_adler32(uint32_t adler, const unsigned char *data, size_t length) {
    uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;
    while (length >= 32) {
        size_t block = length < 5536 ? length - length % 32 : 5536;
        length -= block;
        for (; block > 0; block -= 32, data += 32) {
            uint32_t sum = 0, weighted = 0;
            for (uint32_t i = 0; i < 32; i++) {
                sum += data[i];
                weighted += (32 - i) * data[i];
            }
            s2 += 32 * s1 + weighted;
            s1 += sum;
        }
        s1 %= 65521u;
        s2 %= 65521u;
    }
    for (; length > 0; length--) {
        s1 += *data++;
        s2 += s1;
    }
    return (s1 % 65521u) | ((s2 % 65521u) << 16);
}

/* A strip through cpng_rows_deflate, or with a chain kept for cpng_rows_join by cpng_rows_tokens,
 * its scratch memory grown as needed. */
static int cpng_strip_rows(cpng_strip_compressor *compressor, const unsigned char *window, size_t dictionary,
                           size_t length, size_t row_length, size_t pixel_bytes, int chain, int last,
                           const unsigned char **out_data, size_t *out_size, char *message, size_t message_capacity) {
    if (dictionary + length >= (size_t)INT32_MAX || length > SIZE_MAX / sizeof(uint32_t)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE, "strip of %zu bytes is too large", length);
    }
    if (compressor->rows.head == NULL) {
        compressor->rows.head = (int32_t *)malloc(sizeof(int32_t) << 15);
    }
    if (compressor->rows.prev == NULL) {
        compressor->rows.prev = (int32_t *)malloc(sizeof(int32_t) << 15);
    }
    if (compressor->token_capacity < length) {
        uint32_t *grown = (uint32_t *)realloc(compressor->rows.tokens, length * sizeof(uint32_t));
        if (grown != NULL) {
            compressor->rows.tokens = grown;
            compressor->token_capacity = length;
        }
    }
    size_t bound = chain > 0 ? cpng_rows_tokens_bound(length) : cpng_rows_deflate_bound(length);
    if (compressor->rows.head == NULL || compressor->rows.prev == NULL || compressor->token_capacity < length ||
        !cpng_reserve(&compressor->output, &compressor->output_capacity, bound)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_NO_MEMORY, "out of memory");
    }
    *out_size = chain > 0 ? cpng_rows_tokens(&compressor->rows, window, dictionary, length, row_length, pixel_bytes,
                                             chain, compressor->output)
                          : cpng_rows_deflate(&compressor->rows, window, dictionary, length, row_length, pixel_bytes,
                                              chain, last, compressor->output);
    *out_data = compressor->output;
    return CPNG_OK;
}

int cpng_strip_compress(cpng_strip_compressor *compressor, const cpng_strip *strip,
                        const unsigned char **out_data, size_t *out_size, uint32_t *out_adler,
                        char *message, size_t message_capacity) {
    cpng_clear_message(message, message_capacity);
    if (compressor == NULL || strip == NULL || out_data == NULL || out_size == NULL || out_adler == NULL) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "missing compressor, strip or result");
    }
    *out_data = NULL;
    *out_size = 0;
    *out_adler = 1;
    int zlib_strategy = cpng_zlib_strategy(strip->strategy);
    size_t width = strip->width;
    size_t channels = (size_t)strip->channels;
    if (strip->image == NULL || width == 0 || strip->row_count == 0 || strip->stride < width * 4 ||
        strip->first_row >= strip->height || strip->row_count > strip->height - strip->first_row ||
        (channels != 3 && channels != 4) || strip->filter < CPNG_FILTER_NONE || strip->filter > CPNG_FILTER_ADAPTIVE ||
        strip->compression_level < 0 || strip->compression_level > 9 || zlib_strategy < 0) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "strip of %zu pixels by %u rows, %zu channels, filter %d, "
                         "level %d or strategy %d is not valid", width, strip->row_count, channels, strip->filter,
                         strip->compression_level, strip->strategy);
    }
    size_t row_bytes = width * channels;
    if (row_bytes >= SIZE_MAX / 4 || strip->row_count > (SIZE_MAX / 2) / (row_bytes + 1)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE, "strip is too large for memory");
    }
    size_t filtered_size = (size_t)strip->row_count * (row_bytes + 1);
    if (!cpng_reserve(&compressor->filtered, &compressor->filtered_capacity, filtered_size + row_bytes + 1)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_NO_MEMORY, "out of memory");
    }
    if (compressor->row_capacity < row_bytes) {
        unsigned char *rows = (unsigned char *)realloc(compressor->straight[0], 3 * row_bytes);
        if (rows == NULL) {
            return cpng_fail(message, message_capacity, CPNG_ERR_NO_MEMORY, "out of memory");
        }
        for (int i = 0; i < 3; i++) {
            compressor->straight[i] = rows + (size_t)i * row_bytes;
        }
        compressor->row_capacity = row_bytes;
    }

    /* Straight rows rotate through three buffers; `dictionary` is the filtered row above the strip,
     * kept before the strip's own rows in `filtered`, where the rows encoder can match it. */
    unsigned char *dictionary = compressor->filtered;
    unsigned char *rows = dictionary + row_bytes + 1;
    unsigned char *above = NULL;
    int bpp = (int)channels;
    int slot = 0;
    uint32_t first = strip->first_row >= 2 ? 2 : strip->first_row;
    for (uint32_t i = 0; i < first + strip->row_count; i++) {
        const unsigned char *source = strip->image + (size_t)(strip->first_row - first + i) * strip->stride;
        unsigned char *row = compressor->straight[slot];
        cpng_straight_from_premultiplied(source, width, bpp, row);
        if (i + 1 == first) {
            cpng_filter_row(strip->filter, row, above, row_bytes, channels, dictionary);
        } else if (i >= first) {
            cpng_filter_row(strip->filter, row, above, row_bytes, channels, rows + (size_t)(i - first) * (row_bytes + 1));
        }
        above = row;
        slot = (slot + 1) % 3;
    }

    int last = strip->first_row + strip->row_count == strip->height;
    *out_adler = cpng_adler32(1, rows, filtered_size);
    if (strip->strategy == CPNG_STRATEGY_ROWS && strip->compression_level > 0) {
        /* Levels 1–6 parse greedily; 7, 8 and 9 walk 16, 64 and 256 hash candidates, lazily, and
         * keep the parse. */
        int level = strip->compression_level;
        int chain = level >= 7 ? 16 << (2 * (level - 7)) : 0;
        return cpng_strip_rows(compressor, first > 0 ? dictionary : rows, first > 0 ? row_bytes + 1 : 0,
                               filtered_size, row_bytes + 1, channels, chain, last, out_data, out_size, message,
                               message_capacity);
    }

    int status = cpng_strip_stream(compressor, strip->compression_level, zlib_strategy);
    if (status == Z_OK && first > 0) {
        status = deflateSetDictionary(&compressor->stream, dictionary, (uInt)(row_bytes + 1));
    }
    if (status != Z_OK) {
        return cpng_fail(message, message_capacity, status == Z_MEM_ERROR ? CPNG_ERR_NO_MEMORY : CPNG_ERR_INVALID_ARGUMENT,
                         "zlib could not start compressing (%d)", status);
    }
    /* A sync flush adds an empty stored block (5 bytes) and up to a byte of padding. */
    size_t bound = deflateBound(&compressor->stream, (uLong)filtered_size) + 16;
    if (filtered_size > UINT_MAX || bound > UINT_MAX) {
        return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE, "strip of %zu bytes is too large for one zlib call", filtered_size);
    }
    if (!cpng_reserve(&compressor->output, &compressor->output_capacity, bound)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_NO_MEMORY, "out of memory");
    }
    z_stream *stream = &compressor->stream;
    stream->next_in = rows;
    stream->avail_in = (uInt)filtered_size;
    stream->next_out = compressor->output;
    stream->avail_out = (uInt)bound;
    status = deflate(stream, last ? Z_FINISH : Z_SYNC_FLUSH);
    if ((last && status != Z_STREAM_END) || (!last && (status != Z_OK || stream->avail_out == 0)) ||
        stream->avail_in != 0) {
        return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE, "zlib could not finish the strip (%d)", status);
    }
    *out_data = compressor->output;
    *out_size = bound - stream->avail_out;
    return CPNG_OK;
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    return (uint32_t)adler32_combine((uLong)first, (uLong)second, (z_off_t)second_length);
}
