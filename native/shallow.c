/* The exact solver from SHALLOW empty squares down: no table, no move
 * generation.  The empty squares are kept in static priority order and those
 * in quadrants with an odd number of empties are tried first (parity, as in
 * Edax's NWS_shallow and solve_4, by Richard Delorme); the last four, three,
 * two and one squares have unrolled code.  reversi.engine.endgame._shallow and
 * reversi.engine.lastsquares, step for step. */
#include <stdlib.h>
#include <string.h>
#include "solver.h"

static const int PRIORITY[64] = {
    0, 7, 56, 63, 2, 5, 16, 23, 40, 47, 58, 61, 3, 4, 24, 31, 32, 39, 59, 60,
    18, 21, 42, 45, 19, 20, 26, 29, 34, 37, 43, 44, 11, 12, 25, 30, 33, 38, 51, 52,
    10, 13, 17, 22, 41, 46, 50, 53, 1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54,
    27, 28, 35, 36};
int RANK[64];
int QUADRANT[64];

#ifdef __BMI2__
/* The last square's flips, counted without making them (as Edax's count_last_flip):
 * per square, its four lines, its place in each, and per place and line of the
 * mover's discs (the board being full but for the square) the discs flipped. */
static u64 LINE[64][4];
static uint8_t PLACE[64][4];
static uint8_t FLIPPED[8][256];

static inline int last_flips(u64 p, int x) {
    int n = 0;
    for (int d = 0; d < 4; d++) n += FLIPPED[PLACE[x][d]][_pext_u64(p, LINE[x][d])];
    return n;
}

/* Returns how many discs a placement on x of a full line of 8 flips, the mover
 * owning the set bits of line, the opponent the others (but x). */
static int line_flips(int line, int x) {
    int n = 0;
    for (int step = -1; step <= 1; step += 2) {
        int run = 0, y = x + step;
        while (y >= 0 && y < 8 && !(line >> y & 1)) { run++; y += step; }
        if (y >= 0 && y < 8) n += run;
    }
    return n;
}

static void init_last(void) {
    static const int DX[4] = {1, 0, 1, -1}, DY[4] = {0, 1, 1, 1};
    for (int sq = 0; sq < 64; sq++)
        for (int d = 0; d < 4; d++) {
            int x = sq & 7, y = sq >> 3;
            while (x - DX[d] >= 0 && x - DX[d] < 8 && y - DY[d] >= 0) { x -= DX[d]; y -= DY[d]; }
            int k = 0;
            for (; x >= 0 && x < 8 && y < 8; x += DX[d], y += DY[d], k++) {
                if (y * 8 + x == sq) PLACE[sq][d] = (uint8_t)k;
                LINE[sq][d] |= 1ULL << (y * 8 + x);
            }
        }
    for (int k = 0; k < 8; k++)
        for (int line = 0; line < 256; line++) FLIPPED[k][line] = (uint8_t)line_flips(line, k);
}

/* Returns the score of p's placement on x, the last empty square (or the
 * opponent's, when p cannot place there). */
static int last(const rn_solver *s, u64 p, u64 o, int x) {
    (void)o;
    int n = last_flips(p, x), score;
    if (n) score = 2 * (popcount(p) + n) - 62;
    else if ((n = last_flips(~p & ~(1ULL << x), x))) score = 2 * (popcount(p) - n) - 64;
    else score = 2 * popcount(p) - 63;
    return s->sign < 0 ? -score : score;
}
#else
static void init_last(void) {}

static int last(const rn_solver *s, u64 p, u64 o, int x) {
    int n = popcount(flips_fast(p, o, x)), score;
    if (n) score = 2 * (popcount(p) + n) - 62;
    else if ((n = popcount(flips_fast(o, p, x)))) score = 2 * (popcount(p) - n) - 64;
    else score = 2 * popcount(p) - 63;
    return s->sign < 0 ? -score : score;
}
#endif

