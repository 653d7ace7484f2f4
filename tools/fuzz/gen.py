#!/usr/bin/env python3
"""Random warp-level PTX kernels for differential testing of warpsim against a GPU.

    gen.py SEED [OUTDIR [VERSION]]   writes OUTDIR/fuzz_SEED.ptx and fuzz_SEED.args (default: .;
                                     the latest generator version)

One kernel per seed (Python's random.Random(seed): the same seed gives the same kernel on every
machine). The kernel loads 12 .b32 registers per thread from in[tid*12 + i] (rand:SEED), runs a
random body, and stores the 12 registers to out[tid*12 + i]. The body mixes
  - integer arithmetic (add sub mul.lo mad.lo mul.hi and or xor not shl shr min max popc clz
    brev bfe bfi prmt selp setp), register and immediate operands;
  - shfl.sync in all four modes with random b and c (registers or immediates; canonical,
    non-canonical and any 32-bit c), the predicate output folded back with selp;
  - vote.sync all/any/uni/ballot, match.any/all (b32 and b64), redux.sync, activemask;
  - divergent if/else on lane predicates that reconverge, with collectives inside that use the
    exact membermask of the lanes that run there (sources outside it read 0 on an H200);
  - loops with lane-dependent trip counts (arithmetic only inside);
  - shared-memory store / bar.sync / load / bar.sync exchanges (converged code only);
  - rarely a guarded (@p) shfl.sync in converged code whose membermask is the guard-true lanes.
Every collective's membermask is exactly the set of lanes that execute it, so nothing waits on a
lane that never comes. The blocks have 32 or 64 threads (one or two warps).

Generator versions (a batch of GPU results names the version that made its kernels, so old
batches still regenerate the same kernels): 1 is the above. 2 adds what real code (CUB,
cooperative_groups) is made of:
  - per-lane membermasks: logical sub-warps of 2-16 lanes (each lane names its own segment, and
    shuffles use the segment as their width), interleaved groups (lane % k) and labeled
    partitions (the mask is __match_any_sync of a small label); each group runs redux, vote,
    ballot, match and shuffles inside the group (to its leader for the non-contiguous groups),
    then bar.warp.sync of the executing lanes;
  - shared-memory loads whose address register lies below the array, with the distance folded
    into the immediate offset ([%r+K]), as nvcc writes sm[i - K/4].
3 adds half precision and calls:
  - f16 and bf16 arithmetic on the halves of a data register (add, sub, mul, fma with .rn and
    .sat/.relu where PTX has them, min/max, neg/abs, setp), f16x2/bf16x2 on whole registers,
    conversions to and from f32 with each rounding, all on random bits (NaNs, subnormals, ties);
  - calls of .func bodies with the PTX calling convention: a leaf function mixing its two
    arguments, a recursive one (lane-dependent depth up to 4), and one that shuffles inside
    (called from converged code only, as a full-mask shuffle requires).
4 leaves out what version 3 showed the H200 answers differently from the PTX, depending on what
ptxas made of it (docs/hardware.md points 15 and 17; warpsim reports each, and fuzz.py compare
counts such differences as undefined):
  - the two sources of a half-precision operation are different registers: ptxas folds
    min/max.f16 of one value with itself to that value, keeping a NaN's bits (seeds 514, 1002,
    1269, 1444), where the instruction gives the canonical NaN;
  - per-lane-mask group collectives and calls of the recursive function come only in the
    kernel's last 1-5 top-level statements, and nothing warp-level follows them: after them the
    H200 may run the warp split (a collective compiled with WARPSYNC.EXCLUSIVE; a recursive
    function clearing the convergence barrier its callers wait on), and later activemask,
    full-mask collectives and bar.sync exchanges ran per group (seeds 75, 592, 599, 1324, 1406,
    1618, 1673, 1819, 1951). After them come arithmetic, half precision, branches, loops and
    calls of the leaf function.
5 is version 4 without `neg` of halves: ptxas cancels two negations of one value, which keeps a
NaN's bits where each negation gives the canonical NaN (v4 seed 2215).
"""
import os
import random
import sys

NV = 12  # data registers %v0..%v11

CANON_C = [((32 - w) << 8) | 31 for w in (1, 2, 4, 8, 16, 32)] + [(32 - w) << 8 for w in (1, 2, 4, 8, 16, 32)]
ODD_C = [0x1c05, 0x7, 0x0f1f, 0xffff, 0x3e1f, 0x0, 0x1f1f, 0x1810, 0x1c03, 0x1d0f, 0x201f, 0x1a15, 0x0305]


