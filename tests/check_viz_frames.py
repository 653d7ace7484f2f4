#!/usr/bin/env python3
"""`warpsim viz --frames-json` against `warpsim run --mode timing` on the same launch.

usage: check_viz_frames.py WARPSIM SOURCE_DIR

For each case, one run writes --trace-json (timing mode) and one viz run writes --frames-json;
then:
  - the frames are the chosen warp's instructions in order (pc by pc, as the trace's exec
    events of block 0 and that warp), each at the cycle the trace gives it (the header's cycle
    is the timing model's), then one result frame;
  - "cycles" is the run's cycles (one block);
  - every frame has the documented keys (docs/viz-frames.md), each warp's state is one of the
    documented ones, and arrows, bank cells and provenance lanes are lanes 0-31.
"""
import json
import os
import subprocess
import sys
import tempfile

CASES = [
    ("reduction", ["programs/warp_reduce_down.ptx", "@programs/warp_reduce_down.args"], 0),
    ("scan", ["programs/warp_scan.ptx", "@programs/warp_scan.args"], 0),
    ("transpose, warp 3", ["@viz/examples/transpose_conflict.args"], 3),
    ("bank strides", ["viz/examples/bank_strides.ptx", "@viz/examples/bank_strides.args"], 0),
]
FRAME_KEYS = {"frame", "kind", "warp", "line", "source", "insn", "cycle", "active", "exec", "rule", "detail",
              "operands", "results", "width", "arrows", "banks", "warps", "lane", "tree", "diagnostic"}
STATES = {"waiting", "issues", "stalled", "done"}
failures = []


def fail(case, msg):
    failures.append(f"{case}: {msg}")
    print(f"FAIL {case}: {msg}")


def lanes_ok(xs):
    return all(isinstance(x, int) and 0 <= x < 32 for x in xs)


def check(warpsim, src, case, args, warp, tmp):
    trace, frames = os.path.join(tmp, "t.jsonl"), os.path.join(tmp, "f.json")
    run = subprocess.run([warpsim, "run", *args, "--mode", "timing", "--trace-json", trace], cwd=src,
                         capture_output=True, text=True)
    if run.returncode != 0:
        return fail(case, f"run exited {run.returncode}: {run.stderr}")
    viz = subprocess.run([warpsim, "viz", *args, "--warp", str(warp), "--frames-json", frames], cwd=src,
                         capture_output=True, text=True)
    if viz.returncode != 0:
        return fail(case, f"viz exited {viz.returncode}: {viz.stderr}")
    cycles = int(run.stdout.split("cycles=")[1].split()[0])
    execs = []
    for line in open(trace):
        ev = json.loads(line)
        if ev["type"] == "exec" and ev["block"] == 0 and ev["warp"] == warp:
            execs.append((ev["pc"], ev["cycle"]))
    doc = json.load(open(frames))
    if doc.get("format") != "warpsim-viz-frames" or doc.get("version") != 1:
        fail(case, "not a warpsim-viz-frames version 1 document")
    if doc["cycles"] != cycles:
        fail(case, f"cycles {doc['cycles']}, run --mode timing says {cycles}")
    steps = [(f["pc"], f["cycle"]) for f in doc["frames"] if f["kind"] == "step"]
    if steps != execs:
        for i, (a, b) in enumerate(zip(steps, execs)):
            if a != b:
                return fail(case, f"instruction {i + 1}: viz has pc {a[0]} at cycle {a[1]}, the trace pc {b[0]} at cycle {b[1]}")
        return fail(case, f"viz has {len(steps)} instructions, the trace {len(execs)}")
    if doc["frames"][-1]["kind"] != "result":
        fail(case, "the last frame is not the result")
    for f in doc["frames"]:
        missing = FRAME_KEYS - set(f)
        if missing:
            fail(case, f"frame {f['frame']}: no {sorted(missing)}")
            break
        if any(w["state"] not in STATES for w in f["warps"]):
            fail(case, f"frame {f['frame']}: a warp state outside {sorted(STATES)}")
        if not all(0 <= a["src"] < 32 and 0 <= a["dst"] < 32 and a["kind"] in ("route", "self", "zero") for a in f["arrows"]):
            fail(case, f"frame {f['frame']}: an arrow outside the lanes")
        if f["banks"] and not all(lanes_ok(w["lanes"]) for c in f["banks"]["cells"] for w in c["words"]):
            fail(case, f"frame {f['frame']}: a bank cell with lanes outside 0-31")
        for r in f["results"]:
            if not all(p is None or lanes_ok(p["lanes"]) for p in r["provenance"]):
                fail(case, f"frame {f['frame']}: provenance lanes outside 0-31")
    print(f"ok {case}: {len(steps)} instructions at the timing model's cycles, {cycles} cycles")


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        for case, args, warp in CASES:
            check(warpsim, src, case, args, warp, tmp)
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)


main()
