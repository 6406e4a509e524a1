/* The pattern evaluation: reversi.engine.evaluate.Evaluator.evaluate, data-driven
 * (Python hands over every instance's squares, as a mask and a table from the
 * mask's bits to the instance's base-3 digits, and the weights), so new pattern
 * shapes need no C; the value is computed in Python's order of operations. */
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#include "engine.h"

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
