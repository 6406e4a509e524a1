/* Stable edge discs: reversi.engine.endgame.stable_edges and its table, for the
 * solver's stability cutoff (R5: discs that can never be flipped stay their
 * owner's, so they bound the score). */
#include "solver.h"

/* Per edge, q | r << 8 (8 bits each): q's discs on it that no sequence of
 * placements of either colour on its empty squares can flip (-1: not known yet). */
static int16_t EDGE[65536];

/* Returns the discs of r that a disc of q placed on square x of an edge flips. */
static int edge_flips(int q, int r, int x) {
    int found = 0;
    for (int step = -1; step <= 1; step += 2) {
        int run = 0, y = x + step;
        while (y >= 0 && y < 8 && (r >> y & 1)) {
            run |= 1 << y;
            y += step;
        }
        if (y >= 0 && y < 8 && (q >> y & 1)) found |= run;
    }
    return found;
}

static int edge_stable(int q, int r) {
    int key = q | r << 8;
    if (EDGE[key] >= 0) return EDGE[key];
    int got = q, empty = 255 ^ (q | r);
    while (empty && got) {
        int b = empty & -empty, x = __builtin_ctz(b);
        empty ^= b;
        int f = edge_flips(q, r, x);
        got &= edge_stable(q | b | f, r ^ f);
        f = edge_flips(r, q, x);
        got &= edge_stable(q ^ f, r | b | f);
    }
    EDGE[key] = (int16_t)got;
    return got;
}

#define COL_A 0x0101010101010101ULL
#define GATHER 0x0102040810204080ULL

/* Returns column a's discs whose rows are the set bits of x. */
static inline u64 column(u64 x) {
    u64 out = 0;
    for (int i = 0; i < 8; i++)
        if (x >> i & 1) out |= 1ULL << (8 * i);
    return out;
}

u64 stable_edges(u64 q, u64 r) {
    u64 s = (u64)EDGE[(q & 255) | (r & 255) << 8] | (u64)EDGE[(q >> 56) | (r >> 56) << 8] << 56;
    u64 a = (q & COL_A) * GATHER >> 56 & 255, b = (r & COL_A) * GATHER >> 56 & 255;
    s |= column((u64)EDGE[a | b << 8]);
    a = (q >> 7 & COL_A) * GATHER >> 56 & 255;
    b = (r >> 7 & COL_A) * GATHER >> 56 & 255;
    return s | column((u64)EDGE[a | b << 8]) << 7;
}

#define CENTRE 0x007E7E7E7E7E7E00ULL

/* Returns q's discs that can never be flipped: the stable edge discs, then, as long
 * as more are found, the inner discs whose four lines are each full or hold a
 * stable disc of q next to them (reversi.engine.stability.stable_discs; Edax's
 * get_stability, by Richard Delorme). */
u64 stable_discs(u64 q, u64 r) {
    u64 filled = q | r, e = ~filled;
    u64 t = filled & filled >> 4;
    t &= t >> 2;
    t &= t >> 1;
    u64 rows = (t & COL_A) * 0xFF;
    t = filled & filled >> 32;
    t &= t >> 16;
    t &= t >> 8;
    u64 columns = (t & 0xFF) * COL_A;
    u64 d = e | (e << 9 & 0xFEFEFEFEFEFEFEFEULL) | (e >> 9 & 0x7F7F7F7F7F7F7F7FULL);
    d |= (d << 18 & 0xFCFCFCFCFCFCFCFCULL) | (d >> 18 & 0x3F3F3F3F3F3F3F3FULL);
    d |= (d << 36 & 0xF0F0F0F0F0F0F0F0ULL) | (d >> 36 & 0x0F0F0F0F0F0F0F0FULL);
    u64 a = e | (e << 7 & 0x7F7F7F7F7F7F7F7FULL) | (e >> 7 & 0xFEFEFEFEFEFEFEFEULL);
    a |= (a << 14 & 0x3F3F3F3F3F3F3F3FULL) | (a >> 14 & 0xFCFCFCFCFCFCFCFCULL);
    a |= (a << 28 & 0x0F0F0F0F0F0F0F0FULL) | (a >> 28 & 0xF0F0F0F0F0F0F0F0ULL);
    u64 diagonals = ~d & filled, antidiagonals = ~a & filled;
    u64 inner = q & CENTRE;
    u64 stable = stable_edges(q, r) | (inner & rows & columns & diagonals & antidiagonals);
    for (;;) {
        u64 grown = inner & (rows | stable >> 1 | stable << 1) & (columns | stable >> 8 | stable << 8) &
                    (diagonals | stable >> 9 | stable << 9) & (antidiagonals | stable >> 7 | stable << 7);
        if (!(grown & ~stable)) return stable;
        stable |= grown;
    }
}

__attribute__((constructor)) static void init_edges(void) {
    for (int i = 0; i < 65536; i++) EDGE[i] = -1;
    for (int q = 0; q < 256; q++)
        for (int r = 0; r < 256; r++)
            if (!(q & r)) edge_stable(q, r);
}
