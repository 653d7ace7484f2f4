/* isa: the PTX subset warpsim understands, as a decoded program (public: installed beside
 * warpsim.h, which includes it).
 *
 * PTX text goes in (ws_module_parse), a module comes out: kernels whose instructions have
 * their registers resolved to dense indices, their labels to instruction indices and their
 * symbols to (space, offset) pairs, so that nothing at run time touches a string.
 * isa knows nothing of the simulator. The opcode numbering and the opcode table behind
 * ws_insn.op are internal (isa/opcodes.h): ws_insn_print names an instruction.
 */
#ifndef WS_ISA_H
#define WS_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- types --------------------------------------------------------------------------------- */
typedef enum {
    WS_T_NONE, WS_T_PRED,
    WS_T_B8, WS_T_B16, WS_T_B32, WS_T_B64,
    WS_T_U8, WS_T_U16, WS_T_U32, WS_T_U64,
    WS_T_S8, WS_T_S16, WS_T_S32, WS_T_S64,
    WS_T_F16, WS_T_F32, WS_T_F64,
    WS_T_F16X2, WS_T_BF16, WS_T_BF16X2, /* halves: one in a .b16 register, a pair in a .b32 (low half first) */
    WS_T_U16X2, WS_T_S16X2,             /* two 16-bit integers in a .b32 register (add, min, max) */
    WS_T_COUNT
} ws_type;

/* Inline: the executors ask these for every instruction. */
static inline unsigned ws_type_bits(ws_type t)
{
    switch (t) {
    case WS_T_PRED: return 1;
    case WS_T_B8: case WS_T_U8: case WS_T_S8: return 8;
    case WS_T_B16: case WS_T_U16: case WS_T_S16: case WS_T_F16: case WS_T_BF16: return 16;
    case WS_T_B32: case WS_T_U32: case WS_T_S32: case WS_T_F32: case WS_T_F16X2: case WS_T_BF16X2:
    case WS_T_U16X2: case WS_T_S16X2: return 32;
    case WS_T_B64: case WS_T_U64: case WS_T_S64: case WS_T_F64: return 64;
    default: return 0;
    }
}
static inline bool ws_type_is_half(ws_type t)
{
    return t == WS_T_F16 || t == WS_T_F16X2 || t == WS_T_BF16 || t == WS_T_BF16X2;
}
static inline bool ws_type_is_packed_int(ws_type t) { return t == WS_T_U16X2 || t == WS_T_S16X2; }
static inline bool ws_type_is_float(ws_type t) { return t == WS_T_F32 || t == WS_T_F64 || ws_type_is_half(t); }
static inline bool ws_type_is_signed(ws_type t) { return (t >= WS_T_S8 && t <= WS_T_S64) || ws_type_is_float(t); }
const char *ws_type_name(ws_type t);

typedef enum { WS_SPACE_NONE, WS_SPACE_GENERIC, WS_SPACE_GLOBAL, WS_SPACE_SHARED, WS_SPACE_LOCAL,
               WS_SPACE_PARAM, WS_SPACE_CONST } ws_space;
const char *ws_space_name(ws_space s);

/* Per-instruction modifiers: which one a field holds depends on the opcode. */
typedef enum { WS_RND_NONE, WS_RND_RN, WS_RND_RZ, WS_RND_RM, WS_RND_RP, WS_RND_RNI, WS_RND_RZI,
               WS_RND_RMI, WS_RND_RPI } ws_rounding;
typedef enum { WS_CMP_NONE, WS_CMP_EQ, WS_CMP_NE, WS_CMP_LT, WS_CMP_LE, WS_CMP_GT, WS_CMP_GE,
               WS_CMP_LO, WS_CMP_LS, WS_CMP_HI, WS_CMP_HS, WS_CMP_EQU, WS_CMP_NEU, WS_CMP_LTU,
               WS_CMP_LEU, WS_CMP_GTU, WS_CMP_GEU, WS_CMP_NUM, WS_CMP_NAN } ws_cmp;
