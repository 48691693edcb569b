/*
 * test_compute_stable.c - what the fast paths of the core must not change
 * (src/core/compute.c, weights.c, kv.c), over every shipped model preset
 * and workload preset under the four strategies:
 *
 *   weights   the parameter counts equal a plain layer-by-layer count
 *             written here from the formula in weights.c's header, in
 *             128-bit arithmetic (weights.c counts runs of alike layers
 *             and MoE layers by number);
 *   layers    each layer's figures agree with each other: bytes = slots
 *             x bytes per position (plain formats), k_row + v_row bytes
 *             per position, a recurrent layer holds its state per
 *             sequence; the layers add up to kv.bytes, kv.device_bytes
 *             and kv.host_bytes;
 *   garbage   kvp_compute into a result filled with 0xA5 (or 0x5A) gives
 *             the same defined figures as into a zeroed one, generic and
 *             under every named engine (kvp_compute no longer clears the
 *             layer, device and warning arrays).
 *
 * No figure here is copied from the program's output: each side of every
 * comparison is computed independently or read from the same result.
 */
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"

typedef unsigned __int128 u128;

#define MAX_NAMES 64
static char names[MAX_NAMES][64];
static int n_names;
static char wl_names[16][64];
static int n_wl;

static struct kvp_plan plan;
static struct kvp_result res, dirty;
static struct kvp_layer_spec spec[KVP_MAX_LAYERS];

static void add_name(const char *name, const char *path, const char *desc,
                     int user, void *ctx)
{
	int *which = ctx;

	(void)path;
	(void)desc;
	(void)user;
	if (*which == 0 && n_names < MAX_NAMES)
		snprintf(names[n_names++], sizeof names[0], "%s", name);
	if (*which == 1 && n_wl < 16)
		snprintf(wl_names[n_wl++], sizeof wl_names[0], "%s", name);
}

static void setup(void)
{
	struct kvp_error err;
	int which;

	setenv("XDG_CONFIG_HOME", "/nonexistent/kvplan-test-stable", 1);
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	n_names = n_wl = 0;
	which = 0;
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_MODEL, add_name, &which, &err), KVP_OK);
	which = 1;
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_WORKLOAD, add_name, &which, &err), KVP_OK);
	ck_assert_int_ge(n_names, 20);
	ck_assert_int_ge(n_wl, 3);
}

/* ---- weights: a plain count, layer by layer ---- */

struct wcount {
	u128 embed, lm, attn, mlp, act_mlp, norm, other, tower;
};

