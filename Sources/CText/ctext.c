/* ctext: every HarfBuzz call of reveal-render. See include/ctext.h for the contract. */
#include "ctext.h"

#include <fribidi.h>
#include <hb.h>
#include <hb-ot.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ctext_font {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
    hb_draw_funcs_t *draw; /* immutable once made; shared by concurrent outline calls */
    unsigned glyph_count;
};

static void set_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    size_t n = strlen(message);
    if (n >= error_size) n = error_size - 1;
    memcpy(error, message, n);
    error[n] = '\0';
}

/* ---- outlines ---------------------------------------------------------------------------- */

typedef struct {
    uint8_t *verbs;
    float *coords;
    int verb_capacity, coord_capacity;
    int verb_count, coord_count; /* keep counting past the capacities to report sizes needed */
} outline_sink;

static void sink_verb(outline_sink *s, uint8_t verb) {
    if (s->verb_count < s->verb_capacity) s->verbs[s->verb_count] = verb;
    if (s->verb_count < INT32_MAX) s->verb_count++;
}

static void sink_coord(outline_sink *s, float value) {
    if (s->coord_count < s->coord_capacity) s->coords[s->coord_count] = value;
    if (s->coord_count < INT32_MAX) s->coord_count++;
}

static void draw_move_to(hb_draw_funcs_t *dfuncs, void *data, hb_draw_state_t *st, float x,
                         float y, void *user_data) {
    (void)dfuncs, (void)st, (void)user_data;
    outline_sink *s = data;
    sink_verb(s, CTEXT_VERB_MOVE);
    sink_coord(s, x), sink_coord(s, y);
}

static void draw_line_to(hb_draw_funcs_t *dfuncs, void *data, hb_draw_state_t *st, float x,
                         float y, void *user_data) {
    (void)dfuncs, (void)st, (void)user_data;
    outline_sink *s = data;
    sink_verb(s, CTEXT_VERB_LINE);
    sink_coord(s, x), sink_coord(s, y);
}

static void draw_quadratic_to(hb_draw_funcs_t *dfuncs, void *data, hb_draw_state_t *st,
                              float cx, float cy, float x, float y, void *user_data) {
    (void)dfuncs, (void)st, (void)user_data;
    outline_sink *s = data;
    sink_verb(s, CTEXT_VERB_QUAD);
    sink_coord(s, cx), sink_coord(s, cy), sink_coord(s, x), sink_coord(s, y);
}

static void draw_cubic_to(hb_draw_funcs_t *dfuncs, void *data, hb_draw_state_t *st, float c1x,
                          float c1y, float c2x, float c2y, float x, float y, void *user_data) {
    (void)dfuncs, (void)st, (void)user_data;
    outline_sink *s = data;
    sink_verb(s, CTEXT_VERB_CUBIC);
    sink_coord(s, c1x), sink_coord(s, c1y), sink_coord(s, c2x), sink_coord(s, c2y);
    sink_coord(s, x), sink_coord(s, y);
}

static void draw_close_path(hb_draw_funcs_t *dfuncs, void *data, hb_draw_state_t *st,
                            void *user_data) {
    (void)dfuncs, (void)st, (void)user_data;
    sink_verb(data, CTEXT_VERB_CLOSE);
}

/* ---- fonts ------------------------------------------------------------------------------- */

