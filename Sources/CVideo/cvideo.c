#include "cvideo.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>

/* Every FFmpeg function used, by library; each is called through a pointer of its own declared type. */
#define CVIDEO_FUNCTIONS(X)                                                                         \
    X(avutil, av_frame_alloc)                                                                      \
    X(avutil, av_frame_free)                                                                       \
    X(avutil, av_frame_get_buffer)                                                                 \
    X(avutil, av_frame_make_writable)                                                              \
    X(avutil, av_opt_set)                                                                          \
    X(avutil, av_opt_set_int)                                                                      \
    X(avutil, av_dict_set)                                                                         \
    X(avutil, av_dict_free)                                                                        \
    X(avutil, av_strerror)                                                                         \
    X(avutil, av_malloc)                                                                           \
    X(avutil, av_free)                                                                             \
    X(avutil, av_log_set_callback)                                                                 \
    X(avutil, av_log_format_line)                                                                  \
    X(avcodec, avcodec_find_encoder_by_name)                                                       \
    X(avcodec, avcodec_alloc_context3)                                                             \
    X(avcodec, avcodec_open2)                                                                      \
    X(avcodec, avcodec_free_context)                                                               \
    X(avcodec, avcodec_send_frame)                                                                 \
    X(avcodec, avcodec_receive_packet)                                                             \
    X(avcodec, avcodec_parameters_from_context)                                                    \
    X(avcodec, av_packet_alloc)                                                                    \
    X(avcodec, av_packet_free)                                                                     \
    X(avcodec, av_packet_rescale_ts)                                                               \
    X(avformat, avformat_alloc_output_context2)                                                    \
    X(avformat, avformat_new_stream)                                                               \
    X(avformat, avformat_free_context)                                                             \
    X(avformat, avformat_write_header)                                                             \
    X(avformat, av_interleaved_write_frame)                                                        \
    X(avformat, av_write_trailer)                                                                  \
    X(avformat, avio_alloc_context)                                                                \
    X(avformat, avio_context_free)                                                                 \
    X(avformat, avio_flush)

#define CVIDEO_POINTER(library, name) static __typeof__(name) *p_##name;
CVIDEO_FUNCTIONS(CVIDEO_POINTER)

#define CVIDEO_STRING2(x) #x
#define CVIDEO_STRING(x) CVIDEO_STRING2(x)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static cvideo_status load_status = CVIDEO_NO_LIBRARY;
static char load_message[512];

/* The last error FFmpeg logged, for messages; FFmpeg prints nothing itself. */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char last_log[512];

static void remember_log(void *context, int level, const char *format, va_list args) {
    if (level > AV_LOG_ERROR) {
        return;
    }
    char line[512];
    int prefix = 0;
    p_av_log_format_line(context, level, format, args, line, sizeof line, &prefix);
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == ' ')) {
        line[--n] = 0;
    }
    pthread_mutex_lock(&log_lock);
    snprintf(last_log, sizeof last_log, "%s", line);
    pthread_mutex_unlock(&log_lock);
}

static void load(void) {
    static const char *names[] = {
        "libavutil.so." CVIDEO_STRING(LIBAVUTIL_VERSION_MAJOR),
        "libavcodec.so." CVIDEO_STRING(LIBAVCODEC_VERSION_MAJOR),
        "libavformat.so." CVIDEO_STRING(LIBAVFORMAT_VERSION_MAJOR),
    };
    void *handles[3];
    for (int i = 0; i < 3; i++) {
        handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(load_message, sizeof load_message, "%s", names[i]);
            return;
        }
    }
    void *avutil = handles[0], *avcodec = handles[1], *avformat = handles[2];
#define CVIDEO_RESOLVE(library, name)                                                               \
    p_##name = (__typeof__(name) *)dlsym(library, #name);                                           \
    if (!p_##name) {                                                                                \
        snprintf(load_message, sizeof load_message, "%s in %s", #name, #library);                  \
        return;                                                                                     \
    }
    CVIDEO_FUNCTIONS(CVIDEO_RESOLVE)
    p_av_log_set_callback(remember_log);
    load_status = CVIDEO_OK;
}

