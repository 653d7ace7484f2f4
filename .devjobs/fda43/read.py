#!/usr/bin/env python3
"""fda43: probe_fda43's kinds at 1 / 2 / 4 / 8 warps a sub-partition, the card (first-launch median, as
check_device_jobs) against warpsim (as check_device_jobs: warm at 128-512 threads, cold at 32 and 1024), cycles an op
= span / (warps a sub-partition x the region's ops), with the region's SASS features (sass_forms.py).

usage: read.py WARPSIM [RAW]   RAW: the unpacked tarball's fda43 folder; without it warpsim's figures alone, on the
                               committed probe_fda43.ptx and the SASS of this machine's nvcc (SASS=path)"""
import os, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "../..")
sys.path.insert(0, os.path.join(ROOT, "tests/calibration/probes"))
sys.path.insert(0, HERE)
import probe_jobs  # noqa: E402
import sass_text  # noqa: E402
from probe_alu3 import spans  # noqa: E402
from ptx_features import sass_features  # noqa: E402

KINDS = ["fmi", "fmic", "mfi", "mfic", "fli", "flic", "ffi", "ffic", "mli"]
WARPS = ((1, 128), (2, 256), (4, 512), (8, 1024))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    ws, raw = argv[1], argv[2] if len(argv) > 2 else None
    sass = os.path.join(raw, "probe_fda43.sass") if raw else os.environ.get("SASS")
    funcs = sass_text.functions(sass_text.read(sass)) if sass else {}
    print("| kind | ops | F / Fd / Fda / NS | card 1 / 2 / 4 / 8 | warpsim 1 / 2 / 4 / 8 | card - warpsim at 8 | "
          "card 8 - card 4 |")
    print("| --- | ---: | --- | --- | --- | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        warm = probe_jobs.presets(tmp)
        for kind in KINDS:
            ins = funcs.get("fda43_" + kind)
            region = ins[sass_text.clock_reads(ins)[2] + 1:sass_text.clock_reads(ins)[-1]] if ins else []
            n = len(region) or 522
            sim = [probe_jobs.ws_span(ws, os.path.join(HERE, "probe_fda43.ptx"), "fda43_" + kind, b, 5,
                                      ["s=u32:0", "l=u32:%d" % 0xffffffff], warm) / (w * n) for w, b in WARPS]
            card = [None] * 4
            if raw:
                s = spans(os.path.join(raw, "probe", kind + "-a.txt"))
                card = [s[b][0] / (w * n) for w, b in WARPS]
            feat = "%d / %d / %d / %d" % sass_features(region) if region else "-"
            fmt = lambda v: " / ".join("%.3f" % x if x is not None else "-" for x in v)  # noqa: E731
            print("| %s | %d | %s | %s | %s | %s | %s |" % (
                kind, n, feat, fmt(card), fmt(sim), "%+.3f" % (card[3] - sim[3]) if raw else "-",
                "%+.3f" % (card[3] - card[2]) if raw else "-"))


def warps(ws, raw, n=522):
    """fmi, fmic, fli, flic at 4-8 warps a sub-partition, a warp at a time (KIND-a-warps.txt): the card and warpsim."""
    print("\n| kind | card at 4 / 5 / 6 / 7 / 8 warps a sub-partition | warpsim |")
    print("| --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        warm = probe_jobs.presets(tmp)
        for kind in ("fmi", "fmic", "fli", "flic"):
            path = os.path.join(raw, "probe", kind + "-a-warps.txt")
            if not os.path.exists(path):
                continue
            s = spans(path)
            blocks = (512, 640, 768, 896, 1024)
            sim = [probe_jobs.ws_span(ws, os.path.join(HERE, "probe_fda43.ptx"), "fda43_" + kind, b, 5,
                                      ["s=u32:0", "l=u32:%d" % 0xffffffff], warm) for b in blocks]
            print("| %s | %s | %s |" % (kind, " / ".join("%.3f" % (s[b][0] * 128 / (b * n)) for b in blocks),
                                        " / ".join("%.3f" % (v * 128 / (b * n)) for v, b in zip(sim, blocks))))


if __name__ == "__main__":
    main(sys.argv)
    if len(sys.argv) > 2:
        warps(sys.argv[1], sys.argv[2])
