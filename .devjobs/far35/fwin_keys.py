#!/usr/bin/env python3
"""fwin_keys.py WARPSIM [KEYS [KS [BLOCKS]]] (far35): warpsim's warm spans of probe_fwin (h200f's fwin19 tarball, as
check_device_jobs.py: one preset of `ifetch.line 0` and KEYS, "key value;key value") against h200f's medians. KS:
K values (0,8,...; default 0), BLOCKS (default 128,256,512,1024). Run from the repository root."""
import os, statistics, sys, tarfile, tempfile
sys.path.insert(0, "tests/calibration/probes")
import probe_jobs
ws = sys.argv[1]; extra = sys.argv[2].replace(";", "\n") if len(sys.argv) > 2 else ""
ks = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 else [0]
blocks = [int(x) for x in sys.argv[4].split(",")] if len(sys.argv) > 4 else [128, 256, 512, 1024]
tmp = tempfile.mkdtemp()
with tarfile.open("tests/calibration/device-2026-12-06-h200f-fwin19.tar.xz") as t:
    t.extractall(tmp, filter="data")
raw = os.path.join(tmp, "fwin19"); ptx = raw + "/probe_fwin.ptx"
warm = os.path.join(tmp, "warm.preset")
open(warm, "w").write("ifetch.line 0\n" + extra + "\n")
for k in ks:
    hw = {}
    for line in open(os.path.join(raw, "k%d.txt" % k)):
        f = line.split()
        if len(f) >= 5 and f[0] == "K":
            hw[int(f[3].rstrip(":"))] = statistics.median([int(x) for x in f[4::2]][1:])
    out = []
    for b in blocks:
        s = probe_jobs.fwin_span(ws, ptx, k, b, warm)
        out.append("%d: %d/%d %+.1f%%" % (b, s, hw[b], (s - hw[b]) / hw[b] * 100))
    print("K%d %s" % (k, "  ".join(out)), flush=True)
