/*
 * test_engine_llamacpp.c - the llama.cpp profile (src/core/engines/llamacpp/engine_llamacpp.c)
 * against what llama.cpp really allocated: EVERY case of
 * tests/reference/cases/llamacpp.json (read at run time with cJSON,
 * never copied) must give expected.kv_bytes to the byte, its SWA/base/
 * recurrent breakdown, its n_ctx_seq, and the very `llama_kv_cache: size`
 * lines llama.cpp printed; each refusal must come back as KVP_EREFUSED
 * in llama.cpp's words. The engine-log cases marked exact (Phi-3 and
 * Gemma 2 through llama-server) must give the printed MiB figures.
 * Other rules get hand-worked figures with the arithmetic in comments.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"

#include "engine_ref.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void add_rule(struct kvp_model *m, const char *text)
{
	struct kvp_error err;

	ck_assert_uint_lt(m->n_rules, KVP_MAX_RULES);
	ck_assert_msg(kvp_rule_parse(text, &m->rules[m->n_rules], &err) == KVP_OK,
	              "%s: %s", text, err.msg);
	m->n_rules++;
}

static bool in_list(const cJSON *arr, unsigned il)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, arr)
		if (cJSON_IsNumber(it) && (unsigned)it->valuedouble == il)
			return true;
	return false;
}

/* A plan for one case of cases/llamacpp.json: the default scenario with
 * the case's attention shape and llama.cpp options. */
static void plan_from_case(const cJSON *c)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(c, "model");
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(c, "options");
	const cJSON *swa = cJSON_GetObjectItemCaseSensitive(m, "swa_layers");
	const cJSON *attn = cJSON_GetObjectItemCaseSensitive(m, "attention_layers");
	const cJSON *mla = cJSON_GetObjectItemCaseSensitive(m, "mla");
	const char *fa = ref_str(o, "flash_attn");
	struct kvp_model *md = &plan.model;
	struct kvp_error err;
	unsigned il, n;
	char rule[160];

	kvp_plan_default(&plan);
	md->n_rules = 0;
	md->n_layers = n = (unsigned)ref_u64(m, "n_layer");
	md->q_heads = (unsigned)ref_u64(m, "n_head");
	md->arch.max_positions = 131072;   /* n_ctx_train the cases print */
	if (mla) {
		md->base.kind = KVP_LAYER_MLA;
		md->mla.kv_lora_rank = (unsigned)ref_u64(mla, "kv_lora_rank");
		md->mla.qk_rope_head_dim = (unsigned)ref_u64(mla, "rope_dim");
		md->mla.v_head_dim = (unsigned)ref_u64(mla, "value_head_dim");
		md->mla.qk_nope_head_dim = (unsigned)ref_u64(mla, "key_head_dim") -
		                           md->mla.qk_rope_head_dim;
		md->base.kv_heads = md->q_heads;
		md->base.k_dim = (unsigned)ref_u64(mla, "key_head_dim");
		md->base.v_dim = (unsigned)ref_u64(mla, "value_head_dim");
	} else {
		md->base.kind = KVP_LAYER_FULL;
		md->base.kv_heads = (unsigned)ref_u64(m, "n_head_kv");
		md->base.k_dim = (unsigned)ref_u64(m, "head_k");
		md->base.v_dim = (unsigned)ref_u64(m, "head_v");
	}
	for (il = 0; swa && il < n; il++) {
		if (!in_list(swa, il))
			continue;
		if (cJSON_GetObjectItemCaseSensitive(m, "head_k_swa")) {
			/* Gemma 4: SWA layers have their own head size (K = V) */
			unsigned hs = (unsigned)ref_u64(m, "head_k_swa");

			snprintf(rule, sizeof rule, "%u:kind=sliding,window=%llu,k_dim=%u,v_dim=%u",
			         il, ref_u64(m, "n_swa"), hs, hs);
		} else {
			snprintf(rule, sizeof rule, "%u:kind=sliding,window=%llu", il,
			         ref_u64(m, "n_swa"));
		}
		add_rule(md, rule);
	}
	if (attn) {
		/* Mamba-2 layers: conv state (d_conv - 1)(d_inner + 2 n_group
		 * d_state) + ssm state d_state x d_inner values, f32 (4 B). */
		const cJSON *ssm = cJSON_GetObjectItemCaseSensitive(m, "ssm");
		unsigned long long d_conv = ref_u64(ssm, "d_conv"), d_inner = ref_u64(ssm, "d_inner");
		unsigned long long d_state = ref_u64(ssm, "d_state"), n_group = ref_u64(ssm, "n_group");
		unsigned long long st = ((d_conv - 1) * (d_inner + 2 * n_group * d_state) +
		                         d_state * d_inner) * 4;

		/* as conv (R) and SSM (S) components, so the state line is
		 * llama.cpp's own, R and S apart (n_embd_r, n_embd_s) */
		md->recur.conv_values = (d_conv - 1) * (d_inner + 2 * n_group * d_state);
		md->recur.ssm_values = d_state * d_inner;
		md->recur.conv_dtype = md->recur.ssm_dtype = KVP_DT_F32;
		(void)st;
		for (il = 0; il < n; il++) {
			if (in_list(attn, il))
				continue;
			snprintf(rule, sizeof rule, "%u:kind=none", il);
			add_rule(md, rule);
		}
	}

	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = ref_u64(o, "ctx_size");
	plan.engine.llamacpp.parallel = (unsigned)ref_u64(o, "parallel");
	plan.engine.llamacpp.kv_unified = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "kv_unified"));
	plan.engine.llamacpp.swa_full = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "swa_full"));
	plan.engine.llamacpp.batch_size = ref_u64(o, "batch_size");
	plan.engine.llamacpp.ubatch_size = ref_u64(o, "ubatch_size");
	plan.engine.llamacpp.flash_attn = !strcmp(fa, "on") ? KVP_ON :
	                                  !strcmp(fa, "off") ? KVP_OFF : KVP_AUTO;
	ck_assert(kvp_dtype_parse(ref_str(o, "cache_type_k"),
	                          &plan.engine.llamacpp.cache_type_k, &err) == KVP_OK);
	ck_assert(kvp_dtype_parse(ref_str(o, "cache_type_v"),
	                          &plan.engine.llamacpp.cache_type_v, &err) == KVP_OK);
}

