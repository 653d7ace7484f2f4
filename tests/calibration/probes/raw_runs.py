"""A probe's raw H200 runs and PTX, unpacked for a check: the tarball's PREFIX/probe/KIND.txt files as plain files in
a folder, and the probe's .ptx.xz as plain PTX there (check_probe_alu3.py, check_probe_lat16.py); and the probe
checks' one command line (check_probe_alu.py, check_probe_alu3.py, check_probe_cold17.py, check_probe_lat16.py)."""
import lzma
import os
import sys
import tarfile
import types


def options(argv, bound, usage, flags=()):
    """A probe check's command line: WARPSIM SRCDIR, then --NAME VALUE pairs; the bare flags named in FLAGS (e.g.
    --all) may come anywhere. Returns warpsim, src, opts ({'--NAME': VALUE}), bound (--bound, else BOUND),
    informational (--informational's comma-separated names, a set) and flags (those of FLAGS given); exits with
    USAGE where WARPSIM or SRCDIR is missing."""
    given = {a for a in argv if a in flags}
    argv = [a for a in argv if a not in flags]
    if len(argv) < 3:
        sys.exit(usage)
    opts = dict(zip(argv[3::2], argv[4::2]))
    return types.SimpleNamespace(warpsim=argv[1], src=argv[2], opts=opts, bound=float(opts.get('--bound', bound)),
                                 informational=set(filter(None, opts.get('--informational', '').split(','))),
                                 flags=given)


def top_folder(tarball):
    """The folder a device job's tarball holds its files under (alu27, alu3r, ...)."""
    with tarfile.open(tarball) as tar:
        return next(m.name.split('/')[0] for m in tar.getmembers() if '/' in m.name)


def card(tarball):
    """The GPU a device job's tarball was measured on, from its meta.txt (H200 where it does not say)."""
    with tarfile.open(tarball) as tar:
        meta = next((m for m in tar.getmembers() if m.name.endswith('/meta.txt')), None)
        text = tar.extractfile(meta).read().decode() if meta else ''
    return 'H100' if 'H100' in text else 'H200'


def unpack(tarball, prefix, ptx_xz, dest):
    """Writes each PREFIX/probe/KIND.txt of tarball to dest/KIND.txt and ptx_xz unpacked to dest/NAME.ptx; returns
    that PTX's path."""
    with tarfile.open(tarball) as tar:
        for m in tar.getmembers():
            if m.isfile() and m.name.startswith(prefix + '/probe/'):
                with open(os.path.join(dest, os.path.basename(m.name)), 'wb') as f:
                    f.write(tar.extractfile(m).read())
    ptx = os.path.join(dest, os.path.basename(ptx_xz)[:-3])
    with open(ptx, 'wb') as f:
        f.write(lzma.open(ptx_xz).read())
    return ptx
