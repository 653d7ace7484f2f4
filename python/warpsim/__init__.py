"""warpsim for Python: run real PTX lane by lane as an H200 does, with numpy arrays.

    import numpy as np, warpsim
    x = np.arange(32, dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    r = warpsim.run("programs/warp_reduce_down.ptx", None, 1, 32, x, out)
    out[0], r.stats["cycles"], r.stdout, r.diagnostics
    warpsim.show("programs/warp_reduce_down.ptx", None, 1, 32, x, out, only="shfl")

Nothing here simulates: every call hands the words `warpsim run` would get to the C library
(embed/embed.h, loaded with ctypes) and reads back what it printed, so a kernel gives the buffers,
printf text, statistics and diagnostics of the command line. Buffers travel as raw bytes
(`file:` arguments) and come back as the command's JSON, whose floats are exact.
"""
import ctypes
import json
import os
import tempfile

import numpy as np

__all__ = ["run", "frames", "show", "Result", "Diagnostic", "Frames", "WarpsimError", "InputError",
           "LimitError", "DiagnosticError", "InternalError", "ptx_of_numba"]

_HERE = os.path.dirname(os.path.abspath(__file__))

# numpy dtype -> the element type of a launch word (cli/launch.h)
_ELEM = {np.dtype(np.uint8): "u8", np.dtype(np.int8): "s8", np.dtype(np.uint16): "u16",
         np.dtype(np.int16): "s16", np.dtype(np.uint32): "u32", np.dtype(np.int32): "s32",
         np.dtype(np.uint64): "u64", np.dtype(np.int64): "s64", np.dtype(np.float32): "f32",
         np.dtype(np.float64): "f64"}
_DTYPE = {v: k for k, v in _ELEM.items()}


class WarpsimError(Exception):
    """warpsim refused or stopped the run; str() is its message (file:line:column first)."""

    def __init__(self, message, status, result=None):
        super().__init__(message)
        self.status = status
        self.result = result  # the partial Result, where the run produced one


class InputError(WarpsimError):
    """Exit status 2: bad input (PTX, launch words, arguments), located at file:line:column."""


class DiagnosticError(WarpsimError):
    """Exit status 1: the kernel did something undefined and the run was told it is an error."""


class LimitError(WarpsimError):
    """Exit status 3: an instruction, cycle, memory or output limit stopped the run."""


class InternalError(WarpsimError):
    """Exit status 4."""


_ERRORS = {1: DiagnosticError, 2: InputError, 3: LimitError, 4: InternalError}


class Diagnostic:
    """One diagnostic of the run: what the kernel did that the hardware leaves undefined."""

    def __init__(self, d, path):
        self.severity = d.get("severity")
        self.kind = d.get("kind")
        self.message = d.get("message")
        self.line = d.get("line")
        self.pc = d.get("pc")
        self.block = d.get("block")
        self.warp = d.get("warp")
        self.lanes = d.get("lanes")
        self.file = path
        self.raw = d

    def __repr__(self):
        return "%s:%s: %s: %s [%s] (block %s, warp %s, lanes %s)" % (
            self.file, self.line, self.severity, self.message, self.kind, self.block, self.warp, self.lanes)


def _number(v):
    """A statistic: the JSON keeps floats as text (for the buffers' exact bits); ipc is a float."""
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return v
    return v


class Result:
    """What a run gave: buffers (numpy arrays, in argument order; None for scalars), printf text in stdout, statistics, diagnostics, the exit status and the JSON."""

    def __init__(self, doc, buffers, path, status, stderr):
        self.json = doc
        self.kernel = doc.get("kernel")
        self.buffers = buffers
        self.stdout = doc.get("stdout", "")
        self.stats = {k: _number(v) for k, v in doc.get("stats", {}).items()}
        self.cycles = self.stats.get("cycles")
        self.diagnostics = [Diagnostic(d, path) for d in doc.get("diagnostics", [])]
        self.status = status
        self.stderr = stderr

    def buffer(self, i):
        """Argument i's buffer (as in buffers[i])."""
        return self.buffers[i]

    def __repr__(self):
        def count(n, word):
            return "%d %s%s" % (n, word, "" if n == 1 else "s")

        return "<warpsim.Result %s: %s, %s, %s>" % (
            self.kernel, count(self.cycles or 0, "cycle"), count(sum(b is not None for b in self.buffers), "buffer"),
            count(len(self.diagnostics), "diagnostic"))