/* Bytes of the layers of one kind group in the result. */
static uint64_t sum_layers(bool swa_layers, bool recurrent)
{
	uint64_t s = 0;
	uint32_t i;

	for (i = 0; i < res.n_layers; i++) {
		enum kvp_layer_kind k = kvp_layer_rec(&res, i)->spec.kind;
		bool is_swa = k == KVP_LAYER_SLIDING || k == KVP_LAYER_CHUNKED;

		if (recurrent ? k == KVP_LAYER_NONE : (k != KVP_LAYER_NONE && is_swa == swa_layers))
			s += kvp_layer_rec(&res, i)->bytes;
	}
	return s;
}

/* Our line must be one llama.cpp printed (after its "I " level tag). */
static void check_printed(const cJSON *printed, const char *ours, const char *id)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, printed) {
		const char *s = it->valuestring;

		if (!strncmp(s, "I ", 2) || !strncmp(s, "W ", 2))
			s += 2;
		if (!strcmp(s, ours))
			return;
	}
	ck_abort_msg("%s: llama.cpp did not print: %s", id, ours);
}

START_TEST(every_llamacpp_case)
{
	cJSON *root = ref_load("cases/llamacpp.json");
	const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
	const cJSON *c;
	int n_cases = 0, n_refused = 0;

	ck_assert(cJSON_IsArray(cases));
	cJSON_ArrayForEach(c, cases) {
		const char *id = ref_str(c, "id");
		const cJSON *exp = cJSON_GetObjectItemCaseSensitive(c, "expected");
		const cJSON *printed = cJSON_GetObjectItemCaseSensitive(c, "printed");
		const cJSON *refused = cJSON_GetObjectItemCaseSensitive(exp, "refused");
		enum kvp_status st;
		uint32_t l;

		n_cases++;
		plan_from_case(c);
		st = kvp_compute(&plan, &res);
		if (cJSON_IsString(refused)) {
			/* "E llama_init_from_model: <words>": the words must come back */
			const char *words = strstr(refused->valuestring, ": ");

			ck_assert_ptr_nonnull(words);
			ck_assert_msg(st == KVP_EREFUSED, "%s: not refused (%d: %s)", id, st,
			              res.error.msg);
			ck_assert_msg(strstr(res.error.msg, words + 2) != NULL,
			              "%s: '%s' lacks '%s'", id, res.error.msg, words + 2);
			n_refused++;
			continue;
		}
		ck_assert_msg(st == KVP_OK, "%s: %s", id, res.error.msg);
		ck_assert_msg(res.kv.bytes == (uint64_t)ref_u64(exp, "kv_bytes"),
		              "%s: %llu bytes, llama.cpp allocated %llu", id,
		              (unsigned long long)res.kv.bytes, ref_u64(exp, "kv_bytes"));
		{
			const cJSON *bd = cJSON_GetObjectItemCaseSensitive(exp, "breakdown");
			const cJSON *rb = cJSON_GetObjectItemCaseSensitive(exp, "recurrent_bytes");

			ck_assert_msg(sum_layers(false, false) == ref_u64(bd, "base"), "%s: base", id);
			if (cJSON_GetObjectItemCaseSensitive(bd, "swa"))
				ck_assert_msg(sum_layers(true, false) == ref_u64(bd, "swa"), "%s: swa", id);
			else
				ck_assert_uint_eq(sum_layers(true, false), 0);
			if (cJSON_IsNumber(rb)) {
				ck_assert_msg(sum_layers(false, true) == (uint64_t)rb->valuedouble,
				              "%s: recurrent %llu", id,
				              (unsigned long long)sum_layers(false, true));
				ck_assert_uint_eq(res.kv.state_bytes, (uint64_t)rb->valuedouble);
			} else {
				ck_assert_uint_eq(res.kv.state_bytes, 0);
			}
		}
		/* n_ctx_seq as llama_context printed it */
		ck_assert_uint_eq(res.engine.cells,
		                  (uint64_t)ref_after(ref_line(printed, "n_ctx_seq             ="), "= "));
		/* every line we print is one llama.cpp printed (the recurrent
		 * state's line excepted only when the state has no conv/SSM
		 * components to split into R and S; the output and compute
		 * buffer lines are not among the measured lines kept: they are
		 * checked against public logs in test_compute_buf.c) */
		for (l = 0; l < res.engine.n_lines; l++)
			if (!strstr(res.engine.lines[l], "R + S (f32)") &&
			    !strstr(res.engine.lines[l], "buffer size ="))
				check_printed(printed, res.engine.lines[l], id);
	}
	ck_assert_int_ge(n_cases, 1);
	ck_assert_int_ge(n_refused, 1);
	cJSON_Delete(root);
}
END_TEST

