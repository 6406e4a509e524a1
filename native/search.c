/* The midgame search: reversi.engine.search.Search._pvs (with _frontier, _ordered,
 * the table, the history, ProbCut) and principal_variation, step for step, so
 * the values, moves and node counts are the same.  A node cap or a deadline
 * stops it by a longjmp back to the entry point, leaving the table as Python's
 * exception leaves its dict. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

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
    table own;
    table *tt; /* own, or another search's (rn_search_share) */
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
    if (!table_init(&s->own, 1 << 10)) { free(s); return NULL; }
    s->tt = &s->own;
    return s;
}

void rn_search_free(rn_search *s) {
    if (!s) return;
    free(s->own.slots);
    free(s);
}

void rn_search_limits(rn_search *s, int64_t max_nodes, double deadline) {
    s->max_nodes = max_nodes;
    s->deadline = deadline;
}

int64_t rn_search_nodes(const rn_search *s) { return s->nodes; }
void rn_search_set_nodes(rn_search *s, int64_t nodes) { s->nodes = nodes; }
int64_t *rn_search_history(rn_search *s) { return s->history; }
long rn_search_size(const rn_search *s) { return (long)s->tt->count; }

/* Makes s use with's table from now on (pondered searches share one, C4); with
 * must outlive s. */
void rn_search_share(rn_search *s, rn_search *with) { s->tt = with->tt; }

/* Returns 1 and the entry's fields if (p, o) is in the table. */
int rn_search_entry(const rn_search *s, u64 p, u64 o, int *depth, int *bound, double *value,
                    int *move) {
    const entry *e = table_find(s->tt, p, o);
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
    entry *e = table_find(s->tt, p, o);
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
    e = table_put(s->tt, p, o);
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
        const entry *e = table_find(s->tt, p, o);
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
