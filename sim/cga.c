/* cga: the shared window's base, read once per SASS basic block (cga.h). */
#include "cga.h"
#include "cfg.h"

#include <stdlib.h>

void ws_cga_free(ws_cga *c)
{
    free(c->stretch);
    free(c->reads);
    free(c->needs);
    free(c->s2r);
    free(c->gate);
    c->stretch = NULL;
    c->reads = c->needs = c->s2r = c->gate = NULL;
}

static int is_shared_symbol(const ws_module *m, const ws_operand *o)
{
    return (o->kind == WS_OPND_SYM || o->kind == WS_OPND_ADDR) && o->sym != WS_NO_SYM && o->sym < m->nsymbols &&
           m->symbols[o->sym].space == WS_SPACE_SHARED;
}

/* A shared variable's address: mov or cvta of it, or a memory access at [symbol + offset]. */
static int needs_base(const ws_module *m, const ws_insn *in)
{
    if (in->op != WS_OP_MOV && in->op != WS_OP_CVTA && !ws_op_is_memory(in->op))
        return 0;
    for (unsigned i = 0; i < in->nops; i++)
        if (is_shared_symbol(m, &in->ops[i]))
            return 1;
    return 0;
}

/* Whether ptxas turns the divergent code of the guarded branch at pc into predicated code (cga.h), the region the
 * branch's lanes run before they meet again at r (its reconvergence point) in any shape: a guarded forward bra over
 * one PTX block (`@P bra J; ...; J:`), an if/else (`@P bra THEN; bra ELSE`), nested ifs, a join above the branch (a
 * loop's `@P bra NEXT` over its body's tail): at most CGA_IFCONV_MAX instructions besides its branches, none a
 * collective, activemask, barrier, call or end of path, and no loop (the branch itself reached again, or any backward
 * edge in it: ptxas predicates no loop). stack: 2n + 2
 * entries (each instruction pushes at most its two successors), visited: n, left holding the region's instructions
 * (*nvisited of them, in no order); seen: n + 1 bytes, all 0, left so. */
static int ifconverted(const ws_insn *code, uint32_t n, uint32_t pc, uint32_t r, uint32_t *stack, uint32_t *visited,
                       uint8_t *seen, uint32_t *nvisited)
{
    uint32_t sp = 0, nseen = 0, count = 0, succ[2];
    int ok = 1;
    for (unsigned s = ws_insn_successors(code, n, pc, succ); s-- > 0;)
        if (succ[s] != r)
            stack[sp++] = succ[s];
    while (ok && sp) {
        uint32_t i = stack[--sp];
        if (seen[i])
            continue;
        seen[i] = 1;
        visited[nseen++] = i;
        const ws_insn *in = &code[i];
        unsigned ns = ws_insn_successors(code, n, i, succ);
        if (i == pc || !ns ||
            (ws_op_class_of(in->op) != CLS_BRANCH &&
             (ws_op_moves_lanes(in->op) || ws_op_class_of(in->op) == CLS_COLLECTIVE || in->op == WS_OP_ACTIVEMASK ||
              ++count > CGA_IFCONV_MAX)))
            ok = 0;
        for (unsigned s = 0; ok && s < ns; s++) {
            if (succ[s] != r && succ[s] <= i) /* a loop inside the region (probe_bar_release's spin): a branch */
                ok = 0;
            if (succ[s] != r && !seen[succ[s]])
                stack[sp++] = succ[s];
        }
    }
    *nvisited = nseen;
    for (uint32_t i = 0; i < nseen; i++)
        seen[visited[i]] = 0;
    return ok;
}

/* The instruction a branch to a label goes to; UINT32_MAX for any other instruction. */
static uint32_t label_target(const ws_insn *in)
{
    return ws_op_class_of(in->op) == CLS_BRANCH && in->ops[0].kind == WS_OPND_LABEL && in->ops[0].imm < UINT32_MAX
               ? (uint32_t)in->ops[0].imm
               : UINT32_MAX;
}

