#!/usr/bin/env python3
"""fmi40's SASS check (docs/calibration.md "(fmi40)"): each kind's region, from t0 to t1 with its stamps (CS2R) left
out, against mad19 fmi's (mad19_fmi of a probe_mad19 listing), op for op by opcode, stall count and yield bit: how many
of the region's ops agree before the first that differs, and how many differ in all. mad19 fmi's body is IMAD (S02),
FFMA (S01) by turns, a clear yield bit on every fourth IMAD, with runs only in its last 40 ops (from 0x1fb0).

usage: sass_check.py PROBE_FMI40.SASS[.xz] PROBE_MAD19.SASS[.xz]   (the h200f listing: read it with sass_text.member
       from tests/calibration/device-2026-12-06-h200f-mad19.tar.xz, or the job's own probe_mad19.sass)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tests/calibration/probes"))
import sass_text  # noqa: E402

KINDS = {"fmi-s0": "_Z2knI5fmi_kLi0EEvPyPjjjjj"}
KINDS.update(("fmi-s%d" % s, "_Z2knI6fmis_kLi%dEEvPyPjjjjj" % s) for s in (4, 8, 16, 32))


def region(listing, fn):
    """(opcode, stall, yield) of each op from t0 to t1 (the third clock read to the last: the LATE loop has two),
    the stamps left out"""
    ins = sass_text.function(listing, fn)
    c = sass_text.clock_reads(ins)
    return [(x.opcode, x.stall, x.yld) for x in ins[c[2] + 1:c[-1]] if "SR_CLOCKLO" not in x.text]


def main(a):
    if len(a) != 2:
        sys.exit(__doc__)
    mine = sass_text.read(a[0])
    ref = region(sass_text.read(a[1]) if not a[1].endswith(".tar.xz") else
                 sass_text.member(a[1], "*/probe_mad19.sass"), "mad19_fmi")
    for kind, fn in KINDS.items():
        got = region(mine, fn)
        first = next((i for i, (x, y) in enumerate(zip(ref, got)) if x != y), min(len(ref), len(got)))
        differ = sum(1 for x, y in zip(ref, got) if x != y) + abs(len(ref) - len(got))
        print("%-8s %d ops (mad19 fmi %d): the first %d as mad19's, %d differ" % (kind, len(got), len(ref), first, differ))


if __name__ == "__main__":
    main(sys.argv[1:])
