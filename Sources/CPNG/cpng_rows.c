/*
 * cpng_rows: a deflate encoder for PNG rows (see cpng_internal.h for the contract).
 *
 * zlib's fast levels look for matches along hash chains, which in a wide image rarely reach the
 * row above, where most of a gradient's repeats are. This encoder tries the distances where image
 * rows repeat first (the byte and the pixel to the left, the row above and one pixel either side
 * of it, and the last distance used), then one hash-table candidate, and keeps the longest match
 * greedily; or, asked for a chain, walks that many more hash candidates and parses lazily. The strip
 * becomes one dynamic-Huffman block, or stored blocks when those are smaller; or its parse is kept
 * (cpng_rows_tokens) and cpng_rows_join codes an image's kept strips together, a run of them
 * sharing one block, so that the image does not pay for a block header and a sync marker per strip.
 */
#include "cpng.h"
#include "cpng_internal.h"

#include <stdint.h>
#include <string.h>

enum {
    CPNG_ROWS_MIN_MATCH = 4,
    CPNG_ROWS_MAX_MATCH = 258,
    CPNG_ROWS_WINDOW = 32768,
    CPNG_ROWS_HASH_BITS = 15,
    CPNG_ROWS_STORED_MAX = 65535
};

/* A token is a literal byte (< 256) or a match: bit 31 set, the length in bits 16–24, the distance
 * in bits 0–15 (distances up to 32768 are stored less one). */
#define CPNG_TOKEN_MATCH 0x80000000u

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                           33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                           1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* The order in which code-length code lengths are sent (RFC 1951, 3.2.7). */
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static inline int length_symbol(int length) {
    /* Lengths 3–10 are their own codes; above, each four codes double the range (258 has its own). */
    int v = length - 3;
    if (v < 8 || length == 258) {
        return length == 258 ? 28 : v;
    }
    int bits = 31 - __builtin_clz((unsigned)v);
    return 4 * (bits - 1) + ((v >> (bits - 2)) & 3);
}

static inline int distance_symbol(int distance) {
    /* Distances 1–4 are their own codes; above, each pair of codes doubles the range. */
    if (distance <= 4) {
        return distance - 1;
    }
    int bits = 31 - __builtin_clz((unsigned)(distance - 1)); /* floor(log2(distance - 1)), at least 2 */
    return 2 * bits + (int)(((unsigned)(distance - 1) >> (bits - 1)) & 1);
}

/* How many bytes from `a` and `b` agree, up to `limit`, eight at a time. */
static inline int match_length(const unsigned char *a, const unsigned char *b, int limit) {
    int n = 0;
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) {
            return n + (__builtin_ctzll(x ^ y) >> 3);
        }
        n += 8;
    }
    while (n < limit && a[n] == b[n]) {
        n++;
    }
    return n;
}

static inline uint32_t hash4(const unsigned char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return (v * 2654435761u) >> (32 - CPNG_ROWS_HASH_BITS);
}

/* Orders `symbols` (ascending) by frequency, ties by symbol, so that the code is the same on every
 * machine: a stable radix sort a byte of the frequencies at a time (an insertion sort of 286
 * literals cost the joined images a twentieth of their time). */
static void sort_by_frequency(const uint32_t *freq, int *symbols, int m) {
    int scratch[286];
    int *from = symbols, *to = scratch;
    uint32_t top = 0;
    for (int i = 0; i < m; i++) {
        top |= freq[symbols[i]];
    }
    for (int shift = 0; shift < 32 && (top >> shift) != 0; shift += 8) {
        int start[257] = {0};
        for (int i = 0; i < m; i++) {
            start[((freq[from[i]] >> shift) & 255) + 1]++;
        }
        for (int b = 1; b < 257; b++) {
            start[b] += start[b - 1];
        }
        for (int i = 0; i < m; i++) {
            to[start[(freq[from[i]] >> shift) & 255]++] = from[i];
        }
        int *swap = from;
        from = to;
        to = swap;
    }
    if (from != symbols) {
        memcpy(symbols, from, (size_t)m * sizeof(int));
    }
}

