#!/usr/bin/env python3
"""warpsim_fwin46.py WARPSIM OUTDIR [PRESET...] (fwin46): warpsim's warm runs (ifetch.line 0: a later launch) of
run.sh's runs, written as the job writes them (OUTDIR/probe/RUN.txt, launches 0-9 the same run), so read_fwin40.py reads
warpsim as it reads the device: probe_fwin46 (ENTRY 0-4) and probe_fwin40 (b1-256's runs), their PTX compiled here
(nvcc -arch=sm_90 -O3 -ptx). PRESET: more preset files, their lines appended to the warm one's."""
import os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fwin40"))
import warpsim_fwin40  # noqa: E402  (stamps(), rows(), write_rows())

# run.sh's runs: name, probe (46: ENTRY, or "40"), blocks, roles, spmask
RUNS = [("e0", 0, (256, 512), "0", 15), ("e1", 1, (256, 512), "0", 15), ("e2", 2, (256, 512), "0", 15),
        ("e3", 3, (256, 512), "0", 15), ("e4", 4, (256, 512), "0", 15), ("a-128", "40", (128,), "0", 15),
        ("b-128", "40", (128,), "3", 15), ("bb-256", "40", (256,), "33", 15), ("b0-256", "40", (256,), "03", 15),
        ("b1-256", "40", (256,), "30", 15), ("b1-sp1", "40", (256,), "30", 1)]


def stamps46(ws, ptx, entry, block, roles, spmask, presets):
    return warpsim_fwin40.rows(ws, ptx, "_Z6fwin46ILi%dEEvPyPjffjjjj" % entry, block,
                               ["sink=u32[4096]", "a=f32:1.0001", "b=f32:0.5", "roles=u32:%d" % int(roles, 16),
                                "spmask=u32:%d" % spmask, "delay=u32:0", "k=u32:0"], presets)


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    ptx = {}
    for name in ("46", "40"):
        ptx[name] = os.path.join(tmp, "fwin%s.ptx" % name)
        subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx[name],
                        os.path.join(HERE, "..", "fwin" + name, "probe_fwin%s.cu" % name)], check=True)
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for name, probe, blocks, roles, spmask in RUNS:
        with open(os.path.join(outdir, "probe", name + ".txt"), "w") as f:
            for block in blocks:
                if probe == "40":
                    rows, span = warpsim_fwin40.stamps(ws, ptx["40"], block, roles, spmask, 0, 0, warm)
                else:
                    rows, span = stamps46(ws, ptx["46"], probe, block, roles, spmask, warm)
                warpsim_fwin40.write_rows(f, block, rows)
                f.write("block %d roles %04x spmask %d delay 0 pre 0: %s\n" % (block, int(roles, 16), spmask,
                                                                              " ".join([str(span)] * 10)))


if __name__ == "__main__":
    main(sys.argv)
