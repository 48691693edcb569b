/*
 * ecma_re.h - a bounded matcher for the ECMAScript regular expressions
 * llama.cpp's -ot / --override-tensor patterns are written in
 * (std::regex, default flags = ECMAScript; std::regex_search).
 *
 * kvp_re_compile parses the pattern into a tree (ecma_re_parse.c), then
 * lays it out as a Thompson NFA program (ecma_re_vm.c); kvp_re_search
 * runs it as a Pike VM, every state at most once per input character:
 * time is linear in text length x states, memory linear in states. Both
 * are bounded before anything is built: a pattern is at most
 * KVP_RE_MAX_LEN characters, a count in {m,n} at most KVP_RE_MAX_COUNT,
 * and the program, counted repetition expanded, at most KVP_RE_MAX_STATES
 * instructions (std::regex in libstdc++ refuses past 100,000 NFA states;
 * kvplan, which runs every pattern against every tensor name of up to
 * 512 layers, stops earlier and says so).
 *
 * Accepted: literals, identity escapes of punctuation, \d \D \w \W \s \S,
 * \f \n \r \t \v, '.', [classes] with ranges and '^', anchors ^ $ \b \B,
 * groups ( ) and (?: ), alternation |, quantifiers * + ? {m} {m,} {m,n}
 * and their lazy '?' forms (a lazy quantifier finds the same strings,
 * and only whether one is found matters here).
 * Refused as std::regex refuses them (kind KVP_RE_NOT_REGEX): a
 * quantifier with nothing to repeat ("*a", "a|*", "^*"), a quantifier
 * after a quantifier ("g++": ECMA-262's grammar, Term :: Atom
 * Quantifier, refuses it; libstdc++ reads it as (g+)+), unbalanced ( ) [ ] { },
 * a bad {m,n}, a range out of order or with a class escape at an end, a
 * trailing backslash, an unknown (? group.
 * Refused as beyond kvplan (KVP_RE_UNSUPPORTED): look-aheads (?= (?!,
 * back-references \1, \0 \c \x \u and other letter escapes, \b in a
 * class, POSIX [[:class:]] [[.x.]] [[=x=]].
 *
 * The folder, src/io/regex/: this matcher alone, for -ot patterns.
 * ecma_re.h (this file) is its interface, ecma_re_parse.c the parser into
 * the tree of ecma_re_ast.h, ecma_re_vm.c the program and the VM; the
 * parser and the VM share the tree and call nothing else in kvplan.
 */
#ifndef KVPLAN_IO_ECMA_RE_H
#define KVPLAN_IO_ECMA_RE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KVP_RE_MAX_LEN    255
#define KVP_RE_MAX_COUNT  1000
#define KVP_RE_MAX_STATES 1024

enum kvp_re_fail {
	KVP_RE_OK = 0,
	KVP_RE_NOT_REGEX,      /* std::regex (ECMAScript) refuses it too */
	KVP_RE_UNSUPPORTED,    /* valid ECMAScript kvplan does not match */
	KVP_RE_TOO_LARGE,      /* past a bound above */
};

struct kvp_re_inst;

/* A compiled pattern; kvp_re_free releases it (the caller owns it). */
struct kvp_re {
	struct kvp_re_inst *prog;
	uint8_t (*cls)[32];        /* byte sets, 256 bits each */
	uint32_t n, n_cls;
	uint32_t *scratch;         /* 4 x n: two thread lists, marks, stack */
};

/* Why a pattern was refused: what, at which character (0-based). */
struct kvp_re_error {
	enum kvp_re_fail kind;
	size_t at;
	char what[96];
};

/* Compile PATTERN (len bytes, NUL not required). KVP_RE_OK, or the
 * refusal in *e; on KVP_RE_OK the caller calls kvp_re_free. */
enum kvp_re_fail kvp_re_compile(const char *pattern, size_t len,
                                struct kvp_re *re, struct kvp_re_error *e);

/* std::regex_search: does the pattern match anywhere in TEXT? */
bool kvp_re_search(const struct kvp_re *re, const char *text);

/* The program's size in states (for limits over several patterns). */
uint32_t kvp_re_states(const struct kvp_re *re);

void kvp_re_free(struct kvp_re *re);

#endif
