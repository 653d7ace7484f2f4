#!/usr/bin/env python3
"""ptxas's order of probe_streams' FFMA/IMAD/LOP3 steps, instruction by instruction (issue 15, docs/calibration.md
"(order31)").

The kernels of .devjobs/mad19 and .devjobs/ffm30 (probe_streams.h) run 32 rounds of 8 streams, each step of stream i
`v_i = op(v_i, v_{i+1}, w)` for each op of its form (ffm: FFMA, FFMA, IMAD), v_7's reading v_0's new value. Each
instruction of the timed region (sass_replay.region) is named here (stream, round, op) by following its registers
from the streams' first values (the region's first ops read two of them: v_i and v_{i+1}), so that ptxas's order can
be set against a list schedule's pick: at each instruction's cycle (the stall counts before it), the instructions
whose producers issued `latency` cycles before (per class pair: F = FFMA, M = IMAD, L = LOP3) and whose pipe is free
(the IMAD and ALU pipes 2 cycles an instruction, the FMA pipe 1) are the ready ones, and
a pick agrees with a rule when the rule takes it of those. Rules: `prog` the first in program order (the PTX's);
`turn` the other class than the last instruction's first, then program order (warpsim's fma_turn, schedule.c rule 6);
`height` the one on the longest latency path to the region's end (warpsim's rule 4).

usage: ptxas_order.py SASS KERNEL FORM [N]   the first N (60) instructions named, then the agreement of each rule at
                                             latency 4, 5, 6 over the steady state (all but the first and last 60)
       ptxas_order.py --check MAD19_TAR FFM30_TAR   (tests/calibration/device-2026-12-06-h200f-mad19.tar.xz,
                                             device-2026-12-06-h100g-ffm30.tar.xz; ctest calibration_ptxas_order)
--check: every FFMA, IMAD and LOP3 of the steps of the 14 32-bit kinds named; ffm's steady state is the stream pairs'
pipeline [op 1 of pair P x2, op 0 of pair P+1 x2, op 2 of pair P x2] (four FFMAs then two IMADs), mff's
[op 2 of P, op 1 of P+1, op 0 of P+2] (the same FFFFMM); every steady pick of ffm and mff agrees with program order
among the ready at FFMA to FFMA 5 cycles and 4 for the other pairs, and fm's with the turn then program order; the turn
does not give ffm or mff, nor mff latency 4 throughout; program order alone does not give fm (196 of 392
picks not), nor heights ffm; and of fmf, ffffm, ffmm, no latency of 4-6 cycles per class pair makes program order,
with or without the turn, take every pick: the single rule is not found (the finding of "(order31)"). And ("(order32)"):
as a list schedule of its own (generate: program order among the ready, FFMA to FFMA 5 cycles, no turns; warpsim's
schedule.fma_chain) it gives ptxas's classes of mff (645 of 648 steady positions) and fffm (902 of 904), ffm's and
ffffm's FFMA / IMAD neighbours within 10, and not fm's turns."""
import itertools
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_replay import region  # noqa: E402
import sass_text  # noqa: E402

STREAMS, ROUNDS = 8, 32
CLASS = {"f": "F", "m": "M", "l": "L"}
REG = re.compile(r"\bR(\d+)\b")
EDGE = 60  # the steady state: all but the first and last EDGE instructions


def klass(op):
    base = op.split(".")[0]
    return "M" if op.startswith("IMAD") else "F" if base in ("FFMA", "FADD", "FMUL") else \
        "L" if base in ("LOP3", "ISETP", "IADD3") else "o"


def dag(form):
    """[(class, [preds])] of the steps in program order (preds: node indices, or -1 - i for stream i's first value)."""
    nodes, last = [], [-1 - i for i in range(STREAMS)]
    for _ in range(ROUNDS):
        for i in range(STREAMS):
            u = last[(i + 1) % STREAMS]
            for c in form:
                nodes.append((CLASS[c], [last[i], u]))
                last[i] = len(nodes) - 1
    return nodes


def name(form, j):
    r, rem = divmod(j, STREAMS * len(form))
    i, k = divmod(rem, len(form))
    return i, r, k


