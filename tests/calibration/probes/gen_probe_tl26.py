#!/usr/bin/env python3
"""tl26: writes probe_tl26.cu from probe_tl26.cu.in: SASS forms alone (VIADD, MOV / IMAD.MOV.U32, SEL, ISETP,
IMAD.IADD), each kind one inline-PTX loop (`.pragma "nounroll"`, so that ptxas neither unrolls it nor folds the adds of
immediates across iterations) over 16 register streams; KIND_s adds 16 SEL (the ALU pipe's) an iteration on 8 other
streams, KIND_m 16 IMAD (the IMAD pipe's), to push ptxas's choice between two pipes and to tell which pipe a form holds.
Usage: gen_probe_tl26.py probe_tl26.cu.in > probe_tl26.cu   (measured: probe_tl26-h200.txt, probe_tl26.sh)
"""
import sys
N = 16
W = 8  # companion streams %16-%23; %24 the count, %25 b
def w(i): return f'%{16 + i % W}'
def s(i): return f'%{i % N}'
ROUNDS = {}
def body_viadd():  # 16 independent VIADDs an iteration (a loop stops ptxas folding the immediates)
    return ''.join(f'add.s32 {s(i)}, {s(i)}, {0x1235 + 2 * i};' for i in range(N))
def body_mov():  # rotate the 16 streams by one: a parallel copy at the back edge
    return 'mov.b32 t, %0;' + ''.join(f'mov.b32 {s(i)}, {s(i + 1)};' for i in range(N - 1)) + f'mov.b32 %{N - 1}, t;'
def body_sel(r=4):  # v_i = p ? v_{i+1} : v_{i+2}, p loop-invariant (from a parameter)
    return ''.join(f'selp.b32 {s(i)}, {s(i + 1)}, {s(i + 2)}, p;' for _ in range(r) for i in range(N))
def body_isetp(r=4):  # 4 predicate chains: q_j = (v_a cmp v_b) and/or q_{j+1}, varying pairs
    ops = ['ne.and.s32', 'lt.and.s32', 'gt.or.u32', 'ne.or.s32']
    out = []
    for k in range(r * 4):
        for j in range(4):
            a, b = (4 * k + j) % N, (4 * k + j + 5 + k) % N
            out.append(f'setp.{ops[j]} q{j}, {s(a)}, {s(b)}, q{(j + 1) % 4};')
    return ''.join(out)
def body_add(r=4):  # v_i += v_{i+1}
    return ''.join(f'add.s32 {s(i)}, {s(i)}, {s(i + 1)};' for _ in range(r) for i in range(N))
def body_mad1(r=4):  # v_i = v_{i+1} * 1 + v_i
    return ''.join(f'mad.lo.s32 {s(i)}, {s(i + 1)}, 1, {s(i)};' for _ in range(r) for i in range(N))
def body_neg():  # v_i = -v_{i+1} (IMAD.MOV.U32 R, RZ, RZ, -R?)
    return ''.join(f'neg.s32 {s(i)}, {s(i + 1)};' for i in range(N))
def comp_sel():  # 16 SEL on the companion streams (the ALU pipe's)
    return ''.join(f'selp.b32 {w(i)}, {w(i + 1)}, {w(i + 2)}, p;' for _ in range(2) for i in range(W))
def comp_mad():  # 16 IMAD on the companion streams (the IMAD pipe's)
    return ''.join(f'mad.lo.s32 {w(i)}, {w(i + 1)}, %25, {w(i)};' for _ in range(2) for i in range(W))
KINDS = {'viadd': body_viadd, 'mov': body_mov, 'sel': body_sel, 'isetp': body_isetp, 'add': body_add,
         'neg': body_neg}
for base in ('viadd', 'mov', 'add', 'neg'):
    KINDS[base + '_s'] = (lambda f: lambda: f() + comp_sel())(KINDS[base])
    KINDS[base + '_m'] = (lambda f: lambda: f() + comp_mad())(KINDS[base])
OUT = ', '.join(f'"+r"(v[{i}])' for i in range(N))
WOUT = ', '.join(f'"+r"(u[{i}])' for i in range(W))
src = []
for k, f in KINDS.items():
    pre = '.reg .pred p, q0, q1, q2, q3; .reg .b32 t, c; mov.b32 c, %24; setp.ne.u32 p, %25, 0;'
    pre += 'setp.ne.u32 q0, %0, 0; setp.ne.u32 q1, %1, 0; setp.ne.u32 q2, %2, 0; setp.ne.u32 q3, %3, 0;'
    post = 'selp.b32 %4, 1, %4, q0; selp.b32 %5, 1, %5, q1; selp.b32 %6, 1, %6, q2; selp.b32 %7, 1, %7, q3;' if k == 'isetp' else ''
    loop = f'LOOP: .pragma \\"nounroll\\"; {f()} sub.s32 c, c, 1; setp.ne.s32 t2, c, 0; @t2 bra LOOP;'
    asm = '{' + pre.replace('.reg .b32 t, c;', '.reg .b32 t, c; .reg .pred t2;') + loop + post + '}'
    src.append(f'extern "C" __global__ void tl_{k}(unsigned long long *o, unsigned *sink, unsigned n, unsigned b) {{\n'
               f'    unsigned v[{N}]; for (int i = 0; i < {N}; i++) v[i] = threadIdx.x * 7 + i;\n'
               f'    unsigned u[{W}]; for (int i = 0; i < {W}; i++) u[i] = threadIdx.x * 5 + i;\n'
               f'    unsigned long long t0; __syncthreads(); CLK(t0);\n'
               f'    asm volatile("{asm}" : {OUT}, {WOUT} : "r"(n), "r"(b) : "memory");\n'
               f'    unsigned x = 0; for (int i = 0; i < {N}; i++) x ^= v[i];\n'
               f'    for (int i = 0; i < {W}; i++) x ^= u[i];\n'
               f'    finish(o, sink, t0, x);\n}}\n')
names = ', '.join(f'"{k}"' for k in KINDS)
fns = ', '.join(f'(void *)tl_{k}' for k in KINDS)
tmpl = open(sys.argv[1]).read()
print(tmpl.replace('@KERNELS@', ''.join(src)).replace('@NAMES@', names).replace('@FNS@', fns))
