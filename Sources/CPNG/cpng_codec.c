/*
 * cpng_codec: the parts of PNG encoding and decoding done without libpng: inflating zlib streams, CRCs,
 * row filters and alpha conversion. See cpng.h for the contract.
 *
 * Nothing here calls libpng, so there is no setjmp and no longjmp. Nothing here allocates
 * memory that outlives a call: outputs go into caller buffers of stated capacity.
 */
#include "cpng.h"
#include "cpng_internal.h"

#include <zlib.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* zlib counts with uInt; larger buffers are fed to it in pieces of at most this size. */
#define CPNG_ZLIB_PIECE ((size_t)UINT_MAX)

/* Writes a NUL-terminated message into the caller's buffer (if any) and returns `status`. */
int cpng_fail(char *message, size_t capacity, int status, const char *format, ...) {
    if (message != NULL && capacity > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(message, capacity, format, args);
        va_end(args);
    }
    return status;
}

void cpng_clear_message(char *message, size_t capacity) {
    if (message != NULL && capacity > 0) {
        message[0] = '\0';
    }
}

int cpng_zlib_strategy(int strategy) {
    switch (strategy) {
    case CPNG_STRATEGY_DEFAULT: return Z_DEFAULT_STRATEGY;
    case CPNG_STRATEGY_FILTERED: return Z_FILTERED;
    case CPNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case CPNG_STRATEGY_RLE: return Z_RLE;
    case CPNG_STRATEGY_FIXED: return Z_FIXED;
    case CPNG_STRATEGY_ROWS: return Z_DEFAULT_STRATEGY; /* only zlib's level 0 is used with it */
    default: return -1;
    }
}

uint32_t cpng_crc32(uint32_t crc, const unsigned char *bytes, size_t count) {
    uLong value = crc;
    while (count > 0) {
        size_t piece = count < CPNG_ZLIB_PIECE ? count : CPNG_ZLIB_PIECE;
        value = crc32(value, bytes, (uInt)piece);
        bytes += piece;
        count -= piece;
    }
    return (uint32_t)value;
}

/* ------------------------------------------------------------------------------------ */
/* zlib streams                                                                         */
/* ------------------------------------------------------------------------------------ */

int cpng_inflate(const unsigned char *input, size_t input_size,
                 unsigned char *output, size_t output_capacity, size_t *out_size,
                 char *message, size_t message_capacity) {
    cpng_clear_message(message, message_capacity);
    if (out_size == NULL) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "no place to return the size");
    }
    *out_size = 0;
    if ((input == NULL && input_size > 0) || (output == NULL && output_capacity > 0)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "missing input or output buffer");
    }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int status = inflateInit(&stream);
    if (status != Z_OK) {
        return cpng_fail(message, message_capacity, status == Z_MEM_ERROR ? CPNG_ERR_NO_MEMORY : CPNG_ERR_INVALID_ARGUMENT,
                             "zlib could not start decompressing (%d)", status);
    }
    size_t input_left = input_size;
    size_t output_left = output_capacity;
    /* Once the caller's buffer is full, one more byte of room shows whether the stream
     * would produce more (too large) or only has its end left to read (fine). */
    unsigned char probe = 0;
    int probing = 0;
    stream.next_in = (Bytef *)input;
    stream.next_out = output;
    for (;;) {
        if (stream.avail_in == 0 && input_left > 0) {
            size_t piece = input_left < CPNG_ZLIB_PIECE ? input_left : CPNG_ZLIB_PIECE;
            stream.avail_in = (uInt)piece;
            input_left -= piece;
        }
        if (stream.avail_out == 0) {
            if (probing) {
                inflateEnd(&stream);
                return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE,
                                     "compressed data holds more than the expected %zu bytes", output_capacity);
            }
            if (output_left > 0) {
                size_t piece = output_left < CPNG_ZLIB_PIECE ? output_left : CPNG_ZLIB_PIECE;
                stream.avail_out = (uInt)piece;
                output_left -= piece;
            } else {
                probing = 1;
                stream.next_out = &probe;
                stream.avail_out = 1;
            }
        }
        uInt before_in = stream.avail_in;
        uInt before_out = stream.avail_out;
        status = inflate(&stream, Z_NO_FLUSH);
        if (status == Z_STREAM_END) {
            break;
        }
        if (status == Z_NEED_DICT || status == Z_DATA_ERROR) {
            const char *reason = stream.msg != NULL ? stream.msg : "invalid data";
            inflateEnd(&stream);
            return cpng_fail(message, message_capacity, CPNG_ERR_CORRUPT, "damaged compressed data: %s", reason);
        }
        if (status == Z_MEM_ERROR) {
            inflateEnd(&stream);
            return cpng_fail(message, message_capacity, CPNG_ERR_NO_MEMORY, "out of memory while decompressing");
        }
        int stalled = stream.avail_in == before_in && stream.avail_out == before_out;
        if (stream.avail_in == 0 && input_left == 0 && (stalled || stream.avail_out > 0)) {
            inflateEnd(&stream);
            return cpng_fail(message, message_capacity, CPNG_ERR_TRUNCATED, "compressed data ends early");
        }
        if (stalled && stream.avail_out > 0) {
            inflateEnd(&stream);
            return cpng_fail(message, message_capacity, CPNG_ERR_CORRUPT, "zlib made no progress (%d)", status);
        }
    }
    if (probing && stream.avail_out == 0) {
        inflateEnd(&stream);
        return cpng_fail(message, message_capacity, CPNG_ERR_TOO_LARGE,
                             "compressed data holds more than the expected %zu bytes", output_capacity);
    }
    size_t produced = probing ? output_capacity : output_capacity - output_left - stream.avail_out;
    int extra = stream.avail_in > 0 || input_left > 0;
    inflateEnd(&stream);
    if (extra) {
        return cpng_fail(message, message_capacity, CPNG_ERR_CORRUPT, "data continues after the end of the compressed stream");
    }
    *out_size = produced;
    return CPNG_OK;
}

