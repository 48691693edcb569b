/*
 * test_ecma_re.c - kvplan's bounded ECMAScript matcher (src/io/regex/ecma_re*.c)
 * that -ot / --override-tensor patterns run through.
 *
 * 1. Patterns people write (llama.cpp PR #11397 "add option to override
 *    model tensor buffers", its README/issues, xorbitsai/xllamacpp PR #75,
 *    common/arg.cpp's --n-cpu-moe regex, issue 33's examples) find the
 *    same tensor names as before: kvplan matched with POSIX regcomp
 *    (REG_EXTENDED), which reads these patterns as ECMAScript does, so
 *    glibc's regexec is the expectation for every name of a 48-layer
 *    model (names from llama.cpp src/llama-arch.cpp LLM_TENSOR_NAMES).
 * 2. ECMAScript-only forms, expected by hand from ECMA-262.
 * 3. Refusals: what std::regex refuses, what kvplan does not match, and
 *    issue 33's two reproducers, refused in well under a second of CPU
 *    (glibc's regcomp took 3.4 GB and seconds for the first).
 */
#include <check.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "io/regex/ecma_re.h"

static const char *const people[] = {
	"exps=CPU",
	"\\.ffn_.*_exps\\.=CPU",
	"blk\\.[0-9]+\\.ffn_.*_exps\\.=CPU",
	"\\.ffn_(up|down|gate)_exps=CPU",
	"blk\\.([0-3])\\.ffn_.*=CPU",
	"blk\\.4\\.ffn_(down|up)_exps\\..*=CPU",
	"blk\\.1[0-9]\\.ffn_(up|down|gate)_exps=CPU",
	"blk\\.(1[0-9]|2[0-9]|3[0-9])\\.ffn_.*_exps\\.weight=CPU",
	"([0-9]+).ffn_.*_exps.=CPU",
	"blk\\.(2[4-9]|[34][0-9])\\.=CPU",
	"([3-9]|[1-9][0-9])\\.ffn_(gate|up|down)_exps=CPU",
	"^output\\.weight=CPU",
	"token_embd\\.weight=CPU",
	"attn_.*=CUDA0",
	"ffn_(up|gate)_exps=CPU",
	"blk\\.[0-9]*[02468]\\.ffn_.*_exps=CPU",
	"blk\\.(0|1|2|3|4|5)\\.=CUDA0",
	"shexp=CUDA0",
	"blk\\.4[0-7]\\.(attn|ffn)_[a-z_]+\\.weight$=CPU",
	"norm=CPU",
};

static const char *const kinds[] = {
	"attn_norm", "attn_q_a", "attn_q_a_norm", "attn_q_b", "attn_kv_a_mqa",
	"attn_kv_a_norm", "attn_k_b", "attn_v_b", "attn_output", "ffn_norm",
	"ffn_gate_inp", "ffn_gate_shexp", "ffn_up_shexp", "ffn_down_shexp",
	"ffn_gate_exps", "ffn_up_exps", "ffn_down_exps", "attn_q", "attn_k", "attn_v",
};

/* Pattern of a PATTERN=BUFFER item into buf. */
static const char *pattern_of(const char *item, char *buf, size_t n)
{
	const char *eq = strrchr(item, '=');

	snprintf(buf, n, "%.*s", (int)(eq - item), item);
	return buf;
}

static bool search(const char *pat, const char *text)
{
	struct kvp_re re;
	struct kvp_re_error e;
	bool hit;

	ck_assert_msg(kvp_re_compile(pat, strlen(pat), &re, &e) == KVP_RE_OK,
	              "/%s/: %s at %zu", pat, e.what, e.at);
	hit = kvp_re_search(&re, text);
	kvp_re_free(&re);
	return hit;
}

