/* sim53.c (fit53): one set-associative cache under a replacement policy, run over an access history; the counts of
 * region B's lines found kept (present at their first touch in a launch) and missed, per launch and segment.
 * Built and called by fit53.py through ctypes; nothing else uses it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LRU, FIFO, PLRU, NRU, LIP, BIP, SRRIP, BRRIP, RAND, NPOL };
enum { IDX_MOD, IDX_XOR };

typedef struct {
    int s, w, pol;
    int64_t *tag;  /* s * w, -1 invalid */
    int64_t *age;  /* LRU / LIP / BIP stamps, FIFO insertion order, NRU bits, RRPVs */
    uint8_t *tree; /* tree-PLRU bits, s * w */
    int64_t clock;
    uint32_t ins, rng;
} cache_t;

static uint32_t next_rand(cache_t *c)
{ /* a fixed-seed xorshift: the random policy's contrast, the same draws every run */
    c->rng ^= c->rng << 13;
    c->rng ^= c->rng >> 17;
    c->rng ^= c->rng << 5;
    return c->rng;
}

/* tree-PLRU: bit k points to the half that holds the next victim (0 left, 1 right) */
static void plru_touch(uint8_t *t, int w, int way)
{
    int node = 0, lo = 0, n = w;
    while (n > 1) {
        int half = n / 2;
        if (way < lo + half) {
            t[node] = 1; /* victim side: right */
            node = 2 * node + 1;
            n = half;
        } else {
            t[node] = 0;
            node = 2 * node + 2;
            lo += half;
            n -= half;
        }
    }
}

static int plru_victim(const uint8_t *t, int w)
{
    int node = 0, lo = 0, n = w;
    while (n > 1) {
        int half = n / 2;
        if (!t[node]) {
            node = 2 * node + 1;
            n = half;
        } else {
            node = 2 * node + 2;
            lo += half;
            n -= half;
        }
    }
    return lo;
}

static void promote(cache_t *c, int set, int way)
{
    int64_t *a = c->age + (size_t)set * c->w;
    switch (c->pol) {
    case LRU:
    case LIP:
    case BIP: a[way] = ++c->clock; break;
    case PLRU: plru_touch(c->tree + (size_t)set * c->w, c->w, way); break;
    case NRU: {
        a[way] = 1;
        int all = 1;
        for (int i = 0; i < c->w; i++)
            all &= a[i] != 0;
        if (all)
            for (int i = 0; i < c->w; i++)
                a[i] = i == way;
        break;
    }
    case SRRIP:
    case BRRIP: a[way] = 0; break;
    default: break; /* FIFO, RAND: hits change nothing */
    }
}

static int victim(cache_t *c, int set)
{
    int64_t *t = c->tag + (size_t)set * c->w;
    int64_t *a = c->age + (size_t)set * c->w;
    for (int i = 0; i < c->w; i++)
        if (t[i] < 0)
            return i;
    int v = 0;
    switch (c->pol) {
    case LRU:
    case LIP:
    case BIP:
    case FIFO:
        for (int i = 1; i < c->w; i++)
            if (a[i] < a[v])
                v = i;
        return v;
    case PLRU: return plru_victim(c->tree + (size_t)set * c->w, c->w);
    case NRU:
        for (int i = 0; i < c->w; i++)
            if (!a[i])
                return i;
        return 0;
    case SRRIP:
    case BRRIP:
        for (;;) {
            for (int i = 0; i < c->w; i++)
                if (a[i] >= 3)
                    return i;
            for (int i = 0; i < c->w; i++)
                a[i]++;
        }
    default: return (int)(next_rand(c) % (uint32_t)c->w);
    }
}

static void insert(cache_t *c, int set, int way, int64_t tag)
{
    int64_t *a = c->age + (size_t)set * c->w;
    c->tag[(size_t)set * c->w + way] = tag;
    c->ins++;
    switch (c->pol) {
    case LRU: a[way] = ++c->clock; break;
    case FIFO: a[way] = ++c->clock; break;
    case LIP:
    case BIP: {
        /* at the LRU end: below every other way's stamp (BIP: at MRU every 32nd insertion) */
        if (c->pol == BIP && c->ins % 32 == 0) {
            a[way] = ++c->clock;
            break;
        }
        int64_t lo = INT64_MAX;
        for (int i = 0; i < c->w; i++)
            if (i != way && c->tag[(size_t)set * c->w + i] >= 0 && a[i] < lo)
                lo = a[i];
        a[way] = lo == INT64_MAX ? ++c->clock : lo - 1;
        break;
    }
    case PLRU: plru_touch(c->tree + (size_t)set * c->w, c->w, way); break;
    case NRU: promote(c, set, way); break;
    case SRRIP: a[way] = 2; break;
    case BRRIP: a[way] = c->ins % 32 == 0 ? 2 : 3; break;
    default: break;
    }
}

/* Runs the history. addr: byte addresses in the module; flags bit 0 a prefetch, bit 1 a
 * B line's first touch in its launch; seg 0-15 or -1; launch 0-15; base: the module's load address (only the xor
 * index depends on it). kept / total: [launch * 16 + seg]. */
int sim(const int64_t *addr, const uint8_t *flags, const int8_t *seg, const int8_t *launch, int n, int pol, int s, int w,
        int line_shift, int index, int prefetch_promotes, uint32_t seed, int64_t base, int32_t *kept, int32_t *total)
{
    cache_t c = {s, w, pol, 0, 0, 0, 0, 0, seed ? seed : 1};
    c.tag = malloc(sizeof *c.tag * (size_t)s * w);
    c.age = calloc((size_t)s * w, sizeof *c.age);
    c.tree = calloc((size_t)s * w, 1);
    if (!c.tag || !c.age || !c.tree)
        return -1;
    for (size_t i = 0; i < (size_t)s * w; i++)
        c.tag[i] = -1;
    int sbits = 0;
    while ((1 << sbits) < s)
        sbits++;
    for (int i = 0; i < n; i++) {
        int64_t l = (addr[i] + base) >> line_shift;
        int set = (int)(index == IDX_XOR ? ((l ^ (l >> sbits) ^ (l >> (2 * sbits))) & (s - 1)) : (l % s));
        int64_t *t = c.tag + (size_t)set * w;
        int way = -1;
        for (int k = 0; k < w; k++)
            if (t[k] == l) {
                way = k;
                break;
            }
        if (flags[i] & 2) {
            int at = launch[i] * 16 + seg[i];
            total[at]++;
            kept[at] += way >= 0;
        }
        if (way >= 0) {
            if (!(flags[i] & 1) || prefetch_promotes)
                promote(&c, set, way);
            continue;
        }
        way = victim(&c, set);
        insert(&c, set, way, l);
    }
    free(c.tag);
    free(c.age);
    free(c.tree);
    return 0;
}
