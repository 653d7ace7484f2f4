// bfi and bfe over every pos 0..39 and len 0..39 (registers), and immediate forms.
// Immediate bfi forms, slot k: 0:(0,32), 1:(3,32), 2:(6,32), 3:(9,32), 4:(12,32), 5:(15,32), 6:(18,32), 7:(21,32), 8:(24,32), 9:(27,32), 10:(30,32), 11:(21,32), 12:(4,31), 13:(24,12), 14:(30,5), 15:(1,31), 16:(0,32), 17:(16,16), 18:(17,16), 19:(31,2), 20:(0,0), 21:(5,0), 22:(32,1), 23:(33,4), 24:(255,3), 25:(3,255), 26:(3,33), 27:(3,64)
// r[((op * 40 + pos) * 40 + len) * 32 + lane], op 0 bfi.b32 d, a, b, pos, len; 1 bfe.u32 d, a, pos, len;
// 2 bfe.s32. a = in[lane], b = in[32 + lane]. imm[k * 32 + lane]: the immediate forms below.
extern "C" __global__ void sweep_bfi(const unsigned *in, unsigned *r, unsigned *imm)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = in[lane], b = in[32 + lane], d;
#pragma unroll 1
    for (unsigned pos = 0; pos < 40; pos++) {
#pragma unroll 1
        for (unsigned len = 0; len < 40; len++) {
            unsigned k = pos * 40 + len;
            asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(pos), "r"(len));
            r[(0 * 1600 + k) * 32 + lane] = d;
            asm volatile("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
            r[(1 * 1600 + k) * 32 + lane] = d;
            asm volatile("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
            r[(2 * 1600 + k) * 32 + lane] = d;
        }
    }
    asm volatile("bfi.b32 %0, %1, %2, 0, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[0 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 3, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[1 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 6, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[2 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 9, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[3 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 12, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[4 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 15, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[5 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 18, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[6 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 21, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[7 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 24, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[8 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 27, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[9 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 30, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[10 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 21, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[11 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 4, 31;" : "=r"(d) : "r"(a), "r"(b)); imm[12 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 24, 12;" : "=r"(d) : "r"(a), "r"(b)); imm[13 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 30, 5;" : "=r"(d) : "r"(a), "r"(b)); imm[14 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 1, 31;" : "=r"(d) : "r"(a), "r"(b)); imm[15 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 0, 32;" : "=r"(d) : "r"(a), "r"(b)); imm[16 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 16, 16;" : "=r"(d) : "r"(a), "r"(b)); imm[17 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 17, 16;" : "=r"(d) : "r"(a), "r"(b)); imm[18 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 31, 2;" : "=r"(d) : "r"(a), "r"(b)); imm[19 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 0, 0;" : "=r"(d) : "r"(a), "r"(b)); imm[20 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 5, 0;" : "=r"(d) : "r"(a), "r"(b)); imm[21 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 32, 1;" : "=r"(d) : "r"(a), "r"(b)); imm[22 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 33, 4;" : "=r"(d) : "r"(a), "r"(b)); imm[23 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 255, 3;" : "=r"(d) : "r"(a), "r"(b)); imm[24 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 3, 255;" : "=r"(d) : "r"(a), "r"(b)); imm[25 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 3, 33;" : "=r"(d) : "r"(a), "r"(b)); imm[26 * 32 + lane] = d;
    asm volatile("bfi.b32 %0, %1, %2, 3, 64;" : "=r"(d) : "r"(a), "r"(b)); imm[27 * 32 + lane] = d;
}
