/* Moves, flips and perft (R3-R5): reversi.engine.bitboard's moves_mask and
 * flips_mask, and reversi.engine.perft.perft, for the offline tools. */
#include "engine.h"

u64 rn_moves(u64 p, u64 o) {
    u64 m = o & 0x7E7E7E7E7E7E7E7EULL, moves = 0, t;
#define DIR(MASK, SHIFT, OP)                                                   \
    t = MASK & (p OP SHIFT); t |= MASK & (t OP SHIFT); t |= MASK & (t OP SHIFT); \
    t |= MASK & (t OP SHIFT); t |= MASK & (t OP SHIFT); t |= MASK & (t OP SHIFT); \
    moves |= t OP SHIFT;
    DIR(m, 1, <<) DIR(m, 1, >>) DIR(o, 8, <<) DIR(o, 8, >>)
    DIR(m, 9, <<) DIR(m, 9, >>) DIR(m, 7, <<) DIR(m, 7, >>)
#undef DIR
    return moves & ~(p | o);
}


/* Per square and direction, the squares from it outwards (not itself). */
u64 RAY[64][8];
/* Per square, its neighbouring squares: without an opponent disc there, nothing flips. */
u64 NEIGHBOUR[64];
/* Directions 0-3 run towards higher squares, 4-7 towards lower ones. */
static const int DC[8] = {1, 0, 1, -1, -1, 0, -1, 1};
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};

__attribute__((constructor)) static void init_rays(void) {
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 8; d++) {
            u64 ray = 0;
            int c = (s & 7) + DC[d], r = (s >> 3) + DR[d];
            while (c >= 0 && c < 8 && r >= 0 && r < 8) {
                ray |= 1ULL << (r * 8 + c);
                c += DC[d];
                r += DR[d];
            }
            RAY[s][d] = ray;
            if (ray) NEIGHBOUR[s] |= 1ULL << (((s >> 3) + DR[d]) * 8 + (s & 7) + DC[d]);
        }
}


u64 rn_flips(u64 p, u64 o, int sq) { return flips(p, o, sq); }

/* -- perft ----------------------------------------------------------------- */

uint64_t rn_perft(u64 p, u64 o, int depth, int passed) {
    u64 mv = rn_moves(p, o), n = 0;
    if (!mv) {
        if (passed || depth == 1) return 1;
        return rn_perft(o, p, depth - 1, 1);
    }
    if (depth == 1) return (uint64_t)popcount(mv);
    while (mv) {
        int s = __builtin_ctzll(mv);
        u64 b = mv & (0 - mv), f = flips(p, o, s);
        mv ^= b;
        if (depth == 2) {
            u64 child = rn_moves(o ^ f, p | f | b);
            n += child ? (u64)popcount(child) : 1;
        } else {
            n += rn_perft(o ^ f, p | f | b, depth - 1, 0);
        }
    }
    return n;
}
