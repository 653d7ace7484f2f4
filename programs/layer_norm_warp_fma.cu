// layer_norm_warp (layer_norm_warp.cu) with its one multiply-subtract that ptxas contracts written
// out as the fmaf it becomes on sm_90: warpsim does not contract mul.f32 + sub.f32 itself, so this
// twin is the one that must give the H200's bits.
#define WRITE_OUT_FFMA
#include "layer_norm_warp.cu"
