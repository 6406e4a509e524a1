/* The exact solver from SHALLOW empty squares down: no table, no move
 * generation.  The empty squares are kept in static priority order and those
 * in quadrants with an odd number of empties are tried first (parity, as in
 * Edax's NWS_shallow and solve_4, by Richard Delorme); the last four, three,
 * two and one squares have unrolled code.  reversi.engine.endgame._shallow and
 * reversi.engine.lastsquares, step for step. */
#include <string.h>
#include "solver.h"

static const int PRIORITY[64] = {
    0, 7, 56, 63, 2, 5, 16, 23, 40, 47, 58, 61, 3, 4, 24, 31, 32, 39, 59, 60,
    18, 21, 42, 45, 19, 20, 26, 29, 34, 37, 43, 44, 11, 12, 25, 30, 33, 38, 51, 52,
    10, 13, 17, 22, 41, 46, 50, 53, 1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54,
    27, 28, 35, 36};
int RANK[64];
int QUADRANT[64];

static int last(const rn_solver *s, u64 p, u64 o, int x) {
    int n = popcount(flips(p, o, x)), score;
    if (n) score = 2 * (popcount(p) + n) - 62;
    else if ((n = popcount(flips(o, p, x)))) score = 2 * (popcount(p) - n) - 64;
    else score = 2 * popcount(p) - 63;
    return s->sign < 0 ? -score : score;
}

static int solve2(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2) {
    s->nodes++;
    u64 f = flips(p, o, x1);
    int best, v;
    if (f) {
        best = -last(s, o ^ f, p | f | 1ULL << x1, x2);
        if (best > alpha) return best;
        f = flips(p, o, x2);
        if (f) {
            v = -last(s, o ^ f, p | f | 1ULL << x2, x1);
            if (v > best) return v;
        }
        return best;
    }
    f = flips(p, o, x2);
    if (f) return -last(s, o ^ f, p | f | 1ULL << x2, x1);
    f = flips(o, p, x1);
    if (f) {
        best = last(s, p ^ f, o | f | 1ULL << x1, x2);
        if (best <= alpha) return best;
        f = flips(o, p, x2);
        if (f) {
            v = last(s, p ^ f, o | f | 1ULL << x2, x1);
            if (v < best) return v;
        }
        return best;
    }
    f = flips(o, p, x2);
    if (f) return last(s, p ^ f, o | f | 1ULL << x2, x1);
    return final_int(s, p, o);
}

static int solve3(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2, int x3) {
    s->nodes++;
    int best = -SINF, v;
    u64 f = flips(p, o, x1);
    if (f) {
        best = -solve2(s, o ^ f, p | f | 1ULL << x1, -alpha - 1, x2, x3);
        if (best > alpha) return best;
    }
    f = flips(p, o, x2);
    if (f) {
        v = -solve2(s, o ^ f, p | f | 1ULL << x2, -alpha - 1, x1, x3);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips(p, o, x3);
    if (f) {
        v = -solve2(s, o ^ f, p | f | 1ULL << x3, -alpha - 1, x1, x2);
        if (v > best) return v;
    }
    if (best > -SINF) return best;
    if (flips(o, p, x1) || flips(o, p, x2) || flips(o, p, x3))
        return -solve3(s, o, p, -alpha - 1, x1, x2, x3);
    return final_int(s, p, o);
}

static int solve4(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2, int x3, int x4) {
    s->nodes++;
    int best = -SINF, v;
    u64 f = flips(p, o, x1);
    if (f) {
        best = -solve3(s, o ^ f, p | f | 1ULL << x1, -alpha - 1, x2, x3, x4);
        if (best > alpha) return best;
    }
    f = flips(p, o, x2);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x2, -alpha - 1, x1, x3, x4);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips(p, o, x3);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x3, -alpha - 1, x1, x2, x4);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips(p, o, x4);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x4, -alpha - 1, x1, x2, x3);
        if (v > best) return v;
    }
    if (best > -SINF) return best;
    if (flips(o, p, x1) || flips(o, p, x2) || flips(o, p, x3) || flips(o, p, x4))
        return -solve4(s, o, p, -alpha - 1, x1, x2, x3, x4);
    return final_int(s, p, o);
}