/* Huffman code lengths of at most `limit` bits for `count` symbols with these frequencies: an
 * optimal code (two-queue construction), with the frequencies halved until it fits the limit.
 * At least two symbols get a length, since inflaters refuse a one-code set for most trees. */
static void code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
    uint32_t freq[286];
    int symbols[286];
    uint32_t weight[2 * 286];
    int parent[2 * 286];
    int depth[2 * 286];
    for (int i = 0; i < count; i++) {
        freq[i] = frequencies[i];
    }
    int used = 0;
    for (int i = 0; i < count; i++) {
        used += freq[i] != 0;
    }
    for (int i = 0; used < 2 && i < count; i++) {
        if (freq[i] == 0) {
            freq[i] = 1;
            used++;
        }
    }
    for (;;) {
        int m = 0;
        for (int i = 0; i < count; i++) {
            lengths[i] = 0;
            if (freq[i] != 0) {
                symbols[m++] = i;
            }
        }
        sort_by_frequency(freq, symbols, m);
        for (int i = 0; i < m; i++) {
            weight[i] = freq[symbols[i]];
        }
        /* Internal nodes come out in order of weight, so two queues replace a heap. */
        int leaf = 0, inner = m, nodes = m;
        while ((m - leaf) + (nodes - inner) > 1) {
            int pick[2];
            for (int k = 0; k < 2; k++) {
                if (leaf < m && (inner >= nodes || weight[leaf] <= weight[inner])) {
                    pick[k] = leaf++;
                } else {
                    pick[k] = inner++;
                }
            }
            weight[nodes] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = nodes;
            nodes++;
        }
        depth[nodes - 1] = 0;
        int deepest = 0;
        for (int k = nodes - 2; k >= 0; k--) {
            depth[k] = depth[parent[k]] + 1;
        }
        for (int i = 0; i < m; i++) {
            lengths[symbols[i]] = (uint8_t)depth[i];
            deepest = depth[i] > deepest ? depth[i] : deepest;
        }
        if (deepest <= limit) {
            return;
        }
        for (int i = 0; i < count; i++) {
            if (freq[i] != 0) {
                freq[i] = (freq[i] >> 1) | 1;
            }
        }
    }
}

/* Canonical codes for `lengths`, bit-reversed as deflate sends them (RFC 1951, 3.2.2). */
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int per_length[16] = {0};
    int next[16] = {0};
    for (int i = 0; i < count; i++) {
        per_length[lengths[i]]++;
    }
    per_length[0] = 0;
    int code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        if (lengths[i] == 0) {
            continue;
        }
        uint32_t value = (uint32_t)next[lengths[i]]++, reversed = 0;
        for (int b = 0; b < lengths[i]; b++) {
            reversed = (reversed << 1) | (value & 1);
            value >>= 1;
        }
        codes[i] = (uint16_t)reversed;
    }
}

/* Bits out, least significant first, 32 at a time. */
typedef struct {
    unsigned char *out;
    size_t size;
    uint64_t pending;
    int count;
} cpng_bits;

static inline void put_bits(cpng_bits *bits, uint32_t value, int count) {
    bits->pending |= (uint64_t)value << bits->count;
    bits->count += count;
    if (bits->count >= 32) {
        for (int i = 0; i < 4; i++) {
            bits->out[bits->size++] = (unsigned char)(bits->pending >> (8 * i));
        }
        bits->pending >>= 32;
        bits->count -= 32;
    }
}

/* Writes the pending bits and pads the last byte with zeros. */
static void align_bits(cpng_bits *bits) {
    while (bits->count > 0) {
        bits->out[bits->size++] = (unsigned char)bits->pending;
        bits->pending >>= 8;
        bits->count -= 8;
    }
    bits->pending = 0;
    bits->count = 0;
}

