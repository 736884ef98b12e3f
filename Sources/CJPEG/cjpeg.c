#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

/* libjpeg's error manager, extended with where to jump back to and the reason it gave. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf back;
    char reason[JMSG_LENGTH_MAX];
} cjpeg_error;

static void cjpeg_error_exit(j_common_ptr info) {
    cjpeg_error *error = (cjpeg_error *)info->err;
    error->base.format_message(info, error->reason);
    longjmp(error->back, 1);
}

/* Warnings (a corrupt but readable stream) are not failures; libjpeg would print them. */
static void cjpeg_output_message(j_common_ptr info) { (void)info; }

static int cjpeg_fail(int code, const char *reason, char *message, size_t capacity) {
    if (message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", reason);
    }
    return code;
}

int cjpeg_decode_rgba8(const unsigned char *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                       unsigned char **out_pixels, uint32_t *out_width, uint32_t *out_height, char *message,
                       size_t message_capacity) {
    if (out_pixels == NULL || out_width == NULL || out_height == NULL) {
        return cjpeg_fail(CJPEG_ERR_INVALID_ARGUMENT, "no place to return the pixels", message, message_capacity);
    }
    *out_pixels = NULL;
    *out_width = 0;
    *out_height = 0;
    if (data == NULL || size == 0) {
        return cjpeg_fail(CJPEG_ERR_LIBJPEG, "the file is empty", message, message_capacity);
    }
    struct jpeg_decompress_struct info;
    cjpeg_error error;
    /* Volatile: read after a longjmp back into this frame. */
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjpeg_error_exit;
    error.base.output_message = cjpeg_output_message;
    error.reason[0] = 0;
    if (setjmp(error.back)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return cjpeg_fail(CJPEG_ERR_LIBJPEG, error.reason[0] ? error.reason : "damaged JPEG data", message,
                          message_capacity);
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        info.out_color_space = JCS_CMYK;
    }
    uint64_t width = info.image_width, height = info.image_height;
    if (width == 0 || height == 0 || width > max_side || height > max_side || width * height > max_pixels) {
        jpeg_destroy_decompress(&info);
        char reason[128];
        snprintf(reason, sizeof reason, "%llu x %llu pixels is over the limit", (unsigned long long)width,
                 (unsigned long long)height);
        return cjpeg_fail(CJPEG_ERR_TOO_LARGE, reason, message, message_capacity);
    }
    jpeg_start_decompress(&info);
    int channels = info.output_components;
    pixels = malloc((size_t)(width * height * 4));
    row = malloc((size_t)width * (size_t)channels);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return cjpeg_fail(CJPEG_ERR_NO_MEMORY, "not enough memory for the image", message, message_capacity);
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&info, rows, 1);
        unsigned char *out = pixels + y * (size_t)width * 4;
        for (size_t x = 0; x < width; x++) {
            const unsigned char *in = row + x * (size_t)channels;
            if (channels == 4) {
                /* Adobe's CMYK JPEGs store the inks inverted: each channel times K gives RGB. */
                out[4 * x + 0] = (unsigned char)((in[0] * in[3] + 127) / 255);
                out[4 * x + 1] = (unsigned char)((in[1] * in[3] + 127) / 255);
                out[4 * x + 2] = (unsigned char)((in[2] * in[3] + 127) / 255);
            } else if (channels == 1) {
                out[4 * x + 0] = out[4 * x + 1] = out[4 * x + 2] = in[0];
            } else {
                out[4 * x + 0] = in[0];
                out[4 * x + 1] = in[1];
                out[4 * x + 2] = in[2];
            }
            out[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *out_pixels = pixels;
    *out_width = (uint32_t)width;
    *out_height = (uint32_t)height;
    return CJPEG_OK;
}

void cjpeg_free(void *buffer) { free(buffer); }
