/* The exact solver's shared parts (solver.c: the search with the table and
 * the move ordering; shallow.c: the last empty squares, without a table). */
#ifndef REVERSI_SOLVER_H
#define REVERSI_SOLVER_H
#include <setjmp.h>
#if defined __AVX2__ || defined __BMI2__
#include <immintrin.h>
#endif
#include "engine.h"

/* Positions with at most this many empty squares are searched without the table
 * (6: 20 % fewer nodes and 3.5 % less time than 7 at 20 empties, with AVX-512 flips). */
#ifndef SHALLOW
#define SHALLOW 6
#endif
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
    slot *small;   /* the table of positions with few empties (solver.c) */
    jmp_buf stop;
} rn_solver;

/* -DSTATS: nodes counted per empty squares (rn_hist), for the benches. */
#ifdef STATS
extern long long HIST[64];
#define COUNT(n) (HIST[n]++)
#else
#define COUNT(n)
#endif
/* Per square: its rank in the static priority order, and its quadrant's bit. */
extern int RANK[64];
extern int QUADRANT[64];

/* Returns the discs a placement of p on the empty square sq flips: engine.h's flips,
 * the four rays towards higher squares and the four towards lower ones each in the
 * lanes of one vector when the machine has AVX2 (the first square past o's discs
 * isolated by x & -x upwards, by smearing the bits down then x ^ x >> 1 downwards). */
static inline u64 flips_fast(u64 p, u64 o, int sq) {
#if defined __AVX512CD__ && defined __AVX512VL__ && !defined NO512
    /* With AVX-512: masks for the tests, and downwards the first square past o's
     * discs found by counting leading zeros (as Okuhara's flip_avx512cd). */
    if (!(NEIGHBOUR[sq] & o)) return 0;
    const __m256i P = _mm256_set1_epi64x((long long)p), O = _mm256_set1_epi64x((long long)o);
    __m256i up = _mm256_loadu_si256((const __m256i *)RAY[sq]);
    __m256i down = _mm256_loadu_si256((const __m256i *)(RAY[sq] + 4));
    __m256i t = _mm256_andnot_si256(O, up);
    __m256i first = _mm256_and_si256(t, _mm256_sub_epi64(_mm256_setzero_si256(), t));
    __m256i f = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(first, P), up,
                                       _mm256_add_epi64(first, _mm256_set1_epi64x(-1)));
    t = _mm256_andnot_si256(O, down);
    __m256i last = _mm256_srlv_epi64(_mm256_set1_epi64x((long long)0x8000000000000000ULL), _mm256_lzcnt_epi64(t));
    f = _mm256_mask_or_epi64(f, _mm256_test_epi64_mask(last, P), f,
                             _mm256_and_si256(down, _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_add_epi64(last, last))));
    __m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    return (u64)_mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h)));
#elif defined __AVX2__
    if (!(NEIGHBOUR[sq] & o)) return 0;
    const __m256i zero = _mm256_setzero_si256(), P = _mm256_set1_epi64x((long long)p);
    const __m256i O = _mm256_set1_epi64x((long long)o);
    __m256i up = _mm256_loadu_si256((const __m256i *)RAY[sq]);
    __m256i down = _mm256_loadu_si256((const __m256i *)(RAY[sq] + 4));
    __m256i t = _mm256_andnot_si256(O, up);
    __m256i first = _mm256_and_si256(t, _mm256_sub_epi64(zero, t));
    __m256i miss = _mm256_cmpeq_epi64(_mm256_and_si256(first, P), zero);
    __m256i f = _mm256_andnot_si256(miss, _mm256_and_si256(up, _mm256_add_epi64(first, _mm256_set1_epi64x(-1))));
    t = _mm256_andnot_si256(O, down);
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 1));
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 2));
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 4));
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 8));
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 16));
    t = _mm256_or_si256(t, _mm256_srli_epi64(t, 32));
    __m256i last = _mm256_xor_si256(t, _mm256_srli_epi64(t, 1));
    miss = _mm256_cmpeq_epi64(_mm256_and_si256(last, P), zero);
    f = _mm256_or_si256(f, _mm256_andnot_si256(miss, _mm256_andnot_si256(t, down)));
    __m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
    return (u64)_mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h)));
#else
    return flips(p, o, sq);
#endif
}

/* Returns p's legal moves: engine.h's rn_moves, the four directions each way in the
 * lanes of one vector when the machine has AVX2 (Kogge-Stone-like runs of o's discs
 * from p's, six steps, as rn_moves does). */
static inline u64 moves_fast(u64 p, u64 o) {
#ifdef __AVX2__
    const __m256i shift = _mm256_set_epi64x(7, 9, 8, 1);
    const __m256i M = _mm256_and_si256(_mm256_set1_epi64x((long long)o),
                                       _mm256_set_epi64x(0x7E7E7E7E7E7E7E7EULL, 0x7E7E7E7E7E7E7E7EULL,
                                                         -1LL, 0x7E7E7E7E7E7E7E7EULL));
    const __m256i P = _mm256_set1_epi64x((long long)p);
    __m256i l = _mm256_and_si256(M, _mm256_sllv_epi64(P, shift));
    __m256i r = _mm256_and_si256(M, _mm256_srlv_epi64(P, shift));
    for (int i = 0; i < 5; i++) {
        l = _mm256_or_si256(l, _mm256_and_si256(M, _mm256_sllv_epi64(l, shift)));
        r = _mm256_or_si256(r, _mm256_and_si256(M, _mm256_srlv_epi64(r, shift)));
    }
    __m256i m = _mm256_or_si256(_mm256_sllv_epi64(l, shift), _mm256_srlv_epi64(r, shift));
    __m128i h = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    return (u64)_mm_cvtsi128_si64(_mm_or_si128(h, _mm_unpackhi_epi64(h, h))) & ~(p | o);
#else
    return rn_moves(p, o);
#endif
}

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
