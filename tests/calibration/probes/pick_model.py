#!/usr/bin/env python3
"""One sub-partition's issue of IMAD-pipe (I) and FMA-pipe (F) instructions under warpsim's warp pick (issue 15,
docs/calibration.md "(alt18)"): each warp runs a periodic order of I and F; a warp waits `gap` cycles after an I whose
next is an F (ptxas's stall count, stall.imad_fma), 1 after anything else; the IMAD pipe takes an I every 2 cycles;
each cycle one warp issues, among those that can: --pick rr the first after the warp that issued last (warpsim's
loose round robin, timing.c rr_pick), --pick last the warp that issued last first, --pick imad a warp whose next is an
I first, then the round robin (pick.pipe 1, docs/calibration.md "(pick18)"). Prints the cycles a step (one I
and one F) of the sub-partition at 1, 2, 4 and 8 warps for the turns (FI), fimad17's order (7 I then 7 F), and the
order of equal I and F counts up to 12 long that comes nearest the H200's fma_m (2.08 at 2, 2.07 at 8 warps a
sub-partition); the H200 takes 3.10 / 2.08 / 2.39 / 2.07.
usage: pick_model.py [--pick rr|last|imad] [--gap G]"""
import itertools
import sys


def cycles_a_step(order, warps, gap=2, pick="rr", reps=40):
    s = order * reps
    n, pos, ready, pipe, last, c = len(s), [0] * warps, [0] * warps, 0, -1, 0
    while min(pos) < n:
        can = [w for w in range(warps) if pos[w] < n and ready[w] <= c and (s[pos[w]] != "I" or pipe <= c)]
        if can:
            w = min(can, key=lambda w: (pick == "last" and w != last, pick == "imad" and s[pos[w]] != "I",
                                        (w - last - 1) % warps))
            x, nxt = s[pos[w]], s[pos[w] + 1] if pos[w] + 1 < n else None
            pipe = c + 2 if x == "I" else pipe
            ready[w] = c + (gap if x == "I" and nxt == "F" else 1)
            pos[w], last = pos[w] + 1, w
        c += 1
    return c / (n / 2 * warps)


def main(argv):
    opts = dict(zip(argv[1::2], argv[2::2]))
    pick, gap = opts.get("--pick", "rr"), int(opts.get("--gap", 2))
    row = lambda o: " / ".join("%.2f" % cycles_a_step(o, w, gap, pick) for w in (1, 2, 4, 8))
    print("turns (FI):", row("FI"))
    print("7 I then 7 F:", row("I" * 7 + "F" * 7))
    best = min(("".join("I" if i in c else "F" for i in range(m)) for m in range(2, 13, 2)
                for c in itertools.combinations(range(m), m // 2)),
               key=lambda o: max(abs(cycles_a_step(o, 2, gap, pick) / 2.08 - 1),
                                 abs(cycles_a_step(o, 8, gap, pick) / 2.07 - 1)))
    print("nearest the H200 at 2 and 8 warps a sub-partition (%s):" % best, row(best))


if __name__ == "__main__":
    main(sys.argv)
