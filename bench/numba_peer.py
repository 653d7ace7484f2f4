#!/usr/bin/env python3
"""The peer of `warpsim bench --peer numba`: the bench kernels written for numba's CUDA simulator.

numba's simulator (NUMBA_ENABLE_CUDASIM=1) has no warp-level functions (no shfl, vote, ballot,
match, activemask or syncwarp: ../shared/HARDWARE-NOTES.md), so these kernels are written as a
numba user would write them: every shuffle becomes an exchange through shared memory between two
cuda.syncthreads(), keeping exactly the semantics of the warpsim kernel (a lane whose source is
out of range keeps its own value), so both produce the same output buffer: each line carries an
FNV-1a checksum of it, which warpsim compares with its own.

Prints one JSON object per kernel and line:
  {"kernel": NAME, "seconds_per_launch": S, "launches": N, "checksum": C}
or {"kernel": NAME, "error": MSG}. Sizes (grid, block, iters) must match cmd_bench.c's peer_*.

Install: bench/setup_numba.sh (pip install numba). Usage: python3 bench/numba_peer.py --json
"""
import json
import os
import sys
import time

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"

M32 = 0xFFFFFFFF


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


try:
    from numba import cuda, uint32, float32
    IMPORT_ERROR = None
except Exception as e:  # numba missing: main() prints one error line per kernel
    IMPORT_ERROR = e


W = 32

