#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

#define CJPEG_OK 0
#define CJPEG_ERR_INVALID_ARGUMENT 1
#define CJPEG_ERR_TOO_LARGE 2
#define CJPEG_ERR_LIBJPEG 3
#define CJPEG_ERR_NO_MEMORY 4

/*
 * Decodes the baseline or progressive JPEG in `data` to straight RGBA, 8 bits a channel, opaque (grayscale
 * and CMYK converted to RGB by libjpeg). libjpeg's errors are caught inside this function (its longjmp never
 * leaves C). An image over `max_pixels` or wider or taller than `max_side` fails with CJPEG_ERR_TOO_LARGE
 * before its pixels are decoded.
 *
 * On CJPEG_OK, *out_pixels is a buffer of 4 * width * height bytes the caller releases with cjpeg_free. On
 * failure *out_pixels is NULL, the sizes 0, and `message` (when not NULL) holds a NUL-terminated reason,
 * truncated to message_capacity bytes.
 */
int cjpeg_decode_rgba8(const unsigned char *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                       unsigned char **out_pixels, uint32_t *out_width, uint32_t *out_height, char *message,
                       size_t message_capacity);

/* Releases a buffer from cjpeg_decode_rgba8; NULL does nothing. */
void cjpeg_free(void *buffer);

#endif
