#!/usr/bin/env python3
"""probe_cold17's first-launch (cold code) spans on the H200, per 128-byte line of SASS, with warpsim's beside.

usage: probe_cold17.py RAW_DIR [WARPSIM PTX]      the table (RAW_DIR: device-...-cold17.tar.xz unpacked, cold17/)
       probe_cold17.py --sass SASS                  each kernel's region in SASS (cuobjdump -sass of the probe)
       probe_cold17.py --warpsim WARPSIM PTX KERNEL..  warpsim's spans of each KERNEL at the w1, w2d, w2s, w4 blocks
       probe_cold17.py --warpsim WARPSIM PTX [SASS]   each kind's one-warp spans in warpsim at its five lengths, cold
                    and warm (ifetch.line 0), and the least-squares cycles a line (lines from SASS, or LEN / 8)
RAW_DIR holds probe_cold17.sass and RUN/*.txt, each line "kind block mask launch warp t0 t1 warpid smid" (launch 0:
the kernel's first in its process, cold code; 1-4 warm; a KIND_LEN_2x kernel's pass 2, in the last two words, shows
as KIND_LEN_2x/2). RUN is the directory of one way of running (probe_cold17.sh: w1 one process a kernel at a block
of 32, w1r some again; form_w1 one process a kind, its five lengths in turn; w1x, w2d, w2s, w4 the block, mask and
warps of that name; eager CUDA_MODULE_LOADING=EAGER; all every kernel in one process).
PTX: probes/probe_cold17.ptx.xz unpacked. Per kernel and run: the region's SASS instructions (between the two clock
reads) and the 128-byte lines they touch (the run's name followed by the warps' sub-partitions, %warpid % 4, where
more than one warp ran), the block's span (the last t1 less the first t0) in the first launch and
the median of launches 1-4, (first - warm) / lines, first / lines, and warpsim's span in timing mode (a first
launch). Per kind and run, the least-squares line of the first-launch span over the lines of its five lengths:
the slope (cycles a line) and the intercept, for the H200 and warpsim."""
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402

RUNS = {"w1": (32, 0xFFFFFFFF), "form_w1": (32, 0xFFFFFFFF), "eager": (32, 0xFFFFFFFF), "all": (32, 0xFFFFFFFF),
        "w1r": (32, 0xFFFFFFFF), "w1x": (160, 0x1), "w2d": (64, 0x3), "w2s": (160, 0x11), "w4": (128, 0xF)}


def sass_regions(path, text=None):
    """{kernel (without cold17_): (instructions between the clock reads, lines touched, {opcode: count}, t0 addr)} of
    the listing at path (or its text)."""
    funcs = {name: [(x.addr, x.text) for x in insns]
             for name, insns in sass_text.functions(sass_text.read(path) if text is None else text).items()}
    out = {}
    for name, insns in funcs.items():
        clk = [i for i, (_, t) in enumerate(insns) if "SR_CLOCKLO" in t]
        if len(clk) < 2:
            continue
        a, b = clk[0], clk[-1]
        ops = {}
        for _, t in insns[a + 1:b]:
            op = t.split()[1] if t.startswith("@") else t.split()[0]
            ops[op] = ops.get(op, 0) + 1
            if t.startswith("@"):
                ops["(predicated)"] = ops.get("(predicated)", 0) + 1
        lines = insns[b][0] // 128 - insns[a][0] // 128 + 1
        out[name.replace("cold17_", "", 1)] = (b - a - 1, lines, ops, insns[a][0])
    return out


def split_kernel(kernel):
    """(kind, length) of a kernel name: lop3f_256 -> (lop3f, 256); alu3v_lg2_b, nop_256_2x -> (the name, None)."""
    m = re.match(r"(.*)_(\d+)(_b)?$", kernel)
    if m:
        return m.group(1) + (m.group(3) or ""), int(m.group(2))
    return kernel, None