ctext_font *ctext_font_open(const char *path, char *error, size_t error_size) {
    if (path == NULL || path[0] == '\0') {
        set_error(error, error_size, "no file name");
        return NULL;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (blob == NULL) {
        set_error(error, error_size, "cannot read the file");
        return NULL;
    }
    if (hb_blob_get_length(blob) == 0) {
        hb_blob_destroy(blob);
        set_error(error, error_size, "the file is empty");
        return NULL;
    }
    hb_face_t *face = hb_face_create(blob, 0);
    unsigned glyph_count = hb_face_get_glyph_count(face);
    if (face == hb_face_get_empty() || glyph_count == 0) {
        hb_face_destroy(face);
        hb_blob_destroy(blob);
        set_error(error, error_size, "not a font file (no glyphs)");
        return NULL;
    }
    hb_face_make_immutable(face);

    ctext_font *font = calloc(1, sizeof *font);
    hb_font_t *hb_font = hb_font_create(face); /* OpenType font functions, scale = upem */
    hb_draw_funcs_t *draw = hb_draw_funcs_create();
    /* On allocation failure these return HarfBuzz's inert (and immutable) empty objects. */
    if (font == NULL || hb_font == hb_font_get_empty() || hb_draw_funcs_is_immutable(draw)) {
        free(font);
        hb_draw_funcs_destroy(draw);
        hb_font_destroy(hb_font);
        hb_face_destroy(face);
        hb_blob_destroy(blob);
        set_error(error, error_size, "out of memory");
        return NULL;
    }
    hb_draw_funcs_set_move_to_func(draw, draw_move_to, NULL, NULL);
    hb_draw_funcs_set_line_to_func(draw, draw_line_to, NULL, NULL);
    hb_draw_funcs_set_quadratic_to_func(draw, draw_quadratic_to, NULL, NULL);
    hb_draw_funcs_set_cubic_to_func(draw, draw_cubic_to, NULL, NULL);
    hb_draw_funcs_set_close_path_func(draw, draw_close_path, NULL, NULL);
    hb_draw_funcs_make_immutable(draw);

    font->blob = blob;
    font->face = face;
    font->font = hb_font;
    font->draw = draw;
    font->glyph_count = glyph_count;
    set_error(error, error_size, "");
    return font;
}

void ctext_font_close(ctext_font *font) {
    if (font == NULL) return;
    hb_draw_funcs_destroy(font->draw);
    hb_font_destroy(font->font);
    hb_face_destroy(font->face);
    hb_blob_destroy(font->blob);
    free(font);
}

void ctext_font_set_scale(ctext_font *font, int32_t scale) {
    if (font == NULL || scale <= 0) return;
    hb_font_set_scale(font->font, scale, scale);
}

void ctext_font_set_variations(ctext_font *font, const uint32_t *tags, const float *values,
                               unsigned count) {
    if (font == NULL) return;
    if (tags == NULL || values == NULL) count = 0;
    hb_variation_t *variations = NULL;
    unsigned n = 0;
    if (count > 0) {
        variations = malloc((size_t)count * sizeof *variations);
        if (variations == NULL) return; /* keep the earlier settings rather than half-apply */
        for (unsigned i = 0; i < count; i++) {
            if (!isfinite(values[i])) continue;
            variations[n].tag = tags[i];
            variations[n].value = values[i];
            n++;
        }
    }
    /* Starts from the axis defaults, ignores tags the font lacks, clamps to each axis' range. */
    hb_font_set_variations(font->font, variations, n);
    free(variations);
}

int ctext_font_has_axis(ctext_font *font, uint32_t tag, float *min, float *def, float *max) {
    if (font == NULL) return 0;
    hb_ot_var_axis_info_t info;
    if (!hb_ot_var_find_axis_info(font->face, tag, &info)) return 0;
    if (min != NULL) *min = info.min_value;
    if (def != NULL) *def = info.default_value;
    if (max != NULL) *max = info.max_value;
    return 1;
}

void ctext_font_metrics(ctext_font *font, ctext_metrics *out) {
    if (out == NULL) return;
    memset(out, 0, sizeof *out);
    if (font == NULL) return;
    /* A scratch instance at the default scale (one unit = one font unit) with the same
     * variation coordinates, so the values do not depend on the current scale. */
    hb_font_t *units = hb_font_create(font->face);
    unsigned coord_count = 0;
    const int *coords = hb_font_get_var_coords_normalized(font->font, &coord_count);
    if (coord_count > 0) hb_font_set_var_coords_normalized(units, coords, coord_count);

    hb_position_t v = 0;
    out->units_per_em = (int32_t)hb_face_get_upem(font->face);
    hb_ot_metrics_get_position_with_fallback(units, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &v);
    out->ascender = v;
    v = 0;
    hb_ot_metrics_get_position_with_fallback(units, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &v);
    out->descender = v;
    v = 0;
    hb_ot_metrics_get_position_with_fallback(units, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, &v);
    out->line_gap = v;
    v = 0;
    hb_ot_metrics_get_position_with_fallback(units, HB_OT_METRICS_TAG_CAP_HEIGHT, &v);
    out->cap_height = v;
    v = 0;
    hb_ot_metrics_get_position_with_fallback(units, HB_OT_METRICS_TAG_X_HEIGHT, &v);
    out->x_height = v;
    const struct {
        hb_ot_metrics_tag_t tag;
        int32_t *field;
    } lines[] = {{HB_OT_METRICS_TAG_UNDERLINE_OFFSET, &out->underline_offset},
                 {HB_OT_METRICS_TAG_UNDERLINE_SIZE, &out->underline_size},
                 {HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, &out->strikeout_offset},
                 {HB_OT_METRICS_TAG_STRIKEOUT_SIZE, &out->strikeout_size}};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        v = 0;
        hb_ot_metrics_get_position_with_fallback(units, lines[i].tag, &v);
        *lines[i].field = v;
    }
    hb_font_destroy(units);
}

/* ---- shaping and outlines ---------------------------------------------------------------- */

int ctext_shape(ctext_font *font, const char *utf8, int length, ctext_glyph *out, int capacity) {
    return ctext_shape_features(font, utf8, length, NULL, NULL, 0, out, capacity);
}

int ctext_shape_features(ctext_font *font, const char *utf8, int length, const uint32_t *feature_tags,
                         const uint32_t *feature_values, unsigned feature_count, ctext_glyph *out,
                         int capacity) {
    return ctext_shape_directed(font, utf8, length, feature_tags, feature_values, feature_count, 0, out, capacity);
}

