/* The opcode table's rows as data, and the names of types, spaces and special registers. */
#include "opcodes.h"
#include "suffix.h"

#include <string.h>

const ws_opinfo ws_optable[WS_OP_COUNT] = {
#define OP(id, mn, shape, sfx, cls, lat, pipe, ex, doc) [WS_OP_##id] = {mn, shape, (sfx), cls, lat, pipe, doc},
#include "opcodes.def"
#undef OP
};

static const char *const latency_names[LAT_CLASS_COUNT] = {
    [LAT_ALU] = "alu",       [LAT_ADD] = "add",       [LAT_MUL] = "mul",       [LAT_FMA] = "fma",
    [LAT_DIV] = "div",       [LAT_SFU] = "sfu",       [LAT_CONV] = "conv",     [LAT_MEM] = "mem",
    [LAT_STORE] = "store",   [LAT_ATOM] = "atom",     [LAT_BRANCH] = "branch", [LAT_CALL] = "call",
    [LAT_SHFL] = "shfl",     [LAT_VOTE] = "vote",     [LAT_MATCH] = "match",   [LAT_REDUX] = "redux",
    [LAT_SYNC] = "sync",     [LAT_BAR] = "bar",       [LAT_POPC] = "popc",     [LAT_CLZ] = "clz",
    [LAT_BFIND] = "bfind",   [LAT_BREV] = "brev",     [LAT_BFE] = "bfe",       [LAT_BFI] = "bfi",
    [LAT_MUL24] = "mul24",
};

const char *ws_op_class_name(ws_op_class c)
{
    static const char *const names[CLS_COUNT] = {
        [CLS_ALU] = "alu",       [CLS_LOAD] = "load",     [CLS_STORE] = "store",   [CLS_ATOMIC] = "atomic",
        [CLS_COLLECTIVE] = "collective", [CLS_ORDER] = "order", [CLS_BRANCH] = "branch", [CLS_CALL] = "call",
        [CLS_RETURN] = "return", [CLS_EXIT] = "exit",     [CLS_TRAP] = "trap",     [CLS_BARRIER] = "barrier",
    };
    return (unsigned)c < CLS_COUNT ? names[c] : "?";
}

static void add_reg(uint32_t *list, uint32_t *n, uint32_t cap, uint32_t r)
{
    if (r != WS_NO_REG && *n < cap)
        list[(*n)++] = r;
}

void ws_insn_reg_use(const ws_insn *in, ws_reg_use *u)
{
    const uint32_t scap = sizeof u->src / sizeof u->src[0], dcap = sizeof u->dst / sizeof u->dst[0];
    u->nsrc = u->ndst = 0;
    add_reg(u->src, &u->nsrc, scap, in->guard);
    unsigned i = 0;
    for (const char *s = ws_optable[in->op].shape; *s && i < in->nops; s++) {
        if (*s == '?') /* the optional tail, not an operand */
            continue;
        const ws_operand *o = &in->ops[i++];
        int dst = *s == 'd' || *s == 'D' || *s == 'P';
        uint32_t *list = dst ? u->dst : u->src, *n = dst ? &u->ndst : &u->nsrc, cap = dst ? dcap : scap;
        switch (o->kind) {
        case WS_OPND_REG: add_reg(list, n, cap, o->reg); break;
        case WS_OPND_VEC:
            for (unsigned v = 0; v < o->nvec; v++)
                add_reg(list, n, cap, o->regs[v]);
            break;
        case WS_OPND_ADDR: add_reg(u->src, &u->nsrc, scap, o->reg); break; /* a base is read, whatever the role */
        default: break;
        }
    }
    add_reg(u->dst, &u->ndst, dcap, in->dpred);
}

