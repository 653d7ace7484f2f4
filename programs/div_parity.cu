// Parity branches: even lanes shuffle with 0x55555555 (matching) and 0xffffffff, odd lanes with
// 0xaaaaaaaa; sources of the other parity did not execute (H200: read 0). val/pred[s*32+lane];
// lanes that skip slot s write 0xdeadbeef / 2. Each asm names its own predicate.
#define SH(q, mode, b, c, m, s) { unsigned d, p; \
    asm volatile("{ .reg .pred " #q "; shfl.sync." #mode ".b32 %0|" #q ", %2, %3, %4, %5; selp.u32 %1, 1, 0, " #q "; }" \
                 : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(m)); \
    val[(s) * 32 + lane] = d; pred[(s) * 32 + lane] = p; }
#define NOSH(s) { val[(s) * 32 + lane] = 0xdeadbeefu; pred[(s) * 32 + lane] = 2; }

extern "C" __global__ void div_parity(unsigned *val, unsigned *pred)
{
    unsigned lane = threadIdx.x & 31;
    unsigned v = 2000 + lane;
    if ((lane & 1) == 0) {
        SH(q0, bfly, 2u, 31u, 0x55555555u, 0)   /* even to even */
        SH(q1, bfly, 1u, 31u, 0x55555555u, 1)   /* even to odd: 0 */
        SH(q2, down, 1u, 31u, 0xffffffffu, 2)
        SH(q3, idx, 7u, 31u, 0x55555555u, 3)
        SH(q4, up, 2u, 0u, 0x55555555u, 4)
        NOSH(5) NOSH(6) NOSH(7)
    } else {
        NOSH(0) NOSH(1) NOSH(2) NOSH(3) NOSH(4)
        SH(q5, bfly, 3u, 31u, 0xaaaaaaaau, 5)   /* odd to even: 0 */
        SH(q6, idx, 31u, 0x181fu, 0xaaaaaaaau, 6)
        SH(q7, down, 2u, 31u, 0xaaaaaaaau, 7)
    }
}