# ---- the C library -------------------------------------------------------------------------

_lib = None


def _library():
    global _lib
    if _lib is None:
        path = os.environ.get("WARPSIM_PY_LIB") or os.path.join(_HERE, "libwarpsim_py.so")
        lib = ctypes.CDLL(path)
        lib.ws_embed_call.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), ctypes.c_char_p,
                                      ctypes.c_char_p]
        lib.ws_embed_call.restype = ctypes.c_int
        _lib = lib
    return _lib


def _call(words, tmp):
    """Runs `warpsim WORDS...` in this process; returns (status, stdout, stderr). PTX text given
    as a string is the file kernel.ptx of the temporary folder tmp: messages name it kernel.ptx."""
    argv = [b"warpsim"] + [os.fsencode(w) for w in words]
    arr = (ctypes.c_char_p * (len(argv) + 1))(*argv, None)
    out, err = os.path.join(tmp, "stdout"), os.path.join(tmp, "stderr")
    status = _library().ws_embed_call(len(argv), arr, os.fsencode(out), os.fsencode(err))
    if status < 0:
        raise InternalError("warpsim: cannot capture the output in %s" % tmp, 4)
    with open(out, encoding="utf-8", errors="replace") as f:
        stdout = f.read()
    with open(err, encoding="utf-8", errors="replace") as f:
        stderr = f.read().replace(os.path.join(tmp, ""), "")
    return status, stdout, stderr


# ---- what a call is made of ------------------------------------------------------------------

def _is_numba_kernel(source):
    return hasattr(source, "py_func") and callable(getattr(source, "py_func"))


def _numba_type(a):
    import numba
    if isinstance(a, np.ndarray):
        return numba.types.Array(numba.from_dtype(a.dtype), a.ndim, "C")
    return numba.from_dtype(_scalar(a)[0])


def ptx_of_numba(kernel, args, cc=(9, 0)):
    """PTX of a numba-cuda kernel for these arguments (numba.cuda.compile_ptx: no GPU needed)."""
    from numba import cuda
    sig = tuple(_numba_type(a) for a in args)
    ptx, _ = cuda.compile_ptx(kernel.py_func, sig, cc=cc)
    return ptx


def _numba_array_words(i, a, data_word):
    """numba passes an array as its struct's fields, one parameter each: meminfo, parent, nitems,
    itemsize, data, shape[ndim], strides[ndim] (numba's ArrayModel). meminfo and parent are
    host objects a kernel does not touch: 0."""
    label = "arg%d" % i
    words = ["%s_meminfo=u64:0" % label, "%s_parent=u64:0" % label, "%s_nitems=s64:%d" % (label, a.size),
             "%s_itemsize=s64:%d" % (label, a.itemsize), data_word]
    strides = np.ascontiguousarray(a).strides
    words += ["%s_shape%d=s64:%d" % (label, d, n) for d, n in enumerate(a.shape)]
    words += ["%s_stride%d=s64:%d" % (label, d, n) for d, n in enumerate(strides)]
    return words


def _scalar(v):
    """(dtype, value) of a scalar argument: a numpy scalar keeps its type; a Python bool or int is
    s32 (s64 when it does not fit), a float f32 (write np.float64(x) for a double)."""
    if isinstance(v, np.generic):
        return v.dtype, v
    if isinstance(v, (bool, int)):
        v = int(v)
        return (np.dtype(np.int32), np.int32(v)) if -2**31 <= v < 2**31 else (np.dtype(np.int64), np.int64(v))
    if isinstance(v, float):
        return np.dtype(np.float32), np.float32(v)
    raise TypeError("warpsim.run: an argument must be a numpy array or a scalar, not %r" % type(v).__name__)