START_TEST(patterns_people_write_find_what_regcomp_found)
{
	char pat[256], name[64];
	size_t p, k, hits = 0, checked = 0;
	unsigned l;

	for (p = 0; p < sizeof people / sizeof *people; p++) {
		regex_t ere;

		pattern_of(people[p], pat, sizeof pat);
		ck_assert(regcomp(&ere, pat, REG_EXTENDED | REG_NOSUB) == 0);
		for (l = 0; l <= 48; l++)
			for (k = 0; k < sizeof kinds / sizeof *kinds + 2; k++) {
				bool want, got;

				if (k < sizeof kinds / sizeof *kinds)
					snprintf(name, sizeof name, "blk.%u.%s.weight", l, kinds[k]);
				else
					snprintf(name, sizeof name, "%s.weight",
					         k == sizeof kinds / sizeof *kinds ? "token_embd" : "output");
				want = regexec(&ere, name, 0, NULL, 0) == 0;
				got = search(pat, name);
				ck_assert_msg(got == want, "/%s/ on %s: %d, regcomp %d", pat, name, got, want);
				hits += got;
				checked++;
			}
		regfree(&ere);
	}
	/* 20 patterns x 49 layers x 22 names; both outcomes seen */
	ck_assert_uint_eq(checked, 20u * 49u * 22u);
	ck_assert(hits > 1000 && hits < checked - 1000);
}
END_TEST