/* Adds `by` to branched[] at the target of each branch of a predicated region: its branch pc and visited[0..nv). */
static void region_branches(const ws_insn *code, uint32_t n, uint32_t pc, const uint32_t *visited, uint32_t nv,
                            uint32_t *branched, int by)
{
    for (uint32_t v = 0; v <= nv; v++) {
        uint32_t to = label_target(&code[v < nv ? visited[v] : pc]);
        if (to < n)
            branched[to] += (uint32_t)by;
    }
}

/* Whether the guarded branch at pc may be one ptxas predicates (ifconverted's first tests): a guarded bra to a label
 * that is not the next instruction, with a reconvergence point in the kernel. */
static int guarded_forward(const ws_insn *code, uint32_t n, uint32_t pc, const uint32_t *reconv)
{
    const ws_insn *b = &code[pc];
    return ws_op_class_of(b->op) == CLS_BRANCH && b->guard != WS_NO_REG && b->ops[0].kind == WS_OPND_LABEL &&
           reconv[pc] < n && b->ops[0].imm != (uint64_t)pc + 1;
}

/* ws_cga_rejoins (cga.h): the reconvergence point of each guarded branch ptxas keeps as a branch. */
uint8_t *ws_cga_rejoins(const ws_kernel *k, const ws_insn *code, const uint32_t *reconv)
{
    uint32_t n = k->ninsns;
    uint8_t *at = calloc((size_t)n + 1, 1), *seen = calloc((size_t)n + 1, 1);
    uint32_t *stack = malloc(((size_t)n + 1) * 3 * sizeof *stack); /* ifconverted's stack, then its visited */
    if (!at || !seen || !stack || !reconv) {
        free(at);
        free(seen);
        free(stack);
        return NULL;
    }
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t nv;
        if (!guarded_forward(code, n, pc, reconv) ||
            ifconverted(code, n, pc, reconv[pc], stack, stack + 2 * ((size_t)n + 1), seen, &nv))
            continue;
        /* lanes that go to the kernel's end leave there (ptxas: a predicated EXIT), they wait for nobody */
        const ws_insn *r = &code[reconv[pc]];
        if (r->guard == WS_NO_REG &&
            (ws_op_class_of(r->op) == CLS_EXIT || (ws_op_class_of(r->op) == CLS_RETURN && !(r->mods & WS_MOD_INFUNC))))
            continue;
        at[reconv[pc]] = 1;
    }
    free(seen);
    free(stack);
    return at;
}

/* ws_cga_kept_branches (cga.h): the guarded bras ptxas keeps as BRAs. */
uint8_t *ws_cga_kept_branches(const ws_kernel *k, const ws_insn *code, const uint32_t *reconv)
{
    uint32_t n = k->ninsns;
    uint8_t *kept = calloc((size_t)n + 1, 1), *seen = calloc((size_t)n + 1, 1), *leader = calloc((size_t)n + 1, 1);
    uint32_t *stack = malloc(((size_t)n + 1) * 3 * sizeof *stack); /* ifconverted's stack, then its visited */
    if (!kept || !seen || !leader || !stack || !reconv) {
        free(kept);
        free(seen);
        free(leader);
        free(stack);
        return NULL;
    }
    ws_block_starts(k, leader); /* 1: a PTX block's first instruction; with 2: a predicated region's join */
    for (uint32_t pc = 0; pc < n; pc++)
        kept[pc] = code[pc].op == WS_OP_BRA && code[pc].ops[0].imm != (uint64_t)pc + 1 ? CGA_KEPT : 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t nv, *visited = stack + 2 * ((size_t)n + 1);
        if (!guarded_forward(code, n, pc, reconv) || !ifconverted(code, n, pc, reconv[pc], stack, visited, seen, &nv))
            continue;
        kept[pc] = 0; /* the branch and those of its region (an if/else's `bra`) are predicated code */
        for (uint32_t v = 0; v < nv; v++)
            kept[visited[v]] = 0;
        leader[reconv[pc]] |= 2; /* a join of predicated code: ptxas's block goes on across it */
    }
    /* CGA_FED: a guarded kept bra whose PTX block does not begin at such a join */
    for (uint32_t pc = 0, start = 0; pc < n; pc++) {
        if (leader[pc])
            start = pc;
        if (kept[pc] && code[pc].guard != WS_NO_REG && !(leader[start] & 2))
            kept[pc] |= CGA_FED;
    }
    free(seen);
    free(leader);
    free(stack);
    return kept;
}