typedef enum { WS_BOOL_NONE, WS_BOOL_AND, WS_BOOL_OR, WS_BOOL_XOR } ws_boolop;
typedef enum { WS_SHFL_UP, WS_SHFL_DOWN, WS_SHFL_BFLY, WS_SHFL_IDX } ws_shfl_mode;
typedef enum { WS_VOTE_ALL, WS_VOTE_ANY, WS_VOTE_UNI, WS_VOTE_BALLOT } ws_vote_mode;
typedef enum { WS_AOP_ADD, WS_AOP_MIN, WS_AOP_MAX, WS_AOP_AND, WS_AOP_OR, WS_AOP_XOR,
               WS_AOP_INC, WS_AOP_DEC, WS_AOP_EXCH, WS_AOP_CAS } ws_atom_op;
typedef enum { WS_MUL_LO, WS_MUL_HI, WS_MUL_WIDE } ws_mul_part; /* default .lo for integers */

/* Boolean modifiers. */
enum {
    WS_MOD_FTZ = 1u << 0, WS_MOD_SAT = 1u << 1, WS_MOD_APPROX = 1u << 2, WS_MOD_FULL = 1u << 3,
    WS_MOD_UNI = 1u << 4, WS_MOD_SYNC = 1u << 5, WS_MOD_TO = 1u << 6, WS_MOD_VOLATILE = 1u << 7,
    WS_MOD_ALIGNED = 1u << 8, WS_MOD_ARRIVE = 1u << 9, WS_MOD_NAN = 1u << 10,
    WS_MOD_SHIFTAMT = 1u << 11, WS_MOD_WRAP = 1u << 12, WS_MOD_SHF_L = 1u << 13,
    WS_MOD_NC = 1u << 14, WS_MOD_EXPLICIT_RND = 1u << 15,
    WS_MOD_CALLPARAM = 1u << 16, /* a .param access to a call-site parameter, kept in lane-local memory */
    WS_MOD_RELU = 1u << 17, WS_MOD_NOFTZ = 1u << 18,
    WS_MOD_INFUNC = 1u << 19,    /* an instruction of a .func linked into a kernel: ret returns to the caller */
    WS_MOD_CC = 1u << 20,        /* .cc: writes the carry flag */
    WS_MOD_MMIO = 1u << 21,      /* ld/st .mmio (with .relaxed.sys): memory-mapped I/O, no other effect here */
    WS_MOD_VIDEO_ADD = 1u << 22, /* video .add: the results are added to c (not merged with it) */
    WS_MOD_CG = 1u << 23,        /* ld .cg: cached in L2, not L1 (its latency is an L2 hit's) */
};

/* The carry chain's flag CC.CF lives per lane in a hidden .pred register the parser declares
 * (%__cc) and names in dpred of every instruction that reads or writes it. */
#define WS_CARRY_REG_NAME "%__cc"

/* ---- special registers --------------------------------------------------------------------- */
typedef enum {
    WS_SREG_TID_X, WS_SREG_TID_Y, WS_SREG_TID_Z, WS_SREG_NTID_X, WS_SREG_NTID_Y, WS_SREG_NTID_Z,
    WS_SREG_CTAID_X, WS_SREG_CTAID_Y, WS_SREG_CTAID_Z, WS_SREG_NCTAID_X, WS_SREG_NCTAID_Y,
    WS_SREG_NCTAID_Z, WS_SREG_LANEID, WS_SREG_WARPID, WS_SREG_NWARPID, WS_SREG_SMID,
    WS_SREG_NSMID, WS_SREG_GRIDID, WS_SREG_LANEMASK_EQ, WS_SREG_LANEMASK_LT, WS_SREG_LANEMASK_LE,
    WS_SREG_LANEMASK_GT, WS_SREG_LANEMASK_GE, WS_SREG_CLOCK, WS_SREG_CLOCK_HI, WS_SREG_CLOCK64,
    WS_SREG_GLOBALTIMER, WS_SREG_DYN_SMEM, WS_SREG_TOTAL_SMEM,
    WS_SREG_GLOBALTIMER_LO, WS_SREG_GLOBALTIMER_HI, WS_SREG_AGGR_SMEM,
    WS_SREG_RSMEM_BEGIN, WS_SREG_RSMEM_END, WS_SREG_RSMEM_CAP, WS_SREG_RSMEM_0, WS_SREG_RSMEM_1,
    WS_SREG_COUNT
} ws_sreg;
const char *ws_sreg_name(ws_sreg s);

