/* The PTX lexer. PTX words carry their suffixes with them (shfl.sync.up.b32, %tid.x,
 * .shared::cta), so a word continues through '.' and '::'; everything the parser needs to
 * split it again is in the opcode table. */
#include "lexer.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void ws_lex_init(ws_lexer *lx, const char *text, size_t len)
{
    lx->text = text;
    lx->pos = text;
    lx->end = text + len;
    lx->line = 1;
    lx->col = 1;
    lx->line_start = text;
}

static int peekc(const ws_lexer *lx, size_t ahead)
{
    return lx->pos + ahead < lx->end ? (unsigned char)lx->pos[ahead] : -1;
}

static void advance(ws_lexer *lx)
{
    if (*lx->pos == '\n') {
        lx->line++;
        lx->col = 1;
        lx->line_start = lx->pos + 1;
    } else {
        lx->col++;
    }
    lx->pos++;
}

/* Skips blanks and comments. An unterminated block comment gives an error token at its start
 * (returns 1), not an end of file hundreds of lines later. */
static int skip_space_and_comments(ws_lexer *lx, ws_token *err)
{
    for (;;) {
        int c = peekc(lx, 0);
        if (c == -1)
            return 0;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance(lx);
        } else if (c == '/' && peekc(lx, 1) == '/') {
            while (peekc(lx, 0) != -1 && peekc(lx, 0) != '\n')
                advance(lx);
        } else if (c == '/' && peekc(lx, 1) == '*') {
            ws_token t = {TOK_ERROR, lx->pos, 2, lx->line, lx->col, "unterminated comment: this /* has no */"};
            advance(lx);
            advance(lx);
            while (peekc(lx, 0) != -1 && !(peekc(lx, 0) == '*' && peekc(lx, 1) == '/'))
                advance(lx);
            if (peekc(lx, 0) == -1) {
                *err = t;
                return 1;
            }
            advance(lx);
            advance(lx);
        } else {
            return 0;
        }
    }
}

static int word_start(int c) { return isalpha(c) || c == '_' || c == '$' || c == '%' || c == '.'; }
static int word_char(int c) { return isalnum(c) || c == '_' || c == '$'; }

ws_token ws_lex_next(ws_lexer *lx)
{
    ws_token t = {TOK_EOF, lx->pos, 0, lx->line, lx->col, NULL};
    if (skip_space_and_comments(lx, &t))
        return t;
    t = (ws_token){TOK_EOF, lx->pos, 0, lx->line, lx->col, NULL};
    int c = peekc(lx, 0);
    if (c == -1)
        return t;
    if (isdigit(c)) {
        /* numbers: digits, hex, PTX float bits (0f/0d), decimals with exponents */
        t.kind = TOK_NUMBER;
        while (peekc(lx, 0) != -1) {
            int d = peekc(lx, 0);
            if (isalnum(d) || d == '.') {
                advance(lx);
            } else if ((d == '+' || d == '-') && (lx->pos[-1] == 'e' || lx->pos[-1] == 'E') &&
                       !(t.len >= 2 && (t.start[1] == 'x' || t.start[1] == 'X'))) {
                advance(lx); /* exponent sign, not inside hex */
            } else {
                break;
            }
            t.len = (size_t)(lx->pos - t.start);
        }
        t.len = (size_t)(lx->pos - t.start);
        return t;
    }
    if (word_start(c) && !(c == '.' && !(isalpha(peekc(lx, 1)) || peekc(lx, 1) == '_'))) {
        t.kind = TOK_WORD;
        advance(lx);
        for (;;) {
            int d = peekc(lx, 0);
            if (word_char(d)) {
                advance(lx);
            } else if (d == '.' && (word_char(peekc(lx, 1)))) {
                advance(lx);
            } else if (d == ':' && peekc(lx, 1) == ':' && word_char(peekc(lx, 2))) {
                advance(lx);
                advance(lx);
            } else {
                break;
            }
        }
        t.len = (size_t)(lx->pos - t.start);
        return t;
    }
    if (c == '"') {
        t.kind = TOK_STRING;
        advance(lx);
        while (peekc(lx, 0) != -1 && peekc(lx, 0) != '"' && peekc(lx, 0) != '\n') {
            if (peekc(lx, 0) == '\\' && peekc(lx, 1) != -1)
                advance(lx);
            advance(lx);
        }
        if (peekc(lx, 0) == '"') {
            advance(lx);
        } else {
            t.kind = TOK_ERROR;
            t.error = "unterminated string: this \" is not closed on its line";
        }
        t.len = (size_t)(lx->pos - t.start);
        return t;
    }
    if (c && strchr(",;:[]{}()+-|!<>=@", c)) { /* (strchr finds a NUL byte: the string's end) */
        t.kind = TOK_PUNCT;
        advance(lx);
        t.len = 1;
        return t;
    }
    t.kind = TOK_ERROR;
    advance(lx);
    t.len = 1;
    return t;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Hex digits of exactly n characters into bits. */
static int parse_hex_exact(const char *s, size_t len, size_t n, uint64_t *out)
{
    if (len != n)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        int h = hexval((unsigned char)s[i]);
        if (h < 0)
            return -1;
        v = (v << 4) | (uint64_t)h;
    }
    *out = v;
    return 0;
}

int ws_lex_number(const ws_token *t, ws_number *out)
{
    const char *s = t->start;
    size_t n = t->len;
    memset(out, 0, sizeof *out);
    if (n == 0 || t->kind != TOK_NUMBER)
        return -1;
    /* PTX raw float bits: 0fXXXXXXXX (8 hex digits), 0dXXXXXXXXXXXXXXXX (16) */
    if (n > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F')) {
        out->kind = NUM_F32_BITS;
        return parse_hex_exact(s + 2, n - 2, 8, &out->bits);
    }
    if (n > 2 && s[0] == '0' && (s[1] == 'd' || s[1] == 'D')) {
        out->kind = NUM_F64_BITS;
        return parse_hex_exact(s + 2, n - 2, 16, &out->bits);
    }
    size_t m = n;
    if (m > 1 && (s[m - 1] == 'U' || s[m - 1] == 'u'))
        m--; /* the unsigned suffix changes nothing for us */
    int is_hex = m > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    /* PTX also has binary integer literals, 0b101 (PTX ISA "Integer constants"; ptxas accepts them) */
    int is_bin = m > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
    int is_float = !is_hex && !is_bin && (memchr(s, '.', m) || memchr(s, 'e', m) || memchr(s, 'E', m));
    char buf[128];
    if (m >= sizeof buf)
        return -1;
    memcpy(buf, s, m);
    buf[m] = 0;
    char *endp;
    errno = 0;
    if (is_float) {
        out->kind = NUM_FLOAT;
        out->value = strtod(buf, &endp);
    } else {
        out->kind = NUM_INT;
        int base = is_hex ? 16 : is_bin ? 2 : (m > 1 && s[0] == '0') ? 8 : 10;
        const char *digits = is_hex || is_bin ? buf + 2 : buf;
        if (is_hex && m == 2)
            return -1;
        unsigned long long v = strtoull(digits, &endp, base);
        out->bits = v;
        if (errno == ERANGE)
            out->overflow = 1;
    }
    if (*endp != 0)
        return -1;
    return 0;
}