cvideo_status cvideo_load(char *message, size_t message_size) {
    pthread_once(&load_once, load);
    if (load_status != CVIDEO_OK && message_size > 0) {
        snprintf(message, message_size, "%s", load_message);
    }
    return load_status;
}

int cvideo_has_encoder(const char *name) {
    return cvideo_load(NULL, 0) == CVIDEO_OK && p_avcodec_find_encoder_by_name(name) != NULL;
}

int cvideo_coded_size(const char *encoder, int size) {
    return strcmp(encoder, "libx264") == 0 ? (size + 1) & ~1 : size;
}

struct cvideo_encoder {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    AVFrame *frame;
    AVPacket *packet;
    int fd;
    int width, height;
    int io_errno;
};

/* The error's text: what FFmpeg logged last, else its code's description. */
static void describe(int code, const char *action, char *message, size_t size) {
    char reason[256] = "";
    pthread_mutex_lock(&log_lock);
    snprintf(reason, sizeof reason, "%s", last_log);
    last_log[0] = 0;
    pthread_mutex_unlock(&log_lock);
    if (!reason[0]) {
        p_av_strerror(code, reason, sizeof reason);
    }
    snprintf(message, size, "%s: %s", action, reason);
}

static int write_bytes(void *opaque, uint8_t *buffer, int size) {
    cvideo_encoder *encoder = opaque;
    int done = 0;
    while (done < size) {
        ssize_t n = write(encoder->fd, buffer + done, (size_t)(size - done));
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            encoder->io_errno = errno;
            return AVERROR(errno);
        }
        done += (int)n;
    }
    return size;
}

static int64_t seek_bytes(void *opaque, int64_t offset, int whence) {
    cvideo_encoder *encoder = opaque;
    if (whence == AVSEEK_SIZE) {
        struct stat info;
        return fstat(encoder->fd, &info) == 0 ? (int64_t)info.st_size : AVERROR(errno);
    }
    off_t at = lseek(encoder->fd, (off_t)offset, whence & ~AVSEEK_FORCE);
    return at < 0 ? AVERROR(errno) : (int64_t)at;
}

