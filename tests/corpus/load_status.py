#!/usr/bin/env python3
"""load_status.py WARPSIM SRCDIR [--jobs N] [--markdown FILE] [--timeout S] [NAME...]

Runs every tests/corpus/NAME.ptx (or the NAMEs given) once with its NAME.args through
`warpsim run --mode functional` from SRCDIR and reports how many run, and for each one that does
not, its exit status and first error: refused at load (exit 2), a limit (3), an internal error (4),
a crash (a signal) or a timeout. Kernels that run but print diagnostics (warnings) are counted
apart, with their first warning: warpsim ran them, but a warning on a correct kernel is
a finding too. It compares nothing with a GPU: tests/corpus.cmake's corpus_NAME_* tests do.

--markdown FILE writes the same as a table (tests/corpus/STATUS.md). Exit 0 when it ran every
kernel (whatever warpsim answered), 2 when there is nothing to run or an argument is wrong.
Needs no GPU.
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import time

CORPUS = os.path.join('tests', 'corpus')


def first_line(text, word):
    for line in text.split('\n'):
        if (' %s: ' % word) in line or line.startswith('warpsim: %s' % word):
            return line.strip()
    return ''


def short(line):
    """A diagnostic without its file name, for the tables: 'LINE: error: message'."""
    return re.sub(r'^\S*?\.ptx:', '', line)


def run_one(warpsim, name, timeout):
    cmd = [warpsim, 'run', '%s/%s.ptx' % (CORPUS, name), '@%s/%s.args' % (CORPUS, name), '--mode', 'functional']
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return name, 'timeout', 'over %d s' % timeout, time.time() - t
    dt = time.time() - t
    rc = p.returncode
    if rc == 0:
        w = first_line(p.stderr, 'warning')
        return name, ('runs, with warnings' if w else 'runs'), short(w), dt
    kind = {1: 'error (--werror)', 2: 'refused', 3: 'limit', 4: 'internal error'}.get(
        rc, 'crash (signal %d)' % -rc if rc < 0 else 'exit %d' % rc)
    err = first_line(p.stderr, 'error') or (p.stderr.strip().split('\n') or [''])[-1]
    return name, kind, short(err), dt


def tag(msg):
    """What a message is about, to group kernels by cause: the [tag] of a warning, or an
    error's text with numbers taken out."""
    m = re.search(r'\[([a-z-]+)\]', msg)
    if m:
        return '[%s]' % m.group(1)
    m = re.search(r'error: (.*)', msg)
    text = m.group(1) if m else msg
    text = re.sub(r'\b\d+\b', 'N', text)
    return text[:110]


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n')[0])
    ap.add_argument('warpsim')
    ap.add_argument('src')
    ap.add_argument('names', nargs='*')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--timeout', type=int, default=120)
    ap.add_argument('--markdown')
    try:
        a = ap.parse_args()
    except SystemExit:
        return 2
    warpsim = os.path.abspath(a.warpsim)
    markdown = os.path.abspath(a.markdown) if a.markdown else None
    os.chdir(a.src)
    names = a.names or sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(CORPUS, '*.ptx')))
    if not names:
        print('load_status.py: no %s/*.ptx' % CORPUS)
        return 2
    missing = [n for n in names if not os.path.exists(os.path.join(CORPUS, n + '.args'))]
    if missing:
        print('load_status.py: no .args for: %s' % ' '.join(missing))
        return 2
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        results = list(ex.map(lambda n: run_one(warpsim, n, a.timeout), names))

    counts = collections.Counter(r[1] for r in results)
    total = len(results)
    ran = counts['runs'] + counts['runs, with warnings']
    print('corpus: %d of %d kernels run (%d of them with warnings); %d do not' % (
        ran, total, counts['runs, with warnings'], total - ran))
    for kind, n in sorted(counts.items()):
        print('  %-22s %d' % (kind, n))
    bad = [r for r in results if not r[1].startswith('runs')]
    if bad:
        print('do not run:')
        for name, kind, msg, _ in bad:
            print('  %s: %s: %s' % (name, kind, msg))
    warn = [r for r in results if r[1] == 'runs, with warnings']
    if warn:
        print('run with warnings:')
        for name, kind, msg, _ in warn:
            print('  %s: %s' % (name, msg))
    if markdown:
        write_markdown(markdown, results, counts, ran)
    return 0


def write_markdown(path, results, counts, ran):
    total = len(results)
    out = []
    out.append('# Corpus status: what warpsim does with each kernel today\n')
    out.append('Written by `tests/corpus/load_status.py build/dev/warpsim . --markdown tests/corpus/STATUS.md`:')
    out.append('every `tests/corpus/*.ptx` run once with its `.args` (`warpsim run --mode functional`).')
    out.append('"runs" says only that warpsim ran the kernel to the end; whether its answer is the')
    out.append('H200\'s is what the corpus_NAME_* tests check against the goldens in tests/corpus/golden.')
    out.append('A warning on these kernels (all correct CUDA) is a finding too.\n')
    out.append('**%d of %d kernels run** (%d of them with warnings); %d do not.\n' % (
        ran, total, counts['runs, with warnings'], total - ran))
    out.append('| result | kernels |')
    out.append('| --- | ---: |')
    for kind, n in sorted(counts.items()):
        out.append('| %s | %d |' % (kind, n))
    out.append('')
    groups = collections.OrderedDict()
    for name, kind, msg, _ in sorted(results, key=lambda r: (r[1], tag(r[2]), r[0])):
        if kind == 'runs':
            continue
        groups.setdefault((kind, tag(msg)), []).append((name, msg))
    if groups:
        out.append('## By cause\n')
        out.append('| result | cause (first message, numbers taken out) | kernels |')
        out.append('| --- | --- | ---: |')
        for (kind, t), items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            out.append('| %s | %s | %d |' % (kind, t.replace('|', '\\|'), len(items)))
        out.append('')
    out.append('## Every kernel\n')
    out.append('| kernel | result | first error or warning |')
    out.append('| --- | --- | --- |')
    for name, kind, msg, _ in results:
        out.append('| %s | %s | %s |' % (name, kind, msg.replace('|', '\\|')))
    out.append('')
    with open(path, 'w') as f:
        f.write('\n'.join(out))


if __name__ == '__main__':
    sys.exit(main())
