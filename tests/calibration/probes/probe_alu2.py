#!/usr/bin/env python3
"""probe_alu2's H200 figures beside warpsim's (issue 15): each PTX form's SASS and issue rate.

usage: probe_alu2.py WARPSIM RAW_DIR PTX [--no-warpsim]
  RAW_DIR: device-2026-12-04-alu25.tar.xz unpacked: alu25/ (the first run, probes/probe_alu2.sh) and alu25b/ (the
           second, probes/probe_alu2.sh's second half: the forms added after the first and four kinds again), each with
           KIND_1_BLOCK.txt ("launch block warp t0 t1 warpid smid") and probe_alu2.sass (cuobjdump -sass of the probe)
  PTX: nvcc -arch=sm_90 -O3 -ptx of probe_alu2.cu (probe_alu2.ptx.xz is read unpacked)
Per kind: the SASS opcodes between the kernel's two clock reads (a warp's, from cuobjdump), then per block size the
block's span (the last warp's t1 less the first warp's t0), the H200's median over the processes' first launches
(cold code, as warpsim models a run) and over the later ones (warm), warpsim's one run (grid 1), and from the warm
span the cycles per warp instruction of a sub-partition (span / (warps a sub-partition x instructions a warp)) and per
step (span / (warps a sub-partition x 256 steps))."""
import collections, lzma, os, sys, tempfile

from probe_alu import spans, warpsim
import sass_text

BLOCKS = (32, 128, 256, 512, 1024)
STEPS = 256  # 8 streams x 32 rounds; pred: 4 predicate streams x 64 rounds


def sass_counts(path, prefix="alu2_"):
    """{kernel (less prefix): Counter(opcode)} for the instructions between the first and the second clock read."""
    res = {}
    for name, insns in sass_text.functions(sass_text.read(path)).items():
        if name.startswith(prefix):
            a, b = (sass_text.clock_reads(insns) + [len(insns)] * 2)[:2]  # one clock read: on to the end
            res[name[len(prefix):]] = collections.Counter(x.opcode for x in insns[a + 1:b])
    return res


def main():
    args = [a for a in sys.argv[1:] if a != "--no-warpsim"]
    if len(args) != 3:
        sys.exit(__doc__)
    ws, raw, ptx = args
    tmp = None
    if ptx.endswith(".xz"):
        tmp = tempfile.NamedTemporaryFile("wb", suffix=".ptx", delete=False)
        tmp.write(lzma.open(ptx).read())
        tmp.close()
        ptx = tmp.name
    print("| kind | SASS a warp (timed region) | warps (a sub-partition) | H200 first launch | H200 warm | "
          "cycles/instr/SP (warm) | cycles/step/SP (warm) | warpsim | error (first launch) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    seen = set()
    for run in ("alu25", "alu25b"):
        d = os.path.join(raw, run)
        counts = sass_counts(os.path.join(d, "probe_alu2.sass"))
        order = list(counts)[::-1]  # cuobjdump lists the kernels last-defined first
        have = {f.rsplit("_", 2)[0] for f in os.listdir(d) if f.endswith(".txt") and f != "meta.txt"}
        for k in [k for k in order if k in have]:
            c = counts[k]
            n = sum(c.values())
            sass = " ".join("%d %s" % (v, o) for o, v in c.most_common())
            label = k + (" (again)" if k in seen else "")
            seen.add(k)
            for b in BLOCKS:
                first, warm = spans(os.path.join(d, "%s_1_%d.txt" % (k, b)))
                wps = max(1, b // 128)
                w = warpsim(ws, ptx, "alu2_" + k, b, 3, 5) if "--no-warpsim" not in sys.argv else None
                print("| %s | %s | %d (%d) | %.0f | %.0f | %.2f | %.2f | %s | %s |" % (
                    label, sass if b == 32 else "", b // 32, wps, first, warm, warm / (wps * n),
                    warm / (wps * STEPS), "-" if w is None else w,
                    "-" if w is None else "%+.1f%%" % ((w - first) / first * 100)))
    if tmp:
        os.unlink(tmp.name)


if __name__ == "__main__":
    main()
