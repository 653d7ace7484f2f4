#!/usr/bin/env python3
"""pick.far_order and ifetch.far_keep against the H200's fwin19 and the H100's fwin40 (docs/calibration.md "(fwin45)").

usage: check_far_order.py WARPSIM SRCDIR

Far code (past ifetch.far KiB, fetched again in every launch) at 3 or more warps a sub-partition: the H100 (h100n)
issues it greedily, a pair to its end and the others in its gaps (0.03 of the issue where the pair leaves none), and a
warp left behind fetches its lines again at 16 cycles a line. So, warpsim warm (ifetch.line 0; fwin40's runs the third
launch of a process, WARM_LAUNCHES):
- probe_fwin K 0 (64 KiB of FFMAs, the H200 h200f's median warm spans): at 512 and 1024 threads within 10% with the
  preset's keys; at 512 the two highest slots of each sub-partition end first and its lowest slot (warp sp) last; with
  either key off (pick.far_order 0, or ifetch.far_keep 0) 512 is more than 10% short: the rule needs both halves; at
  256 (2 warps a sub-partition, not ordered) the span is the same with the keys off, within 10%.
- probe_fwin40's x0 and x3 at 512 (three far warps a sub-partition: h100n 16244, 16307, the round robin 12397): within
  10% with the keys, more than 10% short without them.
- probe_fwin K 16 (a 16 KiB loop: kept code) at 512: the same span with the keys on and off.
ifetch.rerequest ("(far50)"): warps out of their release's group (a branch taken) fetch for themselves, so fwin40's pairs
(its warps take the role branch into the region: x03 at 512) run within 2% of h100n with it and more than 10% long
behind one stream without it (base at 256, slots 0 and 1, within 2% either way since warpsim lays the code out in
ptxas's block order: "(keep53)", "(keep58)"); fwin19 K 0's warps, released by the barrier straight into the region, keep one
group: the same spans at 256 and 512 with it and without it.
pick.far_loop ("(k123)"): a warp issuing a loop's lines (it went back to an earlier line) yields to the warps issuing new
lines, so fwin40 k123 (slot 0 far, slots 1-3 kept loops: h100n 18827, the far slot 0 first at 0.51 of the issue) is
within 10% with it and more than 10% long without it (the kept slot 3 first); fwin19 K 0 at 512 (no loop) the
same span with it and without it."""
import lzma, os, statistics, subprocess, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OFF = "pick.far_order 0\nifetch.far_keep 0\n"


def fwin_stamps(ws, ptx, k, block, preset):
    """[(t0, t1)] a warp of probe_fwin's kernel fwin<K> (probe_jobs.fwin_span's run)."""
    n = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", "_Z4fwinILi%dEEvPyPjffj" % k, "--grid", "1", "--block",
                          str(block), "out=u64[%d]" % max(64, 2 * n), "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5",
                          "h=u32:1006648320", "--preset", preset], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    i = out.index("== out u64[%d]" % max(64, 2 * n)) + 1
    v = []
    while len(v) < 2 * n:
        v += [int(x) for x in out[i].split()]
        i += 1
    return [(v[2 * w], v[2 * w + 1]) for w in range(n)]


def span(stamps):
    return max(t1 for _, t1 in stamps) - min(t0 for t0, _ in stamps)


def fwin_hw(raw, k, block):
    """The H200's median warm span (launches 1-9) of K k at `block` threads (k<K>.txt: "K k block B: span (c) ...")."""
    for line in open(os.path.join(raw, "k%d.txt" % k)):
        if line.startswith("K %d block %d:" % (k, block)):
            spans = [int(f) for f in line.split(":", 1)[1].split() if not f.startswith("(")]
            return statistics.median(spans[1:])
    raise SystemExit("no K %d block %d in %s" % (k, block, raw))


# A warm figure is warpsim's third launch of the kernel in one process (`warpsim run --launches`), as the cards' are
# launches of a process that ran the kernel before: the far cache kept between launches (ifetch.keep_*) is fed each
# launch the lines the launch before got, in the order they came (docs/calibration.md "(keep56)", "(keep58)"); a
# launch with none before it feeds the layout's every line, also those its warps never run (region B beside fwin40's
# base, which evicts region A's lines past the window)
WARM_LAUNCHES = 3


