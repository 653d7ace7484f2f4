#!/usr/bin/env python3
"""What --max-memory charges a small launch stays small: the timing mode's per-launch state is sized by the launch.

usage: check_launch_charge.py WARPSIM SRCDIR

A 32-thread block of programs/warp_reduce_down.ptx runs under a --max-memory too small for it, in the timing and
the functional mode; the limit's message (`a block of 32 threads of kernel warp_reduce_down needs N bytes`, exit
status 3) gives the charge, docs/diagnostics.md "Limits". The timing state's share (timing less functional) must
stay under TIMING_SHARE_MAX: an array sized by the most sub-partitions, warps, lines or cycles rather than by the
launch shows there first (the store queues, 64 of 3 KB each in struct ws_timing, once doubled the block's charge:
725,063 bytes timing against 378,809 functional; mem50)."""
import os
import re
import subprocess
import sys

# Measured 2026-12-07 (mem50): timing 531,047 bytes, functional 378,809, the share 152,238 (most of it the global
# lines' set, 96 KiB, and the per-warp access records, 12 KiB). The bounds leave ~5% for growth that is meant.
TIMING_SHARE_MAX = 160000
TIMING_MAX = 560000
ARGS = ["--grid", "1", "--block", "32", "--arg", "in=f32[32]:iota", "--arg", "out=f32[1]", "--max-memory", "100000"]


def charge(warpsim, src, mode):
    p = subprocess.run([warpsim, "run", os.path.join(src, "programs/warp_reduce_down.ptx"), "--mode", mode] + ARGS,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
    m = re.search(r"a block of 32 threads of kernel warp_reduce_down needs (\d+) bytes", p.stdout)
    if p.returncode != 3 or not m:
        sys.exit("FAIL: %s mode: expected the memory limit's message and exit status 3, got %d:\n%s" %
                 (mode, p.returncode, p.stdout[-2000:]))
    return int(m.group(1))


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    timing, functional = charge(warpsim, src, "timing"), charge(warpsim, src, "functional")
    share = timing - functional
    print("warp_reduce_down, 32 threads: timing %d bytes, functional %d, the timing state's share %d" %
          (timing, functional, share))
    if share > TIMING_SHARE_MAX or timing > TIMING_MAX:
        sys.exit("FAIL: the timing mode's charge grew past its bound (share %d > %d or timing %d > %d): a per-launch "
                 "table sized by a maximum rather than by the launch?" % (share, TIMING_SHARE_MAX, timing, TIMING_MAX))
    print("ok")


if __name__ == "__main__":
    main()
