/* The engine's hot loops in C, for the offline tools only (never the product):
 * the shared parts (the bitboard type, flips, the evaluation's data, the
 * position table, the clock) are declared here, the rest lives in moves.c,
 * evaluate.c, table.c, search.c, and the exact solver's solver.h, solver.c,
 * shallow.c and stability.c.
 *
 * Each function mirrors one of the pure-Python engine's, step for step, so
 * that both give the same answers (and the midgame searches the same node
 * counts; the exact solver the same scores, with its own table and orderings):
 *
 *   rn_moves, rn_flips        reversi.engine.bitboard moves_mask, flips_mask (R3)
 *   rn_perft                  reversi.engine.perft.perft
 *   rn_evaluate               reversi.engine.evaluate.Evaluator.evaluate
 *   rn_pvs                    reversi.engine.search.Search._pvs (and _frontier,
 *                             _ordered, the table, the history, ProbCut)
 *   rn_solver_value           reversi.engine.endgame.Solver._value (and _search,
 *                             _children, _shallow, the last four squares)
 *
 * The pattern evaluation is data-driven: Python hands over every instance's
 * squares (as a mask and a table from the mask's bits to the instance's base-3
 * digits) and the weights, so new pattern shapes need no C.  Floating-point
 * operations are done in the Python code's order (build with
 * -ffp-contract=off), so values are equal to the last unit.  The searches
 * stop on a node cap or a deadline (CLOCK_MONOTONIC, Python's perf_counter)
 * by a longjmp back to the entry point, leaving the table as Python's
 * exception leaves its dict.
 */
#ifndef REVERSI_ENGINE_H
#define REVERSI_ENGINE_H
#include <stddef.h>
#include <stdint.h>

typedef uint64_t u64;

#define CORNERS 0x8100000000000081ULL

static inline int popcount(u64 x) { return __builtin_popcountll(x); }

/* Per square and direction (0-3 towards higher squares, 4-7 lower), the squares
 * from it outwards; per square, its neighbours (moves.c). */
extern u64 RAY[64][8];
extern u64 NEIGHBOUR[64];

u64 rn_moves(u64 p, u64 o);

/* Returns the discs a placement of p on the empty square sq flips (R3). */
static inline u64 flips(u64 p, u64 o, int sq) {
    u64 f = 0, ray, stop, first;
    if (!(NEIGHBOUR[sq] & o)) return 0;
    for (int d = 0; d < 4; d++) {
        ray = RAY[sq][d];
        stop = ray & ~o;
        first = stop & (0 - stop);
        if (first & p) f |= ray & (first - 1);
    }
    for (int d = 4; d < 8; d++) {
        ray = RAY[sq][d];
        stop = ray & ~o;
        if (!stop) continue;
        first = 1ULL << (63 - __builtin_clzll(stop));
        if (first & p) f |= ray & ~((first << 1) - 1);
    }
    return f;
}

/* -- the pattern evaluation's data (evaluate.c) -------------------------------- */

typedef struct {
    const int16_t *numbers; /* stage after stage: every type's table, then extras */
    int stage_of[61];       /* empties -> stage */
    int width;              /* numbers a stage */
    double constant[128];   /* per stage, (even, odd) discs on the board */
    double scale;
    int sign;               /* -1 when the weights estimate anti-reversi results */
    int count;              /* instances */
    u64 *mask;              /* per instance: its squares */
    int *offset;            /* per instance: its type's table offset in a stage */
    const uint16_t **digits; /* per instance: mask bits (in square order) -> index */
} rn_eval;

double rn_evaluate(const rn_eval *e, u64 p, u64 o);

/* -- a table keyed by position, never losing an entry by itself (table.c) ------- */

typedef struct {
    u64 p, o;
    double value; /* search: the value */
    int32_t a, b; /* depth, bound */
    int16_t move, n; /* n: unused */
    int32_t used;
} entry;

typedef struct {
    entry *slots;
    size_t size, count; /* size: a power of two */
} table;

static inline size_t slot_of(u64 p, u64 o, size_t size) {
    u64 h = p * 0x9E3779B97F4A7C15ULL ^ (o + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
    return (size_t)h & (size - 1);
}

static inline entry *table_find(const table *t, u64 p, u64 o) {
    size_t i = slot_of(p, o, t->size);
    for (;;) {
        entry *e = &t->slots[i];
        if (!e->used) return NULL;
        if (e->p == p && e->o == o) return e;
        i = (i + 1) & (t->size - 1);
    }
}

int table_init(table *t, size_t size);
entry *table_put(table *t, u64 p, u64 o);

/* Returns q's discs on the four edges that can never be flipped (stability.c). */
u64 stable_edges(u64 q, u64 r);

/* Returns CLOCK_MONOTONIC's seconds: Python's time.perf_counter. */
double now(void);

#endif
