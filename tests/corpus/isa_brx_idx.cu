// isa_brx_idx: brx.idx over a .branchtargets table (inline PTX: nvcc 13 lowers a dense C++ switch
// to a compare tree, not to brx.idx, at every -O level and with -G; tried with 16 and 48 cases).
// The table is taken three ways: with one index for the whole warp (converged), with a
// lane-dependent index (divergent: up to six targets at once, the lanes reconverge after the
// join label), and in a loop whose index changes per iteration and lane. Every index is in range
// (an index past the table is undefined on the hardware; warpsim stops with an error there).
// jump() is __noinline__: its labels appear once in the PTX, in a .func that every call enters.
__device__ __noinline__ unsigned jump(unsigned k, unsigned v)
{
    unsigned r;
    asm volatile("{\n\t"
                 ".reg .pred p;\n\t"
                 "ts: .branchtargets c0, c1, c2, c3, c4, c5;\n\t"
                 "brx.idx %1, ts;\n"
                 "c0:\n\tmul.lo.u32 %0, %2, 3;\n\tbra.uni done;\n"
                 "c1:\n\txor.b32 %0, %2, 0x5a5a5a5a;\n\tbra.uni done;\n"
                 "c2:\n\tshf.l.wrap.b32 %0, %2, %2, 7;\n\tbra.uni done;\n"
                 "c3:\n\tpopc.b32 %0, %2;\n\tbra.uni done;\n"
                 "c4:\n\tbrev.b32 %0, %2;\n\tsetp.lt.u32 p, %0, 0x1000;\n\t@p add.u32 %0, %0, 77;\n\tbra.uni done;\n"
                 "c5:\n\tnot.b32 %0, %2;\n"
                 "done:\n\t}"
                 : "=r"(r)
                 : "r"(k), "r"(v));
    return r;
}

extern "C" __global__ void isa_brx_idx(const unsigned *in, unsigned sel, unsigned *out)
{
    unsigned i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned v = in[i];
    unsigned a = jump(sel, v); /* converged: sel is one value for the launch */
    unsigned b = jump(v % 6u, i); /* divergent: each lane its own target */
    unsigned acc = v;
    for (unsigned k = 0; k < 5; k++)
        acc = jump((acc + k + threadIdx.x) % 6u, acc) + k; /* divergent, changing every iteration */
    out[i * 4 + 0] = a;
    out[i * 4 + 1] = b;
    out[i * 4 + 2] = acc;
    out[i * 4 + 3] = __activemask(); /* after the jumps: the warp has reconverged */
}