/* ------------------------------------------------------------------------------------ */
/* Alpha conversion                                                                     */
/* ------------------------------------------------------------------------------------ */

/* Straight alpha from premultiplied: rounds to nearest; 0 when a == 0, 255 when c >= a. */
static unsigned char cpng_demultiply(unsigned c, unsigned a) {
    if (a == 0) {
        return 0;
    }
    if (c >= a) {
        return 255;
    }
    return (unsigned char)((c * 255u + a / 2u) / a);
}

/* Premultiplied from straight alpha: c * a / 255 rounded to nearest (never exactly .5). */
static unsigned char cpng_premultiply(unsigned c, unsigned a) {
    return (unsigned char)((c * a + 127u) / 255u);
}

/* Opaque RGBA to RGB, four pixels (three 32-bit words) at a time: the byte order is memory order,
 * so this holds on little-endian machines only. Built for AVX2 too (chosen when it runs), where
 * the compiler does several groups at once. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
static size_t cpng_rgb_from_rgba_groups(const unsigned char *rgba, size_t pixel_count, unsigned char *out) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t i = 0;
    for (; i + 4 <= pixel_count; i += 4, rgba += 16, out += 12) {
        uint32_t p0, p1, p2, p3;
        memcpy(&p0, rgba, 4);
        memcpy(&p1, rgba + 4, 4);
        memcpy(&p2, rgba + 8, 4);
        memcpy(&p3, rgba + 12, 4);
        uint32_t w0 = (p0 & 0xFFFFFFu) | (p1 << 24);
        uint32_t w1 = ((p1 >> 8) & 0xFFFFu) | (p2 << 16);
        uint32_t w2 = ((p2 >> 16) & 0xFFu) | (p3 << 8);
        memcpy(out, &w0, 4);
        memcpy(out + 4, &w1, 4);
        memcpy(out + 8, &w2, 4);
    }
    return i;
#else
    (void)rgba;
    (void)pixel_count;
    (void)out;
    return 0;
#endif
}

int cpng_straight_from_premultiplied(const unsigned char *rgba, size_t pixel_count, int channels,
                                     unsigned char *out) {
    if (channels == 3) {
        size_t done = cpng_rgb_from_rgba_groups(rgba, pixel_count, out);
        rgba += 4 * done;
        out += 3 * done;
        for (size_t i = done; i < pixel_count; i++, rgba += 4, out += 3) {
            out[0] = rgba[0];
            out[1] = rgba[1];
            out[2] = rgba[2];
        }
        return CPNG_OK;
    }
    if (channels == 4) {
        for (size_t i = 0; i < pixel_count; i++, rgba += 4, out += 4) {
            unsigned a = rgba[3];
            /* Opaque and clear pixels, most of a frame, need no division. */
            if (a == 255) {
                memcpy(out, rgba, 4);
                continue;
            }
            if (a == 0) {
                memset(out, 0, 4);
                continue;
            }
            out[0] = cpng_demultiply(rgba[0], a);
            out[1] = cpng_demultiply(rgba[1], a);
            out[2] = cpng_demultiply(rgba[2], a);
            out[3] = (unsigned char)a;
        }
        return CPNG_OK;
    }
    return CPNG_ERR_INVALID_ARGUMENT;
}

int cpng_premultiplied_from_straight(const unsigned char *samples, size_t pixel_count, int channels,
                                     unsigned char *rgba) {
    if (channels == 3) {
        for (size_t i = 0; i < pixel_count; i++, samples += 3, rgba += 4) {
            rgba[0] = samples[0];
            rgba[1] = samples[1];
            rgba[2] = samples[2];
            rgba[3] = 255;
        }
        return CPNG_OK;
    }
    if (channels == 4) {
        for (size_t i = 0; i < pixel_count * 4; i += 4) {
            unsigned a = samples[i + 3];
            unsigned char r = samples[i], g = samples[i + 1], b = samples[i + 2];
            if (a == 255) {
                rgba[i] = r;
                rgba[i + 1] = g;
                rgba[i + 2] = b;
            } else {
                rgba[i] = cpng_premultiply(r, a);
                rgba[i + 1] = cpng_premultiply(g, a);
                rgba[i + 2] = cpng_premultiply(b, a);
            }
            rgba[i + 3] = (unsigned char)a;
        }
        return CPNG_OK;
    }
    return CPNG_ERR_INVALID_ARGUMENT;
}