/* The size of `length` bytes in stored blocks, which is the most the encoder writes: it stores
 * whenever a Huffman block would not be smaller. */
size_t cpng_rows_deflate_bound(size_t length) {
    return length + 5 * (length == 0 ? 1 : (length + CPNG_ROWS_STORED_MAX - 1) / CPNG_ROWS_STORED_MAX);
}

/* Stored blocks for `length` bytes (the last one final when `last`), from any bit position. */
static void store(cpng_bits *bits, const unsigned char *data, size_t length, int last) {
    do {
        size_t block = length < CPNG_ROWS_STORED_MAX ? length : CPNG_ROWS_STORED_MAX;
        length -= block;
        put_bits(bits, last && length == 0, 1);
        put_bits(bits, 0, 2);
        align_bits(bits);
        unsigned char *out = bits->out + bits->size;
        out[0] = (unsigned char)block;
        out[1] = (unsigned char)(block >> 8);
        out[2] = (unsigned char)~block;
        out[3] = (unsigned char)(~block >> 8);
        if (block > 0) {
            memcpy(out + 4, data, block);
        }
        bits->size += 4 + block;
        data += block;
    } while (length > 0);
}

/* Where matches are looked for: the distances where rows repeat, the last distance used, and the
 * positions with the same next four bytes (the latest only, or a chain of `chain` more). */
typedef struct {
    const unsigned char *window;
    size_t end;
    int32_t *head, *prev;
    int chain;
    size_t candidates[5];
    int candidate_count;
    size_t last_distance;
} cpng_finder;

/* The parse so far: tokens and their symbols' frequencies. */
typedef struct {
    uint32_t *tokens;
    size_t count;
    uint32_t literals[286];
    uint32_t distances[30];
} cpng_parse;

static inline void remember(cpng_finder *finder, size_t q) {
    uint32_t h = hash4(finder->window + q);
    if (finder->chain > 0) {
        finder->prev[q & (CPNG_ROWS_WINDOW - 1)] = finder->head[h];
    }
    finder->head[h] = (int32_t)q;
}

/* The longest match at `p` (0 if none of at least CPNG_ROWS_MIN_MATCH), its distance in `*distance`. */
static inline int longest_match(const cpng_finder *finder, size_t p, size_t *distance) {
    const unsigned char *here = finder->window + p;
    int limit = finder->end - p < CPNG_ROWS_MAX_MATCH ? (int)(finder->end - p) : CPNG_ROWS_MAX_MATCH;
    if (limit < CPNG_ROWS_MIN_MATCH) {
        return 0;
    }
    int best = 0;
    for (int c = 0; c < finder->candidate_count && best < limit; c++) {
        size_t d = finder->candidates[c];
        if (d <= p) {
            int n = match_length(here, here - d, limit);
            if (n > best) {
                best = n;
                *distance = d;
            }
        }
    }
    if (best < limit && finder->last_distance != 0) {
        int n = match_length(here, here - finder->last_distance, limit);
        if (n > best) {
            best = n;
            *distance = finder->last_distance;
        }
    }
    int32_t q = finder->head[hash4(here)];
    for (int k = 0; q >= 0 && p - (size_t)q <= CPNG_ROWS_WINDOW && best < limit; k++) {
        /* Only a candidate that agrees at the byte that would make it longer is worth comparing. */
        if (finder->window[(size_t)q + (size_t)best] == here[best]) {
            int n = match_length(here, finder->window + q, limit);
            if (n > best) {
                best = n;
                *distance = p - (size_t)q;
            }
        }
        if (k >= finder->chain) {
            break;
        }
        int32_t next = finder->prev[q & (CPNG_ROWS_WINDOW - 1)];
        if (next >= q) {
            break; /* overwritten by a later position: the chain ends */
        }
        q = next;
    }
    return best >= CPNG_ROWS_MIN_MATCH ? best : 0;
}

