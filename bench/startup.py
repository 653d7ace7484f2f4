#!/usr/bin/env python3
"""Start-up time of warpsim: the minimum wall time of N runs (default 20) of a shuffle question
and a one-warp run, for each warpsim given, side by side (issue 14: both under 1 ms).

usage: bench/startup.py [-n N] WARPSIM [WARPSIM...]   (run from the repository root)

Each run is posix_spawn to waitpid, output to /dev/null; /bin/true is timed the same way as the
floor that spawning alone costs on this machine. The minimum is the figure least disturbed by
other work on a shared machine."""
import os
import sys
import time

CASES = [
    ("shfl down 3 --width 8", ["shfl", "down", "3", "--width", "8"]),
    ("run warp_reduce_down (1 warp)",
     ["run", "programs/warp_reduce_down.ptx", "@programs/warp_reduce_down.args"]),
]


def wall(argv, n):
    null = os.open(os.devnull, os.O_WRONLY)
    acts = [(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
        _, status = os.waitpid(pid, 0)
        best = min(best, time.perf_counter() - t)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(argv)}: exit {os.waitstatus_to_exitcode(status)}")
    os.close(null)
    return best * 1e3


def main():
    args = sys.argv[1:]
    n = 20
    if args[:1] == ["-n"]:
        n, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__)
    bins = [os.path.abspath(b) for b in args]
    width = max(len(c[0]) for c in CASES) + 2
    print(f"minimum wall time of {n} runs, ms")
    print(f"{'':{width}}" + "".join(f"{b[-34:]:>36}" for b in bins))
    print(f"{'/bin/true (spawn floor)':{width}}" + f"{wall(['/bin/true'], n):36.3f}" * 1)
    for name, words in CASES:
        ms = [wall([b] + words, n) for b in bins]
        ratio = f"   ({ms[0] / ms[-1]:.1f}x)" if len(ms) > 1 else ""
        print(f"{name:{width}}" + "".join(f"{m:36.3f}" for m in ms) + ratio)


if __name__ == "__main__":
    main()
