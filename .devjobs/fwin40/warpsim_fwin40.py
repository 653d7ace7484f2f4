#!/usr/bin/env python3
"""warpsim_fwin40.py WARPSIM OUTDIR [PRESET...] (fwin40): warpsim's warm runs (ifetch.line 0: a later launch) of
probe_fwin40 (the PTX compiled here: nvcc -arch=sm_90 -O3 -ptx .devjobs/fwin40/probe_fwin40.cu) for run.sh's runs,
written as the job writes them (OUTDIR/probe/RUN.txt, launches 0-9 the same run), so read_fwin40.py reads warpsim as
it reads the device. PRESET: more preset files, their lines appended to the warm one's."""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
S = 16
ROW = S + 4
# run.sh's runs: name, blocks, roles (hex, 4 bits a slot), spmask, delay[, pre]
RUNS = [("base", (256, 384, 512, 1024), "0", 15, 0), ("pre", (256, 384, 512, 1024), "0", 15, 0, 1),
        ("pre-x0", (512,), "0001", 15, 0, 1), ("sp1", (512, 1024), "0", 1, 0), ("sp3", (512,), "0", 3, 0),
        ("x0", (512,), "0001", 15, 0), ("x3", (512,), "1000", 15, 0), ("x03", (512,), "1001", 15, 0),
        ("x12", (512,), "0110", 15, 0), ("x0-384", (384,), "001", 15, 0), ("k0", (512,), "0002", 15, 0),
        ("k3", (512,), "2000", 15, 0), ("k03", (512,), "2002", 15, 0), ("k1-256", (256,), "20", 15, 0),
        ("k123", (512,), "2220", 15, 0), ("b0", (512,), "0003", 15, 0), ("b3", (512,), "3000", 15, 0),
        ("b03", (512,), "3003", 15, 0), ("b1-256", (256,), "30", 15, 0), ("s0", (512,), "0004", 15, 25000),
        ("s03", (512,), "4004", 15, 25000)]


def stamps(ws, ptx, block, roles, spmask, delay, pre, presets):
    return rows(ws, ptx, "_Z6fwin40ILi%dEEvPyPjffjjjPKf" % pre, block,
                ["sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5", "roles=u32:%d" % int(roles, 16),
                 "spmask=u32:%d" % spmask, "delay=u32:%d" % delay, "bp=f32[1]"], presets)


def rows(ws, ptx, kernel, block, args, presets):
    """One warm warpsim run of KERNEL (its first parameter o, the stamps; ARGS the others): [(warp, row, lo)], span."""
    nw = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", kernel, "--grid", "1", "--block", str(block),
                          "o=u64[%d]" % (32 * ROW)] + args + ["--preset", presets, "--json"],
                         capture_output=True, text=True, check=True).stdout
    vals = json.loads(out)["buffers"]["o"]
    rows = [vals[w * ROW:(w + 1) * ROW] for w in range(nw)]
    stay = [r for r in rows if r[ROW - 1] != 1]
    lo = min(r[0] for r in stay)
    return [(w, r, lo) for w, r in enumerate(rows)], max(r[S] for r in stay) - lo


def write_rows(f, block, rows):
    """rows as the job prints them, the same for launches 0-9 (warpsim's warm run repeats)."""
    for la in range(10):
        for w, r, lo in rows:
            if r[ROW - 1] == 1:
                f.write("%d %d %d -1 -1 1\n" % (block, la, w))
            else:
                f.write("%d %d %d %d %d %d %s\n" % (block, la, w, r[S + 1], r[S + 2], r[S + 3],
                                                    " ".join(str(v - lo) for v in r[:S + 1])))


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    ptx = os.path.join(tmp, "fwin40.ptx")
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, os.path.join(HERE, "probe_fwin40.cu")], check=True)
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for name, blocks, roles, spmask, delay, *pre in RUNS:
        pre = pre[0] if pre else 0
        with open(os.path.join(outdir, "probe", name + ".txt"), "w") as f:
            for block in blocks:
                rows, span = stamps(ws, ptx, block, roles, spmask, delay, pre, warm)
                write_rows(f, block, rows)
                f.write("block %d roles %04x spmask %d delay %d pre %d: %s\n" % (block, int(roles, 16), spmask, delay,
                                                                                pre, " ".join([str(span)] * 10)))


if __name__ == "__main__":
    main(sys.argv)
