/* preset: an architecture's cycles, the "key value" text of presets/ parsed over the sm_90
 * preset compiled in (preset_sm90.h, generated from presets/sm_90.preset by tools/preset_table.c;
 * ctest preset_table_current checks the two agree). */
#ifndef WS_PRESET_H
#define WS_PRESET_H

#include "opcodes.h"

#include <stddef.h>

/* ---- the architecture preset (presets/sm_90.preset) ------------------------------------------ */
typedef struct {
    double lat[LAT_CLASS_COUNT]; /* cycles from issue until a result can be read, per class */
    double shfl_mode[4];         /* per ws_shfl_mode; 0 = the class latency */
    double shfl_pred;            /* extra latency of a shuffle that writes a predicate too */
    double ld_shared, ld_global, ld_local, ld_param, ld_const;
    double ld_miss;                /* a block's first load of global lines from HBM (under load) */
    double ld_l2;                  /* ... from L2: the launch's allocations fit in l2_kib and l2_warm */
    double l2_kib, l2_warm;        /* the L2's capacity; 1: a launch follows launches over the same buffers */
    double shared_wavefront;       /* extra load latency per extra wavefront */
    double shared_128;             /* extra load latency of a 16-byte shared access */
    double shared_bcast128;        /* wavefronts a 16-byte shared load of one address costs (0: its phases' count) */
    double shared_bcast64;         /* wavefronts an 8-byte shared load of one address costs (0: its phases' count) */
    double shared_128_one;         /* extra latency of a 16-byte shared load of one address (0: shared.128) */
    double store_issue;            /* cycles a shared store holds the pipe at least */
    double store_wavefront;        /* cycles per wavefront of a shared store */
    double store_overlap;          /* subtracted from wavefronts x store_wavefront */
    double store_same_word;        /* cycles per extra lane storing one word */
    double store_bandwidth;        /* bytes a cycle a shared store's data takes (wide stores) */
    double mio_issue;              /* cycles a shared access or shuffle holds its sub-partition's MIO pipe at least */
    double mio_wavefront;          /* cycles a shared load holds it per wavefront */
    double bar_base, bar_per_warp; /* bar.sync: cycles from the last arrival to the release */
    /* the shared pipe as a queue (docs/calibration.md "(mio19)", "(mio22)"; shared.queue 0: none, a load issues
     * when the block's pipe is free): a shared load enters its sub-partition's queue while fewer than its share
     * wait there (shared.queue, plus shared.queue_shared divided among the sub-partitions with loads waiting),
     * holding its MIO pipe shared.queue_issue cycles; the pipe's wavefronts are shared among the sub-partitions
     * that hold the block's warps (timing.c queue_enter) */
    double shared_queue, shared_queue_shared, shared_queue_issue;
    /* bar.sync as mio15/mio16/mio18 measure it (docs/calibration.md): bar.clock, a clock read right
     * after bar.sync reads this long after the warp's bar.sync (0: at its issue, after the release);
     * bar.release, the warps issue this long after the last arrival but not before the release
     * before plus the period bar + per_warp x (warps - 1) (0: that period always), in blocks of at
     * most bar.release_warps warps (0: all); bar.stagger, with bar.release the warps leave one after
     * another this far apart (each sub-partition's earlier arrival first, the sub-partitions in turn
     * from the first arrival's) */
    double bar_clock, bar_release, bar_release_warps, bar_stagger;
    /* a cold launch's start (mio17, a process's first launch): warps start start.warp cycles apart
     * within groups of 4, the last group first, each earlier group start.group (the one after it)
     * and start.group_next (each further) later; blocks of at most start.warps warps (0: all start at 0;
     * up to 32: the measured kinds of 8, 16 and 32 warps are all of this shape, docs/calibration.md "(start32)") */
    double start_warp, start_group, start_group_next, start_warps;
    /* the MIO store queue (stq.h; stq.bytes 0: none, a store holds the pipe as the store.* keys
     * say): stq.reads 1: a register write waits for a queued store to read the register
     * (stq_regs.h); the data stage's bytes and stores (stq.entries; 0: no bound); the bank
     * stage's bytes (stq.bank_bytes; 0: no bound), wavefronts and stores; a store's data takes
     * stq.data + bytes / stq.bandwidth cycles, its write stq.min at least, stq.wavefront a wavefront */
    double stq_reads, stq_bytes, stq_entries, stq_bank_bytes, stq_wavefronts, stq_stores, stq_min, stq_wavefront,
        stq_data, stq_bandwidth;
    /* stq.shfl 1: a shuffle waits until the bank stage has written all but the last stq.shfl_left
     * (at most 15) of its warp's queued shared stores (0: only for the MIO pipe, which a store holds
     * until it leaves the data stage) */
    double stq_shfl, stq_shfl_left;
    /* forms lowered to longer sequences (timing.c lowered_latency); 0: their class's latency */
    double sfu_fixup, sfu_sincos, rcp_rn, sqrt_rn, div_f64, div_64, conv_f16;
    /* div.full/div.approx.f32 whose reciprocal ptxas computed before (fold.h WS_FOLD_RCP): its FMULs */
    double div_full_hoisted, div_approx_hoisted;
    /* forms by type or modifier (timing.c lowered_latency): 32-bit and 64-bit mul.hi, f64
     * arithmetic, 64-bit integer add/sub/shr, min/max and setp; match.all, and match.any with
     * d >= 2 distinct values: match_base + d x match_value */
    double mul_hi, mul_hi_64, fp64, fp64_select, alu_64, minmax_64, setp_64, match_all, match_base, match_value;
    double mul_f16x2;    /* mul.f16x2 (HMUL2 and HFMA2.MMA in turn) */
    double half_mma;     /* an add, sub or fma .f16x2/.bf16x2 ptxas makes HFMA2.MMA (0: the class latency) */
    double bits_feed;    /* popc/clz/bfind/brev, a MUFU without fix-ups (.ftz): extra wait for a fixed-latency ALU
                              op's result (timing.c earliest) */
    double shfl_feed;    /* a shuffle: extra wait for a fixed-latency ALU op's result (timing.c earliest) */
    double sync_feed;    /* the op after a bar.warp.sync: extra wait for a fixed-latency ALU op's result (earliest) */
    double cross_feed;   /* a reader on another datapath (ALU, FMA, half): extra wait for a fixed-latency op's result */
    double ifetch_line;  /* cold code: cycles between two 128-byte line requests (ifetch.h; 0: off) */
    double ifetch_ahead; /* ... lines a warp's stream requests ahead of its line */
    double ifetch_latency; /* ... cycles from a line's request to its arrival */
    double ifetch_restart; /* ... cycles a line the warp waited for puts its stream's next request later */
    double ifetch_sass;    /* ... 1: a PTX instruction takes its SASS count of the lines (ws_mufu_sass); 0: one each */
    double ifetch_remat_stores; /* ... past this many stores of a block, a kernel parameter's reader takes an LDC more
                                 * (param_remat.h; 0: none) */
    double ifetch_late; /* ... 1: a line that came after the cycle following the warp's last issue was waited for too */
    double ifetch_deep; /* ifetch.deep: a cold block's stream requests this many lines ahead (0: ifetch.ahead) */
    double ifetch_hold; /* warm code: KiB of a kernel's code the instruction caches keep between launches (0: all) */
    double ifetch_warm_line;    /* ... a larger kernel's warm launch: cycles between two line requests (0: off) */
    double ifetch_warm_latency; /* ... cycles from such a request to the line's arrival */
    double ifetch_warm_restart; /* ... cycles a line the warp waited for puts its stream's next request later */
    double ifetch_far;          /* warm code past this many KiB: fetched in each launch as cold code (0: off) */
    double ifetch_far_line;     /* ... cycles between its line requests (ifetch.latency, .restart the cold's) */
    double ifetch_far_keep;     /* ... in a later launch, lines kept while at most this many later ones were
                                   requested; a warp reaching a line gone again requests it (0: all kept) */

    /* ifetch.near_sets (docs/calibration.md "(near55)", "(near56)", "(near58)") */
    double ifetch_near_sets;        /* a later launch of a kernel past ifetch.hold: the near caches' sets (0: every
                                     * line fetched again at ifetch.warm_line) */
    double ifetch_near_ways;        /* ... and ways (tree pseudo-LRU) */
    double ifetch_near_entry_set;   /* ... the set of the kernel's first line (its load address's) */
    double ifetch_near_skip;        /* ... the lines from the entry's that a launch keeps none of */
    double ifetch_near_other_set;   /* ... the first set of the other code each launch reads after the kernel's */
    double ifetch_near_other_lines; /* ... and its lines, one a set */
    double ifetch_near_after;       /* ... a kept line at most this many lines past one not kept is fetched again */
    double ifetch_near_line;    /* ... the lines not kept are requested this many cycles apart (0: ifetch.far_line) */
    double ifetch_near_latency; /* ... a line not kept arrives this many cycles after its request (0: ifetch.latency) */

    /* ifetch.window (docs/calibration.md "(win53)") */
    double ifetch_window;         /* KiB from a kernel's entry a launch brings; lines past them come from L2 (0: off) */
    double ifetch_window_line;    /* ... a first launch: cycles between the requests of lines past the window */
    double ifetch_keep_sets;      /* ... a later launch: the cache kept between launches, its sets of 128-byte lines */
    double ifetch_keep_ways;      /* ... its ways (least recently used out) */
    double ifetch_keep_past_end;  /* ... the lines past a kernel's last that a launch loads into it */
    double ifetch_keep_rrip;      /* ... 1: a 2-bit RRIP in place of LRU (far_cache.h) */
    double ifetch_window_refetch; /* ... cycles between the requests of lines past it where the code passes that */

    double ifetch_caught;    /* cold code: cycles between the line requests of a stream whose warp caught it (0: off) */
    double ifetch_rerequest; /* far code: a warp out of its release's group (a branch taken) re-requests the lines ahead
                              * of it that another warp's stream requested, and refetches without a restart (0: off) */
    double ifetch_caught_flight; /* ... at the catch, the cycles between the lines requested and not yet there */
    double ifetch_held;  /* 1: a half fma's issue hold past its cycle counts as a cycle its warp waited for its line */
    double ifetch_order; /* 1: the lines hold the SASS in the schedule's order (ptxas's), not the PTX's (0: the PTX's) */
    double guard_feed;   /* an instruction's guard: extra wait for a fixed-latency op's predicate (timing.c earliest) */
    double branch_feed;  /* a guarded bra: extra wait for a fixed-latency op's predicate (timing.c earliest; in the list
                            schedule the setp weighs this much more: timing_tables.c build_schedule); 0: off */
    double branch_taken; /* a bra the warp's lanes all take: the warp's next instruction issues this many cycles after it
                            (timing.c issue; 0: the branch class's latency, as a bra not taken) */
    double branch_rejoin;  /* a divergent branch ptxas keeps (BSSY/BSYNC): the warp waits this much more where its lanes
                            meet again (timing.c earliest; 0: off) */
    double atom_shared;    /* an atomic on shared memory (atom: global) */
    double atom_same_word; /* extra latency per extra lane on one word */
    double ld_cg;          /* ld.global.cg: an L2 hit, L1 skipped (0: as ld.global) */
    double ld_first;       /* a block's load of a global line it has not touched: not in L1 (0: as ld.global) */
    /* memory orders (timing.c fence_of, acquire_of): a strong global load beyond .cta scope, the
     * acquire's extra latency, the fence's stall at .cta scope and beyond */
    double ld_strong, acquire_cta, acquire_gpu, acquire_gpu_shared, fence_cta, fence_gpu;
    double fence_stall; /* a MEMBAR's stall count: what follows it issues no earlier (0: none) */
    /* whole launches (sim/grid.c): SMs, each SM's limits, the registers a thread is assumed to
     * take when not given, the launch overhead and the cycles between two blocks' dispatches */
    double sms, sm_threads, sm_warps, sm_blocks, sm_shared, sm_regs, regs_default;
    double launch_overhead, launch_dispatch;
    /* sub-warp collectives (subwarp.h): the MATCH.ANY check past its MATCH.ANY, the REDUX.OR
     * check, each group's cycles past the collective when groups run alone (the REDUX.OR check's
     * loop, WARPSYNC.EXCLUSIVE), WARPSYNC R (plus per group); the MATCH.ANY check's VOTEU.ANY
     * after its REDUX.OR when the mask is there at its segment's start, the WARPSYNC R before the
     * check after a conditional branch; S2R of %laneid */
    double subwarp_check, subwarp_uniform, subwarp_group, subwarp_exclusive, subwarp_warpsync, subwarp_warpsync_group;
    double subwarp_exposed, subwarp_check_warpsync;
    double sreg_laneid;
    double sreg_tid;       /* S2R SR_TID.X/Y/Z (mov %tid.*) */
    double sreg_cga;       /* S2UR SR_CgaCtaId: the shared window's base (cga.h) */
    double sreg_s2r;       /* S2R SR_CgaCtaId: the base where ptxas reads it with S2R (cga.h) */
    double sreg_s2r_lea;   /* ... and the LEA that makes the window's base of it, before its first reader */
    double sreg_cga_remat; /* 1: an access at a register only a symbol's mov writes reads the base again (cga.h) */
    double sreg_cga_clock; /* 1: a clock read after a symbol's mov in its SASS block waits for the base (cga.h) */
    double imc_miss;       /* the first read of the launch's dimensions (%ntid, %nctaid): an immediate-constant miss */
    double schedule;       /* 1: issue a basic block in ptxas's order (schedule.h), 0: in PTX order */
    double fold_tree;      /* 1: a shuffle- or load-fed logic chain is one LOP3 tree (fold.h) */
    double fold_xor;       /* 1: xor's algebra: cancels, recomputes; 2: with the block's constants (fold.h); 3: those
                             * only beside a load's value */
    double fold_imad;      /* 1: a mul.lo or shl by an immediate folded into the add reading it (IMAD, LEA: fold.h) */
    double fold_address;   /* 1: an add of an immediate read only as addresses is their offset (fold.h) */
    double fold_zext;      /* 1: the zero-extension of an F2F's half is no instruction (fold.h WS_FOLD_ZEXT) */
    double fold_neg;       /* 1: a neg read only by cvts is their operand's negation (fold.h WS_FOLD_NEG) */
    double fold_dead; /* 1: an ALU op whose registers no live instruction reads is no instruction (fold.h WS_FOLD_DEAD) */
    double fold_mufu;       /* 1: the fix-ups ptxas leaves out of a MUFU form are none (fold.h mufu_less) */
    double fold_pack;       /* 1: two independent scalar half ops are one f16x2 op, with PRMTs (fold.h WS_FOLD_PACK) */
    double conv_form;       /* 1: a cvt.rn.f16/bf16.f32 is F2F or F2FP by its readers (fold.h WS_FOLD_F2F) */
    double conv_f2h;        /* conv.form's F2F.F16/BF16.F32: its latency (0: conv's) */
    double schedule_budget; /* 1: rule 5 of schedule.c (a register budget) where --regs gives the registers */
    double schedule_reserved;   /* of the registers --regs gives, those no PTX value takes (schedule.c rule 5) */
    double schedule_spare;      /* rule 5 drains once a value would leave fewer registers free than this */
    double schedule_spare_load; /* with schedule.reuse: the spare for a load's value (0: schedule.spare's) */
    double schedule_predicates; /* rule 5: the predicate registers a thread has (0: not counted) */
    double schedule_piece;      /* a stretch longer than this is scheduled in pieces (schedule.c; 0: 128) */
    double schedule_rename;     /* 1: a block's reused load registers renamed, as ptxas allocates (rename.h) */
    double schedule_rename_alu; /* 1: ... its reused registers that only ALU ops write (rename.h) */
    double schedule_pair_split; /* 1: a packed 64-bit pair's halves read from the registers packed (pair_split.h) */
    double schedule_pipes;      /* 1: rule 6 of schedule.c, the schedule holds the ALU, IMAD and XU pipes */
    double schedule_xu_reader;  /* >0: rule 4's latency of a POPC, FLO, BREV or F2F result (ptxas's view; 0: off) */
    double schedule_xu_stall;   /* >0: ptxas's stall counts space a warp's XU ops this many cycles (0: off) */
    double schedule_xu_clz;     /* 1: clz spaced too, its IADD3 one XU op later (timing.c xu_late; 0: clz not spaced) */
    double schedule_xu_fixup;   /* 1: a MUFU form's FSETP, FMUL.RZ one XU op after the op it reads (timing.c xu_late) */
    double schedule_free_slot;  /* 1: rule 6, the 16-bit unpack takes no schedule cycle; 2: the pack {a, a} too;
                                   3: a 64-bit pair's unpack and pack too */
    double schedule_f64;        /* 1: rule 6, the schedule holds the f64 pipe pipe.f64 cycles (DADD, DMUL, DFMA) */
    double schedule_fused;      /* schedule.fused_frees 1: rule 5's fused pair frees from its first op */
    double schedule_drain;      /* schedule.fused_start 1: that first op starts a drain, does not prolong one */
    double schedule_copy;       /* schedule.const_copy 1: a copy of a constant register goes first (rule 4) */
    double schedule_written;    /* schedule.written 1: rule 5 counts a register only where some write reached it */
    double schedule_half_regs;  /* schedule.half_regs 1: rule 5 folds a move with no SASS (a half unpack) */
    double schedule_free_pass;  /* schedule.free_pass 1: a free mov passes its value on to its readers */
    double schedule_reuse;      /* schedule.reuse 1: rule 5 reuses a register once its last reader issues (no drain) */
    double schedule_mio_gap;    /* schedule.mio_gap: rule 4's cycles between two shared loads (0: none) */
    double schedule_alloc;      /* schedule.alloc B: the three phases, a first order of at most B values (0: off) */
    double schedule_high_wait; /* schedule.high_wait H: rule 6 waits for a busy pipe for a candidate H cycles higher (0: off) */
    double schedule_alloc_regs; /* schedule.alloc_regs R: their first-in first-out registers (0: B + 1) */
    double schedule_fma_chain; /* schedule.fma_chain F: FMA-pipe chains beside IMADs in program order, F cycles FMA to FMA (0: off) */
    double schedule_half_turn;   /* schedule.half_turn 1: rule 6 puts HADD2 and HFMA2.MMA by turns (0: off) */
    double pipe_alu, pipe_imad;  /* cycles a slot holds its sub-partition's ALU or IMAD pipe (opcodes.h PIPE_*) */
    double pipe_xu;              /* ... its XU pipe (POPC, F2I) */
    double pipe_xu_d2f;          /* ... a cvt from f64 to f32 (F2F.F32.F64) its XU pipe (0: pipe.xu) */
    double pipe_f64;             /* cycles an f64 add, mul or fma (DADD, DMUL, DFMA) holds its sub-partition's issue */
    double pipe_held_mov;        /* 1: a free mov issues while its warp waits out such a hold (no cycle of the pass) */
    double pipe_half;            /* cycles a half add, sub or mul (HADD2, HMUL2) holds its IMAD pipe */
    double pipe_hfma2;           /* cycles a half fma (HFMA2, HFMA2.MMA) holds its sub-partition's issue */
    double pipe_fma_half;        /* cycles an FFMA, FADD or FMUL holds the FMA pipe whole beside half work, and a
                                   half op (HADD2, HMUL2, HFMA2; not HFMA2.MMA) both its halves (0 or 1: no rule) */
    double pipe_half_window;     /* ... such an FFMA: one issued within this many cycles after its sub-partition's
                                   last half op; the others pair (two a cycle's halves, no hold) */
    double pipe_half_own;        /* 1: an FFMA reading no half op's value is held only in its own warp's window (0: the
                                   sub-partition's) */
    double pipe_half_own_window; /* with pipe.half_own: the cycles of a warp's own window (0: pipe.half_window's) */
    double pipe_half_credit; /* N: with pipe.half_own, each half op lets one later FFMA of its warp hold (up to N) */
    double pipe_mma_credit;  /* 1: with pipe.half_credit, an add's, sub's or mul's HFMA2.MMA gives a credit too */
    double pipe_half_alone; /* 1: with pipe.half_own, a warp alone on its sub-partition is never held by its own window */
    double pipe_rcp_fixup;  /* cycles more an rcp.approx.f32 form's four ALU fix-ups (FSETP, FSEL) hold its ALU
                                   pipe, beyond their pipe.alu each (a fit to the H100's rcp kinds, "(fit23)") */
    double pipe_prmt;       /* cycles each PRMT of fold.pack holds its ALU pipe (0: pipe.alu's) */
    double pipe_mma_prmt;   /* cycles the HFMA2.MMA of a half pair add, sub or mul reading a prmt's value holds its
                                   ALU pipe (0: pipe.mma_alu's) */
    double pipe_hfma2_pack; /* cycles the HFMA2 (not HFMA2.MMA) of a scalar fma pair (fold.pack) whose addend is its
                                   multiplier holds its sub-partition's issue (0: pipe.hfma2's) */
    double pipe_fma_read3; /* cycles an f32 fma holds its sub-partition's issue where ptxas's FFMA reads three registers
                                   (three distinct register sources, none a kernel parameter or an immediate, none from
                                   the reuse cache: fma_read3_ops), two of one bank ("(dep35)"; 0: none) */
    double half_pack_mul;  /* 1: a scalar mul pair's f16x2 op (fold.pack) takes an add's HFMA2.MMA turns and
                                   half.mma's latency; 0: mul.f16x2's (its turn in a chain too, its own latency) */
    double pipe_mma_alu;   /* cycles a half pair add's, sub's or mul's HFMA2.MMA (half_pairs) holds its ALU pipe */
    double pipe_imad_read; /* cycles from its issue an FFMA, FADD or FMUL reading an IMAD's result (mul.lo,
                                   mad.lo) holds its IMAD pipe at least (0: none; timing.c imad_read_issue) */
    double pipe_imad_near; /* ... an IMAD at most this many instructions before it in the code (0: none) */
    double pipe_fma_halves; /* H: in schedule.fma_chain's segments an FFMA, FADD or FMUL holds the FMA pipe's lite half H
                                   cycles, or where that is held the heavy half (the IMAD pipe): timing_pipes.h halves_issue (0: off) */
    double pick_yield;      /* E: in schedule.fma_chain's segments ptxas's yield bits (E cycles of stall counts), and a
                                   sub-partition's last warp issues again while it can and kept the bit (rr_pick; 0: off) */
    double stall_imad_fma;  /* cycles a warp waits after an IMAD-pipe instruction whose next is an FFMA, FADD or
                                   FMUL (ptxas's stall count; 0 or 1: one) */
    double stall_hfma2;     /* 1: after a half fma (HFMA2, HFMA2.MMA) its warp waits its issue hold and then
                                   ptxas's stall count (hfma2_stalls); 0: the hold alone */
    double stall_half_fma;  /* 1: a half pair's HFMA2 counts as an FMA-pipe instruction for stall.imad_fma and the
                                   schedule's turns (timing.c fma_turn_op); 0: not */
    double stall_half_read; /* cycles beyond one a warp waits after a half op (HADD2, HMUL2, HFMA2; not HFMA2.MMA)
                                   whose value an IMAD- or FMA-pipe instruction at most pipe.imad_near after it reads
                                   (timing.c half_read_stalls; 0: none) */
    double pick_pipe;       /* 1: where the round robin's warp would issue an FMA-pipe instruction, a ready warp
                                   whose next takes the IMAD pipe issues instead; 0: the round robin alone */
    double pick_young;      /* 1: in a sub-partition of 4 warps whose FFMA, FADD or FMUL reads a uniform register
                                   between two IMAD-pipe ops (IMAD, HADD2.F32), the last warp to reach such an op is
                                   passed over while another of the sub-partition is ready (timing.c young_ready); 2:
                                   as 1, but not a warp still behind a branch (a clock spin) when the third reaches
                                   such an op, unless the op reads the IMAD-side op before it (young_mark); 0: not */
    double pick_young_upto; /* W > 4: pick.young in sub-partitions of 5 to W warps too, for a young op whose slot-a
                                   value no op next to it in the PTX reads (young_ops' YOUNG_SHARED, the stand-in for
                                   ptxas's reuse flag: fmi44); 4 or less: sub-partitions of 4 alone */
    double pick_group;      /* n > 0: a sub-partition's warps in groups of n slots (its warps sp, sp + nsp, ...: slots
                                   0, 1, ...); a warp of the highest group with a ready warp issues, round robin within
                                   it (the H200/H100 end slots 4-7 first with 8 warps a sub-partition, f32w24);
                                   0: the round robin over all */
    double pick_far_order;  /* n > 0: in far code (ifetch.far) with n or more warps a sub-partition, the highest slot
                                   with a ready warp issues (pick.group 1 there alone; fwin45); 0: off */
    double pick_far_past;   /* 1: under pick.far_order, a warp past ifetch.window KiB is not held ("(keep58)") */
    double pick_far_loop;   /* 1: under pick.far_order, a warp in a loop (its line before the one it left, until it
                                   passes its furthest) yields to one issuing new lines (k123); 0: the slots alone */
    unsigned subpartitions; /* 4 on sm_90 */
    char name[64];
} ws_preset;

/* Parse a preset over the built-in defaults (text NULL: the defaults alone). Returns 0, or -1
 * with a message located as LINE:COLUMN (the caller names the file). */
int ws_preset_parse(const char *text, ws_preset *p, char *err, size_t errlen);
/* Parse a preset over *p as it is (tools/preset_table.c: over zeros). */
int ws_preset_read(const char *text, ws_preset *p, char *err, size_t errlen);

/* The keys a preset sets besides name, subpartitions and the latency classes (whose keys are
 * ws_latency_name's): each with its field, as C, and where it is in ws_preset. */
typedef struct {
    const char *key, *field;
    size_t off;
} ws_preset_key;
extern const ws_preset_key ws_preset_keys[];
extern const size_t ws_preset_key_count;

#endif