def _scalar_word(v):
    dtype, x = _scalar(v)
    if dtype not in _ELEM:
        raise TypeError("warpsim.run: no launch type for %s" % dtype)
    t = _ELEM[dtype]
    if t == "f32":  # raw bits: every value exact, NaN payloads included
        return "f32:0f%08X" % np.array(x, np.float32).view(np.uint32)
    if t == "f64":
        return "f64:0d%016X" % np.array(x, np.float64).view(np.uint64)
    return "%s:%d" % (t, int(x))


def _dims(v, what):
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    v = tuple(int(x) for x in v)
    if not 1 <= len(v) <= 3:
        raise ValueError("warpsim.run: %s takes 1 to 3 dimensions" % what)
    return ",".join(map(str, v))


def _source_path(source, args, tmp):
    """The file warpsim reads: a .ptx/.cu path as given, PTX text or a numba kernel written out."""
    if _is_numba_kernel(source):
        source = ptx_of_numba(source, args)
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    if not isinstance(source, str):
        raise TypeError("warpsim.run: source is PTX text, a .ptx or .cu path, or a numba-cuda kernel")
    if "\n" not in source and source.strip().endswith((".ptx", ".cu", ".cuh")):
        if not os.path.exists(source):
            raise InputError("warpsim: error: cannot read %s: no such file" % source, 2)
        return source
    path = os.path.join(tmp, "kernel.ptx")
    with open(path, "w") as f:
        f.write(source)
    return path


def _words(source, kernel, grid, block, args, tmp, shared_bytes, cu_opts):
    """The launch words of a call; every argument i is labelled argI (its buffer in the JSON)."""
    numba_abi = _is_numba_kernel(source)
    path = _source_path(source, args, tmp)
    words = [path, "--grid", _dims(grid, "grid"), "--block", _dims(block, "block")]
    if kernel:
        words += ["--kernel", kernel]
    if shared_bytes:
        words += ["--shared-bytes", str(int(shared_bytes))]
    for o in cu_opts or ():
        words += ["--cu-opt", o]
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            if a.dtype not in _ELEM:
                raise TypeError("warpsim.run: argument %d: no launch type for %s" % (i, a.dtype))
            if a.size == 0:
                raise ValueError("warpsim.run: argument %d is empty" % i)
            f = os.path.join(tmp, "arg%d.bin" % i)
            np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"), copy=False).tofile(f)
            word = "arg%d=%s[%d]:file:%s" % (i, _ELEM[a.dtype], a.size, f)
            words += _numba_array_words(i, a, word) if numba_abi else [word]
        elif isinstance(a, str):
            raise TypeError("warpsim.run: argument %d: a string is no argument (PTX goes first)" % i)
        else:
            words.append("arg%d=%s" % (i, _scalar_word(a)))
    return path, words


def _elements(values, t):
    """The JSON's element list (floats kept as text) as a numpy array of type t, bit-exact."""
    dtype = _DTYPE[t]
    if t in ("f32", "f64"):
        ibits = np.uint32 if t == "f32" else np.uint64
        out = np.empty(len(values), dtype)
        for i, v in enumerate(values):
            if isinstance(v, str) and v.startswith("nan:"):
                out[i:i + 1].view(ibits)[0] = int(v[4:], 16)
            else:
                out[i] = dtype.type(v)
        return out
    return np.array([int(v) for v in values], dtype=dtype)


def _raise(status, stderr, result=None):
    cls = _ERRORS.get(status, InternalError)
    raise cls(stderr.strip() or "warpsim: exit status %d" % status, status, result)