static void count_weights(const struct kvp_model *m,
                          const struct kvp_layer_spec *ls, struct wcount *w)
{
	const struct kvp_arch *a = &m->arch;
	const char *mt = m->model_type;
	u128 h = a->hidden, hq = m->q_heads;
	u128 mats = a->gated_mlp ? 3 : 2;
	u128 expert = mats * h * a->moe_intermediate;
	u128 router = h * a->n_experts;
	u128 shared = expert * a->n_shared_experts;
	int gemma = !strncmp(mt, "gemma2", 6) || !strncmp(mt, "gemma3", 6);
	uint32_t step = a->moe_layer_step ? a->moe_layer_step : 1;
	uint32_t i;

	memset(w, 0, sizeof *w);
	w->embed = (u128)a->vocab * h;
	w->lm = a->tie_embeddings ? 0 : (u128)a->vocab * h;
	for (i = 0; i < m->n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];

		if (l->kind == KVP_LAYER_NONE) {
			w->attn += a->recurrent_params_per_layer;
		} else if (l->kind == KVP_LAYER_FFN) {
			/* an MLP-only block (Nemotron-H '-', block_configs
			 * no_op attention): no attention weights, whatever
			 * head shape the layer spec still carries */
		} else if (l->kind == KVP_LAYER_MLA && m->mla.kv_lora_rank) {
			const struct kvp_mla *x = &m->mla;
			u128 qk = (u128)x->qk_nope_head_dim + x->qk_rope_head_dim;

			if (x->q_lora_rank)
				w->attn += h * x->q_lora_rank + x->q_lora_rank +
				           (u128)x->q_lora_rank * hq * qk;
			else
				w->attn += h * hq * qk;
			w->attn += h * ((u128)x->kv_lora_rank + x->qk_rope_head_dim) +
			           x->kv_lora_rank +
			           (u128)x->kv_lora_rank * hq *
			           ((u128)x->qk_nope_head_dim + x->v_head_dim) +
			           hq * x->v_head_dim * h;
		} else {
			u128 q = a->attn_output_gate ? 2 : 1;  /* + the gate */

			u128 v = a->k_eq_v && l->kind == KVP_LAYER_FULL ? 0 : 1;

			w->attn += q * h * hq * l->k_dim + h * l->kv_heads * l->k_dim +
			           v * h * l->kv_heads * l->v_dim + hq * l->v_dim * h;
			if (a->attention_bias)
				w->attn += q * hq * l->k_dim + (u128)l->kv_heads * l->k_dim +
				           v * (u128)l->kv_heads * l->v_dim +
				           (strncmp(mt, "qwen2", 5) ? h : 0);
			if (a->qk_norm == KVP_QKN_HEAD)
				w->norm += 2 * (u128)l->k_dim;
			if (a->qk_norm == KVP_QKN_ALL)
				w->norm += (u128)l->k_dim * (hq + l->kv_heads);
		}
		if (a->ffn_layers_only && l->kind != KVP_LAYER_FFN) {
			/* one block per layer (Nemotron-H): no MLP here */
		} else if (a->ffn_layers_only && a->n_experts > 0) {
			w->mlp += router + expert * a->n_experts + shared;
			w->act_mlp += router + expert * a->n_experts_active + shared;
		} else if (!a->ffn_layers_only && a->n_experts > 0 &&
		           i >= a->first_dense_layers && (i + 1) % step == 0) {
			w->mlp += router + expert * a->n_experts + shared;
			w->act_mlp += router + expert * a->n_experts_active + shared;
		} else if (!a->mlp_params) {
			/* mlp_bias: gate and up (or up) biases, a down bias */
			u128 b = a->mlp_bias ?
			         (mats - 1) * a->intermediate + h : 0;

			w->mlp += mats * h * a->intermediate + b;
			w->act_mlp += mats * h * a->intermediate + b;
		}
		w->norm += h * (a->ffn_layers_only ? 1 : gemma ? 4 : 2);
	}
	w->norm += h;
	/* per-layer widths (block_configs) come as their sum */
	w->mlp += a->mlp_params;
	w->act_mlp += a->mlp_params;
	if (!strcmp(mt, "gpt2"))
		w->other = (u128)a->max_positions * h +
		           (u128)m->n_layers * ((u128)a->intermediate + h) +
		           (2 * (u128)m->n_layers + 1) * h;
	/* the encoder tower: held (other) but not read per token (active) */
	w->other += a->tower_params;
	w->tower = a->tower_params;
}

static void check_weights(const char *what)
{
	struct wcount w;
	struct kvp_error err;
	u128 total;

	ck_assert_msg(kvp_layers_resolve(&plan.model, spec, &err) == KVP_OK,
	              "%s: %s", what, err.msg);
	count_weights(&plan.model, spec, &w);
	total = w.embed + w.lm + w.attn + w.mlp + w.norm + w.other;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", what,
	              res.error.msg);
	ck_assert_msg(total <= UINT64_MAX, "%s: count past 64 bits", what);
	ck_assert_msg(res.weights.params == (uint64_t)total, "%s: params", what);
	ck_assert_msg(res.weights.attn_params == (uint64_t)w.attn, "%s: attn", what);
	ck_assert_msg(res.weights.mlp_params == (uint64_t)w.mlp, "%s: mlp", what);
	ck_assert_msg(res.weights.norm_params == (uint64_t)w.norm, "%s: norm", what);
	ck_assert_msg(res.weights.embed_params == (uint64_t)w.embed, "%s: embed", what);
	ck_assert_msg(res.weights.lm_head_params == (uint64_t)w.lm, "%s: lm_head", what);
	ck_assert_msg(res.weights.other_params == (uint64_t)w.other, "%s: other", what);
	ck_assert_msg(res.weights.active_params ==
	              (uint64_t)(total - w.mlp + w.act_mlp - w.tower), "%s: active",
	              what);
}

