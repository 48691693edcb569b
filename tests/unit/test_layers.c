/*
 * test_layers.c - layer ranges, override rules and their resolution
 * (src/core/model/layers.c): parsing, formatting back, later-rule-wins, and the
 * messages for bad ranges, rules and layers.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/plan.h"

/* 40 full-attention layers, 8 KV heads of 128, f16. */
static void base_model(struct kvp_model *m)
{
	memset(m, 0, sizeof *m);
	m->n_layers = 40;
	m->q_heads = 40;
	m->base.kind = KVP_LAYER_FULL;
	m->base.kv_heads = 8;
	m->base.k_dim = 128;
	m->base.v_dim = 128;
	m->base.k_fmt = kvp_format_plain(KVP_DT_F16);
	m->base.v_fmt = kvp_format_plain(KVP_DT_F16);
}

static void add_rule(struct kvp_model *m, const char *text)
{
	struct kvp_error err;

	ck_assert_msg(kvp_rule_parse(text, &m->rules[m->n_rules], &err) == KVP_OK,
	              "%s: %s", text, err.msg);
	m->n_rules++;
}

START_TEST(range_forms)
{
	struct kvp_range r;
	struct kvp_error err;

	ck_assert_int_eq(kvp_range_parse("all", &r, &err), KVP_OK);
	ck_assert(r.all);
	ck_assert(kvp_range_contains(&r, 0));
	ck_assert(kvp_range_contains(&r, 511));

	ck_assert_int_eq(kvp_range_parse("7", &r, &err), KVP_OK);
	ck_assert(!r.all);
	ck_assert_uint_eq(r.first, 7);
	ck_assert_uint_eq(r.last, 7);
	ck_assert(kvp_range_contains(&r, 7));
	ck_assert(!kvp_range_contains(&r, 6));
	ck_assert(!kvp_range_contains(&r, 8));

	ck_assert_int_eq(kvp_range_parse("0-39", &r, &err), KVP_OK);
	ck_assert_uint_eq(r.first, 0);
	ck_assert_uint_eq(r.last, 39);
	ck_assert_uint_eq(r.step, 1);
	ck_assert(kvp_range_contains(&r, 39));
	ck_assert(!kvp_range_contains(&r, 40));

	/* 5-47/6: layers 5, 11, 17, 23, 29, 35, 41, 47 */
	ck_assert_int_eq(kvp_range_parse("5-47/6", &r, &err), KVP_OK);
	ck_assert_uint_eq(r.first, 5);
	ck_assert_uint_eq(r.last, 47);
	ck_assert_uint_eq(r.step, 6);
	ck_assert(kvp_range_contains(&r, 5));
	ck_assert(kvp_range_contains(&r, 11));
	ck_assert(kvp_range_contains(&r, 47));
	ck_assert(!kvp_range_contains(&r, 4));
	ck_assert(!kvp_range_contains(&r, 6));
	ck_assert(!kvp_range_contains(&r, 46));
	ck_assert(!kvp_range_contains(&r, 53));
}
END_TEST

START_TEST(range_format_round_trip)
{
	static const char *const texts[] = { "all", "7", "0-39", "5-47/6" };
	struct kvp_range r;
	struct kvp_error err;
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ck_assert_int_eq(kvp_range_parse(texts[i], &r, &err), KVP_OK);
		kvp_range_format(&r, buf, sizeof buf);
		ck_assert_str_eq(buf, texts[i]);
	}
}
END_TEST

START_TEST(bad_ranges_name_the_text)
{
	static const char *const bad[] = {
		"", "a", "5-", "-5", "7-3", "5-47/0", "5/2", "1-2-3", "5-47/",
		"4294967296", " 5", "5 ", "+5", "0x10",
	};
	struct kvp_range r;
	struct kvp_error err;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char quoted[40];

		ck_assert_msg(kvp_range_parse(bad[i], &r, &err) != KVP_OK,
		              "'%s' accepted", bad[i]);
		snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
		ck_assert_msg(strstr(err.msg, quoted) != NULL, "%s", err.msg);
	}
	ck_assert_int_eq(kvp_range_parse("7-3", &r, &err), KVP_EINVAL);
	ck_assert_str_eq(err.msg,
		"layer range '7-3': first layer 7 is after last layer 3");
}
END_TEST