/* Fields of a size line: "size = %f MiB ( %u cells, %u layers" and the K
 * and V MiB, in either llama.cpp's current or older wording. */
struct size_line { double size, k, v; unsigned cells, layers; };

static void parse_size(const char *s, struct size_line *out)
{
	const char *k, *v;

	s = strstr(s, "size = ");
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(sscanf(s, "size = %lf MiB ( %u cells, %u layers",
	                        &out->size, &out->cells, &out->layers), 3);
	k = strstr(s, "K (");
	v = strstr(s, "V (");
	ck_assert(k && v);
	out->k = strtod(strstr(k, "): ") + 3, NULL);
	out->v = strtod(strstr(v, "): ") + 3, NULL);
}

static void same_line(const char *ours, const char *theirs)
{
	struct size_line a, b;
	char x[32], y[32];

	parse_size(ours, &a);
	parse_size(theirs, &b);
	snprintf(x, sizeof x, "%.2f %.2f %.2f", a.size, a.k, a.v);
	snprintf(y, sizeof y, "%.2f %.2f %.2f", b.size, b.k, b.v);
	ck_assert_str_eq(x, y);
	ck_assert_uint_eq(a.cells, b.cells);
	ck_assert_uint_eq(a.layers, b.layers);
}

START_TEST(engine_log_phi3)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "llamacpp-phi3-mini-4k");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "settings");
	const cJSON *hp = cJSON_GetObjectItemCaseSensitive(s, "hparams_printed");
	const cJSON *printed = cJSON_GetObjectItemCaseSensitive(c, "printed_lines");
	uint32_t i;

	ck_assert_str_eq(ref_str(c, "match"), "exact");
	kvp_plan_default(&plan);
	plan.model.n_layers = (unsigned)ref_u64(hp, "n_layer");
	plan.model.q_heads = (unsigned)ref_u64(hp, "n_head");
	plan.model.base.kv_heads = (unsigned)ref_u64(hp, "n_head_kv");
	plan.model.base.k_dim = plan.model.base.v_dim = (unsigned)ref_u64(hp, "n_embd_head_k");
	ck_assert_uint_eq(ref_u64(hp, "n_swa"), 0);   /* llama.cpp: no SWA */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = ref_u64(s, "n_ctx");
	plan.engine.llamacpp.parallel = (unsigned)ref_u64(s, "n_seq_max");
	plan.engine.llamacpp.batch_size = ref_u64(s, "n_batch");
	plan.engine.llamacpp.ubatch_size = ref_u64(s, "n_ubatch");
	plan.engine.llamacpp.flash_attn = ref_u64(s, "flash_attn") ? KVP_ON : KVP_OFF;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	/* 4096 cells x 32 layers x (32 x 96 x 2 B) x 2 = 1,610,612,736 B */
	ck_assert_uint_eq(res.kv.bytes, 1610612736ull);
	/* the cache's size line (the output buffer's comes before it since
	 * the cache classes, host.c; this log keeps neither buffer line) */
	for (i = 0; i < res.engine.n_lines; i++)
		if (strstr(res.engine.lines[i], "llama_kv_cache: size ="))
			break;
	ck_assert_uint_lt(i, res.engine.n_lines);
	same_line(res.engine.lines[i], ref_line(printed, ": size ="));
	cJSON_Delete(root);
}
END_TEST

