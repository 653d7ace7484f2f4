#!/usr/bin/env python3
"""sim/ has no include or call circle (ctest sim_layers; CONTRIBUTING.md "Layers of sim/").

A module is a file name without its extension: sim/warp.c and sim/warp.h are the module
"warp"; a header without a .c of its name is a module of its own (sim.h, rows.h), unless one
module alone includes it: then it is that module's private part (mufu_tables.h). Module A
depends on module B when
  - a file of A includes B's header ("warp.h"), or
  - A's object file (nm) uses a symbol that B's object file defines: A calls B (or reads its
    data), directly or through a static inline function of a header.
The graph of these dependencies must have no circle: a layering a newcomer can draw. On a
circle the check prints it, one edge a line, with why each edge is there, and fails.

usage: check_sim_layers.py SOURCE_DIR OBJECT... [--dot]
  OBJECT: the object files of sim/*.c (ctest passes $<TARGET_OBJECTS:warpsim_sim>; by hand:
  build/dev/CMakeFiles/warpsim_sim.dir/sim/*.o). --dot prints the graph for Graphviz instead.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def include_edges(sim_dir):
    """(from module, to module) -> the include line that makes it."""
    names = set(os.listdir(sim_dir))
    lines = []  # (file, included file), sim/ only (isa/, include/warpsim/ are outside)
    for f in sorted(names):
        if f.endswith((".c", ".h")):
            text = open(os.path.join(sim_dir, f), encoding="utf-8").read()
            lines += [(f, inc) for inc in INCLUDE.findall(text) if inc in names]
    # A header no .c is named after, included by one module only, is a private part of that
    # module (generated tables, say), not a module of its own.
    owner = {}
    for h in names:
        if h.endswith(".h") and module_of(h) + ".c" not in names:
            users = set(module_of(f) for f, inc in lines if inc == h and module_of(f) != module_of(h))
            if len(users) == 1:
                owner[module_of(h)] = users.pop()
    mod = lambda f: owner.get(module_of(f), module_of(f))
    edges = {}
    for f, inc in lines:
        if mod(f) != mod(inc):
            edges.setdefault((mod(f), mod(inc)), 'sim/%s includes "%s"' % (f, inc))
    return edges


def symbols(obj):
    """(defined, undefined) global symbols of an object file."""
    out = subprocess.run(["nm", "-g", obj], check=True, capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] not in ("U", "w", "v"):
            defined.add(parts[2])
    return defined, undefined


def call_edges(objects, sources):
    # objects of files no longer in sim/ (a rename leaves them in the build tree) do not count
    objs = sorted(f for f in objects if os.path.basename(f)[:-2] in sources)
    defs, uses = {}, {}
    for f in objs:
        m = module_of(os.path.basename(f)[:-2])
        d, u = symbols(f)
        uses[m] = u
        for s in d:
            defs[s] = m
    edges = {}
    for m, u in uses.items():
        for s in sorted(u):
            if s in defs and defs[s] != m:
                edges.setdefault((m, defs[s]), "%s uses %s" % (m, s))
    return edges, set(uses)


def strongly_connected(nodes, succ):
    """Tarjan's algorithm, iterative; returns the components of more than one module."""
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(succ.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(succ.get(nxt, ())))))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return comps


def one_cycle(comp, succ):
    """A shortest circle through the component's first module (breadth first)."""
    inside = set(comp)
    start = comp[0]
    prev, queue = {start: None}, [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(succ.get(v, ())):
            if w not in inside:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [comp[0]]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) < 2:
        sys.exit(__doc__)
    src, objects = args[0], args[1:]
    sim_dir = os.path.join(src, "sim")
    inc = include_edges(sim_dir)
    calls, compiled = call_edges(objects, set(f for f in os.listdir(sim_dir) if f.endswith(".c")))
    # a source file the library does not compile (yet) has no symbols to check: its #includes are
    missing = sorted(module_of(f) for f in os.listdir(sim_dir) if f.endswith(".c") and module_of(f) not in compiled)
    if missing:
        print("not in the objects given, only their #includes checked: sim/%s.c" % ".c, sim/".join(missing))
    why = dict(calls)
    why.update(inc)  # an include explains an edge more simply than a symbol
    succ, nodes = {}, set()
    for a, b in why:
        succ.setdefault(a, set()).add(b)
        nodes.update((a, b))
    if "--dot" in sys.argv:
        print("digraph sim {\n  rankdir=BT;")
        for a, b in sorted(why):
            print('  "%s" -> "%s";' % (a, b))
        print("}")
        return 0
    comps = strongly_connected(nodes, succ)
    for comp in comps:
        cyc = one_cycle(comp, succ)
        print("sim/ has a circle of %d modules: %s" % (len(comp), " ".join(comp)))
        for a, b in zip(cyc, cyc[1:]):
            print("  %s -> %s: %s" % (a, b, why[(a, b)]))
    if comps:
        print("Each module must depend only on modules below it (CONTRIBUTING.md, \"Layers of sim/\").")
        return 1
    print("sim/: %d modules, %d dependencies (%d includes, %d by symbol), no circle"
          % (len(nodes), len(why), len(inc), len(set(calls) - set(inc))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
