#!/usr/bin/env python3
"""slots.py WARPSIM SRCDIR RUN [PRESET-TEXT] (k123): warpsim's warm run of fwin40's RUN (its first block size) per slot
of sub-partition 0: role, the end of segments 1 / 4 / 8 / 12 / 16 (cycles from the first start), as read_fwin40.py
prints the card's medians."""
import json, os, subprocess, sys, tempfile
sys.path.insert(0, os.path.join(sys.argv[2], "tests", "calibration"))
from check_far_order import fwin40_runs, fwin40_unpack  # noqa: E402

ws, cal, run = sys.argv[1], os.path.join(sys.argv[2], "tests", "calibration"), sys.argv[3]
extra = sys.argv[4].replace("\\n", "\n") if len(sys.argv) > 4 else ""
with tempfile.TemporaryDirectory() as tmp:
    raw, ptx = fwin40_unpack(cal, tmp)
    block, roles, spmask, delay, pre, hw = fwin40_runs(raw, run)[0]
    p = os.path.join(tmp, "w.preset")
    open(p, "w").write("ifetch.line 0\n" + extra + "\n")
    out = subprocess.run([ws, "run", ptx, "--kernel", "_Z6fwin40ILi%dEEvPyPjffjjjPKf" % pre, "--grid", "1", "--block",
                          str(block), "o=u64[640]", "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5", "roles=u32:%d" % roles,
                          "spmask=u32:%d" % spmask, "delay=u32:%d" % delay, "bp=f32[1]", "--preset", p, "--json"],
                         capture_output=True, text=True, check=True).stdout
    o = json.loads(out)["buffers"]["o"]
    rows = [o[w * 20:(w + 1) * 20] for w in range(block // 32)]
    lo = min(r[0] for r in rows if r[19] != 1)
    print("%s %d (h100n %d), sub-partition 0:" % (run, block, hw))
    for w in range(0, block // 32, 4):
        r = rows[w]
        if r[19] != 1:
            print("  slot %d role %d: %s" % (w // 4, r[19], " / ".join(str(r[s] - lo) for s in (1, 4, 8, 12, 16))))
