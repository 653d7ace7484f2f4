#!/usr/bin/env python3
"""near44: near38's kinds, the card against warpsim, one markdown row a kind and block (docs/calibration.md "(near44)").

usage: table.py RAW_PROBE_DIR WARPSIM [LAUNCH]   RAW_PROBE_DIR: the tarball's near38/probe (KIND.txt); LAUNCH 0 by default
Each cell is span / t0 spread / last end's lead as .devjobs/near38/read.py prints them (read.py does the reading)."""
import os, re, subprocess, sys

KINDS = ("mfi", "fmi", "fm", "fmi12", "fmi16h", "mfi_b", "fmi_b", "fm_b", "fmi12_b", "fmi16h_b")
HERE = os.path.dirname(os.path.abspath(__file__))
READ = os.path.join(HERE, "..", "near38", "read.py")
PTX = os.path.join(HERE, "..", "near38", "probe_near38.ptx")
LINE = re.compile(r"^\s*(\d+): span\s+(\d+), t0 spread\s+(\d+), last end's lead\s+(\d+)", re.M)


def figures(args):
    out = subprocess.run([sys.executable, READ] + args, capture_output=True, text=True, check=True).stdout
    return {int(b): tuple(map(int, f)) for b, *f in LINE.findall(out)}


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    raw, ws = sys.argv[1], sys.argv[2]
    launch = sys.argv[3] if len(sys.argv) == 4 else "0"
    print("| kind | threads | card span / spread / lead | warpsim span / spread / lead | span |")
    print("| --- | ---: | --- | --- | ---: |")
    for kind in KINDS:
        card = figures([os.path.join(raw, kind + ".txt"), launch])
        sim = figures(["--warpsim", ws, PTX, kind])
        for b in sorted(card):
            c, s = card[b], sim[b]
            print("| %s | %d | %d / %d / %d | %d / %d / %d | %+.1f%% |" % (kind, b, *c, *s, 100.0 * (s[0] - c[0]) / c[0]))


if __name__ == "__main__":
    main()
