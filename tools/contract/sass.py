#!/usr/bin/env python3
"""Compile every case of tests/ptx/contract/cases.txt with ptxas (-arch=sm_90) and print the float
instructions of its SASS beside the '-- sass' lines recorded there, flagging any case whose SASS
changed. Needs ptxas and cuobjdump on PATH (CONTRIBUTING.md: the cuobjdump pip wheel).

    tools/contract/sass.py [tests/ptx/contract/cases.txt]
"""
import os, re, subprocess, sys, tempfile

FLOAT = re.compile(r"\b(FFMA|FMUL|FADD|DFMA|DMUL|DADD|HFMA2|HMUL2|HADD2|FSETP|FSEL)\b[^;]*")


def cases(path):
    text = open(path).read()
    header = text.split("== header\n", 1)[1].split("\n== ", 1)[0] + "\n"
    for block in text.split("\n== ")[1:]:
        name, rest = block.split("\n", 1)
        if name == "header":
            continue
        body, rest = rest.split("-- sass\n", 1)
        sass = rest.split("-- fused\n", 1)[0].strip().splitlines()
        pre = "".join(l[2:] + "\n" for l in body.splitlines() if l.startswith("+ "))
        main = "".join(l + "\n" for l in body.splitlines() if not l.startswith("+ "))
        entry = header.index(".visible .entry")
        yield name, header[:entry] + pre + header[entry:] + main + " ret;\n}\n", sass


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../tests/ptx/contract/cases.txt")
    changed = 0
    with tempfile.TemporaryDirectory() as d:
        for name, ptx, want in cases(path):
            src, cubin = os.path.join(d, "k.ptx"), os.path.join(d, "k.cubin")
            open(src, "w").write(ptx)
            subprocess.run(["ptxas", "-arch=sm_90", src, "-o", cubin], check=True)
            out = subprocess.run(["cuobjdump", "-sass", cubin], check=True, capture_output=True, text=True).stdout
            got = [m.group(0).strip() for m in FLOAT.finditer(out)]
            same = got == want
            changed += not same
            print(f"{'ok     ' if same else 'CHANGED'} {name}: {' | '.join(got)}")
    print(f"{changed} case(s) changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
