/* codec: packs the special-function unit's measured outputs small enough to bring back from the
 * GPU machine, and unpacks them here (tools/mufu/README.md).
 *
 *   codec pack RAWDIR PKDIR      NAME.raw (the outputs, little-endian words) -> NAME.pk
 *   codec unpack PKDIR RAWDIR    NAME.pk -> NAME.raw, checked against the stored hash
 *
 * A PRED set codes each output as its distance, in ulps, from a prediction: a reference value
 * of the function (plain double arithmetic, no libm beyond exact floor/ldexp/frexp, so both
 * machines compute the same bits) plus the mean error of the previous 16 outputs. The
 * distances go to 16 streams chosen by where the prediction falls between two floats (an output
 * far from a rounding boundary is nearly certain), which xz then compresses. Build with
 * -O2 -ffp-contract=off on both machines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sets.h"

#define NBUCKET 16
#define WINDOW  16

static float as_f(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint32_t as_u(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* a bijection of the bit patterns onto integers that follows the order of the values */
static int64_t key(uint32_t b) { return (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) - 1 : (int64_t)b; }
static uint32_t unkey(int64_t k) { return k < 0 ? (uint32_t)(-(k + 1)) | 0x80000000u : (uint32_t)k; }

/* ---- reference functions in double, deterministic ---- */
static const double LN2 = 0.69314718055994530942;
static const double TWO_PI = 6.28318530717958647693;

static double ref_exp2(double x)
{
    if (x != x)
        return x;
    if (x > 200)
        return INFINITY;
    if (x < -200)
        return 0;
    double n = floor(x), y = (x - n) * LN2, term = 1, sum = 1;
    for (int k = 1; k < 26; k++) {
        term = term * y / k;
        sum += term;
    }
    return ldexp(sum, (int)n);
}

static double ref_log2(double x)
{
    if (x != x || x < 0)
        return NAN;
    if (x == 0)
        return -INFINITY;
    if (isinf(x))
        return INFINITY;
    int e;
    double m = frexp(x, &e);
    if (m < 0.70710678118654752440) {
        m *= 2;
        e -= 1;
    }
    double s = (m - 1) / (m + 1), s2 = s * s, p = s, sum = 0;
    for (int k = 1; k < 44; k += 2) {
        sum += p / k;
        p *= s2;
    }
    return e + 2 * sum / LN2;
}

/* sin(2 pi r), r exact */
static double ref_sin2pi(double r)
{
    if (r != r || isinf(r))
        return NAN;
    r -= floor(r); /* [0, 1) */
    if (r >= 0.5)
        r -= 1; /* [-0.5, 0.5) */
    if (r > 0.25)
        r = 0.5 - r;
    else if (r < -0.25)
        r = -0.5 - r;
    double a = TWO_PI * r, a2 = a * a, term = a, sum = a;
    for (int k = 1; k < 14; k++) {
        term = -term * a2 / ((2 * k) * (2 * k + 1));
        sum += term;
    }
    return sum;
}

static double ref_cos2pi(double r)
{
    if (r != r || isinf(r))
        return NAN;
    r -= floor(r);
    return ref_sin2pi(r + 0.25);
}

static double ref_tanh(double x)
{
    if (x != x)
        return x;
    double a = fabs(x), t;
    if (a < 0.0625) {
        double a2 = a * a; /* x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835 */
        t = a * (1 + a2 * (-1.0 / 3 + a2 * (2.0 / 15 + a2 * (-17.0 / 315 + a2 * (62.0 / 2835)))));
    } else {
        double e = ref_exp2(-2 * a / LN2);
        t = (1 - e) / (1 + e);
    }
    return x < 0 ? -t : t;
}

/* x * (1 / 2 pi) rounded toward zero in single precision, as ptxas's FMUL.RZ does */
static double turns(float x)
{
    double p = (double)x * (double)0.15915493667125701904f;
    float f = (float)p;
    if (fabs((double)f) > fabs(p))
        f = nextafterf(f, 0.0f);
    return f;
}