def label(lines, kernel, form):
    """[(cycle, class, node or None, text)] of kernel's timed region: each instruction's issue cycle (the stall counts
    before it), its class and the step node (dag(form)'s index) it computes."""
    rows, val, t = [], {}, 0
    for x in region([i for i in sass_text.function(lines, kernel) if i.ctrl is not None]):
        regs = REG.findall(x.operands)
        srcs = [val.get(r, ("init", r)) for r in regs[1:]]
        rows.append([t, klass(x.opcode), None, x.text, srcs])
        if regs:
            val[regs[0]] = len(rows) - 1
        t += max(x.stall, 1)
    # the streams' first values: the first ops of round 0 (streams 0-6) read two of them, v_i and v_{i+1}: a path
    pairs = {tuple(sorted(s[1] for s in r[4])) for r in rows
             if r[1] != "o" and len(r[4]) == 2 and all(isinstance(s, tuple) for s in r[4])}
    adj = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    nodes = dag(form)
    by_preds = {}
    for j, (_, ps) in enumerate(nodes):
        by_preds.setdefault(frozenset(ps), []).append(j)
    best = None
    for start in [r for r in adj if len(adj[r]) == 1]:
        path, prev = [start], None
        while len(path) < len(adj):
            nxt = [x for x in adj[path[-1]] if x != prev][0]
            prev = path[-1]
            path.append(nxt)
        stream = {reg: i for i, reg in enumerate(path)}
        got, used = {}, set()
        for q, r in enumerate(rows):
            if r[1] == "o" or len(r[4]) != 2:
                continue
            key = []
            for s in r[4]:
                if isinstance(s, tuple):
                    key.append(-1 - stream[s[1]] if s[1] in stream else None)
                else:
                    key.append(got.get(s))
            cands = [j for j in by_preds.get(frozenset(key), []) if j not in used] if None not in key else []
            if cands:
                got[q] = cands[0]
                used.add(cands[0])
        if best is None or len(got) > len(best):
            best = got
    return [(r[0], r[1], best.get(q), r[3]) for q, r in enumerate(rows)]


def agreement(rows, form, lat, rule, pipes=True):
    """(picks the rule takes, picks not ready at lat, picks the rule does not take) over the steady state; lat:
    {(producer class, reader class): cycles}."""
    nodes = dag(form)
    issue = {j: t for t, _, j, _ in rows if j is not None}
    seq = [(t, j) for t, _, j, _ in rows if j is not None]
    height = [0] * len(nodes)
    succ = [[] for _ in nodes]
    for j, (_, ps) in enumerate(nodes):
        for p in ps:
            if p >= 0:
                succ[p].append(j)
    for j in range(len(nodes) - 1, -1, -1):
        height[j] = max([lat[(nodes[j][0], nodes[s][0])] + height[s] for s in succ[j]] + [0])
    ok = not_ready = other = 0
    pipe_at = {}  # the IMAD and ALU pipes: 2 cycles a warp instruction (half rate), the FMA pipe 1
    for n, (t, j) in enumerate(seq):
        last = nodes[seq[n - 1][1]][0] if n else None
        if n:
            c = nodes[seq[n - 1][1]][0]
            pipe_at[c] = seq[n - 1][0] + (2 if c in "ML" and pipes else 1)
        if n < EDGE or n >= len(seq) - EDGE:
            continue

        def ready(x):
            return pipe_at.get(nodes[x][0], 0) <= t and all(
                p < 0 or (p in issue and issue[p] + lat[(nodes[p][0], nodes[x][0])] <= t) for p in nodes[x][1])
        if not ready(j):
            not_ready += 1
            continue
        cands = [x for x in range(max(0, j - 200), min(len(nodes), j + 200)) if issue.get(x, 1 << 60) >= t and
                 ready(x)]
        key = {"prog": lambda x: x, "turn": lambda x: (nodes[x][0] == last, x),
               "height": lambda x: (-height[x], x)}[rule]
        if min(cands, key=key) == j:
            ok += 1
        else:
            other += 1
    return ok, not_ready, other


def pairs_of(form):
    nodes = dag(form)
    return sorted({(nodes[p][0], c) for c, ps in nodes for p in ps if p >= 0})


def uniform(form, v):
    return {p: v for p in pairs_of(form)}


def best_fit(rows, form, rules=("prog", "turn")):
    """The fewest picks any rule of rules leaves unexplained (not ready or not taken) over latencies 4-6 a class
    pair, with that rule and latency."""
    ps = pairs_of(form)
    best = None
    for rule in rules:
        for vals in itertools.product((4, 5, 6), repeat=len(ps)):
            lat = dict(zip(ps, vals))
            ok, nr, other = agreement(rows, form, lat, rule)
            if best is None or nr + other < best[0]:
                best = (nr + other, rule, vals, ok)
    return best


def steady_groups(rows, form, width, shift=0):
    """The steady state's instructions as (stream, round, op) tuples, in groups of width from shift on."""
    named = [name(form, j) for _, _, j, _ in rows if j is not None][EDGE + shift:-EDGE]
    return [named[i:i + width] for i in range(0, len(named) - width, width)]


