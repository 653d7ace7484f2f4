#!/usr/bin/env python3
"""Paste warpsim's own output into the docs.

usage: gen_docs.py WARPSIM [--check] FILE.md...

In each file, a fenced block right after a marker line

    <!-- warpsim: shfl idx 17 --width 16 -->
    ```text
    ...
    ```

is replaced by the output of `warpsim shfl idx 17 --width 16`, run from the repository root.
With --check nothing is written: the exit status is 1 when a file is not what the tool would
write (ctest docs_generated_current), so the tables in docs/ are warpsim's, never typed by hand.
"""
import os
import re
import subprocess
import sys

MARK = re.compile(r"^<!-- warpsim: (.*) -->$")


def regenerate(warpsim, text, root):
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        m = MARK.match(lines[i])
        i += 1
        if not m:
            continue
        if i >= len(lines) or not lines[i].startswith("```"):
            raise SystemExit(f"marker '{m.group(1)}' is not followed by a fenced block")
        out.append(lines[i])
        i += 1
        while i < len(lines) and lines[i] != "```":
            i += 1
        r = subprocess.run([warpsim] + m.group(1).split(), cwd=root, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"warpsim {m.group(1)}: exit {r.returncode}: {r.stderr}")
        out.extend(r.stdout.rstrip("\n").split("\n"))
        out.append("```")
        i += 1
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    warpsim = os.path.abspath(args.pop(0))
    check = "--check" in args
    files = [a for a in args if a != "--check"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stale = 0
    for f in files:
        with open(f) as fh:
            old = fh.read()
        new = regenerate(warpsim, old, root)
        if new != old:
            if check:
                print(f"{f} is out of date: run tools/gen_docs.py WARPSIM {f}")
                stale += 1
            else:
                with open(f, "w") as fh:
                    fh.write(new)
                print(f"wrote {f}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