class Gen:
    extra_regs = ()  # .b32 registers a later version adds, zeroed at the start

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.lines = []
        self.label_n = 0
        self.pred_n = 0
        self.nthreads = 32 if self.r.random() < 0.7 else 64
        self.uses_shared = False
        self.loop_depth = 0

    # --- helpers ------------------------------------------------------------------------------
    def emit(self, s):
        self.lines.append('\t' + s)

    def label(self):
        self.label_n += 1
        return '$L_%d' % self.label_n

    def pred(self):
        p = '%%p%d' % (self.pred_n % 32)
        self.pred_n += 1
        return p

    def v(self):
        return '%%v%d' % self.r.randrange(NV)

    def imm(self):
        r = self.r.random()
        if r < 0.5:
            return str(self.r.randrange(0, 40))
        if r < 0.7:
            return str(self.r.randrange(-40, 0))
        return str(self.r.randrange(0, 1 << 32) - (1 << 31))

    def src(self):
        return self.v() if self.r.random() < 0.7 else self.imm()

    # --- statements ---------------------------------------------------------------------------
    def arith(self):
        r = self.r
        d = self.v()
        k = r.randrange(18)
        if k == 0: self.emit('add.s32 %s, %s, %s;' % (d, self.v(), self.src()))
        elif k == 1: self.emit('sub.s32 %s, %s, %s;' % (d, self.v(), self.src()))
        elif k == 2: self.emit('mul.lo.s32 %s, %s, %s;' % (d, self.v(), self.src()))
        elif k == 3: self.emit('mad.lo.s32 %s, %s, %s, %s;' % (d, self.v(), self.src(), self.v()))
        elif k == 4: self.emit('mul.hi.%s %s, %s, %s;' % (r.choice(['u32', 's32']), d, self.v(), self.v()))
        elif k == 5: self.emit('%s.b32 %s, %s, %s;' % (r.choice(['and', 'or', 'xor']), d, self.v(), self.src()))
        elif k == 6: self.emit('not.b32 %s, %s;' % (d, self.v()))
        elif k == 7: self.emit('shl.b32 %s, %s, %s;' % (d, self.v(), r.choice([str(r.randrange(32)), self.v()])))
        elif k == 8: self.emit('shr.%s %s, %s, %s;' % (r.choice(['u32', 's32']), d, self.v(), r.choice([str(r.randrange(32)), self.v()])))
        elif k == 9: self.emit('%s.%s %s, %s, %s;' % (r.choice(['min', 'max']), r.choice(['u32', 's32']), d, self.v(), self.src()))
        elif k == 10: self.emit('popc.b32 %s, %s;' % (d, self.v()))
        elif k == 11: self.emit('clz.b32 %s, %s;' % (d, self.v()))
        elif k == 12: self.emit('brev.b32 %s, %s;' % (d, self.v()))
        elif k == 13: self.emit('bfe.%s %s, %s, %d, %d;' % (r.choice(['u32', 's32']), d, self.v(), r.randrange(32), r.randrange(1, 33)))
        elif k == 14: self.emit('bfi.b32 %s, %s, %s, %d, %d;' % (d, self.v(), self.v(), r.randrange(32), r.randrange(1, 33)))
        elif k == 15: self.emit('prmt.b32 %s, %s, %s, %d;' % (d, self.v(), self.v(), r.randrange(1 << 16)))
        else:
            p = self.pred()
            cmp = r.choice(['eq', 'ne', 'lt', 'le', 'gt', 'ge'])
            ty = r.choice(['u32', 's32'])
            self.emit('setp.%s.%s %s, %s, %s;' % (cmp, ty, p, self.v(), self.src()))
            self.emit('selp.b32 %s, %s, %s, %s;' % (d, self.v(), self.src(), p))

    def shfl_c(self):
        r = self.r.random()
        if r < 0.4: return str(self.r.choice(CANON_C))
        if r < 0.65: return str(self.r.choice(ODD_C))
        if r < 0.75: return str(self.r.randrange(1 << 32) - (1 << 31))
        # a register: either masked to its meaningful bits or raw
        return self.v()

    def shfl(self, mask, guarded=False):
        r = self.r
        mode = r.choice(['up', 'down', 'bfly', 'idx'])
        d = self.v()
        b = r.choice([str(r.randrange(0, 34)), str(r.choice([63, 64, -1, -5, 2147483647])), self.v(), self.v()])
        c = self.shfl_c()
        g = ''
        if guarded:
            # @p shfl.sync: the membermask is exactly the lanes whose guard is true. (A full mask
            # with guard-false lanes hangs or faults on an H200: docs/hardware.md.)
            gp = self.pred()
            cmp, k = r.choice(['lt', 'ge', 'ne']), r.randrange(1, 32)
            self.emit('setp.%s.u32 %s, %%flane, %d;' % (cmp, gp, k))
            g = '@%s ' % gp
            mask &= sum(1 << l for l in range(32) if {'lt': l < k, 'ge': l >= k, 'ne': l != k}[cmp])
        if r.random() < 0.6:
            p = self.pred()
            # the predicate output must be defined where the guard is false: clear it first
            self.emit('setp.ne.u32 %s, %%flane, %%flane;' % p)
            self.emit('%sshfl.sync.%s.b32 %s|%s, %s, %s, %s, %d;' % (g, mode, d, p, self.v(), b, c, mask_imm(mask)))
            e = self.v()
            self.emit('selp.b32 %s, %s, %s, %s;' % (e, self.v(), self.v(), p))
        else:
            self.emit('%sshfl.sync.%s.b32 %s, %s, %s, %s, %d;' % (g, mode, d, self.v(), b, c, mask_imm(mask)))

    def collective(self, mask):
        r = self.r
        k = r.randrange(7)
        m = mask_imm(mask)
        if k == 0:
            p, q = self.pred(), self.pred()
            self.emit('setp.%s.u32 %s, %s, %s;' % (r.choice(['lt', 'ne', 'eq']), p, self.v(), self.src()))
            self.emit('vote.sync.%s.pred %s, %s%s, %d;' % (r.choice(['all', 'any', 'uni']), q, r.choice(['', '!']), p, m))
            d = self.v()
            self.emit('selp.b32 %s, %s, %s, %s;' % (d, self.v(), self.src(), q))
        elif k == 1:
            p = self.pred()
            self.emit('setp.%s.u32 %s, %s, %s;' % (r.choice(['lt', 'ne', 'eq']), p, self.v(), self.src()))
            self.emit('vote.sync.ballot.b32 %s, %s%s, %d;' % (self.v(), r.choice(['', '!']), p, m))
        elif k == 2:
            a = self.v()
            if r.random() < 0.5:
                t = self.v()
                self.emit('and.b32 %s, %s, %d;' % (t, a, r.choice([1, 3, 7, 0x80000001])))
                a = t
            if r.random() < 0.5:
                self.emit('match.any.sync.b32 %s, %s, %d;' % (self.v(), a, m))
            else:
                p = self.pred()
                self.emit('match.all.sync.b32 %s|%s, %s, %d;' % (self.v(), p, a, m))
                d = self.v()
                self.emit('selp.b32 %s, %s, %s, %s;' % (d, self.v(), self.src(), p))
        elif k == 3:
            lo, hi = self.v(), self.v()
            self.emit('and.b32 %%t0, %s, %d;' % (lo, r.choice([1, 3, 0xffffffff])))
            self.emit('and.b32 %%t1, %s, %d;' % (hi, r.choice([1, 2, 0])))
            self.emit('mov.b64 %d0, {%t0, %t1};')
            if r.random() < 0.5:
                self.emit('match.any.sync.b64 %s, %%d0, %d;' % (self.v(), m))
            else:
                p = self.pred()
                self.emit('match.all.sync.b64 %s|%s, %%d0, %d;' % (self.v(), p, m))
                self.emit('selp.b32 %s, %s, %s, %s;' % (self.v(), self.v(), self.src(), p))
        elif k == 4:
            op = r.choice(['add.u32', 'add.s32', 'min.u32', 'min.s32', 'max.u32', 'max.s32', 'and.b32', 'or.b32', 'xor.b32'])
            self.emit('redux.sync.%s %s, %s, %d;' % (op, self.v(), self.v(), m))
        elif k == 5:
            self.emit('activemask.b32 %s;' % self.v())
        else:
            self.shfl(mask)

    def shared(self):
        self.uses_shared = True
        r = self.r
        self.emit('st.shared.u32 [%%sa], %s;' % self.v())
        self.emit('bar.sync 0;')
        k = r.randrange(1, self.nthreads)
        if r.random() < 0.5:
            self.emit('xor.b32 %%t2, %%ftid, %d;' % (k & (self.nthreads - 1)))
        else:
            self.emit('add.s32 %%t2, %%ftid, %d;' % k)
            self.emit('and.b32 %%t2, %%t2, %d;' % (self.nthreads - 1))
        self.emit('shl.b32 %t2, %t2, 2;')
        self.emit('mov.u32 %t3, fz_sh;')
        self.emit('add.s32 %t2, %t2, %t3;')
        self.emit('ld.shared.u32 %s, [%%t2];' % self.v())
        self.emit('bar.sync 0;')

    def lane_pred(self, mask):
        """A predicate on %flane and the set of lanes (within mask) where it is true."""
        r = self.r
        k = r.randrange(4)
        p = self.pred()
        if k == 0:
            K = r.randrange(1, 32)
            self.emit('setp.lt.u32 %s, %%flane, %d;' % (p, K))
            s = (1 << K) - 1
        elif k == 1:
            M = r.randrange(1, 32)
            V = r.randrange(32) & M
            self.emit('and.b32 %%t2, %%flane, %d;' % M)
            self.emit('setp.eq.u32 %s, %%t2, %d;' % (p, V))
            s = sum(1 << l for l in range(32) if (l & M) == V)
        elif k == 2:
            D = r.randrange(2, 6)
            R = r.randrange(D)
            self.emit('rem.u32 %%t2, %%flane, %d;' % D)
            self.emit('setp.eq.u32 %s, %%t2, %d;' % (p, R))
            s = sum(1 << l for l in range(32) if l % D == R)
        else:
            K = r.randrange(1, 32)
            self.emit('setp.ge.u32 %s, %%flane, %d;' % (p, K))
            s = 0xffffffff & ~((1 << K) - 1)
        return p, s & mask

    def block(self, mask, depth, n):
        for _ in range(n):
            self.stmt(mask, depth)

    def stmt(self, mask, depth):
        r = self.r
        x = r.random()
        top = mask == 0xffffffff and self.loop_depth == 0 and depth == 0
        if x < 0.40 or mask == 0:
            self.arith()
        elif x < 0.62 and self.loop_depth == 0:
            self.shfl(mask, guarded=(top and r.random() < 0.08))
        elif x < 0.77 and self.loop_depth == 0:
            self.collective(mask)
        elif x < 0.87 and depth < 3:
            self.branch(mask, depth)
        elif x < 0.94 and depth < 3 and self.loop_depth < 2:
            self.loop(mask, depth)
        elif top:
            self.shared()
        else:
            self.arith()

    def branch(self, mask, depth):
        """if (lane predicate) {...} [else {...}], reconverging after."""
        r = self.r
        p, s = self.lane_pred(mask)
        le, lend = self.label(), self.label()
        self.emit('@!%s bra %s;' % (p, le))
        self.block(s, depth + 1, r.randrange(1, 5))
        if r.random() < 0.7:
            self.emit('bra %s;' % lend)
            self.lines.append('%s:' % le)
            self.block(mask & ~s, depth + 1, r.randrange(1, 5))
            self.lines.append('%s:' % lend)
        else:
            self.lines.append('%s:' % le)

    def loop(self, mask, depth):
        """A loop with a lane-dependent trip count of 1 to 8."""
        r = self.r
        cnt = '%%c%d' % self.loop_depth
        src = r.choice(['%flane', self.v()])
        self.emit('and.b32 %s, %s, %d;' % (cnt, src, r.choice([3, 7])))
        self.emit('add.s32 %s, %s, 1;' % (cnt, cnt))
        top_l = self.label()
        self.lines.append('%s:' % top_l)
        self.loop_depth += 1
        for _ in range(r.randrange(1, 4)):
            if r.random() < 0.85:
                self.arith()
            else:
                self.stmt(mask, depth + 1)
        self.loop_depth -= 1
        p = self.pred()
        self.emit('sub.s32 %s, %s, 1;' % (cnt, cnt))
        self.emit('setp.ne.s32 %s, %s, 0;' % (p, cnt))
        self.emit('@%s bra %s;' % (p, top_l))

    def body(self, n):
        self.block(0xffffffff, 0, n)

    def program(self):
        n = self.r.randrange(12, 40)
        self.body(n)
        body = self.lines
        name = 'fuzz_%d' % self.seed
        out = ['// warpsim differential fuzzer, seed %d (tools/fuzz/gen.py)' % self.seed,
               '.version 8.0', '.target sm_90', '.address_size 64', '']
        out.append('.visible .entry %s(.param .u64 fz_in, .param .u64 fz_out)' % name)
        out.append('{')
        out.append('\t.reg .b32 %%v<%d>;' % NV)
        out.append('\t.reg .b32 %t<4>;')
        out.append('\t.reg .b32 %c<2>;')
        out.append('\t.reg .b32 %ftid;')
        out.append('\t.reg .b32 %flane;')
        out.append('\t.reg .b32 %sa;')
        out.extend('\t.reg .b32 %s;' % r for r in self.extra_regs)
        out.append('\t.reg .b64 %d<1>;')
        out.append('\t.reg .b64 %a<4>;')
        out.append('\t.reg .pred %p<32>;')
        out.append('\t.shared .align 4 .b8 fz_sh[%d];' % (4 * self.nthreads))
        out.append('\tld.param.u64 %a0, [fz_in];')
        out.append('\tld.param.u64 %a1, [fz_out];')
        out.append('\tcvta.to.global.u64 %a0, %a0;')
        out.append('\tcvta.to.global.u64 %a1, %a1;')
        out.append('\tmov.u32 %ftid, %tid.x;')
        out.append('\tand.b32 %flane, %ftid, 31;')
        out.append('\tmov.u32 %sa, fz_sh;')
        out.append('\tshl.b32 %t0, %ftid, 2;')
        out.append('\tadd.s32 %sa, %sa, %t0;')
        out.append('\tmul.wide.u32 %%a2, %%ftid, %d;' % (4 * NV))
        out.append('\tadd.s64 %a3, %a0, %a2;')
        for i in range(NV):
            out.append('\tld.global.u32 %%v%d, [%%a3+%d];' % (i, 4 * i))
        out.append('\tmov.u32 %t0, 0;')
        out.append('\tmov.u32 %t1, 0;')
        out.append('\tmov.u32 %t2, 0;')
        out.append('\tmov.u32 %t3, 0;')
        out.append('\tmov.u32 %c0, 0;')
        out.append('\tmov.u32 %c1, 0;')
        out.extend('\tmov.u32 %s, 0;' % r for r in self.extra_regs)
        out.append('\t// body')
        out.extend(body)
        out.append('\t// end body')
        out.append('\tadd.s64 %a3, %a1, %a2;')
        for i in range(NV):
            out.append('\tst.global.u32 [%%a3+%d], %%v%d;' % (4 * i, i))
        out.append('\tret;')
        out.append('}')
        ptx = '\n'.join(out) + '\n'
        args = ('# fuzz kernel, seed %d: tools/fuzz/gen.py %d\n--grid 1 --block %d\n'
                'in=u32[%d]:rand:%d\nout=u32[%d]\n' % (self.seed, self.seed, self.nthreads,
                                                      NV * self.nthreads, self.seed, NV * self.nthreads))
        return name, ptx, args


