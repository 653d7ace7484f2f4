#!/usr/bin/env python3
"""warpsim on a device job's kinds with the PTX as compiled and with pair_split.py's copy (each 64-bit stream's halves
in two 32-bit registers, as ptxas allocates the pair), against the H200's first launches, as check_device_jobs.py
compares them (docs/calibration.md "(misc32)").

usage: pair_compare.py WARPSIM RAW PREFIX PTX KIND... [-- WARPSIM_ARG...]
  RAW: the job's tarball unpacked (RAW/probe/KIND.txt); PREFIX: the kernels' prefix (mad19, hmid23, rcp20); PTX: the
  job's PTX (pair_split.py's copy is made beside it in a temporary folder)."""
import os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../tests/calibration/probes"))
import probe_jobs  # noqa: E402
from probe_alu3 import BLOCKS, spans  # noqa: E402


def main(argv):
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    if len(argv) < 6:
        sys.exit(__doc__)
    ws, raw, prefix, ptx, kinds = argv[1], argv[2], argv[3], argv[4], argv[5:]
    with tempfile.TemporaryDirectory() as tmp:
        split = os.path.join(tmp, "split.ptx")
        with open(split, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "pair_split.py"), ptx], stdout=f, check=True)
        warm = probe_jobs.presets(tmp)
        print("| kind | PTX | " + " | ".join("%d" % b for b in BLOCKS) + " |")
        print("| --- | --- |" + " ---: |" * len(BLOCKS))
        for name in kinds:
            s = spans(os.path.join(raw, "probe", name + ".txt"))
            kind, w, args = probe_jobs.params(name)
            for label, p in (("as compiled", ptx), ("pairs split", split)):
                cells = []
                for b in BLOCKS:
                    sim = probe_jobs.ws_span(ws, p, prefix + "_" + kind, b, w, args + extra, warm)
                    cells.append("%d (%+.1f%%)" % (sim, (sim - s[b][0]) / s[b][0] * 100))
                print("| %s | %s | %s |" % (name, label, " | ".join(cells)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
