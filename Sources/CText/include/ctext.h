/*
 * ctext: the only code in reveal-render that calls HarfBuzz: opening a font file, setting its
 * size and variation axes, reading its vertical metrics, shaping a line of text and reading
 * glyph outlines. This header uses only plain C types and does not include <hb.h>, so Swift
 * never sees HarfBuzz itself.
 *
 * Units: ctext_font_set_scale(font, s) makes one em equal s units, so every position, advance
 * and outline coordinate comes out in units of 1/s em. reveal-render passes
 * s = round(size_pt * 4096), so dividing results by 4096 gives points. (ctext_font_metrics is
 * the exception: it reports unscaled font units.)
 *
 * Threads: there is no global state. A ctext_font may be used from any thread, one call at a
 * time; ctext_shape, ctext_glyph_outline, ctext_font_has_axis and ctext_font_metrics only read
 * the font and may also run concurrently with each other on one font, but not concurrently with
 * ctext_font_set_scale, ctext_font_set_variations or ctext_font_close on that font.
 *
 * Bad input never crashes: NULL pointers, negative lengths or capacities, glyph ids out of range
 * and files that are not fonts are all reported through return values.
 */
#ifndef CTEXT_H
#define CTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An opened font: owns the file's bytes, the HarfBuzz face (index 0) and one sized instance. */
typedef struct ctext_font ctext_font;

/* Opens the font file at path (face 0 of a collection); returns NULL on failure, with a
 * one-line reason ("cannot read the file", "the file is empty", "not a font file (no glyphs)")
 * copied into error (NUL-terminated and truncated to error_size; error may be NULL). The new
 * font's scale is its units per em and its variation axes are at their defaults. */
ctext_font *ctext_font_open(const char *path, char *error, size_t error_size);

/* Releases the font and everything it owns; NULL is ignored. */
void ctext_font_close(ctext_font *font);

/* Sets the scale: one em becomes scale units (horizontally and vertically) in every later
 * shaping and outline result; a scale <= 0 is ignored. */
void ctext_font_set_scale(ctext_font *font, int32_t scale);

/* Sets the variation axes to tags[i] = values[i] (design-space values, e.g. 'wght' = 700; tags
 * as big-endian four-character codes like HB_TAG), replacing all earlier settings: axes not
 * named return to their defaults, values are clamped to each axis' range, tags the font lacks
 * and non-finite values are ignored, and count 0 (or NULL arrays) resets every axis. */
void ctext_font_set_variations(ctext_font *font, const uint32_t *tags, const float *values,
                               unsigned count);

/* Returns 1 and writes the axis' minimum, default and maximum (any pointer may be NULL) if the
 * font has a variation axis with this tag, 0 otherwise. */
int ctext_font_has_axis(ctext_font *font, uint32_t tag, float *min, float *def, float *max);

/* Vertical metrics in unscaled font units, rounded, with the current variations applied
 * (MVAR). ascender, descender and line_gap are those of horizontal layout (OS/2 typo values
 * when USE_TYPO_METRICS is set, else hhea); descender is negative below the baseline;
 * cap_height and x_height come from OS/2, or HarfBuzz's estimate when the font lacks them. */
typedef struct {
    int32_t units_per_em;
    int32_t ascender;
    int32_t descender;
    int32_t line_gap;
    int32_t cap_height;
    int32_t x_height;
    /* Underline and strikeout: the height of the line's top edge above the baseline (an
     * underline's is negative, below it) and the line's thickness, from the post and OS/2 tables
     * (OpenType: underlinePosition, yStrikeoutPosition), or HarfBuzz's estimate without them. */
    int32_t underline_offset;
    int32_t underline_size;
    int32_t strikeout_offset;
    int32_t strikeout_size;
} ctext_metrics;

/* Writes the font's metrics into *out (all zero when font is NULL). */
void ctext_font_metrics(ctext_font *font, ctext_metrics *out);

/* One shaped glyph: its glyph id, the byte offset in the UTF-8 input of the first character of
 * its cluster, and its advance and offset at the current scale (y up). */
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} ctext_glyph;

