#!/usr/bin/env python3
"""check_doc_links.py SRCDIR: every relative link of the repository's Markdown files reaches a file
of the repository (and, for FILE.md#anchor, a heading of it, by GitHub's slug rule), and no page
points outside the repository (a clone has nothing there); README.md's shell blocks run the command
as $B, the path scripts/demo.sh builds it at (a bare `warpsim` is not on PATH). Exit 0, or 1 listing the broken links."""
import os
import re
import subprocess
import sys


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'[`*_]', '', s)
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding='utf-8') as f:
            text = re.sub(r'```.*?```', '', f.read(), flags=re.S)
        cache[path] = {slug(m.group(1)) for m in re.finditer(r'^#+\s+(.*)$', text, re.M)}
    return cache[path]


def main():
    root = os.path.abspath(sys.argv[1])
    os.chdir(root)
    files = subprocess.run(['git', 'ls-files', '*.md'], capture_output=True, text=True).stdout.split()
    if not files:
        files = [os.path.relpath(os.path.join(d, f)) for d, _, fs in os.walk('.') if '/build' not in d
                 for f in fs if f.endswith('.md')]
    bad = []
    for md in files:
        with open(md, encoding='utf-8') as f:
            text = re.sub(r'```.*?```', '', f.read(), flags=re.S)
        for m in re.finditer(r'\]\(([^)\s]+)\)', text):
            target = m.group(1)
            if re.match(r'[a-z]+:', target):
                continue
            path, _, anchor = target.partition('#')
            full = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
            if not os.path.abspath(full).startswith(root + os.sep):
                bad.append('%s: %s leaves the repository' % (md, target))
            elif not os.path.exists(full):
                bad.append('%s: %s does not exist' % (md, target))
            elif anchor and full.endswith('.md') and anchor not in anchors(full):
                bad.append('%s: %s has no heading #%s' % (md, target, anchor))
        for m in re.finditer(r'\.\./shared/|shared/seeds/', text):
            bad.append('%s: names %s, outside the repository' % (md, m.group(0)))
    with open('README.md', encoding='utf-8') as f:
        for block in re.findall(r'```sh\n(.*?)```', f.read(), flags=re.S):
            for line in block.splitlines():
                if re.match(r'\s*warpsim ', line):
                    bad.append('README.md: `%s` runs a bare warpsim, not on PATH: use $B' % line.strip())
    for b in bad:
        print(b)
    print('%d Markdown files, %s' % (len(files), '%d broken links' % len(bad) if bad else 'every link reaches its target'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