static inline void add_literal(cpng_parse *parse, unsigned char byte) {
    parse->tokens[parse->count++] = byte;
    parse->literals[byte]++;
}

static inline void add_match(cpng_parse *parse, cpng_finder *finder, int length, size_t distance) {
    parse->tokens[parse->count++] = CPNG_TOKEN_MATCH | (uint32_t)length << 16 | (uint32_t)(distance - 1);
    parse->literals[257 + length_symbol(length)]++;
    parse->distances[distance_symbol((int)distance)]++;
    finder->last_distance = distance;
}

/* Greedy: the longest match at each position is taken; only the positions looked at and the last
 * of each match are remembered, so a long match costs little. */
static void parse_greedy(cpng_finder *finder, cpng_parse *parse, size_t p) {
    while (p < finder->end) {
        size_t distance = 0;
        int length = longest_match(finder, p, &distance);
        if (p + 4 <= finder->end) {
            remember(finder, p);
        }
        if (length > 0) {
            add_match(parse, finder, length, distance);
            p += (size_t)length;
            if (p + 3 <= finder->end) {
                remember(finder, p - 1);
            }
        } else {
            add_literal(parse, finder->window[p]);
            p++;
        }
    }
}

/* Lazy: a match shorter than zlib's max_lazy for the level whose chain this is (7: 32, 8: 128,
 * 9: 258, the longest) is put off by a literal when the next position has a longer one; every
 * position is remembered, for the chains, but the inside of long runs. */
static void parse_lazy(cpng_finder *finder, cpng_parse *parse, size_t p) {
    const int lazy = finder->chain >= 256 ? CPNG_ROWS_MAX_MATCH : finder->chain >= 64 ? 128 : 32;
    size_t remembered = p; /* positions before it are in the table */
    while (p < finder->end) {
        size_t distance = 0;
        int length = longest_match(finder, p, &distance);
        if (length > 0 && length < lazy && p + 1 < finder->end) {
            if (p + 4 <= finder->end && remembered <= p) {
                remember(finder, p);
                remembered = p + 1;
            }
            size_t next_distance = 0;
            int next = longest_match(finder, p + 1, &next_distance);
            if (next > length) {
                add_literal(parse, finder->window[p]);
                p++;
                length = next;
                distance = next_distance;
            }
        }
        size_t step = length > 0 ? (size_t)length : 1;
        /* Inside a longest match that repeats a pixel (a run), every position's four bytes are one
         * of the run's few phases: only its last ones are worth a place in the chains. Remembering
         * all of them took a third of an APNG's time on mostly clear frames, and the files come out
         * a few bytes smaller without them (the docs and 3x demos). */
        if (length == CPNG_ROWS_MAX_MATCH && distance <= 4 && remembered + 8 < p + step) {
            remembered = p + step - 8;
        }
        for (; remembered < p + step; remembered++) {
            if (remembered + 4 <= finder->end) {
                remember(finder, remembered);
            }
        }
        if (length > 0) {
            add_match(parse, finder, length, distance);
        } else {
            add_literal(parse, finder->window[p]);
        }
        p += step;
    }
}

/* A dynamic-Huffman block planned from its symbols' frequencies: both codes' lengths, those
 * run-length coded with codes 16 (repeat the last 3–6 times), 17 (3–10 zeros) and 18 (11–138
 * zeros), and the block's size in bits, header included; the codes themselves once written. */
typedef struct {
    uint8_t literal_lengths[286], distance_lengths[30], run_lengths[19];
    uint16_t literal_codes[286], distance_codes[30], run_codes[19];
    uint16_t runs[286 + 30]; /* code in the low byte, its extra value above */
    int run_count, hlit, hdist, hclen;
    uint64_t bits;
} cpng_block;

static const uint8_t run_extra[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};

