/*
 * ecma_re_parse.c - an ECMAScript pattern (the subset ecma_re.h lists)
 * into the parse tree of ecma_re_ast.h, by recursive descent over the
 * grammar of ECMA-262 (Pattern: Disjunction; Alternative: Term*; Term:
 * Assertion | Atom Quantifier?) as std::regex reads it. Each refusal
 * says what and where; a refusal std::regex makes too is
 * KVP_RE_NOT_REGEX, a valid pattern kvplan does not match is
 * KVP_RE_UNSUPPORTED, a bound of ecma_re.h is KVP_RE_TOO_LARGE.
 * Recursion is one level per '(': at most KVP_RE_MAX_LEN deep.
 */
#include <stdio.h>
#include <string.h>

#include "io/regex/ecma_re_ast.h"

struct rp {
	const char *s;
	size_t i, len;
	struct re_ast *ast;
	struct kvp_re_error *e;
};

static int disj(struct rp *r);

static int fail(struct rp *r, enum kvp_re_fail kind, size_t at, const char *what)
{
	if (r->e->kind == KVP_RE_OK) {
		r->e->kind = kind;
		r->e->at = at;
		snprintf(r->e->what, sizeof r->e->what, "%s", what);
	}
	return -1;
}

static int node(struct rp *r, enum re_op op)
{
	struct re_node *n;

	if (r->ast->n_node >= RE_MAX_NODES)
		return fail(r, KVP_RE_TOO_LARGE, r->i, "too many parts");
	n = &r->ast->node[r->ast->n_node];
	memset(n, 0, sizeof *n);
	n->op = (uint8_t)op;
	return r->ast->n_node++;
}

/* A then B, or A or B; -1 when either is a refusal. */
static int pair(struct rp *r, enum re_op op, int a, int b)
{
	int n = a < 0 || b < 0 ? -1 : node(r, op);

	if (n >= 0) {
		r->ast->node[n].a = (uint16_t)a;
		r->ast->node[n].b = (uint16_t)b;
	}
	return n;
}

static int leaf(struct rp *r, enum re_op op, uint8_t c)
{
	int n = node(r, op);

	if (n >= 0)
		r->ast->node[n].c = c;
	return n;
}

static void set_add(uint8_t *set, unsigned lo, unsigned hi)
{
	unsigned c;

	for (c = lo; c <= hi; c++)
		set[c >> 3] |= (uint8_t)(1u << (c & 7));
}

static void set_invert(uint8_t *set)
{
	int k;

	for (k = 0; k < 32; k++)
		set[k] = (uint8_t)~set[k];
}

/* \d \w \s and their capitals (ECMA-262 CharacterClassEscape, over the
 * bytes std::regex's C locale classifies), 0 if E is none of them. */
static int class_escape(uint8_t *set, char e)
{
	switch (e | 0x20) {
	case 'd':
		set_add(set, '0', '9');
		break;
	case 'w':
		set_add(set, '0', '9');
		set_add(set, 'A', 'Z');
		set_add(set, 'a', 'z');
		set_add(set, '_', '_');
		break;
	case 's':
		set_add(set, '\t', '\r');
		set_add(set, ' ', ' ');
		break;
	default:
		return 0;
	}
	if (e >= 'A' && e <= 'Z')
		set_invert(set);
	return 1;
}

/* \f \n \r \t \v as their bytes, -1 for another letter. */
static int control_escape(char e)
{
	static const char from[] = "fnrtv", to[] = "\f\n\r\t\v";
	const char *p = e ? strchr(from, e) : NULL;

	return p ? (unsigned char)to[p - from] : -1;
}

static int new_class(struct rp *r)
{
	if (r->ast->n_cls >= RE_MAX_CLASSES)
		return fail(r, KVP_RE_TOO_LARGE, r->i, "too many classes");
	memset(r->ast->cls[r->ast->n_cls], 0, 32);
	return r->ast->n_cls++;
}

static int class_node(struct rp *r, int cls)
{
	int n = cls < 0 ? -1 : node(r, RE_CLASS);

	if (n >= 0)
		r->ast->node[n].cls = (uint16_t)cls;
	return n;
}

/* One item of a class at r->i: a byte (*lo, returns 1) or a class escape
 * added to SET (returns 2); -1 refused. */
static int class_item(struct rp *r, uint8_t *set, unsigned *lo)
{
	size_t at = r->i;
	char c = r->s[r->i], e;
	uint8_t one[32] = { 0 };
	int ctl, k;

	if (c == '[' && r->i + 1 < r->len && strchr(":.=", r->s[r->i + 1]))
		return fail(r, KVP_RE_UNSUPPORTED, at, "a POSIX [[:class:]], [[.x.]] or [[=x=]]");
	r->i++;
	if (c != '\\') {
		*lo = (unsigned char)c;
		return 1;
	}
	if (r->i >= r->len)
		return fail(r, KVP_RE_NOT_REGEX, at, "a trailing backslash");
	e = r->s[r->i++];
	if (class_escape(one, e)) {           /* \D within [...] adds its set only */
		for (k = 0; k < 32; k++)
			set[k] |= one[k];
		return 2;
	}
	if (e == 'b')
		return fail(r, KVP_RE_UNSUPPORTED, at, "\\b in a class");
	if ((ctl = control_escape(e)) >= 0) {
		*lo = (unsigned)ctl;
		return 1;
	}
	if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9'))
		return fail(r, KVP_RE_UNSUPPORTED, at, "an escape other than \\d \\w \\s \\f \\n \\r \\t \\v");
	*lo = (unsigned char)e;
	return 1;
}