/* ---- operands ------------------------------------------------------------------------------- */
typedef enum {
    WS_OPND_NONE,
    WS_OPND_REG,   /* reg */
    WS_OPND_IMM,   /* imm: the bits, already converted to the operand's type */
    WS_OPND_SREG,  /* reg holds a ws_sreg */
    WS_OPND_ADDR,  /* [reg + imm] or [sym + imm] or [imm]; reg = WS_NO_REG when absent */
    WS_OPND_VEC,   /* {regs[0..n-1]}; WS_NO_REG for a sink '_' */
    WS_OPND_SYM,   /* the address of symbol sym (+ imm) */
    WS_OPND_LABEL, /* imm = instruction index */
    WS_OPND_SINK,  /* '_' */
} ws_operand_kind;

#define WS_NO_REG UINT32_MAX
/* An address held in a 32-bit register ([%r1+8]): the sum wraps at 2^32, as the hardware's
 * 32-bit shared and local addresses do (nvcc folds negative offsets into the immediate). */
#define WS_ADDR32 1
/* An immediate that is a function's address (mov.u64 %rd, func): the printer writes the name. */
#define WS_FUNCADDR 2
/* A float source read negated: only in the fma that a contracted mul + add/sub becomes in the
 * simulator's copy of the code (isa/contract.h); never in a parsed module. */
#define WS_FNEG 4
#define WS_NO_SYM UINT32_MAX
#define WS_MAX_OPERANDS 6

typedef struct {
    uint8_t kind;    /* ws_operand_kind */
    uint8_t neg;     /* predicate source written !%p */
    uint8_t nvec;    /* WS_OPND_VEC: number of elements */
    uint8_t flags;   /* WS_ADDR32, WS_FUNCADDR */
    uint32_t reg;
    uint32_t sym;    /* index into the module's symbols, or WS_NO_SYM */
    uint32_t regs[4];
    uint64_t imm;
} ws_operand;

/* ---- instructions --------------------------------------------------------------------------- */
typedef struct {
    uint16_t op;       /* ws_opcode (isa/opcodes.h, internal: the numbering changes as rows are added) */
    uint8_t type;      /* ws_type: the instruction type (cvt: the destination type) */
    uint8_t type2;     /* ws_type: cvt's source type, set's source type */
    uint8_t space;     /* ws_space for ld/st/atom/red/cvta */
    uint8_t vec;       /* 1, 2 or 4 */
    uint8_t rnd;       /* ws_rounding */
    uint8_t cmp;       /* ws_cmp */
    uint8_t sub;       /* mode: ws_shfl_mode / ws_vote_mode / ws_atom_op / ws_boolop / ws_mul_part / prmt mode / testp kind */
    uint8_t nops;
    uint8_t guard_neg; /* @!%p */
    uint8_t sem;       /* memory order word index (ws_suffixes SFX_MEMORD value), 0 none */
    uint8_t scope;     /* scope word index (SFX_SCOPE value), 0 none */
    uint8_t type3;     /* ws_type: a video instruction's third type (vadd4.dtype.atype.btype: .btype) */
    uint16_t src_file; /* -lineinfo: the CUDA source file (.file number, ws_module.files), 0 none */
    uint32_t mods;     /* WS_MOD_* */
    uint32_t guard;    /* predicate register, or WS_NO_REG */
    uint32_t dpred;    /* second destination: shfl/match/setp "|p", or WS_NO_REG */
    uint32_t line, col;/* where it was written */
    uint32_t call;     /* CALL: index into the kernel's call sites */
    uint32_t src_line; /* -lineinfo: the CUDA source line (.loc; inlined code: the line it was inlined at) */
    /* An add/sub that ptxas contracts with the mul producing one of its operands into one fma
     * (isa/contract.h): the mul's instruction index + 1, 0 none; fused_how: WS_FUSE_*. (In what
     * was padding: a kernel has far fewer than 2^30 instructions.) */
    unsigned fused_mul : 30;
    unsigned fused_how : 2;
    ws_operand ops[WS_MAX_OPERANDS];
} ws_insn;

