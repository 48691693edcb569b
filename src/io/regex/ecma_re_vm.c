/*
 * ecma_re_vm.c - the parse tree of ecma_re_parse.c laid out as a
 * Thompson NFA program and run as a Pike VM (Thompson 1968; Pike's
 * sam; Cox, "Regular Expression Matching: the Virtual Machine
 * Approach", 2009): every thread advances one input byte at a time and
 * each program state is on a list at most once per position, so a
 * search takes at most (text length + 1) x states steps and the memory
 * of the program and three lists. The size is worked out on the tree,
 * saturating, before anything is allocated: a pattern whose {m,n}
 * expand past KVP_RE_MAX_STATES is refused, never built.
 *
 * x{m,n} is m copies of x, then n - m copies of x?, which finds the same
 * strings as the nested form; x{m,} is m - 1 copies, then x looped.
 * Only whether a match exists is asked (std::regex_search's result), so
 * greedy and lazy quantifiers run alike and nothing is captured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/regex/ecma_re_ast.h"

enum { I_BYTE, I_SET, I_BOL, I_EOL, I_WORDB, I_NWORDB, I_SPLIT, I_JMP, I_MATCH };

struct kvp_re_inst {
	uint8_t op, c;
	uint16_t cls;
	uint32_t x, y;
};

#define OVER ((uint64_t)KVP_RE_MAX_STATES + 1)

static uint64_t sat(uint64_t v)
{
	return v > OVER ? OVER : v;
}

/* States of node I, saturating at OVER. */
static uint64_t size_of(const struct re_ast *t, uint16_t i)
{
	const struct re_node *n = &t->node[i];
	uint64_t s;

	switch (n->op) {
	case RE_EMPTY:
		return 0;
	case RE_CAT:
		return sat(size_of(t, n->a) + size_of(t, n->b));
	case RE_ALT:
		return sat(size_of(t, n->a) + size_of(t, n->b) + 2);
	case RE_REP:
		s = size_of(t, n->a);
		if (n->max != RE_INF)
			return sat(n->min * s + (n->max - n->min) * (s + 1));
		return sat(n->min ? n->min * s + 1 : s + 2);
	default:
		return 1;
	}
}

static uint32_t put(struct kvp_re *re, uint32_t *pc, uint8_t op, uint32_t x, uint32_t y)
{
	struct kvp_re_inst *in = &re->prog[*pc];

	memset(in, 0, sizeof *in);
	in->op = op;
	in->x = x;
	in->y = y;
	return (*pc)++;
}

static void emit(struct kvp_re *re, const struct re_ast *t, uint16_t i, uint32_t *pc);

static void emit_rep(struct kvp_re *re, const struct re_ast *t, const struct re_node *n,
                     uint32_t *pc)
{
	uint32_t k, split, loop;

	for (k = 0; k + (n->max == RE_INF && n->min) < n->min; k++)
		emit(re, t, n->a, pc);
	if (n->max == RE_INF && n->min) {          /* L: x; split L, next */
		loop = *pc;
		emit(re, t, n->a, pc);
		put(re, pc, I_SPLIT, loop, *pc + 1);
	} else if (n->max == RE_INF) {             /* L: split M, E; M: x; jmp L; E: */
		split = put(re, pc, I_SPLIT, *pc + 1, 0);
		emit(re, t, n->a, pc);
		put(re, pc, I_JMP, split, 0);
		re->prog[split].y = *pc;
	} else {
		for (k = n->min; k < n->max; k++) {  /* split M, E; M: x; E: */
			split = put(re, pc, I_SPLIT, *pc + 1, 0);
			emit(re, t, n->a, pc);
			re->prog[split].y = *pc;
		}
	}
}

static void emit(struct kvp_re *re, const struct re_ast *t, uint16_t i, uint32_t *pc)
{
	static const uint8_t op_of[] = {
		[RE_BOL] = I_BOL, [RE_EOL] = I_EOL, [RE_WORDB] = I_WORDB, [RE_NWORDB] = I_NWORDB,
	};
	const struct re_node *n = &t->node[i];
	uint32_t split, jmp;

	switch (n->op) {
	case RE_EMPTY:
		break;
	case RE_CHAR:
		re->prog[put(re, pc, I_BYTE, 0, 0)].c = n->c;
		break;
	case RE_CLASS:
		re->prog[put(re, pc, I_SET, 0, 0)].cls = n->cls;
		break;
	case RE_CAT:
		emit(re, t, n->a, pc);
		emit(re, t, n->b, pc);
		break;
	case RE_ALT:                               /* split A, B; A: a; jmp E; B: b; E: */
		split = put(re, pc, I_SPLIT, *pc + 1, 0);
		emit(re, t, n->a, pc);
		jmp = put(re, pc, I_JMP, 0, 0);
		re->prog[split].y = *pc;
		emit(re, t, n->b, pc);
		re->prog[jmp].x = *pc;
		break;
	case RE_REP:
		emit_rep(re, t, n, pc);
		break;
	default:
		put(re, pc, op_of[n->op], 0, 0);
	}
}

