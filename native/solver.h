/* The exact solver's shared parts (solver.c: the search with the table and
 * the move ordering; shallow.c: the last empty squares, without a table). */
#ifndef REVERSI_SOLVER_H
#define REVERSI_SOLVER_H
#include <setjmp.h>
#include "engine.h"

/* Positions with at most this many empty squares are searched without the table. */
#define SHALLOW 7
/* Beyond any score: scores lie in -64..64. */
#define SINF 65

/* One table slot: a position's bounds, best move and empties after the move. */
typedef struct {
    u64 p, o; /* both 0: an empty slot */
    int8_t lo, hi, move, n;
} slot;

typedef struct {
    const rn_eval *eval;
    int sign;      /* the final score is sign * (discs(p) - discs(o)) */
    int stability; /* endgame.STABILITY: the stability cutoff is tried */
    int64_t nodes;
    double deadline;
    slot *slots;   /* the table: pairs of slots (see solver.c) */
    size_t mask;   /* slots - 1, slots a power of two */
    jmp_buf stop;
} rn_solver;

/* Per square: its rank in the static priority order, and its quadrant's bit. */
extern int RANK[64];
extern int QUADRANT[64];

/* Returns the score of the finished game (p, o). */
static inline int final_int(const rn_solver *s, u64 p, u64 o) {
    return s->sign * (popcount(p) - popcount(o));
}

/* Returns the null-window score of (p, o) with n <= SHALLOW empties (shallow.c). */
int solve_shallow(rn_solver *s, u64 p, u64 o, int alpha, int n);

/* Returns the discs of q that can never be flipped: the stable edge discs,
 * then inner ones whose four lines are full or hold such a disc (stability.c). */
u64 stable_discs(u64 q, u64 r);

#endif
