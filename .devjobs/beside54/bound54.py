#!/usr/bin/env python3
"""bound54.py (beside54): a bound no policy passes. A set of W ways that sees no more than W distinct lines over the
launches never evicts after the first, whatever the replacement or insertion rule; so from launch 1 on region B can
miss only its lines in sets that see more than W. Counts, for fwin40's kernel (brun54.py's layout) at each load
address mod 16 KiB (0x100 steps), B's lines in such sets: alone and beside A (A's lines lie in the window either
way), with X lines fetched past the kernel's end and R past each region's closing branch (A's run on into B's first
lines, B's into the code between B and the tail)."""
import brun54

LINE, SETS = 128, 128


def b_lines_in_full_sets(base, W, X, R):
    L = brun54.lines
    touched = set(range(base // LINE, (base + brun54.WINDOW - 1) // LINE + 1))
    touched |= set(L(0, brun54.E_END, base)) | set(L(brun54.B_LO, brun54.B_HI, base)) | set(L(brun54.T_LO, brun54.T_HI, base))
    end = L(brun54.T_LO, brun54.T_HI, base)[-1]
    touched |= set(range(end + 1, end + 1 + X))
    b = L(brun54.B_LO, brun54.B_HI, base)
    touched |= set(range(b[-1] + 1, b[-1] + 1 + R))  # past B's closing branch
    a_end = L(brun54.A_LO, brun54.A_HI, base)[-1]
    beside = touched | set(range(a_end + 1, a_end + 1 + R))  # past A's: B's first lines
    out = []
    for t in (touched, beside):
        per = {}
        for line in t:
            per[line % SETS] = per.get(line % SETS, 0) + 1
        out.append(sum(1 for line in b if per[line % SETS] > W))
    return out


if __name__ == "__main__":
    card = {n: sum(brun54.card_missed(n)) for n in brun54.CARD}
    print("card (segments, 38.7 a missed line): alone %.0f, beside %.0f; by spans at 46 a line: ~213, ~104"
          % (card["b-128"], card["b1-256"]))
    for W in (8,):
        for X, R in ((24, 0), (24, 24), (32, 32), (48, 0), (48, 48)):
            vals = [b_lines_in_full_sets(base, W, X, R) for base in range(0, 0x4000, 0x100)]
            al = [v[0] for v in vals]
            print("W %d X %d R %d: B's lines that can miss, over 64 load addresses: alone %d-%d, beside %d-%d"
                  % (W, X, R, min(al), max(al), min(v[1] for v in vals), max(v[1] for v in vals)))