def run(source, kernel=None, grid=1, block=32, *args, mode="timing", shared_bytes=0, cu_opts=(),
        check_uninitialized=True, werror=False, extra=()):
    """Runs kernel (None: the module's only entry) of source on grid x block threads.

    source: PTX text, a .ptx or .cu path (CUDA C++, compiled with NVRTC as `warpsim run` does),
    or a numba-cuda kernel (compiled to PTX by numba.cuda.compile_ptx for these arguments).
    args: in the order of the kernel's parameters, numpy arrays (global buffers; written back in
    place) and scalars (numpy scalars keep their type; int is s32, float f32).
    Returns a Result; raises InputError (with the file:line:column message) and the other
    WarpsimError kinds on the command's non-zero exits. A run whose diagnostics are warnings
    returns normally, the diagnostics in Result.diagnostics."""
    with tempfile.TemporaryDirectory(prefix="warpsim-") as tmp:
        path, words = _words(source, kernel, grid, block, args, tmp, shared_bytes, cu_opts)
        words = ["run"] + words + ["--json", "--mode", mode] + list(extra)
        if werror:
            words.append("--werror")
        if not check_uninitialized:
            words.append("--no-check-uninit")
        status, stdout, stderr = _call(words, tmp)
    doc = None
    if stdout.strip():
        try:
            doc = json.loads(stdout, parse_float=str, parse_constant=str)
        except ValueError:
            doc = None
    if doc is None:
        _raise(status or 4, stderr)
    buffers = []
    specs = {spec.get("label"): spec for spec in doc.get("args", [])}
    for i, a in enumerate(args):
        spec = specs.get("arg%d" % i, {})
        if "count" not in spec:
            buffers.append(None)
            continue
        b = _elements(doc["buffers"][spec["label"]], spec["type"])
        if isinstance(a, np.ndarray):
            b = b.reshape(a.shape)
            if a.flags.writeable:
                a[...] = b
        buffers.append(b)
    if path.startswith(os.path.join(tmp, "")):
        path = os.path.basename(path)
    result = Result(doc, buffers, path, status, stderr)
    if status != 0:
        _raise(status, stderr, result)
    return result


def frames(source, kernel=None, grid=1, block=32, *args, warp=0, cta=0, only=None, lane=None,
           shared_bytes=0, cu_opts=()):
    """Every frame of the viewer for one warp of one block (docs/viz-frames.md), as a dict."""
    with tempfile.TemporaryDirectory(prefix="warpsim-") as tmp:
        _, words = _words(source, kernel, grid, block, args, tmp, shared_bytes, cu_opts)
        out = os.path.join(tmp, "frames.json")
        words = ["frames"] + words + ["--warp", str(warp), "--cta", str(cta), "--frames-json", out]
        if only:
            words += ["--only", only]
        if lane is not None:
            words += ["--lane", str(lane)]
        status, _, stderr = _call(words, tmp)
        if status != 0:
            _raise(status, stderr)
        with open(out) as f:
            return json.load(f)


class Frames:
    """Frames shown inline in Jupyter: the playground's own drawing (web/render.js, an SVG per
    frame), with buttons and the arrow keys to step through them."""

    def __init__(self, doc, start=None):
        self.doc = doc
        self.start = start

    def __len__(self):
        return len(self.doc["frames"])

    def __getitem__(self, i):
        return self.doc["frames"][i]

    def _repr_html_(self):
        with open(os.path.join(_HERE, "render.js")) as f:
            render = f.read()
        uid = "ws%x" % id(self)
        start = self.start if self.start is not None else 0
        data = json.dumps(self.doc).replace("</", "<\\/")
        return ("<div id='%s' class='warpsim-frames' tabindex='0' style='outline:none'></div>"
                "<script>(function(){%s\nWarpsimRender.mount(document.getElementById('%s'), %s, %d);})();</script>"
                % (uid, render, uid, data, start))


def show(source, kernel=None, grid=1, block=32, *args, warp=0, cta=0, only=None, lane=None, frame=None,
         shared_bytes=0, cu_opts=()):
    """The viewer's frames of one warp, drawn inline (in Jupyter; elsewhere the Frames object)."""
    doc = frames(source, kernel, grid, block, *args, warp=warp, cta=cta, only=only, lane=lane,
                 shared_bytes=shared_bytes, cu_opts=cu_opts)
    return Frames(doc, frame)