enum {
    WS_FUSE_B = 1,   /* the product is the add's second source (ops[2]), else its first (ops[1]) */
    WS_FUSE_NEG = 2, /* the product reaches the add negated (through neg) */
};

/* ---- symbols, registers, kernels, modules ---------------------------------------------------- */
typedef struct {
    char *name;
    uint8_t space;       /* ws_space */
    uint8_t elem;        /* ws_type of the declaration */
    uint8_t is_extern;   /* .extern .shared x[] : sized at launch */
    uint8_t is_kernel_param;
    uint8_t is_func_param;  /* a .func's parameter or return value: in its frame, not printed as a call-site .param */
    uint32_t align;
    uint64_t size;       /* bytes */
    uint64_t offset;     /* in its space: param buffer, block shared memory, lane local memory, module global/const image */
    uint8_t *init;       /* initial bytes (size), or NULL for zero */
    int32_t kernel;      /* owning kernel, -1 for module scope, -2 - i for the module's .func i */
    uint32_t line, col;
} ws_symbol;

typedef struct {
    char *name;          /* "%r12" */
    uint8_t type;        /* declared ws_type */
} ws_reg_info;

typedef struct {
    uint32_t format_sym; /* unused by the parser: call sites are resolved by name */
    char *callee;        /* "vprintf" or a .func name */
    uint32_t ret_sym;    /* the .param receiving the return value, or WS_NO_SYM */
    uint32_t nargs;
    uint32_t args[8];    /* .param symbols holding the arguments */
    /* A call of a .func, resolved when the module is linked (vprintf: entry = UINT32_MAX). The
     * caller's .param symbols sit in its frame when the caller is itself a .func. */
    uint32_t entry;        /* the callee's first instruction in the kernel */
    uint32_t func;         /* the callee: index in ws_module.fdefs */
    uint32_t reg_first, reg_count; /* the callee's registers in the kernel: saved per call */
    uint64_t caller_frame; /* the caller's frame bytes (a multiple of 16) */
    uint64_t callee_frame; /* the callee's frame bytes (a multiple of 16) */
    uint8_t caller_in_func;
    /* An indirect call (call %rd, ..., prototype): the register holding each lane's function
     * address, and its possible callees: the module's functions whose address is taken
     * (ws_module.addr_funcs) and whose parameters match the prototype, each a call site of its
     * own at calls[first_target ...] (func and entry set). WS_NO_REG: a direct call. */
    uint32_t indirect_reg;
    uint32_t first_target, ntargets;
    char *proto;           /* the prototype as written ("name : .callprototype ..."), for the printer */
    /* A function warpsim provides (func and entry UINT32_MAX): vprintf, or one of the CUDA device
     * runtime's entry points nvcc calls for a device-side launch (sim/cdp.c). WS_BUILTIN_NONE: a
     * .func of the module, or an indirect call. */
    uint8_t builtin;
} ws_call_site;

/* The functions warpsim provides: X(ID, PTX name, parameters, returns a value). */
#define WS_BUILTINS(X)                                                   \
    X(VPRINTF, "vprintf", 2, 1)                                          \
    X(CDP_PARAM_BUFFER, "__cudaCDP2GetParameterBufferV2", 4, 1)          \
    X(CDP_LAUNCH, "__cudaCDP2LaunchDeviceV2", 2, 1)                      \
    X(CDP_GET_LAST_ERROR, "__cudaCDP2GetLastError", 0, 1)                \
    X(CDP_PEEK_LAST_ERROR, "__cudaCDP2PeekAtLastError", 0, 1)
enum {
    WS_BUILTIN_NONE,
#define WS_BUILTIN_ENUM_(id, name, nargs, ret) WS_BUILTIN_##id,
    WS_BUILTINS(WS_BUILTIN_ENUM_)
#undef WS_BUILTIN_ENUM_
    WS_BUILTIN_COUNT
};

