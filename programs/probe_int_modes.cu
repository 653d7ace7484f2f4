// The integer instructions whose modes warpsim follows from the PTX ISA's text alone, on the
// H200: prmt's six modes, bmsk, szext, fns and the carry chain, including a chain that mixes
// an addition and a subtraction (the one case the text leaves to interpretation).
// out[i], i from 0 (compare with `warpsim run` of the same .ptx and .args):
//   0..23  prmt.{f4e,b4e,rc8,ecl,ecr,rc16} of a = 0x33221100, b = 0x77665544, selector 0..3
//  24..31  bmsk.{clamp,wrap} of (1,2) (0,32) (33,4) (28,8)
//  32..39  szext.{clamp,wrap}.s32 of (0xf0,8) (0x80,40) and .u32 of (0xf0,8) (0xffffffff,0)
//  40..47  fns of 0xaaaaaaaa with (base, offset) (3,1) (3,-1) (2,1) (2,-1) (0,2) (31,-3) (30,2) (5,0)
//  48..55  (low, high) of add.cc then addc; add.cc then subc; sub.cc then addc; sub.cc then subc:
//          low = 0xffffffff + 1 or 0 - 1, high = 5 + 2 (+ carry) or 5 - (2 + carry)
#define PRMT(m, s) asm("prmt.b32." #m " %0, %1, %2, " #s ";" : "=r"(r) : "r"(a), "r"(b))

extern "C" __global__ void probe_int_modes(unsigned *out, unsigned a, unsigned b)
{
    if (threadIdx.x != 0)
        return;
    unsigned r, i = 0;
    PRMT(f4e, 0); out[i++] = r; PRMT(f4e, 1); out[i++] = r; PRMT(f4e, 2); out[i++] = r; PRMT(f4e, 3); out[i++] = r;
    PRMT(b4e, 0); out[i++] = r; PRMT(b4e, 1); out[i++] = r; PRMT(b4e, 2); out[i++] = r; PRMT(b4e, 3); out[i++] = r;
    PRMT(rc8, 0); out[i++] = r; PRMT(rc8, 1); out[i++] = r; PRMT(rc8, 2); out[i++] = r; PRMT(rc8, 3); out[i++] = r;
    PRMT(ecl, 0); out[i++] = r; PRMT(ecl, 1); out[i++] = r; PRMT(ecl, 2); out[i++] = r; PRMT(ecl, 3); out[i++] = r;
    PRMT(ecr, 0); out[i++] = r; PRMT(ecr, 1); out[i++] = r; PRMT(ecr, 2); out[i++] = r; PRMT(ecr, 3); out[i++] = r;
    PRMT(rc16, 0); out[i++] = r; PRMT(rc16, 1); out[i++] = r; PRMT(rc16, 2); out[i++] = r; PRMT(rc16, 3); out[i++] = r;
    static const unsigned bm[4][2] = {{1, 2}, {0, 32}, {33, 4}, {28, 8}};
    for (int k = 0; k < 4; k++) {
        unsigned x = bm[k][0] + (a & 0), y = bm[k][1] + (b & 0); /* registers, not immediates */
        asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); out[i++] = r;
        asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); out[i++] = r;
    }
    unsigned v0 = 0xf0 + (a & 0), v1 = 0x80 + (a & 0), n8 = 8 + (b & 0), n40 = 40 + (b & 0);
    asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(v0), "r"(n8)); out[i++] = r;
    asm("szext.wrap.s32 %0, %1, %2;" : "=r"(r) : "r"(v0), "r"(n8)); out[i++] = r;
    asm("szext.clamp.s32 %0, %1, %2;" : "=r"(r) : "r"(v1), "r"(n40)); out[i++] = r;
    asm("szext.wrap.s32 %0, %1, %2;" : "=r"(r) : "r"(v1), "r"(n40)); out[i++] = r;
    asm("szext.clamp.u32 %0, %1, %2;" : "=r"(r) : "r"(v0), "r"(n8)); out[i++] = r;
    asm("szext.wrap.u32 %0, %1, %2;" : "=r"(r) : "r"(v0), "r"(n8)); out[i++] = r;
    asm("szext.clamp.u32 %0, %1, %2;" : "=r"(r) : "r"(~(a & 0)), "r"(b & 0)); out[i++] = r;
    asm("szext.wrap.u32 %0, %1, %2;" : "=r"(r) : "r"(~(a & 0)), "r"(b & 0)); out[i++] = r;
    static const int fb[8][2] = {{3, 1}, {3, -1}, {2, 1}, {2, -1}, {0, 2}, {31, -3}, {30, 2}, {5, 0}};
    for (int k = 0; k < 8; k++)
        out[i++] = __fns(0xaaaaaaaau + (a & 0), (unsigned)fb[k][0], fb[k][1]);
    unsigned z = a & 0, one = z + 1, five = z + 5, two = z + 2, lo;
    asm volatile("add.cc.u32 %0, %2, %3;\n\taddc.u32 %1, %4, %5;" : "=r"(lo), "=r"(r) : "r"(~z), "r"(one), "r"(five), "r"(two));
    out[i++] = lo;
    out[i++] = r;
    asm volatile("add.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, %4, %5;" : "=r"(lo), "=r"(r) : "r"(~z), "r"(one), "r"(five), "r"(two));
    out[i++] = lo;
    out[i++] = r;
    asm volatile("sub.cc.u32 %0, %2, %3;\n\taddc.u32 %1, %4, %5;" : "=r"(lo), "=r"(r) : "r"(z), "r"(one), "r"(five), "r"(two));
    out[i++] = lo;
    out[i++] = r;
    asm volatile("sub.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, %4, %5;" : "=r"(lo), "=r"(r) : "r"(z), "r"(one), "r"(five), "r"(two));
    out[i++] = lo;
    out[i++] = r;
}
