/*
 * override_tensor.c - llama.cpp's -ot / --override-tensor PATTERN=BUFFER
 * matched against the model's GGUF tensor names, turned into the
 * per-layer placement the core reads (engine.llamacpp.ot_layer[],
 * ot_global). See override_tensor.h.
 *
 * llama.cpp (ggml-org/llama.cpp, common/arg.cpp
 * parse_tensor_buffer_overrides; src/llama-model.cpp load_tensors):
 * the value is split at every ',' into PATTERN=BUFFER items (a missing
 * '=' is "invalid value", an unknown buffer "unknown buffer type"); each
 * tensor takes the buffer of the FIRST item whose pattern std::regex
 * (ECMAScript) finds anywhere in its name (std::regex_search).
 * --n-cpu-moe N is the same mechanism: common/arg.cpp pushes
 * "blk\\.i\\.ffn_(up|down|gate)_exps" = CPU for i < N
 * (llm_ffn_exps_block_regex); the core applies engine.llamacpp.n_cpu_moe
 * and these items through one rule (host.c).
 *
 * Patterns are matched by kvplan's own bounded matcher (ecma_re.h: the
 * ECMAScript subset -ot patterns are written in, run as a Thompson NFA
 * in time linear in name length x states), never by an engine that can
 * expand a pattern without bound: glibc's regcomp took 3.4 GB for
 * '((a{255}){255}){255}'. A pattern ECMAScript refuses is refused as
 * "not a regular expression"; one kvplan does not match (look-aheads,
 * back-references) or past its bounds is refused saying so. The items
 * together hold at most OT_MAX_STATES states, so matching every tensor
 * name of KVP_MAX_LAYERS layers stays bounded too.
 *
 * The tensor names (src/llama-arch.cpp LLM_TENSOR_NAMES) are those of a
 * llama-style layer: attention (or MLA) and its norm, a dense or MoE FFN
 * and its norm. kvplan sizes whole layers, the routed experts of a layer,
 * token_embd and output: a pattern that moves only part of a layer's
 * other tensors (attn_q without attn_k, say) is refused by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/regex/ecma_re.h"
#include "io/gguf/override_tensor.h"

#define OT_MAX_ITEMS 64
#define OT_MAX_STATES 1024   /* all items' states together */

struct ot_item {
	char pattern[256];
	struct kvp_re re;
	uint8_t buf;              /* KVP_OT_CPU or KVP_OT_DEV */
};

/* A llama-style layer's tensors (llama-arch.cpp LLM_TENSOR_NAMES), the
 * experts apart. */
static const char *const attn_mha[] = {
	"attn_norm", "attn_q", "attn_k", "attn_v", "attn_output",
};
static const char *const attn_mla[] = {
	"attn_norm", "attn_q_a", "attn_q_a_norm", "attn_q_b", "attn_kv_a_mqa",
	"attn_kv_a_norm", "attn_k_b", "attn_v_b", "attn_output",
};
static const char *const ffn_dense[] = { "ffn_norm", "ffn_gate", "ffn_up", "ffn_down" };
static const char *const ffn_moe[] = {
	"ffn_norm", "ffn_gate_inp", "ffn_gate_shexp", "ffn_up_shexp", "ffn_down_shexp",
};
static const char *const ffn_exps[] = { "ffn_gate_exps", "ffn_up_exps", "ffn_down_exps" };

#define N_OF(a) (sizeof (a) / sizeof (a)[0])

/* The buffers kvplan places on: the host and the one card. */
static const struct { const char *name; uint8_t buf; } buffers[] = {
	{ "CPU", KVP_OT_CPU },
	{ "CUDA0", KVP_OT_DEV }, { "ROCm0", KVP_OT_DEV }, { "Vulkan0", KVP_OT_DEV },
	{ "MTL0", KVP_OT_DEV }, { "SYCL0", KVP_OT_DEV },
};

/* The pattern compiled, or refused naming it, what and where. */
static enum kvp_status compile(struct ot_item *it, struct kvp_error *err)
{
	struct kvp_re_error e;

	switch (kvp_re_compile(it->pattern, strlen(it->pattern), &it->re, &e)) {
	case KVP_RE_OK:
		return KVP_OK;
	case KVP_RE_NOT_REGEX:
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '%s' - not a regular expression (ECMAScript, "
			"llama.cpp's std::regex): %s at character %zu",
			it->pattern, e.what, e.at + 1);
	case KVP_RE_UNSUPPORTED:
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '%s' - the pattern uses %s (character %zu), "
			"which kvplan does not match; write it without",
			it->pattern, e.what, e.at + 1);
	default:
		return kvp_error_set(err, KVP_ERANGE,
			"--override-tensor: '%s' - too large for kvplan's matcher: %s",
			it->pattern, e.what);
	}
}

static enum kvp_status parse_item(const char *s, size_t len, struct ot_item *it,
                                  struct kvp_error *err)
{
	const char *eq = memchr(s, '=', len);
	char bufname[32];
	size_t pl, bl, i;

	if (!eq)
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '%.*s' - invalid value: expected PATTERN=BUFFER",
			(int)len, s);
	pl = (size_t)(eq - s);
	bl = len - pl - 1;
	if (pl == 0 || pl >= sizeof it->pattern)
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '%.*s' - the pattern must be 1 to %zu characters",
			(int)len, s, sizeof it->pattern - 1);
	memcpy(it->pattern, s, pl);
	it->pattern[pl] = '\0';
	snprintf(bufname, sizeof bufname, "%.*s", (int)(bl < sizeof bufname ? bl : sizeof bufname - 1), eq + 1);
	it->buf = 0;
	for (i = 0; i < N_OF(buffers); i++)
		if (bl == strlen(buffers[i].name) && !strncmp(eq + 1, buffers[i].name, bl))
			it->buf = buffers[i].buf;
	if (!it->buf)
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '%.*s' - unknown buffer type '%s' (kvplan places "
			"on CPU or the one card, CUDA0)", (int)len, s, bufname);
	return compile(it, err);
}