cvideo_encoder *cvideo_open(const cvideo_settings *s, cvideo_status *status, char *message,
                            size_t message_size) {
    *status = cvideo_load(message, message_size);
    if (*status != CVIDEO_OK) {
        return NULL;
    }
    const AVCodec *codec = p_avcodec_find_encoder_by_name(s->encoder);
    if (!codec) {
        *status = CVIDEO_NO_ENCODER;
        snprintf(message, message_size, "no %s encoder", s->encoder);
        return NULL;
    }
    cvideo_encoder *e = calloc(1, sizeof *e);
    if (!e) {
        *status = CVIDEO_WRITE_FAILED;
        snprintf(message, message_size, "out of memory");
        return NULL;
    }
    e->fd = s->fd;
    e->width = s->width;
    e->height = s->height;
    *status = CVIDEO_REFUSED;
    int code = p_avformat_alloc_output_context2(&e->format, NULL, s->container, s->reread_path);
    if (code < 0 || !e->format) {
        describe(code, "cannot start the container", message, message_size);
        goto fail;
    }
    /* No version strings or random identifiers: the same frames give the same bytes. */
    e->format->flags |= AVFMT_FLAG_BITEXACT;
    e->stream = p_avformat_new_stream(e->format, NULL);
    e->codec = p_avcodec_alloc_context3(codec);
    e->frame = p_av_frame_alloc();
    e->packet = p_av_packet_alloc();
    if (!e->stream || !e->codec || !e->frame || !e->packet) {
        snprintf(message, message_size, "out of memory");
        goto fail;
    }
    AVCodecContext *c = e->codec;
    c->width = cvideo_coded_size(s->encoder, s->width);
    c->height = cvideo_coded_size(s->encoder, s->height);
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = (AVRational){s->rate_den, s->rate_num};
    c->framerate = (AVRational){s->rate_num, s->rate_den};
    c->color_primaries = AVCOL_PRI_BT709;
    /* The pixels are sRGB: their transfer is sRGB's (tagged BT.709, a color-managed player such as
       Chromium would re-encode them from BT.709's curve to sRGB's and shift every midtone). */
    c->color_trc = AVCOL_TRC_IEC61966_2_1;
    c->colorspace = AVCOL_SPC_BT709;
    c->color_range = AVCOL_RANGE_MPEG;
    c->flags |= AV_CODEC_FLAG_BITEXACT;
    c->thread_count = s->threads;
    if (e->format->oformat->flags & AVFMT_GLOBALHEADER) {
        c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    }
    if (strcmp(s->encoder, "libx264") == 0) {
        /* x264 tuned for flat areas and sharp edges, at its veryfast preset with two of medium's
           settings back: macroblock-tree lookahead over 40 frames (it keeps a still background sharp
           for every frame that shows it) and trellis quantization. On the docs demos that is 0.65 of
           medium's time in about its bytes (0.93 and 0.90 of ffmpeg's at CRF 23) and at least ffmpeg's
           PSNR. */
        p_av_opt_set_int(c->priv_data, "crf", s->crf, 0);
        p_av_opt_set(c->priv_data, "preset", "veryfast", 0);
        p_av_opt_set(c->priv_data, "tune", "animation", 0);
        p_av_opt_set(c->priv_data, "x264-params", "rc-lookahead=40:trellis=1", 0);
    } else {
        /* VP9's constant quality: a CRF with no target bitrate, at speed 2 (libvpx's "good" deadline;
           FFmpeg's default is 1, at 1.5 times the time for 1.6 % fewer bytes here). One tile column
           (libvpx's default splits a 1179-pixel frame in four, each restarting its context: 3.5 %
           larger on the scratch demo), its rows on threads (row-mt; the bytes depend on it and on the
           thread count, both fixed). */
        c->bit_rate = 0;
        p_av_opt_set_int(c->priv_data, "crf", s->crf, 0);
        p_av_opt_set_int(c->priv_data, "cpu-used", 2, 0);
        p_av_opt_set_int(c->priv_data, "row-mt", 1, 0);
        p_av_opt_set_int(c->priv_data, "tile-columns", 0, 0);
    }
    code = p_avcodec_open2(c, codec, NULL);
    if (code < 0) {
        describe(code, s->encoder, message, message_size);
        goto fail;
    }
    code = p_avcodec_parameters_from_context(e->stream->codecpar, c);
    if (code < 0) {
        describe(code, s->encoder, message, message_size);
        goto fail;
    }
    e->stream->time_base = c->time_base;
    e->stream->avg_frame_rate = c->framerate;
    e->stream->r_frame_rate = c->framerate;
    e->frame->format = c->pix_fmt;
    e->frame->width = c->width;
    e->frame->height = c->height;
    if ((code = p_av_frame_get_buffer(e->frame, 0)) < 0) {
        describe(code, "cannot hold a frame", message, message_size);
        goto fail;
    }
    enum { buffer_size = 1 << 16 };
    unsigned char *buffer = p_av_malloc(buffer_size);
    if (!buffer) {
        snprintf(message, message_size, "out of memory");
        goto fail;
    }
    e->format->pb = p_avio_alloc_context(buffer, buffer_size, 1, e, NULL, write_bytes, seek_bytes);
    if (!e->format->pb) {
        p_av_free(buffer);
        snprintf(message, message_size, "out of memory");
        goto fail;
    }
    if (lseek(s->fd, 0, SEEK_CUR) < 0) {
        e->format->pb->seekable = 0; /* a pipe: WebM is written without its index */
    }
    AVDictionary *options = NULL;
    if (strcmp(s->container, "mp4") == 0) {
        /* The index first, so that a browser plays the file before it has all of it. */
        p_av_dict_set(&options, "movflags", "+faststart", 0);
    }
    code = p_avformat_write_header(e->format, &options);
    p_av_dict_free(&options);
    if (code < 0) {
        *status = CVIDEO_WRITE_FAILED;
        describe(code, "cannot write the header", message, message_size);
        goto fail;
    }
    *status = CVIDEO_OK;
    return e;
fail:
    cvideo_free(e);
    return NULL;
}

