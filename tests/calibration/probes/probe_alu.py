#!/usr/bin/env python3
"""probe_alu's H200 figures beside warpsim's (issue 15).

usage: probe_alu.py WARPSIM RAW_DIR PTX
  RAW_DIR: device-2026-12-04-alu24.tar.xz unpacked (alu24/KIND_GRID_BLOCK.txt, "launch block warp t0 t1 warpid smid")
  PTX: nvcc -arch=sm_90 -O3 -ptx of probe_alu.cu
Per kind and block size: the block's span (the last warp's t1 less the first warp's t0), the H200's median over its
first launches (a process's first launch: cold code, as warpsim models a run) and over the later ones (warm code),
and warpsim's one run (grid 1)."""
import json, os, statistics, subprocess, sys

KINDS = "sel add xor fma mad mix".split()
BLOCKS = (32, 128, 256, 512, 1024)


def spans(path):
    per = {}
    for line in open(path):
        f = line.split()
        if len(f) < 5 or not f[0].isdigit():
            continue
        la, bl, _, t0, t1 = map(int, f[:5])
        a = per.setdefault((la, bl), [1 << 62, 0])
        a[0], a[1] = min(a[0], t0), max(a[1], t1)
    first = [v[1] - v[0] for k, v in per.items() if k[0] == 0]
    warm = [v[1] - v[0] for k, v in per.items() if k[0] > 0]
    return statistics.median(first), statistics.median(warm)


def warpsim(ws, ptx, kernel, block, a=5, b=3, extra=()):
    n = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", kernel, "--grid", "1", "--block", str(block),
                          "out=u64[%d]" % (4 * n), "sink=u32[%d]" % block, "a=u32:%d" % a, "b=u32:%d" % b, *extra],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    i = out.index("== out u64[%d]" % (4 * n)) + 1
    vals = []
    while len(vals) < 4 * n:
        vals += [int(v) for v in out[i].split()]
        i += 1
    return max(vals[1::4]) - min(vals[0::4])


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ws, raw, ptx = sys.argv[1:]
    print("| kind | warps | H200 first launch | H200 warm | warpsim | error (first launch) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for k in KINDS:
        for b in BLOCKS:
            first, warm = spans(os.path.join(raw, "%s_1_%d.txt" % (k, b)))
            w = warpsim(ws, ptx, "alu_" + k, b)
            print("| %s | %d | %.0f | %.0f | %d | %+.1f%% |" % (k, b // 32, first, warm, w, (w - first) / first * 100))


if __name__ == "__main__":
    main()
