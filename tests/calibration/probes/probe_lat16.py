#!/usr/bin/env python3
"""probe_lat16's H200 chains (issue 15, lat16) with warpsim's beside.

usage: probe_lat16.py RAW_DIR [WARPSIM PTX]
  RAW_DIR: device-2026-12-04-lat16.tar.xz unpacked (lat16/): probe/KIND.txt, "kind S launch t0 t1" a launch,
           5 launches at S = 128 steps, then 5 at 256, in one process (each S's first launch: cold code)
  PTX: probes/probe_lat16.ptx.xz unpacked (nvcc -arch=sm_90 -O3 -ptx of probe_lat16.cu)
Per kind (FORM_N: N interleaved chains of FORM): the median warm span (launches 1-4) at 128 and 256 steps and the
cycles a step, (span 256 - span 128) / 128: with N = 1 the chain's latency. warpsim: one run of each kernel with
ifetch.line 0 (warm code), the same difference."""
import os
import statistics
import subprocess
import sys
import tempfile


def h200(path):
    spans = {128: [], 256: []}
    for line in open(path):
        f = line.split()
        if len(f) == 5 and f[1] in ("128", "256") and int(f[2]) > 0:
            spans[int(f[1])].append(int(f[4]) - int(f[3]))
    return {s: statistics.median(v) for s, v in spans.items() if v}


def warpsim(ws, ptx, preset, kind, steps):
    form, n = kind.rsplit("_", 1)
    out = subprocess.run([ws, "run", ptx, "--kernel", "lat16_%s_%s_%d" % (form, n, steps), "--grid", "1", "--block",
                          "32", "o=u64[2]", "sink=u32[32]", "a=u32:3", "b=u32:5", "--mode", "timing", "--preset",
                          preset], capture_output=True, text=True, check=True).stdout.split("\n")
    t0, t1 = map(int, out[out.index("== o u64[2]") + 1].split())
    return t1 - t0


def main():
    if len(sys.argv) not in (2, 4):
        sys.exit(__doc__)
    raw = sys.argv[1]
    with tempfile.NamedTemporaryFile("w", suffix=".preset", delete=False) as p:
        p.write("ifetch.line 0\n")
    print("| kind | H200 128 steps | 256 | a step | warpsim 128 | 256 | a step |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in sorted(os.listdir(os.path.join(raw, "probe"))):
        kind = name[:-4]
        h = h200(os.path.join(raw, "probe", name))
        row = "| %s |" % kind
        row += (" %.0f | %.0f | %.2f |" % (h[128], h[256], (h[256] - h[128]) / 128)) if len(h) == 2 else " - | - | - |"
        if len(sys.argv) == 4:
            w = {s: warpsim(sys.argv[2], sys.argv[3], p.name, kind, s) for s in (128, 256)}
            row += " %d | %d | %.2f |" % (w[128], w[256], (w[256] - w[128]) / 128)
        print(row)
    os.unlink(p.name)


if __name__ == "__main__":
    main()
