#!/usr/bin/env python3
"""f53.py (keep56): fwin53 / fwin54's warm figures past the window (h100u, h100v; the card's median of launches 2-11)
against warpsim's LAUNCHES-th launch of one process (`warpsim run --launches`, keep56.diff's option).

usage: f53.py WARPSIM PRESET LAUNCHES   (PRESET as f40.py's)"""
import json, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CAL = os.path.join(HERE, "..", "..", "tests", "calibration")
sys.path.insert(0, CAL)
from check_far_order import job_unpack  # noqa: E402
from check_fwin53 import card_totals  # noqa: E402

JOBS = (("device-2026-12-07-h100u-fwin53.tar.xz", "fwin53", "probe_fwin53", (64, 80, 96, 128, 160), 160),
        ("device-2026-12-07-h100v-fwin54.tar.xz", "fwin54", "probe_fwin54", (104, 112, 120, 128, 136, 144, 160), 192))


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    ws, preset, launches = argv[1], os.path.abspath(argv[2]), argv[3]
    for tar, job, probe, sizes, maxkb in JOBS:
        with tempfile.TemporaryDirectory() as tmp:
            raw, ptx = job_unpack(CAL, tmp, tar, job, probe)
            for kb in sizes:
                hw = statistics.median(card_totals(raw, kb)[n] for n in range(2, 12))
                args = [ws, "run", ptx, "--kernel", "_Z6regionILi%dELi0EEvPyff" % kb, "--grid", "1", "--block", "32",
                        "o=u64[%d]" % (4 * (maxkb + 3)), "a=f32:1.0001", "b=f32:0.5", "--json", "--preset", preset,
                        "--launches", launches]
                o = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["buffers"]["o"]
                s = o[kb] - o[0]
                e = (s - hw) / hw * 100
                print("%s seq-%d-warm %d %d %+.1f%%%s" % (job, kb, hw, s, e, " *" if abs(e) > 10 else ""))


if __name__ == "__main__":
    main(sys.argv)