def fwin40_span(ws, ptx, roles, preset, block=512, spmask=15, delay=0, pre=0):
    """warpsim's span of probe_fwin40 (roles: 4 bits a slot, slot 0 lowest; role 1 exits) over the warps that stay
    (spmask, delay, pre: the kernel's other arguments and its template, as the job's "block ... pre P:" lines) in the
    WARM_LAUNCHES-th launch of one process."""
    import json
    row = 20
    out = subprocess.run([ws, "run", ptx, "--kernel", "_Z6fwin40ILi%dEEvPyPjffjjjPKf" % pre, "--grid", "1",
                          "--block", str(block), "o=u64[%d]" % (32 * row), "sink=u32[1024]", "a=f32:1.0001",
                          "b=f32:0.5", "roles=u32:%d" % roles, "spmask=u32:%d" % spmask, "delay=u32:%d" % delay,
                          "bp=f32[1]", "--preset", preset, "--json", "--launches", str(WARM_LAUNCHES)],
                         capture_output=True, text=True,
                         check=True).stdout
    o = json.loads(out)["buffers"]["o"]
    stay = [o[w * row:(w + 1) * row] for w in range(block // 32) if o[w * row + row - 1] != 1]
    return max(r[16] for r in stay) - min(r[0] for r in stay)


def fwin40_runs(raw, name):
    """[(block, roles, spmask, delay, pre, the H100's median span over launches 1-9)] of fwin40's run `name`, one a
    "block B roles R spmask S delay D pre P: spans of launches 0-9" line."""
    out = []
    for line in open(os.path.join(raw, "probe", name + ".txt")):
        if line.startswith("block "):
            head, spans = line.split(":", 1)
            f = head.split()
            out.append((int(f[1]), int(f[3], 16), int(f[5]), int(f[7]), int(f[9]),
                        statistics.median(int(x) for x in spans.split()[1:])))
    if not out:
        raise SystemExit("no spans in %s" % name)
    return out


def job_unpack(cal, tmp, tar, job, probe):
    """(the job's directory, the probe's PTX): the device job `job` (tests/calibration/TAR) and probes/PROBE.ptx.xz
    unpacked into tmp."""
    with tarfile.open(os.path.join(cal, tar)) as t:
        t.extractall(tmp, filter="data")
    ptx = os.path.join(tmp, probe + ".ptx")
    with lzma.open(os.path.join(cal, "probes", probe + ".ptx.xz")) as f, open(ptx, "wb") as g:
        g.write(f.read())
    return os.path.join(tmp, job), ptx


def fwin40_unpack(cal, tmp):
    """(the job's directory, probe_fwin40's PTX): h100n's fwin40 job and the PTX (probes/) unpacked into tmp."""
    return job_unpack(cal, tmp, "device-2026-12-07-h100n-fwin40.tar.xz", "fwin40", "probe_fwin40")


def fwin40_hw(raw, name):
    """The H100's median span (launches 1-9) of fwin40's run `name` at its first block size."""
    return fwin40_runs(raw, name)[0][-1]


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    ws, src = argv[1:]
    cal = os.path.join(src, "tests", "calibration")
    fails = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            fails.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(cal, "device-2026-12-06-h200f-fwin19.tar.xz")) as t:
            t.extractall(tmp, filter="data")
        raw19, (raw40, ptx40) = os.path.join(tmp, "fwin19"), fwin40_unpack(cal, tmp)
        ptx19 = os.path.join(raw19, "probe_fwin.ptx")
        presets = {}
        for key, text in (("on", ""), ("off", OFF), ("order 0", "pick.far_order 0\n"),
                          ("keep 0", "ifetch.far_keep 0\n"), ("rerequest 0", "ifetch.rerequest 0\n"),
                          ("loop 0", "pick.far_loop 0\n")):
            presets[key] = os.path.join(tmp, key.replace(" ", "") + ".preset")
            with open(presets[key], "w") as f:
                f.write("ifetch.line 0\n" + text)

        def err(sim, hw):
            return (sim - hw) / hw * 100

        for block in (512, 1024):
            hw, st = fwin_hw(raw19, 0, block), fwin_stamps(ws, ptx19, 0, block, presets["on"])
            e = err(span(st), hw)
            check(abs(e) <= 10, "fwin19 K0 %d: warpsim %d, h200f %d (%+.1f%%)" % (block, span(st), hw, e))
            if block == 512:
                for sp in range(4):
                    order = sorted((sp + 4 * s for s in range(4)), key=lambda w: st[w][1])
                    check(set(order[:2]) == {sp + 8, sp + 12} and order[-1] == sp,
                          "fwin19 K0 512 sub-partition %d: ends in the order %s (the two highest slots first, slot 0 "
                          "last)" % (sp, [w // 4 for w in order]))
                for key in ("order 0", "keep 0"):
                    s = span(fwin_stamps(ws, ptx19, 0, 512, presets[key]))
                    check(err(s, hw) < -10, "fwin19 K0 512 with %s: %d (%+.1f%%, more than 10%% short)" %
                          (key, s, err(s, hw)))
        hw = fwin_hw(raw19, 0, 256)
        on, off = (span(fwin_stamps(ws, ptx19, 0, 256, presets[k])) for k in ("on", "off"))
        check(on == off and abs(err(on, hw)) <= 10,
              "fwin19 K0 256: %d with the keys, %d without (the same), h200f %d (%+.1f%%)" % (on, off, hw,
                                                                                          err(on, hw)))
        on, off = (span(fwin_stamps(ws, ptx19, 16, 512, presets[k])) for k in ("on", "off"))
        check(on == off, "fwin19 K16 512 (kept code): %d with the keys, %d without" % (on, off))
        for name, roles in (("x0", 0x0001), ("x3", 0x1000)):
            hw = fwin40_hw(raw40, name)
            on, off = (fwin40_span(ws, ptx40, roles, presets[k]) for k in ("on", "off"))
            check(abs(err(on, hw)) <= 10 and err(off, hw) < -10,
                  "fwin40 %s 512: %d with the keys (%+.1f%%), %d without (%+.1f%%), h100n %d" %
                  (name, on, err(on, hw), off, err(off, hw), hw))
        for block in (256, 512):
            on, off = (span(fwin_stamps(ws, ptx19, 0, block, presets[k])) for k in ("on", "rerequest 0"))
            check(on == off, "fwin19 K0 %d: %d with ifetch.rerequest, %d without (one release group)" % (block, on, off))
        # x03's pair (slots 1 and 2: out of their release group) needs the re-request; base 256's (slots 0 and 1) no
        # longer does since warpsim lays the code out in ptxas's block order (docs/calibration.md "(keep53)" 3,
        # "(keep58)"): the pair's own streams, within 2% either way
        for name, needs in (("base", False), ("x03", True)):
            block, roles, spmask, delay, pre, hw = fwin40_runs(raw40, name)[0]
            on, off = (fwin40_span(ws, ptx40, roles, presets[k], block, spmask, delay, pre)
                       for k in ("on", "rerequest 0"))
            check(abs(err(on, hw)) <= 2 and (err(off, hw) > 10 if needs else abs(err(off, hw)) <= 2),
                  "fwin40 %s %d (a pair %s): %d with ifetch.rerequest (%+.1f%%), %d without (%+.1f%%), "
                  "h100n %d" % (name, block, "out of its group" if needs else "in ptxas's order", on, err(on, hw),
                                off, err(off, hw), hw))
        on, off = (span(fwin_stamps(ws, ptx19, 0, 512, presets[k])) for k in ("on", "loop 0"))
        check(on == off, "fwin19 K0 512: %d with pick.far_loop, %d without (no loop)" % (on, off))
        block, roles, spmask, delay, pre, hw = fwin40_runs(raw40, "k123")[0]
        on, off = (fwin40_span(ws, ptx40, roles, presets[k], block, spmask, delay, pre) for k in ("on", "loop 0"))
        check(abs(err(on, hw)) <= 10 and err(off, hw) > 10,
              "fwin40 k123 512 (kept loops beside a far warp): %d with pick.far_loop (%+.1f%%), %d without (%+.1f%%), "
              "h100n %d" % (on, err(on, hw), off, err(off, hw), hw))
    print("FAIL: %d of the checks" % len(fails) if fails else "ok")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