static void add_rule(const char *text)
{
	struct kvp_error err;

	ck_assert_msg(kvp_rule_parse(text, &plan.model.rules[plan.model.n_rules],
	                             &err) == KVP_OK, "%s", err.msg);
	plan.model.n_rules++;
}

START_TEST(weights_layer_by_layer)
{
	struct kvp_error err;
	char rule[64], what[160];
	int i;

	for (i = 0; i < n_names; i++) {
		kvp_plan_default(&plan);
		ck_assert_msg(kvp_model_load_spec(names[i], &plan.model, NULL, &err) ==
		              KVP_OK, "%s: %s", names[i], err.msg);
		check_weights(names[i]);
		/* runs broken up: every third layer recurrent, a head change on
		 * the upper half (ranges inside the model's own layers) */
		if (plan.model.n_rules + 2 > KVP_MAX_RULES || plan.model.n_layers < 4)
			continue;
		/* a model whose state comes as components (model.recur)
		 * takes no state_bytes as well: one meaning */
		snprintf(rule, sizeof rule, "1-%u/3:kind=none%s",
		         plan.model.n_layers - 1,
		         plan.model.recur.conv_values || plan.model.recur.ssm_values
		         ? "" : ",state_bytes=4096");
		add_rule(rule);
		snprintf(rule, sizeof rule, "%u-%u:kv_heads=1,k_dim=64",
		         plan.model.n_layers / 2, plan.model.n_layers - 1);
		add_rule(rule);
		snprintf(what, sizeof what, "%.63s with rules", names[i]);
		check_weights(what);
	}
}
END_TEST

/* An MoE layout the presets do not have: dense first layers and every
 * second layer MoE, counted both ways. */
START_TEST(weights_moe_step)
{
	uint32_t fd;

	for (fd = 0; fd < 6; fd++) {
		kvp_plan_default(&plan);
		plan.model.arch.n_experts = 8;
		plan.model.arch.n_experts_active = 2;
		plan.model.arch.n_shared_experts = 1;
		plan.model.arch.moe_intermediate = 1408;
		plan.model.arch.moe_layer_step = 2 + fd % 2;
		plan.model.arch.first_dense_layers = fd == 5 ? 40 : fd;
		check_weights("moe step");
	}
}
END_TEST

/* ---- layers agree with each other and with kv ---- */

static void check_layers(const char *what)
{
	const struct kvp_kv_result *kv = &res.kv;
	u128 sum = 0, dev = 0, host = 0;
	uint32_t i;

	for (i = 0; i < res.n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(&res, i);
		const struct kvp_layer_spec *s = &l->spec;
		int plain = s->k_fmt.dtype != KVP_DT_GROUPQ &&
		            s->v_fmt.dtype != KVP_DT_GROUPQ;

		switch (s->kind) {
		case KVP_LAYER_FULL:
		case KVP_LAYER_SLIDING:
		case KVP_LAYER_CHUNKED:
		case KVP_LAYER_MLA:
			ck_assert_msg(l->bytes_per_position ==
			              l->k_row_bytes + l->v_row_bytes,
			              "%s: layer %u row bytes", what, i);
			if (plain)
				ck_assert_msg((u128)l->bytes ==
				              (u128)l->slots * l->bytes_per_position,
				              "%s: layer %u bytes", what, i);
			ck_assert_msg(l->stored <= l->slots ||
			              plan.strategy.kind == KVP_STRAT_DYNAMIC,
			              "%s: layer %u stored > slots", what, i);
			break;
		case KVP_LAYER_NONE:
			ck_assert_msg((u128)l->bytes ==
			              (u128)s->state_bytes * kv->sequences,
			              "%s: layer %u state", what, i);
			ck_assert_msg(l->slots == 0 && l->bytes_per_position == 0,
			              "%s: layer %u holds positions", what, i);
			break;
		default:
			ck_assert_msg(l->bytes == 0 && l->slots == 0 &&
			              l->stored == 0 && l->bytes_per_position == 0,
			              "%s: layer %u shared holds bytes", what, i);
			break;
		}
		ck_assert_msg(l->on_device == (plan.strategy.resident_layers < 0 ||
		              (uint32_t)plan.strategy.resident_layers > i),
		              "%s: layer %u placement", what, i);
		sum += l->bytes;
		if (l->on_device)
			dev += l->bytes;
		else
			host += l->bytes;
	}
	ck_assert_msg(sum == kv->bytes, "%s: layers add up to kv.bytes", what);
	ck_assert_msg(dev == kv->device_bytes, "%s: device bytes", what);
	ck_assert_msg(host == kv->host_bytes, "%s: host bytes", what);
}

