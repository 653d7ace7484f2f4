#!/usr/bin/env python3
"""rf41: the register-file reads an op of h200f's mad19 kinds and the H200's probe_alu3 kinds (alu27) against their
cycles an op (docs/calibration.md "(rf41)"). Reads: each register source of the timed region's SASS less the reuse
cache's hits, the cache one register per operand slot and bank (register number mod 2), filled by a .reuse flag and
emptied by a read of that slot and bank without one (every flag of these kernels is then a hit). Conflicts: ops that
read two registers of one bank from the file.

usage: reads.py   (reads tests/calibration/device-2026-12-06-h200f-mad19.tar.xz, device-2026-12-04-alu27.tar.xz and
                   probes/probe_alu3-h200.txt)"""
import os
import re
import sys
import tarfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
sys.path.insert(0, os.path.join(ROOT, "tests/calibration/probes"))
import sass_text  # noqa: E402

MAD19 = ["fm", "lm", "lf", "ml", "mfi", "lfi", "fli", "fmi", "fl", "mf", "ffm", "mff"]
SKIP = ("ULDC", "CS2R", "S2R")


def file_reads(region):
    """register sources, reuse hits, ops with two file reads of one bank"""
    cache, n, hits, conflicts = {}, 0, 0, 0
    for x in region:
        srcs = []
        for slot, o in enumerate(x.operands.split(",")[1:]):
            m = re.match(r"\s*-?\|?R(\d+)(\.reuse)?", o)
            if m:
                srcs.append((slot, int(m.group(1)), bool(m.group(2))))
        banks = {}
        for slot, r, _ in srcs:
            n += 1
            if cache.get((slot, r % 2)) == r:
                hits += 1
            else:
                banks[r % 2] = banks.get(r % 2, 0) + 1
        for slot, r, flag in srcs:
            if flag:
                cache[(slot, r % 2)] = r
            else:
                cache.pop((slot, r % 2), None)
        conflicts += max(banks.values(), default=0) > 1
    return n, hits, conflicts


def mad19():
    with tarfile.open(os.path.join(ROOT, "tests/calibration/device-2026-12-06-h200f-mad19.tar.xz")) as tar:
        listing = sass_text.member(tar, "*/probe_mad19.sass")
        print("| kind | ops | file reads an op | reuse hits | conflicts | h200f cycles an op at 1 / 2 / 4 / 8 warps a "
              "sub-partition | reads a cycle at 2 / 8 |")
        print("| --- | ---: | ---: | ---: | ---: | --- | --- |")
        for kind in MAD19:
            ins = sass_text.function(listing, "mad19_" + kind)
            c = sass_text.clock_reads(ins)
            region = ins[c[2] + 1:c[-1]]
            n, hits, conflicts = file_reads(region)
            rows = [[int(f) for f in r.split()] for r in sass_text.member(tar, "*/probe/%s-a.txt" % kind).split("\n")
                    if len(r.split()) == 8]
            cyc = {}
            for w, threads in ((1, 128), (2, 256), (4, 512), (8, 1024)):
                rr = [r for r in rows if r[0] == threads and r[1] == 0]
                cyc[w] = (max(r[5] for r in rr) - min(r[4] for r in rr)) / (w * len(region))
            rpo = (n - hits) / len(region)
            print("| %s | %d | %.2f | %d | %d | %s | %.2f / %.2f |" % (
                kind, len(region), rpo, hits, conflicts, " / ".join("%.3f" % cyc[w] for w in (1, 2, 4, 8)),
                rpo / cyc[2], rpo / cyc[8]))


def alu3():
    h, cur = {}, None
    for line in open(os.path.join(ROOT, "tests/calibration/probes/probe_alu3-h200.txt")):
        f = [x.strip() for x in line.split("|")]
        if len(f) > 7 and f[1]:
            cur = f[1]
        if len(f) > 7 and f[3] in ("8 (2)", "32 (8)"):
            h[(cur, f[3])] = float(f[6])  # warm cycles a step a sub-partition
    with tarfile.open(os.path.join(ROOT, "tests/calibration/device-2026-12-04-alu27.tar.xz")) as tar:
        listing = sass_text.member(tar, "*/probe_alu3.sass")
    print("\n| kind | opcodes (>= 128) | reuse hits | file reads an op | H200 cycles an op at 2 / 8 warps a sub-partition "
          "| reads a cycle at 8 |")
    print("| --- | --- | ---: | ---: | --- | ---: |")
    for kind in ("mad_l", "hadd_l", "fma_l", "fmul_l", "fadd_l", "lop3_f", "lop3_m", "fma_m", "fadd_m", "fma_f",
                 "f2h2_f", "f2h2_m", "f2bf2_f", "f2bf2_m", "mad_f"):
        ins = sass_text.function(listing, "alu3_" + kind)
        c = sass_text.clock_reads(ins)
        region = [x for x in ins[c[0] + 1:c[-1]] if not x.opcode.startswith(SKIP)]
        opc = {}
        for x in region:
            opc[x.opcode.split(".")[0]] = opc.get(x.opcode.split(".")[0], 0) + 1
        main = [o for o, v in opc.items() if v >= 128]
        per = sum(opc[o] for o in main) / 256  # ops a step
        n, hits, _ = file_reads(region)
        rpo = (n - hits) / len(region)
        c2, c8 = h[(kind, "8 (2)")] / per, h[(kind, "32 (8)")] / per
        print("| %s | %s | %d | %.2f | %.3f / %.3f | %.2f |" % (kind, " ".join("%s %d" % (o, opc[o]) for o in main),
                                                              hits, rpo, c2, c8, rpo / c8))


if __name__ == "__main__":
    mad19()
    alu3()
