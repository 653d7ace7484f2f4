#!/usr/bin/env python3
"""ptx_coverage.py SRCDIR [--check]

Writes docs/isa-coverage.md: every instruction of the PTX ISA (9.0, by the ISA's own sections),
whether warpsim runs it (a row of isa/opcodes.def names its mnemonic) and, where it does not,
why. warpsim refuses every instruction it does not run at load time, naming it (isa/parser.c),
so this table is also the list of what a kernel may not contain. With --check, exits 1 when the
file differs from what this script would write (a ctest keeps it current).
"""
import os
import re
import sys

# (section, [(mnemonic, why it is not run, or None where a row of the table should exist)])
NOT_SIMT = 'a tensor-core or asynchronous-copy unit of its own; warpsim models the SIMT lanes only'
CLUSTER = 'thread-block clusters (sm_90 distributed shared memory); warpsim runs one block per SM view'
TEXTURE = 'texture and surface units: no texture memory in warpsim'
CACHE = 'cache-control hints with no effect on results; refused rather than silently ignored'
SCALAR_VIDEO = ('scalar video instructions (byte and half-word selectors, a secondary operation): nvcc 13 emits '
                'none for sm_90, not even for the SIMD intrinsics; not modelled')
ISA = [
    ('Integer arithmetic', [
        ('add', None), ('sub', None), ('mul', None), ('mad', None), ('mul24', None),
        ('mad24', None), ('sad', None), ('div', None), ('rem', None),
        ('abs', None), ('neg', None), ('min', None), ('max', None), ('popc', None), ('clz', None),
        ('bfind', None), ('fns', None), ('brev', None), ('bfe', None), ('bfi', None), ('szext', None),
        ('bmsk', None), ('dp4a', None), ('dp2a', None)]),
    ('Extended-precision integer arithmetic', [
        ('addc', None), ('subc', None), ('madc', None)]),
    ('Floating point', [
        ('testp', None), ('copysign', None), ('fma', None), ('rcp', None), ('sqrt', None),
        ('rsqrt', None), ('sin', None), ('cos', None), ('lg2', None), ('ex2', None),
        ('tanh', None)]),
    ('Comparison and selection', [
        ('set', None), ('setp', None), ('selp', None), ('slct', None)]),
    ('Logic and shift', [
        ('and', None), ('or', None), ('xor', None), ('not', None), ('cnot', None), ('lop3', None),
        ('shf', None), ('shl', None), ('shr', None)]),
    ('Data movement and conversion', [
        ('mov', None), ('shfl', None), ('prmt', None), ('ld', None), ('ldu', None), ('st', None),
        ('st.async', CLUSTER), ('red.async', CLUSTER), ('multimem', 'NVLink multicast memory'),
        ('prefetch', CACHE), ('prefetchu', CACHE), ('applypriority', CACHE), ('discard', CACHE),
        ('createpolicy', CACHE), ('isspacep', None), ('cvta', None), ('cvt', None),
        ('cvt.pack', None), ('mapa', CLUSTER), ('getctarank', CLUSTER),
        ('cp.async', NOT_SIMT), ('cp.async.bulk', NOT_SIMT), ('cp.reduce.async.bulk', NOT_SIMT),
        ('cp.async.bulk.tensor', NOT_SIMT), ('tensormap.replace', NOT_SIMT), ('ldmatrix', NOT_SIMT),
        ('stmatrix', NOT_SIMT), ('movmatrix', NOT_SIMT)]),
    ('Texture and surface', [
        ('tex', TEXTURE), ('tld4', TEXTURE), ('txq', TEXTURE), ('istypep', TEXTURE), ('suld', TEXTURE),
        ('sust', TEXTURE), ('sured', TEXTURE), ('suq', TEXTURE)]),
    ('Control flow', [
        ('bra', None), ('brx.idx', None), ('call', None), ('ret', None),
        ('exit', None)]),
    ('Parallel synchronization and communication', [
        ('bar', None), ('barrier', None), ('bar.warp.sync', None),
        ('barrier.cluster', CLUSTER), ('membar', None), ('fence', None), ('fence.proxy.alias', None),
        ('fence.proxy.async', None),
        ('fence.proxy.tensormap', 'tensor maps (used with cp.async.bulk.tensor): not modelled'),
        ('fence.mbarrier_init', 'mbarrier objects: not modelled'), ('atom', None), ('red', None),
        ('vote', None), ('match', None), ('activemask', None), ('redux', None), ('griddepcontrol', None),
        ('elect', None), ('mbarrier', 'asynchronous transaction barriers (used with cp.async.bulk): not modelled'),
        ('tensormap.cp_fenceproxy', NOT_SIMT), ('clusterlaunchcontrol', CLUSTER)]),
    ('Warp-level matrix multiply-accumulate', [
        ('wmma', NOT_SIMT), ('mma', NOT_SIMT), ('wgmma', NOT_SIMT), ('tcgen05', NOT_SIMT)]),
    ('Stack manipulation', [
        ('stacksave', 'not modelled yet'), ('stackrestore', 'not modelled yet'), ('alloca', 'not modelled yet')]),
    ('Scalar video', [
        ('vadd', SCALAR_VIDEO), ('vsub', SCALAR_VIDEO), ('vabsdiff', SCALAR_VIDEO), ('vmin', SCALAR_VIDEO),
        ('vmax', SCALAR_VIDEO), ('vshl', SCALAR_VIDEO), ('vshr', SCALAR_VIDEO), ('vmad', SCALAR_VIDEO),
        ('vset', SCALAR_VIDEO)]),
    ('SIMD video (default selectors and mask; other selectors are refused)', [
        ('vadd2', None), ('vsub2', None), ('vavrg2', None), ('vabsdiff2', None), ('vmin2', None), ('vmax2', None),
        ('vset2', None), ('vadd4', None), ('vsub4', None), ('vavrg4', None), ('vabsdiff4', None), ('vmin4', None),
        ('vmax4', None), ('vset4', None)]),
    ('Miscellaneous', [
        ('brkpt', 'a debugger breakpoint: not modelled'), ('nanosleep', None),
        ('pmevent', 'profiler events: not modelled'), ('trap', None),
        ('setmaxnreg', 'register reallocation between warpgroups: not modelled')]),
]


