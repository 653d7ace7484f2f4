#!/usr/bin/env python3
"""Hostile and careless inputs: every case ends within its time and memory caps with the documented
exit status and a message that names what went wrong (docs/cli.md, "Limits").

usage: check_hostile.py WARPSIM SRCDIR [--sanitized] [--slack F] [--only NAME] [--report FILE] [--keep DIR]
       check_hostile.py --seeds DIR   (writes the cases' PTX and argument files of at most 64 KiB, the
                                       fuzz targets' input size, as seeds: scripts/fuzz-smoke.sh)

Each case is a warpsim command line on files this script writes (the large ones generated here,
not kept in the tree), run under setrlimit: RLIMIT_CPU and, outside the sanitizer build,
RLIMIT_AS as hard stops; then its exit status, a substring of its standard error (or output), its
CPU time (user + system, which a loaded machine does not inflate much) and its peak resident
memory are checked against the case's caps: by default 2 s and 512 MiB, the limits of a run with
default options. The sanitizer build (--sanitized, ASan + UBSan) runs several times slower and
keeps shadow memory: its caps are 10x the time and 4x the memory, and the cases that spend their
time reaching a default limit (options "scaled") reach a lower one instead. --slack F multiplies the
time caps (ctest passes 2: CI machines are shared). --report writes a table of what each case
measured (docs/cli.md quotes it)."""

import os
import resource
import subprocess
import sys
import tempfile
import threading
import time

SLACK = 1.0  # --slack F: time caps x F (ctest: a machine shared with other builds)
HEAD = ".version 9.0\n.target sm_90\n.address_size 64\n"
MiB = 1 << 20


def printf_kernel(fmt, store, loop=False):
    """A kernel that calls printf(fmt, ...) once (or forever), its arguments stored by `store`."""
    data = list(fmt.encode()) + [0]
    return (HEAD + ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n"
            "\t.param .b64 vprintf_param_1\n)\n;\n"
            ".global .align 1 .b8 $str[%d] = {%s};\n" % (len(data), ", ".join(map(str, data))) +
            ".visible .entry k()\n{\n\t.local .align 8 .b8 __local_depot0[32];\n\t.reg .b64 %SP;\n\t.reg .b64 %SPL;\n"
            "\t.reg .b32 %r<10>;\n\t.reg .b64 %rd<10>;\n\tmov.u64 %SPL, __local_depot0;\n"
            "\tcvta.local.u64 %SP, %SPL;\n\tmov.u32 %r1, %tid.x;\n\tadd.u64 %rd1, %SP, 0;\n\tadd.u64 %rd2, %SPL, 0;\n" +
            store + "\n" + ("$Ltop:\n" if loop else "") +
            "\t{\n\t.param .b64 param0;\n\tmov.u64 %rd7, $str;\n\tcvta.global.u64 %rd8, %rd7;\n"
            "\tst.param.b64 [param0], %rd8;\n\t.param .b64 param1;\n\tst.param.b64 [param1], %rd1;\n"
            "\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (param0, param1);\n"
            "\tld.param.b32 %r8, [retval0];\n\t}\n" + ("\tbra.uni $Ltop;\n" if loop else "") + "\tret;\n}\n")


LOOP = HEAD + ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, %tid.x;\n$L:\n\tadd.u32 %r1, %r1, 1;\n" \
              "\txor.b32 %r2, %r1, 5;\n\tbra.uni $L;\n}\n"


def kernel(body, params="", decls=""):
    return HEAD + ".visible .entry k(%s)\n{\n%s%s\tret;\n}\n" % (params, decls, body)


def nested(depth, name="%q"):
    return "".join("{ .reg .b32 %s;\nmov.u32 %s, %d;\n" % (name, name, i) for i in range(depth)) + "}\n" * depth


def many_registers(n):
    """n instructions over n registers: the read-before-write analysis would take n x n bits."""
    body = "".join("\tadd.u32 %%r%d, %%r%d, %d;\n" % (i + 1, i, i) for i in range(n - 1))
    return kernel(body, decls="\t.reg .b32 %%r<%d>;\n\tmov.u32 %%r0, %%tid.x;\n" % n)


