/* preset: the architecture's cycles (preset.h), the sm_90 preset compiled in. */
#include "preset.h"
#include "warpsim/warpsim.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* presets/sm_90.preset as a table (tools/preset_table.c writes it; ctest preset_table_current
 * keeps it current): a timing launch starts from a copy of it instead of parsing the text, which
 * was a seventh of a one-warp run's host instructions. */
#include "preset_sm90.h"

#define PK(k, field)                                                                                                   \
    {                                                                                                                  \
        k, #field, offsetof(ws_preset, field)                                                                          \
    }
const ws_preset_key ws_preset_keys[] = {
    PK("shfl.up", shfl_mode[WS_SHFL_UP]),
    PK("shfl.down", shfl_mode[WS_SHFL_DOWN]),
    PK("shfl.bfly", shfl_mode[WS_SHFL_BFLY]),
    PK("shfl.idx", shfl_mode[WS_SHFL_IDX]),
    PK("shfl.pred", shfl_pred),
    PK("ld.shared", ld_shared),
    PK("ld.global", ld_global),
    PK("ld.miss", ld_miss),
    PK("ld.l2", ld_l2),
    PK("l2.kib", l2_kib),
    PK("l2.warm", l2_warm),
    PK("ld.local", ld_local),
    PK("ld.param", ld_param),
    PK("ld.const", ld_const),
    PK("shared.wavefront", shared_wavefront),
    PK("shared.128", shared_128),
    PK("shared.bcast128", shared_bcast128),
    PK("shared.bcast64", shared_bcast64),
    PK("shared.128_one", shared_128_one),
    PK("store.issue", store_issue),
    PK("store.wavefront", store_wavefront),
    PK("store.overlap", store_overlap),
    PK("store.same_word", store_same_word),
    PK("store.bandwidth", store_bandwidth),
    PK("mio.issue", mio_issue),
    PK("mio.wavefront", mio_wavefront),
    PK("shared.queue", shared_queue),
    PK("shared.queue_shared", shared_queue_shared),
    PK("shared.queue_issue", shared_queue_issue),
    PK("stq.wavefronts", stq_wavefronts),
    PK("stq.stores", stq_stores),
    PK("stq.bank_bytes", stq_bank_bytes),
    PK("stq.entries", stq_entries),
    PK("stq.reads", stq_reads),
    PK("stq.shfl", stq_shfl),
    PK("stq.shfl_left", stq_shfl_left),
    PK("stq.bytes", stq_bytes),
    PK("stq.min", stq_min),
    PK("stq.wavefront", stq_wavefront),
    PK("stq.data", stq_data),
    PK("stq.bandwidth", stq_bandwidth),
    PK("bar.per_warp", bar_per_warp),
    PK("bar.clock", bar_clock),
    PK("bar.release", bar_release),
    PK("bar.release_warps", bar_release_warps),
    PK("bar.stagger", bar_stagger),
    PK("start.warp", start_warp),
    PK("start.group", start_group),
    PK("start.group_next", start_group_next),
    PK("start.warps", start_warps),
    PK("sfu.fixup", sfu_fixup),
    PK("sfu.sincos", sfu_sincos),
    PK("rcp.rn", rcp_rn),
    PK("sqrt.rn", sqrt_rn),
    PK("div.f64", div_f64),
    PK("div.64", div_64),
    PK("div.full.hoisted", div_full_hoisted),
    PK("div.approx.hoisted", div_approx_hoisted),
    PK("conv.f16", conv_f16),
    PK("conv.form", conv_form),
    PK("conv.f2h", conv_f2h),
    PK("mul.f16x2", mul_f16x2),
    PK("half.mma", half_mma),
    PK("bits.feed", bits_feed),
    PK("shfl.feed", shfl_feed),
    PK("sync.feed", sync_feed),
    PK("cross.feed", cross_feed),
    PK("ifetch.line", ifetch_line),
    PK("ifetch.ahead", ifetch_ahead),
    PK("ifetch.latency", ifetch_latency),
    PK("ifetch.restart", ifetch_restart),
    PK("ifetch.sass", ifetch_sass),
    PK("ifetch.remat_stores", ifetch_remat_stores),
    PK("ifetch.late", ifetch_late),
    PK("ifetch.deep", ifetch_deep),
    PK("ifetch.hold", ifetch_hold),
    PK("ifetch.warm_line", ifetch_warm_line),
    PK("ifetch.warm_latency", ifetch_warm_latency),
    PK("ifetch.warm_restart", ifetch_warm_restart),
    PK("ifetch.far", ifetch_far),
    PK("ifetch.far_line", ifetch_far_line),
    PK("ifetch.far_keep", ifetch_far_keep),
    PK("ifetch.near_sets", ifetch_near_sets),
    PK("ifetch.near_ways", ifetch_near_ways),
    PK("ifetch.near_entry_set", ifetch_near_entry_set),
    PK("ifetch.near_skip", ifetch_near_skip),
    PK("ifetch.near_other_set", ifetch_near_other_set),
    PK("ifetch.near_other_lines", ifetch_near_other_lines),
    PK("ifetch.near_after", ifetch_near_after),
    PK("ifetch.near_line", ifetch_near_line),
    PK("ifetch.near_latency", ifetch_near_latency),
    PK("ifetch.window", ifetch_window),
    PK("ifetch.window_line", ifetch_window_line),
    PK("ifetch.keep_sets", ifetch_keep_sets),
    PK("ifetch.keep_ways", ifetch_keep_ways),
    PK("ifetch.keep_past_end", ifetch_keep_past_end),
    PK("ifetch.keep_rrip", ifetch_keep_rrip),
    PK("ifetch.window_refetch", ifetch_window_refetch),
    PK("ifetch.order", ifetch_order),
    PK("ifetch.held", ifetch_held),
    PK("ifetch.caught", ifetch_caught),
    PK("ifetch.caught_flight", ifetch_caught_flight),
    PK("ifetch.rerequest", ifetch_rerequest),
    PK("guard.feed", guard_feed),
    PK("branch.feed", branch_feed),
    PK("branch.taken", branch_taken),
    PK("branch.rejoin", branch_rejoin),
    PK("mul.hi", mul_hi),
    PK("mul.hi.64", mul_hi_64),
    PK("fp64", fp64),
    PK("fp64.select", fp64_select),
    PK("alu.64", alu_64),
    PK("minmax.64", minmax_64),
    PK("setp.64", setp_64),
    PK("match.all", match_all),
    PK("match.base", match_base),
    PK("match.value", match_value),
    PK("sms", sms),
    PK("sm.threads", sm_threads),
    PK("sm.warps", sm_warps),
    PK("sm.blocks", sm_blocks),
    PK("sm.shared", sm_shared),
    PK("sm.regs", sm_regs),
    PK("regs.default", regs_default),
    PK("launch.overhead", launch_overhead),
    PK("launch.dispatch", launch_dispatch),
    PK("pipe.alu", pipe_alu),
    PK("pipe.imad", pipe_imad),
    PK("pipe.xu", pipe_xu),
    PK("pipe.xu_d2f", pipe_xu_d2f),
    PK("pipe.f64", pipe_f64),
    PK("pipe.held_mov", pipe_held_mov),
    PK("pipe.half", pipe_half),
    PK("pipe.hfma2", pipe_hfma2),
    PK("pipe.fma_half", pipe_fma_half),
    PK("pipe.half_window", pipe_half_window),
    PK("pipe.half_own", pipe_half_own),
    PK("pipe.half_own_window", pipe_half_own_window),
    PK("pipe.half_credit", pipe_half_credit),
    PK("pipe.mma_credit", pipe_mma_credit),
    PK("pipe.half_alone", pipe_half_alone),
    PK("pipe.rcp_fixup", pipe_rcp_fixup),
    PK("pipe.mma_alu", pipe_mma_alu),
    PK("pipe.prmt", pipe_prmt),
    PK("half.pack_mul", half_pack_mul),
    PK("pipe.hfma2_pack", pipe_hfma2_pack),
    PK("pipe.fma_read3", pipe_fma_read3),
    PK("pipe.mma_prmt", pipe_mma_prmt),

    PK("pipe.imad_read", pipe_imad_read),
    PK("pipe.imad_near", pipe_imad_near),
    PK("stall.imad_fma", stall_imad_fma),
    PK("stall.hfma2", stall_hfma2),
    PK("stall.half_fma", stall_half_fma),
    PK("stall.half_read", stall_half_read),
    PK("pick.pipe", pick_pipe),
    PK("pick.young", pick_young),
    PK("pick.young_upto", pick_young_upto),
    PK("pick.yield", pick_yield),
    PK("pipe.fma_halves", pipe_fma_halves),
    PK("pick.group", pick_group),
    PK("pick.far_order", pick_far_order),
    PK("pick.far_loop", pick_far_loop),
    PK("pick.far_past", pick_far_past),
    PK("schedule", schedule),
    PK("fold.tree", fold_tree),
    PK("fold.xor", fold_xor),
    PK("fold.imad", fold_imad),
    PK("fold.address", fold_address),
    PK("fold.zext", fold_zext),
    PK("fold.neg", fold_neg),
    PK("fold.dead", fold_dead),
    PK("fold.mufu", fold_mufu),
    PK("fold.pack", fold_pack),
    PK("schedule.budget", schedule_budget),
    PK("schedule.reserved", schedule_reserved),
    PK("schedule.spare", schedule_spare),
    PK("schedule.spare_load", schedule_spare_load),
    PK("schedule.predicates", schedule_predicates),
    PK("schedule.piece", schedule_piece),
    PK("schedule.rename", schedule_rename),
    PK("schedule.rename_alu", schedule_rename_alu),
    PK("schedule.pair_split", schedule_pair_split),
    PK("schedule.pipes", schedule_pipes),
    PK("schedule.free_slot", schedule_free_slot),
    PK("schedule.f64", schedule_f64),
    PK("schedule.xu_reader", schedule_xu_reader),
    PK("schedule.xu_stall", schedule_xu_stall),
    PK("schedule.xu_clz", schedule_xu_clz),
    PK("schedule.xu_fixup", schedule_xu_fixup),
    PK("schedule.fused_frees", schedule_fused),
    PK("schedule.fused_start", schedule_drain),
    PK("schedule.const_copy", schedule_copy),
    PK("schedule.written", schedule_written),
    PK("schedule.half_regs", schedule_half_regs),
    PK("schedule.reuse", schedule_reuse),
    PK("schedule.free_pass", schedule_free_pass),
    PK("schedule.mio_gap", schedule_mio_gap),
    PK("schedule.alloc", schedule_alloc),
    PK("schedule.alloc_regs", schedule_alloc_regs),
    PK("schedule.high_wait", schedule_high_wait),
    PK("schedule.fma_chain", schedule_fma_chain),
    PK("schedule.half_turn", schedule_half_turn),
    PK("atom.shared", atom_shared),
    PK("atom.same_word", atom_same_word),
    PK("ld.strong", ld_strong),
    PK("ld.cg", ld_cg),
    PK("ld.first", ld_first),
    PK("acquire.cta", acquire_cta),
    PK("acquire.gpu", acquire_gpu),
    PK("acquire.gpu.shared", acquire_gpu_shared),
    PK("fence.cta", fence_cta),
    PK("fence.gpu", fence_gpu),
    PK("fence.stall", fence_stall),
    PK("subwarp.check", subwarp_check),
    PK("subwarp.uniform", subwarp_uniform),
    PK("subwarp.group", subwarp_group),
    PK("subwarp.exclusive", subwarp_exclusive),
    PK("subwarp.warpsync", subwarp_warpsync),
    PK("subwarp.warpsync.group", subwarp_warpsync_group),
    PK("subwarp.exposed", subwarp_exposed),
    PK("subwarp.check.warpsync", subwarp_check_warpsync),
    PK("sreg.laneid", sreg_laneid),
    PK("sreg.tid", sreg_tid),
    PK("sreg.cga", sreg_cga),
    PK("sreg.s2r", sreg_s2r),
    PK("sreg.s2r_lea", sreg_s2r_lea),
    PK("sreg.cga_clock", sreg_cga_clock),
    PK("sreg.cga_remat", sreg_cga_remat),
    PK("imc.miss", imc_miss),
};
const size_t ws_preset_key_count = sizeof ws_preset_keys / sizeof ws_preset_keys[0];

