#!/usr/bin/env python3
"""test53.py (fit53): checks sim53.c's policies on streams whose answer is known, and the fact the floor rests on
(a modulo index ignores the load address). Prints "ok" or fails with the first wrong figure."""
import ctypes, random

import fit53

L = fit53.lib()


def run(lines, pol, s, w, launches=10, base=0, index="mod"):
    """lines: one launch's line numbers (128 B), repeated; returns kept lines per launch."""
    ev = [(x * 128, 2, 0, la) for la in range(launches) for x in lines]
    n = len(ev)
    kept = (ctypes.c_int32 * (launches * 16))()
    tot = (ctypes.c_int32 * (launches * 16))()
    L.sim((ctypes.c_int64 * n)(*[e[0] for e in ev]), (ctypes.c_uint8 * n)(*[e[1] for e in ev]),
          (ctypes.c_int8 * n)(*[e[2] for e in ev]), (ctypes.c_int8 * n)(*[e[3] for e in ev]), n,
          fit53.POLICIES.index(pol), s, w, 7, fit53.INDEXES.index(index), 0, 7, base, kept, tot)
    return [kept[la * 16] for la in range(launches)]


def check(what, got, want):
    assert got == want, f"{what}: {got}, want {want}"


def main():
    cyc = list(range(5))  # five lines cycling through one set of four ways
    for pol in ("lru", "fifo"):
        check(f"{pol} cyclic 5 on 4 ways", run(cyc, pol, 1, 4)[1:], [0] * 9)
    # insertion at the LRU end (LIP, BIP) or at a distant RRPV (BRRIP) keeps all ways but one
    for pol in ("lip", "bip", "brrip"):
        check(f"{pol} cyclic 5 on 4 ways keeps 3", run(cyc, pol, 1, 4)[1:], [3] * 9)
    # by hand: after A-E the tree points at A's way then C's; B survives once, then every line is evicted in turn
    check("tree PLRU cyclic 5 on 4 ways", run(cyc, "plru", 1, 4)[1:3], [1, 0])
    # SRRIP inserts every line at 2 and no line is hit: it ages all to 3 and evicts in way order, FIFO's answer
    check("srrip cyclic 5 on 4 ways", run(cyc, "srrip", 1, 4)[1:], [0] * 9)
    for pol in fit53.POLICIES:
        check(f"{pol}: 4 lines on 4 ways all kept", run(list(range(4)), pol, 1, 4)[1:], [4] * 9)
        check(f"{pol}: cold launch keeps nothing", run(cyc, pol, 1, 4)[0], 0)
    # a modulo index: the load address relabels the sets and changes nothing
    rng = random.Random(1)
    stream = sorted(rng.sample(range(4000), 600))
    for pol in ("lru", "plru", "srrip", "nru"):
        a = run(stream, pol, 128, 4)
        for b in (128, 0x1000 * 128 + 384, 12345 * 128):
            check(f"{pol} mod, base {b:#x}", run(stream, pol, 128, 4, base=b), a)
    # the folded index does depend on it (the case xor53.py searches)
    assert any(run(stream, "lru", 128, 4, base=b, index="xor") != run(stream, "lru", 128, 4, index="xor")
               for b in (128 * 128 * 3, 128 * 128 * 128 * 5)), "xor index ignores the base"
    print("ok")


if __name__ == "__main__":
    main()
