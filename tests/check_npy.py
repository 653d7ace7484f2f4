#!/usr/bin/env python3
"""check_npy.py WARPSIM SRCDIR: `warpsim run --out DIR` writes every buffer as DIR/LABEL.npy, and
the text report abbreviates long buffers.

1. programs/warp_reduce_down.ptx with its `in` buffer given each element type in turn (the kernel
   reads its first 128 bytes, whatever the type) and `out` f32[1]: each .npy file is read back
   (numpy.load where numpy is installed; always by parsing the format's header by hand) and
   holds the values the --json report of the same run lists, with the dtype and shape of the
   buffer; `out` holds 496.
2. A buffer of 2000 u32 values prints its first and last 4 rows around one line that says how
   many values are not shown; --all-values prints all 250 rows; 1024 values are never shortened.
3. --out naming a file that is not a directory is exit 2 with a message that says so."""
import ast
import json
import os
import struct
import subprocess
import sys
import tempfile

warpsim, src = sys.argv[1], sys.argv[2]
os.chdir(src)
try:
    import numpy
except ImportError:
    numpy = None
    print("note: numpy is not installed: the files are checked by their header and bytes only")

KERNEL = ["run", "programs/warp_reduce_down.ptx", "--grid", "1", "--block", "32"]
# element type -> (struct code, numpy dtype descr on a little-endian host, INIT)
TYPES = {
    "u8": ("B", "|u1", "iota"), "s8": ("b", "|i1", "list:-128,127,-1,0"),
    "u16": ("H", "<u2", "iota"), "s16": ("h", "<i2", "list:-32768,32767,-5"),
    "u32": ("I", "<u4", "iota"), "s32": ("i", "<i4", "list:-2147483648,7"),
    "u64": ("Q", "<u8", "list:18446744073709551615,1"), "s64": ("q", "<i8", "list:-9223372036854775808,3"),
    "f32": ("f", "<f4", "list:1.5,-0,inf,-inf"), "f64": ("d", "<f8", "list:0.1,-2.5e300,5e-324"),
}
fails = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def read_npy(path):
    """(descr, shape, data bytes) of a version 1.0 .npy file, parsed by hand."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:6] != b"\x93NUMPY" or raw[6:8] != b"\x01\x00":
        raise ValueError("no .npy 1.0 magic")
    hlen = struct.unpack("<H", raw[8:10])[0]
    if (10 + hlen) % 64:
        raise ValueError("the data does not start at a multiple of 64 bytes")
    header = raw[10:10 + hlen].decode("latin1")
    if not header.endswith("\n"):
        raise ValueError("the header does not end in a newline")
    d = ast.literal_eval(header.strip())
    if d["fortran_order"] is not False:
        raise ValueError("fortran_order is not False")
    return d["descr"], d["shape"], raw[10 + hlen:]


def json_bytes(values, code):
    """The bytes of the JSON report's values: integers exact; floats as numbers or "inf", "-inf",
    "nan" (the canonical quiet NaN) and "nan:0xBITS" (json.h)."""
    out = b""
    for v in values:
        if isinstance(v, str) and v.startswith("nan:"):
            out += struct.pack("<" + {"f": "I", "d": "Q"}[code], int(v[4:], 16))
        elif v == "nan":
            out += struct.pack("<" + {"f": "I", "d": "Q"}[code], 0x7fc00000 if code == "f" else 0x7ff8000000000000)
        else:
            out += struct.pack("<" + code, float(v) if isinstance(v, str) else v)
    return out


with tempfile.TemporaryDirectory() as tmp:
    for t, (code, descr, init) in TYPES.items():
        count = 300  # at least 128 bytes for the kernel's loads
        out = os.path.join(tmp, t)
        if init.startswith("list:"):  # a list gives every value: repeat it to the count
            vals = init[5:].split(",")
            init = "list:" + ",".join(vals[i % len(vals)] for i in range(count))
        args = KERNEL + ["in=%s[%d]:%s" % (t, count, init), "out=f32[1]", "--json", "--out", out]
        r = subprocess.run([warpsim] + args, capture_output=True, text=True)
        if r.returncode != 0:
            fail("%s: exit %d: %s" % (t, r.returncode, r.stderr.strip()))
            continue
        want = json.loads(r.stdout)["buffers"]
        for label, values in want.items():
            path = os.path.join(out, label + ".npy")
            wt = t if label == "in" else "f32"
            try:
                d, shape, data = read_npy(path)
            except (OSError, ValueError, SyntaxError, KeyError) as e:
                fail("%s: %s" % (path, e))
                continue
            wcode, wdescr = TYPES[wt][0], TYPES[wt][1]
            if d != wdescr or shape != (len(values),):
                fail("%s: descr %r shape %r, expected %r (%d,)" % (path, d, shape, wdescr, len(values)))
                continue
            if data != json_bytes(values, wcode):
                fail("%s: the bytes differ from the values of the JSON report" % path)
            if numpy is not None:
                a = numpy.load(path)
                if str(a.dtype) != str(numpy.dtype(wdescr)) or a.shape != (len(values),) or a.tobytes() != data:
                    fail("%s: numpy.load gives %s %r..." % (path, a.dtype, a.tolist()[:4]))
    # the reduction's answer, read back from the file
    r = subprocess.run([warpsim] + KERNEL + ["in=f32[32]:iota", "out=f32[1]", "--out", tmp], capture_output=True)
    _, _, data = read_npy(os.path.join(tmp, "out.npy"))
    if struct.unpack("<f", data)[0] != 496.0:
        fail("out.npy holds %r, expected 496 (0 + 1 + ... + 31)" % struct.unpack("<f", data)[0])

    # 2. the text view
    r = subprocess.run([warpsim] + KERNEL + ["in=u32[2000]:iota", "out=f32[1]"], capture_output=True, text=True)
    lines = r.stdout.splitlines()
    i = lines.index("== in u32[2000]") if "== in u32[2000]" in lines else -1
    want = (["== in u32[2000]"] + [" ".join(str(8 * row + k) for k in range(8)) for row in range(4)] +
            ["... 1936 values not shown (rows 5 to 246 of 250; --all-values shows them, --out DIR writes .npy)"] +
            [" ".join(str(8 * row + k) for k in range(8)) for row in range(246, 250)])
    if r.returncode != 0 or i < 0 or lines[i:i + 10] != want:
        fail("2000 values are not shown as the first and last 4 rows:\n" + "\n".join(lines[max(i, 0):i + 10]))
    r = subprocess.run([warpsim] + KERNEL + ["in=u32[2000]:iota", "out=f32[1]", "--all-values"],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if r.returncode != 0 or "== in u32[2000]" not in lines or \
            lines[lines.index("== in u32[2000]") + 250] != " ".join(str(v) for v in range(1992, 2000)):
        fail("--all-values does not print all 250 rows")
    r = subprocess.run([warpsim] + KERNEL + ["in=u32[1024]:iota", "out=f32[1]"], capture_output=True, text=True)
    if r.returncode != 0 or "..." in r.stdout or "1016 1017 1018 1019 1020 1021 1022 1023" not in r.stdout:
        fail("1024 values are shortened")

    # 3. --out on a file
    notdir = os.path.join(tmp, "file")
    open(notdir, "w").close()
    r = subprocess.run([warpsim] + KERNEL + ["in=u32[32]:iota", "out=f32[1]", "--out", notdir],
                       capture_output=True, text=True)
    if r.returncode != 2 or "--out: %s is not a directory" % notdir not in r.stderr:
        fail("--out FILE: exit %d, %s" % (r.returncode, r.stderr.strip()))

print("check_npy: %s" % ("every check passed" if not fails else "%d failures" % fails))
sys.exit(1 if fails else 0)
