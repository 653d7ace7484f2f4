#!/usr/bin/env python3
"""pair33_read.py RAW [WARPSIM] (read33): probe_pair33's spans (RAW: the job's tarball unpacked, its pair33/) as
check_device_jobs reads hmid23 (the first launch's span of the block, lib.sh's streams; in brackets cycles a step a
sub-partition: span / (256 steps x warps a sub-partition)), the warm median beside it, and with WARPSIM warpsim's span
of the job's PTX (warm, ifetch.line 0, at 128-512 threads, cold at 32 and 1024: probe_jobs.ws_span) and its error."""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "calibration", "probes"))
import tempfile  # noqa: E402
import probe_jobs  # noqa: E402
from probe_alu3 import BLOCKS, STEPS, spans  # noqa: E402


def per_step(span, block):
    return span / (STEPS * max(1, block // 128))


def main(argv):
    raw = argv[1]
    ws = argv[2] if len(argv) > 2 else None
    ptx = os.path.join(raw, "probe_pair33.ptx")
    print("| kind | threads | device first (a step) | device warm | warpsim | error |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        warm = probe_jobs.presets(tmp)
        for name in ("fi", "fi2", "fi4", "f2i", "hfi", "li"):
            s = spans(os.path.join(raw, "probe", name + ".txt"))
            for b in (b for b in BLOCKS if b in s):
                first, med = s[b]
                row = "| %s | %d | %d (%.2f) | %d |" % (name, b, first, per_step(first, b), med)
                if ws:
                    sim = probe_jobs.ws_span(ws, ptx, "pair33_" + name, b, 5, ["s=u32:0", "l=u32:%d" % 0xffffffff],
                                             warm)
                    row += " %d (%.2f) | %+.1f%% |" % (sim, per_step(sim, b), (sim - first) / first * 100)
                else:
                    row += " | |"
                print(row)


if __name__ == "__main__":
    main(sys.argv)