static int solve2(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2) {
    s->nodes++; COUNT(2);
    u64 f = flips_fast(p, o, x1);
    int best, v;
    if (f) {
        best = -last(s, o ^ f, p | f | 1ULL << x1, x2);
        if (best > alpha) return best;
        f = flips_fast(p, o, x2);
        if (f) {
            v = -last(s, o ^ f, p | f | 1ULL << x2, x1);
            if (v > best) return v;
        }
        return best;
    }
    f = flips_fast(p, o, x2);
    if (f) return -last(s, o ^ f, p | f | 1ULL << x2, x1);
    f = flips_fast(o, p, x1);
    if (f) {
        best = last(s, p ^ f, o | f | 1ULL << x1, x2);
        if (best <= alpha) return best;
        f = flips_fast(o, p, x2);
        if (f) {
            v = last(s, p ^ f, o | f | 1ULL << x2, x1);
            if (v < best) return v;
        }
        return best;
    }
    f = flips_fast(o, p, x2);
    if (f) return last(s, p ^ f, o | f | 1ULL << x2, x1);
    return final_int(s, p, o);
}

static int solve3(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2, int x3) {
    s->nodes++; COUNT(3);
    /* The square alone in its quadrant first (parity, as Edax's search_solve_3). */
    if (QUADRANT[x1] == QUADRANT[x2]) {
        if (QUADRANT[x1] != QUADRANT[x3]) { int t = x3; x3 = x2; x2 = x1; x1 = t; }
    } else if (QUADRANT[x1] == QUADRANT[x3]) { int t = x2; x2 = x1; x1 = t; }
    int best = -SINF, v;
    u64 f = flips_fast(p, o, x1);
    if (f) {
        best = -solve2(s, o ^ f, p | f | 1ULL << x1, -alpha - 1, x2, x3);
        if (best > alpha) return best;
    }
    f = flips_fast(p, o, x2);
    if (f) {
        v = -solve2(s, o ^ f, p | f | 1ULL << x2, -alpha - 1, x1, x3);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips_fast(p, o, x3);
    if (f) {
        v = -solve2(s, o ^ f, p | f | 1ULL << x3, -alpha - 1, x1, x2);
        if (v > best) return v;
    }
    if (best > -SINF) return best;
    if (flips_fast(o, p, x1) || flips_fast(o, p, x2) || flips_fast(o, p, x3))
        return -solve3(s, o, p, -alpha - 1, x1, x2, x3);
    return final_int(s, p, o);
}

static int solve4(rn_solver *s, u64 p, u64 o, int alpha, int x1, int x2, int x3, int x4) {
    s->nodes++; COUNT(4);
    int best = -SINF, v;
    u64 f = flips_fast(p, o, x1);
    if (f) {
        best = -solve3(s, o ^ f, p | f | 1ULL << x1, -alpha - 1, x2, x3, x4);
        if (best > alpha) return best;
    }
    f = flips_fast(p, o, x2);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x2, -alpha - 1, x1, x3, x4);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips_fast(p, o, x3);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x3, -alpha - 1, x1, x2, x4);
        if (v > best) {
            if (v > alpha) return v;
            best = v;
        }
    }
    f = flips_fast(p, o, x4);
    if (f) {
        v = -solve3(s, o ^ f, p | f | 1ULL << x4, -alpha - 1, x1, x2, x3);
        if (v > best) return v;
    }
    if (best > -SINF) return best;
    if (flips_fast(o, p, x1) || flips_fast(o, p, x2) || flips_fast(o, p, x3) || flips_fast(o, p, x4))
        return -solve4(s, o, p, -alpha - 1, x1, x2, x3, x4);
    return final_int(s, p, o);
}

/* PRIORITY's groups of squares (corners, A, B, ... C, X squares, the centre): each
 * group's squares are in increasing order there, so the bits of a group come out
 * in PRIORITY's order. */
static const u64 GROUP[] = {
    0x8100000000000081ULL, 0x2400810000810024ULL, 0x1800008181000018ULL, 0x0000240000240000ULL,
    0x0000182424180000ULL, 0x0018004242001800ULL, 0x0024420000422400ULL, 0x4281000000008142ULL,
    0x0042000000004200ULL, 0x0000001818000000ULL};

