// isa_vreg_mov: vector-to-vector mov on .reg .v2/.v4 vector registers (inline PTX: mov.v2.f32 %w,
// %v and the other element types, .v4 of 32-bit and .v2 of 64-bit and 16-bit elements), with
// element reads (.x .y .z .w) and brace lists around them; the moved copy must be the source
// whatever the element type (NaN payloads and -0.0 included, as raw bits).
extern "C" __global__ void isa_vreg_mov(const unsigned *in, unsigned *out)
{
    unsigned i = threadIdx.x;
    unsigned a = in[i], b = in[(i + 1) & 63], c = in[(i + 2) & 63], d = in[(i + 3) & 63];
    unsigned *o = out + i * 16;
    float f0, f1;
    asm("{ .reg .v2 .f32 v, w;\n\t"
        "mov.v2.f32 v, {%2, %3};\n\t"
        "mov.v2.f32 w, v;\n\t"
        "mov.f32 %0, w.y;\n\t"
        "mov.f32 %1, w.x; }"
        : "=f"(f0), "=f"(f1)
        : "f"(__uint_as_float(a)), "f"(__uint_as_float(b)));
    o[0] = __float_as_uint(f0);
    o[1] = __float_as_uint(f1);
    unsigned r0, r1, r2, r3;
    asm("{ .reg .v4 .b32 v, w;\n\t"
        "mov.v4.b32 v, {%4, %5, %6, %7};\n\t"
        "mov.v4.b32 w, v;\n\t"
        "mov.v4.b32 {%0, %1, %2, %3}, w; }"
        : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
        : "r"(a), "r"(b), "r"(c), "r"(d));
    o[2] = r0, o[3] = r1, o[4] = r2, o[5] = r3;
    asm("{ .reg .v4 .u32 v, w;\n\t"
        "mov.v4.u32 v, {%4, %5, %6, %7};\n\t"
        "mov.v4.u32 w, v;\n\t"
        "add.u32 %0, w.x, w.w;\n\t"
        "sub.u32 %1, w.y, w.z;\n\t"
        "mov.u32 %2, w.r;\n\t"
        "mov.u32 %3, w.a; }"
        : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
        : "r"(a), "r"(b), "r"(c), "r"(d));
    o[6] = r0, o[7] = r1, o[8] = r2, o[9] = r3;
    unsigned long long l0, l1;
    asm("{ .reg .v2 .f64 v, w;\n\t"
        "mov.v2.f64 v, {%2, %3};\n\t"
        "mov.v2.f64 w, v;\n\t"
        "mov.v2.f64 {%1, %0}, w; }"
        : "=d"(*(double *)&l0), "=d"(*(double *)&l1)
        : "d"(__longlong_as_double(((long long)a << 32) | b)), "d"(__longlong_as_double(((long long)c << 32) | d)));
    o[10] = (unsigned)l0, o[11] = (unsigned)(l0 >> 32), o[12] = (unsigned)l1;
    unsigned short h0, h1;
    asm("{ .reg .v2 .b16 v, w;\n\t"
        "mov.v2.b16 v, {%2, %3};\n\t"
        "mov.v2.b16 w, v;\n\t"
        "mov.v2.b16 {%1, %0}, w; }"
        : "=h"(h0), "=h"(h1)
        : "h"((unsigned short)a), "h"((unsigned short)(b >> 16)));
    o[13] = h0 | (unsigned)h1 << 16;
    asm("{ .reg .v2 .s64 v, w;\n\t"
        "mov.v2.s64 v, {%2, %3};\n\t"
        "mov.v2.s64 w, v;\n\t"
        "mov.s64 %0, w.y;\n\t"
        "mov.s64 %1, w.x; }"
        : "=l"(l0), "=l"(l1)
        : "l"((unsigned long long)c << 32 | a), "l"((unsigned long long)d << 32 | b));
    o[14] = (unsigned)l0 ^ (unsigned)(l1 >> 32);
    o[15] = (unsigned)(l0 >> 32) + (unsigned)l1;
}