def distinct_diagnostics(n):
    body = "".join("\tld.global.u32 %%r1, [%%rd1+%d];\n" % (4 * i) for i in range(n))
    return kernel(body, decls="\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\tmov.u64 %rd1, 0;\n")


def files_for_argsfile_bomb():
    files = {"f9.args": "--grid 2\n"}
    for f in range(1, 9):
        files["f%d.args" % f] = "".join("@f%d.args\n" % (f + 1) for _ in range(10))
    return files


# name: (files, argv after warpsim, expected status, expected text in stderr+stdout, options)
# Options: cpu (s), rss (MiB), stdin, same_as (a case whose exit and stderr this one must equal).
CASES = [
    # printf: widths and precisions the host must not format, endless output
    ("printf_width_2^31", {"k.ptx": printf_kernel("%2147483647d\n", "\tst.local.u32 [%rd2], %r1;")},
     ["run", "k.ptx"], 3, "printf output limit reached: 16777216 bytes, in block 0; raise it with --max-output", {}),
    ("printf_star_precision_2^31", {"k.ptx": printf_kernel("%.*f\n", "\tmov.u32 %r2, 2147483647;\n"
                                                            "\tst.local.u32 [%rd2], %r2;\n\tmov.u64 %rd3, 0;\n"
                                                            "\tst.local.u64 [%rd2+8], %rd3;")},
     ["run", "k.ptx"], 3, "printf output limit reached", {}),
    ("printf_endless_loop", {"k.ptx": printf_kernel("hello %d, again and again and again\n",
                                                    "\tst.local.u32 [%rd2], %r1;", loop=True)},
     ["run", "k.ptx", "--mode", "functional"], 3, "printf output limit reached", {"scaled": ["--max-output", "1000000"]}),
    ("printf_conversion_600_wide", {"k.ptx": printf_kernel("[%600d]\n", "\tst.local.u32 [%rd2], %r1;")},
     ["run", "k.ptx", "--block", "1"], 0, "[" + " " * 599 + "0]", {}),
    # memory: analyses, local memory x threads x jobs, module variables, buffers, parsing
    ("analysis_100k_insns_regs_1MiB", {"k.ptx": many_registers(100000)},
     ["run", "k.ptx", "--max-memory", "1048576"], 3, "memory limit reached: the file is larger than", {}),
    ("analysis_100k_insns_regs", {"k.ptx": many_registers(100000)},
     ["run", "k.ptx", "--mode", "functional"], 0, "warp_instructions=100001", {}),
    ("local_512KiB_x_1024_threads", {"k.ptx": kernel("\tmov.u64 %rd1, d;\n\tst.local.u64 [%rd1+524280], %rd1;\n",
                                                     decls="\t.local .align 8 .b8 d[524288];\n\t.reg .b64 %rd<3>;\n")},
     ["run", "k.ptx", "--block", "1024", "--grid", "8"], 3,
     "memory limit reached: a block of 1024 threads of kernel k needs", {}),
    ("local_512KiB_x_1024_threads_jobs8", {"k.ptx": kernel("\tmov.u64 %rd1, d;\n\tst.local.u64 [%rd1+524280], %rd1;\n",
                                                           decls="\t.local .align 8 .b8 d[524288];\n\t.reg .b64 %rd<3>;\n")},
     ["run", "k.ptx", "--block", "1024", "--grid", "8", "--jobs", "8"], 3, "memory limit reached",
     {"same_as": "local_512KiB_x_1024_threads"}),
    ("local_256KiB_x_1024_threads_jobs8", {"k.ptx": kernel("\tmov.u64 %rd1, d;\n\tst.local.u64 [%rd1+262136], %rd1;\n",
                                                           decls="\t.local .align 8 .b8 d[262144];\n\t.reg .b64 %rd<3>;\n")},
     ["run", "k.ptx", "--block", "1024", "--grid", "8", "--jobs", "8", "--mode", "functional"], 0,
     "warp_instructions=768", {}),
    ("register_ranges_20M", {"k.ptx": kernel("", decls="".join("\t.reg .b32 %%r%d_<1000000>;\n" % i for i in range(20)))},
     ["run", "k.ptx"], 3, "memory limit reached: the module needs more than", {"scaled": ["--max-memory", "50000000"]}),
    ("global_init_4GiB", {"k.ptx": HEAD + ".global .b8 g[4294967296] = {1};\n" + kernel("")[len(HEAD):]},
     ["run", "k.ptx"], 3, "memory limit reached: the module needs more than", {}),
    ("global_4GiB", {"k.ptx": HEAD + ".global .b8 g[4294967296];\n" + kernel(
        "\tld.global.u8 %r1, [g+100];\n", decls="\t.reg .b32 %r<3>;\n")[len(HEAD):]},
     ["run", "k.ptx"], 3, "memory limit reached: the module's .global (4294967296 bytes)", {}),
    ("buffers_2x256MiB", {"k.ptx": kernel("", params=".param .u64 a, .param .u64 b")},
     ["run", "k.ptx", "a=u8[268435456]", "b=u8[268435456]"], 3,
     "memory limit reached: buffers of 536870912 bytes in all", {}),
    ("dev_zero_as_ptx", {}, ["run", "/dev/zero"], 2, "/dev/zero: error: a character device, not a PTX file", {}),
    ("directory_as_ptx", {"d/x": ""}, ["run", "d"], 2, "d: error: a directory, not a PTX file", {}),
    # time: endless loops in both modes, traces, block setup, linear parsing and diagnostics
    ("endless_loop_timing_1024", {"k.ptx": LOOP}, ["run", "k.ptx", "--block", "1024"], 3,
     "warp instructions, in block 0; raise it with --max-instructions",
     {"scaled": ["--max-instructions", "300000"]}),
    ("endless_loop_functional", {"k.ptx": LOOP}, ["run", "k.ptx", "--mode", "functional", "--grid", "4"], 3,
     "instruction limit reached", {"scaled": ["--max-instructions", "300000"]}),
    ("endless_loop_jobs1", {"k.ptx": LOOP}, ["run", "k.ptx", "--grid", "64", "--mode", "functional",
                                             "--max-instructions", "300000"], 3, "in block 0", {}),
    ("endless_loop_jobs2", {"k.ptx": LOOP}, ["run", "k.ptx", "--grid", "64", "--mode", "functional",
                                             "--max-instructions", "300000", "--jobs", "2"], 3, "in block 0",
     {"same_as": "endless_loop_jobs1"}),
    ("cycle_limit_functional", {"k.ptx": LOOP}, ["run", "k.ptx", "--mode", "functional", "--max-cycles", "1000"], 3,
     "cycle limit reached: 1000 cycles, in block 0; raise it with --max-cycles", {}),
    ("trace_json_endless", {"k.ptx": LOOP}, ["run", "k.ptx", "--trace-json", "t.json"], 3,
     "trace output limit reached: --trace-json passed", {"scaled": ["--max-output", "1000000"]}),
    ("trace_text_endless", {"k.ptx": LOOP}, ["run", "k.ptx", "--trace"], 3,
     "trace output limit reached: --trace passed", {"scaled": ["--max-output", "1000000"]}),
    ("perfetto_endless", {"k.ptx": LOOP}, ["run", "k.ptx", "--perfetto", "t.pf"], 3,
     "trace output limit reached: --perfetto", {"scaled": ["--max-output", "1000000"]}),
    ("vcd_endless", {"k.ptx": LOOP}, ["run", "k.ptx", "--vcd", "t.vcd"], 3, "trace output limit reached: --vcd",
     {"scaled": ["--max-output", "1000000"]}),
    ("grid_2^32-1_blocks", {"k.ptx": kernel("")}, ["run", "k.ptx", "--grid", "2147483647,2", "--mode", "functional",
                                               "--jobs", "2"], 3, "instruction limit reached",
     {"scaled": ["--max-instructions", "300000"]}),
    ("scopes_30k", {"k.ptx": kernel("".join("{ .reg .b32 %%q;\nmov.u32 %%q, %d;\n}\n" % i for i in range(30000)))},
     ["print", "k.ptx"], 0, "%q$s30000", {}),
    ("labels_200k", {"k.ptx": kernel("".join("$L%d:\n\tbra.uni $L%d;\n" % (i, i + 1) for i in range(200000)) +
                                      "$L200000:\n")}, ["print", "k.ptx"], 0, "$L199999:", {}),
    ("symbols_100k", {"k.ptx": HEAD + "".join(".global .u32 g%d;\n" % i for i in range(100000)) +
                      kernel("\tmov.u64 %rd1, g99999;\n", decls="\t.reg .b64 %rd<3>;\n")[len(HEAD):]},
     ["print", "k.ptx"], 0, "g99999", {}),
    ("kernels_20k", {"k.ptx": HEAD + "".join(".visible .entry k%d()\n{\n ret;\n}\n" % i for i in range(20000))},
     ["print", "k.ptx"], 0, ".entry k19999", {}),
    ("diagnostics_100k_distinct", {"k.ptx": distinct_diagnostics(100000)}, ["run", "k.ptx", "--mode", "functional"], 0,
     "90000 more distinct diagnostics are not listed (at most 10000 are)", {}),
    ("argsfile_bomb_10^8", files_for_argsfile_bomb(), ["run", "@f1.args"], 2,
     "expected at most 1024 argument files read in all", {}),
    ("step_n_2^63", {"k.ptx": LOOP}, ["step", "k.ptx"], 0, "no more instructions",
     {"stdin": "n 9223372036854775807\nn 9223372036854775807\nb 9223372036854775807\nq\n"}),
    # limits the options validate
    ("preset_1e19", {"k.ptx": LOOP, "p.preset": "ld.global 1e19\n"}, ["run", "k.ptx", "--preset", "p.preset"], 2,
     "p.preset:1:11: ld.global: expected a number of cycles from 0 to 1e+06, found \"1e19\"", {}),
    ("preset_nan", {"k.ptx": LOOP, "p.preset": "alu nan\n"}, ["run", "k.ptx", "--preset", "p.preset"], 2,
     "p.preset:1:5: alu: expected a number of cycles from 0 to 1e+06, found \"nan\"", {}),
    ("preset_piece_above_1024", {"k.ptx": LOOP, "p.preset": "# pieces\nschedule.piece 4096\n"},
     ["run", "k.ptx", "--preset", "p.preset"], 2,
     "p.preset:2:16: schedule.piece: expected a whole number of instructions from 0 to 1024, found \"4096\"", {}),
    ("preset_shfl_left_fraction", {"k.ptx": LOOP, "p.preset": "  stq.shfl_left 2.5\n"},
     ["run", "k.ptx", "--preset", "p.preset"], 2,
     "p.preset:1:17: stq.shfl_left: expected a whole number of queued stores from 0 to 15, found \"2.5\"", {}),
    ("preset_extra_word", {"k.ptx": LOOP, "p.preset": "alu 4 cycles\n"}, ["run", "k.ptx", "--preset", "p.preset"], 2,
     "p.preset:1:7: expected the end of the line after \"alu 4\", found \"cycles\"", {}),
    ("preset_line_300_chars", {"k.ptx": LOOP, "p.preset": "alu" + " " * 296 + "4\n"},
     ["run", "k.ptx", "--preset", "p.preset"], 2, "p.preset:1:256: expected a line of at most 255 characters, found 300",
     {}),
    ("preset_directory", {"k.ptx": LOOP, "pd/x": ""}, ["run", "k.ptx", "--preset", "pd"], 2,
     "the preset pd is a directory, not a file", {}),
    ("jobs_without_value", {"k.ptx": LOOP}, ["run", "k.ptx", "--jobs"], 2,
     "--jobs takes N, found the end of the arguments", {}),
    ("max_output_without_value", {"k.ptx": LOOP}, ["run", "k.ptx", "--max-output"], 2,
     "--max-output takes BYTES, found the end of the arguments", {}),
    ("shared_bytes_too_many", {"k.ptx": LOOP}, ["run", "k.ptx", "--shared-bytes", "232449"], 2,
     "expected at most 232448 bytes of dynamic shared memory", {}),
    # valid PTX, as ptxas takes it
    ("cvta_param", {"k.ptx": kernel("\tmov.u64 %rd1, a;\n\tcvta.param.u64 %rd2, %rd1;\n\tld.u32 %r1, [%rd2];\n"
                                    "\tld.param.u64 %rd3, [out];\n\tcvta.to.global.u64 %rd4, %rd3;\n"
                                    "\tst.global.u32 [%rd4], %r1;\n", params=".param .u32 a, .param .u64 out",
                                    decls="\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<5>;\n")},
     ["run", "k.ptx", "a=u32:42", "out=u32[1]"], 0, "== out u32[1]\n42\n", {}),
    ("scopes_1663_deep_same_name", {"k.ptx": kernel(nested(1663))}, ["print", "k.ptx"], 0, "%q$s1663", {}),
    ("register_name_10000_chars", {"k.ptx": kernel("\tmov.u32 %%%s, 1;\n" % ("a" * 10000),
                                                   decls="\t.reg .b32 %%%s;\n" % ("a" * 10000))},
     ["print", "k.ptx"], 0, "a" * 10000, {}),
    ("params_10000", {"k.ptx": kernel("", params=", ".join(".param .u8 p%d" % i for i in range(10000))),
                      "k.args": "k.ptx\n" + "u8:1\n" * 10000}, ["run", "@k.args"], 0, "warp_instructions=1", {}),
    # invalid PTX, as ptxas refuses it; errors located and shown
    ("array_2^64_bytes", {"k.ptx": kernel("", decls="\t.shared .b8 sm[4294967296][4294967296];\n")},
     ["print", "k.ptx"], 2, "k.ptx:6:14: error: variable 'sm' is larger than 4 GiB", {}),
    ("bar_sync_16", {"k.ptx": kernel("\tbar.sync 16;\n")}, ["run", "k.ptx"], 2, "k.ptx:6:", {}),
    ("nest_5000", {"k.ptx": kernel("{\n" * 5000 + "}\n" * 5000)}, ["print", "k.ptx"], 2,
     "blocks nested more than 1663 deep", {}),
    ("raw_byte", {"k.ptx": kernel("\tret; \xaf\n")}, ["print", "k.ptx"], 2,
     "k.ptx:6:7: error: unexpected character \\xAF (byte 0xaf)", {}),
    ("nul_byte", {"k.ptx": kernel("\tret; \0\n")}, ["print", "k.ptx"], 2,
     "k.ptx:6:7: error: unexpected character \\x00 (byte 0x00)", {}),
    ("unterminated_comment", {"k.ptx": kernel("/* no end\n" + "\tret;\n" * 543)}, ["print", "k.ptx"], 2,
     "k.ptx:6:1: error: unterminated comment: this /* has no */", {}),
    ("caret_at_column_406", {"k.ptx": kernel(" " * 400 + "ret; frob;\n")}, ["print", "k.ptx"], 2,
     "k.ptx:6:406: error: unsupported instruction 'frob'", {"caret_under": "frob"}),
]