START_TEST(engine_log_gemma2_unified)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "llamacpp-gemma2-2b-iswa-4seq");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "settings");
	const cJSON *hp = cJSON_GetObjectItemCaseSensitive(s, "hparams_printed");
	const cJSON *printed = cJSON_GetObjectItemCaseSensitive(c, "printed_lines");
	const cJSON *it;
	char rule[96];
	unsigned l, sizes = 0;

	ck_assert_str_eq(ref_str(c, "match"), "exact");
	kvp_plan_default(&plan);
	plan.model.n_layers = (unsigned)ref_u64(hp, "n_layer");
	plan.model.q_heads = (unsigned)ref_u64(hp, "n_head");
	plan.model.base.kv_heads = (unsigned)ref_u64(hp, "n_head_kv");
	plan.model.base.k_dim = plan.model.base.v_dim = (unsigned)ref_u64(hp, "n_embd_head_k");
	/* Gemma 2: every other layer is SWA, layer 0 first (ENGINES.md) */
	snprintf(rule, sizeof rule, "0-%u/2:kind=sliding,window=%llu",
	         plan.model.n_layers - 2, ref_u64(hp, "n_swa"));
	add_rule(&plan.model, rule);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = ref_u64(s, "n_ctx");
	plan.engine.llamacpp.parallel = (unsigned)ref_u64(s, "n_seq_max");
	plan.engine.llamacpp.kv_unified = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s, "kv_unified"));
	plan.engine.llamacpp.batch_size = ref_u64(s, "n_batch");
	plan.engine.llamacpp.ubatch_size = ref_u64(s, "n_ubatch");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	/* SWA cells = pad256(min(8192, 4096 x 4 + 512)) = 8192; each cache
	 * 8192 x 13 x (4 x 256 x 2 B) x 2 = 436,207,616 B */
	ck_assert_uint_eq(res.engine.cells_swa, 8192);
	ck_assert_uint_eq(res.kv.bytes, 2ull * 436207616ull);
	/* our size lines and llama-server's, in order (non-SWA, then SWA) */
	it = printed->child;
	for (l = 0; l < res.engine.n_lines; l++) {
		if (!strstr(res.engine.lines[l], "llama_kv_cache: size ="))
			continue;
		while (it && !strstr(it->valuestring, "llama_kv_cache: size ="))
			it = it->next;
		ck_assert_ptr_nonnull(it);
		same_line(res.engine.lines[l], it->valuestring);
		/* "4/1 seqs": 4 sequences in one unified stream */
		ck_assert_ptr_nonnull(strstr(res.engine.lines[l], " 4/1 seqs"));
		it = it->next;
		sizes++;
	}
	ck_assert_uint_eq(sizes, 2);
	cJSON_Delete(root);
}
END_TEST

