#!/usr/bin/env python3
"""warpsim against the H100s' fwin53 and fwin54 jobs (h100u and h100v, and both again on h100x and h100z, 2026-12-07; .devjobs/fwin53, .devjobs/fwin54,
docs/calibration.md "(win53)", "(fwin54)"): the seq-KB runs of probe_fwin53's region<KB,0> (one warp of straight-line
code, KB chunks of 64 FFMAs and a stamp; fwin54's build, -DFWIN54, has more sizes and MAXKB 192), each twice: cold, launch 0's cycles (a process's first launch) against warpsim's first launch (the built-in preset), and
warm, the median over launches 2-11 against warpsim's warm launch (ifetch.line 0); a figure is the sum of the KB
chunks' cycles (the last stamp less the first).

usage: check_fwin53.py WARPSIM SRCDIR
  prints each figure, its error and the summary (figures, mean |error|, max, beyond 10%), and compares the figures
  beyond 10% with tests/calibration/fwin53_beyond.txt as check_fwin40.py does with its ledger: it fails where a figure
  leaves the bound and is not on the ledger, and where one on the ledger comes within it."""
import json, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_device_jobs import ledger_main  # noqa: E402
from check_far_order import WARM_LAUNCHES, job_unpack  # noqa: E402

# the jobs: (tarball, the figures' label, job, the probe's PTX in probes/, run.sh's seq-KB sizes, MAXKB: a warp's
# stamps are MAXKB + 3 words of o); h100x ran both jobs again (16:37Z), h100z too (19:19Z), out of sample for every rule fitted before
FWIN53 = (8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 128, 160)
FWIN54 = (104, 112, 120, 128, 136, 144, 160, 176, 192)
JOBS = (("device-2026-12-07-h100u-fwin53.tar.xz", "fwin53", "fwin53", "probe_fwin53", FWIN53, 160),
        ("device-2026-12-07-h100v-fwin54.tar.xz", "fwin54", "fwin54", "probe_fwin54", FWIN54, 192),
        ("device-2026-12-07-h100x-fwin53.tar.xz", "fwin53-x", "fwin53", "probe_fwin53", FWIN53, 160),
        ("device-2026-12-07-h100x-fwin54.tar.xz", "fwin54-x", "fwin54", "probe_fwin54", FWIN54, 192),
        ("device-2026-12-07-h100z-fwin53.tar.xz", "fwin53-z", "fwin53", "probe_fwin53", FWIN53, 160),
        ("device-2026-12-07-h100z-fwin54.tar.xz", "fwin54-z", "fwin54", "probe_fwin54", FWIN54, 192))


def card_totals(raw, kb):
    """{launch: warp 0's cycles over the KB chunks} of the run seq-KB ("L n KB k w W sm M: d1 ... dKB" lines)."""
    out = {}
    for line in open(os.path.join(raw, "probe", "seq-%d.txt" % kb)):
        if line.startswith("L "):
            head, d = line.split(":", 1)
            f = head.split()
            if int(f[3]) == kb and int(f[5]) == 0:
                out[int(f[1])] = sum(int(x) for x in d.split())
    if sorted(out) != list(range(12)):
        raise SystemExit("seq-%d: launches %s, not 0-11" % (kb, sorted(out)))
    return out


def sim_total(ws, ptx, kb, maxkb, preset=None):
    """warpsim's cycles over region<KB,0>'s KB chunks at one warp (preset: a --preset file, warm: the
    WARM_LAUNCHES-th launch of one process, check_far_order.py's; None: the built-in one, a first launch)."""
    args = [ws, "run", ptx, "--kernel", "_Z6regionILi%dELi0EEvPyff" % kb, "--grid", "1", "--block", "32",
            "o=u64[%d]" % (4 * (maxkb + 3)), "a=f32:1.0001", "b=f32:0.5", "--json"]
    if preset:
        args += ["--preset", preset, "--launches", str(WARM_LAUNCHES)]
    o = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["buffers"]["o"]
    return o[kb] - o[0]


def figures(ws, cal):
    """[(job, "seq-KB-cold" or "-warm", 32, the card's cycles, warpsim's)] of every job's figures."""
    rows = []
    for tar, label, job, probe, sizes, maxkb in JOBS:
        with tempfile.TemporaryDirectory() as tmp:
            raw, ptx = job_unpack(cal, tmp, tar, job, probe)
            warm = os.path.join(tmp, "warm.preset")
            with open(warm, "w") as f:
                f.write("ifetch.line 0\n")
            for kb in sizes:
                hw = card_totals(raw, kb)
                rows.append((label, "seq-%d-cold" % kb, 32, hw[0], sim_total(ws, ptx, kb, maxkb)))
                rows.append((label, "seq-%d-warm" % kb, 32, statistics.median(hw[n] for n in range(2, 12)),
                             sim_total(ws, ptx, kb, maxkb, warm)))
    return rows


def main(argv):
    return ledger_main(argv, __doc__, figures, sum(2 * len(job[4]) for job in JOBS), "H100 (h100u, h100v, h100x, h100z)",
                       "fwin53_beyond.txt")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
