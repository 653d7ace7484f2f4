#!/usr/bin/env python3
"""Which SASS ptxas makes of a cvt from f32 to f16 or bf16 into a 16-bit register (sim/fold.c fold_f2f, presets
conv.form and fold.zext; docs/calibration.md "(f2h17)"): F2F.F16.F32 / F2F.BF16.F32 (the XU pipe) or
F2FP.F16.F32.PACK_AB / .BF16 with RZ (the ALU pipe), by the half's reader and the rounding.

ptxas_half_forms.py [--nvdisasm PATH] [PTX...] needs ptxas and nvdisasm (local ptxas 13.0 V13.0.88 and nvdisasm
13.2 from the nvidia-cuda-nvdisasm wheel, 2026-12-05; no GPU). It compiles (-arch=sm_90 -O3) one kernel per reader
of the half (a zero-extension cvt.u32.u16 or cvt.u64.u16, that through a mov.b16 copy, cvt.f32.f16 / .bf16, a
sign-extension cvt.s32.s16, a pack mov.b32 {h, h}, a store st.b16, an and.b16, an add.f16, a zero-extension and a
cvt.f32.f16 both), one per rounding (.rn, .rz, .rm, .rp, read by a store) and one of a neg's value, and prints each
one's conversion SASS. Given PTX files, it then counts for each the cvts the rule calls F2F (a reader zero-extends the value, through
mov.b16 copies, or for bf16 widens it to f32; .rm and .rp always; not the neg rule: a textual reading of the rule, the value followed
up to the next write of its register) against the F2F.F16/BF16.F32 in ptxas's SASS of the file."""
import os
import re
import subprocess
import sys
import tempfile

READERS = {
    'zext': 'cvt.u32.u16 %r2, h;',
    'zext64': 'cvt.u64.u16 %rd2, h; cvt.u32.u64 %r2, %rd2;',
    'copy+zext': 'mov.b16 c, h; cvt.u32.u16 %r2, c;',
    'to_f32': 'cvt.f32.T %f2, h; mov.b32 %r2, %f2;',
    'sext': 'cvt.s32.s16 %r2, h;',
    'pack': 'mov.b32 %r2, {h, h};',
    'st.b16': 'st.global.b16 [%rd1+4], h; mov.u32 %r2, 0;',
    'and.b16': 'and.b16 h, h, 0x7fff; cvt.u32.u16 %r2, h;',
    'add': 'add.T h, h, h; st.global.b16 [%rd1+4], h; mov.u32 %r2, 0;',
    'zext+to_f32': 'cvt.u32.u16 %r2, h; cvt.f32.T %f2, h; mov.b32 %r3, %f2; add.s32 %r2, %r2, %r3;',
}
ROUNDINGS = ('rn', 'rz', 'rm', 'rp')


def kernel(name, ty, rnd, body):
    return (f'.visible .entry {name}(.param .u64 p)\n{{\n .reg .b32 %r<8>; .reg .f32 %f<8>; .reg .b64 %rd<4>; '
            f'.reg .b16 h, c;\n ld.param.u64 %rd1, [p];\n cvta.to.global.u64 %rd1, %rd1;\n'
            f' ld.global.f32 %f1, [%rd1];\n cvt.{rnd}.{ty}.f32 h, %f1;\n {body.replace("T", ty)}\n'
            f' st.global.u32 [%rd1+8], %r2;\n ret;\n}}\n')


def sass_of(ptx_text, nvdisasm, tmp):
    src, cubin = os.path.join(tmp, 'k.ptx'), os.path.join(tmp, 'k.cubin')
    with open(src, 'w') as f:
        f.write(ptx_text)
    subprocess.run(['ptxas', '-arch=sm_90', '-O3', src, '-o', cubin], check=True, capture_output=True)
    return subprocess.run([nvdisasm, '-c', cubin], check=True, capture_output=True, text=True).stdout


def forms_by_kernel(sass):
    out, name = {}, None
    for line in sass.splitlines():
        m = re.match(r'\.text\.(\w+):', line.strip())
        if m:
            name = m.group(1)
        m = re.search(r'(F2FP?\.[\w.]+ [^;]*)', line)
        if name and m:
            out.setdefault(name, []).append(re.sub(r'\s+', ' ', m.group(1)))
    return out


def wants_f2f(lines, i, ty, reg, depth=0):
    rx = re.escape(reg) + r'(?!\w)'
    for line in lines[i + 1:]:
        code = line.split('//')[0]
        if re.search(r'cvt\.[us](32|64)\.u16\s+[%\w]+\s*,\s*' + rx, code):
            return True
        if ty == 'bf16' and re.search(r'cvt\.f32\.bf16\s+[%\w]+\s*,\s*' + rx, code):
            return True
        m = re.search(r'mov\.b16\s+([%\w]+)\s*,\s*' + rx + r'\s*;', code)
        if m and depth < 4 and wants_f2f(lines, lines.index(line, i + 1), ty, m.group(1), depth + 1):
            return True
        if re.search(r'^\s*(\{\s*)?[a-z][\w.]*\s+' + rx + r'\s*,', code) or re.match(r'\s*\.(visible|entry)', code):
            return False  # the register written again, or the kernel's end
    return False


def rule_f2f(path):
    lines = open(path).read().split('\n')
    n = 0
    for i, line in enumerate(lines):
        m = re.search(r'cvt\.(rn|rz|rm|rp)\.(f16|bf16)\.f32\s+([%\w]+)\s*,', line)
        if m and (m.group(1) in ('rm', 'rp') or wants_f2f(lines, i, m.group(2), m.group(3))):
            n += 1
    return n


def main(argv):
    nvdisasm = 'nvdisasm'
    if len(argv) > 2 and argv[1] == '--nvdisasm':
        nvdisasm, argv = argv[2], argv[:1] + argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        text = '.version 8.8\n.target sm_90\n.address_size 64\n'
        for ty in ('f16', 'bf16'):
            text += ''.join(kernel(f'k_{ty}_{i}', ty, 'rn', b) for i, b in enumerate(READERS.values()))
            text += ''.join(kernel(f'k_{ty}_{r}', ty, r, READERS['st.b16']) for r in ROUNDINGS)
            text += kernel(f'k_{ty}_neg', ty, 'rn', READERS['st.b16']).replace(
                f'cvt.rn.{ty}.f32 h, %f1;', f'neg.f32 %f3, %f1;\n cvt.rn.{ty}.f32 h, %f3;')
        forms = forms_by_kernel(sass_of(text, nvdisasm, tmp))
        for ty in ('f16', 'bf16'):
            for i, reader in enumerate(READERS):
                print(f'cvt.rn.{ty}.f32, read by {reader:12s}: {"; ".join(forms.get(f"k_{ty}_{i}", ["(none)"]))}')
            for r in ROUNDINGS:
                print(f'cvt.{r}.{ty}.f32, read by {"st.b16":12s}: {"; ".join(forms.get(f"k_{ty}_{r}", ["(none)"]))}')
            print(f'cvt.rn.{ty}.f32 of a neg.f32, read by st.b16: {"; ".join(forms.get(f"k_{ty}_neg", ["(none)"]))}')
        bad = 0
        for path in argv[1:]:
            sass = sass_of(open(path).read(), nvdisasm, tmp)
            got, want = len(re.findall(r'F2F\.(?:F16|BF16)\.F32', sass)), rule_f2f(path)
            bad += got != want
            print(f'{os.path.basename(path):45s} F2F: rule {want:3d}, ptxas {got:3d}{"" if got == want else "  DIFFER"}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
