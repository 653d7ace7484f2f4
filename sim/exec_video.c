/* Executors for the SIMD video instructions vadd2 ... vset4: what each lane computes, in the
 * words of the PTX ISA ("SIMD Video Instructions"), with the default selectors (a's and b's
 * half-words or bytes in order) and mask (all of them); the parser refuses other selectors.
 * nvcc writes vabsdiff4 and vabsdiff2.add for __vabsdiffu4, __vabsss4, __vsadu2 and friends;
 * programs/probe_video runs every form on the H200. */
#include "sim.h"

#include "rows.h"

typedef enum { V_ADD, V_SUB, V_AVRG, V_ABSDIFF, V_MIN, V_MAX, V_SET } video_op;

/* Element i of v (`bits` wide), sign- or zero-extended: extractAndSignExt_2/_4. */
static int64_t element(uint32_t v, unsigned i, unsigned bits, int sgn)
{
    int64_t e = (v >> (i * bits)) & ((1u << bits) - 1);
    return sgn && (e >> (bits - 1)) ? e - ((int64_t)1 << bits) : e;
}

static int64_t clamp(int64_t t, unsigned bits, int sgn)
{
    int64_t lo = sgn ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = sgn ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    return t < lo ? lo : t > hi ? hi : t;
}

static int compare(int64_t a, int64_t b, unsigned cmp)
{
    switch (cmp) {
    case WS_CMP_EQ: return a == b;
    case WS_CMP_NE: return a != b;
    case WS_CMP_LT: return a < b;
    case WS_CMP_LE: return a <= b;
    case WS_CMP_GT: return a > b;
    default: return a >= b; /* .ge: the parser admits no other comparison */
    }
}

static int64_t apply(video_op op, int64_t a, int64_t b, unsigned cmp)
{
    switch (op) {
    case V_ADD: return a + b;
    case V_SUB: return a - b;
    case V_AVRG: return a + b >= 0 ? (a + b + 1) >> 1 : (a + b) >> 1; /* halves round away from zero */
    case V_ABSDIFF: return a > b ? a - b : b - a;
    case V_MIN: return a < b ? a : b;
    case V_MAX: return a > b ? a : b;
    default: return compare(a, b, cmp);
    }
}

/* vop2/vop4 and vset2/vset4: t[i] = op(Va[i], Vb[i]), clamped to the .dtype's element range
 * with .sat; d = c + the sum of the t[i] with .add, else the t[i] (truncated to the element)
 * in their positions (the default mask writes every element, so c is not read). */
void ex_video(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    static const video_op ops[] = {
        [WS_OP_VADD2] = V_ADD, [WS_OP_VSUB2] = V_SUB,   [WS_OP_VAVRG2] = V_AVRG,       [WS_OP_VABSDIFF2] = V_ABSDIFF,
        [WS_OP_VMIN2] = V_MIN, [WS_OP_VMAX2] = V_MAX,   [WS_OP_VSET2] = V_SET,         [WS_OP_VADD4] = V_ADD,
        [WS_OP_VSUB4] = V_SUB, [WS_OP_VAVRG4] = V_AVRG, [WS_OP_VABSDIFF4] = V_ABSDIFF, [WS_OP_VMIN4] = V_MIN,
        [WS_OP_VMAX4] = V_MAX, [WS_OP_VSET4] = V_SET,
    };
    ROWS;
    video_op op = ops[in->op];
    unsigned n = in->op >= WS_OP_VADD4 ? 4 : 2, bits = 32 / n;
    /* vset has no .dtype: its types are .atype.btype */
    ws_type dt = op == V_SET ? WS_T_U32 : (ws_type)in->type;
    ws_type at = op == V_SET ? (ws_type)in->type : (ws_type)in->type2;
    ws_type bt = op == V_SET ? (ws_type)in->type2 : (ws_type)in->type3;
    int dsgn = dt == WS_T_S32, asgn = at == WS_T_S32, bsgn = bt == WS_T_S32;
    int sat = (in->mods & WS_MOD_SAT) != 0, add = (in->mods & WS_MOD_VIDEO_ADD) != 0;
    FOR_EACH_LANE(mask, l) {
        uint32_t a = (uint32_t)A(l), b = (uint32_t)B(l), d = add ? (uint32_t)C(l) : 0;
        for (unsigned i = 0; i < n; i++) {
            int64_t t = apply(op, element(a, i, bits, asgn), element(b, i, bits, bsgn), in->cmp);
            if (sat)
                t = clamp(t, bits, dsgn);
            if (add)
                d += (uint32_t)t;
            else
                d |= ((uint32_t)t & ((1u << bits) - 1)) << (i * bits);
        }
        set_reg(x, D, l, d);
    }
}