START_TEST(rule_parse_fields)
{
	struct kvp_layer_rule r;
	struct kvp_error err;

	ck_assert_int_eq(kvp_rule_parse("5-47/6:kind=sliding,window=4096", &r,
	                                &err), KVP_OK);
	ck_assert_uint_eq(r.range.first, 5);
	ck_assert_uint_eq(r.range.step, 6);
	ck_assert_uint_eq(r.set, (1u << KVP_LF_KIND) | (1u << KVP_LF_WINDOW));
	ck_assert_int_eq(r.v.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(r.v.window, 4096);

	/* head_dim sets both, a later v_dim overrides V */
	ck_assert_int_eq(kvp_rule_parse("all:head_dim=192,v_dim=128", &r, &err),
	                 KVP_OK);
	ck_assert(r.range.all);
	ck_assert_uint_eq(r.v.k_dim, 192);
	ck_assert_uint_eq(r.v.v_dim, 128);
	ck_assert_uint_eq(r.set, (1u << KVP_LF_K_DIM) | (1u << KVP_LF_V_DIM));

	/* dtype sets both formats; k_dtype only K */
	ck_assert_int_eq(kvp_rule_parse("0-3:dtype=q8_0", &r, &err), KVP_OK);
	ck_assert_int_eq(r.v.k_fmt.dtype, KVP_DT_Q8_0);
	ck_assert_int_eq(r.v.v_fmt.dtype, KVP_DT_Q8_0);
	ck_assert_uint_eq(r.set, (1u << KVP_LF_K_FMT) | (1u << KVP_LF_V_FMT));
	ck_assert_int_eq(kvp_rule_parse("3:k_dtype=fp8", &r, &err), KVP_OK);
	ck_assert_uint_eq(r.set, 1u << KVP_LF_K_FMT);

	/* state bytes are 64-bit */
	ck_assert_int_eq(kvp_rule_parse("0:kind=recurrent,state_bytes=123456789012",
	                                &r, &err), KVP_OK);
	ck_assert_int_eq(r.v.kind, KVP_LAYER_NONE);
	ck_assert(r.v.state_bytes == 123456789012ull);

	ck_assert_int_eq(kvp_rule_parse("20-39:kind=shared,shared_with=19,kv_heads=4",
	                                &r, &err), KVP_OK);
	ck_assert_int_eq(r.v.kind, KVP_LAYER_SHARED);
	ck_assert_uint_eq(r.v.shared_with, 19);
	ck_assert_uint_eq(r.v.kv_heads, 4);
}
END_TEST

START_TEST(bad_rules_name_the_text)
{
	static const char *const bad[] = {
		"5-47", "5-47:", "x:kind=full", "5:foo=1", "5:kind=dense",
		"5:kv_heads=x", "5:kv_heads=4294967296", "5:k_dtype=groupq",
		"5:kind=", "5:=3", "5:window", "5:kv_heads=4,", "5:dtype=f12",
		"41-39:kind=full",
	};
	struct kvp_layer_rule r;
	struct kvp_error err;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char quoted[64];

		ck_assert_msg(kvp_rule_parse(bad[i], &r, &err) != KVP_OK,
		              "'%s' accepted", bad[i]);
		snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
		ck_assert_msg(strstr(err.msg, quoted) != NULL, "%s", err.msg);
	}
	ck_assert_int_eq(kvp_rule_parse("5:kind=dense", &r, &err), KVP_EINVAL);
	ck_assert_str_eq(err.msg, "layer rule '5:kind=dense': kind 'dense' - "
	                 "expected full, sliding, chunked, none, shared, mla, ffn or "
	                 "compressed");
}
END_TEST

START_TEST(rule_format_round_trip)
{
	static const char *const texts[] = {
		"5-47/6:kind=sliding,window=4096",
		"all:kv_heads=2,k_dim=192,v_dim=128",
		"0-3:k_dtype=q8_0,v_dtype=f16",
		"0:kind=none,state_bytes=123456789012",
		"20-39:kind=shared,shared_with=19",
	};
	struct kvp_layer_rule r;
	struct kvp_error err;
	char buf[128];
	size_t i;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		ck_assert_int_eq(kvp_rule_parse(texts[i], &r, &err), KVP_OK);
		kvp_rule_format(&r, buf, sizeof buf);
		ck_assert_str_eq(buf, texts[i]);
	}
}
END_TEST