def write_files(root, files):
    for name, text in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w" if isinstance(text, str) else "wb", encoding="latin-1" if isinstance(text, str) else None) as f:
            f.write(text)


def run_case(warpsim, root, case, sanitized):
    """Runs a case; returns its status, output, error text, wall time and resource usage (its CPU
    time and peak memory alone: os.wait4 on its pid)."""
    name, files, argv, status, text, opts = case
    cpu_cap = opts.get("cpu", 2.0) * (10 if sanitized else 1) * SLACK
    rss_cap = opts.get("rss", 512) * (4 if sanitized else 1)
    if sanitized:
        argv = argv + opts.get("scaled", [])
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    write_files(d, files)

    def limits():
        hard_cpu = int(cpu_cap * 5) + 5
        resource.setrlimit(resource.RLIMIT_CPU, (hard_cpu, hard_cpu))
        if not sanitized:  # ASan reserves terabytes of address space for its shadow
            resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = dict(os.environ)
    if sanitized:
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":allocator_may_return_null=1:hard_rss_limit_mb=%d" % (
            rss_cap * 2)
    with tempfile.TemporaryFile() as fin, tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        fin.write(opts.get("stdin", "").encode())
        fin.seek(0)
        t0 = time.monotonic()
        p = subprocess.Popen([warpsim] + argv, cwd=d, stdin=fin, stdout=fout, stderr=ferr, preexec_fn=limits, env=env)
        timer = threading.Timer(max(60, cpu_cap * 20), p.kill)
        timer.start()
        _, wstatus, ru = os.wait4(p.pid, 0)
        timer.cancel()
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(wstatus)
        fout.seek(0)
        ferr.seek(0)
        out, err = fout.read().decode("latin-1"), ferr.read().decode("latin-1")
    return p.returncode, out, err, wall, ru, cpu_cap, rss_cap


