#ifndef CVIDEO_H
#define CVIDEO_H

#include <stddef.h>
#include <stdint.h>

/* Video through FFmpeg's libraries, loaded when first asked for (dlopen), so that a program that
   writes no video never maps them: libavcodec alone pulls in a hundred libraries. */

typedef enum {
    CVIDEO_OK = 0,
    /* libavcodec, libavformat or libavutil could not be loaded: the message names the file. */
    CVIDEO_NO_LIBRARY = 1,
    /* The libraries have no encoder of that name. */
    CVIDEO_NO_ENCODER = 2,
    /* The encoder refused the settings (a frame size, a rate): the message is its reason. */
    CVIDEO_REFUSED = 3,
    /* Writing failed: errno-style, or the muxer's reason. */
    CVIDEO_WRITE_FAILED = 4,
} cvideo_status;

typedef struct cvideo_encoder cvideo_encoder;

/* The settings of one file. */
typedef struct {
    const char *container;    /* "mp4" or "webm" */
    const char *encoder;      /* "libx264" or "libvpx-vp9" */
    int fd;                   /* where the bytes go; must seek for MP4 */
    const char *reread_path;  /* the file behind fd, read again for MP4's faststart (NULL: none) */
    int width, height;        /* the frames' size; the video's, rounded up to even for H.264 */
    int rate_num, rate_den;   /* frames per second, as a fraction */
    int crf;                  /* the encoder's constant rate factor */
    int threads;              /* a fixed count, so the bytes do not depend on the machine */
} cvideo_settings;

/* Loads the libraries; CVIDEO_NO_LIBRARY with the file that is missing in message. */
cvideo_status cvideo_load(char *message, size_t message_size);

/* Whether the loaded libavcodec has an encoder called name. */
int cvideo_has_encoder(const char *name);

/* Starts a file; NULL with the status and message on failure. */
cvideo_encoder *cvideo_open(const cvideo_settings *settings, cvideo_status *status, char *message,
                            size_t message_size);

/* Encodes one frame of premultiplied RGBA pixels (width x height, stride bytes a row), shown over
   black, at presentation time pts (in frames). */
cvideo_status cvideo_write(cvideo_encoder *encoder, const uint8_t *rgba, size_t stride, int64_t pts,
                           char *message, size_t message_size);

/* Drains the encoder and writes the end of the file. */
cvideo_status cvideo_finish(cvideo_encoder *encoder, char *message, size_t message_size);

/* Frees the encoder, finished or not. */
void cvideo_free(cvideo_encoder *encoder);

/* The padded size the video has for a frame size (H.264 needs even sides). */
int cvideo_coded_size(const char *encoder, int size);

/* BT.709 limited-range 4:2:0 planes of premultiplied RGBA over black, the sides padded by repeating
   the last row and column: y is coded_width x coded_height, u and v half that, rounded up. */
void cvideo_rgba_to_yuv420(const uint8_t *rgba, size_t stride, int width, int height, uint8_t *y,
                           int y_stride, uint8_t *u, int u_stride, uint8_t *v, int v_stride,
                           int coded_width, int coded_height);

#endif
