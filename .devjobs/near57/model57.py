#!/usr/bin/env python3
"""model57.py (near57): LRU caches of 128-byte lines by load address against h100y's seq-32 near chunks (launch 2) at
five load addresses (tests/calibration/device-2026-12-07-h100y-near57.tar.xz; read57.py prints them). Each launch
loads some lines first, then the kernel's 0x8b00 bytes in order and X lines past the end. Two families of what comes
first: B lines before the entry (near55/near56's model: the pattern does not move with the address), and B lines at
fixed absolute sets o.. (other code of the process). Prints the best of each family and its chunks against the
card's. docs/calibration.md "(near57)"."""
runs = {'seq': 0x7ffddb7ad700, 'pre8': 0x7ffddb7b0500, 'pre16': 0x7ffddb7b2600, 'pre24': 0x7ffddb7b4700,
        'eager': 0x7ffdd3f37300}
card = {'seq': '...###.....###....###.....###...', 'pre8': '....###.....###....####....####.',
        'pre16': '....###....####....####....####.', 'pre24': '...####....####....####....####.',
        'eager': '....###.....###.....###....####.'}
TEXT = 0x8b00


def sim(base, S, W, first_lines, X=0, kb=32):
    """The kernel at base in an S x W LRU cache, each of three launches loading first_lines(first line of the kernel)
    before it: '#' for each chunk all of whose lines the third launch found."""
    sets = [[] for _ in range(S)]

    def acc(line):
        st = sets[line % S]
        if line in st:
            st.remove(line)
            st.append(line)
            return True
        if len(st) >= W:
            st.pop(0)
        st.append(line)
        return False
    first, end = base // 128, (base + TEXT + 127) // 128
    for _ in range(3):
        for line in first_lines(first):
            acc(line)
        hit = {line: acc(line) for line in range(first, end)}
        for line in range(end, end + X):
            acc(line)
    return ''.join('#' if all(hit[l] for l in range((base + 0x120 + 0x420 * i) // 128,
                                                     (base + 0x120 + 0x420 * i + 0x420 + 127) // 128)) else '.'
                   for i in range(kb))


def before(B):
    """B lines before the entry (near56)."""
    return lambda first: range(first - B, first)


def fixed(S, B, o):
    """B lines at fixed absolute sets o..o+B-1, tagged far from any kernel."""
    return lambda first: [(10**9 // S) * S + o + i for i in range(B)]


def errors(S, W, first_lines, X):
    return sum(sum(a != b for a, b in zip(sim(runs[r], S, W, first_lines, X), card[r])) for r in runs)


def show(S, W, first_lines, X):
    for r in runs:
        print(r, card[r], sim(runs[r], S, W, first_lines, X))


best = sorted((errors(S, W, before(B), X), S, W, B, X) for S, W in ((64, 4), (32, 8), (128, 2), (16, 16))
              for B in range(0, 33) for X in (0, 8, 16, 24))
for e in best[:8]:
    print(e)
_, S, W, B, X = best[0]
show(S, W, before(B), X)
print('near56 (64x4, B 8, X 0):', errors(64, 4, before(8), 0))
show(64, 4, before(8), 0)
res = sorted((errors(S, W, fixed(S, B, o), X), S, W, B, o, X) for S, W in ((64, 4), (32, 8), (128, 2))
             for B in range(0, 40) for o in range(S) for X in (0, 8, 24))
print('fixed other lines:')
for e in res[:10]:
    print(e)
_, S, W, B, o, X = res[0]
show(S, W, fixed(S, B, o), X)