def pipeline(rows, form, shape):
    """Whether the steady state is groups of shape, at some phase: [(op, pair offset)], two of each, of stream pairs
    (s, s + 1) in program order (s of one parity), the pair P rising by one a group."""
    width = 2 * len(shape)
    for shift in range(width):
        for base in (0, 1):
            good, pair0 = True, None
            for g in steady_groups(rows, form, width, shift):
                ps = [((r * STREAMS + i - base) // 2) - off for (i, r, k), (op, off) in
                      zip(g, [x for x in shape for _ in (0, 1)])]
                ks = [k for _, _, k in g]
                if ks != [op for op, _ in shape for _ in (0, 1)] or len(set(ps)) != 1 or \
                        (pair0 is not None and ps[0] != pair0 + 1):
                    good = False
                    break
                pair0 = ps[0]
            if good:
                return True
    return False


def generate(form, ff=5, other=4, gap=2):
    """A list schedule of form's steps as warpsim's schedule.fma_chain makes it (sim/schedule.c, "(order32)"): at each
    cycle, of the steps whose producers issued their latency before (FFMA to FFMA ff cycles, the other pairs `other`),
    whose pipe is free (an IMAD holds the IMAD pipe `gap` cycles) and, for an FFMA, `gap` cycles after the last IMAD
    (ptxas's S02), the first in program order; one a cycle, else the cycle the first becomes ready. Returns the steps'
    dag(form) indices in its order."""
    nodes = dag(form)
    succ, npred = [[] for _ in nodes], [0] * len(nodes)
    for j, (_, ps) in enumerate(nodes):
        for q in ps:
            if q >= 0:
                succ[q].append(j)
                npred[j] += 1
    earliest, out, t, imad_free, last_imad = [0] * len(nodes), [], 0, 0, -gap
    cand = {j for j in range(len(nodes)) if not npred[j]}

    def at(j):
        c = nodes[j][0]
        return max(earliest[j], imad_free if c == "M" else last_imad + gap if c == "F" else 0)
    while cand:
        now = [j for j in cand if at(j) <= t]
        if not now:
            t = min(at(j) for j in cand)
            continue
        j = min(now)
        cand.remove(j)
        out.append(j)
        c = nodes[j][0]
        if c == "M":
            imad_free, last_imad = t + gap, t
        for x in succ[j]:
            lat = ff if c == "F" and nodes[x][0] == "F" else other
            earliest[x] = max(earliest[x], t + lat)
            npred[x] -= 1
            if not npred[x]:
                cand.add(x)
        t += 1
    return out


def classes(order, form):
    nodes = dag(form)
    return "".join(nodes[j][0] for j in order)


def neighbours(cls):
    """(FFMA-FFMA, IMAD-IMAD) neighbours of a class string."""
    return sum(a == b == "F" for a, b in zip(cls, cls[1:])), sum(a == b == "M" for a, b in zip(cls, cls[1:]))


def class_match(a, b):
    """Steady-state positions (all but the first and last EDGE) where two class strings agree, at the best shift of
    0-6 either way."""
    def one(x, y, s):
        return sum(p == q for p, q in zip(x[EDGE + s:-EDGE], y[EDGE:-EDGE - s] if s else y[EDGE:-EDGE]))
    return max(max(one(a, b, s), one(b, a, s)) for s in range(7))


KINDS32 = [("mad19", k) for k in ("mf", "fm", "fl", "lf", "ml", "lm", "ffm", "mff")] + \
    [("ffm30", k) for k in ("ffm", "fmf", "fffm", "ffffm", "ffmm", "fml", "ffl")]


def check(mad19, ffm30):
    expect = sass_text.Checks()
    lines = {"mad19": sass_text.member(mad19, "mad19/probe_mad19.sass").split("\n"),
             "ffm30": sass_text.member(ffm30, "ffm30/probe_ffm30.sass").split("\n")}
    rows = {}
    for job, k in KINDS32:
        rows[job, k] = r = label(lines[job], job + "_" + k, k)
        named = sum(j is not None for _, _, j, _ in r)
        expect(named == ROUNDS * STREAMS * len(k), "%s %s: %d of %d step instructions named" % (
            job, k, named, ROUNDS * STREAMS * len(k)))
    ffm = rows["ffm30", "ffm"]
    expect(pipeline(ffm, "ffm", [(1, 0), (0, 1), (2, 0)]),
           "ffm's steady state: [op 1 of pair P x2, op 0 of pair P+1 x2, op 2 of pair P x2] (FFFFMM)")
    expect(pipeline(rows["mad19", "mff"], "mff", [(2, 0), (1, 1), (0, 2)]),
           "mff's steady state: [op 2 of pair P x2, op 1 of pair P+1 x2, op 0 of pair P+2 x2] (FFFFMM)")
    def table(k):  # FFMA to FFMA 5 cycles, the other pairs 4
        return {**uniform(k, 4), ("F", "F"): 5}
    for (job, k), rule in (((("ffm30", "ffm")), "prog"), ((("mad19", "ffm")), "prog"), ((("mad19", "mff")), "prog"),
                           ((("mad19", "fm")), "turn")):
        ok, nr, other = agreement(rows[job, k], k, table(k), rule)
        expect(nr == 0 and other == 0, "%s %s: %s at %s takes %d of %d steady picks" % (
            job, k, rule, "/".join("%s%s %d" % (a, b, v) for (a, b), v in sorted(table(k).items())), ok,
            ok + nr + other))
    for (job, k), rule in (((("ffm30", "ffm")), "turn"), ((("mad19", "mff")), "turn"), ((("mad19", "mff")), "prog")):
        lat = table(k) if rule == "turn" else uniform(k, 4)
        ok, nr, other = agreement(rows[job, k], k, lat, rule)
        expect(nr + other > 50, "%s %s: %s at %s leaves %d of %d picks" % (
            job, k, rule, "/".join("%s%s %d" % (a, b, v) for (a, b), v in sorted(lat.items())), nr + other,
            ok + nr + other))
    ok, nr, other = agreement(rows["mad19", "fm"], "fm", uniform("fm", 4), "prog")
    expect(other > 100, "fm: program order alone at latency 4 leaves %d of %d picks (the turn is ptxas's there)" % (
        other, ok + nr + other))
    ok, nr, other = agreement(ffm, "ffm", uniform("ffm", 4), "height")
    expect(other > 100, "ffm: heights at latency 4 leave %d of %d picks" % (other, ok + nr + other))
    for k in ("fmf", "ffffm", "ffmm"):
        miss, rule, vals, ok = best_fit(rows["ffm30", k], k)
        expect(miss > 50, "ffm30 %s: the best of program order and the turn at 4-6 cycles a class pair (%s %s, %s) "
               "leaves %d picks: no such rule gives it" % (
                   k, rule, "/".join("%s%s %d" % (a, b, v) for (a, b), v in zip(pairs_of(k), vals)), ok, miss))
    # "(order32)": program order among the ready as a list schedule (generate: warpsim's schedule.fma_chain 5) gives
    # ptxas's classes where the FFMAs are at least twice the IMADs, and not fm's turns
    for (job, k), want in ((("mad19", "mff"), 640), (("ffm30", "fffm"), 895), (("mad19", "ffm"), 530)):
        p = classes([j for _, _, j, _ in rows[job, k] if j is not None], k)
        g = classes(generate(k), k)
        got = class_match(g, p)
        expect(got >= want, "%s %s: the list schedule in program order (FF 5) agrees with ptxas's classes at %d of %d "
               "steady positions; FF / MM neighbours %s, ptxas %s" % (job, k, got, len(p) - 2 * EDGE, neighbours(g),
                                                                      neighbours(p)))
    for (job, k) in (("mad19", "ffm"), ("ffm30", "ffffm")):
        p = neighbours(classes([j for _, _, j, _ in rows[job, k] if j is not None], k))
        g = neighbours(classes(generate(k), k))
        expect(abs(g[0] - p[0]) <= 10 and abs(g[1] - p[1]) <= 10, "%s %s: FF / MM neighbours %s, ptxas %s" % (
            job, k, g, p))
    g = neighbours(classes(generate("fm"), "fm"))
    expect(g[1] > 100, "mad19 fm: program order gives %d IMAD-IMAD neighbours where ptxas takes turns (2): the turns "
           "stay there" % g[1])
    return expect.status()


def main(argv):
    if len(argv) == 4 and argv[1] == "--check":
        return check(argv[2], argv[3])
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    lines = sass_text.read(argv[1]).split("\n") if hasattr(sass_text, "read") else open(argv[1]).read().split("\n")
    form = argv[3]
    rows = label(lines, argv[2], form)
    for t, c, j, text in rows[:int(argv[4]) if len(argv) == 5 else 60]:
        print("%5d %s %-12s %s" % (t, c, name(form, j) if j is not None else "-", text))
    for v in (4, 5, 6):
        print("latency %d: %s" % (v, "; ".join("%s %d taken, %d not ready, %d not taken" % (
            (rule,) + agreement(rows, form, uniform(form, v), rule)) for rule in ("prog", "turn", "height"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
