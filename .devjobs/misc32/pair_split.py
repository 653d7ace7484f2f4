#!/usr/bin/env python3
"""pair_split.py PTX > SPLIT.ptx (misc32): the probe_streams kinds whose step is inline asm on the halves of a 64-bit
stream (mad19 fli, fmi, mfi, lfi; hmid23 fi, mi; rcp20 rmi, rfi, rli), rewritten with each stream in two 32-bit
registers, as ptxas allocates the pair: each %rd unpacked once before the first clock read of the region, each step
on the halves, each %rd packed after the last. What warpsim gives where a pack and an unpack do not join the halves
(docs/calibration.md "(misc32)")."""
import re, sys
src = open(sys.argv[1]).read().split("\n")
pat = re.compile(r"\{\.reg \.b32 vl, vh, ul, uh; mov\.b64 \{vl, vh\}, (%rd\d+); mov\.b64 \{ul, uh\}, (%rd\d+); (.*?); (.*?); mov\.b64 \1, \{vl, vh\};\}")
out, i = [], 0
while i < len(src):
    line = src[i]
    m = pat.search(line)
    if not m:
        out.append(line); i += 1; continue
    # a run of steps (with the inline asm comments between)
    j, steps = i, []
    while j < len(src):
        m2 = pat.search(src[j])
        if m2:
            steps.append(m2); j += 1
        elif "inline asm" in src[j] or src[j].strip() == "":
            j += 1
        else:
            break
    regs = []
    for s in steps:
        for r in (s.group(1), s.group(2)):
            if r not in regs: regs.append(r)
    nm = lambda r, h: "%%s%s_%s" % (r[3:], h)
    # the unpacks: before the region's first clock read
    k = len(out) - 1
    while "%clock64" not in out[k]: k -= 1
    decl = ["\t.reg .b32 " + ", ".join(nm(r, h) for r in regs for h in ("l", "h")) + ";"]
    unp = ["\tmov.b64 {%s, %s}, %s;" % (nm(r, "l"), nm(r, "h"), r) for r in regs]
    out[k:k] = decl + unp
    for s in steps:
        a, b = s.group(1), s.group(2)
        for op in (s.group(3), s.group(4)):
            op = re.sub(r"\bvl\b", nm(a, "l"), op); op = re.sub(r"\bvh\b", nm(a, "h"), op)
            op = re.sub(r"\bul\b", nm(b, "l"), op); op = re.sub(r"\buh\b", nm(b, "h"), op)
            out.append("\t" + op + ";")
    for r in regs:
        out.append("\tmov.b64 %s, {%s, %s};" % (r, nm(r, "l"), nm(r, "h")))
    i = j
print("\n".join(out))
