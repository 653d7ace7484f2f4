// Two different full-mask shuffles on the two sides of an if/else. H200: they merge into one
// collective shuffle; each lane uses its own instruction's b and c and reads the other side's
// operand (v on the if side is 5000 + lane, on the else side 6000 + lane).
// val/pred[s*32 + lane]: s 0 lane<16 split, s 1 parity split, s 2 lane<10 split with idx/up.
#define SH(q, mode, v, b, c, s) { unsigned d, p; \
    asm volatile("{ .reg .pred " #q "; shfl.sync." #mode ".b32 %0|" #q ", %2, %3, %4, -1; selp.u32 %1, 1, 0, " #q "; }" \
                 : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c)); \
    val[(s) * 32 + lane] = d; pred[(s) * 32 + lane] = p; }

extern "C" __global__ void div_merge(unsigned *val, unsigned *pred)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 5000 + lane, b = 6000 + lane;
    if (lane < 16) SH(q0, down, a, 16u, 31u, 0)
    else SH(q1, idx, b, 3u, 31u, 0)
    __syncwarp();
    if (lane & 1) SH(q2, bfly, a, 1u, 31u, 1)
    else SH(q3, up, b, 3u, 0u, 1)
    __syncwarp();
    if (lane < 10) SH(q4, idx, a, 20u, 31u, 2)
    else SH(q5, up, b, 7u, 0u, 2)
}