/* ------------------------------------------------------------------------------------ */
/* Row filters (PNG specification, section 9)                                           */
/* ------------------------------------------------------------------------------------ */

static unsigned char cpng_paeth(unsigned char a, unsigned char b, unsigned char c) {
    int p = (int)a + (int)b - (int)c;
    int pa = p > a ? p - a : a - p;
    int pb = p > b ? p - b : b - p;
    int pc = p > c ? p - c : c - p;
    if (pa <= pb && pa <= pc) {
        return a;
    }
    return pb <= pc ? b : c;
}

/* The filtered byte i of a row for filter type `type` (0...4); `up` is NULL for the first row. */
static unsigned char cpng_filtered_byte(int type, const unsigned char *row, const unsigned char *up,
                                        size_t i, size_t bpp) {
    unsigned char x = row[i];
    unsigned char a = i >= bpp ? row[i - bpp] : 0;
    unsigned char b = up != NULL ? up[i] : 0;
    unsigned char c = (i >= bpp && up != NULL) ? up[i - bpp] : 0;
    switch (type) {
    case CPNG_FILTER_SUB: return (unsigned char)(x - a);
    case CPNG_FILTER_UP: return (unsigned char)(x - b);
    case CPNG_FILTER_AVERAGE: return (unsigned char)(x - (unsigned char)(((unsigned)a + b) / 2));
    case CPNG_FILTER_PAETH: return (unsigned char)(x - cpng_paeth(a, b, c));
    default: return x;
    }
}

int cpng_filter_row(int filter, const unsigned char *row, const unsigned char *previous,
                    size_t row_bytes, size_t bytes_per_pixel, unsigned char *out) {
    if (filter < CPNG_FILTER_NONE || filter > CPNG_FILTER_ADAPTIVE || bytes_per_pixel < 1 || bytes_per_pixel > 8) {
        return CPNG_ERR_INVALID_ARGUMENT;
    }
    int type = filter;
    if (filter == CPNG_FILTER_ADAPTIVE) {
        /* libpng's heuristic: the filter whose bytes, read as signed, have the smallest sum
         * of magnitudes; ties go to the lower filter type. */
        uint64_t best = UINT64_MAX;
        for (int candidate = CPNG_FILTER_NONE; candidate <= CPNG_FILTER_PAETH; candidate++) {
            uint64_t sum = 0;
            for (size_t i = 0; i < row_bytes && sum < best; i++) {
                unsigned char v = cpng_filtered_byte(candidate, row, previous, i, bytes_per_pixel);
                sum += v < 128 ? v : 256u - v;
            }
            if (sum < best) {
                best = sum;
                type = candidate;
            }
        }
    }
    out[0] = (unsigned char)type;
    /* None and Sub are what frames use: their own loops, which the compiler can vectorise. */
    if (type == CPNG_FILTER_NONE) {
        memcpy(out + 1, row, row_bytes);
    } else if (type == CPNG_FILTER_SUB) {
        size_t head = row_bytes < bytes_per_pixel ? row_bytes : bytes_per_pixel;
        memcpy(out + 1, row, head);
        for (size_t i = head; i < row_bytes; i++) {
            out[i + 1] = (unsigned char)(row[i] - row[i - bytes_per_pixel]);
        }
    } else {
        for (size_t i = 0; i < row_bytes; i++) {
            out[i + 1] = cpng_filtered_byte(type, row, previous, i, bytes_per_pixel);
        }
    }
    return CPNG_OK;
}

int cpng_unfilter_row(unsigned char filter_type, unsigned char *row, const unsigned char *previous,
                      size_t row_bytes, size_t bytes_per_pixel) {
    if (filter_type > CPNG_FILTER_PAETH || bytes_per_pixel < 1 || bytes_per_pixel > 8) {
        return CPNG_ERR_CORRUPT;
    }
    size_t bpp = bytes_per_pixel;
    for (size_t i = 0; i < row_bytes; i++) {
        unsigned char a = i >= bpp ? row[i - bpp] : 0;
        unsigned char b = previous != NULL ? previous[i] : 0;
        unsigned char c = (i >= bpp && previous != NULL) ? previous[i - bpp] : 0;
        switch (filter_type) {
        case CPNG_FILTER_SUB: row[i] = (unsigned char)(row[i] + a); break;
        case CPNG_FILTER_UP: row[i] = (unsigned char)(row[i] + b); break;
        case CPNG_FILTER_AVERAGE: row[i] = (unsigned char)(row[i] + (((unsigned)a + b) / 2)); break;
        case CPNG_FILTER_PAETH: row[i] = (unsigned char)(row[i] + cpng_paeth(a, b, c)); break;
        default: break;
        }
    }
    return CPNG_OK;
}
