#!/usr/bin/env python3
"""warpsim against the H200's device probes (mad19, pack21, rcp20, hmid23, fwin19: .devjobs/JOB, run on h200f,
2026-12-06), every figure in one table: the job's kinds at 32 threads (one warp, the first launch) and at 128, 256,
512 and 1024 threads (1, 2, 4, 8 warps a sub-partition), as `probe_jobs.py rates` and `fwin` compare them.

usage: check_device_jobs.py WARPSIM SRCDIR [--ledger]
  prints each figure, its error and the summary (figures, mean |error|, max, beyond 10%). With --ledger it also
  compares the figures beyond 10% with tests/calibration/device_jobs_beyond.txt and fails where they differ: a figure
  that leaves the bound, and one on the ledger that comes within it (the ledger is then out of date; correct it in
  the same change). The ledger is the issue's open list, not an allowance: every line on it is a figure warpsim
  still gets wrong."""
import lzma, os, statistics, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "probes"))
import probe_jobs  # noqa: E402
from probe_alu3 import BLOCKS, STEPS, spans  # noqa: E402

BOUND = 10.0
SESSION = "device-2026-12-06-h200f-%s.tar.xz"
# job: (tarball job name, kernel prefix, PTX: a file of the tarball, or one committed in probes/ (.xz))
RATE_JOBS = (("mad19", "mad19", "probes/probe_mad19.ptx.xz"),
             ("pack21", "pack21", "pack21/probe_pack21.ptx"),
             ("rcp20", "rcp20", "probes/probe_rcp20.ptx.xz"),
             ("hmid23", "hmid23", "hmid23/probe_hmid23.ptx"))
FWIN = ("fwin19", "fwin19/probe_fwin.ptx")


def unpack(job, tmp):
    with tarfile.open(os.path.join(HERE, SESSION % job)) as t:
        t.extractall(tmp, filter="data")
    return os.path.join(tmp, job)


def ptx_file(spec, tmp):
    if spec.startswith("probes/"):
        out = os.path.join(tmp, os.path.basename(spec)[:-3])
        with lzma.open(os.path.join(HERE, spec)) as f, open(out, "wb") as g:
            g.write(f.read())
        return out
    return os.path.join(tmp, spec)


def rate_figures(ws, raw, prefix, ptx, warm):
    """[(job kind, threads, H200 first-launch span, warpsim's span)]: rates' comparison (warpsim warm, ifetch.line 0,
    at 128-512 threads; cold at 32 and 1024)."""
    out = []
    for name in probe_jobs.kinds(raw):
        s = spans(os.path.join(raw, "probe", name + ".txt"))
        kind, w, extra = probe_jobs.params(name)
        for b in (b for b in BLOCKS if b in s):
            out.append((name, b, s[b][0], probe_jobs.ws_span(ws, ptx, prefix + "_" + kind, b, w, extra, warm)))
    return out


FWIN_KS = (0, 8, 16, 32, 64, 128, 256)


def fwin_spans(path):
    """[(threads, [span of launch 0, 1, ...])] of a probe_fwin file ("K k block B: span (ipc) span (ipc) ..."); launch
    0 is the first (cold), 1 on warm."""
    out = []
    for line in open(path):
        f = line.split()
        if len(f) < 5 or f[0] != "K":
            continue
        out.append((int(f[3].rstrip(":")), [int(x) for x in f[4::2]]))
    return out


def fwin_figures(ws, raw, ptx, warm):
    """[("K<k>", threads, H200 median warm span, warpsim's warm span)] of probe_fwin, as `probe_jobs.py fwin`."""
    out = []
    for k in FWIN_KS:
        for block, s in fwin_spans(os.path.join(raw, "k%d.txt" % k)):
            out.append(("K%d" % k, block, statistics.median(s[1:]), probe_jobs.fwin_span(ws, ptx, k, block, warm)))
    return out


def main(argv):
    if len(argv) not in (3, 4) or len(argv) == 4 and argv[3] != "--ledger":
        sys.exit(__doc__)
    ws, src = argv[1], argv[2]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        warm = probe_jobs.presets(tmp)
        for job, prefix, ptx in RATE_JOBS:
            raw = unpack(job, tmp)
            rows += [(job,) + r for r in rate_figures(ws, raw, prefix, ptx_file(ptx, tmp), warm)]
        raw = unpack(FWIN[0], tmp)
        rows += [(FWIN[0],) + r for r in fwin_figures(ws, raw, ptx_file(FWIN[1], tmp), warm)]
    return report(rows, "H200 (h200f)",
                  os.path.join(src, "tests/calibration/device_jobs_beyond.txt") if len(argv) == 4 else None)


def ledger_main(argv, doc, figures, want, card, ledger):
    """main() of a check against one device job with its ledger (check_fwin40.py, check_fwin53.py): argv is the
    script's (WARPSIM SRCDIR), figures(warpsim, tests/calibration) its rows, want their count; report()s them against
    tests/calibration/LEDGER."""
    if len(argv) != 3:
        sys.exit(doc)
    cal = os.path.join(argv[2], "tests", "calibration")
    rows = figures(argv[1], cal)
    if len(rows) != want:
        print("FAIL: %d figures, not the job's %d" % (len(rows), want))
        return 1
    return report(rows, card, os.path.join(cal, ledger))


def report(rows, card, ledger=None):
    """Prints rows [(job, kind, threads, the card's span, warpsim's span)] as a table, each error, and the summary line
    (figures, mean |error|, max, beyond the bound). With ledger (a file of "job kind threads" lines, # comments) it
    also compares the figures beyond the bound with it: 1 where a figure leaves the bound and is not on it, or one on
    it comes within the bound (the ledger is then out of date), else 0."""
    print("| job | kind | threads | %s | warpsim | error |" % card)
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    errs, beyond = [], []
    for job, kind, block, hw, sim in rows:
        e = (sim - hw) / hw * 100
        errs.append(abs(e))
        mark = ""
        if abs(e) > BOUND:
            beyond.append("%s %s %d" % (job, kind, block))
            mark = " beyond"
        print("| %s | %s | %d | %.0f | %d | %+.1f%%%s |" % (job, kind, block, hw, sim, e, mark))
    print("%d figures, mean |error| %.1f%%, max %.1f%%, %d beyond %.0f%%" % (
        len(errs), statistics.mean(errs), max(errs), len(beyond), BOUND))
    if ledger is None:
        return 0
    listed = {ln.split("#")[0].strip() for ln in open(ledger)} - {""}
    new, gone = sorted(set(beyond) - listed), sorted(listed - set(beyond))
    for x in new:
        print("FAIL beyond %.0f%% and not on the ledger: %s" % (BOUND, x))
    for x in gone:
        print("FAIL on the ledger but within %.0f%% now (take it off %s): %s" % (BOUND, os.path.basename(ledger), x))
    print("FAIL" if new or gone else "ok: the figures beyond %.0f%% are the ledger's %d" % (BOUND, len(listed)))
    return 1 if new or gone else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
