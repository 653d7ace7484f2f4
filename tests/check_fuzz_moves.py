#!/usr/bin/env python3
"""check_fuzz_moves.py WARPSIM SRCDIR

For each kernel in tests/golden/fuzz/uniform-moves.txt: first, warpsim run on the kernel as
generated must differ from the H200 (the difference the file explains: if it no longer differs,
the file is out of date); second, with each listed shuffle line replaced by its move, warpsim
must give the H200's buffers exactly (the explanation holds). Exit 0 when every kernel passes
both, 1 otherwise. Needs no GPU.
"""
import collections
import gzip
import json
import os
import sys
import tempfile

SRC = sys.argv[2] if len(sys.argv) > 2 else '.'
sys.path.insert(0, os.path.join(SRC, 'tools', 'fuzz'))
import fuzz  # noqa: E402


def main():
    warpsim = sys.argv[1]
    edits = collections.defaultdict(dict)
    with open(os.path.join(SRC, 'tests/golden/fuzz/uniform-moves.txt')) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                seed, lineno, move = line.split(None, 2)
                edits[int(seed)][int(lineno)] = move.strip()
    gpu = {}
    with gzip.open(os.path.join(SRC, 'tests/golden/fuzz/fuzz-gpu-1-2000.jsonl.gz'), 'rt') as f:
        for line in f:
            j = json.loads(line)
            if j['seed'] in edits:
                gpu[j['seed']] = j
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        for seed, lines in sorted(edits.items()):
            ptx, args = fuzz.write_kernel(seed, d)
            as_generated = fuzz.diff(gpu[seed], fuzz.run_tool(warpsim, ptx, args), limit=1)
            text = open(ptx).read().split('\n')
            for n, move in lines.items():
                if 'shfl.sync' not in text[n - 1]:
                    print('seed %d: line %d is not a shuffle: %s' % (seed, n, text[n - 1].strip()))
                    bad += 1
                text[n - 1] = '\t' + move
            ptx, args = fuzz.write_kernel(seed, d, '\n'.join(text))
            with_moves = fuzz.diff(gpu[seed], fuzz.run_tool(warpsim, ptx, args), limit=5)
            ok = bool(as_generated) and not with_moves
            bad += not ok
            print('seed %d: %s as generated; with the move%s on line%s %s: %s' % (
                seed, 'differs' if as_generated else 'EQUALS THE GPU (update the file)',
                's' if len(lines) > 1 else '', 's' if len(lines) > 1 else '',
                ', '.join(map(str, lines)), 'equal to the GPU' if not with_moves else 'DIFFERS %s' % with_moves))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
