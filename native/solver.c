/* The exact solver: reversi.engine.endgame.Solver._value (with _search, _children,
 * _shallow, the last four squares of lastsquares.py and _prune), step for step,
 * so the scores, moves and node counts are the same. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

#define SHALLOW 7
#define TABLE_LIMIT (1 << 17)
#define EVAL_ORDER 13
#define MOBILITY_WEIGHT 3.0
#define SINF 65

static const int PRIORITY[64] = {
    0, 7, 56, 63, 2, 5, 16, 23, 40, 47, 58, 61, 3, 4, 24, 31, 32, 39, 59, 60,
    18, 21, 42, 45, 19, 20, 26, 29, 34, 37, 43, 44, 11, 12, 25, 30, 33, 38, 51, 52,
    10, 13, 17, 22, 41, 46, 50, 53, 1, 6, 8, 15, 48, 55, 57, 62, 9, 14, 49, 54,
    27, 28, 35, 36};
static int RANK[64];
static int QUADRANT[64];

typedef struct {
    const rn_eval *eval;
    int sign;
    int stability; /* endgame.STABILITY: the stability cutoff is tried */
    int64_t nodes;
    double deadline;
    table tt;
    jmp_buf stop;
} rn_solver;

rn_solver *rn_solver_new(const rn_eval *eval, int sign, int stability) {
    rn_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->eval = eval;
    s->sign = sign;
    s->stability = stability;
    s->deadline = -1;
    if (!table_init(&s->tt, 1 << 12)) { free(s); return NULL; }
    return s;
}

void rn_solver_free(rn_solver *s) {
    if (!s) return;
    free(s->tt.slots);
    free(s);
}

void rn_solver_limits(rn_solver *s, double deadline) { s->deadline = deadline; }
int64_t rn_solver_nodes(const rn_solver *s) { return s->nodes; }
void rn_solver_set_nodes(rn_solver *s, int64_t nodes) { s->nodes = nodes; }

static inline int final_int(const rn_solver *s, u64 p, u64 o) {
    return s->sign * (popcount(p) - popcount(o));
}

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
static inline int stability_cut(const rn_solver *s, u64 p, u64 o, int alpha) {
    u64 q = s->sign > 0 ? o : p;
    if (!s->stability || 64 - 2 * popcount(q & 0xFF818181818181FFULL) > alpha) return SINF;
    int bound = 64 - 2 * popcount(stable_edges(q, s->sign > 0 ? p : o));
    return bound <= alpha ? bound : SINF;
}