/* The engine's figures byte for byte; its lines (n_lines of them) and
 * note as strings: kvp_compute leaves the bytes after them (compute.c
 * clear_result). */
static void same_engine(const struct kvp_engine_result *a,
                        const struct kvp_engine_result *b, const char *what)
{
	const size_t lines = offsetof(struct kvp_engine_result, lines);
	const size_t after = lines + sizeof a->lines;
	const size_t note = offsetof(struct kvp_engine_result, note);
	const size_t end = note + sizeof a->note;
	uint32_t i;

	ck_assert_msg(!memcmp(a, b, lines), "%s: engine differs", what);
	ck_assert_uint_eq(a->n_lines, b->n_lines);
	for (i = 0; i < a->n_lines; i++)
		ck_assert_str_eq(a->lines[i], b->lines[i]);
	ck_assert_msg(!memcmp((const char *)a + after, (const char *)b + after,
	                      note - after), "%s: engine differs", what);
	ck_assert_str_eq(a->note, b->note);
	ck_assert_msg(!memcmp((const char *)a + end, (const char *)b + end,
	                      sizeof *a - end), "%s: engine differs", what);
}

/* The figures kvp_compute defines (counts bound the arrays). */
static void same_result(const struct kvp_result *a, const struct kvp_result *b,
                        const char *what)
{
	uint32_t i;

	ck_assert_int_eq(a->error.status, b->error.status);
	ck_assert_str_eq(a->error.msg, b->error.msg);
	if (a->error.status != KVP_OK)
		return;
	ck_assert_uint_eq(a->n_layers, b->n_layers);
	for (i = 0; i < a->n_layers; i++) {
		const struct kvp_layer_result *x = kvp_layer_rec(a, i), *y = kvp_layer_rec(b, i);

		ck_assert_msg(x->spec.kind == y->spec.kind &&
		              x->spec.kv_heads == y->spec.kv_heads &&
		              x->spec.k_dim == y->spec.k_dim &&
		              x->spec.v_dim == y->spec.v_dim &&
		              kvp_format_equal(&x->spec.k_fmt, &y->spec.k_fmt) &&
		              kvp_format_equal(&x->spec.v_fmt, &y->spec.v_fmt) &&
		              x->spec.window == y->spec.window &&
		              x->spec.state_bytes == y->spec.state_bytes &&
		              x->spec.shared_with == y->spec.shared_with &&
		              x->k_row_bytes == y->k_row_bytes &&
		              x->v_row_bytes == y->v_row_bytes &&
		              x->bytes_per_position == y->bytes_per_position &&
		              x->slots == y->slots && x->stored == y->stored &&
		              x->bytes == y->bytes && x->on_device == y->on_device,
		              "%s: layer %u differs", what, i);
	}
	ck_assert_uint_eq(a->n_classes, b->n_classes);
	ck_assert_msg(!memcmp(a->classes, b->classes, sizeof a->classes),
	              "%s: classes differ", what);
	ck_assert_msg(!memcmp(&a->kv, &b->kv, sizeof a->kv), "%s: kv differs", what);
	same_engine(&a->engine, &b->engine, what);
	ck_assert_msg(!memcmp(&a->weights, &b->weights, sizeof a->weights),
	              "%s: weights differ", what);
	ck_assert_uint_eq(a->n_devices, b->n_devices);
	ck_assert_msg(!memcmp(a->devices, b->devices,
	                      a->n_devices * sizeof a->devices[0]),
	              "%s: devices differ", what);
	ck_assert_int_eq(a->fits, b->fits);
	ck_assert_uint_eq(a->n_warnings, b->n_warnings);
	for (i = 0; i < a->n_warnings; i++) {
		ck_assert_int_eq(a->warnings[i].code, b->warnings[i].code);
		ck_assert_str_eq(a->warnings[i].msg, b->warnings[i].msg);
	}
}