# Forms of instructions warpsim runs: accepted with a meaning of their own, or refused at load
# time with file, line and column (each has a test: tests/test_forms.c, tests/test_contract.c).
FORMS = [
    ('`mul` + `add`/`sub` without rounding modifiers (f32, f64, f16, f16x2, bf16, bf16x2)',
     'fused into one fma where ptxas 13.0 fuses them (docs/hardware.md point 19); `--no-contract` keeps them apart; '
     'a pair whose mul source is written before the add: refused'),
    ('`ld`/`st` `.L1::evict_normal` `.L1::evict_unchanged` `.L1::evict_first` `.L1::evict_last` `.L1::no_allocate`, '
     '`ld` `.L2::64B` `.L2::128B` `.L2::256B`',
     'accepted and ignored (hints: no effect on results), where ptxas takes them'),
    ('`ld`/`st` `.L2::evict_*`', 'refused: ptxas 13.0 takes them only on 256-bit loads and stores (sm_100)'),
    ('`ld`/`st` `.L2::cache_hint`', 'refused: its policy operand comes from `createpolicy`, not modelled'),
    ('`ld`/`st` `.v8`, `.v4` of 64-bit values', 'refused: 256-bit loads and stores need sm_100 (ptxas refuses them)'),
    ('`fence.proxy.async.shared::cluster`', 'refused: ' + CLUSTER),
    ('`isspacep` on a 32-bit address register',
     'refused (warpsim\'s generic addresses are 64 bits); every state space runs: the windows are cvta\'s '
     '(`.param` inside `.global`, `.shared::cta` = `.shared::cluster` without clusters, `.const` its own window, '
     'as the H200 answers: tests/corpus/isa_isspacep)'),
    ('`cvt.pack.sat` `.u4` `.s4` `.u2` `.s2`', 'refused: packing into 2- and 4-bit integers is not modelled (`.u8` '
     '`.s8` `.u16` `.s16` run)'),
    ('`mov.v2`/`.v4`', 'element by element between vector registers or brace lists of registers (every source read '
     'before any element is written); a brace list of immediates: refused'),
    ('`.reg .v2`/`.v4` vector registers',
     'accepted: one scalar register per element, `%v.x .y .z .w` (or `.r .g .b .a`) as operands anywhere a register '
     'goes but an address; a bare `%v` is the brace list of its elements where `ld`/`st`/`mov` take one '
     '(`ld.global.v2.f32 %v, [%rd1]`, `mov.b64 %rd1, %v`); printed back as `.reg .vN`. Refused as ptxas 13.0 '
     'refuses them: `.pred` vectors, over 128 bits (`.v4` of 64-bit types), an element the vector lacks (`.z` of a '
     '`.v2`), a vector where a scalar goes, an element count unlike the instruction\'s `.vN`, an element as an address '
     '(tests/ptx/malformed/vreg_*.ptx; tests/check_vector_regs.sh: the same buffers as brace lists)'),
]