/* Buffer of a tensor name: the first item that matches, 0 none. */
static uint8_t place(const struct ot_item *items, size_t n, const char *name,
                     size_t *which)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (kvp_re_search(&items[i].re, name)) {
			*which = i;
			return items[i].buf;
		}
	return 0;
}

/* One group of a layer's tensors: all the same buffer (*out), or refused
 * naming the two that differ. */
static enum kvp_status group(const struct ot_item *items, size_t n, uint32_t layer,
                             const char *const *names, size_t nn,
                             const char *const *more, size_t nm, uint8_t *out,
                             struct kvp_error *err)
{
	char name[64], first[64];
	size_t k, which = 0, first_which = 0;
	uint8_t b, b0 = 0;

	for (k = 0; k < nn + nm; k++) {
		snprintf(name, sizeof name, "blk.%u.%s.weight", layer,
		         k < nn ? names[k] : more[k - nn]);
		b = place(items, n, name, &which);
		if (k == 0) {
			b0 = b;
			first_which = which;
			snprintf(first, sizeof first, "%s", name);
		} else if (b != b0) {
			return kvp_error_set(err, KVP_EINVAL,
				"--override-tensor: '%s' - moves %s but not %s; kvplan "
				"places whole layers, a layer's routed experts "
				"(ffn_*_exps), token_embd and output",
				items[b ? which : first_which].pattern,
				b ? name : first, b ? first : name);
		}
	}
	*out = b0;
	return KVP_OK;
}

static bool moe_layer(const struct kvp_arch *a, uint32_t i)
{
	uint32_t step = a->moe_layer_step ? a->moe_layer_step : 1;

	return a->n_experts > 0 && i >= a->first_dense_layers && (i + 1) % step == 0;
}

static enum kvp_status resolve(struct kvp_plan *p, struct ot_item *items,
                               size_t n, struct kvp_error *err)
{
	struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	bool mla = p->model.mla.kv_lora_rank > 0;
	enum kvp_status st;
	size_t which;
	uint32_t i;

	for (i = 0; i < p->model.n_layers && i < KVP_MAX_LAYERS; i++) {
		bool moe = moe_layer(&p->model.arch, i);
		uint8_t body, exps = 0;

		st = group(items, n, i, mla ? attn_mla : attn_mha,
		           mla ? N_OF(attn_mla) : N_OF(attn_mha),
		           moe ? ffn_moe : ffn_dense, moe ? N_OF(ffn_moe) : N_OF(ffn_dense),
		           &body, err);
		if (st == KVP_OK && moe)
			st = group(items, n, i, ffn_exps, N_OF(ffn_exps), NULL, 0, &exps, err);
		if (st != KVP_OK)
			return st;
		o->ot_layer[i] = (uint8_t)(body | exps << 2);
	}
	o->ot_global = (uint8_t)(place(items, n, "token_embd.weight", &which) |
	                         place(items, n, "output.weight", &which) << 2);
	return KVP_OK;
}

enum kvp_status kvp_ot_resolve(struct kvp_plan *p, struct kvp_error *err)
{
	struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct ot_item *items;
	const char *s = o->override_tensor, *e;
	size_t n = 0, i, states = 0;
	enum kvp_status st = KVP_OK;

	memset(o->ot_layer, 0, sizeof o->ot_layer);
	o->ot_global = 0;
	if (!s[0])
		return KVP_OK;
	items = calloc(OT_MAX_ITEMS, sizeof *items);
	if (!items)
		return kvp_error_set(err, KVP_ENOMEM, "--override-tensor: out of memory");
	/* common/arg.cpp string_split(value, ','): every comma splits */
	for (;;) {
		e = strchr(s, ',');
		if (n == OT_MAX_ITEMS) {
			st = kvp_error_set(err, KVP_ERANGE,
				"--override-tensor: at most %d PATTERN=BUFFER items", OT_MAX_ITEMS);
			break;
		}
		st = parse_item(s, e ? (size_t)(e - s) : strlen(s), &items[n], err);
		if (st != KVP_OK)
			break;
		states += kvp_re_states(&items[n++].re);
		if (states > OT_MAX_STATES) {
			st = kvp_error_set(err, KVP_ERANGE,
				"--override-tensor: '%s' - too large for kvplan's matcher: the "
				"patterns hold more than %d states together", items[n - 1].pattern,
				OT_MAX_STATES);
			break;
		}
		if (!e)
			break;
		s = e + 1;
	}
	if (st == KVP_OK)
		st = resolve(p, items, n, err);
	for (i = 0; i < n; i++)
		kvp_re_free(&items[i].re);
	free(items);
	return st;
}

enum kvp_status kvp_ot_append(struct kvp_plan *p, const char *value,
                              struct kvp_error *err)
{
	char *dst = p->engine.llamacpp.override_tensor;
	size_t have = strlen(dst), add = strlen(value);

	if (!add)
		return kvp_error_set(err, KVP_EINVAL,
			"--override-tensor: '' - invalid value: expected PATTERN=BUFFER");
	if (have + (have ? 1 : 0) + add >= sizeof p->engine.llamacpp.override_tensor)
		return kvp_error_set(err, KVP_ERANGE,
			"--override-tensor: '%s' - the overrides exceed %zu characters",
			value, sizeof p->engine.llamacpp.override_tensor - 1);
	if (have)
		dst[have++] = ',';
	memcpy(dst + have, value, add + 1);
	return KVP_OK;
}
