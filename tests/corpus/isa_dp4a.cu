// isa_dp4a: __dp4a, __dp2a_lo, __dp2a_hi (int and unsigned, as nvcc emits them) and the mixed
// .u32.s32 / .s32.u32 forms through inline PTX, on edge values (bytes 0x80, 0x7f, 0xff; sums
// that wrap 32 bits) and random words. 12 results per thread.
extern "C" __global__ void isa_dp4a(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out)
{
    unsigned i = threadIdx.x;
    unsigned x = a[i], y = b[i], z = c[i];
    unsigned *o = out + i * 12;
    o[0] = (unsigned)__dp4a((int)x, (int)y, (int)z);
    o[1] = __dp4a(x, y, z);
    unsigned r;
    asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[2] = r;
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[3] = r;
    o[4] = (unsigned)__dp2a_lo((int)x, (int)y, (int)z);
    o[5] = (unsigned)__dp2a_hi((int)x, (int)y, (int)z);
    o[6] = __dp2a_lo(x, y, z);
    o[7] = __dp2a_hi(x, y, z);
    asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[8] = r;
    asm("dp2a.hi.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[9] = r;
    asm("dp2a.lo.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[10] = r;
    asm("dp2a.hi.s32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[11] = r;
}