def mask_imm(m):
    """A membermask as PTX writes it (signed decimal, like nvcc's -1)."""
    return m - (1 << 32) if m >= (1 << 31) else m


class Gen2(Gen):
    """Version 2: per-lane membermask groups and folded negative offsets (see the docstring)."""
    extra_regs = ('%m',)

    def stmt(self, mask, depth):
        if self.loop_depth == 0 and mask and self.r.random() < 0.12:
            self.group_collectives(mask)
        else:
            Gen.stmt(self, mask, depth)

    def group_collectives(self, mask):
        """Each executing lane names its own group in %m; the groups run 1-3 collectives."""
        r = self.r
        kind = r.randrange(3)
        width = 0
        if kind == 0:  # logical sub-warps of `width` lanes: CUB's WarpReduce<T, width>, cg tiles
            width = r.choice([2, 4, 8, 16])
            self.emit('and.b32 %%t2, %%flane, %d;' % (32 - width))
            self.emit('shl.b32 %%m, %d, %%t2;' % ((1 << width) - 1))
        elif kind == 1:  # interleaved groups: lane % k
            k = r.choice([2, 3, 4])
            self.emit('rem.u32 %%t2, %%flane, %d;' % k)
            self.emit('shl.b32 %%m, %d, %%t2;' % mask_imm(sum(1 << l for l in range(0, 32, k))))
        else:  # a labeled partition: the lanes holding the same small label
            self.emit('and.b32 %%t2, %s, %d;' % (self.v(), r.choice([1, 3, 7])))
            self.emit('match.any.sync.b32 %%m, %%t2, %d;' % mask_imm(mask))
        self.emit('and.b32 %%m, %%m, %d;' % mask_imm(mask))
        for _ in range(r.randrange(1, 4)):
            self.group_collective(width)
        # the groups meet again: nothing after depends on how long they stay apart
        self.emit('bar.warp.sync %d;' % mask_imm(mask))

    def group_collective(self, width):
        r = self.r
        k = r.randrange(5)
        if k == 0:
            op = r.choice(['add.u32', 'add.s32', 'min.u32', 'min.s32', 'max.u32', 'max.s32', 'and.b32', 'or.b32', 'xor.b32'])
            self.emit('redux.sync.%s %s, %s, %%m;' % (op, self.v(), self.v()))
        elif k == 1:
            p = self.pred()
            self.emit('setp.%s.u32 %s, %s, %s;' % (r.choice(['lt', 'ne', 'eq']), p, self.v(), self.src()))
            if r.random() < 0.5:
                self.emit('vote.sync.ballot.b32 %s, %s, %%m;' % (self.v(), p))
            else:
                q = self.pred()
                self.emit('vote.sync.%s.pred %s, %s, %%m;' % (r.choice(['all', 'any', 'uni']), q, p))
                self.emit('selp.b32 %s, %s, %s, %s;' % (self.v(), self.v(), self.src(), q))
        elif k == 2:
            self.emit('and.b32 %%t3, %s, %d;' % (self.v(), r.choice([1, 3, 0x80000001])))
            if r.random() < 0.5:
                self.emit('match.any.sync.b32 %s, %%t3, %%m;' % self.v())
            else:
                p = self.pred()
                self.emit('match.all.sync.b32 %s|%s, %%t3, %%m;' % (self.v(), p))
                self.emit('selp.b32 %s, %s, %s, %s;' % (self.v(), self.v(), self.src(), p))
        elif width:  # a shuffle inside the segment, as CUB's logical warps do
            mode = r.choice(['up', 'down', 'bfly', 'idx'])
            b = str(r.randrange(width if mode == 'bfly' else 40))
            c = ((32 - width) << 8) | (0 if mode == 'up' else 31)
            self.emit('shfl.sync.%s.b32 %s, %s, %s, %d, %%m;' % (mode, self.v(), self.v(), b, c))
        else:  # the group's leader broadcasts: __shfl_sync(m, v, __ffs(m) - 1)
            self.emit('brev.b32 %t3, %m;')
            self.emit('bfind.shiftamt.u32 %t3, %t3;')
            self.emit('shfl.sync.idx.b32 %s, %s, %%t3, 31, %%m;' % (self.v(), self.v()))

    def shared(self):
        if self.r.random() < 0.5:
            return Gen.shared(self)
        # the address register lies K bytes below the word read; K sits in the immediate
        self.uses_shared = True
        r = self.r
        self.emit('st.shared.u32 [%%sa], %s;' % self.v())
        self.emit('bar.sync 0;')
        k = r.randrange(1, self.nthreads)
        self.emit('add.s32 %%t2, %%ftid, %d;' % k)
        self.emit('and.b32 %%t2, %%t2, %d;' % (self.nthreads - 1))
        self.emit('shl.b32 %t2, %t2, 2;')
        self.emit('mov.u32 %t3, fz_sh;')
        self.emit('add.s32 %t2, %t2, %t3;')
        off = 4 * r.randrange(1, 600)
        self.emit('sub.s32 %%t2, %%t2, %d;' % off)
        self.emit('ld.shared.u32 %s, [%%t2+%d];' % (self.v(), off))
        self.emit('bar.sync 0;')