#define WS_PRESET_MAX 1e6

/* The next whitespace-separated word of buf at *pos, at most 63 characters (as sscanf's %63s
 * takes them: a longer word goes on as the next one), and its column (from 1) in *col; 0 when
 * there is none. */
static int word(const char *buf, size_t *pos, char out[64], unsigned *col)
{
    size_t i = *pos, n = 0;
    while (isspace((unsigned char)buf[i]))
        i++;
    *col = (unsigned)i + 1;
    while (buf[i] && !isspace((unsigned char)buf[i]) && n < 63)
        out[n++] = buf[i++];
    out[n] = 0;
    *pos = i;
    return n > 0;
}

/* Keys whose value is a count with a range of its own (the others are cycles, 0 to WS_PRESET_MAX):
 * their users take whole numbers in this range (schedule.c PIECE_MAX, timing.c STQ_TAIL and QUEUE_RING), so a
 * value outside it is refused here rather than clamped there without a word. */
/* clang-format off */
static const struct {
    const char *key, *what;
    unsigned min, max;
} counted[] = {
    {"subpartitions", "sub-partitions", 1, 64},
    {"schedule.piece", "instructions", 0, 1024},
    {"stq.shfl_left", "queued stores", 0, 15},
    {"shared.queue", "queued loads", 0, 32},
    {"shared.queue_shared", "queued loads", 0, 32},
};
/* clang-format on */

