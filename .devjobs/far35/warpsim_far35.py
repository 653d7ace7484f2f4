#!/usr/bin/env python3
"""warpsim_far35.py WARPSIM OUTDIR [PRESET...] (far35): warpsim's warm runs (ifetch.line 0: a later launch) of
probe_far35's kernels (the PTX compiled here: nvcc -arch=sm_90 -O3 -ptx .devjobs/far35/probe_far35.cu) at the job's
sizes, blocks and spmasks, written as the job writes them (OUTDIR/probe/nN-mM.txt, launches 1-9 the same run), so
read_far35.py reads warpsim as it reads the device. PRESET: more preset files, their lines appended to the warm one's
(one --preset: a second one is read over the built-in defaults, not over the first)."""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NSEG = 32
RUNS = [(n, 15, (128, 256, 384, 512, 640, 768, 896, 1024)) for n in (4096, 1024, 2304, 2816, 3328, 6144)] + \
       [(4096, m, (128, 256, 512, 1024)) for m in (1, 3, 5)]


def stamps(ws, ptx, n, block, m, presets):
    nw = block // 32
    size = 32 * (NSEG + 3)
    out = subprocess.run([ws, "run", ptx, "--kernel", "_Z3farILi%dEEvPyPjffj" % n, "--grid", "1", "--block", str(block),
                          "out=u64[%d]" % size, "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5", "spmask=u32:%d" % m] +
                         ["--preset", presets, "--json"], capture_output=True, text=True,
                         check=True).stdout
    vals = json.loads(out)["buffers"]["out"]
    rows = [vals[w * (NSEG + 3):(w + 1) * (NSEG + 3)] for w in range(nw)]
    lo = min(r[0] for r in rows if r[0] != 2**64 - 1)
    return [(w, r[NSEG + 1], r[NSEG + 2], [-1 if v == 2**64 - 1 else v - lo for v in r[:NSEG + 1]])
            for w, r in enumerate(rows)]


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    ptx = os.path.join(tmp, "far35.ptx")
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, os.path.join(HERE, "probe_far35.cu")], check=True)
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for n, m, blocks in RUNS:
        with open(os.path.join(outdir, "probe", "n%d-m%d.txt" % (n, m)), "w") as f:
            for block in blocks:
                rows = stamps(ws, ptx, n, block, m, warm)
                for la in range(10):
                    for w, wid, sm, st in rows:
                        f.write("%d %d %d %d %d %d %d %s\n" % (n, block, m, la, w, wid, sm, " ".join(map(str, st))))


if __name__ == "__main__":
    main(sys.argv)