/* Rules beyond the cases, worked by hand. */
START_TEST(ctx_zero_takes_n_ctx_train)
{
	kvp_plan_default(&plan);            /* 40 x 8 x 128, max_positions 4096 */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 0;
	plan.model.arch.max_positions = 4000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	/* pad256(4000) = 4096 cells x 163,840 B = 671,088,640 B */
	ck_assert_uint_eq(res.engine.cells, 4096);
	ck_assert_uint_eq(res.kv.bytes, 671088640ull);
	plan.model.arch.max_positions = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.llamacpp.ctx_size"));
}
END_TEST

START_TEST(ubatch_clamped_by_small_ctx)
{
	/* one SWA layer with window 128: cells = pad256(min(n_ctx_seq,
	 * 128 + n_ubatch)); -c 300 -> n_batch = min(300, 2048) = 300,
	 * n_ubatch = min(300, 512) = 300; n_ctx = 512; SWA cells =
	 * pad256(min(512, 428)) = 512. With -ub 64: pad256(192) = 256. */
	kvp_plan_default(&plan);
	add_rule(&plan.model, "0:kind=sliding,window=128");
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 300;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.cells, 512);
	ck_assert_uint_eq(res.engine.cells_swa, 512);
	plan.engine.llamacpp.ubatch_size = 64;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.cells_swa, 256);
	/* 39 full layers x 512 + 1 SWA x 256 cells, 4,096 B per layer-cell:
	 * (39 x 512 + 256) x 4,096 = 82,837,504 B */
	ck_assert_uint_eq(res.kv.bytes, 82837504ull);
	plan.engine.llamacpp.swa_full = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	/* --swa-full: 40 x 512 x 4,096 = 83,886,080 B */
	ck_assert_uint_eq(res.kv.bytes, 83886080ull);
}
END_TEST

START_TEST(mla_mismatch_refused_first)
{
	kvp_plan_default(&plan);
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.flash_attn = KVP_OFF;
	plan.engine.llamacpp.cache_type_k = KVP_DT_F16;
	plan.engine.llamacpp.cache_type_v = KVP_DT_Q8_0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg,
		"model does not support different K (f16) and V (q8_0) cache types"));
	/* same types: 4096 cells x 40 layers x 576 x 2 B = 188,743,680 B */
	plan.engine.llamacpp.cache_type_v = KVP_DT_F16;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 188743680ull);
	ck_assert_uint_eq(res.kv.v_bytes, 0);
}
END_TEST