/* Plans the block for these frequencies (the end-of-block code counted once in `literals[256]`). */
static void plan_block(const uint32_t *literals, const uint32_t *distances, cpng_block *block) {
    code_lengths(literals, 286, 15, block->literal_lengths);
    code_lengths(distances, 30, 15, block->distance_lengths);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && block->literal_lengths[hlit - 1] == 0) {
        hlit--;
    }
    while (hdist > 1 && block->distance_lengths[hdist - 1] == 0) {
        hdist--;
    }

    uint8_t sequence[286 + 30];
    int sequence_count = 0, run_count = 0;
    uint32_t run_frequencies[19] = {0};
    for (int i = 0; i < hlit; i++) {
        sequence[sequence_count++] = block->literal_lengths[i];
    }
    for (int i = 0; i < hdist; i++) {
        sequence[sequence_count++] = block->distance_lengths[i];
    }
    for (int i = 0; i < sequence_count;) {
        int value = sequence[i], run = 1;
        while (i + run < sequence_count && sequence[i + run] == value) {
            run++;
        }
        if (value == 0 && run >= 3) {
            int n = run > 138 ? 138 : run;
            block->runs[run_count++] = (uint16_t)(n <= 10 ? 17 | (n - 3) << 8 : 18 | (n - 11) << 8);
            run_frequencies[n <= 10 ? 17 : 18]++;
            i += n;
        } else if (value != 0 && run >= 4) {
            int n = run - 1 > 6 ? 6 : run - 1;
            block->runs[run_count++] = (uint16_t)value;
            block->runs[run_count++] = (uint16_t)(16 | (n - 3) << 8);
            run_frequencies[value]++;
            run_frequencies[16]++;
            i += 1 + n;
        } else {
            block->runs[run_count++] = (uint16_t)value;
            run_frequencies[value]++;
            i++;
        }
    }
    code_lengths(run_frequencies, 19, 7, block->run_lengths);
    int hclen = 19;
    while (hclen > 4 && block->run_lengths[code_length_order[hclen - 1]] == 0) {
        hclen--;
    }
    block->run_count = run_count;
    block->hlit = hlit;
    block->hdist = hdist;
    block->hclen = hclen;

    uint64_t bits = 3 + 14 + 3 * (uint64_t)hclen;
    for (int s = 0; s < 19; s++) {
        bits += (uint64_t)run_frequencies[s] * (block->run_lengths[s] + run_extra[s]);
    }
    for (int s = 0; s < 286; s++) {
        bits += (uint64_t)literals[s] * (block->literal_lengths[s] + (s >= 257 ? length_extra[s - 257] : 0));
    }
    for (int s = 0; s < 30; s++) {
        bits += (uint64_t)distances[s] * (block->distance_lengths[s] + distance_extra[s]);
    }
    block->bits = bits;
}

/* Writes the block's header, with its codes made from the planned lengths (a plan that is only
 * costed never needs them). */
static void write_header(cpng_bits *bits, cpng_block *block, int last) {
    canonical_codes(block->literal_lengths, 286, block->literal_codes);
    canonical_codes(block->distance_lengths, 30, block->distance_codes);
    canonical_codes(block->run_lengths, 19, block->run_codes);
    put_bits(bits, last ? 1 : 0, 1);
    put_bits(bits, 2, 2);
    put_bits(bits, (uint32_t)(block->hlit - 257), 5);
    put_bits(bits, (uint32_t)(block->hdist - 1), 5);
    put_bits(bits, (uint32_t)(block->hclen - 4), 4);
    for (int i = 0; i < block->hclen; i++) {
        put_bits(bits, block->run_lengths[code_length_order[i]], 3);
    }
    for (int i = 0; i < block->run_count; i++) {
        int code = block->runs[i] & 0xff;
        put_bits(bits, block->run_codes[code], block->run_lengths[code]);
        if (run_extra[code] != 0) {
            put_bits(bits, block->runs[i] >> 8, run_extra[code]);
        }
    }
}

