#!/usr/bin/env python3
"""far_spread.py [WARPSIM SRCDIR] (farnote50): how far code's time varies on the cards, from every committed device
run of far code (docs/calibration.md "(farnote50)").

Far code is a kernel whose code runs past the instruction caches' reach (the preset's ifetch.far, 40 KiB): its lines
are fetched again in every launch. The runs read: probe_fwin's fwin19 on four cards (h100, h100b, h200f, h100q; read
as check_device_jobs.py reads them) and its K 0 again in fwin37 (h100m), and probe_fwin40's kernels of fwin40, fwin46,
fwin48, fwin50, fwin51 and fwin52 (h100n, h100o, h100p, h100q, h100r, h100s; read with .devjobs/fwin40/read_fwin40.py),
and probe_fwin53's seq-KB and seq4-KB runs of fwin53 (h100u, h100x; docs/calibration.md "(win53)"), h100x's fwin40 and
fwin48 too (docs/calibration.md "(ldc56)").
Prints:
  - per card, one warp a sub-partition (128 threads) running the 512 lines of straight-line FFMAs: each run's median
    warm span and its pace, cycles a line (span / 512);
  - per card, kernel and thread count, the warm launches' spans (launch 1 on): min / median / max, (max - min) / min;
  - fwin50's and fwin51's blocks on 2-132 SMs at once: the longest block's median span against the same entry's one
    block;
  - fwin53's lines past the first 64 KiB of the kernel's entry (one warp, the chunks wholly past it in the first 130):
    cycles a line in launch 0 (seq-80, 96, 128, 160) and in the later launches (median of 2-11) of seq-160, the one
    kernel none of whose code past the window stays (seq-80's and seq-96's do, seq-128's in part);
  - the band warpsim's note quotes: the pace's range over the runs and the cards, at 4 warps a sub-partition (512
    threads, the kernels whose warps all run region A from the entry) the widest spread between the warm launches of
    one kernel on one card, and how much longer the longest block on 132 SMs ran than one block alone.
With WARPSIM it runs a far-code kernel (3000 straight-line FFMAs, 48 KiB) with --json and fails unless the band
warpsim's note carries (ws_far_measured, sim/far_note.c) is the data's, and unless SRCDIR's docs/calibration.md
"(farnote50)" section, its "(win53)" section (the lines past the window) and docs/diagnostics.md "Far code" quote the
same figures."""
import glob, json, os, re, statistics, subprocess, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, ".devjobs", "fwin40"))
from check_device_jobs import FWIN_KS, fwin_spans  # noqa: E402
import read_fwin40  # noqa: E402

LINES = 512  # probe_fwin's K 0 and probe_fwin40's region A: 512 lines of 128 bytes past the entry
# (card, tarball, job folder): every committed run of far code
RUNS = (("h100", "device-2026-12-05-h100-fwin19.tar.xz", "fwin19"),
        ("h100b", "device-2026-12-05-h100b-fwin19.tar.xz", "fwin19"),
        ("h200f", "device-2026-12-06-h200f-fwin19.tar.xz", "fwin19"),
        ("h100m", "device-2026-12-06-h100m-fwin37.tar.xz", "fwin37"),
        ("h100n", "device-2026-12-07-h100n-fwin40.tar.xz", "fwin40"),
        ("h100o", "device-2026-12-07-h100o-fwin46.tar.xz", "fwin46"),
        ("h100p", "device-2026-12-07-h100p-fwin48.tar.xz", "fwin48"),
        ("h100q", "device-2026-12-07-h100q-fwin19.tar.xz", "fwin19"),
        ("h100q", "device-2026-12-07-h100q-fwin40.tar.xz", "fwin40"),
        ("h100q", "device-2026-12-07-h100q-fwin48.tar.xz", "fwin48"),
        ("h100q", "device-2026-12-07-h100q-fwin50.tar.xz", "fwin50"),
        ("h100r", "device-2026-12-07-h100r-fwin51.tar.xz", "fwin51"),
        ("h100s", "device-2026-12-07-h100s-fwin52.tar.xz", "fwin52"),
        ("h100u", "device-2026-12-07-h100u-fwin53.tar.xz", "fwin53"),
        ("h100x", "device-2026-12-07-h100x-fwin40.tar.xz", "fwin40"),
        ("h100x", "device-2026-12-07-h100x-fwin48.tar.xz", "fwin48"),
        ("h100x", "device-2026-12-07-h100x-fwin53.tar.xz", "fwin53"),
        ("h100z", "device-2026-12-07-h100z-fwin40.tar.xz", "fwin40"),
        ("h100z", "device-2026-12-07-h100z-fwin48.tar.xz", "fwin48"),
        ("h100z", "device-2026-12-07-h100z-fwin53.tar.xz", "fwin53"))
