#!/usr/bin/env python3
"""f40.py (keep56): fwin40's 28 figures (h100n; the card's median span over launches 1-9) against warpsim's span of the
LAUNCHES-th launch of one process (`warpsim run --launches`, keep56.diff's option), as check_fwin40.py computes them.

usage: f40.py WARPSIM PRESET LAUNCHES [RUN,RUN...]
  PRESET: e.g. a file of "ifetch.line 0" (the checks' warm), plus "ifetch.keep_rrip 1" (RRIP) or "ifetch.keep_sets 0"
  (every line kept); a file of "ifetch.keep_rrip 0" alone gives a real cold launch 0 and later launches after it."""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CAL = os.path.join(HERE, "..", "..", "tests", "calibration")
sys.path.insert(0, CAL)
from check_far_order import fwin40_runs, fwin40_unpack  # noqa: E402
from check_fwin40 import RUNS  # noqa: E402


def span(ws, ptx, preset, launches, roles, block, spmask, delay, pre):
    """the span of the staying warps in the last of `launches` launches (check_far_order.fwin40_span's)"""
    row = 20
    args = [ws, "run", ptx, "--kernel", "_Z6fwin40ILi%dEEvPyPjffjjjPKf" % pre, "--grid", "1", "--block", str(block),
            "o=u64[%d]" % (32 * row), "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5", "roles=u32:%d" % roles,
            "spmask=u32:%d" % spmask, "delay=u32:%d" % delay, "bp=f32[1]", "--preset", preset, "--json"]
    if launches > 1:
        args += ["--launches", str(launches)]
    o = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["buffers"]["o"]
    stay = [o[w * row:(w + 1) * row] for w in range(block // 32) if o[w * row + row - 1] != 1]
    return max(r[16] for r in stay) - min(r[0] for r in stay)


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    ws, preset, launches = argv[1], os.path.abspath(argv[2]), int(argv[3])
    only = argv[4].split(",") if len(argv) == 5 else RUNS
    beyond = 0
    with tempfile.TemporaryDirectory() as tmp:
        raw, ptx = fwin40_unpack(CAL, tmp)
        for name in only:
            for block, roles, spmask, delay, pre, hw in fwin40_runs(raw, name):
                s = span(ws, ptx, preset, launches, roles, block, spmask, delay, pre)
                e = (s - hw) / hw * 100
                beyond += abs(e) > 10
                print("%-8s %4d %6d %6d %+6.1f%%%s" % (name, block, hw, s, e, " *" if abs(e) > 10 else ""))
    print("beyond", beyond)


if __name__ == "__main__":
    main(sys.argv)
