// What the PTX ISA text leaves open, or warpsim could not check against it (tests/test_isa_audit.c):
// one row of 32 words per question, out[row * 32 + lane]. Not a golden yet: run on the H200 and
// compare with warpsim's output (warpsim run programs/probe_isa_audit.ptx @programs/probe_isa_audit.args).
//   rows 0-5  prmt.b32.{f4e,b4e,rc8,ecl,ecr,rc16} of a = 0x33221100, b = 0x77665544 with c = lane
//             (lanes 4-31 ask whether the modes read c[1:0] only, as the ISA's table suggests,
//             and whether ecl/ecr clamp as warpsim has them)
//   row 6     add.rn.sat.f32(-0, -0): +0 or -0?
//   rows 7-8  div.full.f32 and div.rn.f32 of (1 + lane) / (3 + 7 lane): how far div.full is
//   rows 9-10 a * b + c with mul.f32/add.f32 (no rounding modifier: may ptxas fuse them?) and
//             with mul.rn/add.rn (never fused), a = b = 1 + lane 2^-12, c = -1
//   rows 11-12 atom.add.f32 of the smallest subnormal, twice, to global (row 11) and shared memory
//             (row 12): 2 if subnormals are kept, 0 if flushed (warpsim keeps them in both)
#define PRMT(mode, d, a, b, c) asm volatile("prmt.b32." mode " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))

extern "C" __global__ void probe_isa_audit(unsigned *out)
{
    unsigned lane = threadIdx.x & 31, d;
    unsigned a = 0x33221100u + 0u * lane, b = 0x77665544u + 0u * lane;
    PRMT("f4e", d, a, b, lane);
    out[0 * 32 + lane] = d;
    PRMT("b4e", d, a, b, lane);
    out[1 * 32 + lane] = d;
    PRMT("rc8", d, a, b, lane);
    out[2 * 32 + lane] = d;
    PRMT("ecl", d, a, b, lane);
    out[3 * 32 + lane] = d;
    PRMT("ecr", d, a, b, lane);
    out[4 * 32 + lane] = d;
    PRMT("rc16", d, a, b, lane);
    out[5 * 32 + lane] = d;
    float nz = __int_as_float(0x80000000u | (lane & 0u)), s;
    asm volatile("add.rn.sat.f32 %0, %1, %1;" : "=f"(s) : "f"(nz));
    out[6 * 32 + lane] = __float_as_uint(s);
    float x = 1.0f + lane, y = 3.0f + 7.0f * lane, q;
    asm volatile("div.full.f32 %0, %1, %2;" : "=f"(q) : "f"(x), "f"(y));
    out[7 * 32 + lane] = __float_as_uint(q);
    asm volatile("div.rn.f32 %0, %1, %2;" : "=f"(q) : "f"(x), "f"(y));
    out[8 * 32 + lane] = __float_as_uint(q);
    float m = 1.0f + lane * (1.0f / 4096.0f), t, r;
    asm volatile("{ .reg .f32 t; mul.f32 t, %1, %1; add.f32 %0, t, 0fBF800000; }" : "=f"(r) : "f"(m));
    out[9 * 32 + lane] = __float_as_uint(r);
    asm volatile("mul.rn.f32 %0, %1, %1;" : "=f"(t) : "f"(m));
    asm volatile("add.rn.f32 %0, %1, 0fBF800000;" : "=f"(r) : "f"(t));
    out[10 * 32 + lane] = __float_as_uint(r);
    __shared__ float sh[32];
    float tiny = __int_as_float(1 + 0 * lane);
    sh[lane] = 0.0f;
    __syncwarp();
    atomicAdd((float *)&out[11 * 32 + lane], tiny);
    atomicAdd((float *)&out[11 * 32 + lane], tiny);
    atomicAdd(&sh[lane], tiny);
    atomicAdd(&sh[lane], tiny);
    __syncwarp();
    out[12 * 32 + lane] = __float_as_uint(sh[lane]);
}
