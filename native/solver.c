/* The exact solver above SHALLOW empty squares: reversi.engine.endgame.Solver._search
 * in C (the same scores; its own table and orderings, so not the same nodes).
 * Negamax alpha-beta with a null window, fail-soft, in the layout of Edax's
 * endgame.c (Richard Delorme): stability cutoff, a table of bounds, the table's
 * move first, enhanced transposition cutoff, then the other moves best first. */
#include <stdlib.h>
#include <string.h>
#include "solver.h"

/* Moves leaving this many empty squares or more are ordered by evaluation too. */
#ifndef EVAL_ORDER
#define EVAL_ORDER 11
#endif
/* ... and from this many, by a one-ply search's evaluation. */
#ifndef SEARCH_ORDER
#define SEARCH_ORDER 14
#endif
/* Discs a reply of the opponent costs in those orderings. */
#ifndef MOBILITY_WEIGHT
#define MOBILITY_WEIGHT 3.0
#endif
/* Children with this many empty squares or more are looked up for a cutoff first. */
#ifndef ETC_FROM
#define ETC_FROM 8
#endif
/* The table's slots (24 bytes each): 6 MB (more cost more than they save: cache
 * misses and page faults; 20 bits: 5 % more time at 20 empties, 22: 35 %). */
#ifndef TABLE_BITS
#define TABLE_BITS 18
#endif
/* Positions with at most SMALL_MAX empties have their own table of 2^SMALL_BITS
 * slots (768 kB, in the level-2 cache): 2 % less time at 20 empties and per game
 * than sharing the big one (2^16 slots: the same; 8 empties too: the same). */
#ifndef SMALL_MAX
#define SMALL_MAX 7
#endif
#ifndef SMALL_BITS
#define SMALL_BITS 15
#endif

rn_solver *rn_solver_new(const rn_eval *eval, int sign, int stability) {
    rn_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->eval = eval;
    s->sign = sign;
    s->stability = stability;
    s->deadline = -1;
    s->mask = ((size_t)1 << TABLE_BITS) - 1;
    s->slots = calloc(s->mask + 1, sizeof(slot));
    if (!s->slots) { free(s); return NULL; }
    s->small = calloc((size_t)1 << SMALL_BITS, sizeof(slot));
    if (!s->small) { free(s->slots); free(s); return NULL; }
    return s;
}

void rn_solver_free(rn_solver *s) {
    if (!s) return;
    free(s->slots);
    free(s->small);
    free(s);
}

void rn_solver_limits(rn_solver *s, double deadline) { s->deadline = deadline; }
int64_t rn_solver_nodes(const rn_solver *s) { return s->nodes; }
void rn_solver_set_nodes(rn_solver *s, int64_t nodes) { s->nodes = nodes; }

/* -- the tables: pairs of slots, the first keeping the position with the most
 * empties (the costliest to find again), the second the latest other one; n is the
 * position's empty squares ------------------------------------------------------- */

static inline slot *pair_of(const rn_solver *s, u64 p, u64 o, int n) {
    if (n <= SMALL_MAX) return &s->small[slot_of(p, o, (size_t)1 << SMALL_BITS) & ~(size_t)1];
    return &s->slots[slot_of(p, o, s->mask + 1) & ~(size_t)1];
}

static inline slot *probe(const rn_solver *s, u64 p, u64 o, int n) {
    slot *e = pair_of(s, p, o, n);
    if (e[0].p == p && e[0].o == o) return &e[0];
    if (e[1].p == p && e[1].o == o) return &e[1];
    return NULL;
}

static void store(rn_solver *s, u64 p, u64 o, int lo, int hi, int move, int n) {
    slot *e = pair_of(s, p, o, n + 1), *to;
    if (e[0].p == p && e[0].o == o) to = &e[0];
    else if (e[1].p == p && e[1].o == o) to = &e[1];
    else if (n >= e[0].n || !(e[0].p | e[0].o)) { e[1] = e[0]; to = &e[0]; }
    else to = &e[1];
    *to = (slot){p, o, (int8_t)lo, (int8_t)hi, (int8_t)move, (int8_t)n};
}

/* Writes the table's bounds on the score of (p, o), its mover's; returns 0 when the
 * table does not hold it (for the first guess of a later solve with the same table). */
int rn_solver_bounds(const rn_solver *s, u64 p, u64 o, int *lo, int *hi) {
    const slot *e = probe(s, p, o, 64 - popcount(p | o));
    if (!e) return 0;
    *lo = e->lo;
    *hi = e->hi;
    return 1;
}

/* -- stability cutoff (R5: discs that can never be flipped bound the score) ---- */

/* Returns the bound 64 - 2 * (q's stable discs) on the score of q's opponent when it
 * is at most alpha, else SINF; looked up only when q's discs could allow it, the
 * inner stable discs only when the edge ones do not (endgame.stability_bound). */
static inline int stability_cut(const rn_solver *s, u64 p, u64 o, int alpha) {
    u64 q = s->sign > 0 ? o : p, r = s->sign > 0 ? p : o;
    if (!s->stability || 64 - 2 * popcount(q) > alpha) return SINF;
    u64 stable = stable_edges(q, r);
    if (64 - 2 * popcount(stable) > alpha && alpha >= 64 - 2 * popcount(stable | (q & 0x007E7E7E7E7E7E00ULL)))
        stable = stable_discs(q, r);
    int bound = 64 - 2 * popcount(stable);
    return bound <= alpha ? bound : SINF;
}

/* -- move ordering ------------------------------------------------------------ */