/* Writes the empty squares of (p | o) in priority order; returns how many. */
static int empties_of(u64 filled, int *out) {
    int n = 0;
    for (int i = 0; i < 64; i++)
        if (!(filled >> PRIORITY[i] & 1)) out[n++] = PRIORITY[i];
    return n;
}

static int parity_of(const int *empties, int n) {
    int parity = 0;
    for (int i = 0; i < n; i++) parity ^= QUADRANT[empties[i]];
    return parity;
}

/* Copies empties with those in odd quadrants first, else in the same order. */
static void odd_first(const int *empties, int n, int parity, int *out) {
    if (parity > 0 && parity < 15) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (parity & QUADRANT[empties[i]]) out[k++] = empties[i];
        for (int i = 0; i < n; i++)
            if (!(parity & QUADRANT[empties[i]])) out[k++] = empties[i];
    } else {
        memcpy(out, empties, n * sizeof(int));
    }
}

/* Returns the stability cutoff's bound when it refutes alpha (the mover's score is at
 * most 64 - 2 * the stable discs against it), else SINF (Solver._search's test: only
 * tried when the opponent's edge discs are enough to cut). */
static inline int edge_cut(const rn_solver *s, u64 p, u64 o, int alpha) {
    u64 q = s->sign > 0 ? o : p;
    if (!s->stability || 64 - 2 * popcount(q & 0xFF818181818181FFULL) > alpha) return SINF;
    int bound = 64 - 2 * popcount(stable_edges(q, s->sign > 0 ? p : o));
    return bound <= alpha ? bound : SINF;
}

static int shallow(rn_solver *s, u64 p, u64 o, int alpha, const int *empties, int n, int parity) {
    s->nodes++;
    int cut = edge_cut(s, p, o, alpha);
    if (cut != SINF) return cut;
    int best = -SINF, order[64], rest[64];
    odd_first(empties, n, parity, order);
    for (int i = 0; i < n; i++) {
        int sq = order[i];
        u64 f = flips(p, o, sq);
        if (!f) continue;
        int k = 0;
        for (int j = 0; j < n; j++)
            if (empties[j] != sq) rest[k++] = empties[j];
        int v, next = parity ^ QUADRANT[sq];
        if (k == 4) {
            int x[4];
            odd_first(rest, 4, next, x);
            v = -solve4(s, o ^ f, p | f | 1ULL << sq, -alpha - 1, x[0], x[1], x[2], x[3]);
        } else {
            v = -shallow(s, o ^ f, p | f | 1ULL << sq, -alpha - 1, rest, k, next);
        }
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    if (best > -SINF) return best;
    if (rn_moves(o, p)) return -shallow(s, o, p, -alpha - 1, empties, n, parity);
    return final_int(s, p, o);
}

int solve_shallow(rn_solver *s, u64 p, u64 o, int alpha, int n) {
    int empties[64];
    int k = empties_of(p | o, empties);
    if (n >= 5) return shallow(s, p, o, alpha, empties, k, parity_of(empties, k));
    if (n == 4) return solve4(s, p, o, alpha, empties[0], empties[1], empties[2], empties[3]);
    if (n == 3) return solve3(s, p, o, alpha, empties[0], empties[1], empties[2]);
    if (n == 2) return solve2(s, p, o, alpha, empties[0], empties[1]);
    if (n == 1) return last(s, p, o, empties[0]);
    return final_int(s, p, o);
}

__attribute__((constructor)) static void init_orders(void) {
    for (int i = 0; i < 64; i++) RANK[PRIORITY[i]] = i;
    for (int s = 0; s < 64; s++) QUADRANT[s] = 1 << ((s >> 5) * 2 + ((s & 7) >> 2));
}