/* Per instruction, 1 where some lanes of a warp may run it without the others: between a guarded
 * branch and where its lanes meet again (reconv: per instruction, a divergent branch's reconvergence
 * point, cfg.h), a loop's body for a backward one. Every guarded branch counts as divergent (those of
 * the corpus test the thread's index). */
static void mark_divergent(const ws_kernel *k, const ws_insn *code, const uint32_t *reconv, uint8_t *divergent)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++) {
        const ws_insn *b = &code[pc];
        if (ws_op_class_of(b->op) != CLS_BRANCH || b->guard == WS_NO_REG || b->ops[0].kind != WS_OPND_LABEL)
            continue;
        uint32_t target = (uint32_t)b->ops[0].imm, from = target < pc ? target : pc + 1;
        uint32_t to = target < pc ? pc : reconv[pc] != UINT32_MAX ? reconv[pc] : target;
        for (uint32_t i = from; i < to && i < k->ninsns; i++)
            divergent[i] = 1;
    }
}

/* Whether the address instruction pc forms (a mov or cvta of a shared variable) is read outside
 * its SASS block (sass: per instruction, its block's number): then ptxas keeps the base in a
 * register (S2R) for the later blocks. */
static int address_leaves_block(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *sass,
                                uint32_t pc)
{
    const ws_insn *in = &code[pc];
    if (ws_op_is_memory(in->op) || in->ops[0].kind != WS_OPND_REG)
        return 0;
    for (uint32_t j = 0; j < k->ninsns; j++) {
        if (sass[j] == sass[pc])
            continue;
        if (ws_reg_use_reads(&uses[j], in->ops[0].reg))
            return 1;
    }
    return 0;
}

/* gate (cga.h): where a stretch's first need of the base is in a predicated body (guard: the body's
 * branch + 1) and no need of the stretch is outside that body, the setp that writes the branch's
 * guard, in the branch's block and stretch. */
static void mark_gates(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *labels,
                       const uint32_t *body, uint32_t *guard, ws_cga *c)
{
    for (uint32_t pc = 0; pc < k->ninsns; pc++)
        if (c->needs[pc] && guard[c->stretch[pc]] && body[pc] != guard[c->stretch[pc]])
            guard[c->stretch[pc]] = UINT32_MAX;
    for (uint32_t id = 0; id <= k->ninsns; id++) {
        if (!guard[id] || guard[id] == UINT32_MAX)
            continue;
        uint32_t br = guard[id] - 1, p = code[br].guard;
        for (uint32_t i = br; i-- > 0 && c->stretch[i] == id && !labels[i + 1];) {
            if (!ws_reg_use_writes(&uses[i], p))
                continue;
            c->gate[i] = code[i].op == WS_OP_SETP && code[i].guard == WS_NO_REG;
            break;
        }
    }
}

