// isa_int_misc: mad24 (.lo/.hi, .u32/.s32, .hi.sat.s32), slct (integer and float selectors, .ftz,
// 16/32/64-bit results) and cvt.pack.sat (.u16/.s16 from two .s32, .u8/.s8 with the .b32 c
// operand) through inline PTX, on edge values (24-bit sign bits, saturation bounds, -0.0, NaN and
// subnormal selectors) and random words. 16 results per thread.
extern "C" __global__ void isa_int_misc(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out)
{
    unsigned i = threadIdx.x;
    unsigned x = a[i], y = b[i], z = c[i];
    unsigned *o = out + i * 16;
    unsigned r;
    asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[0] = r;
    asm("mad24.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[1] = r;
    asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[2] = r;
    asm("mad24.hi.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[3] = r;
    asm("mad24.hi.sat.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[4] = r;
    asm("slct.b32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[5] = r;
    asm("slct.u32.f32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "f"(__uint_as_float(z)));
    o[6] = r;
    asm("slct.ftz.u32.f32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "f"(__uint_as_float(z)));
    o[7] = r;
    float f;
    asm("slct.f32.s32 %0, %1, %2, %3;" : "=f"(f) : "f"(__uint_as_float(x)), "f"(__uint_as_float(y)), "r"(z));
    o[8] = __float_as_uint(f);
    unsigned short h;
    asm("slct.s16.f32 %0, %1, %2, %3;" : "=h"(h) : "h"((unsigned short)x), "h"((unsigned short)y), "f"(__uint_as_float(z)));
    o[9] = h;
    unsigned long long w;
    asm("slct.u64.s32 %0, %1, %2, %3;" : "=l"(w) : "l"(((unsigned long long)x << 32) | y), "l"(((unsigned long long)y << 32) | x), "r"(z));
    o[10] = (unsigned)w ^ (unsigned)(w >> 32) * 3u;
    double d;
    asm("slct.f64.f32 %0, %1, %2, %3;" : "=d"(d) : "d"((double)(int)x), "d"((double)(int)y), "f"(__uint_as_float(z)));
    o[11] = (unsigned)(long long)d;
    asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
    o[12] = r;
    asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y));
    o[13] = r;
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[14] = r;
    asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    o[15] = r;
}
