#!/usr/bin/env python3
"""fda43: the SASS features (fmal42's F, Fd, Fda, reuse; NS: F ops beside an FMA-pipe op) of probe_fda43's kinds and of
h200f's mad19 kinds, per kind's timed region (mad19's: after the third clock read).

usage: sass_forms.py PROBE_FDA43.SASS [PROBE_MAD19.SASS]"""
import os, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
sys.path.insert(0, os.path.join(ROOT, "tests/calibration/probes"))
sys.path.insert(0, os.path.join(ROOT, ".devjobs/fmal42"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402
from features import features  # noqa: E402
from ptx_features import sass_features  # noqa: E402


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    print("| kernel | ops | F | Fd | Fda | NS | reuse | S01 / S02 / S03+ | first FFMAs |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for path in argv[1:]:
        funcs = sass_text.functions(sass_text.read(path))
        for name in sorted(funcs):
            ins = funcs[name]
            c = sass_text.clock_reads(ins)
            region = ins[c[2] + 1:c[-1]]
            f, fd, fda, ns = sass_features(region)
            st, reuse = features(region)[8:]
            first = [x for x in region if x.opcode.startswith("FFMA")][8:10]
            print("| %s | %d | %d | %d | %d | %d | %d | %d / %d / %d | %s |" % (
                name, len(region), f, fd, fda, ns, reuse, st[0], st[1], st[2],
                "; ".join("%s %s" % (x.opcode, x.operands) for x in first)))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