int ws_cga_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint32_t *reconv,
                 const ws_module *m, ws_cga *c)
{
    uint32_t n = k->ninsns;
    c->stretch = malloc(((size_t)n + 1) * sizeof *c->stretch);
    c->reads = calloc((size_t)n + 1, 1);
    c->needs = calloc((size_t)n + 1, 1);
    c->s2r = calloc((size_t)n + 2, 1);
    c->gate = calloc((size_t)n + 1, 1);
    uint8_t *labels = calloc((size_t)n + 1, 1), *block = calloc((size_t)n + 1, 1);
    uint8_t *divergent = calloc((size_t)n + 1, 1);
    uint32_t *body = calloc((size_t)n + 1, sizeof *body);   /* in a predicated body: its branch's pc + 1 */
    uint32_t *guard = calloc((size_t)n + 2, sizeof *guard); /* per stretch: body[] of the body whose read is guarded */
    uint32_t *sass = calloc((size_t)n + 1, sizeof *sass);
    uint8_t *inreg = calloc((size_t)n + 1, 1); /* a predicated region's instructions, its branch's included */
    uint32_t *branched = calloc((size_t)n + 1, sizeof *branched); /* per instruction: the branches to it */
    uint32_t *stack = malloc(((size_t)n + 1) * 3 * sizeof *stack), *visited = stack ? stack + 2 * ((size_t)n + 1) : NULL;
    int rc = -1;
    uint8_t *symreg = NULL, *remat = NULL; /* sreg.cga_remat's (below) */
    if (!c->stretch || !c->reads || !c->needs || !c->s2r || !c->gate || !labels || !block || !inreg || !branched ||
        !stack || !body || !divergent || !sass || !guard) {
        ws_cga_free(c);
        goto done;
    }
    mark_divergent(k, code, reconv, divergent);
    ws_block_starts(k, labels);
    /* sreg.cga_remat: the registers every write of which is a mov of a shared variable's address (remat) */
    uint32_t nregs = 0;
    for (uint32_t pc = 0; pc < n; pc++)
        for (uint32_t i = 0; i < uses[pc].ndst; i++)
            nregs = uses[pc].dst[i] + 1 > nregs ? uses[pc].dst[i] + 1 : nregs;
    symreg = c->remat && nregs ? calloc(nregs, 1) : NULL; /* 1: a symbol's mov writes it, 2: else too */
    remat = symreg ? calloc((size_t)n + 1, 1) : NULL;
    if (c->remat && nregs && (!symreg || !remat)) {
        ws_cga_free(c);
        goto done;
    }
    for (uint32_t pc = 0; symreg && pc < n; pc++)
        for (uint32_t i = 0; i < uses[pc].ndst; i++) {
            uint32_t r = uses[pc].dst[i];
            int sym = code[pc].op == WS_OP_MOV && code[pc].guard == WS_NO_REG && code[pc].nops > 1 &&
                      is_shared_symbol(m, &code[pc].ops[1]);
            symreg[r] = sym && symreg[r] != 2 ? 1 : 2;
        }
    for (uint32_t pc = 0; remat && pc < n; pc++) {
        const ws_insn *in = &code[pc];
        if (!ws_op_is_memory(in->op))
            continue;
        const ws_operand *a = &in->ops[ws_op_address_operand(in->op)];
        if (a->kind == WS_OPND_ADDR && a->reg != WS_NO_REG && a->reg < nregs && symreg[a->reg] == 1)
            remat[pc] = 1;
    }
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &code[pc];
        c->needs[pc] = (uint8_t)(needs_base(m, in) || (remat && remat[pc]));
        block[pc] |= labels[pc];
        if (label_target(in) < n)
            branched[label_target(in)]++;
        if (ws_op_moves_lanes(in->op) && ws_op_class_of(in->op) != CLS_BARRIER) /* bar.sync: not a SASS block end */
            block[pc + 1] = 1;
    }
    /* a predicated branch's region (ifconverted, as branch.rejoin's ws_cga_rejoins) and where its lanes meet again
     * stay in the branch's SASS block, each of them entered from the branch and the region alone */
    for (uint32_t pc = 0; pc < n; pc++) {
        uint32_t nv, r = reconv[pc], target = (uint32_t)code[pc].ops[0].imm;
        if (!guarded_forward(code, n, pc, reconv) || !ifconverted(code, n, pc, r, stack, visited, inreg, &nv))
            continue;
        inreg[pc] = 1;
        for (uint32_t v = 0; v < nv; v++)
            inreg[visited[v]] = 1;
        /* a body over one PTX block (`@P bra J; ...; J:`): its `@P S2R` may be gated (mark_gates); any other shape is
         * predicated too, but under more than the branch's predicate */
        int simple = r == target && nv == target - pc - 1;
        for (uint32_t v = 0; simple && v < nv; v++)
            simple = ws_op_class_of(code[visited[v]].op) != CLS_BRANCH;
        /* who enters the region's instructions and its join: a branch (branched, less the region's own) or a
         * fall-through from outside keeps a block */
        region_branches(code, n, pc, visited, nv, branched, -1);
        for (uint32_t v = 0; v <= nv; v++) {
            uint32_t i = v < nv ? visited[v] : r, succ[2];
            int falls = 0; /* from i - 1, outside the region */
            if (i > 0 && !inreg[i - 1])
                for (unsigned q = ws_insn_successors(code, n, i - 1, succ); q-- > 0;)
                    falls |= succ[q] == i;
            if (!branched[i] && !falls)
                block[i] = 0;
            if (v < nv)
                body[i] = body[i] ? UINT32_MAX : simple ? pc + 1 : UINT32_MAX;
        }
        region_branches(code, n, pc, visited, nv, branched, 1);
        inreg[pc] = 0;
        for (uint32_t v = 0; v < nv; v++)
            inreg[visited[v]] = 0;
    }
    for (uint32_t pc = 1; pc < n; pc++)
        sass[pc] = sass[pc - 1] + (block[pc] ? 1 : 0);
    /* stretches: SASS blocks cut at clock reads; each block reads the base on entering the
     * stretch of its first instruction that needs it, unless an earlier read still holds it
     * (cover: that read's stretch): one every lane made, outside divergent and predicated code,
     * whose block formed an address that later blocks read (ptxas keeps the base in a register
     * then, read with S2R, and hoists the later blocks' LEAs to it) */
    uint32_t id = 0, first_of_block = 0, cover = 0, read_in = 0;
    int found = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        if (pc == 0 || block[pc] || ws_insn_reads_clock(&code[pc]) || ws_insn_reads_clock(&code[pc - 1]))
            id++;
        if (pc == 0 || block[pc]) {
            first_of_block = pc;
            found = 0;
        }
        c->stretch[pc] = id;
        if (c->needs[pc] && !found) {
            found = 1;
            int covered = cover && !(remat && remat[pc]); /* ptxas reads the base again for [UR] (sreg.cga_remat) */
            read_in = covered ? cover : id;
            if (!covered) {
                for (uint32_t i = first_of_block; i < pc; i++)
                    c->reads[i] = c->stretch[i] == id;
                c->reads[pc] = 1;
                guard[id] = body[pc];
            }
        }
        if (c->needs[pc] && read_in == id && !body[pc] && !divergent[pc] &&
            address_leaves_block(k, code, uses, sass, pc)) {
            cover = id;
            c->s2r[id] = 1;
        }
        /* S2R, not S2UR: where the base feeds predicated code, or a register address in
         * divergent code (ws_cga_ready) */
        if (c->needs[pc] && (body[pc] || (divergent[pc] && !ws_op_is_memory(code[pc].op))))
            c->s2r[read_in] = 1;
        c->reads[pc] |= found && c->stretch[pc] == id && pc > 0 && c->reads[pc - 1] && c->stretch[pc - 1] == id;
    }
    /* a clock read after a mov or cvta of a shared variable's address in its SASS block's stretch before it:
     * ptxas keeps that address's ULEA (LEA) above the CS2R SR_CLOCKLO, where the warp, issuing in order, waits for
     * the base before it reads the clock (lds28.sass lds28_i4_o 0x01c0-0x01f0: S2UR, UMOV, ULEA, then the CS2R;
     * lds28_c4_o the same); CGA_CLOCK, only with sreg.cga_clock (c->clock: the one test of the key) */
    for (uint32_t pc = 1; c->clock && pc < n; pc++) {
        if (!ws_insn_reads_clock(&code[pc]) || block[pc] || c->needs[pc])
            continue;
        for (uint32_t i = pc; i-- > 0;) {
            if (c->needs[i] == 1 && !ws_op_is_memory(code[i].op)) {
                c->needs[pc] = CGA_CLOCK;
                break;
            }
            if (block[i] || ws_insn_reads_clock(&code[i]))
                break;
        }
    }
    mark_gates(k, code, uses, labels, body, guard, c);
    ws_cga_reset(c);
    rc = 0;
done: /* the work arrays, on both paths */
    free(symreg);
    free(remat);
    free(sass);
    free(guard);
    free(body);
    free(divergent);
    free(labels);
    free(block);
    free(inreg);
    free(branched);
    free(stack);
    return rc;
}

void ws_cga_reset(ws_cga *c)
{
    for (unsigned w = 0; w < 32; w++) {
        c->in[w] = UINT32_MAX;
        c->at[w] = 0;
        c->by_s2r[w] = 0;
    }
}