# one warp a sub-partition over region A, per run: (job, kernel) whose 128-thread block it is
ONE_WARP = {("fwin19", "K0"), ("fwin37", "fwin-k0-first"), ("fwin37", "fwin-k0-last"), ("fwin46", "a-128"),
            ("fwin50", "pace-e0"), ("fwin50", "pace-e2"), ("fwin50", "pace-scrub-e2"), ("fwin51", "grid1-e0"),
            ("fwin51", "grid1-e2"), ("fwin53", "seq4-64-window")}
# fwin53: a chunk (64 FFMAs and a stamp) is 8.25 lines; chunks 1-62 lie within 64 KiB of the entry (62 holds entry +
# 0x10000), 63 on wholly past it; region<160>'s chunks past 130 are twice the bytes (ptxas's LDCs: "(win53)")
CHUNK_LINES, WINDOW_CHUNKS, EVEN_CHUNKS, WINDOW_KIB = 8.25, 62, 130, 64
LINES_OF = {("fwin53", "seq4-64-window"): WINDOW_CHUNKS * CHUNK_LINES}  # else LINES
PAST_FIRST = (80, 96, 128, 160)  # seq-KB whose launch 0 gives the first launch's pace past the window
PAST_LATER = (160,)  # seq-KB none of whose code past the window a later launch finds kept
# 4 warps a sub-partition (512 threads) with every warp running region A from the entry (probe_fwin40's roles 0000):
# the kernels whose launches the shapes of "(fwin49)" tell apart
FOUR_WARPS = {("fwin19", "K0"), ("fwin37", "fwin-k0-first"), ("fwin37", "fwin-k0-last"), ("fwin40", "base"),
              ("fwin40", "base-last"), ("fwin40", "pre"), ("fwin40", "sp1"), ("fwin40", "sp3")} | {
              ("fwin46", "e%d" % i) for i in range(5)} | {("fwin48", k) for k in ("e2", "e3", "n3", "n4", "n6", "n8")} | {
              ("fwin50", "%s-e%d" % (how, e)) for how in ("seq", "scrub", "sleep") for e in (0, 2, 3, 12, 14)} | {
              ("fwin51", "%s-e%d" % (how, e)) for how in ("seq", "one", "two", "grid1") for e in (0, 2, 3, 14)} | {
              ("fwin52", "%s-e%d" % (how, e)) for how in ("seq", "pre128", "pre256", "pre384", "pre512")
              for e in (0, 2, 12, 14)}
# blocks on several SMs at once, each alone on its SM (the longest block's span): fwin50's gN-eE against the same
# entry's one block back to back (seq-eE), fwin51's gridN-eE against its grid1-eE
GRID = re.compile(r"^(g|grid)(\d+)-e(\d+)$")
ALONE = {"g": "seq-e", "grid": "grid1-e"}


def fwin53_chunks(path):
    """{launch: {warp: [each chunk's cycles]}} of a probe_fwin53 run ("L n KB k w W sm M: d1 ... dKB" lines)."""
    out = {}
    for line in open(path):
        if line.startswith("L "):
            head, d = line.split(":", 1)
            f = head.split()
            out.setdefault(int(f[1]), {})[int(f[5])] = [int(x) for x in d.split()]
    return out


