/* The engine's hot loops in C, for the offline tools only (never the product).
 *
 * Each function mirrors one of the pure-Python engine's, step for step, so
 * that both give the same answers (and the searches the same node counts):
 *
 *   rn_moves, rn_flips        reversi.engine.bitboard moves_mask, flips_mask (R3)
 *   rn_perft                  reversi.engine.perft.perft
 *   rn_evaluate               reversi.engine.evaluate.Evaluator.evaluate
 *   rn_pvs                    reversi.engine.search.Search._pvs (and _frontier,
 *                             _ordered, the table, the history, ProbCut)
 *   rn_solver_value           reversi.engine.endgame.Solver._value (and _search,
 *                             _children, _shallow, the last four squares, _prune)
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
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

typedef uint64_t u64;

#define CORNERS 0x8100000000000081ULL

static inline int popcount(u64 x) { return __builtin_popcountll(x); }

/* -- moves and flips (R3) -------------------------------------------------- */

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
static u64 RAY[64][8];
/* Per square, its neighbouring squares: without an opponent disc there, nothing flips. */
static u64 NEIGHBOUR[64];
/* Directions 0-3 run towards higher squares, 4-7 towards lower ones. */
static const int DC[8] = {1, 0, 1, -1, -1, 0, -1, 1};
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};