static double reference(int op, uint32_t in)
{
    double x = as_f(in);
    switch (op) {
    case OP_RCP_FTZ:
    case OP_RCP: return 1.0 / x;
    case OP_SQRT_FTZ:
    case OP_SQRT: return sqrt(x);
    case OP_RSQ_FTZ:
    case OP_RSQ: return 1.0 / sqrt(x);
    case OP_EX2_FTZ:
    case OP_EX2: return ref_exp2(x);
    case OP_LG2_FTZ:
    case OP_LG2: return ref_log2(x);
    case OP_SIN_FTZ:
    case OP_SIN: return ref_sin2pi(turns((float)x));
    case OP_COS_FTZ:
    case OP_COS: return ref_cos2pi(turns((float)x));
    default: return ref_tanh(x);
    }
}

/* the reference's position in key space: key of the nearest float plus the fraction of an ulp */
static double position(double v, int *special)
{
    *special = 0;
    if (v != v) {
        *special = 1;
        return (double)key(0x7fffffffu);
    }
    float f = (float)v;
    if (isinf(f)) {
        *special = 1;
        return (double)key(as_u(f));
    }
    double ulp;
    int e;
    frexp(f == 0 ? 1e-45 : fabs((double)f), &e); /* |f| in [2^(e-1), 2^e) */
    ulp = ldexp(1.0, (e - 24) < -149 ? -149 : e - 24);
    return (double)key(as_u(f)) + (v - (double)f) / ulp;
}

/* ---- byte streams ---- */
typedef struct {
    unsigned char *p;
    size_t n, cap;
} buf;

