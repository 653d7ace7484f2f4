#!/usr/bin/env python3
"""fsw_summary.py RAW [WARPSIM] (misc32): probe_fsw's per-warp stamps (RAW: the job's tarball unpacked, misc32/)
summed up per size and block: the median span of launches 1-9 and cycles an FFMA a sub-partition; per sub-partition
(%warpid mod 4) the spread of its warps' ends (last - first) and of their starts, the median over launches 1-9 and the
sub-partitions; the warps' own durations (t1 - t0: min / median / max, cycles an FFMA); with WARPSIM, warpsim's warm
span of the same kernel (the PTX compiled here: nvcc -arch=sm_90 -O3 -ptx .devjobs/misc32/probe_fsw.cu)."""
import collections, os, statistics, subprocess, sys, tempfile


def rows(path):
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) == 7 and f[0].isdigit():
            block, la, w, t0, t1, wid, sm = map(int, f)
            per[(block, la)].append((w, t0, t1, wid))
    return per


def main(argv):
    raw = argv[1]
    ws = argv[2] if len(argv) > 2 else None
    ptx = None
    tmp = tempfile.mkdtemp()
    if ws:
        ptx = os.path.join(tmp, "fsw.ptx")
        src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe_fsw.cu")
        subprocess.run(["nvcc", "-arch=sm_90", "-O3", "-ptx", "-o", ptx, src], check=True)
        with open(os.path.join(tmp, "warm.preset"), "w") as f:
            f.write("ifetch.line 0\n")
    print("| N (KiB) | block | span (launches 1-9) | a FFMA a SP | end spread a SP | start spread a SP | a warp's t1 - t0 min / median / max |%s" % (" warpsim |" if ws else ""))
    print("| ---: | ---: | ---: | ---: | ---: | ---: | --- |%s" % (" ---: |" if ws else ""))
    for n in (1024, 2304, 4096, 6144):
        path = os.path.join(raw, "probe", "n%d.txt" % n)
        if not os.path.exists(path):
            continue
        per = rows(path)
        for block in sorted({k[0] for k in per}):
            spans, ends, starts, durs = [], [], [], []
            for la in range(1, 10):
                ws_ = per.get((block, la))
                if not ws_:
                    continue
                spans.append(max(x[2] for x in ws_) - min(x[1] for x in ws_))
                for sp in range(4):
                    mine = [x for x in ws_ if x[3] % 4 == sp]
                    if len(mine) > 1:
                        ends.append(max(x[2] for x in mine) - min(x[2] for x in mine))
                        starts.append(max(x[1] for x in mine) - min(x[1] for x in mine))
                durs += [x[2] - x[1] for x in ws_]
            wsp = max(1, block // 128)
            sp = statistics.median(spans)
            line = "| %d (%d) | %d | %.0f | %.2f | %s | %s | %d / %d / %d (%.2f / %.2f / %.2f) |" % (
                n, n * 16 // 1024, block, sp, sp / (wsp * n), "%.0f" % statistics.median(ends) if ends else "-",
                "%.0f" % statistics.median(starts) if starts else "-", min(durs), statistics.median(durs), max(durs),
                min(durs) / n, statistics.median(durs) / n, max(durs) / n)
            if ws:
                res = subprocess.run([ws, "run", ptx, "--kernel", "_Z3fswILi%dEEvPyPjff" % n, "--grid", "1", "--block",
                                      str(block), "out=u64[128]", "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5",
                                      "--preset", os.path.join(tmp, "warm.preset")], capture_output=True, text=True,
                                     check=True).stdout.split("\n")
                i = res.index("== out u64[128]") + 1
                v = []
                while len(v) < 128:
                    v += [int(x) for x in res[i].split()]
                    i += 1
                nw = block // 32
                line += " %d (%+.1f%%) |" % (max(v[1:4 * nw:4]) - min(v[0:4 * nw:4]),
                                             (max(v[1:4 * nw:4]) - min(v[0:4 * nw:4]) - sp) / sp * 100)
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
