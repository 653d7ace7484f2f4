"""A probe's raw H200 runs and PTX, unpacked for a check: the tarball's PREFIX/probe/KIND.txt files as plain files in
a folder, and the probe's .ptx.xz as plain PTX there (check_probe_alu3.py, check_probe_lat16.py)."""
import lzma
import os
import tarfile


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