class Gen3(Gen2):
    """Version 3: version 2 plus half precision and calls of .func bodies (see the docstring)."""
    extra_regs = ('%m',)
    HALF_OPS = ('add', 'sub', 'mul', 'fma', 'min', 'max', 'neg', 'abs')

    def __init__(self, seed):
        Gen2.__init__(self, seed)
        self.funcs = set()

    def stmt(self, mask, depth):
        x = self.r.random()
        top = mask == 0xffffffff and self.loop_depth == 0 and depth == 0
        if x < 0.10:
            self.half()
        elif x < 0.15 and self.loop_depth == 0:
            self.call(converged=top)
        else:
            Gen2.stmt(self, mask, depth)

    def half(self):
        r = self.r
        k = r.randrange(6)
        t = r.choice(['f16', 'bf16'])
        if k < 3:  # on the halves of one register, packed back into another
            a, b = self.half_sources()
            self.emit('mov.b32 {%%h0, %%h1}, %s;' % a)
            self.emit('mov.b32 {%%h2, %%h3}, %s;' % b)
            op = r.choice(self.HALF_OPS)
            if op in ('add', 'sub', 'mul'):
                sat = r.choice(['', '.sat']) if t == 'f16' else ''
                self.emit('%s.rn%s.%s %%h4, %%h0, %%h2;' % (op, sat, t))
            elif op == 'fma':
                mod = r.choice(['', '.sat', '.relu']) if t == 'f16' else r.choice(['', '.relu'])
                self.emit('fma.rn%s.%s %%h4, %%h0, %%h2, %%h1;' % (mod, t))
            elif op in ('min', 'max'):
                self.emit('%s%s.%s %%h4, %%h0, %%h2;' % (op, r.choice(['', '.NaN']), t))
            else:
                self.emit('%s.%s %%h4, %%h0;' % (op, t))
            self.emit('mov.b32 %s, {%%h4, %%h3};' % self.v())
        elif k == 3:  # paired
            op = r.choice(['add', 'sub', 'mul', 'fma'])
            if op == 'fma':
                self.emit('fma.rn.%sx2 %s, %s, %s, %s;' % (t, self.v(), self.v(), self.v(), self.v()))
            else:
                self.emit('%s.rn.%sx2 %s, %s, %s;' % (op, t, self.v(), self.v(), self.v()))
        elif k == 4:  # half -> f32 -> half with a rounding
            self.emit('mov.b32 {%%h0, %%h1}, %s;' % self.v())
            self.emit('cvt.f32.%s %%f0, %%h0;' % t)
            self.emit('mov.b32 %s, %%f0;' % self.v())
            self.emit('mov.b32 %%f1, %s;' % self.v())
            rnd = r.choice(['rn', 'rz', 'rm', 'rp']) if t == 'f16' else 'rn'
            self.emit('cvt.%s.%s.f32 %%h2, %%f1;' % (rnd, t))
            self.emit('mov.b32 %s, {%%h2, %%h1};' % self.v())
        else:  # a comparison of halves feeding a selection
            self.emit('mov.b32 {%%h0, %%h1}, %s;' % self.v())
            p = self.pred()
            self.emit('setp.%s.%s %s, %%h0, %%h1;' % (r.choice(['eq', 'ne', 'lt', 'ge', 'gtu', 'nan', 'num']), t, p))
            self.emit('selp.b32 %s, %s, %s, %s;' % (self.v(), self.v(), self.src(), p))

    def call(self, converged):
        kinds = ['fz_mix', 'fz_rec'] + (['fz_shfl'] if converged else [])
        self.emit_call(self.r.choice(kinds))

    def emit_call(self, f):
        self.funcs.add(f)
        d, a, b = self.v(), self.v(), self.v()
        if f == 'fz_rec':
            self.emit('and.b32 %%t3, %s, 3;' % b)
            b = '%t3'
        self.emit('{')
        self.emit('.param .b32 fz_a;')
        self.emit('.param .b32 fz_b;')
        self.emit('.param .b32 fz_r;')
        self.emit('st.param.b32 [fz_a], %s;' % a)
        self.emit('st.param.b32 [fz_b], %s;' % b)
        self.emit('call.uni (fz_r), %s, (fz_a, fz_b);' % f)
        self.emit('ld.param.b32 %s, [fz_r];' % d)
        self.emit('}')

    def half_sources(self):
        return self.v(), self.v()

    def functions(self):
        out = []
        head = '.func (.param .b32 %s_r) %s(.param .b32 %s_a, .param .b32 %s_b)'
        body = {
            'fz_mix': ['	mul.lo.s32 %x2, %x0, 0x9e3779b9;', '	xor.b32 %x2, %x2, %x1;',
                       '	shf.l.wrap.b32 %x2, %x2, %x2, %x1;'],
            # fz_rec(a, n) = n == 0 ? a : fz_rec(a * 3 + n, n - 1) ^ n
            'fz_rec': ['	setp.eq.u32 %xp, %x1, 0;', '	mov.b32 %x2, %x0;', '	@%xp bra $fz_rec_done;',
                       '	mad.lo.s32 %x3, %x0, 3, %x1;', '	sub.s32 %x4, %x1, 1;', '	{',
                       '	.param .b32 fz_a;', '	.param .b32 fz_b;', '	.param .b32 fz_r;',
                       '	st.param.b32 [fz_a], %x3;', '	st.param.b32 [fz_b], %x4;',
                       '	call.uni (fz_r), fz_rec, (fz_a, fz_b);', '	ld.param.b32 %x2, [fz_r];', '	}',
                       '	xor.b32 %x2, %x2, %x1;', '$fz_rec_done:'],
            'fz_shfl': ['	shfl.sync.bfly.b32 %x2, %x0, 1, 31, -1;', '	add.s32 %x2, %x2, %x1;',
                        '	shfl.sync.down.b32 %x3, %x2, 2, 31, -1;', '	xor.b32 %x2, %x2, %x3;'],
        }
        for f in sorted(self.funcs):
            out.append(head % (f, f, f, f))
            out.append('{')
            out.append('	.reg .b32 %x<5>;')
            out.append('	.reg .pred %xp;')
            out.append('	ld.param.b32 %%x0, [%s_a];' % f)
            out.append('	ld.param.b32 %%x1, [%s_b];' % f)
            out.extend(body[f])
            out.append('	st.param.b32 [%s_r], %%x2;' % f)
            out.append('	ret;')
            out.append('}')
            out.append('')
        return out

    def program(self):
        name, ptx, args = Gen2.program(self)
        lines = ptx.split('\n')
        # the registers the half statements use, and the functions before the kernel
        k = lines.index('\t.reg .b32 %m;')
        lines[k + 1:k + 1] = ['\t.reg .b16 %h<5>;', '\t.reg .f32 %f<2>;']
        e = next(i for i, l in enumerate(lines) if l.startswith('.visible .entry'))
        lines[e:e] = self.functions()
        return name, '\n'.join(lines), args