START_TEST(resolve_base_then_rules)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;

	base_model(&m);
	/* even layers sliding 4096; layer 10 (even) also 4 KV heads */
	add_rule(&m, "0-39/2:kind=sliding,window=4096");
	add_rule(&m, "10:kv_heads=4");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_OK);
	ck_assert_int_eq(out[0].kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(out[0].window, 4096);
	ck_assert_uint_eq(out[0].kv_heads, 8);
	ck_assert_int_eq(out[1].kind, KVP_LAYER_FULL);
	ck_assert_int_eq(out[10].kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(out[10].kv_heads, 4);
	ck_assert_uint_eq(out[11].kv_heads, 8);
	ck_assert_int_eq(out[39].kind, KVP_LAYER_FULL);
	ck_assert_int_eq(out[38].kind, KVP_LAYER_SLIDING);
}
END_TEST

START_TEST(later_rules_win)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;

	base_model(&m);
	add_rule(&m, "all:kv_heads=2");
	add_rule(&m, "5:kv_heads=6");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_OK);
	ck_assert_uint_eq(out[5].kv_heads, 6);
	ck_assert_uint_eq(out[4].kv_heads, 2);

	base_model(&m);
	add_rule(&m, "5:kv_heads=6");
	add_rule(&m, "all:kv_heads=2");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_OK);
	ck_assert_uint_eq(out[5].kv_heads, 2);
}
END_TEST

START_TEST(rule_past_last_layer)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;

	base_model(&m);
	add_rule(&m, "0-40:kind=none");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "layer rule '0-40:kind=none': layer 40 is past "
	                 "the last layer (model.n_layers 40: layers 0-39)");
}
END_TEST

START_TEST(layer_validation_messages)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;

	base_model(&m);
	add_rule(&m, "3:kv_heads=0");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.layers[3].kv_heads: 0 - must be at least 1");

	/* a bad uniform field is named as the base field */
	base_model(&m);
	m.base.kv_heads = 0;
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.base.kv_heads: 0 - must be at least 1");

	base_model(&m);
	m.base.v_dim = 0;
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.base.v_dim: 0 - must be at least 1");

	base_model(&m);
	add_rule(&m, "2:kind=sliding");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg,
		"model.base.window: 0 - must be at least 1 for a sliding layer");

	base_model(&m);
	add_rule(&m, "5:kind=shared,shared_with=7");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_EINVAL);
	ck_assert_str_eq(err.msg,
		"model.layers[5].shared_with: 7 - must name an earlier layer (< 5)");

	base_model(&m);
	add_rule(&m, "2:kind=none");
	add_rule(&m, "5:kind=shared,shared_with=2");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "layer 2 is a none layer"));

	base_model(&m);
	add_rule(&m, "0:kind=mla");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.mla.kv_lora_rank: 0"));

	/* q8_0 K rows of 1 head x 80 values are 2.5 blocks */
	base_model(&m);
	add_rule(&m, "6:kv_heads=1,k_dim=80,k_dtype=q8_0");
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.layers[6].k_dtype: q8_0"));

	base_model(&m);
	m.n_layers = 0;
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.n_layers: 0 - must be 1..512");
}
END_TEST

START_TEST(kind_names)
{
	struct kvp_error err;
	enum kvp_layer_kind k;
	int i;

	for (i = 0; i < KVP_LAYER_KIND_COUNT; i++) {
		ck_assert_int_eq(kvp_layer_kind_parse(
			kvp_layer_kind_name((enum kvp_layer_kind)i), &k, &err), KVP_OK);
		ck_assert_int_eq(k, i);
	}
	ck_assert_int_eq(kvp_layer_kind_parse("swa", &k, &err), KVP_OK);
	ck_assert_int_eq(k, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_kind_parse("mamba", &k, &err), KVP_EINVAL);
}
END_TEST