const char *ws_issue_pipe_name(ws_issue_pipe p)
{
    static const char *const names[PIPE_COUNT] = {[PIPE_NONE] = "-",         [PIPE_ALU] = "alu",
                                                  [PIPE_ALU_F32] = "alu (f32 too)", [PIPE_ALU_ALL] = "alu (every type)",
                                                  [PIPE_IMAD] = "imad",      [PIPE_ADD] = "alu or imad",
                                                  [PIPE_XU] = "xu",          [PIPE_MUFU] = "xu (fix-ups)",
                                                  [PIPE_MUFU_APPROX] = "xu (.approx; fix-ups)",
                                                  [PIPE_MUFU_RCP] = "xu (.approx; rcp's fix-ups)",
                                                  [PIPE_CONV] = "by its types", [PIPE_FMA] = "fma"};
    return (unsigned)p < PIPE_COUNT ? names[p] : "?";
}

const char *ws_latency_name(ws_latency_class c)
{
    return (unsigned)c < LAT_CLASS_COUNT ? latency_names[c] : "?";
}

static const char *const type_names[WS_T_COUNT] = {
    [WS_T_NONE] = "", [WS_T_PRED] = "pred", [WS_T_B8] = "b8",   [WS_T_B16] = "b16", [WS_T_B32] = "b32",
    [WS_T_B64] = "b64", [WS_T_U8] = "u8",   [WS_T_U16] = "u16", [WS_T_U32] = "u32", [WS_T_U64] = "u64",
    [WS_T_S8] = "s8",   [WS_T_S16] = "s16", [WS_T_S32] = "s32", [WS_T_S64] = "s64", [WS_T_F16] = "f16",
    [WS_T_F32] = "f32", [WS_T_F64] = "f64", [WS_T_F16X2] = "f16x2", [WS_T_BF16] = "bf16", [WS_T_BF16X2] = "bf16x2",
    [WS_T_U16X2] = "u16x2", [WS_T_S16X2] = "s16x2",
};

const char *ws_type_name(ws_type t) { return (unsigned)t < WS_T_COUNT ? type_names[t] : "?"; }

