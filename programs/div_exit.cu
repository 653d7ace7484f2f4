// Lanes >= 24 return first; the remaining 24 lanes then run full-mask and 0x00ffffff-mask
// shuffles, votes, ballot, activemask, match and redux. Sources >= 24 have exited (H200: read 0);
// collectives count the 24 lanes that execute. val/pred[s*32+lane]; out[lane*8 + k] for the rest.
#define SH(q, mode, b, c, m, s) { unsigned d, p; \
    asm volatile("{ .reg .pred " #q "; shfl.sync." #mode ".b32 %0|" #q ", %2, %3, %4, %5; selp.u32 %1, 1, 0, " #q "; }" \
                 : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(m)); \
    val[(s) * 32 + lane] = d; pred[(s) * 32 + lane] = p; }

extern "C" __global__ void div_exit(const unsigned *in, unsigned *val, unsigned *pred, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    for (int s = 0; s < 6; s++) { val[s * 32 + lane] = 0xdeadbeefu; pred[s * 32 + lane] = 2; }
    for (int k = 0; k < 8; k++) out[lane * 8 + k] = 0xdeadbeefu;
    if (lane >= 24)
        return;
    unsigned v = 3000 + lane;
    unsigned full = 0xffffffffu, m24 = 0x00ffffffu;
    SH(q0, down, 4u, 31u, full, 0)
    SH(q1, bfly, 8u, 31u, full, 1)
    SH(q2, idx, 27u, 31u, full, 2)
    SH(q3, up, 1u, 0u, m24, 3)
    SH(q4, bfly, 16u, 31u, m24, 4)
    SH(q5, idx, 5u, 0x181fu, full, 5)
    unsigned x = in[lane];
    out[lane * 8 + 0] = __activemask();
    out[lane * 8 + 1] = __ballot_sync(full, x & 1);
    out[lane * 8 + 2] = __all_sync(full, lane < 30);
    out[lane * 8 + 3] = __any_sync(full, lane >= 23);
    out[lane * 8 + 4] = __match_any_sync(full, x & 3);
    int pr;
    out[lane * 8 + 5] = __match_all_sync(full, 7u, &pr);
    out[lane * 8 + 6] = pr;
    out[lane * 8 + 7] = __reduce_add_sync(full, x);
}