/* xorshift64: a fixed pseudo-random sequence, so the test is repeatable */
static uint64_t rnd(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

START_TEST(random_rule_text_never_crashes)
{
	static const char alphabet[] = "0123456789-/:=,abdefhiklmnopqrstuvwy_ ";
	static const char *const ranges[] = { "all", "7", "5-47/6", "0-3", "9-2" };
	static const char *const kvs[] = {
		"kind=sliding", "kind=none", "kind=full", "window=4096",
		"kv_heads=4", "dtype=q8_0", "k_dtype=fp8", "v_dtype=bf16",
		"state_bytes=18446744073709551615", "state_bytes=18446744073709551616",
		"shared_with=3", "head_dim=192", "v_dim=128", "kind=mla",
	};
	uint64_t x = 0x2545F4914F6CDD1Dull;
	int i, ok = 0, bad = 0;

	for (i = 0; i < 20000; i++) {
		char text[160], again[256];
		size_t len = 0, k, nkv;
		struct kvp_layer_rule r, r2;
		struct kvp_error err;

		if (i % 4 == 0) {
			/* random characters */
			size_t want = rnd(&x) % 24;

			for (len = 0; len < want; len++)
				text[len] = alphabet[rnd(&x) % (sizeof alphabet - 1)];
			text[len] = '\0';
		} else {
			/* RANGE:key=value,... and sometimes one character
			 * replaced */
			len = (size_t)snprintf(text, sizeof text, "%s",
			                       ranges[rnd(&x) % 5]);
			nkv = 1 + rnd(&x) % 3;
			for (k = 0; k < nkv; k++)
				len += (size_t)snprintf(text + len, sizeof text - len,
					"%s%s", k ? "," : ":", kvs[rnd(&x) % 14]);
			if (i % 4 == 3)
				text[rnd(&x) % len] =
					alphabet[rnd(&x) % (sizeof alphabet - 1)];
		}
		err.msg[0] = '\0';
		if (kvp_rule_parse(text, &r, &err) != KVP_OK) {
			bad++;
			ck_assert_msg(err.msg[0] != '\0', "no message for '%s'", text);
			continue;
		}
		/* accepted: formatting it back parses to the same rule */
		ok++;
		kvp_rule_format(&r, again, sizeof again);
		ck_assert_msg(kvp_rule_parse(again, &r2, &err) == KVP_OK,
		              "'%s' -> '%s': %s", text, again, err.msg);
		ck_assert_uint_eq(r2.set, r.set);
		ck_assert_uint_eq(r2.range.all, r.range.all);
		ck_assert_uint_eq(r2.range.first, r.range.first);
		ck_assert_uint_eq(r2.range.last, r.range.last);
		ck_assert_uint_eq(r2.range.step, r.range.step);
		ck_assert_int_eq(r2.v.kind, r.v.kind);
		ck_assert_uint_eq(r2.v.kv_heads, r.v.kv_heads);
		ck_assert_uint_eq(r2.v.k_dim, r.v.k_dim);
		ck_assert_uint_eq(r2.v.v_dim, r.v.v_dim);
		ck_assert_uint_eq(r2.v.window, r.v.window);
		ck_assert_int_eq(r2.v.k_fmt.dtype, r.v.k_fmt.dtype);
		ck_assert_int_eq(r2.v.v_fmt.dtype, r.v.v_fmt.dtype);
		ck_assert(r2.v.state_bytes == r.v.state_bytes);
		ck_assert_uint_eq(r2.v.shared_with, r.v.shared_with);
	}
	/* the generator produces both kinds */
	ck_assert_int_gt(ok, 1000);
	ck_assert_int_gt(bad, 1000);
}
END_TEST

START_TEST(sixty_four_rules)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;
	uint32_t i;

	/* 100 layers; rule i (0..63) sets layer i to i % 7 + 1 KV heads:
	 * 65 distinct rule signatures (more than the resolver caches) */
	base_model(&m);
	m.n_layers = 100;
	for (i = 0; i < 64; i++) {
		char text[32];

		snprintf(text, sizeof text, "%u:kv_heads=%u", i, i % 7 + 1);
		add_rule(&m, text);
	}
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_OK);
	for (i = 0; i < 64; i++)
		ck_assert_uint_eq(out[i].kv_heads, i % 7 + 1);
	for (i = 64; i < 100; i++)
		ck_assert_uint_eq(out[i].kv_heads, 8);

	/* a 65th rule is refused by the resolver */
	m.n_rules = 65;
	ck_assert_int_eq(kvp_layers_resolve(&m, out, &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.layers: 65 rules - at most 64");
}
END_TEST

/* Up to 64 random valid rules (windows >= 1, rows whole q8_0 blocks)
 * on a model of 1..200 layers. */
static void random_rules(struct kvp_model *m, uint64_t *x)
{
	static const char *const kvs[] = {
		"kind=sliding,window=512", "kind=full", "kind=none,state_bytes=99",
		"kv_heads=2", "kv_heads=16", "dtype=q8_0", "k_dtype=fp8",
		"head_dim=64", "v_dim=256", "window=1024", "kind=chunked,window=77",
	};
	uint32_t n = 1 + rnd(x) % 200, nr = rnd(x) % 65, j;

	base_model(m);
	m->n_layers = n;
	for (j = 0; j < nr; j++) {
		char text[96];
		uint32_t a = rnd(x) % n, b = a + rnd(x) % (n - a);

		switch (rnd(x) % 3) {
		case 0:
			snprintf(text, sizeof text, "all:%s", kvs[rnd(x) % 11]);
			break;
		case 1:
			snprintf(text, sizeof text, "%u:%s", a, kvs[rnd(x) % 11]);
			break;
		default:
			snprintf(text, sizeof text, "%u-%u/%u:%s", a, b,
			         1 + (unsigned)(rnd(x) % 7), kvs[rnd(x) % 11]);
			break;
		}
		add_rule(m, text);
	}
}

/* The naive oracle: layer i from the base and every rule in order that
 * kvp_range_contains, the set fields copied; then asserts `got` has its
 * fields. */
static void check_oracle(const struct kvp_model *m, uint32_t i,
                         const struct kvp_layer_spec *got)
{
	struct kvp_layer_spec want = m->base;
	uint32_t j;

	for (j = 0; j < m->n_rules; j++) {
		const struct kvp_layer_rule *r = &m->rules[j];

		if (!kvp_range_contains(&r->range, i))
			continue;
		if (r->set & (1u << KVP_LF_KIND)) want.kind = r->v.kind;
		if (r->set & (1u << KVP_LF_KV_HEADS)) want.kv_heads = r->v.kv_heads;
		if (r->set & (1u << KVP_LF_K_DIM)) want.k_dim = r->v.k_dim;
		if (r->set & (1u << KVP_LF_V_DIM)) want.v_dim = r->v.v_dim;
		if (r->set & (1u << KVP_LF_K_FMT)) want.k_fmt = r->v.k_fmt;
		if (r->set & (1u << KVP_LF_V_FMT)) want.v_fmt = r->v.v_fmt;
		if (r->set & (1u << KVP_LF_WINDOW)) want.window = r->v.window;
		if (r->set & (1u << KVP_LF_STATE_BYTES)) want.state_bytes = r->v.state_bytes;
	}
	/* a state is kept by recurrent layers only (model.h: full ones too
	 * under model.recur.beside_full, off here) */
	if (want.kind != KVP_LAYER_NONE)
		want.state_bytes = 0;
	ck_assert_int_eq(got->kind, want.kind);
	ck_assert_uint_eq(got->kv_heads, want.kv_heads);
	ck_assert_uint_eq(got->k_dim, want.k_dim);
	ck_assert_uint_eq(got->v_dim, want.v_dim);
	ck_assert_int_eq(got->k_fmt.dtype, want.k_fmt.dtype);
	ck_assert_int_eq(got->v_fmt.dtype, want.v_fmt.dtype);
	ck_assert_uint_eq(got->window, want.window);
	ck_assert(got->state_bytes == want.state_bytes);
}

/* Resolution against the naive oracle. */
START_TEST(resolve_matches_naive_oracle)
{
	static struct kvp_model m;
	struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_error err;
	uint64_t x = 0x853C49E6748FEA9Bull;
	int round, compared = 0;
	uint32_t i;

	for (round = 0; round < 300; round++) {
		random_rules(&m, &x);
		ck_assert_msg(kvp_layers_resolve(&m, out, &err) == KVP_OK,
		              "round %d: %s", round, err.msg);
		for (i = 0; i < m.n_layers; i++, compared++)
			check_oracle(&m, i, &out[i]);
	}
	ck_assert_int_gt(compared, 10000);
}
END_TEST

/*
 * kvp_layers_resolve_typed against the oracle (issue 34): each type's
 * first layer written as the oracle resolves it, the other layers left
 * as they were (0xA5 here) until kvp_layers_fill, then every layer as
 * the oracle resolves it.
 */
START_TEST(typed_writes_first_layers_then_fill)
{
	static struct kvp_model m;
	static struct kvp_layer_types ty;
	static struct kvp_layer_spec out[KVP_MAX_LAYERS];
	struct kvp_layer_spec pad;
	struct kvp_error err;
	uint64_t x = 0x9E3779B97F4A7C15ull;
	int round, unwritten = 0;
	uint32_t i;

	memset(&pad, 0xA5, sizeof pad);
	for (round = 0; round < 200; round++) {
		random_rules(&m, &x);
		memset(out, 0xA5, sizeof out);
		ck_assert_msg(kvp_layers_resolve_typed(&m, out, sizeof out[0], &ty,
		                                       &err) == KVP_OK,
		              "round %d: %s", round, err.msg);
		ck_assert_uint_gt(ty.n, 0);   /* no model.kv_reuse_last here */
		for (i = 0; i < m.n_layers; i++) {
			if (ty.first[ty.of[i]] == i) {
				check_oracle(&m, i, &out[i]);
				continue;
			}
			ck_assert_msg(!memcmp(&out[i], &pad, sizeof pad),
			              "round %d: layer %u written", round, i);
			unwritten++;
		}
		kvp_layers_fill(out, sizeof out[0], m.n_layers, &ty);
		for (i = 0; i < m.n_layers; i++)
			check_oracle(&m, i, &out[i]);
	}
	ck_assert_int_gt(unwritten, 1000);
}
END_TEST

/*
 * kvp_compute's layer records against the oracle (issue 34: stage 1
 * writes the first layer of each type, stage 3 copies that layer's whole
 * record to the others of its type, kv.c copy_types): every spec
 * as the oracle resolves it, into a result filled with 0xA5 (nothing
 * left unwritten shows), and layers of equal spec with equal figures.
 */
START_TEST(compute_records_match_oracle)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	uint64_t x = 0x2545F4914F6CDD1Dull;
	int round, compared = 0;
	uint32_t i, j;

	for (round = 0; round < 200; round++) {
		kvp_plan_default(&plan);
		random_rules(&plan.model, &x);
		plan.model.q_heads = 48;   /* a multiple of every KV head count */
		plan.strategy.kind = (enum kvp_strategy_kind)(round % KVP_STRAT_COUNT);
		memset(&res, 0xA5, sizeof res);
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "round %d: %s",
		              round, res.error.msg);
		for (i = 0; i < res.n_layers; i++, compared++) {
			const struct kvp_layer_result *l = kvp_layer_rec(&res, i);

			check_oracle(&plan.model, i, &l->spec);
			for (j = 0; j < i && memcmp(&kvp_layer_rec(&res, j)->spec, &l->spec,
			                            sizeof l->spec); j++)
				;
			ck_assert_msg(l->bytes == kvp_layer_rec(&res, j)->bytes &&
			              l->slots == kvp_layer_rec(&res, j)->slots &&
			              l->stored == kvp_layer_rec(&res, j)->stored &&
			              l->k_row_bytes == kvp_layer_rec(&res, j)->k_row_bytes &&
			              l->v_row_bytes == kvp_layer_rec(&res, j)->v_row_bytes &&
			              l->on_device && l->conv_bytes == 0 &&
			              l->beside_bytes == 0 && l->index_bytes == 0,
			              "round %d: layer %u against layer %u", round, i, j);
		}
	}
	ck_assert_int_gt(compared, 5000);
}
END_TEST