def fwin53_spans(raw):
    """probe_fwin53's seq-KB and seq4-KB runs as spans_of gives them (the launch's longest warp over all its chunks),
    and seq4-64-window: its 128 threads over the chunks within the window (the one-warp pace's 511.5 lines)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(raw, "probe", "seq*-*.txt"))):
        name = os.path.basename(path)[:-4]
        if re.match(r"^seq4?-\d+$", name):
            ch = fwin53_chunks(path)
            out[name] = {32 * len(ch[0]): [max(sum(w) for w in ch[n].values()) for n in sorted(ch)]}
            if name == "seq4-64":
                out[name + "-window"] = {128: [max(sum(w[:WINDOW_CHUNKS]) for w in ch[n].values()) for n in sorted(ch)]}
    return out


def past_window(tmp):
    """(first launch's paces {(card, KB): cycles a line}, later launches' {(card, KB): ...}) of fwin53's lines past the
    window, on each card that ran fwin53."""
    first, later = {}, {}
    for card in sorted({card for card, _, job in RUNS if job == "fwin53"}):
        raw = os.path.join(tmp, card, "fwin53", "probe")
        for kb in PAST_FIRST + PAST_LATER:
            ch = fwin53_chunks(os.path.join(raw, "seq-%d.txt" % kb))
            end = min(kb, EVEN_CHUNKS)
            lines = (end - WINDOW_CHUNKS) * CHUNK_LINES
            if kb in PAST_FIRST:
                first[card, kb] = sum(ch[0][0][WINDOW_CHUNKS:end]) / lines
            if kb in PAST_LATER:
                later[card, kb] = statistics.median(sum(ch[n][0][WINDOW_CHUNKS:end]) for n in range(2, 12)) / lines
    return first, later


def spans_of(raw, job):
    """{kernel: {threads: [span of launch 0, 1, ...]}} of one job's run."""
    out = {}
    if job == "fwin53":
        return fwin53_spans(raw)
    if job == "fwin19":
        for k in FWIN_KS:
            out["K%d" % k] = dict(fwin_spans(os.path.join(raw, "k%d.txt" % k)))
        return out
    for path in sorted(glob.glob(os.path.join(raw, "probe", "*.txt"))):
        name = os.path.basename(path)[:-4]
        if job == "fwin37":  # probe_fwin's K files; the others are stamp tables
            if name.startswith("fwin-"):
                out[name] = dict(fwin_spans(path))
        elif not name.startswith("f37"):  # probe_fwin37's, read by fwin37's own tools
            _, spans = read_fwin40.load(path)
            out[name] = spans
    return out


def read_all(tmp):
    """[(card, job, kernel, threads, [warm spans])]: launches 1 on (launch 0 is the first, cold)."""
    rows = []
    for card, tarball, job in RUNS:
        dest = os.path.join(tmp, card)
        with tarfile.open(os.path.join(HERE, tarball)) as t:
            t.extractall(dest, filter="data")
        for kernel, per in sorted(spans_of(os.path.join(dest, job), job).items()):
            for threads, s in sorted(per.items()):
                rows.append((card, job, kernel, threads, s[1:]))
    return rows


def spread(s):
    return (max(s) - min(s)) / min(s) * 100


def band(rows, past):
    """The figures the note quotes, {pace_min, pace_max, cards, launch_spread_pct, grid_pct}, and what they came
    from: {card: [(job, kernel, pace)]}, the widest 4-warp run, the grid run most over its one block."""
    paces = {}
    for card, job, kernel, threads, s in rows:
        if threads == 128 and (job, kernel) in ONE_WARP:
            paces.setdefault(card, []).append((job, kernel, statistics.median(s) / LINES_OF.get((job, kernel), LINES)))
    all_paces = [p for runs in paces.values() for _, _, p in runs]
    four = [(spread(s), card, job, kernel, min(s), max(s)) for card, job, kernel, threads, s in rows
            if threads == 512 and (job, kernel) in FOUR_WARPS]
    widest = max(four)
    alone = {(card, job, kernel, threads): statistics.median(s) for card, job, kernel, threads, s in rows}
    grids = []
    for card, job, kernel, threads, s in rows:
        m = GRID.match(kernel)
        if m and m.group(2) != "1" and threads == 512:
            one = alone.get((card, job, ALONE[m.group(1)] + m.group(3), 512))
            if one:
                grids.append(((statistics.median(s) / one - 1) * 100, card, kernel, int(m.group(2)),
                              statistics.median(s), one))
    most = max(g for g in grids if g[3] == 132)
    most = max(grids)
    first, later = past
    b = {"pace_min": round(min(all_paces), 1), "pace_max": round(max(all_paces), 1), "cards": len(paces),
         "launch_spread_pct": int(widest[0]), "grid_pct": int(most[0]), "window_kib": WINDOW_KIB,
         "past_first_min": round(min(first.values()), 1), "past_first_max": round(max(first.values()), 1),
         "past_later": round(statistics.median(later.values()), 1),
         "past_cards": len({card for card, _ in first})}
    return b, paces, widest, most, grids


