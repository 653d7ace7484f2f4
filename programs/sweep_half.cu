// Half precision, bit for bit: the f16/bf16 forms warpsim models (isa/half.c), on inputs that
// reach rounding ties, subnormals, overflow and NaN. Each form is written as inline PTX so that
// the instruction run is the one named.
//
// ra (65,536 threads, every 16-bit pattern h = t):
//   ra[t] = cvt.f32.f16(h)            ra[65536 + t] = cvt.f32.bf16(h)
// rb (threads t < 4,096; x = bits[2t], y = bits[2t + 1]): rb[F * 4096 + t] = form F's bits.
//   Threads 0-2047 read x and y as they are (every exponent, subnormals, infinities, NaNs);
//   threads 2048-4095 force each half into [0.5, 2) and each f32/f64 into [2^-31, 2^17), where
//   sums cancel, products tie and conversions cross the f16 subnormal and overflow bounds.
//   a, b, c: f16 pairs; p, q, r: bf16 pairs; f, g: f32; d: f64; s: s32; u: u64 (see below).
//   A pair of scalar results is packed {first, second} = first | second << 16.
//    0 add.f16x2 a,b        1 sub.f16x2 a,b          2 mul.f16x2 a,b         3 fma.rn.f16x2 a,b,c
//    4 add.sat.f16x2 a,b    5 mul.sat.f16x2 a,b      6 fma.rn.sat.f16x2      7 fma.rn.relu.f16x2
//    8 add.ftz.f16x2 a,b    9 mul.ftz.f16x2 a,b     10 fma.rn.ftz.f16x2     11 min.f16x2 a,b
//   12 max.f16x2 a,b       13 min.NaN.f16x2 a,b     14 max.NaN.f16x2 a,b    15 neg.f16x2 a
//   16 abs.f16x2 a         17 set.ltu.f16x2.f16x2   18 setp.f16x2 bits      19 setp.bf16x2 bits
//   20 add.bf16x2 p,q      21 sub.bf16x2 p,q        22 mul.bf16x2 p,q       23 fma.rn.bf16x2 p,q,r
//   24 fma.rn.relu.bf16x2  25 min.bf16x2 p,q        26 max.bf16x2 p,q       27 min.NaN.bf16x2 p,q
//   28 max.NaN.bf16x2 p,q  29 {neg.bf16 p.lo, abs.bf16 p.hi}               30 {neg.ftz.f16 a.lo, abs.ftz.f16 a.hi}
//   31 {add.f16 a.lo,b.lo, fma.rn.f16 a.hi,b.hi,c.hi}   32 {add.bf16 p.lo,q.lo, fma.rn.bf16 p.hi,q.hi,r.hi}
//   33 cvt.rn.f16x2.f32 f,g                       34 {cvt.rz.f16.f32 f, cvt.rm.f16.f32 f}
//   35 {cvt.rp.f16.f32 f, cvt.rn.relu.f16.f32 g}  36 cvt.rn.bf16x2.f32 f,g
//   37 {cvt.rz.bf16.f32 f, cvt.rm.bf16.f32 f}     38 {cvt.rp.bf16.f32 f, cvt.rn.relu.bf16.f32 g}
//   39 {cvt.rn.sat.f16.f32 g, cvt.rn.f16.f64 d}   40 {cvt.rn.bf16.f64 d, cvt.rz.f16.f64 d}
//   41 {cvt.rn.f16.s32 s, cvt.rn.bf16.s32 s}      42 {cvt.rz.f16.u32 s, cvt.rn.bf16.u64 u}
//   43 {cvt.rm.f16.s64 u, cvt.rp.bf16.s32 s}      44 cvt.rni.s32.f16 a.lo
//   45 {cvt.rzi.s16.f16 a.hi, cvt.rmi.u16.bf16 p.lo}                        46 cvt.rpi.s32.bf16 p.hi
//   47 {cvt.rn.bf16.f16 a.lo, cvt.rn.f16.bf16 p.hi}                         48 {cvt.rmi.f16.f16 a.lo, cvt.rpi.bf16.bf16 p.hi}
//   49 {cvt.rzi.f16.f16 a.hi, cvt.rni.bf16.bf16 p.lo}                       50 cvt.sat.f32.f16 a.lo
//   51 cvt.rz.f16x2.f32 f,g                       52 cvt.rz.relu.bf16x2.f32 f,g
//   53 {cvt.rz.relu.f16.f32 g, cvt.rni.sat.f16.f16 a.lo}
//   54, 55 cvt.f64.bf16 p.hi (low word, high word)                          56, 57 cvt.f64.f16 a.lo (low, high)
// setp bits (18, 19): bit 2k is the low halves' result of comparison k, bit 2k+1 the high
// halves', for k = 0..13: lt le gt ge eq ne ltu leu gtu geu equ neu num nan.
#define NA 65536
#define NB 4096