class Gen4(Gen3):
    """Version 4: version 3 without the constructs whose H200 result depends on ptxas (see the
    docstring): distinct half sources; per-lane-mask groups and recursive calls only in a tail
    of the kernel, after which nothing is warp-level."""

    def __init__(self, seed):
        Gen3.__init__(self, seed)
        self.tail = False   # the kernel's last statements: groups and recursion allowed
        self.split = False  # a group collective or a recursive call has been emitted

    def body(self, n):
        self.block(0xffffffff, 0, n)
        self.tail = True
        k = self.r.random()  # the tail starts with a group or a recursive call half the time
        if k < 0.25:
            self.group_collectives(0xffffffff)
        elif k < 0.5:
            self.emit_call('fz_rec')
        self.block(0xffffffff, 0, self.r.randrange(1, 6))

    def stmt(self, mask, depth):
        if not self.split:
            return Gen3.stmt(self, mask, depth)
        r = self.r
        x = r.random()
        if x < 0.15:
            self.half()
        elif x < 0.22 and self.loop_depth == 0:
            self.emit_call('fz_mix')
        elif x < 0.75 or depth >= 3:
            self.arith()
        elif x < 0.88:  # branches and loops whose bodies are statements of this kind
            self.branch(mask, depth)
        elif self.loop_depth < 2:
            self.loop(mask, depth)
        else:
            self.arith()

    def group_collectives(self, mask):
        if not self.tail:
            return self.collective(mask)
        Gen3.group_collectives(self, mask)
        self.split = True

    def call(self, converged):
        kinds = ['fz_mix'] + (['fz_rec'] if self.tail else []) + (['fz_shfl'] if converged else [])
        self.emit_call(self.r.choice(kinds))

    def emit_call(self, f):
        Gen3.emit_call(self, f)
        if f == 'fz_rec':
            self.split = True

    def half_sources(self):
        a = self.v()
        b = self.v()
        while b == a:
            b = self.v()
        return a, b


class Gen5(Gen4):
    """Version 5: version 4 without neg of halves (ptxas cancels two negations, keeping a NaN's
    bits where the instruction gives the canonical NaN: v4 seed 2215)."""
    HALF_OPS = ('add', 'sub', 'mul', 'fma', 'min', 'max', 'abs')


GENERATORS = {1: Gen, 2: Gen2, 3: Gen3, 4: Gen4, 5: Gen5}
LATEST = max(GENERATORS)


def generate(seed, version=1):
    return GENERATORS[version](seed).program()


def main():
    seed = int(sys.argv[1])
    outdir = sys.argv[2] if len(sys.argv) > 2 else '.'
    name, ptx, args = generate(seed, int(sys.argv[3]) if len(sys.argv) > 3 else LATEST)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, name + '.ptx'), 'w') as f:
        f.write(ptx)
    with open(os.path.join(outdir, name + '.args'), 'w') as f:
        f.write(args)
    print(os.path.join(outdir, name + '.ptx'))


if __name__ == '__main__':
    main()
