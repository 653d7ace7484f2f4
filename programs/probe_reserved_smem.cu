// What an H200 gives for the special registers warpsim models by a documented choice
// (docs/isa.md, "Special registers and constants"), and which lane elect.sync picks.
// One block of 64 threads with 1000 bytes of static shared memory; out[i]:
//  0 %reserved_smem_offset_begin   1 %reserved_smem_offset_end   2 %reserved_smem_offset_cap
//  3 %reserved_smem_offset_0       4 %reserved_smem_offset_1     5 %aggr_smem_size
//  6 %total_smem_size              7 %dynamic_smem_size          8 %nsmid
//  9 %gridid (low 32 bits)        10 the lane elect.sync elects among lanes 5..31 of warp 0
// 11 the lane elected in the full warp 1 (lanes 32..63: its lane numbers 0..31)
// 12 the shared-memory address of buf[0] (cvta.to.shared of its generic address)
// warpsim's answers: 0 288 1024 0 0 2024 1024 0 132 1 5 0 1024 (the H200's layout: a reserved
// KiB ahead of the kernel's shared memory; tests/golden/probe_reserved_smem.json).
__device__ __forceinline__ unsigned sreg(int which)
{
    unsigned v = 0;
    switch (which) {
    case 0: asm volatile("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(v)); break;
    case 1: asm volatile("mov.u32 %0, %%reserved_smem_offset_end;" : "=r"(v)); break;
    case 2: asm volatile("mov.u32 %0, %%reserved_smem_offset_cap;" : "=r"(v)); break;
    case 3: asm volatile("mov.u32 %0, %%reserved_smem_offset_0;" : "=r"(v)); break;
    case 4: asm volatile("mov.u32 %0, %%reserved_smem_offset_1;" : "=r"(v)); break;
    case 5: asm volatile("mov.u32 %0, %%aggr_smem_size;" : "=r"(v)); break;
    case 6: asm volatile("mov.u32 %0, %%total_smem_size;" : "=r"(v)); break;
    case 7: asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(v)); break;
    case 8: asm volatile("mov.u32 %0, %%nsmid;" : "=r"(v)); break;
    default: {
        unsigned long long g;
        asm volatile("mov.u64 %0, %%gridid;" : "=l"(g));
        v = (unsigned)g;
    }
    }
    return v;
}

__device__ __forceinline__ unsigned elect_lane(unsigned mask)
{
    unsigned lane;
    asm volatile("{\n\t.reg .pred p;\n\telect.sync %0|p, %1;\n\t}" : "=r"(lane) : "r"(mask));
    return lane;
}

extern "C" __global__ void probe_reserved_smem(unsigned *out)
{
    __shared__ unsigned char buf[1000];
    unsigned t = threadIdx.x, lane = t & 31;
    buf[t] = (unsigned char)t;
    __syncthreads();
    if (t < 10)
        out[t] = sreg((int)t);
    if (t < 32 && lane >= 5) {
        unsigned e = elect_lane(__activemask());
        if (lane == 5)
            out[10] = e;
    }
    if (t >= 32) {
        unsigned e = elect_lane(0xffffffffu);
        if (t == 32)
            out[11] = e;
    }
    if (t == 0)
        out[12] = (unsigned)__cvta_generic_to_shared(&buf[buf[1] - 1]);
}
