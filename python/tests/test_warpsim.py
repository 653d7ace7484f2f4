"""The Python package against the command line (tests/check_python.sh runs this in a fresh
virtual environment with the package installed by `pip install .`).

For every program with an H200 golden (tests/golden/NAME.json), the test builds the arguments
of programs/NAME.args as numpy arrays and scalars itself (its own reading of the launch words:
zero, iota, fill, list, rand's splitmix64), runs warpsim.run, and compares every buffer bit for
bit, the printf text, the statistics and the exit status with `warpsim run ... --json`.

Environment: WARPSIM (the warpsim command of the build), WARPSIM_SRC (the repository).
"""
import json
import os
import struct
import subprocess
import sys

import numpy as np
import pytest

import warpsim

SRC = os.environ.get("WARPSIM_SRC", os.path.join(os.path.dirname(__file__), "..", ".."))
WARPSIM = os.environ.get("WARPSIM", os.path.join(SRC, "build", "dev", "warpsim"))
sys.path.insert(0, os.path.join(SRC, "tests"))
import golden_files  # noqa: E402 (found through SRC)

GOLDEN = golden_files.names(os.path.join(SRC, "tests", "golden"))
DTYPES = {"u8": np.uint8, "s8": np.int8, "u16": np.uint16, "s16": np.int16, "u32": np.uint32, "s32": np.int32,
          "u64": np.uint64, "s64": np.int64, "f32": np.float32, "f64": np.float64}
MASK64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def number(text, t):
    if t in ("f32", "f64"):
        if text.startswith(("0f", "0d")) and len(text) in (10, 18):
            bits = int(text[2:], 16)
            v = struct.unpack("<f", struct.pack("<I", bits))[0] if len(text) == 10 else \
                struct.unpack("<d", struct.pack("<Q", bits))[0]
            return DTYPES[t](v)
        return DTYPES[t](float.fromhex(text) if "0x" in text.lower() else float(text))
    v = int(text, 0)
    size = np.dtype(DTYPES[t]).itemsize * 8
    return DTYPES[t](v if t[0] == "s" else v & ((1 << size) - 1))


def buffer(t, count, init):
    dtype = np.dtype(DTYPES[t])
    if init is None or init == "zero":
        return np.zeros(count, dtype)
    kind, _, value = init.partition(":")
    if kind == "iota":
        if t[0] in "us":
            return np.array([i & ((1 << (8 * dtype.itemsize)) - 1) for i in range(count)], np.uint64).astype(dtype)
        return np.arange(count, dtype=dtype)
    if kind == "fill":
        return np.full(count, number(value, t), dtype)
    if kind == "list":
        return np.array([number(v, t) for v in value.split(",")], dtype)
    if kind == "rand":
        state, out = int(value, 0), []
        for _ in range(count):
            state, z = splitmix64(state)
            if t == "f32":
                out.append((z >> 40) * 2.0 ** -24)
            elif t == "f64":
                out.append((z >> 11) * 2.0 ** -53)
            else:
                out.append(z & ((1 << (8 * dtype.itemsize)) - 1))
        return np.array(out, np.uint64 if t[0] in "us" else dtype).astype(dtype)
    raise ValueError("the test does not read %s" % init)


def launch(name):
    """(kernel, grid, block, shared_bytes, args) of programs/NAME.args."""
    words = []
    with open(os.path.join(SRC, "programs", name + ".args")) as f:
        for line in f:
            for w in line.split():
                if w.startswith("#"):
                    break
                words.append(w)
    kernel, grid, block, shared, args = None, "1", "32", 0, []
    i = 0
    while i < len(words):
        w = words[i]
        opt, eq, val = w.partition("=")
        if opt in ("--grid", "--block", "--kernel", "--shared-bytes"):
            if not eq:
                i += 1
                val = words[i]
            if opt == "--grid":
                grid = val
            elif opt == "--block":
                block = val
            elif opt == "--kernel":
                kernel = val
            else:
                shared = int(val, 0)
        else:
            spec = w.split("=", 1)[1] if "=" in w.split(":", 1)[0] else w
            head, _, init = spec.partition(":")
            if "[" in head:
                t, count = head[:-1].split("[")
                init = init or None
                if not count:
                    count = len(init.split(":", 1)[1].split(","))
                args.append(buffer(t, int(count, 0) if isinstance(count, str) else count, init))
            else:
                args.append(number(init, head))
        i += 1
    dims = lambda s: tuple(int(x, 0) for x in s.split(","))
    return kernel, dims(grid), dims(block), shared, args