/* Writes the empty squares of (p | o) in priority order; returns how many. */
static int empties_of(u64 filled, int *out) {
    int n = 0;
    for (int g = 0; g < (int)(sizeof GROUP / sizeof GROUP[0]); g++)
        for (u64 m = GROUP[g] & ~filled; m; m &= m - 1) out[n++] = __builtin_ctzll(m);
    return n;
}

static int parity_of(const int *empties, int n) {
    int parity = 0;
    for (int i = 0; i < n; i++) parity ^= QUADRANT[empties[i]];
    return parity;
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

/* The empty squares as a list linked by square (Edax's SquareList): 64 is its head.
 * A move takes its square out and puts it back after, copying nothing. */
typedef struct {
    uint8_t next[65], prev[65];
} square_list;

/* Returns the null-window score with the n >= 5 empty squares of list left, those in
 * quadrants of parity (the odd ones) first, each part in priority order. */
static int shallow(rn_solver *s, square_list *list, u64 p, u64 o, int alpha, int n, int parity) {
    s->nodes++; COUNT(n);
    int cut = edge_cut(s, p, o, alpha);
    if (cut != SINF) return cut;
    int best = -SINF;
    for (int pass = 0; pass < 2; pass++)
        for (int sq = list->next[64]; sq != 64; sq = list->next[sq]) {
            if ((QUADRANT[sq] & parity ? 0 : 1) != pass) continue;
            u64 f = flips_fast(p, o, sq);
            if (!f) continue;
            int before = list->prev[sq], after = list->next[sq], v, next = parity ^ QUADRANT[sq];
            list->next[before] = (uint8_t)after;
            list->prev[after] = (uint8_t)before;
            if (n == 5) {
                int x[4], k = 0;
                for (int odd = 1; odd >= 0; odd--)
                    for (int y = list->next[64]; y != 64; y = list->next[y])
                        if ((QUADRANT[y] & next ? 1 : 0) == odd) x[k++] = y;
                v = -solve4(s, o ^ f, p | f | 1ULL << sq, -alpha - 1, x[0], x[1], x[2], x[3]);
            } else {
                v = -shallow(s, list, o ^ f, p | f | 1ULL << sq, -alpha - 1, n - 1, next);
            }
            list->next[before] = (uint8_t)sq;
            list->prev[after] = (uint8_t)sq;
            if (v > best) {
                if (v > alpha) return v;
                best = v;
            }
        }
    if (best > -SINF) return best;
    if (moves_fast(o, p)) return -shallow(s, list, o, p, -alpha - 1, n, parity);
    return final_int(s, p, o);
}

int solve_shallow(rn_solver *s, u64 p, u64 o, int alpha, int n) {
    int empties[64];
    int k = empties_of(p | o, empties);
    if (n >= 5) {
        square_list list;
        int prev = 64;
        for (int i = 0; i < k; i++) {
            list.next[prev] = (uint8_t)empties[i];
            list.prev[empties[i]] = (uint8_t)prev;
            prev = empties[i];
        }
        list.next[prev] = 64;
        list.prev[64] = (uint8_t)prev;
        return shallow(s, &list, p, o, alpha, k, parity_of(empties, k));
    }
    if (n == 4) return solve4(s, p, o, alpha, empties[0], empties[1], empties[2], empties[3]);
    if (n == 3) return solve3(s, p, o, alpha, empties[0], empties[1], empties[2]);
    if (n == 2) return solve2(s, p, o, alpha, empties[0], empties[1]);
    if (n == 1) return last(s, p, o, empties[0]);
    return final_int(s, p, o);
}

__attribute__((constructor)) static void init_orders(void) {
    for (int i = 0; i < 64; i++) RANK[PRIORITY[i]] = i;
    for (int s = 0; s < 64; s++) QUADRANT[s] = 1 << ((s >> 5) * 2 + ((s & 7) >> 2));
    init_last();
    int check[64];
    if (empties_of(0, check) != 64 || memcmp(check, PRIORITY, sizeof check)) abort();
}