/* A literal and a match in the block's codes; 0 (nothing written) if the block has no code for it. */
static inline int put_literal(cpng_bits *bits, const cpng_block *block, unsigned char byte) {
    if (block->literal_lengths[byte] == 0) {
        return 0;
    }
    put_bits(bits, block->literal_codes[byte], block->literal_lengths[byte]);
    return 1;
}

static inline int put_match(cpng_bits *bits, const cpng_block *block, int length, int distance) {
    int ls = length_symbol(length), ds = distance_symbol(distance);
    if (block->literal_lengths[257 + ls] == 0 || block->distance_lengths[ds] == 0) {
        return 0;
    }
    put_bits(bits, block->literal_codes[257 + ls], block->literal_lengths[257 + ls]);
    if (length_extra[ls] != 0) {
        put_bits(bits, (uint32_t)(length - length_base[ls]), length_extra[ls]);
    }
    put_bits(bits, block->distance_codes[ds], block->distance_lengths[ds]);
    if (distance_extra[ds] != 0) {
        put_bits(bits, (uint32_t)(distance - distance_base[ds]), distance_extra[ds]);
    }
    return 1;
}

/* A parse's tokens in the block's codes. */
static void write_tokens(cpng_bits *bits, const cpng_block *block, const uint32_t *tokens, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t token = tokens[i];
        if (token & CPNG_TOKEN_MATCH) {
            put_match(bits, block, (int)((token >> 16) & 0x1ff), (int)(token & 0xffff) + 1);
        } else {
            put_literal(bits, block, (unsigned char)token);
        }
    }
}

/* The strip's tokens, parsed greedily or (with a chain) lazily, and their frequencies. */
static void parse_strip(cpng_rows_scratch *scratch, const unsigned char *window, size_t dictionary, size_t length,
                        size_t row_length, size_t pixel_bytes, int chain, cpng_parse *parse) {
    cpng_finder finder = {window, dictionary + length, scratch->head, scratch->prev, chain, {0}, 0, 0};
    memset(finder.head, 0xff, sizeof(int32_t) << CPNG_ROWS_HASH_BITS);
    for (size_t q = dictionary > CPNG_ROWS_WINDOW ? dictionary - CPNG_ROWS_WINDOW : 0; q + 4 <= dictionary; q++) {
        remember(&finder, q);
    }
    /* The distances where rows repeat, cheapest first: a tie keeps the shorter distance, whose
     * code has fewer extra bits (a run in a Sub-filtered row is as long at distance 1 as 3). */
    size_t candidates[5] = {1, pixel_bytes, row_length, row_length - pixel_bytes, row_length + pixel_bytes};
    for (int c = 0; c < 5; c++) {
        if (candidates[c] >= 1 && candidates[c] <= CPNG_ROWS_WINDOW && (c < 2 || row_length > pixel_bytes)) {
            finder.candidates[finder.candidate_count++] = candidates[c];
        }
    }
    memset(parse, 0, sizeof *parse);
    parse->tokens = scratch->tokens;
    if (chain > 0) {
        parse_lazy(&finder, parse, dictionary);
    } else {
        parse_greedy(&finder, parse, dictionary);
    }
    parse->literals[256] = 1;
}

size_t cpng_rows_deflate(cpng_rows_scratch *scratch, const unsigned char *window, size_t dictionary, size_t length,
                         size_t row_length, size_t pixel_bytes, int chain, int last, unsigned char *out) {
    cpng_parse tokens;
    parse_strip(scratch, window, dictionary, length, row_length, pixel_bytes, chain, &tokens);
    cpng_block block;
    plan_block(tokens.literals, tokens.distances, &block);
    cpng_bits bits = {out, 0, 0, 0};
    uint64_t flush_bits = last ? 7 : 3 + 7 + 32; /* padding, and for a strip that is not last an empty stored block */
    if ((block.bits + flush_bits + 7) / 8 >= cpng_rows_deflate_bound(length)) {
        store(&bits, window + dictionary, length, last);
        return bits.size;
    }
    write_header(&bits, &block, last);
    write_tokens(&bits, &block, tokens.tokens, tokens.count);
    put_bits(&bits, block.literal_codes[256], block.literal_lengths[256]);
    if (!last) {
        /* An empty stored block, as zlib's sync flush writes: the strip ends on a byte boundary. */
        store(&bits, NULL, 0, 0);
    }
    align_bits(&bits);
    return bits.size;
}