static void init_rays(void) {
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

/* -- the pattern evaluation ------------------------------------------------ */

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

rn_eval *rn_eval_new(const int16_t *numbers, const int *stage_of, int width,
                     const double *constant, int stages, double scale, int sign,
                     int count, const u64 *mask, const int *offset,
                     const uint16_t *digits, const int *digits_at) {
    rn_eval *e = calloc(1, sizeof *e);
    if (!e || stages > 64) { free(e); return NULL; }
    e->numbers = numbers;
    memcpy(e->stage_of, stage_of, sizeof e->stage_of);
    e->width = width;
    memcpy(e->constant, constant, 2 * stages * sizeof(double));
    e->scale = scale;
    e->sign = sign;
    e->count = count;
    e->mask = malloc(count * sizeof(u64));
    e->offset = malloc(count * sizeof(int));
    e->digits = malloc(count * sizeof(uint16_t *));
    for (int i = 0; i < count; i++) {
        e->mask[i] = mask[i];
        e->offset[i] = offset[i];
        e->digits[i] = digits + digits_at[i];
    }
    return e;
}

void rn_eval_free(rn_eval *e) {
    if (!e) return;
    free(e->mask);
    free(e->offset);
    free(e->digits);
    free(e);
}

static inline u64 pext(u64 x, u64 mask) {
#ifdef __BMI2__
    return _pext_u64(x, mask);
#else
    u64 out = 0;
    for (u64 bit = 1; mask; bit <<= 1) {
        u64 low = mask & (0 - mask);
        if (x & low) out |= bit;
        mask ^= low;
    }
    return out;
#endif
}

double rn_evaluate(const rn_eval *e, u64 p, u64 o) {
    int n = popcount(p | o);
    if (n == 64 || !p || !o) return (double)(e->sign * (popcount(p) - popcount(o)));
    int stage = e->stage_of[64 - n];
    const int16_t *w = e->numbers + (size_t)stage * e->width;
    long sum = 0;
    for (int i = 0; i < e->count; i++) {
        u64 m = e->mask[i];
        const uint16_t *d = e->digits[i];
        sum += w[e->offset[i] + d[pext(p, m)] + 2 * d[pext(o, m)]];
    }
    double value = (double)sum * e->scale + e->constant[2 * stage + (n & 1)];
    return value > 64.0 ? 64.0 : value < -64.0 ? -64.0 : value;
}

void rn_evaluate_many(const rn_eval *e, const u64 *p, const u64 *o, double *out, long count) {
    for (long i = 0; i < count; i++) out[i] = rn_evaluate(e, p[i], o[i]);
}

/* -- a hash table keyed by position, never losing an entry by itself -------- */

typedef struct {
    u64 p, o;
    double value; /* search: the value */
    int32_t a, b; /* search: depth, bound; solver: lower, upper bound */
    int16_t move, n; /* solver: n is the empties after the move */
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

static int table_init(table *t, size_t size) {
    t->slots = calloc(size, sizeof(entry));
    t->size = size;
    t->count = 0;
    return t->slots != NULL;
}

static entry *table_find(const table *t, u64 p, u64 o) {
    size_t i = slot_of(p, o, t->size);
    for (;;) {
        entry *e = &t->slots[i];
        if (!e->used) return NULL;
        if (e->p == p && e->o == o) return e;
        i = (i + 1) & (t->size - 1);
    }
}

static void table_grow(table *t);

/* Returns the entry of (p, o), a new zeroed one if it is not there. */
static entry *table_put(table *t, u64 p, u64 o) {
    if (2 * (t->count + 1) > t->size) table_grow(t);
    size_t i = slot_of(p, o, t->size);
    for (;;) {
        entry *e = &t->slots[i];
        if (!e->used) {
            memset(e, 0, sizeof *e);
            e->p = p;
            e->o = o;
            e->used = 1;
            t->count++;
            return e;
        }
        if (e->p == p && e->o == o) return e;
        i = (i + 1) & (t->size - 1);
    }
}

static void table_grow(table *t) {
    table bigger;
    if (!table_init(&bigger, t->size * 2)) abort();
    for (size_t i = 0; i < t->size; i++)
        if (t->slots[i].used) *table_put(&bigger, t->slots[i].p, t->slots[i].o) = t->slots[i];
    free(t->slots);
    *t = bigger;
}

/* -- time ------------------------------------------------------------------- */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* -- the midgame search (reversi.engine.search) ---------------------------- */

#define POLL 64
#define EPSILON (1.0 / 64)
#define INF 1000.0
#define LIMIT 64.0
enum { LOWER, EXACT, UPPER };

typedef struct {
    const rn_eval *eval;
    int sign;
    int has_cut[61];
    double cut[61][4]; /* shallow depth, slope, offset, margin */
    int64_t nodes, max_nodes; /* max_nodes < 0: none */
    double deadline;           /* < 0: none */
    int64_t history[64];
    table tt;
    u64 risky[16];
    jmp_buf stop;
} rn_search;

static u64 near_corners(int corners) {
    static const int near[4][3] = {{1, 8, 9}, {6, 14, 15}, {48, 49, 57}, {54, 55, 62}};
    u64 out = 0;
    for (int i = 0; i < 4; i++)
        if (corners >> i & 1)
            for (int j = 0; j < 3; j++) out |= 1ULL << near[i][j];
    return out;
}

/* RISKY indexed by the empty corners squeezed into 4 bits (a1, h1, a8, h8). */
static inline int corner_bits(u64 empty_corners) {
    return (int)((empty_corners & 1) | (empty_corners >> 6 & 2) | (empty_corners >> 54 & 4) |
                 (empty_corners >> 60 & 8));
}

rn_search *rn_search_new(const rn_eval *eval, int sign, const int *has_cut, const double *cut) {
    rn_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->eval = eval;
    s->sign = sign;
    memcpy(s->has_cut, has_cut, sizeof s->has_cut);
    memcpy(s->cut, cut, sizeof s->cut);
    s->max_nodes = -1;
    s->deadline = -1;
    for (int k = 0; k < 16; k++) s->risky[k] = near_corners(k);
    if (!table_init(&s->tt, 1 << 10)) { free(s); return NULL; }
    return s;
}

void rn_search_free(rn_search *s) {
    if (!s) return;
    free(s->tt.slots);
    free(s);
}

void rn_search_limits(rn_search *s, int64_t max_nodes, double deadline) {
    s->max_nodes = max_nodes;
    s->deadline = deadline;
}

int64_t rn_search_nodes(const rn_search *s) { return s->nodes; }
void rn_search_set_nodes(rn_search *s, int64_t nodes) { s->nodes = nodes; }
int64_t *rn_search_history(rn_search *s) { return s->history; }
long rn_search_size(const rn_search *s) { return (long)s->tt.count; }

void rn_search_clear(rn_search *s) {
    memset(s->tt.slots, 0, s->tt.size * sizeof(entry));
    s->tt.count = 0;
}

/* Returns 1 and the entry's fields if (p, o) is in the table. */
int rn_search_entry(const rn_search *s, u64 p, u64 o, int *depth, int *bound, double *value,
                    int *move) {
    const entry *e = table_find(&s->tt, p, o);
    if (!e) return 0;
    *depth = e->a;
    *bound = e->b;
    *value = e->value;
    *move = e->move;
    return 1;
}

static inline void count_node(rn_search *s) {
    s->nodes++;
    if (!(s->nodes % POLL)) {
        if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) longjmp(s->stop, 1);
        if (s->deadline >= 0 && now() >= s->deadline) longjmp(s->stop, 1);
    }
}

static inline double final_score(int sign, u64 p, u64 o) {
    return (double)(sign * (popcount(p) - popcount(o)));
}

static double frontier(rn_search *s, u64 p, u64 o, u64 moves, double beta) {
    double best = -INF;
    u64 bad = s->risky[corner_bits(~(p | o) & CORNERS)];
    u64 groups[3] = {moves & CORNERS, moves & ~CORNERS & ~bad, moves & bad};
    for (int g = 0; g < 3; g++) {
        u64 mask = groups[g];
        while (mask) {
            int sq = __builtin_ctzll(mask);
            mask &= mask - 1;
            count_node(s);
            u64 f = flips(p, o, sq);
            double score = -rn_evaluate(s->eval, o ^ f, p | f | 1ULL << sq);
            if (score > best) {
                best = score;
                if (score >= beta) return best;
            }
        }
    }
    return best;
}

/* Fills order[] with the moves, most promising first (Search._ordered). */
static int ordered(const rn_search *s, u64 p, u64 o, u64 moves, int tt_move, int *order) {
    u64 bad = s->risky[corner_bits(~(p | o) & CORNERS)];
    double key[32];
    int n = 0;
    while (moves) {
        int sq = __builtin_ctzll(moves);
        moves &= moves - 1;
        u64 b = 1ULL << sq;
        double k = -(double)(sq == tt_move) * 1e12 - ((b & CORNERS) ? 1e9 : 0.0) +
                   ((b & bad) ? 1e9 : 0.0) - (double)s->history[sq];
        int i = n++;
        while (i > 0 && (key[i - 1] > k || (key[i - 1] == k && order[i - 1] > sq))) {
            key[i] = key[i - 1];
            order[i] = order[i - 1];
            i--;
        }
        key[i] = k;
        order[i] = sq;
    }
    return n;
}

static double pvs(rn_search *s, u64 p, u64 o, int depth, double alpha, double beta) {
    count_node(s);
    if (depth <= 0) return rn_evaluate(s->eval, p, o);
    u64 moves = rn_moves(p, o);
    if (!moves) {
        if (!rn_moves(o, p)) return final_score(s->sign, p, o);
        return -pvs(s, o, p, depth, -beta, -alpha);
    }
    if (depth == 1) return frontier(s, p, o, moves, beta);
    entry *e = table_find(&s->tt, p, o);
    int tt_move = -1;
    if (e) {
        tt_move = e->move;
        if (e->a >= depth && (e->b == EXACT || (e->b == LOWER && e->value >= beta) ||
                              (e->b == UPPER && e->value <= alpha)))
            return e->value;
    }
    if (depth <= 60 && s->has_cut[depth] && beta - alpha < 2 * EPSILON &&
        depth < 64 - popcount(p | o)) {
        const double *c = s->cut[depth];
        int shallow = (int)c[0];
        double slope = c[1], offset = c[2], margin = c[3];
        double limit = (beta + margin - offset) / slope;
        if (limit < LIMIT && pvs(s, p, o, shallow, limit - EPSILON, limit) >= limit) return beta;
        limit = (alpha - margin - offset) / slope;
        if (limit > -LIMIT && pvs(s, p, o, shallow, limit, limit + EPSILON) <= limit) return alpha;
    }
    int order[32];
    int count = ordered(s, p, o, moves, tt_move, order);
    double best = -INF, a = alpha;
    int best_move = -1;
    for (int i = 0; i < count; i++) {
        int sq = order[i];
        u64 f = flips(p, o, sq);
        u64 np = o ^ f, no = p | f | 1ULL << sq;
        double score;
        if (i == 0) {
            score = -pvs(s, np, no, depth - 1, -beta, -a);
        } else {
            score = -pvs(s, np, no, depth - 1, -a - EPSILON, -a);
            if (a < score && score < beta) score = -pvs(s, np, no, depth - 1, -beta, -score);
        }
        if (score > best) {
            best = score;
            best_move = sq;
            if (score > a) {
                a = score;
                if (a >= beta) {
                    s->history[sq] += (int64_t)depth * depth;
                    break;
                }
            }
        }
    }
    e = table_put(&s->tt, p, o);
    e->a = depth;
    e->b = best >= beta ? LOWER : best <= alpha ? UPPER : EXACT;
    e->value = best;
    e->move = (int16_t)best_move;
    return best;
}

/* Writes Search.principal_variation's line after `first` (played from the position
 * (p, o) it leads to) into line[]: the table's moves, the last one by one-ply
 * evaluation; returns its length, at most depth - 1. */
int rn_search_pv(const rn_search *s, u64 p, u64 o, int depth, int *line) {
    int n = 0;
    while (n + 1 < depth && popcount(p | o) >= 4) {
        u64 moves = rn_moves(p, o);
        if (!moves) {
            if (!rn_moves(o, p)) break;
            u64 t = p; p = o; o = t;
            continue;
        }
        const entry *e = table_find(&s->tt, p, o);
        int sq;
        if (e && e->move >= 0 && (moves >> e->move & 1)) {
            sq = e->move;
        } else if (n + 1 == depth - 1) {
            double best = 0;
            sq = -1;
            for (u64 m = moves; m; m &= m - 1) {
                int x = __builtin_ctzll(m);
                u64 f = flips(p, o, x);
                double v = -rn_evaluate(s->eval, o ^ f, p | f | 1ULL << x);
                if (sq < 0 || v > best) { best = v; sq = x; }
            }
        } else {
            break;
        }
        line[n++] = sq;
        u64 f = flips(p, o, sq);
        u64 np = o ^ f, no = p | f | 1ULL << sq;
        p = np;
        o = no;
    }
    return n;
}

/* Returns 0 and the value in *out, or 1 when the node cap or deadline stopped it. */
int rn_pvs(rn_search *s, u64 p, u64 o, int depth, double alpha, double beta, double *out) {
    if (setjmp(s->stop)) return 1;
    *out = pvs(s, p, o, depth, alpha, beta);
    return 0;
}

/* -- the exact solver (reversi.engine.endgame) ---------------------------- */

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
    int64_t nodes;
    double deadline;
    table tt;
    jmp_buf stop;
} rn_solver;

rn_solver *rn_solver_new(const rn_eval *eval, int sign) {
    rn_solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->eval = eval;
    s->sign = sign;
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

static int shallow(rn_solver *s, u64 p, u64 o, int alpha, const int *empties, int n, int parity) {
    s->nodes++;
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

/* -- set-up ---------------------------------------------------------------- */

__attribute__((constructor)) static void init(void) {
    init_rays();
    for (int i = 0; i < 64; i++) RANK[PRIORITY[i]] = i;
    for (int s = 0; s < 64; s++) QUADRANT[s] = 1 << ((s >> 5) * 2 + ((s & 7) >> 2));
}