/* Hand-worked from ECMA-262: what ERE would read otherwise. */
START_TEST(ecmascript_forms)
{
	ck_assert(search("blk\\.\\d+\\.ffn_up_exps", "blk.17.ffn_up_exps.weight"));
	ck_assert(!search("blk\\.\\d+\\.ffn_up_exps", "blk.x.ffn_up_exps.weight"));
	ck_assert(search("\\w+_exps\\b", "blk.3.ffn_up_exps.weight"));
	ck_assert(!search("up\\b", "blk.3.ffn_up_exps.weight"));   /* '_' is a word byte */
	ck_assert(search("\\Bp_e", "ffn_up_exps"));
	ck_assert(search("(?:up|down)_exps", "blk.3.ffn_down_exps.weight"));
	ck_assert(search("exps.*?weight", "blk.3.ffn_down_exps.weight"));
	ck_assert(search("blk\\.\\d{1,2}\\.", "blk.47.attn_q.weight"));
	ck_assert(!search("^blk\\.\\d{3,}\\.", "blk.47.attn_q.weight"));
	ck_assert(search("a{2}b{0}c", "xaac"));
	ck_assert(!search("a{2}b{1,}c", "xaac"));
	ck_assert(search("[^]", "x"));                /* any byte */
	ck_assert(!search("[]", "x"));                /* no byte */
	ck_assert(!search("[]a]", "]"));              /* [] then a], not a class of ] a */
	ck_assert(!search("[]a]", "a]"));             /* and [] matches no byte */
	ck_assert(search("[\\d_]+", "_"));
	ck_assert(search("[^\\D]", "7") && !search("[^\\D]", "x"));
	ck_assert(search("x|", "y"));                 /* the empty alternative */
	ck_assert(search("^$", "") && !search("^$", "a"));
	ck_assert(search("a}b", "a}b") && search("a]b", "a]b"));
	ck_assert(!search(".", "\n"));                /* '.' stops at line terminators */
	ck_assert(search("(a*)*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab"));
	ck_assert(!search("(a*)*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
}
END_TEST

static void refused(const char *pat, enum kvp_re_fail kind, const char *words, size_t at)
{
	struct kvp_re re;
	struct kvp_re_error e;
	clock_t t0 = clock();

	ck_assert_msg(kvp_re_compile(pat, strlen(pat), &re, &e) == kind,
	              "/%s/: kind %d (%s)", pat, e.kind, e.what);
	ck_assert_msg(strstr(e.what, words) != NULL, "/%s/: %s", pat, e.what);
	ck_assert_msg(e.at == at, "/%s/: at %zu", pat, e.at);
	ck_assert_msg((double)(clock() - t0) / CLOCKS_PER_SEC < 0.05, "/%s/: slow", pat);
}

START_TEST(refusals)
{
	char plus[40];

	/* issue 33: glibc took 3.4 GB and 5.7 GB for these */
	refused("((a{255}){255}){255}", KVP_RE_TOO_LARGE, "1024 states", 0);
	snprintf(plus, sizeof plus, "(g%.24sate)_exp", "++++++++++++++++++++++++");
	refused(plus, KVP_RE_NOT_REGEX, "a quantifier after a quantifier", 3);
	refused("g++", KVP_RE_NOT_REGEX, "a quantifier after a quantifier", 2);
	refused("a*?*", KVP_RE_NOT_REGEX, "a quantifier after a quantifier", 3);
	refused("a{2}{3}", KVP_RE_NOT_REGEX, "a quantifier after a quantifier", 4);
	refused("*a", KVP_RE_NOT_REGEX, "nothing to repeat", 0);
	refused("a|+", KVP_RE_NOT_REGEX, "nothing to repeat", 2);
	refused("(?a)", KVP_RE_NOT_REGEX, "'(?'", 0);
	refused("{2}", KVP_RE_NOT_REGEX, "nothing to repeat", 0);
	refused("^*", KVP_RE_NOT_REGEX, "after an anchor", 1);
	refused("blk\\.[3", KVP_RE_NOT_REGEX, "'[' without ']'", 5);
	refused("(exps", KVP_RE_NOT_REGEX, "'(' without ')'", 0);
	refused("exps)", KVP_RE_NOT_REGEX, "')' without '('", 4);
	refused("a{2", KVP_RE_NOT_REGEX, "'{' without '}'", 1);
	refused("a{,2}", KVP_RE_NOT_REGEX, "not followed by a count", 1);
	refused("a{3,2}", KVP_RE_NOT_REGEX, "n less than m", 1);
	refused("[z-a]", KVP_RE_NOT_REGEX, "out of order", 1);
	refused("[\\d-z]", KVP_RE_NOT_REGEX, "class escape at the start", 1);
	refused("[a-\\d]", KVP_RE_NOT_REGEX, "class escape at the end", 1);
	refused("exps\\", KVP_RE_NOT_REGEX, "trailing backslash", 4);
	refused("(?=exps)", KVP_RE_UNSUPPORTED, "look-ahead", 0);
	refused("(a)\\1", KVP_RE_UNSUPPORTED, "back-reference", 3);
	refused("\\x41", KVP_RE_UNSUPPORTED, "an escape other than", 0);
	refused("[[:digit:]]", KVP_RE_UNSUPPORTED, "POSIX", 1);
	refused("a{1001}", KVP_RE_TOO_LARGE, "count above", 1);
	refused("(.?){500}(.?){12}", KVP_RE_TOO_LARGE, "1024 states", 0);
}
END_TEST

/* The bound is exact: 1023 states and the final match fit, one more
 * does not. (.?){m}: each copy is a split and the byte, 2 states. */
START_TEST(state_bound)
{
	struct kvp_re re;
	struct kvp_re_error e;
	char text[300];

	ck_assert(kvp_re_compile("(.?){500}a{23}", 14, &re, &e) == KVP_RE_OK);
	ck_assert_uint_eq(kvp_re_states(&re), 1024);
	memset(text, 'a', 255);
	text[255] = '\0';
	ck_assert(kvp_re_search(&re, text));
	text[22] = 'b';
	ck_assert(kvp_re_search(&re, text));   /* the 23 a's later on */
	memset(text, 'b', 255);
	text[0] = 'a';
	ck_assert(!kvp_re_search(&re, text));
	kvp_re_free(&re);
	ck_assert(kvp_re_compile("(.?){500}a{24}", 14, &re, &e) == KVP_RE_TOO_LARGE);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("ecma_re");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, patterns_people_write_find_what_regcomp_found);
	tcase_add_test(tc, ecmascript_forms);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, state_bound);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