/* One item or range of a class into SET; -1 refused. */
static int class_range(struct rp *r, uint8_t *set)
{
	size_t at = r->i;
	unsigned lo = 0, hi = 0;
	uint8_t tmp[32] = { 0 };
	int k = class_item(r, set, &lo), k2;

	if (k < 0)
		return -1;
	if (r->i + 1 >= r->len || r->s[r->i] != '-' || r->s[r->i + 1] == ']') {
		if (k == 1)
			set_add(set, lo, lo);
		return 0;
	}
	if (k == 2)
		return fail(r, KVP_RE_NOT_REGEX, at, "a class escape at the start of a range");
	r->i++;
	k2 = class_item(r, tmp, &hi);
	if (k2 < 0)
		return -1;
	if (k2 == 2)
		return fail(r, KVP_RE_NOT_REGEX, at, "a class escape at the end of a range");
	if (hi < lo)
		return fail(r, KVP_RE_NOT_REGEX, at, "a range out of order");
	set_add(set, lo, hi);
	return 0;
}

/* [...] or [^...] at r->i (ECMAScript: the first ']' closes it, so []
 * matches nothing and [^] any byte). */
static int bracket(struct rp *r)
{
	size_t at = r->i;
	int cls = new_class(r);
	bool neg;

	if (cls < 0)
		return -1;
	r->i++;
	neg = r->i < r->len && r->s[r->i] == '^';
	r->i += neg;
	for (;;) {
		if (r->i >= r->len)
			return fail(r, KVP_RE_NOT_REGEX, at, "'[' without ']'");
		if (r->s[r->i] == ']')
			break;
		if (class_range(r, r->ast->cls[cls]) < 0)
			return -1;
	}
	r->i++;
	if (neg)
		set_invert(r->ast->cls[cls]);
	return class_node(r, cls);
}

/* An escape outside a class at r->i ('\\'); \b \B are taken by term. */
static int escape(struct rp *r)
{
	size_t at = r->i;
	char e;
	int cls, ctl;

	if (r->i + 1 >= r->len)
		return fail(r, KVP_RE_NOT_REGEX, at, "a trailing backslash");
	e = r->s[r->i + 1];
	r->i += 2;
	if (strchr("dDwWsS", e)) {
		if ((cls = new_class(r)) < 0)
			return -1;
		class_escape(r->ast->cls[cls], e);
		return class_node(r, cls);
	}
	if ((ctl = control_escape(e)) >= 0)
		return leaf(r, RE_CHAR, (uint8_t)ctl);
	if (e >= '0' && e <= '9')
		return fail(r, KVP_RE_UNSUPPORTED, at, "a back-reference or \\0");
	if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z'))
		return fail(r, KVP_RE_UNSUPPORTED, at,
		            "an escape other than \\d \\w \\s \\b \\f \\n \\r \\t \\v");
	return leaf(r, RE_CHAR, (uint8_t)e);
}

/* ( ... ) or (?: ... ) at r->i. */
static int group(struct rp *r)
{
	size_t at = r->i;
	int n;

	r->i++;
	if (r->i < r->len && r->s[r->i] == '?') {
		if (r->i + 1 < r->len && r->s[r->i + 1] == ':')
			r->i += 2;
		else if (r->i + 1 < r->len && strchr("=!", r->s[r->i + 1]))
			return fail(r, KVP_RE_UNSUPPORTED, at, "a look-ahead (?= or (?!");
		else
			return fail(r, KVP_RE_NOT_REGEX, at, "'(?' other than (?: (?= (?!");
	}
	n = disj(r);
	if (n < 0)
		return -1;
	if (r->i >= r->len || r->s[r->i] != ')')
		return fail(r, KVP_RE_NOT_REGEX, at, "'(' without ')'");
	r->i++;
	return n;
}

static int atom(struct rp *r)
{
	char c = r->s[r->i];
	int cls;

	if (c == '(')
		return group(r);
	if (c == '[')
		return bracket(r);
	if (c == '\\')
		return escape(r);
	r->i++;
	if (c != '.')
		return leaf(r, RE_CHAR, (uint8_t)c);
	/* ECMAScript '.': any byte but the line terminators */
	if ((cls = new_class(r)) < 0)
		return -1;
	set_add(r->ast->cls[cls], 0, 255);
	r->ast->cls[cls]['\n' >> 3] &= (uint8_t)~(1u << ('\n' & 7));
	r->ast->cls[cls]['\r' >> 3] &= (uint8_t)~(1u << ('\r' & 7));
	return class_node(r, cls);
}

static bool is_quant(const struct rp *r)
{
	return r->i < r->len && strchr("*+?{", r->s[r->i]) && r->s[r->i];
}

