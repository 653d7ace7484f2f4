#!/usr/bin/env python3
"""seq54.py (beside54): test (1), lru53.py's straight-line runs under any policy of policy54.py. fwin53's seq-64, 80,
96, 128, 160, alt-64, 80 (h100u) and fwin54's seq-104 ... 192, alt-96 (h100v), each tarball's own load addresses
(probe/gdb-each.txt) and section sizes (probe_p.elf). probe_fwin53's chunks: the first stamp at 0x120, 0x420 bytes a
chunk up to chunk 130 (0-based), 0x820 from 0x21960 on (ptxas's LDCs, "(fwin54)"). A chunk past the window is slow
on the card above 250 cycles (500 for a double chunk) and in the model where one of its lines past the window
missed. Score: the share of chunks 61.. wrong over launches 0, 1, 2, 5 (lru53's), and without launch 1."""
import re

LINE, WINDOW, FIRST, CHUNK, CHUNK2, FIRST2 = 128, 0x10000, 0x120, 0x420, 0x820, 0x21960
RUNS = {"fwin53": ["seq-64", "seq-80", "seq-96", "seq-128", "seq-160", "alt-64", "alt-80"],
        "fwin54": ["seq-104", "seq-112", "seq-120", "seq-128", "seq-136", "seq-144", "seq-160", "seq-176", "seq-192",
                   "alt-96"]}
LAUNCHES = (0, 1, 2, 5)


def chunk_start(i):
    return FIRST + CHUNK * i if i <= 130 else FIRST2 + CHUNK2 * (i - 130)


def load(raw):
    """{tarball: (addresses, sizes, {run: [(kb, twin, {launch: [slow]})]})}"""
    out = {}
    for tb, runs in RUNS.items():
        d = "%s/%s" % (raw, tb)
        addr = {(int(m.group(2)), int(m.group(3))): int(m.group(1), 16) for m in re.finditer(
            r"breakpoint, 0x([0-9a-f]+) in void region<(\d+), (\d)>", open(d + "/probe/gdb-each.txt").read())}
        size = {}
        for line in open(d + "/probe_p.elf"):
            m = re.search(r"\s([0-9a-f]+)\s+0 80\s+PROGBITS.*regionILi(\d+)ELi(\d)E", line)
            if m:
                size[(int(m.group(2)), int(m.group(3)))] = int(m.group(1), 16)
        card = {}
        for run in runs:
            kbs = {}
            for line in open("%s/probe/%s.txt" % (d, run)):
                m = re.match(r"L (\d+) KB (\d+)(t?) w 0 [^:]*:(.*)", line)
                if not m or int(m.group(1)) not in LAUNCHES:
                    continue
                kb, twin = int(m.group(2)), 1 if m.group(3) else 0
                cyc = [int(x) for x in m.group(4).split()]
                slow = [c > (500 if i > 130 else 250) for i, c in enumerate(cyc)]
                kbs.setdefault((kb, twin), {})[int(m.group(1))] = slow
            card[run] = [(kb, twin, kbs[(kb, twin)]) for kb, twin in sorted(kbs)]
        out[tb] = (addr, size, card)
    return out


def launch(cache, base, size, kb, past_end):
    first, end = base // LINE, (base + size + LINE - 1) // LINE
    for line in range(first, (base + WINDOW + LINE - 1) // LINE):
        cache.access(line, 'p')
    hit = {line: cache.access(line, 'd') for line in range(first, end)}
    for line in range(end, end + past_end):
        cache.access(line, 'x')
    slow = []
    for i in range(kb):
        lo, hi = base + chunk_start(i), base + chunk_start(i + 1)
        slow.append(any(not hit[l] for l in range(lo // LINE, (hi + LINE - 1) // LINE)
                        if l * LINE - base >= WINDOW and l in hit))
    return slow


def score(data, factory, past_end=24, show=None):
    """(wrong share over launches 0, 1, 2, 5; without launch 1; {run: wrong share})"""
    wrong = total = wrong1 = total1 = 0
    per = {}
    for tb, (addr, size, card) in data.items():
        for run, kernels in card.items():
            cache = factory()
            w = t = 0
            for la in range(6):
                for kb, twin, real in kernels:
                    model = launch(cache, addr[(kb, twin)], size[(kb, twin)], kb, past_end)
                    if la in real:
                        bad = sum(model[i] != real[la][i] for i in range(61, kb))
                        w, t = w + bad, t + kb - 61
                        if la != 1:
                            wrong1, total1 = wrong1 + bad, total1 + kb - 61
                        if show and run == show[1] and tb == show[0]:
                            print("%s %s L%d card  %s" % (tb, run, la, "".join("S" if x else "." for x in real[la][61:kb])))
                            print("%s %s L%d model %s" % (tb, run, la, "".join("S" if x else "." for x in model[61:])))
            per[tb + ":" + run] = w / t
            wrong, total = wrong + w, total + t
    return wrong / total, wrong1 / total1, per


if __name__ == "__main__":
    import sys
    import policy54
    data = load(sys.argv[1] if len(sys.argv) > 1 else "/tmp/b54")
    s = score(data, policy54.lru(), show=("fwin54", "seq-136"))
    print("LRU: %.4f (no L1 %.4f)" % s[:2])
    for r, v in s[2].items():
        print("  %s %.3f" % (r, v))