/* Shapes length bytes of UTF-8 (invalid sequences become U+FFFD) as one paragraph, left to
 * right, script guessed, language English (never the process locale, so results are
 * the same everywhere), with the font's default features (kern, liga, calt, ...) at the current scale and
 * variations; returns the glyph count and writes the first min(count, capacity) glyphs to out
 * in visual order, so call again with a larger buffer when the count exceeds capacity.
 * Returns -1 for a NULL font, length < 0 or NULL utf8 with length > 0. */
int ctext_shape(ctext_font *font, const char *utf8, int length, ctext_glyph *out, int capacity);

/* ctext_shape with OpenType features switched over the whole text: feature_tags[i] set to
 * feature_values[i] (1 on, 0 off; e.g. 'tnum' = 1 for tabular digits, 'liga' = 0 for no
 * ligatures), on top of the font's defaults; at most 16 are used. count 0 (or NULL arrays) is ctext_shape. */
int ctext_shape_features(ctext_font *font, const char *utf8, int length, const uint32_t *feature_tags,
                         const uint32_t *feature_values, unsigned feature_count, ctext_glyph *out,
                         int capacity);

/* ctext_shape_features in a direction: rtl 1 shapes the text right to left (Arabic, Hebrew), and the
 * glyphs come out in visual order, the text's last character first. */
int ctext_shape_directed(ctext_font *font, const char *utf8, int length, const uint32_t *feature_tags,
                         const uint32_t *feature_values, unsigned feature_count, int rtl, ctext_glyph *out,
                         int capacity);

/* 1 if the font maps the Unicode scalar to a glyph of its own (its cmap has it), 0 if not. */
int ctext_font_has_glyph(ctext_font *font, uint32_t codepoint);

/* A color bitmap font's image of a glyph (CBDT/sbix, as Noto Color Emoji's): returns the PNG file's size
 * and copies up to capacity bytes of it into png (NULL with capacity 0 asks for the size), and writes the
 * glyph's box in scaled units (x_bearing and y_bearing its top-left corner from the pen, y up; width and
 * height, height negative as HarfBuzz reports it). Returns 0 when the glyph has no image. */
size_t ctext_glyph_png(ctext_font *font, uint32_t glyph, unsigned char *png, size_t capacity, int32_t *x_bearing,
                       int32_t *y_bearing, int32_t *width, int32_t *height);

/* The Unicode bidirectional algorithm (UAX #9, by FriBidi) over one paragraph of count scalars, its
 * base direction from its first strong character (rules P2, P3): writes each scalar's embedding level
 * (even left to right, odd right to left) and returns the highest, or -1 on bad input or no memory. */
int ctext_bidi_levels(const uint32_t *text, int count, uint8_t *levels);

/* Outline verbs, the bytes 'M' 'L' 'Q' 'C' 'Z' (an enum so that Swift sees them); a path is M
 * followed by L/Q/C segments and ends with Z (every path is closed). */
enum {
    CTEXT_VERB_MOVE = 'M',  /* 2 coordinates: x y */
    CTEXT_VERB_LINE = 'L',  /* 2 coordinates: x y */
    CTEXT_VERB_QUAD = 'Q',  /* 4 coordinates: control x y, end x y */
    CTEXT_VERB_CUBIC = 'C', /* 6 coordinates: control 1 x y, control 2 x y, end x y */
    CTEXT_VERB_CLOSE = 'Z'  /* no coordinates */
};

/* Writes the glyph's outline at the current scale and variations, y up from the baseline as in
 * fonts, as verbs and their coordinates, and the numbers written to *verb_count and
 * *coord_count; returns 0, or 1 when a buffer is too small: then *verb_count and *coord_count
 * are the sizes needed, the buffers hold an unspecified prefix, and the call should be repeated
 * with larger buffers. A glyph id out of range (or without an outline, like a space) gives an
 * empty outline. Returns -1 for a NULL font. */
int ctext_glyph_outline(ctext_font *font, uint32_t glyph, uint8_t *verbs, int verb_capacity,
                        float *coords, int coord_capacity, int *verb_count, int *coord_count);

#ifdef __cplusplus
}
#endif

#endif /* CTEXT_H */
