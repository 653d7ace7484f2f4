// Partial masks under divergence: `if (lane < 16)` with full-mask and matching-mask (0x0000ffff)
// shuffles whose source lanes lie inside or outside the branch, and an else side (lanes 16-31)
// with matching-mask (0xffff0000) shuffles. Slot s of val/pred: [s * 32 + lane]; a lane that does
// not execute slot s's shuffle writes 0xdeadbeef / 2. H200 (HARDWARE-NOTES.md): a lane whose
// source did not execute the shuffle reads 0 while its predicate follows the formula.
// Each asm names its own predicate (warpsim's parser does not scope { } registers).
#define SH(q, mode, b, c, m, s) { unsigned d, p; \
    asm volatile("{ .reg .pred " #q "; shfl.sync." #mode ".b32 %0|" #q ", %2, %3, %4, %5; selp.u32 %1, 1, 0, " #q "; }" \
                 : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(m)); \
    val[(s) * 32 + lane] = d; pred[(s) * 32 + lane] = p; }
#define NOSH(s) { val[(s) * 32 + lane] = 0xdeadbeefu; pred[(s) * 32 + lane] = 2; }

extern "C" __global__ void div_half(const unsigned *in, unsigned *val, unsigned *pred)
{
    unsigned lane = threadIdx.x & 31;
    unsigned v = 1000 + lane;
    unsigned lo = 0x0000ffffu, hi = 0xffff0000u, full = 0xffffffffu;
    unsigned pl = in[lane] & 31;   /* a per-lane b */
    if (lane < 16) {
        SH(q0, down, 8u, 31u, full, 0)     /* lanes 8-15 read 16-23 (did not execute) */
        SH(q1, down, 8u, 31u, lo, 1)
        SH(q2, idx, 20u, 31u, full, 2)     /* everyone reads lane 20 */
        SH(q3, idx, 3u, 31u, lo, 3)        /* inside the branch */
        SH(q4, bfly, 16u, 31u, lo, 4)
        SH(q5, bfly, 1u, 31u, lo, 5)
        SH(q6, up, 4u, 0u, full, 6)
        SH(q7, idx, pl, 31u, lo, 7)        /* per-lane source */
        SH(q8, down, 3u, 0x101fu, lo, 8)   /* width 16 */
        SH(q9, bfly, 17u, 0x101fu, lo, 9)
        NOSH(10) NOSH(11) NOSH(12) NOSH(13)
    } else {
        NOSH(0) NOSH(1) NOSH(2) NOSH(3) NOSH(4) NOSH(5) NOSH(6) NOSH(7) NOSH(8) NOSH(9)
        SH(q10, up, 4u, 0u, hi, 10)        /* lanes 16-19 read 12-15 */
        SH(q11, idx, 2u, 31u, hi, 11)      /* everyone reads lane 2 */
        SH(q12, bfly, 17u, 0x101fu, hi, 12)
        SH(q13, idx, pl, 31u, hi, 13)
    }
}
