#!/usr/bin/env python3
"""compare.py WARPSIM SRCDIR [PRESET-LINES...] (k123): fwin40's 28 figures with the built-in preset and with each
extra preset text (a "\\n"-separated string, appended after ifetch.line 0), side by side."""
import os, sys, tempfile
sys.path.insert(0, os.path.join(sys.argv[2], "tests", "calibration"))
from check_far_order import fwin40_runs, fwin40_span, fwin40_unpack  # noqa: E402
from check_fwin40 import RUNS  # noqa: E402

ws, cal = sys.argv[1], os.path.join(sys.argv[2], "tests", "calibration")
variants = [""] + [v.replace("\\n", "\n") for v in sys.argv[3:]]
with tempfile.TemporaryDirectory() as tmp:
    raw, ptx = fwin40_unpack(cal, tmp)
    presets = []
    for i, v in enumerate(variants):
        p = os.path.join(tmp, "v%d.preset" % i)
        open(p, "w").write("ifetch.line 0\n" + v + "\n")
        presets.append(p)
    print("| run | threads | h100n | " + " | ".join(["built-in"] + [v.strip().replace("\n", "; ") for v in variants[1:]]) + " |")
    for name in RUNS:
        for block, roles, spmask, delay, pre, hw in fwin40_runs(raw, name):
            cells = []
            for p in presets:
                s = fwin40_span(ws, ptx, roles, p, block, spmask, delay, pre)
                cells.append("%d (%+.1f%%)" % (s, 100.0 * (s - hw) / hw))
            print("| %s | %d | %d | %s |" % (name, block, hw, " | ".join(cells)), flush=True)