def h200(path, subparts=None):
    """{(kernel, block, mask): {launch: span}}, the span the last t1 less the first t0 of the block's warps; with
    subparts a dict, subparts[key] the sub-partitions (%warpid % 4) of the first launch's warps, as "0,1"."""
    seen = {}
    for line in open(path):
        f = line.split()
        if len(f) != 9 or not f[3].isdigit():
            continue
        key = (f[0], int(f[1]), int(f[2], 16))
        seen.setdefault(key, {}).setdefault(int(f[3]), []).append((int(f[5]), int(f[6])))
        if f[0].endswith("_2x"):  # pass 2 in the words of %warpid and %smid
            key = (f[0] + "/2",) + key[1:]
            seen.setdefault(key, {}).setdefault(int(f[3]), []).append((int(f[7]), int(f[8])))
        elif subparts is not None and f[3] == "0":
            subparts[key] = (subparts[key] + "," if key in subparts else "") + str(int(f[7]) % 4)
    return {k: {l: max(t1 for _, t1 in w) - min(t0 for t0, _ in w) for l, w in v.items()} for k, v in seen.items()}


MEMO = {}


def warpsim(ws, ptx, kernel, block, mask, preset=None):
    if (kernel, block, mask, preset) not in MEMO:
        MEMO[kernel, block, mask, preset] = warpsim_run(ws, ptx, kernel, block, mask, preset)
    return MEMO[kernel, block, mask, preset]


def warpsim_run(ws, ptx, kernel, block, mask, preset=None):
    nw, word = block // 32, 0
    if kernel.endswith("/2"):
        kernel, word = kernel[:-2], 2
    args = [ws, "run", ptx, "--kernel", "cold17_" + kernel, "--grid", "1", "--block", str(block), "--mode", "timing",
            "--all-values", "o=u64[%d]" % (4 * nw), "sink=u32[%d]" % block, "a=u32:3", "b=u32:5"]
    if not kernel.startswith("alu3v"):
        args.append("mask=u32:%d" % mask)
    if preset:
        args += ["--preset", preset]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split("\n")
    i = out.index("== o u64[%d]" % (4 * nw))
    words = []
    for line in out[i + 1:]:
        if not line or line.startswith("=="):
            break
        words += [int(x) for x in line.split()]
    warps = [w for w in range(nw) if kernel.startswith("alu3v") or (mask >> w) & 1]
    return max(words[4 * w + word + 1] for w in warps) - min(words[4 * w + word] for w in warps)


def fit(points):
    """Least-squares slope and intercept of [(x, y)], or None with fewer than two x."""
    if len({x for x, _ in points}) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    return slope, my - slope * mx


def print_sass(path):
    print("| kernel | region SASS | lines | t0 at | opcodes |")
    print("| --- | ---: | ---: | ---: | --- |")
    regions = sass_regions(path)
    for k in sorted(regions, key=lambda k: (split_kernel(k)[0], split_kernel(k)[1] or 0, k)):
        n, lines, ops, at = regions[k]
        print("| %s | %d | %d | 0x%04x | %s |" % (k, n, lines, at, " ".join("%s %d" % o for o in sorted(ops.items()))))


