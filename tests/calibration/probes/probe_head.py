"""The head every generated probe .cu shares: repeat macros, the clock read and a clock spin.

gen_ifetch.py, gen_stq.py and gen_stq2.py build their HDR from these pieces; the text is the one
the measured files (probe_ifetch.cu.xz, probe_stq.cu.xz, probe_stq2.cu) were generated with.
"""

_REPEAT = {
    4: '#define R4(x) x x x x\n',
    8: '#define R8(x) R4(x) R4(x)\n',
    16: '#define R16(x) R4(R4(x))\n',
    32: '#define R32(x) R16(x) R16(x)\n',
    64: '#define R64(x) R4(R16(x))\n',
}

CLOCK = r'''__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
'''


def repeats(*counts):
    """#define RN(x): x written N times, for each N of counts, in that order."""
    return ''.join(_REPEAT[n] for n in counts)


def spin(name, limit, comment=''):
    """A function NAME that spins on the clock until LIMIT cycles have passed (a C expression)."""
    args = 'unsigned n' if limit == 'n' else ''
    return (comment + f'__device__ __forceinline__ void {name}({args}) {{\n'
            '    unsigned long long s = clk();\n'
            f'    while (clk() - s < {limit}) {{\n'
            '    }\n'
            '}\n')
