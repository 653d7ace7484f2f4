/* Device printf: vprintf(format, argument buffer) formatted as the GPU's printf does.
 *
 * The argument buffer is what nvcc packs into the local depot: every argument at an offset
 * aligned to its size; char/short/int as 4 bytes, long/long long/pointers as 8, float and
 * double as 8-byte doubles. */
#include "printf.h"
#include "diag.h"
#include "memory.h"

#include <inttypes.h>
#include <stdlib.h>

#define MAX_FORMAT 4096

static int read_byte(ws_exec *x, unsigned lane, uint64_t addr, uint8_t *out)
{
    uint8_t *p = ws_mem_translate(x, WS_SPACE_GENERIC, addr, lane, 1, 0);
    if (!p)
        return -1;
    *out = *p;
    return 0;
}

static int read_arg(ws_exec *x, unsigned lane, uint64_t base, uint64_t *off, unsigned size, uint64_t *out)
{
    *off = (*off + size - 1) / size * size;
    uint8_t *p = ws_mem_translate(x, WS_SPACE_GENERIC, base + *off, lane, size, 0);
    *off += size;
    *out = 0;
    if (!p)
        return -1;
    memcpy(out, p, size);
    return 0;
}

void ws_vprintf(ws_exec *x, unsigned lane, uint64_t fmt_addr, uint64_t args_addr)
{
    char fmt[MAX_FORMAT + 1];
    size_t n = 0;
    for (; n < MAX_FORMAT; n++) {
        uint8_t c;
        if (read_byte(x, lane, fmt_addr + n, &c) != 0)
            return;
        fmt[n] = (char)c;
        if (!c)
            break;
    }
    fmt[n] = 0;
    size_t cap = 256, len = 0;
    char *out = malloc(cap);
    if (!out)
        return;
    uint64_t off = 0;
    for (size_t i = 0; i < n;) {
        /* copy the literal text up to the next conversion */
        char spec[64];
        size_t sl = 0;
        const char *piece = NULL;
        char buf[512];
        int blen = 0;
        if (fmt[i] != '%' || (i + 1 < n && fmt[i + 1] == '%')) {
            buf[0] = fmt[i];
            blen = 1;
            i += fmt[i] == '%' ? 2 : 1;
        } else {
            spec[sl++] = fmt[i++];
            while (i < n && strchr("-+ #0", fmt[i]) && sl < 40)
                spec[sl++] = fmt[i++];
            int star_w = 0, star_p = 0;
            if (i < n && fmt[i] == '*') {
                star_w = 1;
                spec[sl++] = fmt[i++];
            }
            while (i < n && fmt[i] >= '0' && fmt[i] <= '9' && sl < 48)
                spec[sl++] = fmt[i++];
            if (i < n && fmt[i] == '.') {
                spec[sl++] = fmt[i++];
                if (i < n && fmt[i] == '*') {
                    star_p = 1;
                    spec[sl++] = fmt[i++];
                }
                while (i < n && fmt[i] >= '0' && fmt[i] <= '9' && sl < 56)
                    spec[sl++] = fmt[i++];
            }
            int longs = 0;
            while (i < n && strchr("hlLqjzt", fmt[i])) {
                if (fmt[i] == 'l' || fmt[i] == 'L' || fmt[i] == 'q' || fmt[i] == 'j' || fmt[i] == 'z' || fmt[i] == 't')
                    longs++;
                i++;
            }
            if (i >= n) {
                ws_diag_report(x, WS_DIAG_PRINTF, 1u << lane, "printf format ends inside a conversion");
                break;
            }
            char conv = fmt[i++];
            uint64_t w = 0, p = 0, v = 0;
            if (star_w)
                read_arg(x, lane, args_addr, &off, 4, &w);
            if (star_p)
                read_arg(x, lane, args_addr, &off, 4, &p);
            switch (conv) {
            case 'c':
                read_arg(x, lane, args_addr, &off, 4, &v);
                spec[sl++] = 'c';
                spec[sl] = 0;
                if (star_w)
                    blen = snprintf(buf, sizeof buf, spec, (int)w, (int)(uint8_t)v);
                else
                    blen = snprintf(buf, sizeof buf, spec, (int)(uint8_t)v);
                break;
            case 'd':
            case 'i':
            case 'u':
            case 'x':
            case 'X':
            case 'o': {
                read_arg(x, lane, args_addr, &off, longs ? 8 : 4, &v);
                spec[sl++] = 'l';
                spec[sl++] = 'l';
                spec[sl++] = conv;
                spec[sl] = 0;
                /* every integer goes to the host as a long long of the right signedness */
                long long sv = longs ? (long long)v : (long long)(int32_t)v;
                unsigned long long uv = longs ? (unsigned long long)v : (unsigned long long)(uint32_t)v;
                int is_signed = conv == 'd' || conv == 'i';
                if (star_w && star_p)
                    blen = is_signed ? snprintf(buf, sizeof buf, spec, (int)w, (int)p, sv)
                                     : snprintf(buf, sizeof buf, spec, (int)w, (int)p, uv);
                else if (star_w || star_p)
                    blen = is_signed ? snprintf(buf, sizeof buf, spec, (int)(star_w ? w : p), sv)
                                     : snprintf(buf, sizeof buf, spec, (int)(star_w ? w : p), uv);
                else
                    blen = is_signed ? snprintf(buf, sizeof buf, spec, sv) : snprintf(buf, sizeof buf, spec, uv);
                break;
            }
            case 'f':
            case 'F':
            case 'e':
            case 'E':
            case 'g':
            case 'G':
            case 'a':
            case 'A': {
                read_arg(x, lane, args_addr, &off, 8, &v);
                double d;
                memcpy(&d, &v, 8);
                spec[sl++] = conv;
                spec[sl] = 0;
                if (star_w && star_p)
                    blen = snprintf(buf, sizeof buf, spec, (int)w, (int)p, d);
                else if (star_w || star_p)
                    blen = snprintf(buf, sizeof buf, spec, (int)(star_w ? w : p), d);
                else
                    blen = snprintf(buf, sizeof buf, spec, d);
                break;
            }
            case 'p':
                read_arg(x, lane, args_addr, &off, 8, &v);
                blen = snprintf(buf, sizeof buf, "0x%" PRIx64, v);
                break;
            case 's': {
                read_arg(x, lane, args_addr, &off, 8, &v);
                size_t k = 0;
                for (; k < sizeof buf - 1; k++) {
                    uint8_t c;
                    if (read_byte(x, lane, v + k, &c) != 0 || !c)
                        break;
                    buf[k] = (char)c;
                }
                buf[k] = 0;
                char tmp[512];
                spec[sl++] = 's';
                spec[sl] = 0;
                blen = snprintf(tmp, sizeof tmp, spec, buf);
                memcpy(buf, tmp, sizeof buf);
                buf[sizeof buf - 1] = 0;
                break;
            }
            default:
                ws_diag_report(x, WS_DIAG_PRINTF, 1u << lane, "unsupported printf conversion '%%%c'", conv);
                piece = "";
                break;
            }
        }
        (void)piece;
        if (blen < 0)
            blen = 0;
        if ((size_t)blen >= sizeof buf)
            blen = (int)sizeof buf - 1;
        if (len + (size_t)blen + 1 > cap) {
            cap = (cap + (size_t)blen) * 2;
            char *no = realloc(out, cap);
            if (!no) {
                free(out);
                return;
            }
            out = no;
        }
        memcpy(out + len, buf, (size_t)blen);
        len += (size_t)blen;
    }
    ws_output(x->L, out, len);
    if (x->L->sim->cfg.on_event) {
        ws_event ev = ws_event_of(x->L, WS_EV_PRINTF, x->blk->id, x->blk->cycle);
        ev.warp = x->w->index;
        ev.pc = x->pc;
        ev.insn = &x->L->k->insns[x->pc];
        ev.active = 1u << lane;
        ev.text = out;
        ev.text_len = len;
        ws_emit(x->L, &ev);
    }
    free(out);
}

