/* The PTX lexer: words, numbers, strings and punctuation with their line and column. */
#ifndef WS_LEXER_H
#define WS_LEXER_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    TOK_EOF,
    TOK_WORD,   /* identifiers, directives (.reg), mnemonics with suffixes (shfl.sync.up.b32),
                   registers (%r1), special registers (%tid.x), labels ($L__BB0_2) */
    TOK_NUMBER, /* 12, 0x1f, 0f3f800000, 0d3ff0000000000000, 1.5, 1e-3 */
    TOK_STRING, /* "..." (only in .file and .pragma) */
    TOK_PUNCT,  /* one of , ; : [ ] { } ( ) + - | ! < > = @ */
    TOK_ERROR,  /* a character no PTX token starts with, or an unterminated comment or string
                   (located at its start) */
} ws_tok_kind;

typedef struct {
    ws_tok_kind kind;
    const char *start;
    size_t len;
    unsigned line, col;
    const char *error; /* TOK_ERROR: what is wrong; NULL: a character no token starts with */
} ws_token;

typedef struct {
    const char *text, *end, *pos;
    unsigned line, col;
    const char *line_start;
} ws_lexer;

void ws_lex_init(ws_lexer *lx, const char *text, size_t len);
ws_token ws_lex_next(ws_lexer *lx);

/* A number token decoded. Raw-bits forms (0f, 0d) keep their bits exactly. */
typedef struct {
    enum { NUM_INT, NUM_FLOAT, NUM_F32_BITS, NUM_F64_BITS } kind;
    uint64_t bits; /* NUM_INT: the value (two's complement); *_BITS: the bits */
    double value;  /* NUM_FLOAT */
    int overflow;
} ws_number;

/* Returns 0 on success, -1 if the token is not a well-formed number. */
int ws_lex_number(const ws_token *t, ws_number *out);

#endif