static void put(buf *b, unsigned char c)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 4096;
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            exit(3);
    }
    b->p[b->n++] = c;
}
static void put_varint(buf *b, int64_t v)
{
    uint64_t z = ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
    while (z >= 0x80) {
        put(b, (unsigned char)(z | 0x80));
        z >>= 7;
    }
    put(b, (unsigned char)z);
}
static int64_t get_varint(const unsigned char **p, const unsigned char *end)
{
    uint64_t z = 0;
    int s = 0;
    while (*p < end) {
        unsigned char c = *(*p)++;
        z |= (uint64_t)(c & 0x7f) << s;
        s += 7;
        if (!(c & 0x80))
            break;
    }
    return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

static uint64_t fnv(const uint32_t *w, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The predictor both sides step through: the reference plus the mean recent error. */
typedef struct {
    double ring[WINDOW], sum;
    int at;
    int64_t prev;
} predictor;

static int64_t predict(const mufu_set *s, predictor *pr, uint32_t i, int *bucket, double *pos, int *special)
{
    if (s->mode == MODE_DELTA) {
        *bucket = 0;
        *special = 1;
        return pr->prev;
    }
    *pos = position(reference(s->op, mufu_input(s, i)), special);
    if (*special) {
        *bucket = 0;
        return (int64_t)*pos;
    }
    double q = *pos + pr->sum / WINDOW, fl = floor(q);
    double t = q - fl; /* where between two keys; round to nearest */
    int b = (int)(t * NBUCKET);
    *bucket = b < 0 ? 0 : b >= NBUCKET ? NBUCKET - 1 : b;
    return (int64_t)fl + (t >= 0.5);
}

static void learn(const mufu_set *s, predictor *pr, int64_t k, double pos, int special)
{
    pr->prev = k;
    if (s->mode == MODE_DELTA || special)
        return;
    double d = (double)k - pos;
    if (d > 64)
        d = 64;
    if (d < -64)
        d = -64;
    pr->sum += d - pr->ring[pr->at];
    pr->ring[pr->at] = d;
    pr->at = (pr->at + 1) % WINDOW;
}

static uint32_t word_count(const mufu_set *s) { return s->count; }
static int word_size(const mufu_set *s) { return s->mode == MODE_RAW16 ? 2 : 4; }

/* .pk layout: "MUFUPK1\0", count (u32), hash (u64), NBUCKET stream lengths (u64), streams */
static int pack_set(const mufu_set *s, const uint32_t *w, FILE *out)
{
    uint32_t n = word_count(s);
    buf st[NBUCKET] = {{0}};
    predictor pr;
    memset(&pr, 0, sizeof pr);
    for (uint32_t i = 0; i < n; i++) {
        if (s->mode == MODE_RAW16 || s->mode == MODE_RAW32) {
            for (int b = 0; b < word_size(s); b++)
                put(&st[0], (unsigned char)(w[i] >> (8 * b)));
            continue;
        }
        int bucket, special;
        double pos = 0;
        int64_t p = predict(s, &pr, i, &bucket, &pos, &special);
        int64_t k = key(w[i]);
        put_varint(&st[bucket], k - p);
        learn(s, &pr, k, pos, special);
    }
    uint64_t h = fnv(w, n), len[NBUCKET];
    for (int b = 0; b < NBUCKET; b++)
        len[b] = st[b].n;
    fwrite("MUFUPK1", 1, 8, out);
    fwrite(&n, 4, 1, out);
    fwrite(&h, 8, 1, out);
    fwrite(len, 8, NBUCKET, out);
    for (int b = 0; b < NBUCKET; b++) {
        fwrite(st[b].p, 1, st[b].n, out);
        free(st[b].p);
    }
    return 0;
}

static int unpack_set(const mufu_set *s, const unsigned char *pk, size_t size, uint32_t *w)
{
    uint32_t n;
    uint64_t h, len[NBUCKET];
    if (size < 20 + 8 * NBUCKET || memcmp(pk, "MUFUPK1", 8))
        return -1;
    memcpy(&n, pk + 8, 4);
    memcpy(&h, pk + 12, 8);
    memcpy(len, pk + 20, 8 * NBUCKET);
    if (n != word_count(s))
        return -1;
    const unsigned char *p[NBUCKET], *end[NBUCKET], *at = pk + 20 + 8 * NBUCKET;
    for (int b = 0; b < NBUCKET; b++) {
        p[b] = at;
        at += len[b];
        end[b] = at;
    }
    if (at != pk + size)
        return -1;
    predictor pr;
    memset(&pr, 0, sizeof pr);
    for (uint32_t i = 0; i < n; i++) {
        if (s->mode == MODE_RAW16 || s->mode == MODE_RAW32) {
            uint32_t v = 0;
            for (int b = 0; b < word_size(s); b++)
                v |= (uint32_t)(*p[0]++) << (8 * b);
            w[i] = v;
            continue;
        }
        int bucket, special;
        double pos = 0;
        int64_t pred = predict(s, &pr, i, &bucket, &pos, &special);
        int64_t k = pred + get_varint(&p[bucket], end[bucket]);
        w[i] = unkey(k);
        learn(s, &pr, k, pos, special);
    }
    return fnv(w, n) == h ? 0 : -2;
}

static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *p = malloc(n > 0 ? (size_t)n : 1);
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
        free(p);
        p = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "pack") && strcmp(argv[1], "unpack"))) {
        fprintf(stderr, "usage: codec pack RAWDIR PKDIR | codec unpack PKDIR RAWDIR\n");
        return 2;
    }
    int packing = !strcmp(argv[1], "pack"), bad = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : bad)
    for (int si = 0; si < MUFU_NSETS; si++) {
        const mufu_set *s = &mufu_sets[si];
        char in[512], out[512];
        snprintf(in, sizeof in, "%s/%s.%s", argv[2], s->name, packing ? "raw" : "pk");
        snprintf(out, sizeof out, "%s/%s.%s", argv[3], s->name, packing ? "pk" : "raw");
        size_t size;
        unsigned char *data = slurp(in, &size);
        if (!data)
            continue; /* a set that was not collected or not brought back */
        uint32_t n = word_count(s), *w = calloc(n, 4);
        FILE *f = fopen(out, "wb");
        int rc = -1;
        if (packing && size == (size_t)n * word_size(s)) {
            for (uint32_t i = 0; i < n; i++)
                w[i] = word_size(s) == 2 ? (uint32_t)data[2 * i] | (uint32_t)data[2 * i + 1] << 8
                                         : (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
                                               (uint32_t)data[4 * i + 2] << 16 | (uint32_t)data[4 * i + 3] << 24;
            rc = f ? pack_set(s, w, f) : -1;
        } else if (!packing) {
            rc = unpack_set(s, data, size, w);
            if (rc == 0 && f)
                for (uint32_t i = 0; i < n; i++)
                    fwrite(&w[i], word_size(s), 1, f); /* little-endian host */
        }
        if (f)
            fclose(f);
        if (rc) {
            fprintf(stderr, "codec: %s: %s failed (%d)\n", s->name, argv[1], rc);
            bad++;
        }
        free(w);
        free(data);
    }
    return bad ? 1 : 0;
}
