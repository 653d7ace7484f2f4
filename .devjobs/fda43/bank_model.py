#!/usr/bin/env python3
"""fda43: a candidate mechanism on the SASS itself, before any warpsim code: one sub-partition, W warps running a
kind's timed region (h200f's / alu27's SASS), each op issued at its warp's stall counts on FMA halves (FFMA, FMUL,
FADD, HADD2, HFMA2: either half, 2 cycles; IMAD: the heavy half, 2 cycles) and the ALU (2 cycles); an op's result is
written into its destination's bank (register number mod 2) L cycles after its issue, and its slot-a register is read
from the file K cycles after it (none where the reuse cache holds it: a .reuse'd register of the same slot and bank in
the warp's op before). The rule tried: an op does not issue where its slot-a read would meet a write into the same
bank in that cycle (OTHER: only another warp's write; ptxas allocates its own warp's registers around its own
writes). Pick: the ready warp after the last one issued (rr) or the lowest ready slot (low). With BUBBLE=1 in the
environment the op issues anyway and the sub-partition's issue loses the next cycle (the read waits). Prints cycles an
op at W = 1 / 2 / 4 / 8 beside the card's (alu27 warm, h200f first launch), and the model without the rule.

usage: [BUBBLE=1] bank_model.py [K L OTHER PICK]   (default 1 5 1 rr)"""
import os, sys, tempfile

BUBBLE = int(os.environ.get("BUBBLE", "0"))

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "../..")
sys.path.insert(0, os.path.join(ROOT, "tests/calibration/probes"))
sys.path.insert(0, os.path.join(ROOT, ".devjobs/fmal42"))
sys.path.insert(0, HERE)
from features import regs  # noqa: E402
from ptx_features import kinds  # noqa: E402

HALF = ("FFMA", "FMUL", "FADD", "HADD2", "HFMA2", "HMUL2")
ALU = ("LOP3", "F2FP", "IADD3", "SHF", "ISETP", "SEL", "PRMT", "MOV", "LEA", "IABS", "FSEL", "FSETP", "LOP")
ALU3 = ["fma", "fmul", "fadd", "fma_f", "fma_l", "fma_m", "f2h2_f", "lop3_f", "h2f_f", "mad_f", "hadd_l", "mad_l",
        "lop3_m", "f2h2_m", "hadd2", "hadd_f"]
MAD19 = ["fm", "lm", "lf", "ml", "mfi", "lfi", "fli", "fmi", "fl", "mf"]


def stream(region):
    ops, cache = [], {}
    for x in region:
        o = x.opcode.split(".")[0]
        if o in HALF:
            pipe = "half"
        elif o == "IMAD":
            pipe = "heavy"
        elif o in ALU:
            pipe = "alu"
        else:
            return None
        dst, srcs = regs(x)
        a = next(((slot, r, f) for slot, r, f in srcs if slot == 1), None)
        hit = a is not None and cache.get((1, a[1] % 2)) == a[1]
        for slot, r, f in srcs:
            if f:
                cache[(slot, r % 2)] = r
            else:
                cache.pop((slot, r % 2), None)
        ops.append((pipe, max(x.stall, 1), None if dst is None else dst % 2,
                    None if a is None or hit else a[1] % 2))
    return ops


def run(ops, W, K, L, other, pick):
    nxt = [0] * W
    pos = [0] * W
    heavy = lite = alu = 0
    writes = {}  # cycle -> {(bank, warp)}
    t, last, n = 0, W - 1, len(ops)
    while any(p < n for p in pos):
        order = [(last + 1 + i) % W for i in range(W)] if pick == "rr" else list(range(W))
        for w in order:
            if pos[w] >= n or nxt[w] > t:
                continue
            pipe, stall, bd, ba = ops[pos[w]]
            if pipe == "alu" and alu > t or pipe == "heavy" and heavy > t or pipe == "half" and min(heavy, lite) > t:
                continue
            clash = ba is not None and any(b == ba and (not other or v != w) for b, v in writes.get(t + K, ()))
            if clash and not BUBBLE:
                continue
            if pipe == "alu":
                alu = t + 2
            elif pipe == "heavy":
                heavy = t + 2
            elif lite <= t:
                lite = t + 2
            else:
                heavy = t + 2
            if bd is not None:
                writes.setdefault(t + L, set()).add((bd, w))
            nxt[w] = t + stall
            pos[w] += 1
            last = w
            if clash:  # BUBBLE: the op issues, its read waits a cycle and the sub-partition's issue with it
                t += 1
            break
        t += 1
    return t / (W * n)


def main(argv):
    K, L, other, pick = (int(argv[1]), int(argv[2]), int(argv[3]), argv[4]) if len(argv) > 4 else (1, 5, 1, "rr")
    print("| kind | card 1 / 2 / 4 / 8 | model K %d L %d other %d pick %s | model without the rule |" % (K, L, other, pick))
    print("| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(k, region, card) for k, region, card, _ in kinds(tmp)
                if k in ALU3 or k.startswith("mad19 ") and k[6:] in MAD19]
        for k, region, card in jobs:
            ops = stream(region)
            if ops is None:
                print("| %s | (an op outside the model) | | |" % k)
                continue
            m = [run(ops, W, K, L, other, pick) for W in (1, 2, 4, 8)]
            m0 = [run(ops, W, K, -100, other, pick) for W in (1, 2, 4, 8)]
            print("| %s | %s | %s | %s |" % (k, " / ".join("%.3f" % x for x in card), " / ".join("%.3f" % x for x in m),
                                             " / ".join("%.3f" % x for x in m0)))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
