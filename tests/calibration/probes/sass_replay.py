#!/usr/bin/env python3
"""A one-warp replay of a kernel's clock64-timed region from the control bits of its SASS (issue 15, lat16).

usage: sass_replay.py SASS KERNEL... [--lat L] [--show N]
  SASS: cuobjdump -sass output (each instruction's two 64-bit words as printed, e.g. alu27/probe_alu3.sass in
        device-2026-12-04-alu27.tar.xz). Per kernel: the cycles a step, (last issue - first issue) / 256, of the
        instructions between the two CS2R SR_CLOCKLO reads; --show N prints the first N with their control bits.
The replay: an instruction issues no earlier than the one before it plus that one's stall count, and not before
every scoreboard in its wait mask is released; a variable-latency op (POPC, FLO, BREV, F2F, MUFU) releases its
write scoreboard L cycles (--lat, 17) after it issues, a read scoreboard 2 after. ptxas's stall counts hold the
fixed latencies and the XU pipe's 8 cycles (POPC S08 alone; a POPC S01 then a LOP3 S07), so a scoreboard wait
between two XU ops adds to their 8 (docs/calibration.md "(lat16)")."""
import re
import sys


def kernel(path, name):
    """[(address, text, stall, yield, write sb, read sb, wait mask)] of one kernel; sb 7: none."""
    out, inside, pend = [], False, None
    for line in open(path):
        if "Function : " in line:
            inside = line.split("Function : ")[1].strip() == name
            continue
        if not inside:
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);\s*/\* 0x([0-9a-f]{16}) \*/", line)
        if m:
            pend = (m.group(1), m.group(2).strip())
            continue
        m = re.match(r"\s*/\* 0x([0-9a-f]{16}) \*/", line)
        if m and pend:
            c = int(m.group(1), 16) >> 41  # bits 105-125 of the 128-bit word
            out.append((pend[0], pend[1], c & 15, (c >> 4) & 1, (c >> 5) & 7, (c >> 8) & 7, (c >> 11) & 63))
            pend = None
    return out


def region(ins):
    s = [i for i, x in enumerate(ins) if "SR_CLOCKLO" in x[1]]
    return ins[s[0] + 1:s[1]]


def replay(ins, lat):
    t, prev, rel, first = 0, None, {}, None
    for _, _, stall, _, w, r, wait in region(ins):
        if prev is not None:
            t = prev[0] + prev[1]
        for b in range(6):
            if wait >> b & 1:
                t = max(t, rel.get(b, 0))
        if w < 7:
            rel[w] = t + lat
        if r < 7:
            rel[r] = t + 2
        prev = (t, stall)
        first = t if first is None else first
    return prev[0] - first


def main():
    args, lat, show = sys.argv[1:], 17, 0
    if "--lat" in args:
        i = args.index("--lat"); lat = int(args[i + 1]); del args[i:i + 2]
    if "--show" in args:
        i = args.index("--show"); show = int(args[i + 1]); del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    for k in args[1:]:
        ins = kernel(args[0], k)
        if not ins:
            sys.exit("no kernel %s" % k)
        print("%s: %.2f cycles a step (L %d)" % (k, replay(ins, lat) / 256, lat))
        for a, txt, st, _, w, r, wait in region(ins)[:show]:
            print("  %s %-46s S%02d W%s R%s wait %s" % (a, txt[:46], st, w if w < 7 else "-", r if r < 7 else "-",
                                                       format(wait, "06b") if wait else "-"))


if __name__ == "__main__":
    main()
