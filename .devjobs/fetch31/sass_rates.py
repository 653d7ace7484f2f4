#!/usr/bin/env python3
"""fetch31's SASS rates (run here, not on the device): per kernel fetch31_KIND of `cuobjdump -sass` text, the timed
region's (between the last two clock reads) SASS count, its opcodes, the kernel's size, and sass_replay.py's one-warp
replay of ptxas's control bits (stall counts and scoreboards; --pipes: warpsim's IMAD and ALU pipes 2 cycles an
instruction) as cycles a 128-byte line (8 instructions), and the least and most cycles a line over its 1 KiB
windows (POPC at 17 cycles, sass_replay.py's L). A loop kind's region is not straight-line: its loop's addresses,
SASS and their split over 128-byte lines.
usage: sass_rates.py SASS   (SASS: cuobjdump -sass of the probe, e.g. the tarball's fetch31/probe_fetch31.sass)"""
import collections, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tests/calibration/probes"))
import sass_replay  # noqa: E402
import sass_text  # noqa: E402



def issues(ins, lat=17):
    """sass_replay.replay's one-warp issue cycles (with the pipes) of the region's instructions, in turn."""
    times = []
    sass_replay.replay(ins, lat, pipes=True, times=times)
    return times


def windows(ins):
    """min and max cycles a line over the region's 1 KiB windows (64 instructions), the first and last left out"""
    t = issues(ins)
    w = [(t[i + 64] - t[i]) / 8 for i in range(64, len(t) - 128, 64)]
    return (min(w), max(w)) if w else (0, 0)


lines = open(sys.argv[1]).read().splitlines()
names = sorted({l.split("fetch31_")[1].split()[0].rstrip("'") for l in lines if "Function : fetch31_" in l},
               key=lambda n: lines.index(next(l for l in lines if l.strip().endswith("fetch31_" + n))))
print("| kind | region SASS | kernel KiB | opcodes | replay a line (stalls) | replay a line (--pipes) | 1 KiB windows |")
print("| --- | ---: | ---: | --- | ---: | ---: | --- |")
for n in names:
    ins = sass_replay.kernel(lines, "fetch31_" + n)
    reg = sass_replay.region(ins)
    ops = collections.Counter(x[1].split()[0].split(".")[0] if not x[1].startswith("@") else x[1].split()[1].split(".")[0]
                              for x in reg)
    kib = (int(ins[-1][0], 16) + 16) / 1024
    op = " ".join("%s %d" % kv for kv in sorted(ops.items(), key=lambda kv: -kv[1]))
    if any(x[1].split()[0].startswith("BRA") or "BRA" in x[1] for x in reg):
        br = next(x for x in reg if "BRA" in x[1])
        lo, hi = int(br[1].split("BRA")[1].split()[0].rstrip(";"), 16), int(br[0], 16)
        split = collections.Counter(a // 128 for a in range(lo, hi + 16, 16))
        print("| %s | %d | %.1f | %s | loop %04x-%04x: %d SASS | lines %s |" % (
            n, len(reg), kib, op, lo, hi, (hi - lo) // 16 + 1, " + ".join(str(split[k]) for k in sorted(split))))
        continue
    a = sass_replay.replay(ins, 17) / (len(reg) / 8)
    p = sass_replay.replay(ins, 17, pipes=True) / (len(reg) / 8)
    print("| %s | %d | %.1f | %s | %.2f | %.2f | %.2f-%.2f |" % ((n, len(reg), kib, op, a, p) + windows(ins)))