/* llama-server's -np auto by build (lc_slots.c; era.c rows
 * KVP_ERA_LLAMACPP_SLOTS_4, b6845 without / b7079 with, and
 * KVP_ERA_LLAMACPP_NP_AUTO, b7347 without / b7698 with). The default
 * model: 40 layers x 8 KV heads x 128, f16: 2 x 8 x 128 x 2 B = 4,096 B
 * per cell per layer; layers 0, 2, ..., 38 slide over 1,024 tokens, the
 * other 20 are full. -c 8192, -ub 512:
 *   full:  20 x 8,192 cells x 4,096 B = 671,088,640 B (any slots: one
 *          unified stream of n_ctx cells, or one slot of n_ctx)
 *   4 unified slots: SWA pad256(min(8192, 1024 x 4 + 512)) = 4,608
 *          cells, 20 x 4,608 x 4,096 = 377,487,360; total 1,048,576,000
 *   1 slot: SWA pad256(1024 + 512) = 1,536 cells, 20 x 1,536 x 4,096 =
 *          125,829,120; total 796,917,760. */
#define NP_FOUR 1048576000ull
#define NP_ONE 796917760ull

static void np_case(const char *build, bool kvu, enum kvp_status want,
                    uint64_t bytes, uint32_t slots)
{
	memcpy(plan.engine.version, build, strlen(build) + 1);
	plan.engine.llamacpp.kv_unified = kvu;
	ck_assert_msg(kvp_compute(&plan, &res) == want, "%s: %s", build,
	              res.error.msg);
	if (want != KVP_OK)
		return;
	ck_assert_msg(res.kv.bytes == bytes, "%s: %llu", build,
	              (unsigned long long)res.kv.bytes);
	ck_assert_uint_eq(res.engine.max_requests, slots ? slots : 1);
	ck_assert_uint_eq(res.engine.parallel_auto, slots);
	ck_assert_uint_eq(res.engine.streams, 1);
	ck_assert_uint_eq(res.engine.cells, 8192);
}

START_TEST(np_auto_by_build)
{
	kvp_plan_default(&plan);
	add_rule(&plan.model, "0-39/2:kind=sliding,window=1024");
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.parallel = KVP_LC_NP_AUTO;
	np_case("", false, KVP_OK, NP_FOUR, 4);        /* current: #17997 */
	ck_assert_ptr_nonnull(strstr(res.engine.note, "-np auto at 84f71294: 4 "
	                             "slots on one unified cache"));
	np_case("", true, KVP_OK, NP_FOUR, 4);         /* -kvu changes nothing */
	np_case("b7698", true, KVP_OK, NP_FOUR, 4);
	np_case("b7500", false, KVP_OK, NP_FOUR, 4);   /* both rules: 4 */
	np_case("b7347", false, KVP_OK, NP_FOUR, 4);   /* #16736 */
	np_case("b7079", false, KVP_OK, NP_FOUR, 4);
	np_case("b7347", true, KVP_OK, NP_ONE, 1);     /* #16736 with -kvu: 1 */
	np_case("b6845", false, KVP_OK, NP_ONE, 1);    /* before: -np 1 */
	np_case("b7500", true, KVP_EINVAL, 0, 0);      /* between b7347, b7698 */
	ck_assert_ptr_nonnull(strstr(res.error.msg, "b7347 or earlier, or b7698"));
	np_case("b7000", false, KVP_EINVAL, 0, 0);     /* between b6845, b7079 */
	ck_assert_ptr_nonnull(strstr(res.error.msg, "b6845 or earlier, or b7079"));
	/* an explicit -np 1: one slot at the current build and from b7698,
	 * but 4 unified slots where PR #16736's rule stood alone (issue
	 * #17300: "-np 1" at b7079, "n_slots = 4") unless -kvu */
	plan.engine.llamacpp.parallel = 1;
	np_case("b7347", false, KVP_OK, NP_FOUR, 4);
	ck_assert_ptr_nonnull(strstr(res.engine.note, "-np 1 at b7347: "
	                             "llama-server runs 4 slots"));
	np_case("b7079", false, KVP_OK, NP_FOUR, 4);
	np_case("b7500", false, KVP_EINVAL, 0, 0);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "b7347 or earlier, or b7698"));
	np_case("b7000", false, KVP_EINVAL, 0, 0);
	np_case("b7347", true, KVP_OK, NP_ONE, 0);   /* -kvu: as given */
	np_case("b6845", false, KVP_OK, NP_ONE, 0);
	np_case("b7698", false, KVP_OK, NP_ONE, 0);
	np_case("", false, KVP_OK, NP_ONE, 0);
	/* a draft model (-md): PR #16736's rule keeps one slot, PR #17997's
	 * auto makes 4 (server.cpp at b7347: !params.has_speculative()) */
	plan.engine.llamacpp.parallel = KVP_LC_NP_AUTO;
	plan.draft = plan.model;
	plan.draft.n_layers = 4;
	plan.draft.n_rules = 0;
	memcpy(plan.engine.version, "b7347", 6);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.parallel_auto, 1);
	ck_assert_uint_eq(res.engine.max_requests, 1);
	plan.engine.version[0] = '\0';
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.parallel_auto, 4);
	memcpy(plan.engine.version, "b7500", 6);   /* the rules differ */
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
}
END_TEST

