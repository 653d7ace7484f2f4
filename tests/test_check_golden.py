#!/usr/bin/env python3
"""test_check_golden.py WARPSIM SRCDIR

Checks tests/check_golden.py's verdicts, above all its --known list: a recorded difference
passes only while warpsim runs and differs exactly as recorded, a recorded refusal only while
warpsim exits 2 with the recorded text, and a crash never passes. Uses programs/block_reduce
with goldens made here (the real one and altered copies) and stand-ins for warpsim that crash.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    warpsim, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    check = os.path.join(src, 'tests', 'check_golden.py')
    tmp = tempfile.mkdtemp()
    failures = []
    try:
        # a program directory and a golden directory of their own
        pdir = os.path.join(tmp, 'progs')
        gdir = os.path.join(tmp, 'gold')
        os.makedirs(pdir)
        os.makedirs(gdir)
        for ext in ('.ptx', '.args'):
            shutil.copy(os.path.join(src, 'programs', 'block_reduce' + ext), os.path.join(pdir, 'k' + ext))
        with open(os.path.join(src, 'tests', 'golden', 'block_reduce.json')) as f:
            golden = f.read()
        known = os.path.join(tmp, 'known.txt')

        def run(args, want, what, exe=warpsim):
            p = subprocess.run([sys.executable, check, exe, tmp, 'k', '--programs', 'progs', '--golden', 'gold']
                               + args, capture_output=True, text=True)
            if p.returncode != want:
                failures.append('%s: exit %d, want %d:\n%s%s' % (what, p.returncode, want, p.stdout, p.stderr))
            return p.stdout

        def set_golden(text):
            with open(os.path.join(gdir, 'k.json'), 'w') as f:
                f.write(text)

        def set_known(text):
            with open(known, 'w') as f:
                f.write('# a comment line\n' + text)

        set_golden(golden)
        for mode in ('timing', 'functional'):
            run(['--mode', mode], 0, 'the real golden, %s' % mode)
            run(['--mode', mode, '--slow-path-same'], 0, 'the real golden, %s, fast and slow paths' % mode)
        # --slow-path-same: a warpsim whose general code prints one other byte fails, even when the
        # fast paths match the golden
        twin = os.path.join(tmp, 'twin')
        with open(twin, 'w') as f:
            f.write('#!/bin/sh\ncase "$*" in *--slow-path*) "%s" "$@" | sed \'s/"stdout": ""/"stdout": " "/\' ;;\n'
                    '*) exec "%s" "$@" ;; esac\n' % (warpsim, warpsim))
        os.chmod(twin, 0o755)
        run([], 0, 'the golden with a warpsim whose slow path differs, not asked', exe=twin)
        run(['--slow-path-same'], 1, 'a slow path that prints other bytes', exe=twin)
        set_known('')
        run(['--known', known], 0, 'the real golden, not listed')
        set_known('k differs 0123456789ab  # recorded\n')
        run(['--known', known], 1, 'a recorded difference when warpsim matches')

        # one element altered: a difference, with its SHA
        g = json.loads(golden)
        g['buffers']['out'][1] = 7
        set_golden(json.dumps(g))
        out = run([], 1, 'an altered golden')
        m = re.search(r'SHA of the differences: ([0-9a-f]{12})', out)
        if not m:
            failures.append('no SHA in the output of a failing run:\n' + out)
            return report(failures)
        sha = m.group(1)
        set_known('k differs %s  # recorded\n' % sha)
        run(['--known', known], 0, 'the difference as recorded')
        run(['--known', known, '--mode', 'functional'], 0, 'the difference as recorded, functional')
        set_known('other differs %s\n' % sha)
        run(['--known', known], 1, 'a difference recorded for another name only')
        g['buffers']['out'][2] = 7
        set_golden(json.dumps(g))
        set_known('k differs %s\n' % sha)
        run(['--known', known], 1, 'another difference than the recorded one')

        # warpsim that crashes, hits a limit or exits 2: never a recorded difference
        for rc, name in ((4, 'internal error'), (3, 'limit'), (-6, 'signal')):
            fake = os.path.join(tmp, 'fake%d' % abs(rc))
            with open(fake, 'w') as f:
                f.write('#!/bin/sh\necho "fake: error: boom" >&2\n%s\n' % ('kill -ABRT $$' if rc < 0 else 'exit %d' % rc))
            os.chmod(fake, 0o755)
            run(['--known', known], 2, 'a recorded difference when warpsim fails (%s)' % name, exe=fake)
        refuse = os.path.join(tmp, 'refuse')
        with open(refuse, 'w') as f:
            f.write('#!/bin/sh\necho "k.ptx:3:5: error: instruction \'fns\' is not supported" >&2\nexit 2\n')
        os.chmod(refuse, 0o755)
        run(['--known', known], 2, 'a recorded difference when warpsim refuses', exe=refuse)

        # recorded refusals
        set_known("k refused instruction 'fns' is not supported  # why\n")
        run(['--known', known], 0, 'a refusal as recorded', exe=refuse)
        set_known("k refused instruction 'bmsk'\n")
        run(['--known', known], 1, 'a refusal with another message', exe=refuse)
        set_known("k refused error\n")
        run(['--known', known], 1, 'a recorded refusal when warpsim runs')
        run(['--known', known], 2, 'a recorded refusal when warpsim crashes', exe=os.path.join(tmp, 'fake4'))
        set_known('k wrong 123\n')
        run(['--known', known], 2, 'a malformed line')
        os.remove(os.path.join(gdir, 'k.json'))
        run([], 2, 'a missing golden')
    finally:
        shutil.rmtree(tmp)
    return report(failures)


def report(failures):
    for f in failures:
        print('FAIL ' + f)
    if not failures:
        print('check_golden.py: every verdict as expected')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