/* Sends frame (NULL: the end) and writes every packet the encoder has ready. */
static cvideo_status encode(cvideo_encoder *e, AVFrame *frame, char *message, size_t size) {
    int code = p_avcodec_send_frame(e->codec, frame);
    if (code < 0) {
        describe(code, "cannot encode a frame", message, size);
        return CVIDEO_WRITE_FAILED;
    }
    for (;;) {
        code = p_avcodec_receive_packet(e->codec, e->packet);
        if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) {
            return CVIDEO_OK;
        }
        if (code < 0) {
            describe(code, "cannot encode a frame", message, size);
            return CVIDEO_WRITE_FAILED;
        }
        p_av_packet_rescale_ts(e->packet, e->codec->time_base, e->stream->time_base);
        e->packet->stream_index = e->stream->index;
        code = p_av_interleaved_write_frame(e->format, e->packet);
        if (code < 0 || e->io_errno) {
            snprintf(message, size, "cannot write: %s", strerror(e->io_errno ? e->io_errno : EIO));
            return CVIDEO_WRITE_FAILED;
        }
    }
}

cvideo_status cvideo_write(cvideo_encoder *e, const uint8_t *rgba, size_t stride, int64_t pts,
                           char *message, size_t message_size) {
    int code = p_av_frame_make_writable(e->frame);
    if (code < 0) {
        describe(code, "cannot hold a frame", message, message_size);
        return CVIDEO_WRITE_FAILED;
    }
    AVFrame *f = e->frame;
    cvideo_rgba_to_yuv420(rgba, stride, e->width, e->height, f->data[0], f->linesize[0], f->data[1],
                          f->linesize[1], f->data[2], f->linesize[2], e->codec->width,
                          e->codec->height);
    f->pts = pts;
    return encode(e, f, message, message_size);
}

cvideo_status cvideo_finish(cvideo_encoder *e, char *message, size_t message_size) {
    cvideo_status status = encode(e, NULL, message, message_size);
    if (status != CVIDEO_OK) {
        return status;
    }
    int code = p_av_write_trailer(e->format);
    p_avio_flush(e->format->pb);
    if (code < 0 || e->io_errno) {
        if (e->io_errno) {
            snprintf(message, message_size, "cannot write: %s", strerror(e->io_errno));
        } else {
            describe(code, "cannot finish the file", message, message_size);
        }
        return CVIDEO_WRITE_FAILED;
    }
    return CVIDEO_OK;
}

void cvideo_free(cvideo_encoder *e) {
    if (!e) {
        return;
    }
    if (e->format) {
        if (e->format->pb) {
            p_av_free(e->format->pb->buffer);
            p_avio_context_free(&e->format->pb);
        }
        p_avformat_free_context(e->format);
    }
    p_avcodec_free_context(&e->codec);
    p_av_frame_free(&e->frame);
    p_av_packet_free(&e->packet);
    free(e);
}

/* BT.709 (ITU-R BT.709-6, items 3.2 and 3.5) in limited range (black 16, white 235, chroma 16-240),
   as 16.16 fixed point; chroma is the mean of each 2x2 block, as FFmpeg's own scaler takes it. */
#define FIX(x) ((int32_t)((x) * 65536.0 + ((x) < 0 ? -0.5 : 0.5)))
#define KR 0.2126
#define KB 0.0722
#define KG (1.0 - KR - KB)
#define CB (224.0 / 255 / (2 * (1 - KB)))
#define CR (224.0 / 255 / (2 * (1 - KR)))

