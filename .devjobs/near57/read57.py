#!/usr/bin/env python3
"""read57.py RAW: near57's runs (RAW: the tarball's near57 folder): per run, the load address of seq-KB's kernel (the
debugger's $pc at its launches, where a gdb run exists) and which chunks of launches 2 and 5 ran near (under 100 cycles:
the near caches kept their lines; docs/calibration.md "(near55)", "(near56)"), as a string of '#' (near) and '.'."""
import glob
import os
import re
import sys


def chunks(path, launch):
    for line in open(path):
        m = re.match(r"L %d KB (\d+) w 0 sm \d+:(.*)" % launch, line)
        if m:
            return [int(x) for x in m.group(2).split()]
    return None


def pcs(path):
    return re.findall(r"\$\d+ = (0x[0-9a-f]+)", open(path).read()) if os.path.exists(path) else []


def main(raw):
    for path in sorted(glob.glob(os.path.join(raw, "probe", "*.txt"))):
        name = os.path.basename(path)[:-4]
        if name.startswith("gdb-"):
            continue
        at = pcs(os.path.join(raw, "probe", "gdb-%s.txt" % name))
        for launch in (2, 5):
            c = chunks(path, launch)
            if c:
                print("%-10s L%d %s %s" % (name, launch, "".join("#" if x < 100 else "." for x in c),
                                           " ".join(at[-2:]) if launch == 2 else ""))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "near57")
