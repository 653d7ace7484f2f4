// Planted bug: a register used before anything wrote it. x is never assigned; the inline asm
// keeps nvcc from folding the undefined value away, so the PTX adds 1 to a register that no
// instruction writes.
// warpsim: uninitialized-register (all 32 lanes, at the add).
#pragma nv_diag_suppress 549 // "x is used before its value is set": that is the bug
extern "C" __global__ void bug_uninit_reg(int *out) {
    unsigned t = threadIdx.x;
    int x;
    int y;
    asm volatile("add.s32 %0, %1, 1;" : "=r"(y) : "r"(x));
    out[t] = y + (int)t;
}
