#!/usr/bin/env python3
"""Which adds of an immediate ptxas makes the offset of the loads, stores and atomics that read them
(sim/fold.c fold_offsets, preset fold.address; docs/calibration.md "(addr25)").

ptxas_addr_offsets.py PTX... classifies every `add/sub.{s,u,b}{32,64} %d, %a, imm` (unguarded) of each
file by the readers of %d: FOLD (every reader reads it as an address whose offset, with imm, fits
SASS's field: 24 bits signed, 16 for .const), MIXED (an address reader and another), RANGE (address
readers only, an offset out of the field). With --ptxas it then compiles each file as it is and with
the FOLD (or MIXED) adds taken out (their address readers read [%a+imm+off], other readers %a) and
prints the difference in SASS instructions (ptxas -arch=sm_90, nvdisasm): 0 for FOLD means ptxas
issued none of them. A value whose register is written twice is followed in its block only."""
import re
import subprocess
import sys
import tempfile

NODEST = ("st", "red", "bar", "barrier", "bra", "ret", "exit", "call", "membar", "fence", "prefetch", "trap")
REG = re.compile(r"%[A-Za-z_][\w$]*")


def split_ops(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_imm(t):
    t = t.strip()
    try:
        if re.fullmatch(r"-?0[xX][0-9a-fA-F]+", t):
            return int(t, 16)
        if re.fullmatch(r"-?\d+", t):
            return int(t)
    except ValueError:
        pass
    return None


def kernels(text):
    """Each kernel's body as a list of (label_before, guard, opcode, operands, raw)."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for m in re.finditer(r"\.entry\s+(\w+)\s*\((.*?)\)\s*(?:\.\w+[^{]*)?\{", text, flags=re.S):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        body = text[m.end():i - 1]
        insns = []
        for stmt in body.split(";"):
            stmt = stmt.strip()
            label = False
            while True:
                lm = re.match(r"^([$\w]+):\s*", stmt)
                if not lm:
                    break
                label = True
                stmt = stmt[lm.end():]
            stmt = stmt.strip("{} \n\t")
            if label:
                insns.append(("LABEL", None, None, [], ""))
            if not stmt or stmt.startswith("."):
                continue
            g = None
            gm = re.match(r"^@!?(%\w+)\s+", stmt)
            if gm:
                g = gm.group(1)
                stmt = stmt[gm.end():]
            parts = stmt.split(None, 1)
            insns.append(("I", g, parts[0], split_ops(parts[1]) if len(parts) > 1 else [], stmt))
        yield m.group(1), insns, (m.end(), i - 1)


def dests(ins):
    _, _, op, ops, _ = ins
    if op is None or op.split(".")[0] in NODEST or not ops:
        return set()
    return set(REG.findall(ops[0]))


def reads(ins):
    """[(reg, address_offset or None, space)] for each register read."""
    _, g, op, ops, _ = ins
    out = [(g, None, None)] if g else []
    if op is None:
        return out
    first = 0 if op.split(".")[0] in NODEST else 1
    for i, o in enumerate(ops):
        if i < first:
            for a in re.findall(r"\[([^\]]*)\]", o):  # st [addr]: the address is read
                out += [(r, "addr", a) for r in REG.findall(a)]
            continue
        am = re.fullmatch(r"\[\s*(%[\w$]+)\s*(?:\+\s*(-?\w+))?\s*\]", o)
        if am and op.split(".")[0] in ("ld", "ldu", "st", "atom", "red"):
            out.append((am.group(1), parse_imm(am.group(2) or "0"), None))
        else:
            out += [(r, None, None) for r in REG.findall(o)]
    return out


def space(op):
    for s in ("shared", "global", "local", "const", "param"):
        if "." + s in op:
            return s
    return "generic"


def block_end(ins):
    return ins[0] == "LABEL" or (ins[2] or "").split(".")[0] in ("bra", "ret", "exit", "bar", "barrier", "call")


def classify(insns):
    nwrites = {}
    for ins in insns:
        for d in dests(ins):
            nwrites[d] = nwrites.get(d, 0) + 1
    res = []
    for pc, ins in enumerate(insns):
        if ins[0] != "I" or ins[1] or not re.fullmatch(r"(add|sub)\.[sub](32|64)", ins[2]) or len(ins[3]) != 3:
            continue
        d, a, imm = ins[3][0], ins[3][1], parse_imm(ins[3][2])
        if imm is None or not REG.fullmatch(a) or not REG.fullmatch(d):
            continue
        bits = int(ins[2][-2:])
        c = imm if -(1 << 63) <= imm < 0 else (imm - (1 << bits) if imm >= 1 << (bits - 1) else imm)
        if ins[2].startswith("sub"):
            c = -c
        readers, local = [], False
        for j in range(pc + 1, len(insns)):
            if block_end(insns[j - 1]) and j > pc + 1 or insns[j][0] == "LABEL":
                break
            readers += [(j, off) for r, off, _ in reads(insns[j]) if r == d]
            if d in dests(insns[j]) and not insns[j][1]:
                local = True
                break
        if not local:
            if nwrites.get(d, 0) != 1:
                res.append((pc, "LIVEOUT", d, a, c, []))
                continue
            readers = [(j, off) for j in range(len(insns)) for r, off, _ in reads(insns[j]) if r == d]
        addr = [(j, off) for j, off in readers if off is not None]
        if not readers or not addr:
            continue
        if len(addr) < len(readers):
            kind = "MIXED"
        else:
            ok = all(-(1 << (15 if space(insns[j][2]) == "const" else 23)) <= off + c <
                     (1 << (15 if space(insns[j][2]) == "const" else 23)) for j, off in addr)
            kind = "FOLD" if ok else "RANGE"
        res.append((pc, kind, d, a, c, readers))
    return res, nwrites


def sass_count(ptx_text):
    """The SASS instructions ptxas -arch=sm_90 makes of the module (no NOPs, no closing BRA to itself)."""
    with tempfile.TemporaryDirectory() as t:
        open(t + "/k.ptx", "w").write(ptx_text)
        r = subprocess.run(["ptxas", "-arch=sm_90", t + "/k.ptx", "-o", t + "/k.cubin"], capture_output=True, text=True)
        if r.returncode:
            return None
        out = subprocess.run(["nvdisasm", "-c", t + "/k.cubin"], capture_output=True, text=True).stdout
    n = 0
    for l in out.splitlines():
        m = re.match(r"\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)(.*)", l)
        if m and m.group(2) != "NOP" and not (m.group(2) == "BRA" and "(.L_x_" in m.group(3) and not m.group(1)):
            n += 1
    return n


def rewrite(text, kind):
    """text (comments gone) with the adds of class kind taken out where the rewrite is sound (%a and %d
    written once in their kernel), and how many."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    n, out, last = 0, [], 0
    for name, insns, (b, e) in kernels(text):
        body = text[b:e]
        res, nwrites = classify(insns)
        for pc, k, d, a, c, readers in res:
            if k != kind or nwrites.get(a, 0) > 1 or nwrites.get(d, 0) != 1:
                continue
            add = re.compile(r"(?m)^\s*" + re.escape(insns[pc][4]) + r"\s*;")
            if len(add.findall(body)) != 1:
                continue
            body = add.sub("", body)
            pat = re.compile(r"\[\s*" + re.escape(d) + r"\s*(?:\+\s*(-?\w+))?\s*\]")
            body = pat.sub(lambda m: "[%s+%d]" % (a, c + (parse_imm(m.group(1)) if m.group(1) else 0)), body)
            body = re.sub(re.escape(d) + r"(?![\w$])", a, body)
            n += 1
        out += [text[last:b], body]
        last = e
    out.append(text[last:])
    return "".join(out), n


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--ptxas" in sys.argv
    tot = {}
    diff = {"FOLD": [0, 0], "MIXED": [0, 0]}
    for f in args:
        text = open(f).read()
        counts = {}
        for name, insns, _ in kernels(text):
            res, _ = classify(insns)
            for r in res:
                counts[r[1]] = counts.get(r[1], 0) + 1
        for k, v in counts.items():
            tot[k] = tot.get(k, 0) + v
        line = f + " " + " ".join("%s=%d" % kv for kv in sorted(counts.items()))
        if check and counts:
            base = sass_count(text)
            for kind in ("FOLD", "MIXED"):
                if not counts.get(kind):
                    continue
                new, n = rewrite(text, kind)
                cnt = sass_count(new) if n else None
                if base is not None and cnt is not None:
                    diff[kind][0] += n
                    diff[kind][1] += base - cnt
                    line += " %s: %d taken out, SASS %d -> %d" % (kind, n, base, cnt)
        if counts:
            print(line)
    print("total", " ".join("%s=%d" % kv for kv in sorted(tot.items())))
    if check:
        for k, (n, d) in diff.items():
            print("%s: %d adds taken out, %d SASS instructions fewer" % (k, n, d))


if __name__ == "__main__":
    main()
