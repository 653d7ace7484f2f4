#!/usr/bin/env python3
"""warpsim_fwin48.py WARPSIM OUTDIR [PRESET...] (fwin48): warpsim's warm runs (ifetch.line 0: a later launch) of
run.sh's runs, written as the job writes them (OUTDIR/probe/RUN.txt, launches 0-9 the same run), so read_fwin40.py reads
warpsim as it reads the device: probe_fwin48's PTX compiled here (nvcc -arch=sm_90 -O3 -ptx). PRESET: more preset
files, their lines appended to the warm one's."""
import os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fwin40"))
import warpsim_fwin40  # noqa: E402  (stamps(), rows(), write_rows())

# run.sh's runs: name, ENTRY, blocks, roles
RUNS = [("e2", 2, (512,), "0"), ("e3", 3, (512,), "0"), ("n3", 11, (512,), "0"), ("n4", 12, (512,), "0"),
        ("n6", 14, (256, 512), "0"), ("n8", 16, (512,), "0"), ("b-128", 0, (128,), "3"), ("b8-128", 5, (128,), "3")]


def stamps48(ws, ptx, entry, block, roles, presets):
    return warpsim_fwin40.rows(ws, ptx, "_Z6fwin48ILi%dEEvPyPjffjjjjf" % entry, block,
                               ["sink=u32[4096]", "a=f32:1.0001", "b=f32:0.5", "roles=u32:%d" % int(roles, 16),
                                "spmask=u32:15", "delay=u32:0", "k=u32:0", "z=f32:0"], presets)


def main(argv):
    ws, outdir, extra = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp()
    ptx = os.path.join(tmp, "fwin48.ptx")
    subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, os.path.join(HERE, "probe_fwin48.cu")], check=True)
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n" + "".join(open(p).read() + "\n" for p in extra))
    os.makedirs(os.path.join(outdir, "probe"), exist_ok=True)
    for name, entry, blocks, roles in RUNS:
        with open(os.path.join(outdir, "probe", name + ".txt"), "w") as f:
            for block in blocks:
                rows, span = stamps48(ws, ptx, entry, block, roles, warm)
                warpsim_fwin40.write_rows(f, block, rows)
                f.write("block %d roles %04x spmask 15 delay 0 pre 0: %s\n" % (block, int(roles, 16),
                                                                                " ".join([str(span)] * 10)))


if __name__ == "__main__":
    main(sys.argv)