/* A count of {m,n} at r->i: digits, at most KVP_RE_MAX_COUNT. */
static int count(struct rp *r, size_t at, uint32_t *v)
{
	bool big = false;

	if (r->i >= r->len || r->s[r->i] < '0' || r->s[r->i] > '9')
		return fail(r, KVP_RE_NOT_REGEX, at, "'{' not followed by a count");
	*v = 0;
	while (r->i < r->len && r->s[r->i] >= '0' && r->s[r->i] <= '9') {
		*v = *v * 10 + (uint32_t)(r->s[r->i++] - '0');
		if (*v > KVP_RE_MAX_COUNT) {
			big = true;
			*v = KVP_RE_MAX_COUNT;
		}
	}
	if (big)
		return fail(r, KVP_RE_TOO_LARGE, at, "a count above kvplan's 1000");
	return 0;
}

/* {m} {m,} {m,n} at r->i ('{'). */
static int interval(struct rp *r, uint32_t *min, uint32_t *max)
{
	size_t at = r->i;

	r->i++;
	if (count(r, at, min) < 0)
		return -1;
	*max = *min;
	if (r->i < r->len && r->s[r->i] == ',') {
		r->i++;
		*max = RE_INF;
		if (r->i < r->len && r->s[r->i] != '}' && count(r, at, max) < 0)
			return -1;
	}
	if (r->i >= r->len || r->s[r->i] != '}')
		return fail(r, KVP_RE_NOT_REGEX, at, "'{' without '}'");
	r->i++;
	if (*max < *min)
		return fail(r, KVP_RE_NOT_REGEX, at, "{m,n} with n less than m");
	return 0;
}

/* Atom A followed by at most one quantifier (ECMA-262 Term). */
static int quantified(struct rp *r, int a)
{
	uint32_t min = 0, max = RE_INF;
	int n;

	if (a < 0 || !is_quant(r))
		return a;
	switch (r->s[r->i]) {
	case '+':
		min = 1;
		/* fall through */
	case '*':
		r->i++;
		break;
	case '?':
		max = 1;
		r->i++;
		break;
	default:
		if (interval(r, &min, &max) < 0)
			return -1;
	}
	r->i += r->i < r->len && r->s[r->i] == '?';   /* lazy: the same strings */
	if (is_quant(r))
		return fail(r, KVP_RE_NOT_REGEX, r->i, "a quantifier after a quantifier");
	if ((n = node(r, RE_REP)) >= 0) {
		r->ast->node[n].a = (uint16_t)a;
		r->ast->node[n].min = min;
		r->ast->node[n].max = max;
	}
	return n;
}

/* An assertion (^ $ \b \B), which takes no quantifier, or an atom with
 * its quantifier. */
static int term(struct rp *r)
{
	char c = r->s[r->i], e = r->i + 1 < r->len ? r->s[r->i + 1] : 0;
	int n;

	if (is_quant(r))
		return fail(r, KVP_RE_NOT_REGEX, r->i, "a quantifier with nothing to repeat");
	if (c == '^' || c == '$' || (c == '\\' && (e == 'b' || e == 'B'))) {
		n = leaf(r, c == '^' ? RE_BOL : c == '$' ? RE_EOL : e == 'b' ? RE_WORDB : RE_NWORDB, 0);
		r->i += c == '\\' ? 2 : 1;
		if (n >= 0 && is_quant(r))
			return fail(r, KVP_RE_NOT_REGEX, r->i, "a quantifier after an anchor");
		return n;
	}
	return quantified(r, atom(r));
}

/* Terms up to '|', ')' or the end; empty matches the empty string. */
static int alternative(struct rp *r)
{
	int seq = -1, t;

	while (r->i < r->len && r->s[r->i] != '|' && r->s[r->i] != ')') {
		if ((t = term(r)) < 0)
			return -1;
		seq = seq < 0 ? t : pair(r, RE_CAT, seq, t);
		if (seq < 0)
			return -1;
	}
	return seq < 0 ? node(r, RE_EMPTY) : seq;
}

static int disj(struct rp *r)
{
	int n = alternative(r);

	while (n >= 0 && r->i < r->len && r->s[r->i] == '|') {
		r->i++;
		n = pair(r, RE_ALT, n, alternative(r));
	}
	return n;
}

enum kvp_re_fail kvp_re_parse(const char *pattern, size_t len,
                              struct re_ast *ast, struct kvp_re_error *e)
{
	struct rp r = { pattern, 0, len, ast, e };
	int root;

	memset(e, 0, sizeof *e);
	ast->n_node = ast->n_cls = 0;
	if (len > KVP_RE_MAX_LEN) {
		fail(&r, KVP_RE_TOO_LARGE, KVP_RE_MAX_LEN, "more than 255 characters");
		return e->kind;
	}
	root = disj(&r);
	if (root >= 0 && r.i < len)
		root = fail(&r, KVP_RE_NOT_REGEX, r.i, "')' without '('");
	if (root < 0)
		return e->kind;
	ast->root = (uint16_t)root;
	return KVP_RE_OK;
}
