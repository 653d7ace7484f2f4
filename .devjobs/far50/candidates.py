#!/usr/bin/env python3
"""candidates.py WARPSIM SRCDIR (far50): fwin40's 28 checked figures (h100n) and fwin19 K 0 at 128-1024 (h200f) under
each value of the prototype's ifetch.rerequest (rule.diff applied: 0 off, 1 the release group's re-request, 2 and no
restart out of the group, 3 no restart where a warp out of the group refetches), warpsim warm; a markdown table."""
import os, sys, tarfile, tempfile

SRC = sys.argv[2]
sys.path.insert(0, os.path.join(SRC, "tests", "calibration"))
from check_far_order import fwin40_runs, fwin40_span, fwin40_unpack, fwin_hw, fwin_stamps, span  # noqa: E402
from check_fwin40 import RUNS  # noqa: E402

VALUES = (0, 1, 2, 3)


def main(ws, src):
    cal = os.path.join(src, "tests", "calibration")
    with tempfile.TemporaryDirectory() as tmp:
        raw, ptx = fwin40_unpack(cal, tmp)
        with tarfile.open(os.path.join(cal, "device-2026-12-06-h200f-fwin19.tar.xz")) as t:
            t.extractall(tmp, filter="data")
        raw19 = os.path.join(tmp, "fwin19")
        presets = []
        for v in VALUES:
            presets.append(os.path.join(tmp, "rr%d.preset" % v))
            with open(presets[-1], "w") as f:
                f.write("ifetch.line 0\nifetch.rerequest %d\n" % v)
        print("| run | threads | card | " + " | ".join("rerequest %d" % v for v in VALUES) + " |")
        print("| --- | ---: | ---: |" + " ---: |" * len(VALUES))
        beyond = [0] * len(VALUES)
        errs = [[] for _ in VALUES]
        for name in RUNS:
            for block, roles, spmask, delay, pre, hw in fwin40_runs(raw, name):
                cells = []
                for i, p in enumerate(presets):
                    s = fwin40_span(ws, ptx, roles, p, block, spmask, delay, pre)
                    e = (s - hw) / hw * 100
                    errs[i].append(abs(e))
                    beyond[i] += abs(e) > 10
                    cells.append("%d (%+.1f%%)%s" % (s, e, " **>10**" if abs(e) > 10 else ""))
                print("| fwin40 %s | %d | %d | %s |" % (name, block, hw, " | ".join(cells)))
        print("| fwin40: mean, max, beyond 10% | | | " +
              " | ".join("%.1f%%, %.1f%%, %d" % (sum(e) / len(e), max(e), b) for e, b in zip(errs, beyond)) + " |")
        for block in (128, 256, 512, 1024):
            hw = fwin_hw(raw19, 0, block)
            cells = []
            for p in presets:
                s = span(fwin_stamps(ws, os.path.join(raw19, "probe_fwin.ptx"), 0, block, p))
                cells.append("%d (%+.1f%%)" % (s, (s - hw) / hw * 100))
            print("| fwin19 K 0 | %d | %d | %s |" % (block, hw, " | ".join(cells)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
