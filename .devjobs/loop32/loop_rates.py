#!/usr/bin/env python3
"""loop32 on the device against warpsim (docs/calibration.md "(loop32)"): per kind, the loop's SASS (instructions from
the back edge's target to the BRA, their stall counts' sum), the cycles an iteration at 32 threads (first launch, warm
median of launches 1-9), warm less the stall counts, and with WARPSIM warpsim's one-warp first launch and its error;
then at 128 / 256 / 512 / 1024 threads (1, 2, 4, 8 warps a sub-partition) the warm cycles a warp-iteration, the
device's and warpsim's (ifetch.line 0), and the error.
usage: loop_rates.py RAW [WARPSIM]   (RAW: device-2026-12-06-h100i-loop32.tar.xz unpacked, its loop32/)"""
import sys, os, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "calibration", "probes"))
from probe_alu3 import spans
from probe_jobs import ws_span, presets
import sass_text
raw = sys.argv[1]; ws = sys.argv[2] if len(sys.argv) > 2 else None
ptx = os.path.join(raw, "probe_loop32.ptx")
lines = sass_text.read(os.path.join(raw, "probe_loop32.sass"))
tmp = tempfile.mkdtemp(); warm = presets(tmp)
def loop_sass(name):
    ins = sass_text.function(lines, "loop32_" + name)
    bras = [i for i in ins if i.opcode == "BRA" and i.guard and int(i.operands.split()[0], 16) < i.addr]
    b = bras[-1]; head = int(b.operands.split()[0], 16)
    body = [i for i in ins if head <= i.addr <= b.addr]
    return len(body), sum(i.stall for i in body)
ITER = {"m16": 256, "m32": 256}
kinds = sorted(os.listdir(os.path.join(raw, "probe")))
print("| kind | SASS | stall sum | first (32) | warm (32) | warm - sum | warpsim (32) | error | 128 / 256 / 512 / 1024: hw, warpsim a warp-iteration |")
for f in kinds:
    k = f[:-4]; it = ITER.get(k, 512)
    s = spans(os.path.join(raw, "probe", f))
    n, st = loop_sass(k)
    row = "| %s | %d | %d | %.2f | %.2f | %.2f |" % (k, n, st, s[32][0] / it, s[32][1] / it, s[32][1] / it - st)
    if ws:
        w = ws_span(ws, ptx, "loop32_" + k, 32, 5, ["s=u32:0", "l=u32:4294967295"], warm) / it
        row += " %.2f | %+.1f%% |" % (w, (w - s[32][0] / it) / (s[32][0] / it) * 100)
        more = []
        for b in (128, 256, 512, 1024):
            if b in s:
                nw = b // 128
                w2 = ws_span(ws, ptx, "loop32_" + k, b, 5, ["s=u32:0", "l=u32:4294967295"], warm)
                more.append("%.2f/%.2f (%+.0f%%)" % (s[b][1] / nw / it, w2 / nw / it, (w2 - s[b][1]) / s[b][1] * 100))
        row += " " + " ".join(more) + " |"
    print(row)
