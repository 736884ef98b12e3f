/*
 * Helpers shared by the files of the cpng target; not part of its public header.
 */
#ifndef CPNG_INTERNAL_H
#define CPNG_INTERNAL_H

/* zlib's strategy constant for a CPNG_STRATEGY_* value, or -1 if there is none. */
int cpng_zlib_strategy(int strategy);

#include <stddef.h>

/* Writes a NUL-terminated, printf-formatted message into the caller's buffer (if any) and
 * returns `status`. */
int cpng_fail(char *message, size_t capacity, int status, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Empties the caller's message buffer (if any). */
void cpng_clear_message(char *message, size_t capacity);

#endif /* CPNG_INTERNAL_H */