def report(rows, past):
    b, paces, widest, most, grids = band(rows, past)
    print("one warp a sub-partition, 512 lines of straight-line FFMAs (128 threads): median warm span, cycles a line")
    for card in sorted(paces):
        for job, kernel, pace in paces[card]:
            print("  %-6s %-7s %-14s %7.0f  %.2f" % (card, job, kernel, pace * LINES_OF.get((job, kernel), LINES), pace))
    print("warm launches per card, kernel and threads: min / median / max, (max - min) / min")
    for card, job, kernel, threads, s in rows:
        print("  %-6s %-7s %-14s %5d  %6d / %7.0f / %6d  %5.1f%%  (%d launches)" % (
            card, job, kernel, threads, min(s), statistics.median(s), max(s), spread(s), len(s)))
    print("blocks on several SMs at once (fwin50, fwin51; the longest block's median span) against one block alone:")
    for pct, card, kernel, _, med, one in sorted(grids, key=lambda g: g[1:4]):
        print("  %-6s %-9s %7.0f against %7.0f  %+5.1f%%" % (card, kernel, med, one, pct))
    print("band: one warp a sub-partition %.1f-%.1f cycles a line across %d cards; 4 warps a sub-partition: one "
          "kernel's launches up to %d%% apart (%s %s %s: %d to %d); a block on each of 132 SMs: up to %d%% longer than "
          "one alone (%s %s: %.0f against %.0f)" % (
              b["pace_min"], b["pace_max"], b["cards"], b["launch_spread_pct"], *widest[1:], b["grid_pct"], most[1],
              most[2], most[4], most[5]))
    print("fwin53, one warp, lines past the first %d KiB of the kernel's entry: first launch %s; later launches %s" % (
        WINDOW_KIB, ", ".join("%s seq-%d %.2f" % (*key, v) for key, v in sorted(past[0].items())),
        ", ".join("%s seq-%d %.2f" % (*key, v) for key, v in sorted(past[1].items()))))
    print("band past the window: %.1f-%.1f cycles a line in a first launch, %.1f where a later launch fetches them again "
          "(%d cards)" % (b["past_first_min"], b["past_first_max"], b["past_later"], b["past_cards"]))
    return b


FAR_PTX = """.version 8.0
.target sm_90
.address_size 64
.visible .entry far(.param .u64 out)
{
    .reg .f32 %%f<3>;
    .reg .b32 %%r<2>;
    .reg .b64 %%rd<4>;
    mov.u32 %%r1, %%tid.x;
    cvt.rn.f32.u32 %%f1, %%r1;
    mov.f32 %%f2, 0f3F800000;
%s    ld.param.u64 %%rd1, [out];
    cvta.to.global.u64 %%rd2, %%rd1;
    mul.wide.u32 %%rd3, %%r1, 4;
    add.s64 %%rd2, %%rd2, %%rd3;
    st.global.f32 [%%rd2], %%f2;
    ret;
}
""" % ("    fma.rn.f32 %f2, %f2, %f1, %f2;\n" * 3000)


def check(b, warpsim, src, tmp):
    """0 when warpsim's note (--json's far_code_* stats) and the docs quote the band, else 1."""
    ptx = os.path.join(tmp, "far.ptx")
    with open(ptx, "w") as f:
        f.write(FAR_PTX)
    out = subprocess.run([warpsim, "run", ptx, "--grid", "1", "--block", "128", "out=f32[128]", "--json"],
                         capture_output=True, text=True)
    bad = 0
    stats = json.loads(out.stdout)["stats"] if out.returncode == 0 else {}
    got = {key: stats.get("far_code_" + key) for key in b}
    for key in b:
        if got[key] != b[key]:
            print("FAIL warpsim's note quotes %s %s, the data give %s" % (key, got[key], b[key]))
            bad = 1
    quoted = "%.1f-%.1f cycles a line across %d cards" % (b["pace_min"], b["pace_max"], b["cards"])
    apart = "up to %d%% apart" % b["launch_spread_pct"]
    longer = "up to %d%% longer than one alone" % b["grid_pct"]
    past = "%.1f-%.1f cycles a line in a first launch, %.1f where a later launch fetches them again" % (
        b["past_first_min"], b["past_first_max"], b["past_later"])
    for doc, heading, wants in (("calibration.md", r"\(farnote50, 2026-12-07\)", (quoted, apart, longer)),
                                ("calibration.md", r"\(win53, 2026-12-07\)", (quoted, past)),
                                ("diagnostics.md", r"Far code", (quoted, apart, longer, past))):
        text = open(os.path.join(src, "docs", doc)).read()
        m = re.search(r"^## [^\n]*" + heading + r"[^\n]*\n(.*?)(?=^## |\Z)", text, re.S | re.M)
        for want in wants:
            if not m or want not in " ".join(m.group(1).split()):
                print("FAIL docs/%s's section %s does not quote '%s'" % (doc, heading.replace("\\", ""), want))
                bad = 1
    print("FAIL" if bad else "ok: warpsim's note and the docs quote the data's band")
    return bad


def main(argv):
    if len(argv) not in (1, 3):
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        rows = read_all(tmp)
        b = report(rows, past_window(tmp))
        return check(b, argv[1], argv[2], tmp) if len(argv) == 3 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