static int shallow(rn_solver *s, u64 p, u64 o, int alpha, const int *empties, int n, int parity) {
    s->nodes++;
    int cut = stability_cut(s, p, o, alpha);
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

typedef struct {
    double key;
    int sq;
    u64 p, o, moves;
} child;

/* Fills the children of moves leaving n empties, best first (Solver._children). */
static int children_of(const rn_solver *s, u64 p, u64 o, u64 moves, int tt_move, int n,
                       child *out) {
    int count = 0;
    while (moves) {
        int sq = __builtin_ctzll(moves);
        u64 b = moves & (0 - moves);
        moves ^= b;
        u64 f = flips(p, o, sq);
        child c = {0, sq, o ^ f, p | f | b, 0};
        c.moves = rn_moves(c.p, c.o);
        int replies = popcount(c.moves) + popcount(c.moves & CORNERS);
        if (sq == tt_move) c.key = -SINF * 64;
        else if (n >= EVAL_ORDER) c.key = replies * MOBILITY_WEIGHT + rn_evaluate(s->eval, c.p, c.o);
        else c.key = (double)((replies << 6) + RANK[sq]);
        int i = count++;
        while (i > 0 && (out[i - 1].key > c.key || (out[i - 1].key == c.key && out[i - 1].sq > sq))) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = c;
    }
    return count;
}

static void prune(rn_solver *s) {
    size_t counts[64] = {0}, kept = 0;
    for (size_t i = 0; i < s->tt.size; i++)
        if (s->tt.slots[i].used) counts[s->tt.slots[i].n]++;
    int cut = 63;
    while (kept + counts[cut] <= TABLE_LIMIT / 2) kept += counts[cut--];
    table fresh;
    if (!table_init(&fresh, s->tt.size)) abort();
    for (size_t i = 0; i < s->tt.size; i++)
        if (s->tt.slots[i].used && s->tt.slots[i].n > cut)
            *table_put(&fresh, s->tt.slots[i].p, s->tt.slots[i].o) = s->tt.slots[i];
    free(s->tt.slots);
    s->tt = fresh;
}

static int search(rn_solver *s, u64 p, u64 o, int alpha, int n, u64 moves) {
    s->nodes++;
    if (s->deadline >= 0 && !(s->nodes & 1023) && now() >= s->deadline) longjmp(s->stop, 1);
    int cut = stability_cut(s, p, o, alpha);
    if (cut != SINF) return cut;
    entry *e = table_find(&s->tt, p, o);
    int tt_move = -1, found = e != NULL, lo = -SINF, hi = SINF;
    if (found) {
        lo = e->a;
        hi = e->b;
        tt_move = e->move;
        if (lo > alpha) return lo;
        if (hi <= alpha) return hi;
    }
    if (!moves) {
        u64 replies = rn_moves(o, p);
        if (replies) return -search(s, o, p, -alpha - 1, n, replies);
        return final_int(s, p, o);
    }
    n -= 1;
    child children[32];
    int count = children_of(s, p, o, moves, tt_move, n, children);
    int best = -SINF, best_move = -1;
    if (n > SHALLOW) {
        for (int i = 0; i < count; i++) {
            entry *known = table_find(&s->tt, children[i].p, children[i].o);
            if (known && -known->b > alpha) {
                best = -known->b;
                best_move = children[i].sq;
                break;
            }
        }
    }
    if (best <= alpha) {
        for (int i = 0; i < count; i++) {
            const child *c = &children[i];
            int v;
            if (n > SHALLOW) {
                v = -search(s, c->p, c->o, -alpha - 1, n, c->moves);
            } else {
                int empties[64];
                int k = empties_of(c->p | c->o, empties);
                v = -shallow(s, c->p, c->o, -alpha - 1, empties, k, parity_of(empties, k));
            }
            if (v > best) {
                best = v;
                best_move = c->sq;
                if (v > alpha) break;
            }
        }
    }
    int new_lo, new_hi;
    if (best > alpha) {
        new_lo = best;
        new_hi = found ? hi : SINF;
    } else {
        new_lo = found ? lo : -SINF;
        new_hi = best;
    }
    if (s->tt.count >= TABLE_LIMIT) prune(s);
    e = table_put(&s->tt, p, o);
    e->a = new_lo;
    e->b = new_hi;
    e->move = (int16_t)best_move;
    e->n = (int16_t)n;
    return best;
}

static int value(rn_solver *s, u64 p, u64 o, int alpha, int n) {
    if (n > SHALLOW) return search(s, p, o, alpha, n, rn_moves(p, o));
    int empties[64];
    int k = empties_of(p | o, empties);
    if (n >= 5) return shallow(s, p, o, alpha, empties, k, parity_of(empties, k));
    if (n == 4) return solve4(s, p, o, alpha, empties[0], empties[1], empties[2], empties[3]);
    if (n == 3) return solve3(s, p, o, alpha, empties[0], empties[1], empties[2]);
    if (n == 2) return solve2(s, p, o, alpha, empties[0], empties[1]);
    if (n == 1) return last(s, p, o, empties[0]);
    return final_int(s, p, o);
}

/* Returns 0 and the null-window score in *out, or 1 when the deadline stopped it. */
int rn_solver_value(rn_solver *s, u64 p, u64 o, int alpha, int n, int *out) {
    if (setjmp(s->stop)) return 1;
    *out = value(s, p, o, alpha, n);
    return 0;
}

__attribute__((constructor)) static void init_orders(void) {
    for (int i = 0; i < 64; i++) RANK[PRIORITY[i]] = i;
    for (int s = 0; s < 64; s++) QUADRANT[s] = 1 << ((s >> 5) * 2 + ((s & 7) >> 2));
}
