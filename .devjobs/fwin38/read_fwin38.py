#!/usr/bin/env python3
"""read_fwin38.py RAW: probe_fwin38's stamps (RAW: fwin38/ unpacked, or a folder of probe/*.txt).
For each N, G and block: the span (median of launches 1-9) against probe_fsw's, then per end rank within the
sub-partition (rank 0 ends first) the median cycle at the end of segments 1, 2, 4, 8, 16, 31 and 32 and the cycles a
line over segments 1-31 (G FFMAs each, G / 8 lines), and the ranks' shares of the issue over segments 1-8 of the
leader (the segments each rank had ended by the time the leader ended segment 8, over all the ranks')."""
import glob
import os
import statistics as st
import sys

S = 32


def load(path):
    rows, spans = [], {}
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == 'N' and ':' in line:
            head, vals = line.split(':', 1)
            h = head.split()
            spans[(int(h[1]), int(h[3]), int(h[5]))] = [int(v) for v in vals.split()]
        elif f[0].isdigit() and len(f) >= 7 + S + 1:
            n, g, b, l, w, wid, sm = map(int, f[:7])
            rows.append((n, g, b, l, w, wid, [int(v) for v in f[7:7 + S + 1]]))
    return rows, spans


def fsw_spans(raw):
    out = {}
    for p in glob.glob(os.path.join(raw, 'probe', 'fsw-n4096-*.txt')):
        for line in open(p):
            if ':' in line and line.split()[0] in ('N', 'n'):
                head, vals = line.split(':', 1)
                nums = [int(x) for x in head.split() if x.isdigit()]
                if nums:
                    out.setdefault(nums[-1], []).append(st.median([int(v) for v in vals.split()][1:]))
    return out


def main(raw):
    fsw = fsw_spans(raw)
    for p in sorted(glob.glob(os.path.join(raw, 'probe', 'n*-g*.txt'))):
        rows, spans = load(p)
        for (n, g, b), sp in sorted(spans.items()):
            ref = fsw.get(b)
            print(f"\nN {n} G {g} block {b}: span {st.median(sp[1:]):.0f}"
                  + (f" (probe_fsw {', '.join(str(int(r)) for r in ref)})" if ref else ""))
            byrank = {}
            shares = {}
            for l in range(1, 10):
                ws = [r for r in rows if r[0] == n and r[1] == g and r[2] == b and r[3] == l]
                for spi in range(4):
                    sub = sorted((r for r in ws if r[5] % 4 == spi), key=lambda r: r[6][S])
                    for k, r in enumerate(sub):
                        byrank.setdefault(k, []).append((r[5] // 4, r[6]))
                    if len(sub) >= 2:
                        lead = min(sub, key=lambda r: r[6][8])
                        at = lead[6][8]
                        done = [sum(1 for s in range(1, S) if r[6][s] <= at) for r in sub]
                        for k in range(len(sub)):
                            shares.setdefault(k, []).append(done[k] / max(1, sum(done)))
            lines = g / 8
            for k in sorted(byrank):
                ts = byrank[k]
                med = [st.median(t[s] for _, t in ts) for s in range(S + 1)]
                slots = st.mode(sl for sl, _ in ts)
                rate = [(med[s] - med[s - 1]) / lines for s in range(1, S)]
                print(f"  rank {k} (slot {slots} mostly): ends " + " / ".join(f"{med[s]:.0f}" for s in (1, 2, 4, 8, 16, 31, 32))
                      + "; a line, segments 1-31: " + " ".join(f"{x:.0f}" for x in rate)
                      + (f"; share by the leader's segment 8 {st.median(shares[k]):.2f}" if k in shares else ""))


if __name__ == '__main__':
    main(sys.argv[1])
