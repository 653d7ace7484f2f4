#!/usr/bin/env python3
"""data53.py (fit53): region B's segment cycles from the committed device runs, and each run's executed code lines
from the job's own SASS (cuobjdump order = the ELF's section order; sections 0x80-aligned, back to back, checked
against probe_p.elf where the job kept it). `python3 data53.py` prints every run's table (launch 1, medians of 2-9)
and the layout it uses."""
import collections, os, re, statistics, subprocess, sys, tarfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CAL = os.path.join(REPO, "tests", "calibration")
CACHE = os.environ.get("FIT53_RAW", "/tmp/fit53-raw")

# (run label, tarball tag, job dir, SASS file, kernel name, stamp file, history kind)
RUNS = [
    ("p:b-128", "h100p-fwin48", "fwin48", "probe_p.sass", "_Z6fwin48ILi0E", "b-128", "seq"),
    ("p:b8-128", "h100p-fwin48", "fwin48", "probe_p.sass", "_Z6fwin48ILi5E", "b8-128", "seq"),
    ("o:b-128", "h100o-fwin46", "fwin46", "probe_p40.sass", "_Z6fwin40ILi0E", "b-128", "seq"),
    ("q:b-e0", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi0E", "b-e0", "seq"),
    ("q:b-e6", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi6E", "b-e6", "seq"),
    ("q:b-e7", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi7E", "b-e7", "seq"),
    ("q:b-e8", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi8E", "b-e8", "seq"),
    ("q:b-e5", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi5E", "b-e5", "seq"),
    ("s:b-e0", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi0E", "b-e0", "seq"),
    ("s:b-e6", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi6E", "b-e6", "seq"),
    ("s:b-e7", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi7E", "b-e7", "seq"),
    ("s:b-e8", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi8E", "b-e8", "seq"),
    ("s:b-e5", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi5E", "b-e5", "seq"),
    ("q:b-scrub-e0", "h100q-fwin50", "fwin50", "probe_p.sass", "_Z6fwin50ILi0E", "b-scrub-e0", "scrub"),
    ("s:b-pre128-e0", "h100s-fwin52", "fwin52", "probe_p.sass", "_Z6fwin52ILi0E", "b-pre128-e0", "preA"),
    # region A alone (role 0, 0x310-0x10430: the kernel's first 64 KiB), the same size as B: all fast on the card
    ("o:a-128", "h100o-fwin46", "fwin46", "probe_p40.sass", "_Z6fwin40ILi0E", "a-128", "seqA"),
]
SEGS = 16


def raw_dir(tag, job):
    d = os.path.join(CACHE, tag)
    if not os.path.isdir(os.path.join(d, job)):
        os.makedirs(d, exist_ok=True)
        with tarfile.open(os.path.join(CAL, f"device-2026-12-07-{tag}.tar.xz")) as t:
            t.extractall(d)
    return os.path.join(d, job)


def stamps(path, role="3"):
    """launch -> per-warp lists of the 16 segments' cycles (one block, the warps of one role)."""
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) == 6 + SEGS + 1 and f[0].isdigit() and f[5] == role:
            st = [int(x) for x in f[6:]]
            per[int(f[1])].append([st[k + 1] - st[k] for k in range(SEGS)])
    return per


def seg_table(per):
    """launch -> the 16 segments' medians over the warps (sub-partitions)."""
    return {la: [statistics.median(w[k] for w in ws) for k in range(SEGS)] for la, ws in per.items()}


INSN = re.compile(r"^\s+/\*([0-9a-f]{4,6})\*/\s+(.*?)\s*;")


def sass_functions(path):
    """name -> (list of (offset, text)), in file order."""
    funcs, cur = collections.OrderedDict(), None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2)))
    return funcs


def module_layout(sass, elf=None):
    """name -> (module offset, size): back to back at 0x80 in cuobjdump's order; the ELF's offsets where present."""
    funcs = sass_functions(sass)
    lay, at = {}, 0
    for name, ins in funcs.items():
        size = (ins[-1][0] + 0x10 + 0x7F) & ~0x7F
        lay[name] = (at, size)
        at += size
    if elf and os.path.exists(elf):
        offs = {}
        for line in open(elf):
            m = re.match(r"\s*[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)\s.*PROGBITS.*\.text\.(\S+)", line)
            if m:
                offs[m.group(3)] = (int(m.group(1), 16), int(m.group(2), 16))
        first = min(o for o, _ in offs.values())
        for name in lay:
            if name in offs:
                o, s = offs[name]
                assert s == lay[name][1], (name, hex(s), hex(lay[name][1]))
                assert o - first == lay[name][0], (name, hex(o - first), hex(lay[name][0]))
    return funcs, lay


def role_paths(ins):
    """The role-3 (region B) path and the role-0 (region A) path of a probe kernel, as byte ranges in the kernel:
    entry [0, branch], B [X, its closing BRA], tail [T, first EXIT after T]; B's 17 stamp offsets."""
    txt = dict(ins)
    addrs = [a for a, _ in ins]
    br = next(a for a, t in ins if re.match(r"@!P0 BRA", t) and "R8, 0x3" in txt.get(a - 0x10, ""))
    b0 = int(re.search(r"BRA (0x[0-9a-f]+)", txt[br]).group(1), 16)
    st, a = [], b0
    i = addrs.index(b0)
    while True:
        a, t = ins[i]
        if "SR_CLOCKLO" in t:
            st.append(a)
        if re.match(r"BRA 0x", t) and len(st) == SEGS + 1:
            break
        i += 1
    bend = a
    tail0 = int(re.search(r"BRA (0x[0-9a-f]+)", t).group(1), 16)
    tail1 = next(a for a, t in ins if a >= tail0 and t.startswith("EXIT"))
    # region A (role 0): falls through the role branches after br to the first stamp, to its closing BRA
    i = addrs.index(br) + 1
    while "SR_CLOCKLO" not in ins[i][1]:
        i += 1
    a0, ast = ins[i][0], []
    while not re.match(r"BRA 0x", ins[i][1]):
        if "SR_CLOCKLO" in ins[i][1]:
            ast.append(ins[i][0])
        i += 1
    return dict(entry=(0, br), b=(b0, bend), stamps=st, tail=(tail0, tail1), a=(a0, ins[i][0]), astamps=ast)


def whole(ins):
    return (0, next(a for a, t in ins if t.startswith("EXIT")))


def load():
    """label -> dict(card=launch tables, kernel=module offset, paths, scrub=(offset, (0, end)) or None)."""
    out = {}
    for label, tag, job, sass, kern, stem, hist in RUNS:
        d = raw_dir(tag, job)
        funcs, lay = module_layout(os.path.join(d, sass), os.path.join(d, "probe_p.elf"))
        name = next(n for n in funcs if n.startswith(kern))
        r = dict(label=label, hist=hist, koff=lay[name][0], paths=role_paths(funcs[name]),
                 card=seg_table(stamps(os.path.join(d, "probe", stem + ".txt"), "0" if hist == "seqA" else "3")))
        sc = next((n for n in funcs if n.startswith("_Z5scrub")), None)
        r["scrub"] = (lay[sc][0], whole(funcs[sc])) if sc else None
        out[label] = r
    return out


def card_rows(r):
    """(launch 1's segments, launches 2-9 segment medians)."""
    t = r["card"]
    return t[1], [statistics.median(t[la][k] for la in range(2, 10)) for k in range(SEGS)]


# runs of one kernel (the same SASS layout around B) in different modules; a model that sees only the kernel's
# own code (any modulo-indexed cache: its load address only relabels the sets) predicts one row for each group
SAME_KERNEL = [["p:b-128", "o:b-128", "q:b-e0", "s:b-e0"], ["p:b8-128", "q:b-e5", "s:b-e5"], ["q:b-e6", "s:b-e6"],
               ["q:b-e7", "s:b-e7"], ["q:b-e8", "s:b-e8"]]


def floor(runs, which):
    """The least mean absolute error a segment that one row per group can reach (each segment at the group's
    median): which 0 launch 1, 1 launches 2-9."""
    errs = []
    for g in SAME_KERNEL:
        for k in range(SEGS):
            v = [card_rows(runs[l])[which][k] for l in g]
            m = statistics.median(v)
            errs += [abs(x - m) for x in v]
    return sum(errs) / len(errs)


if __name__ == "__main__":
    runs = load()
    print(f"floor of a model by the kernel's own code: launches 2-9 {floor(runs, 1):.0f}, launch 1 "
          f"{floor(runs, 0):.0f} cycles a segment (13 runs)")
    for label, r in runs.items():
        p = r["paths"]
        l1, l29 = card_rows(r)
        print(f"{label}: kernel at +{r['koff']:#x}; entry 0-{p['entry'][1]:#x}, B {p['b'][0]:#x}-{p['b'][1]:#x}, "
              f"tail {p['tail'][0]:#x}-{p['tail'][1]:#x}, A {p['a'][0]:#x}-{p['a'][1]:#x}"
              + (f"; scrub at +{r['scrub'][0]:#x}" if r["scrub"] else ""))
        print("   L0   " + " ".join(f"{x:5.0f}" for x in r["card"][0]))
        print("   L1   " + " ".join(f"{x:5.0f}" for x in l1))
        print("   L2-9 " + " ".join(f"{x:5.0f}" for x in l29))