def print_warpsim_fits(ws, ptx, regions):
    kernels = re.findall(r"^\.visible \.entry cold17_(\w+)\(", open(ptx).read(), re.M)
    kinds = {}
    for k in kernels:
        kind, length = split_kernel(k)
        if length is not None and not kind.endswith("_b"):
            kinds.setdefault(kind, []).append((k, regions[k][1] if regions else length // 8))
    with tempfile.NamedTemporaryFile("w", suffix=".preset", delete=False) as p:
        p.write("ifetch.line 0\n")
    print("| kind | lines | warpsim cold | warm | cold: cycles a line | warm: a line |")
    print("| --- | --- | --- | --- | ---: | ---: |")
    for kind, ks in kinds.items():
        cold = [warpsim(ws, ptx, k, 32, 0xFFFFFFFF) for k, _ in ks]
        warm = [warpsim(ws, ptx, k, 32, 0xFFFFFFFF, p.name) for k, _ in ks]
        lines = [n for _, n in ks]
        print("| %s | %s | %s | %s | %.2f | %.2f |" % (kind, " ".join(map(str, lines)), " ".join(map(str, cold)),
                                                     " ".join(map(str, warm)), fit(list(zip(lines, cold)))[0],
                                                     fit(list(zip(lines, warm)))[0]))
    os.unlink(p.name)


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[0] == "--sass":
        return print_sass(a[1])
    if len(a) >= 3 and a[0] == "--warpsim":
        ws, ptx = a[1], a[2]
        if len(a) == 4 and not os.path.isfile(a[3]) or len(a) > 4:
            for k in a[3:]:
                print(k, " ".join("%s %d" % (r, warpsim(ws, ptx, k, *RUNS[r])) for r in ("w1", "w2d", "w2s", "w4")))
            return
        return print_warpsim_fits(ws, ptx, sass_regions(a[3]) if len(a) == 4 else None)
    if len(a) not in (1, 3):
        sys.exit(__doc__)
    raw = a[0]
    ws = a[1:] if len(a) == 3 else None
    regions = sass_regions(os.path.join(raw, "probe_cold17.sass"))
    print("| run | kernel | SASS | lines | first | warm | (first-warm)/line | first/line |%s" %
          (" warpsim | error |" if ws else ""))
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |%s" % (" ---: | ---: |" if ws else ""))
    fits = []
    for run in sorted(d for d in os.listdir(raw) if os.path.isdir(os.path.join(raw, d))):
        spans, subparts = {}, {}
        for name in sorted(os.listdir(os.path.join(raw, run))):
            if name.endswith(".txt"):
                spans.update(h200(os.path.join(raw, run, name), subparts))
        kinds = {}
        for (kernel, block, mask), launches in sorted(spans.items(), key=lambda kv: split_kernel(kv[0][0])[0] +
                                                      " %5d " % (split_kernel(kv[0][0])[1] or 0) + kv[0][0]):
            n, lines = regions[kernel.split("/")[0]][:2] if kernel.split("/")[0] in regions else (0, 0)
            first = launches.get(0)
            warm = statistics.median([s for l, s in launches.items() if l > 0]) if len(launches) > 1 else None
            sp = subparts.get((kernel, block, mask), "")
            row = "| %s | %s | %d | %d | %s | %s |" % (run + (" (SP %s)" % sp if "," in sp else ""), kernel, n, lines,
                                                     first, "%.0f" % warm if warm else None)
            have = lines and first and warm
            row += " %.1f | %.1f |" % ((first - warm) / lines, first / lines) if have else " - | - |"
            w = None
            if ws:
                w = warpsim(ws[0], ws[1], kernel, block, mask)
                row += " %d | %+.1f%% |" % (w, 100.0 * (w - first) / first) if first else " %d | - |" % w
            print(row)
            kind, length = split_kernel(kernel)
            if length is not None and first and lines:
                kinds.setdefault(kind, []).append((lines, first, warm, w))
        for kind, pts in sorted(kinds.items()):
            fits.append((run, kind, fit([(l, f) for l, f, _, _ in pts]), fit([(l, w) for l, _, w, _ in pts if w]),
                         fit([(l, s) for l, _, _, s in pts if s is not None])))
    print()
    print("| run | kind | first: cycles a line | intercept | warm: a line | intercept |%s" %
          (" warpsim: a line | intercept |" if ws else ""))
    print("| --- | --- | ---: | ---: | ---: | ---: |%s" % (" ---: | ---: |" if ws else ""))
    for run, kind, f, w, s in fits:
        row = "| %s | %s |" % (run, kind)
        for x in (f, w) + ((s,) if ws else ()):
            row += " %.2f | %.0f |" % x if x else " - | - |"
        print(row)


if __name__ == "__main__":
    main()