#define OP1(F, I, A) { unsigned d_; asm(I " %0, %1;" : "=r"(d_) : "r"(A)); rb[(F) * NB + t] = d_; }
#define OP2(F, I, A, B) { unsigned d_; asm(I " %0, %1, %2;" : "=r"(d_) : "r"(A), "r"(B)); rb[(F) * NB + t] = d_; }
#define OP3(F, I, A, B, C) { unsigned d_; asm(I " %0, %1, %2, %3;" : "=r"(d_) : "r"(A), "r"(B), "r"(C)); rb[(F) * NB + t] = d_; }
// scalar forms on 16-bit registers
#define H1(I, A) ({ unsigned short d_; asm(I " %0, %1;" : "=h"(d_) : "h"(A)); (unsigned)d_; })
#define H2(I, A, B) ({ unsigned short d_; asm(I " %0, %1, %2;" : "=h"(d_) : "h"(A), "h"(B)); (unsigned)d_; })
#define H3(I, A, B, C) ({ unsigned short d_; asm(I " %0, %1, %2, %3;" : "=h"(d_) : "h"(A), "h"(B), "h"(C)); (unsigned)d_; })
#define HF(I, A) ({ unsigned short d_; asm(I " %0, %1;" : "=h"(d_) : "f"(A)); (unsigned)d_; })
#define HD(I, A) ({ unsigned short d_; asm(I " %0, %1;" : "=h"(d_) : "d"(A)); (unsigned)d_; })
#define HR(I, A) ({ unsigned short d_; asm(I " %0, %1;" : "=h"(d_) : "r"(A)); (unsigned)d_; })
#define HL(I, A) ({ unsigned short d_; asm(I " %0, %1;" : "=h"(d_) : "l"(A)); (unsigned)d_; })
#define PACK(F, LO, HI) rb[(F) * NB + t] = (LO) | (HI) << 16;
// one comparison of two pairs: its two predicates as bits 2k (low) and 2k+1 (high)
#define SETP(T, CMP, K, A, B)                                                                       \
    {                                                                                               \
        unsigned lo_, hi_;                                                                          \
        asm("{ .reg .pred p, q; setp." CMP "." T " p|q, %2, %3; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }" \
            : "=r"(lo_), "=r"(hi_) : "r"(A), "r"(B));                                              \
        bits |= (lo_ | hi_ << 1) << (2 * (K));                                                      \
    }
#define SETP_ALL(T, A, B)                                                                           \
    SETP(T, "lt", 0, A, B) SETP(T, "le", 1, A, B) SETP(T, "gt", 2, A, B) SETP(T, "ge", 3, A, B)     \
    SETP(T, "eq", 4, A, B) SETP(T, "ne", 5, A, B) SETP(T, "ltu", 6, A, B) SETP(T, "leu", 7, A, B)   \
    SETP(T, "gtu", 8, A, B) SETP(T, "geu", 9, A, B) SETP(T, "equ", 10, A, B)                        \
    SETP(T, "neu", 11, A, B) SETP(T, "num", 12, A, B) SETP(T, "nan", 13, A, B)

