/*
 * ecma_re_ast.h - the parse tree between ecma_re_parse.c (which builds
 * it from an ECMAScript pattern) and ecma_re_vm.c (which lays it out as
 * an NFA program). Internal to the matcher; see ecma_re.h.
 *
 * Nodes live in one fixed array: a pattern of KVP_RE_MAX_LEN characters
 * makes at most two nodes a character plus one per empty alternative,
 * so RE_MAX_NODES cannot be reached by an accepted length (the parser
 * checks anyway). Concatenation and alternation are binary nodes.
 */
#ifndef KVPLAN_IO_ECMA_RE_AST_H
#define KVPLAN_IO_ECMA_RE_AST_H

#include <stdint.h>

#include "io/regex/ecma_re.h"

#define RE_MAX_NODES   (4 * KVP_RE_MAX_LEN + 8)
#define RE_MAX_CLASSES (KVP_RE_MAX_LEN + 1)
#define RE_INF         UINT32_MAX   /* {m,} */

enum re_op {
	RE_EMPTY,      /* matches the empty string */
	RE_CHAR,       /* the byte c */
	RE_CLASS,      /* a byte of set cls */
	RE_BOL,        /* ^: the start of the text */
	RE_EOL,        /* $: its end */
	RE_WORDB,      /* \b */
	RE_NWORDB,     /* \B */
	RE_CAT,        /* a then b */
	RE_ALT,        /* a or b */
	RE_REP,        /* a, min to max times */
};

struct re_node {
	uint8_t op;
	uint8_t c;
	uint16_t cls;
	uint16_t a, b;
	uint32_t min, max;
};

struct re_ast {
	struct re_node node[RE_MAX_NODES];
	uint8_t cls[RE_MAX_CLASSES][32];
	uint16_t n_node, n_cls, root;
};

/* Parse pattern[0..len) into *ast: KVP_RE_OK or the refusal in *e. */
enum kvp_re_fail kvp_re_parse(const char *pattern, size_t len,
                              struct re_ast *ast, struct kvp_re_error *e);

#endif