static Suite *layers_suite(void)
{
	Suite *s = suite_create("layers");
	TCase *tc = tcase_create("core");

	/* the oracle test runs 300 random models (about 3 s of CPU under
	 * ASan): on a shared, loaded machine Check's 4 s wall-clock default
	 * fails it for want of CPU, not of correctness */
	tcase_set_timeout(tc, 120);

	tcase_add_test(tc, range_forms);
	tcase_add_test(tc, range_format_round_trip);
	tcase_add_test(tc, bad_ranges_name_the_text);
	tcase_add_test(tc, rule_parse_fields);
	tcase_add_test(tc, bad_rules_name_the_text);
	tcase_add_test(tc, rule_format_round_trip);
	tcase_add_test(tc, resolve_base_then_rules);
	tcase_add_test(tc, later_rules_win);
	tcase_add_test(tc, rule_past_last_layer);
	tcase_add_test(tc, layer_validation_messages);
	tcase_add_test(tc, kind_names);
	tcase_add_test(tc, random_rule_text_never_crashes);
	tcase_add_test(tc, sixty_four_rules);
	tcase_add_test(tc, resolve_matches_naive_oracle);
	tcase_add_test(tc, typed_writes_first_layers_then_fill);
	tcase_add_test(tc, compute_records_match_oracle);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(layers_suite)