def bits(values, t):
    """The command's JSON element texts as integers of their bits (an independent reading)."""
    out = []
    for v in values:
        if t in ("f32", "f64"):
            fmt, ifmt = ("<f", "<I") if t == "f32" else ("<d", "<Q")
            if isinstance(v, str) and v.startswith("nan:"):
                out.append(int(v[4:], 16))
            else:
                out.append(struct.unpack(ifmt, struct.pack(fmt, float(v)))[0])
        else:
            out.append(int(v) & MASK64)
    return out


def np_bits(a, t):
    a = np.ascontiguousarray(a).reshape(-1)
    if t in ("f32", "f64"):
        return [int(x) for x in a.view(np.uint32 if t == "f32" else np.uint64)]
    return [int(x) & MASK64 for x in a.astype(np.int64 if t[0] == "s" else np.uint64)]


def command_line(name):
    r = subprocess.run([WARPSIM, "run", "programs/%s.ptx" % name, "@programs/%s.args" % name, "--json"], cwd=SRC,
                       capture_output=True, text=True, timeout=120)
    doc = json.loads(r.stdout, parse_float=str, parse_constant=str) if r.stdout.strip() else None
    return r.returncode, doc, r.stderr


@pytest.mark.parametrize("name", GOLDEN)
def test_same_as_command_line(name):
    status, doc, stderr = command_line(name)
    kernel, grid, block, shared, args = launch(name)
    try:
        res = warpsim.run(os.path.join(SRC, "programs", name + ".ptx"), kernel, grid, block, *args,
                          shared_bytes=shared)
        got_status = 0
    except warpsim.WarpsimError as e:
        res, got_status = e.result, e.status
        if doc is None:  # refused: the same message, with its file:line:column
            assert got_status == status
            assert str(e).splitlines()[0] == stderr.strip().splitlines()[0]
            return
    assert got_status == status, stderr
    assert doc is not None and res is not None
    assert res.stdout == doc["stdout"]
    assert res.stats["cycles"] == doc["stats"]["cycles"]
    assert res.stats["warp_instructions"] == doc["stats"]["warp_instructions"]
    assert len(res.diagnostics) == len(doc.get("diagnostics", []))
    for i, spec in enumerate(doc["args"]):
        if "count" not in spec:
            assert res.buffers[i] is None
            continue
        assert res.buffers[i] is not None, spec["label"]
        assert np_bits(res.buffers[i], spec["type"]) == bits(doc["buffers"][spec["label"]], spec["type"]), \
            "%s: buffer %s differs" % (name, spec["label"])
        # written back into the caller's array too
        assert np_bits(args[i], spec["type"]) == np_bits(res.buffers[i], spec["type"])


REDUCE = os.path.join(SRC, "programs", "warp_reduce_down.ptx")


def test_ptx_text_and_error_location():
    with open(REDUCE) as f:
        text = f.read()
    out = np.zeros(1, np.float32)
    r = warpsim.run(text, None, 1, 32, np.arange(32, dtype=np.float32), out)
    assert out[0] == 496 and r.stats["shuffles"] == 5 and r.cycles > 0
    bad = text.replace("shfl.sync.down.b32", "shfl.sync.sideways.b32", 1)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "shfl.sync.down.b32" in l)
    with pytest.raises(warpsim.InputError) as e:
        warpsim.run(bad, None, 1, 32, np.arange(32, dtype=np.float32), out)
    assert str(e.value).startswith("kernel.ptx:%d:" % line), str(e.value)
    with pytest.raises(warpsim.InputError) as e:  # a missing argument: the command's message
        warpsim.run(REDUCE, None, 1, 32, np.arange(32, dtype=np.float32))
    assert "parameter" in str(e.value)


def test_repr_counts_in_the_singular():
    x, out = np.arange(32, dtype=np.float32), np.zeros(1, np.float32)
    r = warpsim.run(REDUCE, None, 1, 32, x, out)
    assert ", 2 buffers, 0 diagnostics>" in repr(r), repr(r)
    r.buffers[0] = None  # one buffer left: "1 buffer", not "1 buffers"
    assert ", 1 buffer, 0 diagnostics>" in repr(r), repr(r)


def test_diagnostics_are_objects():
    kernel, grid, block, shared, args = launch("bug_shfl_partial")
    try:
        r = warpsim.run(os.path.join(SRC, "programs", "bug_shfl_partial.ptx"), kernel, grid, block, *args)
    except warpsim.WarpsimError as e:
        r = e.result
    assert r.diagnostics, "bug_shfl_partial reports a diagnostic"
    d = r.diagnostics[0]
    assert d.kind and d.line > 0 and d.severity in ("warning", "error") and "bug_shfl_partial.ptx" in repr(d)