static enum kvp_re_fail too_large(struct kvp_re_error *e)
{
	e->kind = KVP_RE_TOO_LARGE;
	e->at = 0;
	snprintf(e->what, sizeof e->what, "more than kvplan's %d states once "
	         "{m,n} and + are expanded", KVP_RE_MAX_STATES);
	return e->kind;
}

static enum kvp_re_fail no_memory(struct kvp_re_error *e)
{
	e->kind = KVP_RE_TOO_LARGE;
	e->at = 0;
	strcpy(e->what, "out of memory");
	return e->kind;
}

enum kvp_re_fail kvp_re_compile(const char *pattern, size_t len,
                                struct kvp_re *re, struct kvp_re_error *e)
{
	struct re_ast *t = malloc(sizeof *t);
	uint64_t n;
	uint32_t pc = 0;

	memset(re, 0, sizeof *re);
	memset(e, 0, sizeof *e);
	if (!t)
		return no_memory(e);
	if (kvp_re_parse(pattern, len, t, e) != KVP_RE_OK) {
		free(t);
		return e->kind;
	}
	n = size_of(t, t->root) + 1;              /* + the final MATCH */
	if (n > KVP_RE_MAX_STATES) {
		free(t);
		return too_large(e);
	}
	re->n = (uint32_t)n;
	re->n_cls = t->n_cls;
	re->prog = calloc(n, sizeof *re->prog);
	re->cls = calloc(t->n_cls ? t->n_cls : 1, sizeof *re->cls);
	re->scratch = calloc(5 * n + 2, sizeof *re->scratch);
	if (!re->prog || !re->cls || !re->scratch) {
		free(t);
		kvp_re_free(re);
		return no_memory(e);
	}
	memcpy(re->cls, t->cls, t->n_cls * sizeof *re->cls);
	emit(re, t, t->root, &pc);
	put(re, &pc, I_MATCH, 0, 0);
	free(t);
	return KVP_RE_OK;
}

static bool is_word(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       c == '_';
}

/* Does assertion IN hold at position POS of TEXT? */
static bool holds(const struct kvp_re_inst *in, const char *text, uint32_t pos)
{
	bool before = pos > 0 && is_word(text[pos - 1]), after = is_word(text[pos]);

	switch (in->op) {
	case I_BOL:
		return pos == 0;
	case I_EOL:
		return text[pos] == '\0';
	case I_WORDB:
		return before != after;
	default:
		return before == after;
	}
}

/* Add state PC and what it reaches without input at POS to LIST; mark
 * holds pos + 1 for a state already there. Each state is marked once
 * and pushes at most two, so the stack holds at most 2n + 1. */
static void add(const struct kvp_re *re, uint32_t *list, uint32_t *nl, uint32_t pc,
                const char *text, uint32_t pos)
{
	uint32_t *mark = re->scratch + 2 * re->n, *stack = re->scratch + 3 * re->n;
	uint32_t sp = 0;

	stack[sp++] = pc;
	while (sp) {
		const struct kvp_re_inst *in = &re->prog[pc = stack[--sp]];

		if (mark[pc] == pos + 1)
			continue;
		mark[pc] = pos + 1;
		switch (in->op) {
		case I_JMP:
			stack[sp++] = in->x;
			break;
		case I_SPLIT:
			stack[sp++] = in->y;
			stack[sp++] = in->x;
			break;
		case I_BOL: case I_EOL: case I_WORDB: case I_NWORDB:
			if (holds(in, text, pos))
				stack[sp++] = pc + 1;
			break;
		default:
			list[(*nl)++] = pc;
		}
	}
}

static bool takes(const struct kvp_re *re, const struct kvp_re_inst *in, unsigned char c)
{
	if (in->op == I_BYTE)
		return c == in->c;
	return in->op == I_SET && (re->cls[in->cls][c >> 3] >> (c & 7) & 1);
}

bool kvp_re_search(const struct kvp_re *re, const char *text)
{
	uint32_t *cur = re->scratch, *nxt = re->scratch + re->n, *tmp;
	uint32_t ncur = 0, nnxt, pos, k;

	memset(re->scratch + 2 * re->n, 0, re->n * sizeof *re->scratch);
	for (pos = 0;; pos++) {
		unsigned char c = (unsigned char)text[pos];

		add(re, cur, &ncur, 0, text, pos);   /* a search starts anywhere */
		nnxt = 0;
		for (k = 0; k < ncur; k++) {
			const struct kvp_re_inst *in = &re->prog[cur[k]];

			if (in->op == I_MATCH)
				return true;
			if (c && takes(re, in, c))
				add(re, nxt, &nnxt, cur[k] + 1, text, pos + 1);
		}
		if (!c || pos == UINT32_MAX - 2)
			return false;
		tmp = cur;
		cur = nxt;
		nxt = tmp;
		ncur = nnxt;
	}
}

uint32_t kvp_re_states(const struct kvp_re *re)
{
	return re->n;
}

void kvp_re_free(struct kvp_re *re)
{
	free(re->prog);
	free(re->cls);
	free(re->scratch);
	memset(re, 0, sizeof *re);
}