/* A function's address, as a register or an initialiser holds it: a generic address no memory
 * answers to, one per function whose address the module takes (ws_module.addr_funcs[i]). */
#define WS_FUNC_ADDR_BASE 0x00007a0000000000ull
#define WS_FUNC_ADDR(i) (WS_FUNC_ADDR_BASE + 16 * ((uint64_t)(i) + 1))
/* A kernel's address (mov.u64 %rd, kernel): as opaque, a launch target for the device runtime
 * (a device-side launch, sim/cdp.c) and nothing else, one per kernel whose address the module
 * takes (ws_module.addr_kernels[i]). */
#define WS_KERNEL_ADDR_BASE 0x0000790000000000ull
#define WS_KERNEL_ADDR(i) (WS_KERNEL_ADDR_BASE + 16 * ((uint64_t)(i) + 1))

typedef struct {
    char *name;
    uint32_t nparams;
    uint32_t *params;         /* symbol indices of the .param list, in order */
    uint64_t param_bytes;     /* size of the packed parameter buffer */
    uint32_t ninsns;
    ws_insn *insns;
    uint32_t nregs;
    ws_reg_info *regs;
    uint64_t shared_bytes;    /* static .shared bytes (module and kernel scope) */
    uint64_t local_bytes;     /* per-lane .local bytes (depot and call parameters) */
    uint32_t ncalls;
    ws_call_site *calls;
    uint32_t *label_of;       /* per instruction (and one past the end): the label a branch to it is printed
                                 with (the first by name of those there), or UINT32_MAX */
    char **labels;            /* label names, by label index */
    uint32_t nlabels;
    uint32_t *label_pc;       /* label index -> instruction index */
    uint32_t line, col;
    /* A kernel that calls .func bodies has them linked in after its own code, each with its
     * registers, labels and call sites renumbered into the kernel's (instructions flagged
     * WS_MOD_INFUNC). The n* fields count the kernel's own; the printer prints only those. */
    uint32_t nbody, nbody_regs, nbody_labels, nbody_calls;
    uint32_t frame_reg;       /* a .func's frame base per lane (hidden register), or WS_NO_REG */
    uint64_t frame_bytes;     /* the kernel's own local bytes; local_bytes adds the call stack */
    /* a .func (ws_module.fdefs): its return .param, or WS_NO_SYM; params are frame-local */
    uint32_t ret_sym;
    /* .maxntid and .reqntid (0 0 0: none): a launch whose block breaks them fails on the GPU */
    uint32_t maxntid[3], reqntid[3];
} ws_kernel;

/* Bytes of call stack each lane has for .func frames (WS_CALL_STACK_BYTES): a frame is the
 * function's .local and .param bytes rounded up to 16, plus 16 for the return address. */
#define WS_CALL_STACK_BYTES (32u * 1024u)
#define WS_CALL_FRAME_OVERHEAD 16u

typedef struct ws_module {
    char *path;
    char *version;            /* ".version 9.0" text */
    char *target;
    unsigned address_size;
    uint32_t nkernels;
    ws_kernel *kernels;
    uint32_t nsymbols;
    ws_symbol *symbols;
    uint64_t global_bytes;    /* module .global variables' image */
    uint64_t const_bytes;     /* module .const image */
    uint32_t nfuncs;          /* declared .func names (vprintf and prototypes) */
    char **funcs;
    uint32_t nfdefs;          /* .func definitions (with a body), linked into the kernels that call them */
    ws_kernel *fdefs;
    uint32_t naddr_funcs;     /* functions whose address the module takes (mov, initialisers): */
    char **addr_funcs;        /*   their names, WS_FUNC_ADDR(i) for the i-th, */
    uint32_t *addr_func_def;  /*   and each one's index in fdefs */
    uint32_t naddr_kernels;   /* kernels whose address the module takes (device-side launches): */
    char **addr_kernels;      /*   their names, WS_KERNEL_ADDR(i) for the i-th, */
    uint32_t *addr_kernel_def;/*   and each one's index in kernels */
    uint32_t nfiles;          /* -lineinfo: .file N "path" as files[N] (NULL where no N was declared) */
    char **files;
    uint64_t memory_bytes;    /* what parsing it took, at most (the text of a loaded file included) */
    /* This parse's number, unique in the process and never 0 (0: a module made otherwise). A
     * module is read-only once parsed (the simulator takes it const): a machine that prepared one
     * of its kernels knows it again by this number and the kernel's address, without comparing
     * the instructions (sim/machine.c, prepare_kernel). */
    uint64_t serial;
} ws_module;