def write_seeds(d):
    """The cases' small files as fuzz seeds: PTX for fuzz_ptx, argument files for fuzz_args (mode 1)."""
    os.makedirs(os.path.join(d, "ptx"), exist_ok=True)
    os.makedirs(os.path.join(d, "args"), exist_ok=True)
    n = 0
    for name, files, *_ in CASES:
        for f, text in files.items():
            data = text.encode("latin-1")
            if len(data) > 1 << 16 or "/" in f:
                continue
            if f.endswith(".ptx"):
                out = os.path.join(d, "ptx", "hostile-%s.ptx" % name)
            elif f.endswith(".args") and len(data) < 1 << 14 and b"/" not in data:
                out, data = os.path.join(d, "args", "hostile-%s-%s" % (name, f)), b"\1" + data
            else:
                continue
            with open(out, "wb") as fh:
                fh.write(data)
            n += 1
    print("wrote %d seeds into %s" % (n, d))
    return 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["--seeds"] and len(args) == 2:
        return write_seeds(args[1])
    if len(args) < 2:
        print(__doc__)
        return 2
    warpsim, src = os.path.abspath(args[0]), args[1]
    sanitized = "--sanitized" in args
    global SLACK
    SLACK = float(args[args.index("--slack") + 1]) if "--slack" in args else 1.0
    only = args[args.index("--only") + 1] if "--only" in args else None
    report = args[args.index("--report") + 1] if "--report" in args else None
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    root = keep or tempfile.mkdtemp(prefix="ws_hostile_")
    fails, rows, results = 0, [], {}
    for case in CASES:
        name, _, argv, status, text, opts = case
        if only and name != only:
            continue
        rc, out, err, wall, ru, cpu_cap, rss_cap = run_case(warpsim, root, case, sanitized)
        cpu = ru.ru_utime + ru.ru_stime
        rss = ru.ru_maxrss / 1024  # KiB -> MiB
        results[name] = (rc, err)
        problems = []
        if rc != status:
            problems.append("exit %d, expected %d" % (rc, status))
        if text not in err + out:
            problems.append("no %r in its output" % text[:100])
        if cpu > cpu_cap:
            problems.append("%.2f s of CPU, more than %.1f" % (cpu, cpu_cap))
        if rss > rss_cap:
            problems.append("%.0f MiB of memory, more than %d" % (rss, rss_cap))
        if "same_as" in opts and results.get(opts["same_as"]) != (rc, err.replace(name, opts["same_as"])):
            problems.append("exits differently from %s" % opts["same_as"])
        if "caret_under" in opts:
            lines = err.splitlines()
            caret = next((i for i, l in enumerate(lines) if l.strip() == "^"), None)
            col = lines[caret].index("^") if caret else -1
            if caret is None or not lines[caret - 1][col:].startswith(opts["caret_under"]):
                problems.append("the caret is not under %r" % opts["caret_under"])
        rows.append((name, rc, cpu, wall, rss))
        print("%-4s %-36s exit %d  %6.2f s CPU  %6.2f s wall  %5.0f MiB%s" % (
            "ok" if not problems else "FAIL", name, rc, cpu, wall, rss, "".join("\n       " + q for q in problems)))
        if problems:
            fails += 1
            print("       stderr: " + err[-600:].replace("\n", "\n       "))
    if report:
        with open(report, "w") as f:
            f.write("| case | exit | CPU s | wall s | peak MiB |\n| --- | --- | --- | --- | --- |\n")
            for name, rc, cpu, wall, rss in rows:
                f.write("| %s | %d | %.2f | %.2f | %.0f |\n" % (name, rc, cpu, wall, rss))
    print("%d of %d cases failed" % (fails, len(rows)) if fails else "ok: %d hostile cases within their caps" % len(rows))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
