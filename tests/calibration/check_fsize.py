#!/usr/bin/env python3
"""warpsim against the H100s' probe_fsize runs (.devjobs/pack30, .devjobs/memset59; docs/calibration.md "(pack30)",
"(near56)", "(memset59)", "(fsize60)"): fsize<N>, N FFMAs of straight-line code in 8 chains (N/8 lines of 128 bytes,
36-96 KiB), one block of 32-1024 threads, 10 launches a block size in one process (32 first, then 128, 256, 512, 1024).
h100g (pack30, 2026-12-06) ran N 2304-6144 at every block size; h100aa (memset59, 2026-12-07) ran N 2304 and 2816 at
32 and 128 threads without a cudaMemset before each launch (as pack30) and with one (MEMSET, as probe_fwin53's jobs).
A span is the last warp's second %clock64 less the first warp's first. Figures: cold, the process's first launch
(block 32, launch 0) against warpsim's first launch (the built-in preset); second, block 32's launch 1 against
warpsim's second launch of one process (ifetch.line 0); warm, the median of block 32's launches 2-9 (of every launch
at larger blocks, which come later in the process) against warpsim's check_far_order.py WARM_LAUNCHES-th launch
(ifetch.line 0). Both cards ran the same source with nvcc 13.0 (its kernels unchanged by memset59's host switch);
the PTX is pack30's (in its tarball), and warpsim has no cudaMemset, so both of h100aa's runs meet the same figure.

usage: check_fsize.py WARPSIM SRCDIR (as check_fwin53.py, its ledger tests/calibration/fsize_beyond.txt)"""
import json, os, statistics, subprocess, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_device_jobs import ledger_main  # noqa: E402
from check_far_order import WARM_LAUNCHES  # noqa: E402

# the runs: (tarball, the job's folder in it, the figures' label, the probe's output files {N: file}, block sizes)
SIZES = (2304, 2816, 3328, 3840, 4096, 4608, 6144)
BLOCKS = (32, 128, 256, 512, 1024)
RUNS = (("device-2026-12-06-h100g-pack30.tar.xz", "pack30", "pack30", {n: "n%d.txt" % n for n in SIZES}, BLOCKS),
        ("device-2026-12-07-h100aa-memset59.tar.xz", "memset59", "memset59",
         {n: "fsize-%d.txt" % n for n in (2304, 2816)}, (32, 128)),
        ("device-2026-12-07-h100aa-memset59.tar.xz", "memset59", "memset59-memset",
         {n: "memset-fsize-%d.txt" % n for n in (2304, 2816)}, (32, 128)))
PTX = ("device-2026-12-06-h100g-pack30.tar.xz", "pack30/probe_fsize.ptx")


def card_spans(path):
    """{block: [each launch's span]} of one probe_fsize output ("N n block B: span (cycles an FFMA) ..." lines)."""
    out = {}
    for line in open(path):
        if line.startswith("N "):
            head, rest = line.split(":", 1)
            out[int(head.split()[3])] = [int(x) for x in rest.split()[0::2]]
    return out


def sim_span(ws, ptx, n, block, launches, tmp):
    """warpsim's span of fsize<n> at one block: launches None, the built-in preset's first launch; else the
    launches-th launch of one process with ifetch.line 0."""
    args = [ws, "run", ptx, "--kernel", "_Z5fsizeILi%dEEvPyPjff" % n, "--grid", "1", "--block", str(block),
            "o=u64[64]", "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5", "--json"]
    if launches:
        warm = os.path.join(tmp, "warm.preset")
        with open(warm, "w") as f:
            f.write("ifetch.line 0\n")
        args += ["--preset", warm, "--launches", str(launches)]
    o = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)["buffers"]["o"]
    warps = range(block // 32)
    return max(o[2 * w + 1] for w in warps) - min(o[2 * w] for w in warps)


def figures(ws, cal):
    """[(label, "nN-cold" / "-second" / "-warm", threads, the card's cycles, warpsim's)] of every run (warpsim's spans
    computed once: the cards ran the same PTX)."""
    rows, sim = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for tar in {run[0] for run in RUNS} | {PTX[0]}:
            with tarfile.open(os.path.join(cal, tar)) as t:
                t.extractall(tmp, filter="data")
        ptx = os.path.join(tmp, PTX[1])

        def span(n, block, launches):
            if (n, block, launches) not in sim:
                sim[n, block, launches] = sim_span(ws, ptx, n, block, launches, tmp)
            return sim[n, block, launches]

        for tar, job, label, files, blocks in RUNS:
            for n, name in files.items():
                hw = card_spans(os.path.join(tmp, job, "probe", name))
                if sorted(hw) != list(blocks) or any(len(hw[b]) != 10 for b in blocks):
                    raise SystemExit("%s %s: blocks %s, not %s with 10 launches each" % (label, name, sorted(hw), blocks))
                rows.append((label, "n%d-cold" % n, 32, hw[32][0], span(n, 32, None)))
                rows.append((label, "n%d-second" % n, 32, hw[32][1], span(n, 32, 2)))
                for b in blocks:
                    rows.append((label, "n%d-warm" % n, b, statistics.median(hw[b][2:] if b == 32 else hw[b]),
                                 span(n, b, WARM_LAUNCHES)))
    return rows


def main(argv):
    want = sum(len(files) * (2 + len(blocks)) for _, _, _, files, blocks in RUNS)
    return ledger_main(argv, __doc__, figures, want, "H100 (h100g, h100aa)", "fsize_beyond.txt")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
