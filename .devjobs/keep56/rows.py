#!/usr/bin/env python3
"""rows.py (keep56): each warp's role, first stamp, last stamp and 16 segments of probe_fwin40 (pre 0, spmask 15) in
warpsim's LAUNCHES-th launch, cycles from the earliest first stamp (the card's: its fwin40/probe/RUN.txt rows).

usage: rows.py WARPSIM PRESET LAUNCHES ROLES_HEX BLOCK"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CAL = os.path.join(HERE, "..", "..", "tests", "calibration")
sys.path.insert(0, CAL)
from check_far_order import fwin40_unpack  # noqa: E402


def main(argv):
    if len(argv) != 6:
        sys.exit(__doc__)
    ws, preset, launches, roles, block = argv[1], os.path.abspath(argv[2]), argv[3], int(argv[4], 16), int(argv[5])
    row = 20
    with tempfile.TemporaryDirectory() as tmp:
        _, ptx = fwin40_unpack(CAL, tmp)
        out = subprocess.run([ws, "run", ptx, "--kernel", "_Z6fwin40ILi0EEvPyPjffjjjPKf", "--grid", "1", "--block",
                              str(block), "o=u64[%d]" % (32 * row), "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5",
                              "roles=u32:%d" % roles, "spmask=u32:15", "delay=u32:0", "bp=f32[1]", "--preset", preset,
                              "--json", "--launches", launches], capture_output=True, text=True, check=True).stdout
    o = json.loads(out)["buffers"]["o"]
    t0 = min(o[w * row] for w in range(block // 32))
    for w in range(block // 32):
        r = o[w * row:(w + 1) * row]
        print(w, "role", r[19], "start", r[0] - t0, "end", r[16] - t0, "segs", " ".join(str(r[i + 1] - r[i]) for i in range(16)))


if __name__ == "__main__":
    main(sys.argv)