const char *ws_space_name(ws_space s)
{
    static const char *const names[] = {"", "generic", "global", "shared", "local", "param", "const"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static const char *const sreg_names[WS_SREG_COUNT] = {
    [WS_SREG_TID_X] = "%tid.x",           [WS_SREG_TID_Y] = "%tid.y",
    [WS_SREG_TID_Z] = "%tid.z",           [WS_SREG_NTID_X] = "%ntid.x",
    [WS_SREG_NTID_Y] = "%ntid.y",         [WS_SREG_NTID_Z] = "%ntid.z",
    [WS_SREG_CTAID_X] = "%ctaid.x",       [WS_SREG_CTAID_Y] = "%ctaid.y",
    [WS_SREG_CTAID_Z] = "%ctaid.z",       [WS_SREG_NCTAID_X] = "%nctaid.x",
    [WS_SREG_NCTAID_Y] = "%nctaid.y",     [WS_SREG_NCTAID_Z] = "%nctaid.z",
    [WS_SREG_LANEID] = "%laneid",         [WS_SREG_WARPID] = "%warpid",
    [WS_SREG_NWARPID] = "%nwarpid",       [WS_SREG_SMID] = "%smid",
    [WS_SREG_NSMID] = "%nsmid",           [WS_SREG_GRIDID] = "%gridid",
    [WS_SREG_LANEMASK_EQ] = "%lanemask_eq", [WS_SREG_LANEMASK_LT] = "%lanemask_lt",
    [WS_SREG_LANEMASK_LE] = "%lanemask_le", [WS_SREG_LANEMASK_GT] = "%lanemask_gt",
    [WS_SREG_LANEMASK_GE] = "%lanemask_ge", [WS_SREG_CLOCK] = "%clock",
    [WS_SREG_CLOCK_HI] = "%clock_hi",     [WS_SREG_CLOCK64] = "%clock64",
    [WS_SREG_GLOBALTIMER] = "%globaltimer", [WS_SREG_DYN_SMEM] = "%dynamic_smem_size",
    [WS_SREG_TOTAL_SMEM] = "%total_smem_size",
    [WS_SREG_GLOBALTIMER_LO] = "%globaltimer_lo", [WS_SREG_GLOBALTIMER_HI] = "%globaltimer_hi",
    [WS_SREG_AGGR_SMEM] = "%aggr_smem_size",
    [WS_SREG_RSMEM_BEGIN] = "%reserved_smem_offset_begin", [WS_SREG_RSMEM_END] = "%reserved_smem_offset_end",
    [WS_SREG_RSMEM_CAP] = "%reserved_smem_offset_cap", [WS_SREG_RSMEM_0] = "%reserved_smem_offset_0",
    [WS_SREG_RSMEM_1] = "%reserved_smem_offset_1",
};

const char *ws_sreg_name(ws_sreg s) { return (unsigned)s < WS_SREG_COUNT ? sreg_names[s] : "?"; }

int ws_sreg_lookup(const char *name, size_t len)
{
    for (int i = 0; i < WS_SREG_COUNT; i++)
        if (strlen(sreg_names[i]) == len && memcmp(sreg_names[i], name, len) == 0)
            return i;
    return -1;
}

/* Every suffix word with the group it belongs to and its value in that group. A word may
 * belong to several groups (.and is setp's boolean operation and atom's operation); the
 * opcode's row says which groups it accepts, and the first of those wins. */
/* clang-format off */
const ws_suffix ws_suffixes[] = {
    {"pred", SFX_TYPE, WS_T_PRED}, {"b8", SFX_TYPE, WS_T_B8},   {"b16", SFX_TYPE, WS_T_B16},
    {"b32", SFX_TYPE, WS_T_B32},   {"b64", SFX_TYPE, WS_T_B64}, {"u8", SFX_TYPE, WS_T_U8},
    {"u16", SFX_TYPE, WS_T_U16},   {"u32", SFX_TYPE, WS_T_U32}, {"u64", SFX_TYPE, WS_T_U64},
    {"s8", SFX_TYPE, WS_T_S8},     {"s16", SFX_TYPE, WS_T_S16}, {"s32", SFX_TYPE, WS_T_S32},
    {"s64", SFX_TYPE, WS_T_S64},   {"f16", SFX_TYPE, WS_T_F16}, {"f32", SFX_TYPE, WS_T_F32},
    {"f64", SFX_TYPE, WS_T_F64},   {"f16x2", SFX_TYPE, WS_T_F16X2}, {"bf16", SFX_TYPE, WS_T_BF16},
    {"bf16x2", SFX_TYPE, WS_T_BF16X2}, {"u16x2", SFX_TYPE, WS_T_U16X2}, {"s16x2", SFX_TYPE, WS_T_S16X2},
    {"relu", SFX_RELU, WS_MOD_RELU}, {"add", SFX_VIDEO, WS_MOD_VIDEO_ADD},
    {"noftz", SFX_NOFTZ, WS_MOD_NOFTZ},
    {"global", SFX_SPACE, WS_SPACE_GLOBAL}, {"shared", SFX_SPACE, WS_SPACE_SHARED},
    {"shared::cta", SFX_SPACE, WS_SPACE_SHARED}, {"local", SFX_SPACE, WS_SPACE_LOCAL},
    {"param", SFX_SPACE, WS_SPACE_PARAM},   {"const", SFX_SPACE, WS_SPACE_CONST},
    {"v2", SFX_VEC, 2}, {"v4", SFX_VEC, 4},
    {"rn", SFX_RND, WS_RND_RN},   {"rz", SFX_RND, WS_RND_RZ},   {"rm", SFX_RND, WS_RND_RM},
    {"rp", SFX_RND, WS_RND_RP},   {"rni", SFX_RND, WS_RND_RNI}, {"rzi", SFX_RND, WS_RND_RZI},
    {"rmi", SFX_RND, WS_RND_RMI}, {"rpi", SFX_RND, WS_RND_RPI},
    {"ftz", SFX_FTZ, WS_MOD_FTZ}, {"sat", SFX_SAT, WS_MOD_SAT},
    {"lo", SFX_HILO, WS_MUL_LO},  {"hi", SFX_HILO, WS_MUL_HI},  {"wide", SFX_HILO, WS_MUL_WIDE},
    {"approx", SFX_APPROX, WS_MOD_APPROX}, {"full", SFX_APPROX, WS_MOD_FULL},
    {"eq", SFX_CMP, WS_CMP_EQ},   {"ne", SFX_CMP, WS_CMP_NE},   {"lt", SFX_CMP, WS_CMP_LT},
    {"le", SFX_CMP, WS_CMP_LE},   {"gt", SFX_CMP, WS_CMP_GT},   {"ge", SFX_CMP, WS_CMP_GE},
    {"lo", SFX_CMP, WS_CMP_LO},   {"ls", SFX_CMP, WS_CMP_LS},   {"hi", SFX_CMP, WS_CMP_HI},
    {"hs", SFX_CMP, WS_CMP_HS},   {"equ", SFX_CMP, WS_CMP_EQU}, {"neu", SFX_CMP, WS_CMP_NEU},
    {"ltu", SFX_CMP, WS_CMP_LTU}, {"leu", SFX_CMP, WS_CMP_LEU}, {"gtu", SFX_CMP, WS_CMP_GTU},
    {"geu", SFX_CMP, WS_CMP_GEU}, {"num", SFX_CMP, WS_CMP_NUM}, {"nan", SFX_CMP, WS_CMP_NAN},
    {"and", SFX_BOOL, WS_BOOL_AND}, {"or", SFX_BOOL, WS_BOOL_OR}, {"xor", SFX_BOOL, WS_BOOL_XOR},
    {"sync", SFX_SYNC, WS_MOD_SYNC}, {"sync", SFX_BARMODE, 0}, {"arrive", SFX_BARMODE, WS_MOD_ARRIVE},
    {"up", SFX_SHFLMODE, WS_SHFL_UP}, {"down", SFX_SHFLMODE, WS_SHFL_DOWN},
    {"bfly", SFX_SHFLMODE, WS_SHFL_BFLY}, {"idx", SFX_SHFLMODE, WS_SHFL_IDX},
    {"all", SFX_VOTEMODE, WS_VOTE_ALL}, {"any", SFX_VOTEMODE, WS_VOTE_ANY},
    {"uni", SFX_VOTEMODE, WS_VOTE_UNI}, {"ballot", SFX_VOTEMODE, WS_VOTE_BALLOT},
    {"add", SFX_OP, WS_AOP_ADD}, {"min", SFX_OP, WS_AOP_MIN}, {"max", SFX_OP, WS_AOP_MAX},
    {"and", SFX_OP, WS_AOP_AND}, {"or", SFX_OP, WS_AOP_OR},   {"xor", SFX_OP, WS_AOP_XOR},
    {"inc", SFX_OP, WS_AOP_INC}, {"dec", SFX_OP, WS_AOP_DEC}, {"exch", SFX_OP, WS_AOP_EXCH},
    {"cas", SFX_OP, WS_AOP_CAS},
    {"uni", SFX_UNI, WS_MOD_UNI}, {"to", SFX_TO, WS_MOD_TO},
    {"volatile", SFX_MEMORD, WS_SEM_VOLATILE}, {"relaxed", SFX_MEMORD, WS_SEM_RELAXED},
    {"acquire", SFX_MEMORD, WS_SEM_ACQUIRE}, {"release", SFX_MEMORD, WS_SEM_RELEASE},
    {"acq_rel", SFX_MEMORD, WS_SEM_ACQ_REL}, {"sc", SFX_MEMORD, WS_SEM_SC},
    {"weak", SFX_MEMORD, WS_SEM_WEAK}, {"mmio", SFX_MEMORD, WS_SEM_MMIO},
    {"cta", SFX_SCOPE, WS_SCOPE_CTA}, {"gpu", SFX_SCOPE, WS_SCOPE_GPU}, {"sys", SFX_SCOPE, WS_SCOPE_SYS},
    {"gl", SFX_SCOPE, WS_SCOPE_GL}, {"cluster", SFX_SCOPE, WS_SCOPE_CLUSTER},
    {"nc", SFX_CACHE, WS_MOD_NC}, {"ca", SFX_CACHE, 0}, {"cg", SFX_CACHE, WS_MOD_CG}, {"cs", SFX_CACHE, 0},
    {"lu", SFX_CACHE, 0}, {"cv", SFX_CACHE, 0}, {"wb", SFX_CACHE, 0}, {"wt", SFX_CACHE, 0},
    /* eviction priorities and prefetch sizes: hints, no effect on results (check.c: where they go) */
    {"L1::evict_normal", SFX_CACHE, 0}, {"L1::evict_unchanged", SFX_CACHE, 0}, {"L1::evict_first", SFX_CACHE, 0},
    {"L1::evict_last", SFX_CACHE, 0}, {"L1::no_allocate", SFX_CACHE, 0},
    {"L2::64B", SFX_CACHE, 0}, {"L2::128B", SFX_CACHE, 0}, {"L2::256B", SFX_CACHE, 0},
    {"aligned", SFX_ALIGNED, WS_MOD_ALIGNED}, {"NaN", SFX_NAN, WS_MOD_NAN},
    {"cc", SFX_CC, WS_MOD_CC}, {"shiftamt", SFX_SHIFTAMT, WS_MOD_SHIFTAMT},
    {"f4e", SFX_PRMT, 1}, {"b4e", SFX_PRMT, 2}, {"rc8", SFX_PRMT, 3}, {"ecl", SFX_PRMT, 4},
    {"ecr", SFX_PRMT, 5}, {"rc16", SFX_PRMT, 6},
    {"l", SFX_SHF, WS_MOD_SHF_L}, {"r", SFX_SHF, 0}, {"wrap", SFX_SHF, WS_MOD_WRAP}, {"clamp", SFX_SHF, 0},
    {"finite", SFX_TESTP, 0}, {"infinite", SFX_TESTP, 1}, {"number", SFX_TESTP, 2},
    {"notanumber", SFX_TESTP, 3}, {"normal", SFX_TESTP, 4}, {"subnormal", SFX_TESTP, 5},
    {"clamp", SFX_BMODE, WS_BMODE_CLAMP}, {"wrap", SFX_BMODE, WS_BMODE_WRAP},
    {"launch_dependents", SFX_GRIDDEP, WS_GRIDDEP_LAUNCH}, {"wait", SFX_GRIDDEP, WS_GRIDDEP_WAIT},
    {"global", SFX_ISSPACE, WS_ISSPACE_GLOBAL}, {"shared", SFX_ISSPACE, WS_ISSPACE_SHARED},
    {"shared::cta", SFX_ISSPACE, WS_ISSPACE_SHARED_CTA}, {"shared::cluster", SFX_ISSPACE, WS_ISSPACE_SHARED_CLUSTER},
    {"local", SFX_ISSPACE, WS_ISSPACE_LOCAL}, {"const", SFX_ISSPACE, WS_ISSPACE_CONST},
    {"param", SFX_ISSPACE, WS_ISSPACE_PARAM}, {"param::entry", SFX_ISSPACE, WS_ISSPACE_PARAM_ENTRY},
    {NULL, 0, 0},
};
/* clang-format on */

const char *ws_suffix_name(uint64_t group, unsigned value)
{
    for (const ws_suffix *s = ws_suffixes; s->name; s++)
        if (s->group == group && s->value == value)
            return s->name;
    return NULL;
}

void ws_kernel_float_registers(const ws_kernel *k, uint8_t *is_float)
{
    for (uint32_t i = 0; i < k->nregs; i++)
        is_float[i] = k->regs[i].type == WS_T_F32;
    for (int changed = 1; changed;) { /* propagate along mov and shfl until nothing changes */
        changed = 0;
        for (uint32_t i = 0; i < k->ninsns; i++) {
            const ws_insn *in = &k->insns[i];
            if (!(in->op == WS_OP_MOV || in->op == WS_OP_SHFL) || in->nops < 2 ||
                ws_type_bits((ws_type)in->type) != 32)
                continue;
            const ws_operand *d = &in->ops[0], *a = &in->ops[1];
            if (d->kind != WS_OPND_REG || a->kind != WS_OPND_REG || d->reg >= k->nregs || a->reg >= k->nregs)
                continue;
            if (is_float[d->reg] != is_float[a->reg]) {
                is_float[d->reg] = is_float[a->reg] = 1;
                changed = 1;
            }
        }
    }
}
