/*
 * Helpers shared by the files of the cpng target; not part of its public header.
 */
#ifndef CPNG_INTERNAL_H
#define CPNG_INTERNAL_H

/* zlib's strategy constant for a CPNG_STRATEGY_* value, or -1 if there is none. */
int cpng_zlib_strategy(int strategy);

#include <stddef.h>
#include <stdint.h>

/* Writes a NUL-terminated, printf-formatted message into the caller's buffer (if any) and
 * returns `status`. */
int cpng_fail(char *message, size_t capacity, int status, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Empties the caller's message buffer (if any). */
void cpng_clear_message(char *message, size_t capacity);

/* What cpng_rows_deflate works in: a hash table of 2^15 positions, a chain link for each of the
 * window's 32768 positions, and a token per input byte. */
typedef struct cpng_rows_scratch {
    int32_t *head;
    int32_t *prev;
    uint32_t *tokens;
} cpng_rows_scratch;

/* Raw deflate of `length` bytes at `window + dictionary`, which may match the `dictionary` bytes
 * before them (at most 32 KiB of them are used); `row_length` is a filtered row's size (filter byte
 * included) and `pixel_bytes` a pixel's. `chain` 0 parses greedily with one hash candidate; more
 * walks that many hash candidates further and parses lazily (smaller, slower). Not final and
 * ending on a byte boundary, so that strips concatenate, unless `last`, which ends the stream.
 * Writes at most cpng_rows_deflate_bound(length) bytes to `out` and returns their count. The bytes
 * depend only on the arguments. `window + dictionary + length` must stay under 2^31 bytes from
 * `window`. */
size_t cpng_rows_deflate(cpng_rows_scratch *scratch, const unsigned char *window, size_t dictionary, size_t length,
                         size_t row_length, size_t pixel_bytes, int chain, int last, unsigned char *out);
size_t cpng_rows_deflate_bound(size_t length);

/* The strip as cpng_rows_deflate parses it, kept for cpng_rows_join rather than coded: a word
 * saying which, then its symbols' frequencies and its tokens in records no larger than the bytes
 * they stand for (and one in 127), or its bytes when a block of its own would not be smaller than
 * storing them. Writes at most cpng_rows_tokens_bound(length) bytes and returns their count. */
size_t cpng_rows_tokens(cpng_rows_scratch *scratch, const unsigned char *window, size_t dictionary, size_t length,
                        size_t row_length, size_t pixel_bytes, int chain, unsigned char *out);
size_t cpng_rows_tokens_bound(size_t length);

#endif /* CPNG_INTERNAL_H */
