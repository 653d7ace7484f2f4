#!/usr/bin/env python3
"""lru53.py RAW (fwin53): which cache between launches gives fwin53's far-code chunks past the launch's 64 KiB window
(docs/calibration.md "(fwin53)"). A set-associative cache of 128-byte lines by load address (the debugger's, RAW/probe/
gdb-each.txt); each launch loads the window [entry, entry + 64 KiB), then the kernel's lines in order, then X lines past
its end; a chunk past the window is slow where one of its lines missed. Scans sets, ways, policy and X against the
card's chunks (launches 0, 1, 2, 5) of seq-64/80/96/128/160 and alt-64/80, and prints seq-128's chunks for the best.
RAW: fwin53's tarball unpacked (its fwin53 folder)."""
import itertools, re, sys

LINE, WINDOW, FIRST, CHUNK = 128, 0x10000, 0x120, 0x420  # probe_fwin53's first stamp and chunk, from its SASS
SIZE = {64: 0x10f00, 80: 0x15100, 96: 0x19300, 128: 0x21700, 160: 0x31280}  # region<KB, *>'s .text (probe_p.elf)
RUNS = [("seq-64", [(64, 0)]), ("seq-80", [(80, 0)]), ("seq-96", [(96, 0)]), ("seq-128", [(128, 0)]),
        ("seq-160", [(160, 0)]), ("alt-64", [(64, 0), (64, 1)]), ("alt-80", [(80, 0), (80, 1)])]


def addresses(raw):
    """(KB, twin) -> load address, from the debugger's stops"""
    out = {}
    for m in re.finditer(r"breakpoint, 0x([0-9a-f]+) in void region<(\d+), (\d)>", open(raw + "/probe/gdb-each.txt").read()):
        out[(int(m.group(2)), int(m.group(3)))] = int(m.group(1), 16)
    return out


def card(raw, run, kb, twin, launch):
    """the card's chunks of one launch: True where slow (over 250 cycles, 30 a line)"""
    key = "L %d KB %d%s w 0 " % (launch, kb, "t" if twin else "")
    for line in open("%s/probe/%s.txt" % (raw, run)):
        if line.startswith(key):
            return [int(x) > 250 for x in line.split(":")[1].split()]
    raise SystemExit("%s: no launch %d of %d" % (run, launch, kb))


class Cache:
    """sets of ways by line address; lru: a hit moves the line to the back; fifo: a hit changes nothing"""

    def __init__(self, sets, ways, policy):
        self.sets, self.ways, self.policy = sets, ways, policy
        self.lines = [[] for _ in range(sets)]

    def access(self, line):
        s = self.lines[line % self.sets]
        if line in s:
            if self.policy == "lru":
                s.remove(line)
                s.append(line)
            return True
        if len(s) >= self.ways:
            s.pop(0)
        s.append(line)
        return False


def launch(cache, base, size, kb, past_end):
    """one launch: the window, the kernel's lines, PAST_END lines past its end; the chunks slow by the model"""
    first, end = base // LINE, (base + size + LINE - 1) // LINE
    for line in range(first, (base + WINDOW + LINE - 1) // LINE):
        cache.access(line)
    hit = {line: cache.access(line) for line in range(first, end)}
    for line in range(end, end + past_end):
        cache.access(line)
    slow = []
    for i in range(kb):
        lo = base + FIRST + CHUNK * i
        slow.append(any(not hit[l] for l in range(lo // LINE, (lo + CHUNK + LINE - 1) // LINE) if l * LINE - base >= WINDOW))
    return slow


def score(raw, addr, sets, ways, policy, past_end, show=None):
    wrong = total = 0
    for run, kernels in RUNS:
        cache = Cache(sets, ways, policy)
        for la in range(6):
            for kb, twin in kernels:
                model = launch(cache, addr[(kb, twin)], SIZE[kb], kb, past_end)
                if la in (0, 1, 2, 5):
                    real = card(raw, run, kb, twin, la)
                    wrong += sum(model[i] != real[i] for i in range(61, kb))
                    total += kb - 61
                    if run == show:
                        print("%s launch %d card  %s" % (run, la, "".join("S" if x else "." for x in real[61:])))
                        print("%s launch %d model %s" % (run, la, "".join("S" if x else "." for x in model[61:])))
    return wrong / total


def main(argv):
    raw = argv[1] if len(argv) > 1 else "fwin53"
    addr = addresses(raw)
    fits = []
    for sets, ways, policy, past_end in itertools.product([64, 128, 256, 512], [2, 4, 8, 16], ["lru", "fifo"],
                                                          [0, 8, 16, 24, 32, 48]):
        if sets * ways * LINE <= 512 * 1024:
            fits.append((score(raw, addr, sets, ways, policy, past_end), sets, ways, policy, past_end))
    fits.sort()
    print("chunks past the window the model gets wrong, sets, ways, policy, lines fetched past the kernel's end:")
    for f in fits[:8]:
        print("  %.4f %d %d %s %d" % f)
    score(raw, addr, *fits[0][1:], show="seq-128")


if __name__ == "__main__":
    main(sys.argv)
