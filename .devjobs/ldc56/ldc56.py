"""ldc56: ptxas's parameter reloads in a cubin, read without cuobjdump (docs/calibration.md "(ldc56)").

Usage: python3 ldc56.py FILE.cubin. Per kernel (.text.NAME section): its SASS instructions (16 bytes each; the opcode
in the low 12 bits: 0x223 FFMA, 0xb82 LDC, 0x805 CS2R), the LDCs of c[0x0][0x218] (the parameter pair a, b: offset
field 0x86 in bits 40-55), the FFMAs before the first such LDC past the kernel's opening, and the CS2R stamps before it.
"""
import struct
import sys


def sections(path):
    """(name, bytes) of each section of an ELF64 file."""
    d = open(path, 'rb').read()
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3a)
    heads = [struct.unpack_from('<IIQQQQ', d, shoff + i * shentsize) for i in range(shnum)]
    names = heads[shstrndx][4]
    for name, _typ, _flags, _addr, off, size in heads:
        yield d[names + name:d.index(b'\0', names + name)].decode(), d[off:off + size]


def main(path):
    for name, text in sections(path):
        if not name.startswith('.text.'):
            continue
        ffma = stamps = reloads = 0
        first = None
        for i in range(0, len(text), 16):
            lo, = struct.unpack_from('<Q', text, i)
            op = lo & 0xfff
            if op == 0xb82 and (lo >> 40) & 0xffff == 0x86:
                reloads += 1
                if first is None and i > 0x100:
                    first = (ffma, stamps)
            ffma += op == 0x223
            stamps += op == 0x805
        at = 'FFMA %d, stamp %d' % first if first else 'none'
        print('%s: %d SASS, %d FFMA, %d reloads of a, b; the first after %s' % (name[6:], len(text) // 16, ffma,
                                                                                reloads, at))


if __name__ == '__main__':
    main(sys.argv[1])