if IMPORT_ERROR is None:

    @cuda.jit
    def reduce_loop(out, iters):
        # 5-step shfl_down reduction, each step through shared memory
        sh = cuda.shared.array(1024, dtype=uint32)
        t = cuda.threadIdx.x
        lane = t & 31
        acc = 0
        for i in range(iters):
            v = (lane * 2654435761 + i) & M32
            off = 16
            while off > 0:
                sh[t] = v
                cuda.syncthreads()
                u = sh[t + off] if lane + off < W else v  # out of range: own value
                cuda.syncthreads()
                v = (v + int(u)) & M32
                off >>= 1
            acc ^= v
        out[cuda.blockIdx.x * cuda.blockDim.x + t] = acc

    @cuda.jit
    def scan_loop(out, iters):
        # 5-step shfl_up inclusive scan through shared memory
        sh = cuda.shared.array(1024, dtype=uint32)
        t = cuda.threadIdx.x
        lane = t & 31
        acc = 0
        for i in range(iters):
            v = ((lane ^ i) + 1) & M32
            off = 1
            while off < W:
                sh[t] = v
                cuda.syncthreads()
                u = sh[t - off] if lane >= off else v
                cuda.syncthreads()
                if lane >= off:
                    v = (v + int(u)) & M32
                off <<= 1
            acc = (acc + v) & M32
        out[cuda.blockIdx.x * cuda.blockDim.x + t] = acc

    @cuda.jit
    def divergent(out, iters):
        # lane-dependent trip counts; the if/else shuffles become one exchange before the branch
        sh = cuda.shared.array(1024, dtype=uint32)
        t = cuda.threadIdx.x
        lane = t & 31
        acc = lane
        for i in range(iters):
            trips = (lane + i) & 7
            for j in range(trips):
                acc = (acc * 1664525 + 1013904223) & M32
            sh[t] = acc
            cuda.syncthreads()
            if lane & 1:
                u = sh[t + 1] if lane + 1 < W else acc  # shfl_down 1
                cuda.syncthreads()
                acc = (acc + int(u)) & M32
            else:
                u = sh[t - 1] if lane >= 1 else acc  # shfl_up 1
                cuda.syncthreads()
                acc = acc ^ int(u)
            sh[t] = acc
            cuda.syncthreads()
            u = sh[t ^ 16]  # shfl_xor 16
            cuda.syncthreads()
            acc = (acc + int(u)) & M32
        out[cuda.blockIdx.x * cuda.blockDim.x + t] = acc

    @cuda.jit
    def bank_conflicts(out, iters):
        # the same shared-memory accesses (numba has no syncwarp: syncthreads instead)
        tab = cuda.shared.array((4, 1024), dtype=uint32)
        t = cuda.threadIdx.x
        lane = t & 31
        row = (t // 32) & 3
        k = lane
        while k < 1024:
            tab[row, k] = (k * 7) & M32
            k += 32
        cuda.syncthreads()
        acc = lane
        for i in range(iters):
            m = i & 3
            shift = 0 if m == 0 else 1 if m == 1 else 3 if m == 2 else 5
            idx = ((lane << shift) + i) & 1023
            acc = (acc + int(tab[row, idx])) & M32
            cuda.syncthreads()
            tab[row, idx] = acc
            cuda.syncthreads()
        out[cuda.blockIdx.x * cuda.blockDim.x + t] = acc

    @cuda.jit
    def block_reduce(inp, out):
        # programs/block_reduce.cu: warp trees through shared memory, warp sums, warp 0 finishes
        sh = cuda.shared.array(1024, dtype=float32)
        warp_sum = cuda.shared.array(32, dtype=float32)
        t = cuda.threadIdx.x
        lane = t & 31
        wid = t // 32
        v = inp[cuda.blockIdx.x * cuda.blockDim.x + t]
        off = 16
        while off > 0:
            sh[t] = v
            cuda.syncthreads()
            u = sh[t + off] if lane + off < W else v
            cuda.syncthreads()
            v = float32(v + u)
            off >>= 1
        if lane == 0:
            warp_sum[wid] = v
        cuda.syncthreads()
        v = warp_sum[lane] if wid == 0 else float32(0.0)
        off = 16
        while off > 0:
            sh[t] = v
            cuda.syncthreads()
            u = sh[t + off] if lane + off < W else v
            cuda.syncthreads()
            v = float32(v + u)
            off >>= 1
        if t == 0:
            out[cuda.blockIdx.x] = v

    KERNELS = {
        "reduce_loop": reduce_loop,
        "scan_loop": scan_loop,
        "divergent": divergent,
        "bank_conflicts": bank_conflicts,
        "block_reduce": block_reduce,
    }


# (grid, block, iters): the sizes cmd_bench.c runs warpsim at for the comparison
SIZES = {
    "reduce_loop": (1, 32, 8),
    "block_reduce": (1, 1024, 0),
    "scan_loop": (1, 32, 8),
    "divergent": (1, 32, 8),
    "bank_conflicts": (1, 32, 8),
}


def run(cuda, kern, name, min_s):
    import numpy as np

    grid, block, iters = SIZES[name]
    if name == "block_reduce":
        n = grid * block
        inp = (np.arange(n, dtype=np.uint32) & 255).astype(np.float32)
        out = np.zeros(grid, dtype=np.float32)
        args = (inp, out)
    else:
        out = np.zeros(grid * block, dtype=np.uint32)
        args = (out, np.int32(iters))
    kern[grid, block](*args)  # the first launch: setup outside the timing
    best, launches, t0 = float("inf"), 0, time.perf_counter()
    while launches < 2 or time.perf_counter() - t0 < min_s:
        t1 = time.perf_counter()
        kern[grid, block](*args)
        best = min(best, time.perf_counter() - t1)
        launches += 1
    return best, launches, fnv1a(out.tobytes())


def main():
    only = None
    min_s = 1.0
    args = sys.argv[1:]
    for i, a in enumerate(args):
        if a == "--only" and i + 1 < len(args):
            only = args[i + 1]
        if a == "--min-seconds" and i + 1 < len(args):
            min_s = float(args[i + 1])
    if IMPORT_ERROR is not None:
        for name in SIZES:
            e = IMPORT_ERROR
            print(json.dumps({"kernel": name, "error": f"numba unavailable: {type(e).__name__}: {e}"[:180]}))
        return 0
    for name, kern in KERNELS.items():
        if only and name != only:
            continue
        try:
            s, n, c = run(cuda, kern, name, min_s)
            print(json.dumps({"kernel": name, "seconds_per_launch": s, "launches": n, "checksum": c}), flush=True)
        except Exception as e:
            print(json.dumps({"kernel": name, "error": f"{type(e).__name__}: {e}"[:180]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
