/* The position table (a hash table that grows and never loses an entry by
 * itself, like Python's dict) and the clock. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine.h"

static void table_grow(table *t);

int table_init(table *t, size_t size) {
    t->slots = calloc(size, sizeof(entry));
    t->size = size;
    t->count = 0;
    return t->slots != NULL;
}


/* Returns the entry of (p, o), a new zeroed one if it is not there. */
entry *table_put(table *t, u64 p, u64 o) {
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


double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