# Instructions the parser writes out as others at load time (no row of their own), and how.
EXPANDED = {
    'brx.idx': 'written out by the parser as one `setp.eq.u32` + `bra` per `.branchtargets` label (the lanes of '
               'each target branch together; every analysis sees every target) and a stop for an index past the '
               'list, undefined on the H200 (isa/parser.c parse_brx)',
}


def table_mnemonics(src):
    text = open(os.path.join(src, 'isa/opcodes.def')).read()
    return set(re.findall(r'^OP\(\s*\w+,\s*"([^"]+)"', text, re.M)) | set(EXPANDED)


def render(src):
    have = table_mnemonics(src)
    out = ['# PTX instructions: what warpsim runs', '',
           'Generated by `tools/ptx_coverage.py` from isa/opcodes.def and the PTX ISA 9.0 instruction',
           'list; a ctest keeps it current. Every instruction marked "no" is refused at load time with its',
           'file, line and column: warpsim never skips an instruction it does not model.', '']
    total = run = 0
    problems = []
    for section, rows in ISA:
        out += ['## ' + section, '', '| instruction | runs | why not |', '| --- | --- | --- |']
        for mn, why in rows:
            base = mn.split('.')[0] if mn not in have else mn
            ok = mn in have or (base in have and mn in ('addc', 'subc', 'madc'))
            total += 1
            if ok:
                run += 1
                if why:
                    problems.append('%s: in the table but listed as not run' % mn)
                out.append('| `%s` | yes | |' % mn)
            else:
                if not why:
                    problems.append('%s: no table row and no reason' % mn)
                out.append('| `%s` | no | %s |' % (mn, why or '?'))
        out.append('')
    out[6:6] = ['%d of the %d instructions run.' % (run, total), '']
    out += ['## Forms', '', '| form | what warpsim does |', '| --- | --- |']
    out += ['| %s | %s |' % f for f in FORMS]
    out += ['| `%s` | %s |' % (mn, how) for mn, how in sorted(EXPANDED.items())]
    out.append('')
    extra = sorted(have - {mn for _, rows in ISA for mn, _ in rows})
    if extra:
        out += ['Rows of the table under other names: ' + ', '.join('`%s`' % m for m in extra) + '.', '']
    return '\n'.join(out), problems


def main():
    src = sys.argv[1]
    text, problems = render(src)
    path = os.path.join(src, 'docs/isa-coverage.md')
    for p in problems:
        print('ptx_coverage: ' + p, file=sys.stderr)
    if '--check' in sys.argv:
        cur = open(path).read() if os.path.exists(path) else ''
        if cur != text:
            print('docs/isa-coverage.md is out of date: run tools/ptx_coverage.py .', file=sys.stderr)
            return 1
        return 1 if problems else 0
    open(path, 'w').write(text)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
