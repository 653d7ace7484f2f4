#!/usr/bin/env python3
"""Turns a device job's warpsim-hwrun reports into a probe's data file.

    probe_tab.py REPORTS SLOTS [HEADER_LINES...] > probe_X-h200.txt

REPORTS: '== KERNEL run K' lines, each followed by warpsim-hwrun's --json report of that run (the form
.devjobs/stq8/run.sh writes); SLOTS: 'KERNEL SLOT what' lines (probe_stq3.slots). Writes the header
lines as comments, then 'KERNEL SLOT MEDIAN MIN MAX  # what' for every slot of SLOTS.
"""
import json
import statistics
import sys
from collections import defaultdict


def runs(path):
    """{kernel: [out[] of each run]} from the reports."""
    got, name, text = defaultdict(list), None, []

    def flush():
        if name and text:
            try:
                got[name].append(json.loads(''.join(text))['buffers']['out'])
            except (ValueError, KeyError):
                pass

    for line in open(path):
        if line.startswith('== '):
            flush()
            name, text = line.split()[1], []
        elif name:
            text.append(line)
    flush()
    return got


def main(reports, slots, *header):
    got = runs(reports)
    for h in header:
        print('# ' + h)
    print('# KERNEL SLOT MEDIAN MIN MAX  # what')
    for line in open(slots):
        if line.startswith('#') or not line.strip():
            continue
        k, slot, what = line.split(None, 2)
        vals = [r[int(slot)] for r in got.get(k, [])]
        if vals:
            print(f'{k} {slot} {statistics.median(vals):.0f} {min(vals)} {max(vals)}  # {what.strip()}')


if __name__ == '__main__':
    main(*sys.argv[1:])