START_TEST(layers_add_up_and_garbage_in)
{
	static const char *const cards[] = { "h100-80gb-sxm", "rtx-4090" };
	struct kvp_error err;
	struct kvp_workload w;
	struct kvp_model m;
	char what[200];
	int i, k, s, ok = 0;

	for (i = 0; i < n_names; i++) {
		ck_assert_int_eq(kvp_model_load_spec(names[i], &m, NULL, &err), KVP_OK);
		for (k = 0; k < n_wl; k++) {
			ck_assert_int_eq(kvp_workload_load_spec(wl_names[k], &w, &err), KVP_OK);
			for (s = 0; s < KVP_STRAT_COUNT; s++) {
				kvp_plan_default(&plan);
				plan.model = m;
				plan.workload = w;
				plan.strategy.kind = (enum kvp_strategy_kind)s;
				plan.strategy.max_cache_len = 0;
				if ((i + k) % 3 == 1)
					plan.strategy.resident_layers = (int32_t)(m.n_layers / 2);
				if ((i + s) % 4 == 2) {
					struct kvp_card card;

					ck_assert_int_eq(kvp_card_load_spec(cards[i % 2], &card, &err),
					                 KVP_OK);
					plan.devices.n_groups = 1;
					plan.devices.groups[0].card = card;
					plan.devices.groups[0].count = 1;
				}
				snprintf(what, sizeof what, "%.63s / %.63s / strategy %d",
				         names[i], wl_names[k], s);
				memset(&res, 0, sizeof res);
				kvp_compute(&plan, &res);
				memset(&dirty, 0xA5, sizeof dirty);
				kvp_compute(&plan, &dirty);
				same_result(&res, &dirty, what);
				if (res.error.status != KVP_OK)
					continue;
				check_layers(what);
				ok++;
			}
		}
	}
	/* most of these plans compute (a few do not fit a card's limits) */
	ck_assert_int_ge(ok, n_names * n_wl * KVP_STRAT_COUNT / 2);
}
END_TEST

/* Named engines fill the engine part and rewrite layer figures after
 * kv.c: garbage in the result must not show through either. */
START_TEST(engines_garbage_in)
{
	struct kvp_error err;
	char what[160];
	int i, e, ok = 0;

	for (i = 0; i < n_names; i++) {
		for (e = 0; e < KVP_ENGINE_COUNT; e++) {
			kvp_plan_default(&plan);
			ck_assert_int_eq(kvp_model_load_spec(names[i], &plan.model, NULL,
			                                     &err), KVP_OK);
			plan.engine.kind = (enum kvp_engine_kind)e;
			snprintf(what, sizeof what, "%.63s / engine %d", names[i], e);
			memset(&res, 0, sizeof res);
			kvp_compute(&plan, &res);
			memset(&dirty, 0x5A, sizeof dirty);
			kvp_compute(&plan, &dirty);
			same_result(&res, &dirty, what);
			ok += res.error.status == KVP_OK;
		}
	}
	/* most compute (a few engines refuse a model, in their own words) */
	ck_assert_int_ge(ok, n_names * KVP_ENGINE_COUNT / 2);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("compute_stable");
	TCase *tc = tcase_create("core");

	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, weights_layer_by_layer);
	tcase_add_test(tc, weights_moe_step);
	tcase_add_test(tc, layers_add_up_and_garbage_in);
	tcase_add_test(tc, engines_garbage_in);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