typedef struct {
    double key;
    int sq;
    u64 p, o, moves;
} child;

/* Returns the evaluation for p after its best reply among moves (one ply), or of
 * p's own position when it has none (endgame.Solver._reply_value). */
static double reply_value(const rn_solver *s, u64 p, u64 o, u64 moves) {
    if (!moves) return rn_evaluate(s->eval, p, o);
    double best = -SINF * 64.0;
    while (moves) {
        int sq = __builtin_ctzll(moves);
        u64 b = moves & (0 - moves), f = flips_fast(p, o, sq);
        moves ^= b;
        double v = -rn_evaluate(s->eval, o ^ f, p | f | b);
        if (v > best) best = v;
    }
    return best;
}

/* Fills the children of moves leaving n empties, best first (endgame.Solver._children):
 * fewest replies for the opponent (corners twice), then from EVAL_ORDER the
 * evaluation after the move, from SEARCH_ORDER a one-ply search's. */
static int children_of(const rn_solver *s, u64 p, u64 o, u64 moves, int n, child *out) {
    int count = 0, odd = 0;
    for (u64 e = ~(p | o); e; e &= e - 1) odd ^= QUADRANT[__builtin_ctzll(e)];
    while (moves) {
        int sq = __builtin_ctzll(moves);
        u64 b = moves & (0 - moves);
        moves ^= b;
        u64 f = flips_fast(p, o, sq);
        child c = {0, sq, o ^ f, p | f | b, 0};
        if (n > SHALLOW) __builtin_prefetch(pair_of(s, c.p, c.o, n)); /* for ETC and its search */
        c.moves = moves_fast(c.p, c.o);
        int replies = popcount(c.moves) + popcount(c.moves & CORNERS);
        if (n >= SEARCH_ORDER) c.key = replies * MOBILITY_WEIGHT + reply_value(s, c.p, c.o, c.moves);
        else if (n >= EVAL_ORDER) c.key = replies * MOBILITY_WEIGHT + rn_evaluate(s->eval, c.p, c.o);
        else c.key = (double)((replies << 7) + (odd & QUADRANT[sq] ? 0 : 64) + RANK[sq]);
        int i = count++;
        while (i > 0 && (out[i - 1].key > c.key || (out[i - 1].key == c.key && out[i - 1].sq > sq))) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = c;
    }
    return count;
}

/* -- the search --------------------------------------------------------------- */

static int search(rn_solver *s, u64 p, u64 o, int alpha, int n, u64 moves);

/* Returns the null-window score of a child with n empties. */
static inline int child_value(rn_solver *s, u64 p, u64 o, int alpha, int n, u64 moves) {
    return n > SHALLOW ? search(s, p, o, alpha, n, moves) : solve_shallow(s, p, o, alpha, n);
}

#ifdef STATS
long long HIST[64];
long long *rn_hist(void) { return HIST; }
#endif
static int search(rn_solver *s, u64 p, u64 o, int alpha, int n, u64 moves) {
    s->nodes++; COUNT(n);
    if (s->deadline >= 0 && !(s->nodes & 1023) && now() >= s->deadline) longjmp(s->stop, 1);
    int cut = stability_cut(s, p, o, alpha);
    if (cut != SINF) return cut;
    const slot *e = probe(s, p, o, n);
    int tt_move = -1, lo = -SINF, hi = SINF;
    if (e) {
        lo = e->lo;
        hi = e->hi;
        tt_move = e->move;
        if (lo > alpha) return lo;
        if (hi <= alpha) return hi;
    }
    if (!moves) {
        u64 replies = moves_fast(o, p);
        if (replies) return -search(s, o, p, -alpha - 1, n, replies);
        return final_int(s, p, o);
    }
    n -= 1;
    int best = -SINF, best_move = -1;
    if (tt_move >= 0 && (moves >> tt_move & 1)) {
        /* The table's move first, alone: when it refutes, no other child is made. */
        u64 b = 1ULL << tt_move, f = flips_fast(p, o, tt_move);
        u64 cp = o ^ f, co = p | f | b;
        best = -child_value(s, cp, co, -alpha - 1, n, moves_fast(cp, co));
        best_move = tt_move;
        moves ^= b;
    }
    if (best <= alpha && moves) {
        child children[32];
        int count = children_of(s, p, o, moves, n, children);
        if (n >= ETC_FROM) {
            /* Enhanced transposition cutoff: a child the table knows to refute. */
            for (int i = 0; i < count; i++) {
                const slot *known = probe(s, children[i].p, children[i].o, n);
                if (known && -known->hi > alpha) {
                    best = -known->hi;
                    best_move = children[i].sq;
                    count = 0;
                    break;
                }
            }
        }
        for (int i = 0; i < count; i++) {
            const child *c = &children[i];
            int v = -child_value(s, c->p, c->o, -alpha - 1, n, c->moves);
            if (v > best) {
                best = v;
                best_move = c->sq;
                if (v > alpha) break;
            }
        }
    }
    if (best > alpha) store(s, p, o, best, hi, best_move, n);
    else store(s, p, o, lo, best, best_move, n);
    return best;
}

/* Returns 0 and the null-window score in *out, or 1 when the deadline stopped it. */
int rn_solver_value(rn_solver *s, u64 p, u64 o, int alpha, int n, int *out) {
    if (setjmp(s->stop)) return 1;
    *out = n > SHALLOW ? search(s, p, o, alpha, n, moves_fast(p, o)) : solve_shallow(s, p, o, alpha, n);
    return 0;
}

