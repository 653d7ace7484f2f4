#!/usr/bin/env python3
"""warpsim against the H100s' fwin40 jobs (h100n, h100q, h100x, h100z, 2026-12-07; .devjobs/fwin40, docs/calibration.md
"(fwin45)", "(ldc56)"): all 28 runs of probe_fwin40's kernel on each card, each figure the card's median span over launches 1-9 against warpsim's warm span
(ifetch.line 0, the built-in preset: pick.far_order and ifetch.far_keep on; the third launch of one process,
check_far_order.py's WARM_LAUNCHES, so that the far cache is fed the lines the launch before got: "(keep58)").

usage: check_fwin40.py WARPSIM SRCDIR
  prints each figure, its error and the summary (figures, mean |error|, max, beyond 10%), and compares the figures
  beyond 10% with tests/calibration/fwin40_beyond.txt as check_device_jobs.py --ledger does with its ledger: it fails
  where a figure leaves the bound and is not on the ledger, and where one on the ledger comes within it."""
import os, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_device_jobs import ledger_main  # noqa: E402
from check_far_order import fwin40_runs, fwin40_span, job_unpack  # noqa: E402

# run.sh's runs of the fwin40 kernel (the job's base-last repeats base at 512; f37-first and f37-last are probe_fwin37)
RUNS = ("base", "pre", "pre-x0", "sp1", "sp3", "x0", "x3", "x03", "x12", "x0-384", "k0", "k3", "k03", "k1-256", "k123",
        "b0", "b3", "b03", "b1-256", "s0", "s03")


# the cards' jobs: (tarball, the figures' label); h100q ran it in all50.sh (10:16Z), h100x in all50.sh again (16:38Z), h100z
# with near58 (19:20Z)
CARDS = (("device-2026-12-07-h100n-fwin40.tar.xz", "fwin40"), ("device-2026-12-07-h100q-fwin40.tar.xz", "fwin40-q"),
         ("device-2026-12-07-h100x-fwin40.tar.xz", "fwin40-x"), ("device-2026-12-07-h100z-fwin40.tar.xz", "fwin40-z"))


def figures(ws, cal):
    """[(label, run, threads, the card's median span, warpsim's warm span)] of the 28 runs on each card (warpsim's spans
    computed once: the cards ran the same PTX)."""
    rows, spans = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        warm = os.path.join(tmp, "warm.preset")
        with open(warm, "w") as f:
            f.write("ifetch.line 0\n")
        for tar, label in CARDS:
            where = os.path.join(tmp, label)
            os.mkdir(where)
            raw, ptx = job_unpack(cal, where, tar, "fwin40", "probe_fwin40")
            for name in RUNS:
                for block, roles, spmask, delay, pre, hw in fwin40_runs(raw, name):
                    key = (roles, block, spmask, delay, pre)
                    if key not in spans:
                        spans[key] = fwin40_span(ws, ptx, roles, warm, block, spmask, delay, pre)
                    rows.append((label, name, block, hw, spans[key]))
    return rows


def main(argv):
    return ledger_main(argv, __doc__, figures, 28 * len(CARDS), "H100 (h100n, h100q, h100x, h100z)", "fwin40_beyond.txt")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