START_TEST(bad_options_named)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.cache_type_k = KVP_DT_FP8;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.llamacpp.cache_type_k: fp8"));
	plan.engine.llamacpp.cache_type_k = KVP_DT_F16;
	plan.engine.llamacpp.ctx_size = UINT64_MAX - 10;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EOVERFLOW);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.llamacpp.ctx_size"));
}
END_TEST

START_TEST(workload_fit_per_stream)
{
	/* default workload: 6 requests of 4,096 tokens. -c 16384 -np 4:
	 * 4 streams of 4,096 cells -> 4 of 6 fit. -c 8192 -np 4: streams of
	 * 2,048 cells -> none fits. Unified -c 16384 -np 8: 16,384 cells /
	 * 4,096 = 4 fit. */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 16384;
	plan.engine.llamacpp.parallel = 4;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.streams, 4);
	ck_assert_uint_eq(res.engine.workload_fit, 4);
	ck_assert_ptr_nonnull(strstr(res.engine.note, "4 of its 6 requests"));
	/* one sequence holds its stream: 4,096 cells x 163,840 B (2 x 40
	 * x 8 x 128 x 2) = 671,088,640; no TP, so the letters are whole */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 671088640ull);
	ck_assert_uint_eq(res.kv.ranks, 1);
	/* the mix at its own scale: 4 streams, 4 requests */
	ck_assert_uint_eq(res.engine.mix_fit, 4);
	/* -c 65536 -np 16: 16 streams of 4,096 cells: 16 requests of the
	 * mix fit although the workload has 6 */
	plan.engine.llamacpp.ctx_size = 65536;
	plan.engine.llamacpp.parallel = 16;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 6);
	ck_assert_uint_eq(res.engine.mix_fit, 16);
	ck_assert_ptr_nonnull(strstr(res.engine.note, "16 requests of your mix fit (you have 6)"));
	plan.engine.llamacpp.ctx_size = 16384;
	plan.engine.llamacpp.parallel = 4;
	plan.engine.llamacpp.ctx_size = 8192;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 0);
	plan.engine.llamacpp.ctx_size = 16384;
	plan.engine.llamacpp.parallel = 8;
	plan.engine.llamacpp.kv_unified = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.streams, 1);
	ck_assert_uint_eq(res.engine.workload_fit, 4);
	/* unified: a sequence may take the whole 16,384 cells:
	 * 16,384 x 163,840 = 2,684,354,560 */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 2684354560ull);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("engine_llamacpp");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_llamacpp_case);
	tcase_add_test(tc, engine_log_phi3);
	tcase_add_test(tc, engine_log_gemma2_unified);
	tcase_add_test(tc, ctx_zero_takes_n_ctx_train);
	tcase_add_test(tc, ubatch_clamped_by_small_ctx);
	tcase_add_test(tc, mla_mismatch_refused_first);
	tcase_add_test(tc, bad_options_named);
	tcase_add_test(tc, np_auto_by_build);
	tcase_add_test(tc, workload_fit_per_stream);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