int ctext_shape_directed(ctext_font *font, const char *utf8, int length, const uint32_t *feature_tags,
                         const uint32_t *feature_values, unsigned feature_count, int rtl, ctext_glyph *out,
                         int capacity) {
    if (feature_tags == NULL || feature_values == NULL) feature_count = 0;
    if (feature_count > 16) feature_count = 16;
    hb_feature_t features[16];
    for (unsigned i = 0; i < feature_count; i++) {
        features[i].tag = feature_tags[i];
        features[i].value = feature_values[i];
        features[i].start = HB_FEATURE_GLOBAL_START;
        features[i].end = HB_FEATURE_GLOBAL_END;
    }
    if (font == NULL || length < 0 || (utf8 == NULL && length > 0)) return -1;
    if (out == NULL || capacity < 0) capacity = 0;
    if (length == 0) return 0;

    /* A buffer per call, so that concurrent shaping on one font is safe. */
    hb_buffer_t *buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        return -1;
    }
    hb_buffer_set_flags(buffer, (hb_buffer_flags_t)(HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT));
    hb_buffer_add_utf8(buffer, utf8, length, 0, length);
    hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    /* The language is fixed, not the process locale's, so that shaping is the same everywhere. */
    hb_buffer_set_language(buffer, hb_language_from_string("en", -1));
    hb_buffer_guess_segment_properties(buffer); /* script and direction from the text */
    hb_shape(font->font, buffer, features, feature_count);
    if (!hb_buffer_allocation_successful(buffer)) {
        hb_buffer_destroy(buffer);
        return -1;
    }

    unsigned count = 0;
    const hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    if (count > (unsigned)INT32_MAX) count = (unsigned)INT32_MAX;
    unsigned written = count < (unsigned)capacity ? count : (unsigned)capacity;
    for (unsigned i = 0; i < written; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance;
        out[i].y_advance = positions[i].y_advance;
        out[i].x_offset = positions[i].x_offset;
        out[i].y_offset = positions[i].y_offset;
    }
    hb_buffer_destroy(buffer);
    return (int)count;
}

int ctext_font_has_glyph(ctext_font *font, uint32_t codepoint) {
    hb_codepoint_t glyph = 0;
    return font != NULL && hb_font_get_nominal_glyph(font->font, codepoint, &glyph) && glyph != 0;
}

size_t ctext_glyph_png(ctext_font *font, uint32_t glyph, unsigned char *png, size_t capacity, int32_t *x_bearing,
                       int32_t *y_bearing, int32_t *width, int32_t *height) {
    if (font == NULL || !hb_ot_color_has_png(hb_font_get_face(font->font))) return 0;
    hb_glyph_extents_t extents;
    if (!hb_font_get_glyph_extents(font->font, glyph, &extents)) return 0;
    hb_blob_t *blob = hb_ot_color_glyph_reference_png(font->font, glyph);
    unsigned int length = 0;
    const char *data = hb_blob_get_data(blob, &length);
    if (data != NULL && png != NULL && capacity > 0) memcpy(png, data, length < capacity ? length : capacity);
    hb_blob_destroy(blob);
    if (x_bearing) *x_bearing = extents.x_bearing;
    if (y_bearing) *y_bearing = extents.y_bearing;
    if (width) *width = extents.width;
    if (height) *height = extents.height;
    return data == NULL ? 0 : length;
}

int ctext_bidi_levels(const uint32_t *text, int count, uint8_t *levels) {
    if (text == NULL || levels == NULL || count <= 0) return count == 0 ? 0 : -1;
    FriBidiCharType *types = malloc((size_t)count * sizeof *types);
    FriBidiBracketType *brackets = malloc((size_t)count * sizeof *brackets);
    FriBidiLevel *found = malloc((size_t)count * sizeof *found);
    int result = -1;
    if (types != NULL && brackets != NULL && found != NULL) {
        fribidi_get_bidi_types(text, count, types);
        fribidi_get_bracket_types(text, count, types, brackets);
        FriBidiParType base = FRIBIDI_PAR_ON;
        FriBidiLevel max = fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, found);
        if (max > 0) {
            for (int i = 0; i < count; i++) levels[i] = (uint8_t)found[i];
            result = (int)max - 1; /* FriBidi answers the highest level plus one */
        }
    }
    free(types);
    free(brackets);
    free(found);
    return result;
}

int ctext_glyph_outline(ctext_font *font, uint32_t glyph, uint8_t *verbs, int verb_capacity,
                        float *coords, int coord_capacity, int *verb_count, int *coord_count) {
    if (verb_count != NULL) *verb_count = 0;
    if (coord_count != NULL) *coord_count = 0;
    if (font == NULL) return -1;
    outline_sink sink = {
        .verbs = verbs,
        .coords = coords,
        .verb_capacity = (verbs == NULL || verb_capacity < 0) ? 0 : verb_capacity,
        .coord_capacity = (coords == NULL || coord_capacity < 0) ? 0 : coord_capacity,
    };
    if (glyph < font->glyph_count) hb_font_get_glyph_shape(font->font, glyph, font->draw, &sink);
    if (verb_count != NULL) *verb_count = sink.verb_count;
    if (coord_count != NULL) *coord_count = sink.coord_count;
    return (sink.verb_count > sink.verb_capacity || sink.coord_count > sink.coord_capacity) ? 1 : 0;
}
