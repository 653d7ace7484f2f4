#!/usr/bin/env python3
"""warpsim_fwin37.py WARPSIM OUTDIR [PRESET...] (fwin37): warpsim's warm runs (ifetch.line 0: a later launch) of
probe_fwin37's kernels (the PTX compiled here: nvcc -arch=sm_90 -O3 -ptx .devjobs/fwin37/probe_fwin37.cu) at the job's
sizes, stamps and blocks, written as the job writes them (OUTDIR/probe/nN-sS.txt, launches 0-9 the same run), so
read_fwin37.py reads warpsim as it reads the device (probe_fsw's base: S 1 written as fsw-nN-first.txt). PRESET: more
preset files, their lines appended to the warm one's."""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROW = 35
RUNS = [(4096, s, (128, 256, 384, 512, 768, 1024)) for s in (1, 4, 8, 16, 32)] + \
       [(n, s, (128, 256, 512, 1024)) for n, s in ((1024, 1), (1024, 16), (2304, 16), (2816, 16), (3328, 16), (6144, 1),
                                                   (6144, 16))]
DELAYS = [(256, 2, d) for d in (500, 1000, 2000, 4000, 8000)] + [(512, 1, d) for d in (3000, 10000)]


def stamps(ws, ptx, n, ns, block, presets, delay=0, slots=0):
    nw = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", "_Z3fstILi%dELi%dELi%dEEvPyPjffjj" % (n, ns, 1 if delay else 0),
                          "--grid", "1", "--block", str(block), "o=u64[%d]" % (32 * ROW), "sink=u32[1024]",
                          "a=f32:1.0001", "b=f32:0.5", "delay=u32:%d" % delay, "slots=u32:%d" % slots,
                          "--preset", presets, "--json"], capture_output=True, text=True, check=True).stdout
    vals = json.loads(out)["buffers"]["o"]
    rows = [vals[w * ROW:(w + 1) * ROW] for w in range(nw)]
    lo = min(r[0] for r in rows)
    return [(w, r[ROW - 2], r[ROW - 1], [v - lo for v in r[:ns + 1]]) for w, r in enumerate(rows)]


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    ptx = os.path.join(tmp, "fwin37.ptx")
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, os.path.join(HERE, "probe_fwin37.cu")], check=True)
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for n, ns, blocks in RUNS:
        with open(os.path.join(outdir, "probe", "n%d-s%d.txt" % (n, ns)), "w") as f:
            base = open(os.path.join(outdir, "probe", "fsw-n%d-first.txt" % n), "w") if ns == 1 else None
            for block in blocks:
                if ns > 16 and block > 512:
                    continue
                rows = stamps(ws, ptx, n, ns, block, warm)
                for la in range(10):
                    for w, wid, sm, st in rows:
                        f.write("%d %d %d %d %d %d %d %s\n" % (n, ns, block, la, w, wid, sm, " ".join(map(str, st))))
                        if base:
                            base.write("%d %d %d %d %d %d %d\n" % (block, la, w, st[0], st[-1], wid, sm))
            if base:
                base.close()
    for block, m, d in DELAYS:
        with open(os.path.join(outdir, "probe", "delay-b%d-m%d-d%d.txt" % (block, m, d)), "w") as f:
            rows = stamps(ws, ptx, 4096, 16, block, warm, d, m)
            for la in range(10):
                for w, wid, sm, st in rows:
                    f.write("4096 16 %d %d %d %d %d %s\n" % (block, la, w, wid, sm, " ".join(map(str, st))))


if __name__ == "__main__":
    main(sys.argv)