/* A kept strip (cpng_rows_tokens) is a word saying what follows, then for a parse its symbols'
 * frequencies (286 literal/length, 30 distance words) and its tokens as records, for stored the
 * bytes. A record is a run of 1–127 literals (a count byte, then the bytes) or a match in three
 * bytes (top bit set, the distance less one in the next 15 bits, the length less 3 in the last
 * byte): never more than the bytes it stands for and one in 127, where the parse's own tokens take
 * four bytes each. */
enum { CPNG_KEPT_PARSE = 1, CPNG_KEPT_STORED = 2, CPNG_KEPT_HEADER = 4 * (1 + 286 + 30) };

size_t cpng_rows_tokens_bound(size_t length) {
    return CPNG_KEPT_HEADER + length + length / 127 + 1;
}

size_t cpng_rows_tokens(cpng_rows_scratch *scratch, const unsigned char *window, size_t dictionary, size_t length,
                        size_t row_length, size_t pixel_bytes, int chain, unsigned char *out) {
    cpng_parse tokens;
    parse_strip(scratch, window, dictionary, length, row_length, pixel_bytes, chain, &tokens);
    cpng_block block;
    plan_block(tokens.literals, tokens.distances, &block);
    uint32_t kind = (block.bits + 7) / 8 >= cpng_rows_deflate_bound(length) ? CPNG_KEPT_STORED : CPNG_KEPT_PARSE;
    memcpy(out, &kind, 4);
    if (kind == CPNG_KEPT_STORED) {
        memcpy(out + 4, window + dictionary, length);
        return 4 + length;
    }
    memcpy(out + 4, tokens.literals, 4 * 286);
    memcpy(out + 4 + 4 * 286, tokens.distances, 4 * 30);
    size_t size = CPNG_KEPT_HEADER, run = 0; /* `run`: where the open literal run's count byte is, or 0 */
    for (size_t i = 0; i < tokens.count; i++) {
        uint32_t token = tokens.tokens[i];
        if (token & CPNG_TOKEN_MATCH) {
            uint32_t distance = token & 0xffff, match = ((token >> 16) & 0x1ff) - 3;
            out[size++] = (unsigned char)(0x80 | distance >> 8);
            out[size++] = (unsigned char)distance;
            out[size++] = (unsigned char)match;
            run = 0;
            continue;
        }
        if (run == 0 || out[run] == 127) {
            run = size++;
            out[run] = 0;
        }
        out[run]++;
        out[size++] = (unsigned char)token;
    }
    return size;
}

/* A kept strip's kind and, for a parse, its frequencies (end of block counted once); 0 when the
 * bytes are not a kept strip. */
static int read_kept(const unsigned char *data, size_t size, uint32_t *kind, cpng_parse *frequencies) {
    if (data == NULL || size < 4) {
        return 0;
    }
    memcpy(kind, data, 4);
    if (*kind == CPNG_KEPT_STORED) {
        return 1;
    }
    if (*kind != CPNG_KEPT_PARSE || size < CPNG_KEPT_HEADER) {
        return 0;
    }
    memcpy(frequencies->literals, data + 4, 4 * 286);
    memcpy(frequencies->distances, data + 4 + 4 * 286, 4 * 30);
    frequencies->literals[256] = 1;
    return 1;
}