__device__ unsigned narrow_f16(unsigned v) { return (v & 0x87ff87ffu) | 0x38003800u; }  // exponent 14 or 15
__device__ unsigned narrow_bf16(unsigned v) { return (v & 0x80ff80ffu) | 0x3f003f00u; } // exponent 126 or 127
__device__ unsigned narrow_f32(unsigned v) { return (v & 0x807fffffu) | (96u + (v >> 23 & 0xffu) % 48u) << 23; }

extern "C" __global__ void sweep_half(const unsigned *bits, unsigned *ra, unsigned *rb)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned short h = (unsigned short)t;
    float w;
    asm("cvt.f32.f16 %0, %1;" : "=f"(w) : "h"(h));
    ra[t] = __float_as_uint(w);
    asm("cvt.f32.bf16 %0, %1;" : "=f"(w) : "h"(h));
    ra[NA + t] = __float_as_uint(w);
    if (t >= NB)
        return;

    unsigned x = bits[2 * t], y = bits[2 * t + 1], z = x * 2654435761u + (y >> 7 | y << 25);
    int narrow = t >= NB / 2;
    unsigned a = narrow ? narrow_f16(x) : x, b = narrow ? narrow_f16(y) : y, c = narrow ? narrow_f16(z) : z;
    unsigned p = narrow ? narrow_bf16(x) : x, q = narrow ? narrow_bf16(y) : y, r = narrow ? narrow_bf16(z) : z;
    float f = __uint_as_float(narrow ? narrow_f32(x) : x), g = __uint_as_float(narrow ? narrow_f32(y) : y);
    unsigned dhi = narrow ? (x & 0x800fffffu) | (1023u - 31u + (x >> 20 & 0x7ffu) % 48u) << 20 : x;
    double d = __hiloint2double((int)dhi, (int)y);
    int s = (int)x >> (y & 31);
    unsigned long long u = ((unsigned long long)x << 32 | y) >> (x & 63);
    unsigned short alo = (unsigned short)a, ahi = (unsigned short)(a >> 16), blo = (unsigned short)b,
                   bhi = (unsigned short)(b >> 16), chi = (unsigned short)(c >> 16);
    unsigned short plo = (unsigned short)p, phi = (unsigned short)(p >> 16), qlo = (unsigned short)q,
                   qhi = (unsigned short)(q >> 16), rhi = (unsigned short)(r >> 16);

    OP2(0, "add.f16x2", a, b)
    OP2(1, "sub.f16x2", a, b)
    OP2(2, "mul.f16x2", a, b)
    OP3(3, "fma.rn.f16x2", a, b, c)
    OP2(4, "add.sat.f16x2", a, b)
    OP2(5, "mul.sat.f16x2", a, b)
    OP3(6, "fma.rn.sat.f16x2", a, b, c)
    OP3(7, "fma.rn.relu.f16x2", a, b, c)
    OP2(8, "add.ftz.f16x2", a, b)
    OP2(9, "mul.ftz.f16x2", a, b)
    OP3(10, "fma.rn.ftz.f16x2", a, b, c)
    OP2(11, "min.f16x2", a, b)
    OP2(12, "max.f16x2", a, b)
    OP2(13, "min.NaN.f16x2", a, b)
    OP2(14, "max.NaN.f16x2", a, b)
    OP1(15, "neg.f16x2", a)
    OP1(16, "abs.f16x2", a)
    OP2(17, "set.ltu.f16x2.f16x2", a, b)
    {
        unsigned bits = 0;
        SETP_ALL("f16x2", a, b)
        rb[18 * NB + t] = bits;
    }
    {
        unsigned bits = 0;
        SETP_ALL("bf16x2", p, q)
        rb[19 * NB + t] = bits;
    }
    OP2(20, "add.bf16x2", p, q)
    OP2(21, "sub.bf16x2", p, q)
    OP2(22, "mul.bf16x2", p, q)
    OP3(23, "fma.rn.bf16x2", p, q, r)
    OP3(24, "fma.rn.relu.bf16x2", p, q, r)
    OP2(25, "min.bf16x2", p, q)
    OP2(26, "max.bf16x2", p, q)
    OP2(27, "min.NaN.bf16x2", p, q)
    OP2(28, "max.NaN.bf16x2", p, q)
    PACK(29, H1("neg.bf16", plo), H1("abs.bf16", phi))
    PACK(30, H1("neg.ftz.f16", alo), H1("abs.ftz.f16", ahi))
    PACK(31, H2("add.f16", alo, blo), H3("fma.rn.f16", ahi, bhi, chi))
    PACK(32, H2("add.bf16", plo, qlo), H3("fma.rn.bf16", phi, qhi, rhi))
    {
        unsigned d_;
        asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(d_) : "f"(f), "f"(g));
        rb[33 * NB + t] = d_;
        asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(d_) : "f"(f), "f"(g));
        rb[36 * NB + t] = d_;
    }
    PACK(34, HF("cvt.rz.f16.f32", f), HF("cvt.rm.f16.f32", f))
    PACK(35, HF("cvt.rp.f16.f32", f), HF("cvt.rn.relu.f16.f32", g))
    PACK(37, HF("cvt.rz.bf16.f32", f), HF("cvt.rm.bf16.f32", f))
    PACK(38, HF("cvt.rp.bf16.f32", f), HF("cvt.rn.relu.bf16.f32", g))
    PACK(39, HF("cvt.rn.sat.f16.f32", g), HD("cvt.rn.f16.f64", d))
    PACK(40, HD("cvt.rn.bf16.f64", d), HD("cvt.rz.f16.f64", d))
    PACK(41, HR("cvt.rn.f16.s32", s), HR("cvt.rn.bf16.s32", s))
    PACK(42, HR("cvt.rz.f16.u32", s), HL("cvt.rn.bf16.u64", u))
    PACK(43, HL("cvt.rm.f16.s64", u), HR("cvt.rp.bf16.s32", s))
    {
        int i_;
        asm("cvt.rni.s32.f16 %0, %1;" : "=r"(i_) : "h"(alo));
        rb[44 * NB + t] = (unsigned)i_;
        asm("cvt.rpi.s32.bf16 %0, %1;" : "=r"(i_) : "h"(phi));
        rb[46 * NB + t] = (unsigned)i_;
        asm("cvt.sat.f32.f16 %0, %1;" : "=f"(w) : "h"(alo));
        rb[50 * NB + t] = __float_as_uint(w);
    }
    PACK(45, H1("cvt.rzi.s16.f16", ahi), H1("cvt.rmi.u16.bf16", plo))
    PACK(47, H1("cvt.rn.bf16.f16", alo), H1("cvt.rn.f16.bf16", phi))
    PACK(48, H1("cvt.rmi.f16.f16", alo), H1("cvt.rpi.bf16.bf16", phi))
    PACK(49, H1("cvt.rzi.f16.f16", ahi), H1("cvt.rni.bf16.bf16", plo))
    {
        unsigned d_;
        asm("cvt.rz.f16x2.f32 %0, %1, %2;" : "=r"(d_) : "f"(f), "f"(g));
        rb[51 * NB + t] = d_;
        asm("cvt.rz.relu.bf16x2.f32 %0, %1, %2;" : "=r"(d_) : "f"(f), "f"(g));
        rb[52 * NB + t] = d_;
        double e_;
        asm("cvt.f64.bf16 %0, %1;" : "=d"(e_) : "h"(phi));
        rb[54 * NB + t] = (unsigned)__double2loint(e_);
        rb[55 * NB + t] = (unsigned)__double2hiint(e_);
        asm("cvt.f64.f16 %0, %1;" : "=d"(e_) : "h"(alo));
        rb[56 * NB + t] = (unsigned)__double2loint(e_);
        rb[57 * NB + t] = (unsigned)__double2hiint(e_);
    }
    PACK(53, HF("cvt.rz.relu.f16.f32", g), H1("cvt.rni.sat.f16.f16", alo))
}
