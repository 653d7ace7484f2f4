#!/usr/bin/env python3
"""warpsim_fwin43.py WARPSIM OUTDIR [PRESET...] (fwin43): warpsim's warm runs of run.sh's runs (probe_fwin40 at N
1024, 2304, 4096, its PTX compiled here), written as the job writes them (OUTDIR/probe/RUN.txt), so that
read_fwin43.py reads warpsim as it reads the device. Runs each through warpsim_fwin40.py's stamps()."""
import importlib.util, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("w40", os.path.join(HERE, "..", "fwin40", "warpsim_fwin40.py"))
w40 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(w40)
# run.sh's runs: name, N, blocks, roles, spmask, delay, pre
RUNS = [("kept-base", 1024, (256, 384, 512, 1024), "0", 15, 0, 0), ("kept-pre", 1024, (256, 384, 512, 1024), "0", 15, 0, 1),
        ("mid-base", 2304, (512,), "0", 15, 0, 0), ("mid-pre", 2304, (512,), "0", 15, 0, 1),
        ("far-base", 4096, (512,), "0", 15, 0, 0), ("far-pre", 4096, (512,), "0", 15, 0, 1),
        ("far-k3", 4096, (512,), "2000", 15, 0, 0), ("far-x0", 4096, (512,), "0001", 15, 0, 0)]


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    src = open(os.path.join(HERE, "..", "fwin40", "probe_fwin40.cu")).read()
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for name, n, blocks, roles, spmask, delay, pre in RUNS:
        ptx = os.path.join(tmp, "p%d.ptx" % n)
        if not os.path.exists(ptx):
            cu = os.path.join(tmp, "p%d.cu" % n)
            open(cu, "w").write(re.sub(r"(?m)^#define N 4096$", "#define N %d" % n, src))
            subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, cu], check=True)
        with open(os.path.join(outdir, "probe", name + ".txt"), "w") as f:
            for block in blocks:
                rows, span = w40.stamps(ws, ptx, block, roles, spmask, delay, pre, warm)
                for la in range(10):
                    for w, r, lo in rows:
                        if r[w40.ROW - 1] == 1:
                            f.write("%d %d %d -1 -1 1\n" % (block, la, w))
                        else:
                            f.write("%d %d %d %d %d %d %s\n" % (block, la, w, r[w40.S + 1], r[w40.S + 2], r[w40.S + 3],
                                                                " ".join(str(v - lo) for v in r[:w40.S + 1])))
                f.write("block %d roles %04x spmask %d delay %d pre %d: %s\n" % (block, int(roles, 16), spmask, delay,
                                                                                pre, " ".join([str(span)] * 10)))


if __name__ == "__main__":
    main(sys.argv)