/* A call of vprintf, whose two arguments are the format's and the argument buffer's generic
 * addresses. Lanes print one after another in lane order, as the GPU's printf buffer does. */
void ws_vprintf_call(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_call_site *cs = &x->L->k->calls[in->call];
    const ws_module *m = x->L->m;
    if (cs->nargs < 2) {
        ws_diag_report(x, WS_DIAG_PRINTF, mask, "vprintf called with %u arguments", cs->nargs);
        return;
    }
    FOR_EACH_LANE(mask, l) {
        uint64_t fmt = 0, args = 0;
        /* inside a .func, the call-site parameters sit in the lane's frame */
        uint64_t base = cs->caller_in_func ? x->regs[(size_t)x->L->k->frame_reg * 32 + l] : 0;
        uint8_t *pf = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->args[0]].offset, l, 8, 0);
        uint8_t *pa = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->args[1]].offset, l, 8, 0);
        if (pf)
            memcpy(&fmt, pf, 8);
        if (pa)
            memcpy(&args, pa, 8);
        ws_vprintf(x, l, fmt, args);
        if (cs->ret_sym != WS_NO_SYM) { /* vprintf returns the number of arguments */
            uint8_t *pr = ws_mem_translate(x, WS_SPACE_LOCAL, base + m->symbols[cs->ret_sym].offset, l, 4, 1);
            uint32_t zero = 0;
            if (pr)
                memcpy(pr, &zero, 4);
        }
    }
}
