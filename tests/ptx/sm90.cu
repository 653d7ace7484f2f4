// sm_90 instructions as nvcc emits them for CUDA's intrinsics and cooperative_groups
// (tests/test_ptx_features.c runs sm90.ptx): nvcc -arch=sm_90 -ptx sm90.cu -o sm90.ptx
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void feat(unsigned *out, const unsigned *in)
{
    unsigned t = threadIdx.x, a = in[t], b = in[t + 32];
    cudaGridDependencySynchronize();             // griddepcontrol.wait
    out[t] = __fns(a, t, (int)(b % 5) - 2);      // fns.b32
    out[32 + t] = __byte_perm(a, b, t * 0x1111); // prmt.b32
    if (t % 3 != 0) {                            // a coalesced group of lanes 1, 2, 4, 5, ...
        auto act = cg::coalesced_threads();
        out[64 + t] = act.thread_rank();
        cg::invoke_one(act, [&] { out[96] = t; }); // elect.sync: the leader stores its lane
    }
    cudaTriggerProgrammaticLaunchCompletion();   // griddepcontrol.launch_dependents
}