/* Parse errors: where, what was expected, what was found, and the source line. */
typedef struct {
    char file[256];
    unsigned line, column;     /* column: 1-based, in bytes of the line */
    char message[512];
    /* The line, or a window of a long one around the column, with bytes outside printable ASCII
     * written as \xHH; source_column is where the column falls in it (for a caret). */
    char source_line[256];
    unsigned source_column;
    int limit;                 /* the memory limit stopped the parse (not bad input) */
} ws_parse_error;

/* The default memory limit of a run (ws_config.max_memory), which parsing counts too: with
 * what the process takes besides (code, stacks), a run stays under 512 MiB. */
#define WS_DEFAULT_MAX_MEMORY ((uint64_t)480 << 20)

/* Parse a whole PTX module. Returns NULL and fills err on failure. The module may take at most
 * max_memory bytes (0: WS_DEFAULT_MAX_MEMORY), the text of a loaded file included; ws_module's
 * memory_bytes says what it took. */
ws_module *ws_module_parse(const char *text, size_t len, const char *path, ws_parse_error *err);
ws_module *ws_module_load(const char *path, ws_parse_error *err);
ws_module *ws_module_parse_limited(const char *text, size_t len, const char *path, uint64_t max_memory,
                                   ws_parse_error *err);
/* A regular file or a pipe: a directory or a device file is an error that says so. */
ws_module *ws_module_load_limited(const char *path, uint64_t max_memory, ws_parse_error *err);
void ws_module_free(ws_module *m);
/* The kernel named `name` (NULL: the first): its entry name, or for a C++ kernel its demangled
 * name in any form ws_kernel_name_matches accepts (foo, foo<int>, foo(int*)) when exactly one
 * kernel has it. */
const ws_kernel *ws_module_kernel(const ws_module *m, const char *name);
/* How many kernels `name` names (entry or demangled), the first of them in *first. */
unsigned ws_module_kernels_named(const ws_module *m, const char *name, const ws_kernel **first);

/* Which registers hold f32 values: the .f32 ones, and the .b32 ones linked to them by a 32-bit
 * mov or shfl (nvcc moves floats through .b32 registers around shuffles: mov.b32 %r2, %f2;
 * shfl ...; mov.b32 %f3, %r7). is_float has k->nregs entries; traces and the viewer show such
 * registers as floats. */
void ws_kernel_float_registers(const ws_kernel *k, uint8_t *is_float);

/* A register's value as traces and the viewer show it: floats (f64, f32 and the registers
 * is_float marks) with %g, predicates as 0/1, signed types in decimal, unsigned and bit types in
 * decimal below 2^24 and in hex from there (masks, addresses, bit patterns). is_float may be NULL. */
size_t ws_format_register_value(const ws_kernel *k, const uint8_t *is_float, uint32_t reg, uint64_t v, char *buf,
                                size_t cap);

/* -lineinfo: "file.cu:LINE" (the file's base name) of an instruction into buf, or "" when
 * the PTX has no .loc for it. Returns the length. */
size_t ws_insn_source(const ws_module *m, const ws_insn *in, char *buf, size_t cap);
/* The same, as a diagnostic puts it beside the PTX line: " (file.cu:LINE)", or "" without a .loc. */
size_t ws_insn_source_aside(const ws_module *m, const ws_insn *in, char *buf, size_t cap);

/* Print a module back as PTX that ptxas accepts. */
int ws_module_print(const ws_module *m, char **out, size_t *outlen);
/* Print one instruction as PTX (no newline) into buf; returns the length. */
size_t ws_insn_print(const ws_module *m, const ws_kernel *k, const ws_insn *in, char *buf, size_t cap);

#endif