def test_frames_and_show():
    x, out = np.arange(32, dtype=np.float32), np.zeros(1, np.float32)
    doc = warpsim.frames(REDUCE, None, 1, 32, x, out, only="shfl")
    steps = [f for f in doc["frames"] if f["kind"] == "step"]
    assert len(steps) == 5 and all(f["insn"].startswith("shfl.sync.down") for f in steps)
    result = doc["frames"][-1]
    assert result["kind"] == "result" and result["results"][0]["values"][0] == "496"
    html = warpsim.show(REDUCE, None, 1, 32, x, out, only="shfl")._repr_html_()
    assert "WarpsimRender" in html and "shfl.sync.down" in html


def test_printf():
    name = "butterfly_allreduce"
    kernel, grid, block, shared, args = launch(name)
    r = warpsim.run(os.path.join(SRC, "programs", name + ".ptx"), kernel, grid, block, *args)
    assert r.stdout == json.loads(golden_files.read(os.path.join(SRC, "tests", "golden"), name))["stdout"] and r.stdout


def test_numba_kernel():
    try:
        from numba import cuda
        import numba  # noqa: F401
    except ImportError as e:
        pytest.skip("numba-cuda is not installed (%s): pip install numba-cuda" % e)

    @cuda.jit
    def reduce(a, out):
        v = a[cuda.threadIdx.x]
        off = 16
        while off > 0:
            v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
            off //= 2
        if cuda.threadIdx.x == 0:
            out[0] = v

    try:
        warpsim.ptx_of_numba(reduce, (np.zeros(32, np.float32), np.zeros(1, np.float32)))
    except Exception as e:  # no libNVVM: numba cannot make PTX here
        pytest.skip("numba-cuda cannot compile here: %s" % e)
    out = np.zeros(1, np.float32)
    r = warpsim.run(reduce, None, 1, 32, np.arange(32, dtype=np.float32), out)
    assert out[0] == 496 and r.stats["shuffles"] == 5


COPY_PTX = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry copy(.param .u64 src, .param .u64 dst)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [src];
    ld.param.u64 %rd2, [dst];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd1, %rd3;
    add.s64 %rd5, %rd2, %rd3;
    ld.global.b32 %r2, [%rd4];
    st.global.b32 [%rd5], %r2;
    ret;
}
"""


def test_float_bits_survive():
    """NaN payloads, -0, infinities and denormals go in and come back bit for bit."""
    words = np.array([0x7FA00001, 0xFFC00000, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001, 0x3F800000,
                      0x7FC00000], np.uint32)
    src = words.view(np.float32).copy()
    dst = np.zeros(8, np.float32)
    r = warpsim.run(COPY_PTX, None, 1, 8, src, dst)
    assert [hex(int(w)) for w in dst.view(np.uint32)] == [hex(int(w)) for w in words]
    assert r.buffers[1].view(np.uint32).tolist() == words.tolist()


def test_cuda_source(tmp_path):
    """A .cu file goes through NVRTC as on the command line; its compile errors keep their place."""
    name = "butterfly_allreduce"
    try:
        r = warpsim.run(os.path.join(SRC, "programs", name + ".cu"), None, 1, 32)
    except warpsim.InputError as e:
        if "needs NVRTC" in str(e) or "is no NVRTC library" in str(e):
            pytest.skip("no NVRTC here (the CUDA toolkit or pip install nvidia-cuda-nvrtc): %s" % str(e)[:200])
        raise
    assert r.stdout == json.loads(golden_files.read(os.path.join(SRC, "tests", "golden"), name))["stdout"]
    bad = tmp_path / "bad.cu"
    bad.write_text('extern "C" __global__ void k(int *o) {\n  o[0] = undefined_name;\n}\n')
    with pytest.raises(warpsim.InputError) as e:
        warpsim.run(str(bad), None, 1, 32, np.zeros(1, np.int32))
    assert "bad.cu:2: error" in str(e.value) and "undefined_name" in str(e.value)
    bad.write_text('extern "C" __global__ void k(int *o) {\n  o[0] = 1\n  o[1] = 2;\n}\n')  # FILE:LINE, not FILE(LINE)
    with pytest.raises(warpsim.InputError) as e:
        warpsim.run(str(bad), None, 1, 32, np.zeros(2, np.int32))
    assert 'bad.cu:3: error: expected a ";"' in str(e.value) and "bad.cu(" not in str(e.value), str(e.value)
