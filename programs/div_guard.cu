// Guard-false shuffles: @q shfl.sync with q = (lane % 3 != 0), full mask and all lanes converged.
// Lanes with q false do not execute: they keep the destination (0xdeadbeef) and their value is
// not available to others (H200: read 0). val/pred[s*32 + lane]; pred 2 = not written.
#define GSH(q, mode, b, c, s) { unsigned d = 0xdeadbeefu, p = 2; \
    asm volatile("{ .reg .pred " #q "g, " #q "; setp.ne.u32 " #q "g, %4, 0; @" #q "g shfl.sync." #mode ".b32 %0|" #q ", %2, %3, %5, -1;" \
                 " @" #q "g selp.u32 %1, 1, 0, " #q "; }" \
                 : "+r"(d), "+r"(p) : "r"(v), "r"(b), "r"(g), "r"(c)); \
    val[(s) * 32 + lane] = d; pred[(s) * 32 + lane] = p; }

extern "C" __global__ void div_guard(unsigned *val, unsigned *pred)
{
    unsigned lane = threadIdx.x & 31;
    unsigned v = 4000 + lane;
    unsigned g = lane % 3;
    GSH(qa, down, 1u, 31u, 0)
    GSH(qb, up, 1u, 0u, 1)
    GSH(qc, idx, 3u, 31u, 2)
    GSH(qd, idx, 4u, 31u, 3)
    GSH(qe, bfly, 5u, 31u, 4)
    GSH(qf, down, 2u, 0x81fu, 5)
}