/* Pixel `col` of a row as one word, red in its low byte: whole-word loads let the compiler
   vectorize the rows below. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "pixel() reads red from a word's low byte");
static inline uint32_t pixel(const uint8_t *row, int col) {
    uint32_t word;
    memcpy(&word, row + 4 * (size_t)col, 4);
    return word;
}

/* One row of luma: the pixels, then the last one repeated into the coded width. */
static void luma_row(const uint8_t *restrict p, int width, int coded_width, uint8_t *restrict out) {
    const int32_t yr = FIX(KR * 219 / 255), yg = FIX(KG * 219 / 255), yb = FIX(KB * 219 / 255);
    for (int col = 0; col < width; col++) {
        uint32_t px = pixel(p, col);
        out[col] = (uint8_t)(16 + ((yr * (int32_t)(px & 255) + yg * (int32_t)(px >> 8 & 255) +
                                    yb * (int32_t)(px >> 16 & 255) + 32768) >> 16));
    }
    for (int col = width; col < coded_width; col++) {
        out[col] = out[width - 1];
    }
}

/* One row of chroma from two rows of pixels (the same row twice at an odd bottom edge); an odd
   right edge takes its last column twice, as the coded frame repeats it. */
static void chroma_row(const uint8_t *restrict top, const uint8_t *restrict bottom, int width, int coded_width,
                       uint8_t *restrict out_u, uint8_t *restrict out_v) {
    const int32_t ur = FIX(-KR * CB), ug = FIX(-KG * CB), ub = FIX((1 - KB) * CB);
    const int32_t vr = FIX((1 - KR) * CR), vg = FIX(-KG * CR), vb = FIX(-KB * CR);
    const int pairs = width / 2;
    for (int col = 0; col < pairs; col++) {
        uint32_t a = pixel(top, 2 * col), b = pixel(top, 2 * col + 1), c = pixel(bottom, 2 * col),
                 d = pixel(bottom, 2 * col + 1);
        int32_t r = (int32_t)((a & 255) + (b & 255) + (c & 255) + (d & 255));
        int32_t g = (int32_t)((a >> 8 & 255) + (b >> 8 & 255) + (c >> 8 & 255) + (d >> 8 & 255));
        int32_t bl = (int32_t)((a >> 16 & 255) + (b >> 16 & 255) + (c >> 16 & 255) + (d >> 16 & 255));
        out_u[col] = (uint8_t)(128 + ((ur * r + ug * g + ub * bl + (1 << 17)) >> 18));
        out_v[col] = (uint8_t)(128 + ((vr * r + vg * g + vb * bl + (1 << 17)) >> 18));
    }
    for (int col = pairs; col < (coded_width + 1) / 2; col++) {
        int edge = 4 * (width - 1);
        int32_t r = 2 * (top[edge] + bottom[edge]);
        int32_t g = 2 * (top[edge + 1] + bottom[edge + 1]);
        int32_t bl = 2 * (top[edge + 2] + bottom[edge + 2]);
        out_u[col] = (uint8_t)(128 + ((ur * r + ug * g + ub * bl + (1 << 17)) >> 18));
        out_v[col] = (uint8_t)(128 + ((vr * r + vg * g + vb * bl + (1 << 17)) >> 18));
    }
}

void cvideo_rgba_to_yuv420(const uint8_t *rgba, size_t stride, int width, int height, uint8_t *y,
                           int y_stride, uint8_t *u, int u_stride, uint8_t *v, int v_stride,
                           int coded_width, int coded_height) {
    for (int row = 0; row < coded_height; row++) {
        luma_row(rgba + (size_t)(row < height ? row : height - 1) * stride, width, coded_width,
                 y + (size_t)row * (size_t)y_stride);
    }
    for (int row = 0; row < (coded_height + 1) / 2; row++) {
        int first = 2 * row < height ? 2 * row : height - 1, second = 2 * row + 1 < height ? 2 * row + 1 : height - 1;
        chroma_row(rgba + (size_t)first * stride, rgba + (size_t)second * stride, width, coded_width,
                   u + (size_t)row * (size_t)u_stride, v + (size_t)row * (size_t)v_stride);
    }
}