/* A kept parse's records in the block's codes; 0 if one is cut short or has no code in the block. */
static int write_kept(cpng_bits *bits, const cpng_block *block, const unsigned char *data, size_t size) {
    size_t i = CPNG_KEPT_HEADER;
    while (i < size) {
        unsigned char head = data[i];
        if (head & 0x80) {
            if (size - i < 3 || !put_match(bits, block, data[i + 2] + 3, ((head & 0x7f) << 8 | data[i + 1]) + 1)) {
                return 0;
            }
            i += 3;
            continue;
        }
        if (head == 0 || size - i - 1 < head) {
            return 0;
        }
        for (size_t k = i + 1; k <= i + head; k++) {
            if (!put_literal(bits, block, data[k])) {
                return 0;
            }
        }
        i += 1 + (size_t)head;
    }
    return 1;
}

size_t cpng_rows_join_bound(const size_t *sizes, size_t count) {
    /* A literal codes in at most 15 bits, a match (three bytes kept) in 15 + 5 + 15 + 13: two bytes
     * for each kept; a header takes under 600 bytes; stored bytes take 5 more per block and a byte
     * of alignment. */
    size_t bound = 16;
    for (size_t i = 0; i < count; i++) {
        bound += 2 * sizes[i] + 600 + 6 * (sizes[i] / CPNG_ROWS_STORED_MAX + 1);
    }
    return bound;
}

int cpng_rows_join(const unsigned char *const *strips, const size_t *sizes, size_t count, unsigned char *out,
                   size_t capacity, size_t *out_size, char *message, size_t message_capacity) {
    cpng_clear_message(message, message_capacity);
    if (strips == NULL || sizes == NULL || count == 0 || out == NULL || out_size == NULL) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "no strips to join");
    }
    if (capacity < cpng_rows_join_bound(sizes, count)) {
        return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "output buffer too small");
    }
    /* Runs of token strips share a block while that codes smaller than ending the block before
     * the next strip; a stored strip ends the run. */
    cpng_bits bits = {out, 0, 0, 0};
    cpng_parse group, next;
    cpng_block planned, alone, together;
    size_t first = 0; /* the group's first strip; the group is empty when it is `i` */
    for (size_t i = 0; i <= count; i++) {
        uint32_t kind = CPNG_KEPT_STORED;
        if (i < count) {
            if (!read_kept(strips[i], sizes[i], &kind, &next)) {
                return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT, "strip %zu is not a kept strip", i);
            }
            if (kind == CPNG_KEPT_PARSE) {
                plan_block(next.literals, next.distances, &alone);
            }
        }
        if (kind == CPNG_KEPT_PARSE && first < i) {
            cpng_parse merged = group;
            for (int s = 0; s < 286; s++) {
                merged.literals[s] += s == 256 ? 0 : next.literals[s];
            }
            for (int s = 0; s < 30; s++) {
                merged.distances[s] += next.distances[s];
            }
            plan_block(merged.literals, merged.distances, &together);
            if (together.bits <= planned.bits + alone.bits) {
                group = merged;
                planned = together;
                continue;
            }
        }
        if (first < i) {
            /* The group ends before strip i: its block is final if nothing follows. */
            write_header(&bits, &planned, i == count);
            for (size_t k = first; k < i; k++) {
                if (!write_kept(&bits, &planned, strips[k], sizes[k])) {
                    return cpng_fail(message, message_capacity, CPNG_ERR_INVALID_ARGUMENT,
                                     "strip %zu's parse is cut short or has a symbol its frequencies do not", k);
                }
            }
            put_bits(&bits, planned.literal_codes[256], planned.literal_lengths[256]);
        }
        if (i == count) {
            break;
        }
        if (kind == CPNG_KEPT_STORED) {
            store(&bits, strips[i] + 4, sizes[i] - 4, i + 1 == count);
            first = i + 1;
        } else {
            group = next;
            planned = alone;
            first = i;
        }
    }
    align_bits(&bits);
    *out_size = bits.size;
    return CPNG_OK;
}