/* The range of key when it is a count: 1 and *i its row of counted[], else 0. */
static int counted_key(const char *key, size_t *i)
{
    for (*i = 0; *i < sizeof counted / sizeof counted[0]; (*i)++)
        if (!strcmp(key, counted[*i].key))
            return 1;
    return 0;
}

/* Whether key is name (the first characters compared inline before strcmp). */
static int same(const char *key, const char *name) { return key[0] == name[0] && !strcmp(key, name); }

int ws_preset_read(const char *text, ws_preset *p, char *err, size_t errlen)
{
    unsigned line = 0;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char buf[256];
        line++;
        const char *hash = memchr(s, '#', n); /* a comment may be of any length */
        if (hash)
            n = (size_t)(hash - s);
        if (n >= sizeof buf) {
            snprintf(err, errlen, "%u:%u: expected a line of at most %zu characters, found %zu", line,
                     (unsigned)sizeof buf, sizeof buf - 1, n);
            return -1;
        }
        memcpy(buf, s, n);
        buf[n] = 0;
        s = e ? e + 1 : s + strlen(s);
        char key[64], val[64], more[64];
        unsigned key_col, val_col, more_col;
        size_t pos = 0;
        if (!word(buf, &pos, key, &key_col))
            continue;
        if (!word(buf, &pos, val, &val_col)) {
            snprintf(err, errlen, "%u:%u: expected a value after \"%s\", found the end of the line", line, val_col, key);
            return -1;
        }
        if (word(buf, &pos, more, &more_col)) {
            snprintf(err, errlen, "%u:%u: expected the end of the line after \"%s %s\", found \"%s\"", line, more_col,
                     key, val, more);
            return -1;
        }
        if (same(key, "name")) {
            snprintf(p->name, sizeof p->name, "%s", val);
            continue;
        }
        char *end;
        double v = strtod(val, &end);
        size_t ci;
        if (counted_key(key, &ci)) {
            if (*end || !(v >= counted[ci].min && v <= counted[ci].max) || v != (double)(unsigned)v) {
                snprintf(err, errlen, "%u:%u: %s: expected a whole number of %s from %u to %u, found \"%s\"", line,
                         val_col, key, counted[ci].what, counted[ci].min, counted[ci].max, val);
                return -1;
            }
        } else if (*end || !(v >= 0 && v <= WS_PRESET_MAX)) {
            /* finite and at most WS_PRESET_MAX cycles: a latency of 1e19 or nan would wrap the cycle count */
            snprintf(err, errlen, "%u:%u: %s: expected a number of cycles from 0 to %g, found \"%s\"", line, val_col,
                     key, WS_PRESET_MAX, val);
            return -1;
        }
        if (same(key, "subpartitions")) {
            p->subpartitions = (unsigned)v;
            continue;
        }
        int found = 0;
        for (unsigned c = 0; c < LAT_CLASS_COUNT && !found; c++)
            if (same(key, ws_latency_name((ws_latency_class)c))) {
                p->lat[c] = v;
                found = 1;
            }
        for (size_t i = 0; i < ws_preset_key_count && !found; i++)
            if (same(key, ws_preset_keys[i].key)) {
                *(double *)((char *)p + ws_preset_keys[i].off) = v;
                found = 1;
            }
        if (!found) {
            snprintf(err, errlen, "%u:%u: expected a preset key (presets/sm_90.preset lists them), found \"%s\"", line,
                     key_col, key);
            return -1;
        }
    }
    return 0;
}

int ws_preset_parse(const char *text, ws_preset *p, char *err, size_t errlen)
{
    *p = ws_preset_sm90;
    return text ? ws_preset_read(text, p, err, errlen) : 0;
}

int ws_preset_check(const char *text, char *err, size_t errlen)
{
    ws_preset p;
    return ws_preset_parse(text, &p, err, errlen);
}
