/*
 * warning.c - stage 7 of kvp_compute: the mistakes that distort sizing,
 * each with a stable code (include/kvplan/warning.h), a message carrying
 * this plan's figures and one line of advice. One table holds the id,
 * slug and advice of every code; kvp_warnings_compute runs one detector
 * per mistake. Pure: snprintf into the result only.
 */
#include <stdarg.h>
#include <stdio.h>  /* vsnprintf/snprintf only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

struct warn_info {
	enum kvp_warn_code code;
	const char *id;
	const char *slug;
	const char *advice;
	const char *fires;         /* when its detector speaks (man page) */
};

static const struct warn_info table[] = {
	{ KVP_W_QHEADS_AS_KV, "KVP-W01", "qheads-as-kv",
	  "Use num_key_value_heads from the model's config.json: GQA/MQA "
	  "models cache far fewer heads than they query.",
	  "the KV heads were assumed equal to the query heads (the config "
	  "has no num_key_value_heads), or set equal to the query heads of "
	  "a model trained with fewer (GQA); never for MLA." },
	{ KVP_W_PROMPT_ONLY, "KVP-W02", "prompt-only",
	  "Add the generation reserve (max_tokens): the cache holds the "
	  "answer's tokens too.",
	  "a sequence class with requests has no generation reserve (gen "
	  "0); the first such class is named." },
	{ KVP_W_WEIGHTS_NOT_CACHE, "KVP-W03", "weights-not-cache",
	  "4-bit weights are not a 4-bit cache: choose the KV format "
	  "explicitly (--kv-dtype).",
	  "the weights are quantized (fp8, int8, int4, nf4, GGUF) and the "
	  "KV format was never chosen, so it stays the model's 16-bit "
	  "default." },
	{ KVP_W_QUEUE_NOT_ACTIVE, "KVP-W04", "queue-not-active",
	  "Size for the requests active at once under load, not for one; "
	  "queued requests become active.",
	  "requests are queued (workload.queued) while exactly one is "
	  "active." },
	{ KVP_W_SAMPLES_UNCOUNTED, "KVP-W05", "samples-uncounted",
	  "Each sample or beam is a resident sequence: let the engine hold "
	  "requests x samples sequences.",
	  "a class asks for several samples per request and the cache holds "
	  "fewer sequences than requests x samples." },
	{ KVP_W_POOLED_MEMORY, "KVP-W06", "pooled-memory",
	  "Memory is never pooled across cards: place the model with "
	  "--tp/--pp/--dp and check every device.",
	  "more cards are given than tp x pp x dp places the model on, or "
	  "one device is over while the devices together have memory free." },
	{ KVP_W_STATIC_FROM_SHORT, "KVP-W07", "static-from-short",
	  "Size a static reservation for the longest request you accept "
	  "(max_model_len), not for the requests you happened to observe.",
	  "a static reservation is in force (generic static strategy, or "
	  "transformers' StaticCache), sized from the plan's own lengths "
	  "(no explicit maximum, or observed ragged lengths) below the "
	  "model's maximum positions, and on a device that fits, the cache "
	  "reserved for the model's maximum would not fit in that device's "
	  "free memory (the growth is bounded by kv x (max - reserved) / "
	  "reserved). Where longer requests would still fit, or a device is "
	  "already over, it says nothing." },
	{ KVP_W_WINDOW_ALL_LAYERS, "KVP-W08", "window-all-layers",
	  "Keep the model's full-attention layers full: add a --layer rule "
	  "(e.g. \"5-47/6:kind=full\").",
	  "every KV layer keeps a window, but the model type is trained "
	  "with full-attention layers (llama, qwen2/3, gemma, gemma2/3, "
	  "gpt-oss, ...); not under strategy.sliding_as_full." },
	{ KVP_W_KV_HEADS_EDITED, "KVP-W09", "kv-heads-edited",
	  "Changing KV heads changes the architecture, not a setting: "
	  "evaluate the changed model's quality separately.",
	  "the KV heads (base or a layer rule) differ from the trained "
	  "model's, except the case KVP-W01 names; never for MLA." },
	{ KVP_W_CHARS_NOT_TOKENS, "KVP-W10", "chars-not-tokens",
	  "Give lengths in tokens after the tokenizer and chat template; "
	  "characters are never a size.",
	  "a length was given in characters ('12000c'), which is refused as "
	  "a size." },
	{ KVP_W_UNEVEN_RESERVATION, "KVP-W11", "uneven-reservation",
	  "Use a paged or dynamic cache, or separate classes, for a mix of "
	  "short and long sequences.",
	  "one maximum reservation (generic static or padded, transformers' "
	  "StaticCache) holds sequences of different lengths and so "
	  "reserves bytes beyond the valid content." },
	{ KVP_W_ASSUMPTION, "KVP-W12", "assumption",
	  "Check the assumption against the model's config and set the "
	  "field explicitly.",
	  "never raised by the computation itself: an importer's "
	  "assumptions are printed as notes (note: lines, 'assumption "
	  "(import)' in the Markdown report); the code is kept for records "
	  "that carry it." },
	{ KVP_W_OFFLOAD, "KVP-W13", "offload",
	  "Offloaded layers are read over the host link every step: expect "
	  "lower throughput.",
	  "part of the cache lives in host memory "
	  "(strategy.resident_layers, or an engine's offloaded cache)." },
	{ KVP_W_CAPACITY_TOTAL, "KVP-W14", "capacity-total",
	  "Keep a reserve (--reserve 3%) or use the allocatable figure: the "
	  "driver keeps part of the total for itself.",
	  "a device whose capacity is the driver total (card.allocatable "
	  "false) is left with less than 1/32 of it free." },
	{ KVP_W_SHARED_MEMORY, "KVP-W15", "shared-memory",
	  "Reserve what the system keeps (--reserve): Metal's "
	  "recommendedMaxWorkingSetSize is the usable ceiling.",
	  "a card shares its memory with the system "
	  "(card.shared_with_system, e.g. Apple unified memory)." },
	{ KVP_W_LAYOUT_ASSUMED, "KVP-W16", "layout-assumed",
	  "Describe the real per-layer layout (--layer rules, recurrent "
	  "state, --kv-reuse-last) or drop --assume-layout: these figures "
	  "may be wrong.",
	  "the model was imported with --assume-layout over a layout key "
	  "kvplan does not read (model.layout_assumed names it)." },
	{ KVP_W_ENCODER_PEAK, "KVP-W17", "encoder-peak",
	  "Give the activation peak a run measured with its images "
	  "(--activations): kvplan's estimate leaves the vision encoder out.",
	  "under vLLM, a model with an encoder tower (model.arch."
	  "tower_params) or image tokens (model.arch.mm_item_tokens) and an "
	  "estimated activation peak: vLLM's profile run also encodes the "
	  "largest items (gpu_model_runner.py profile_run, \"profiled with N "
	  "image items of the maximum feature size\") and its peak comes "
	  "out of the KV budget, so the KV figures may be too large." },
	{ KVP_W_SERVER_SLOTS, "KVP-W18", "server-slots",
	  "Give --parallel auto to size a llama-server started "
	  "without -np; keep -np 1 on its command line otherwise.",
	  "under llama.cpp at builds with PR #16736 (b7079 and later), a plan "
	  "of one slot without --kv-unified whose model has sliding-window or "
	  "recurrent layers: llama-server's default (-np auto) is 4 slots on "
	  "one unified cache, and the SWA cache (n_swa x 4 + n_ubatch cells) "
	  "and the recurrent states (one per slot) grow with the slots." },
};

#define TABLE_N (sizeof table / sizeof table[0])

static const struct warn_info *info(enum kvp_warn_code c)
{
	size_t i;

	for (i = 0; i < TABLE_N; i++)
		if (table[i].code == c)
			return &table[i];
	return NULL;
}

const char *kvp_warn_id(enum kvp_warn_code c)
{
	const struct warn_info *w = info(c);

	return w ? w->id : "KVP-W??";
}

const char *kvp_warn_slug(enum kvp_warn_code c)
{
	const struct warn_info *w = info(c);

	return w ? w->slug : "unknown";
}

const char *kvp_warn_advice(enum kvp_warn_code c)
{
	const struct warn_info *w = info(c);

	return w ? w->advice : "";
}

const char *kvp_warn_fires(enum kvp_warn_code c)
{
	const struct warn_info *w = info(c);

	return w && w->fires ? w->fires : "";
}

/* The next warning, coded code, its text for the caller to write; NULL
 * when the result holds KVP_MAX_WARNINGS. */
static struct kvp_warning *warn_slot(struct kvp_result *res,
                                     enum kvp_warn_code code)
{
	struct kvp_warning *w;

	if (res->n_warnings >= KVP_MAX_WARNINGS)
		return NULL;
	w = &res->warnings[res->n_warnings++];
	w->code = code;
	return w;
}

void kvp_warn(struct kvp_result *res, enum kvp_warn_code code,
              const char *fmt, ...)
{
	va_list ap;
	struct kvp_warning *w = warn_slot(res, code);

	if (!w)
		return;
	va_start(ap, fmt);
	vsnprintf(w->msg, sizeof w->msg, fmt, ap);
	va_end(ap);
}

/* ---- helpers ---------------------------------------------------------- */

static uint64_t class_len(const struct kvp_seq_class *c)
{
	uint64_t len = c->gen;
	int k;

	for (k = 0; k < KVP_PP_COUNT; k++)
		if (!kvp_add(len, c->prompt[k], &len))
			return UINT64_MAX;
	return len;
}

static bool is_mla(const struct kvp_model *m)
{
	return m->mla.kv_lora_rank > 0 || m->base.kind == KVP_LAYER_MLA;
}

/* The KV heads the plan's rules and base give, first one that differs
 * from `ref` (or ref itself when none differs). */
static uint32_t heads_differing(const struct kvp_model *m, uint32_t ref)
{
	uint32_t i;

	if (m->base.kv_heads != ref)
		return m->base.kv_heads;
	for (i = 0; i < m->n_rules && i < KVP_MAX_RULES; i++)
		if ((m->rules[i].set & (1u << KVP_LF_KV_HEADS)) &&
		    m->rules[i].v.kv_heads != ref)
			return m->rules[i].v.kv_heads;
	return ref;
}

static bool wformat_quantized(enum kvp_wdtype d)
{
	switch (d) {
	case KVP_W_FP8: case KVP_W_INT8: case KVP_W_INT4: case KVP_W_NF4:
	case KVP_W_GGUF_Q4_K_M:
		return true;
	default: {
		uint32_t per, bb;

		return kvp_wdtype_block(d, &per, &bb);
	}
	}
}

/* ---- detectors -------------------------------------------------------- */

static void w_qheads(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_model *m = &p->model;
	char b[48];

	if (is_mla(m))
		return;
	if (m->kv_heads_assumed) {
		kvp_warn(res, KVP_W_QHEADS_AS_KV,
			"model.base.kv_heads: %u assumed equal to the %u query "
			"heads (no num_key_value_heads in the config): the cache "
			"of %s is right only for an MHA model",
			m->base.kv_heads, m->q_heads,
			kvp_fmt_gib(res->kv.bytes, 2, b, sizeof b));
		return;
	}
	if (m->trained_kv_heads && m->trained_kv_heads < m->q_heads &&
	    m->base.kv_heads == m->q_heads)
		kvp_warn(res, KVP_W_QHEADS_AS_KV,
			"model.base.kv_heads: %u = the query heads, but the "
			"model was trained with %u KV heads (GQA): the cache of "
			"%s is %ux the real one",
			m->base.kv_heads, m->trained_kv_heads,
			kvp_fmt_gib(res->kv.bytes, 2, b, sizeof b),
			m->q_heads / m->trained_kv_heads);
}

static void w_prompt_only(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_workload *w = &p->workload;
	uint32_t c;

	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		const struct kvp_seq_class *k = &w->classes[c];

		if (k->requests == 0 || k->gen != 0)
			continue;
		kvp_warn(res, KVP_W_PROMPT_ONLY,
			"workload.classes[%u].gen: 0 - class '%s' is sized for "
			"its %llu-token prompt only, with no generation reserve",
			c, k->name, (unsigned long long)class_len(k));
		return;   /* one warning names the first such class */
	}
}

static void w_weights_cache(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_model *m = &p->model;
	const struct kvp_wformat *wf = p->devices.weights_override
		? &p->devices.weights : &m->weights;
	char width[24] = "";

	if (!wformat_quantized(wf->dtype) || !m->kv_fmt_defaulted)
		return;
	/* int4 names the group-quantized integer formats, whose bits run
	 * 2-8 (GPTQ; BitNet's bitlinear 2): say the width when not 4 */
	if (wf->dtype == KVP_W_INT4 && wf->bits && wf->bits != 4)
		snprintf(width, sizeof width, " at %u bits", wf->bits);
	kvp_warn(res, KVP_W_WEIGHTS_NOT_CACHE,
		"weights are %s%s but the KV cache format was never chosen: it "
		"stays %s (%llu bytes per position, all layers)",
		kvp_wdtype_name(wf->dtype), width,
		kvp_dtype_name(m->base.k_fmt.dtype),
		(unsigned long long)res->kv.bytes_per_position);
}

static void w_queue(const struct kvp_plan *p, struct kvp_result *res)
{
	uint64_t active = 0;
	uint32_t c;

	if (p->workload.queued == 0)
		return;
	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		active += p->workload.classes[c].requests;
	active += p->workload.n_ragged;
	if (active != 1)
		return;
	kvp_warn(res, KVP_W_QUEUE_NOT_ACTIVE,
		"workload: 1 active request while %llu queue - the cache is "
		"sized for one sequence (%llu bytes) but under load the "
		"queued requests are active at once",
		(unsigned long long)p->workload.queued,
		(unsigned long long)res->kv.bytes);
}

static void w_samples(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_workload *w = &p->workload;
	uint64_t want = 0, n;
	uint32_t c, maxs = 1;

	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		const struct kvp_seq_class *k = &w->classes[c];

		if (k->requests && k->samples > maxs)
			maxs = k->samples;
		if (!kvp_mul(k->requests, k->samples ? k->samples : 1, &n) ||
		    !kvp_add(want, n, &want))
			return;
	}
	want += w->n_ragged;
	if (maxs <= 1 || res->kv.sequences >= want)
		return;
	kvp_warn(res, KVP_W_SAMPLES_UNCOUNTED,
		"workload: %u samples per request make %llu resident "
		"sequences, but the cache holds %llu",
		maxs, (unsigned long long)want,
		(unsigned long long)res->kv.sequences);
}

static void w_pooled(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_devices *d = &p->devices;
	uint64_t cards = 0, world = (uint64_t)d->tp * d->pp * d->dp;
	int64_t total_free = 0;
	uint32_t g, i, worst = 0;
	char a[48], b[48];

	if (d->n_groups == 0)
		return;
	for (g = 0; g < d->n_groups && g < KVP_MAX_CARD_GROUPS; g++)
		cards += d->groups[g].count;
	if (cards > world) {
		kvp_warn(res, KVP_W_POOLED_MEMORY,
			"devices: %llu cards given, but tp %u x pp %u x dp %u "
			"places the model on %llu: the other cards hold nothing",
			(unsigned long long)cards, d->tp, d->pp, d->dp,
			(unsigned long long)world);
		return;
	}
	if (res->fits || res->n_devices < 2)
		return;
	for (i = 0; i < res->n_devices; i++) {
		/* checked: 10 devices over by 10^18 each pass INT64_MIN */
		if (!kvp_add_i64(total_free, res->devices[i].free_bytes,
		                 &total_free))
			return;   /* past 8 EiB either way: nothing to pool */
		if (res->devices[i].free_bytes < res->devices[worst].free_bytes)
			worst = i;
	}
	if (total_free < 0)
		return;
	kvp_warn(res, KVP_W_POOLED_MEMORY,
		"devices: device %u is over by %s while the %u devices "
		"together have %s free - that memory cannot be borrowed",
		worst,
		kvp_fmt_gib(kvp_abs_u64(res->devices[worst].free_bytes), 2, a,
		            sizeof a),
		res->n_devices, kvp_fmt_gib((uint64_t)total_free, 2, b, sizeof b));
}

/* The static reservation in force, if any: the generic core's static
 * strategy (engine generic), or transformers' StaticCache with its own
 * max_cache_len. A named engine that sizes its cache itself (llama.cpp,
 * vLLM, SGLang, TensorRT-LLM, transformers' other caches) ignores
 * strategy.*, so warnings about the strategy would describe a setting
 * that does nothing. `field` names the setting; *max_len its value (0 =
 * the longest sequence). */
static bool static_in_force(const struct kvp_plan *p, const char **field,
                            uint64_t *max_len)
{
	if (p->engine.kind == KVP_ENGINE_GENERIC &&
	    p->strategy.kind == KVP_STRAT_STATIC) {
		*field = "strategy.max_cache_len";
		*max_len = p->strategy.max_cache_len;
		return true;
	}
	if (p->engine.kind == KVP_ENGINE_TRANSFORMERS &&
	    p->engine.transformers.cache == KVP_HF_STATIC) {
		*field = "engine.transformers.max_cache_len";
		*max_len = p->engine.transformers.max_cache_len;
		return true;
	}
	return false;
}

static void w_static_short(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_workload *w = &p->workload;
	uint64_t longest = 0, m = 0, explicit_len = 0;
	uint64_t maxpos = p->model.arch.max_positions;
	const char *field = "";
	uint32_t c;
	size_t i;

	if (!static_in_force(p, &field, &explicit_len) || maxpos == 0)
		return;
	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++)
		if (w->classes[c].requests && class_len(&w->classes[c]) > longest)
			longest = class_len(&w->classes[c]);
	for (i = 0; w->ragged && i < w->n_ragged; i++)
		if (w->ragged[i] > longest)
			longest = w->ragged[i];
	m = explicit_len ? explicit_len : longest;
	/* sized from the lengths at hand: no explicit maximum, or observed
	 * (ragged) lengths, and below what the model accepts */
	if (m == 0 || m >= maxpos || (explicit_len != 0 && w->n_ragged == 0))
		return;
	/* Only where it can change the answer: on a device that fits, the
	 * reservation grown to the model's maximum must not fit. A static
	 * reservation is slots x bytes per slot (sliding and recurrent
	 * layers grow less or not at all), so the growth is at most
	 * kv x (maxpos - m) / m; a fitting device whose free memory holds
	 * that keeps fitting, and then nothing is said. */
	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++) {
		const struct kvp_device_result *d = &res->devices[i];
		uint64_t grow;

		if (!d->fits || d->kv_bytes == 0)
			continue;
		if (kvp_mul(d->kv_bytes, maxpos - m, &grow))
			grow = kvp_ceil_div(grow, m);
		else
			grow = UINT64_MAX;
		if (d->free_bytes >= 0 && grow <= (uint64_t)d->free_bytes)
			continue;
		kvp_warn(res, KVP_W_STATIC_FROM_SHORT,
			"%s: static reservation of %llu slots per sequence comes "
			"from the lengths in this plan, but the model accepts %llu "
			"tokens: reserved for that, device %u's cache grows by up "
			"to %llu B and it has %lld B free",
			field, (unsigned long long)m, (unsigned long long)maxpos,
			(unsigned)i, (unsigned long long)grow,
			(long long)d->free_bytes);
		return;
	}
}

/* model_types whose configs interleave full-attention layers with
 * sliding/chunked ones (transformers' layer_types / patterns):
 * gemma2 (every other layer), gemma3 (5 sliding : 1 full), cohere2
 * (3 : 1), gpt_oss (alternating), llama4 (chunked, every 4th full). */
static bool hybrid_type(const char *t)
{
	static const char *const types[] = {
		"gemma2", "gemma3", "gemma3_text", "cohere2", "gpt_oss",
		"llama4", "llama4_text",
	};
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(t, types[i]))
			return true;
	return false;
}

/* model_types trained with full attention on every layer (their HF
 * configs have no sliding window in use): llama, qwen2/qwen3 (and MoE;
 * use_sliding_window false), gemma (1), gpt2, falcon (RefinedWeb*),
 * gpt_neox, opt, bloom, olmo/olmo2, granite, cohere, jamba (attention
 * layers). mistral, mixtral, phi3 and starcoder2 are left out: some of
 * their configs train a sliding window on every layer. */
static bool full_type(const char *t)
{
	static const char *const types[] = {
		"llama", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma",
		"gpt2", "falcon", "RefinedWeb", "RefinedWebModel", "gpt_neox",
		"opt", "bloom", "olmo", "olmo2", "granite", "cohere", "jamba",
	};
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(t, types[i]))
			return true;
	return false;
}

static void w_window_all(const struct kvp_plan *p, struct kvp_result *res)
{
	uint32_t i, kv = 0, win = 0;

	if (p->strategy.sliding_as_full)
		return;
	/* the layers first: a layer that keeps every position (most models'
	 * layer 0) ends the look before the model_type compares */
	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_spec *s = &kvp_layer_rec(res, i)->spec;

		if (s->kind == KVP_LAYER_NONE || s->kind == KVP_LAYER_SHARED)
			continue;
		if (s->kind != KVP_LAYER_SLIDING && s->kind != KVP_LAYER_CHUNKED)
			return;
		kv++;
		win = s->window;
	}
	if (kv == 0 ||
	    !(hybrid_type(p->model.model_type) || full_type(p->model.model_type)))
		return;
	kvp_warn(res, KVP_W_WINDOW_ALL_LAYERS,
		"model.layers: all %u layers keep a window of %u positions, but "
		"%s models have full-attention layers that keep every position",
		kv, win, p->model.model_type);
}

static void w_heads_edited(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_model *m = &p->model;
	uint32_t t = m->trained_kv_heads, h;
	struct kvp_warning *w;
	struct kvp_cat c;

	if (t == 0 || is_mla(m) || m->kv_heads_assumed)
		return;
	h = heads_differing(m, t);
	if (h == t)
		return;
	if (h == m->q_heads && t < m->q_heads)
		return;   /* KVP_W_QHEADS_AS_KV says it */
	/* built piece by piece: vsnprintf was a third of the warnings'
	 * time on a recompute (core.recompute_128L) */
	w = warn_slot(res, KVP_W_KV_HEADS_EDITED);
	if (!w)
		return;
	kvp_cat_init(&c, w->msg, sizeof w->msg);
	kvp_cat_s(&c, "model.base.kv_heads: ");
	kvp_cat_u(&c, h);
	kvp_cat_s(&c, " differs from the trained model's ");
	kvp_cat_u(&c, t);
	kvp_cat_s(&c, " - an architecture change, not an equivalent variant");
}

static void w_chars(const struct kvp_plan *p, struct kvp_result *res)
{
	if (p->workload.chars_given)
		kvp_warn(res, KVP_W_CHARS_NOT_TOKENS,
			"workload: a length was given in characters - kvplan "
			"sizes tokens; the figures here do not use it");
}

static void w_uneven(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_workload *w = &p->workload;
	uint64_t lo = UINT64_MAX, hi = 0, pct;
	uint32_t c;
	size_t i;
	char a[48], b[48];
	const char *field = "strategy.kind", *kind;
	uint64_t unused;

	/* one maximum reservation in force: the generic core's static or
	 * padded strategy, or transformers' StaticCache (static_in_force) */
	if (p->engine.kind == KVP_ENGINE_GENERIC &&
	    (p->strategy.kind == KVP_STRAT_STATIC ||
	     p->strategy.kind == KVP_STRAT_PADDED)) {
		kind = kvp_strategy_name(p->strategy.kind);
	} else if (p->engine.kind == KVP_ENGINE_TRANSFORMERS &&
	           static_in_force(p, &field, &unused)) {
		field = "engine.transformers.cache";
		kind = "static";
	} else {
		return;
	}
	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		uint64_t len = class_len(&w->classes[c]);

		if (!w->classes[c].requests)
			continue;
		lo = len < lo ? len : lo;
		hi = len > hi ? len : hi;
	}
	for (i = 0; w->ragged && i < w->n_ragged; i++) {
		lo = w->ragged[i] < lo ? w->ragged[i] : lo;
		hi = w->ragged[i] > hi ? w->ragged[i] : hi;
	}
	if (hi == 0 || lo == hi || res->kv.waste_bytes == 0 || res->kv.bytes == 0)
		return;
	pct = (uint64_t)(((unsigned __int128)res->kv.waste_bytes * 100) /
	                 res->kv.bytes);
	kvp_warn(res, KVP_W_UNEVEN_RESERVATION,
		"%s: %s - sequences of %llu to %llu tokens under one "
		"maximum reservation: %s of the %s cache (%llu%%) exceeds the "
		"valid content",
		field, kind, (unsigned long long)lo,
		(unsigned long long)hi,
		kvp_fmt_gib(res->kv.waste_bytes, 2, a, sizeof a),
		kvp_fmt_gib(res->kv.bytes, 2, b, sizeof b),
		(unsigned long long)pct);
}

static void w_offload(const struct kvp_plan *p, struct kvp_result *res)
{
	uint32_t i, host = 0;
	char a[48];

	if (res->kv.host_bytes == 0)
		return;
	for (i = 0; i < res->n_layers; i++)
		host += !kvp_layer_rec(res, i)->on_device;
	/* strategy.resident_layers is the generic core's setting; a named
	 * engine offloads by its own option (transformers' OffloadedCache) */
	if (p->engine.kind != KVP_ENGINE_GENERIC) {
		kvp_warn(res, KVP_W_OFFLOAD,
			"engine.kind: %s - %u layers (%s of cache) live in host "
			"memory", kvp_engine_name(p->engine.kind), host,
			kvp_fmt_gib(res->kv.host_bytes, 2, a, sizeof a));
		return;
	}
	kvp_warn(res, KVP_W_OFFLOAD,
		"strategy.resident_layers: %d - %u layers (%s of cache) live in "
		"host memory", (int)p->strategy.resident_layers, host,
		kvp_fmt_gib(res->kv.host_bytes, 2, a, sizeof a));
}

/* A device left with less than 1/32 (3.1 %) of a capacity that is the
 * driver total: CUDA cannot allocate all of it (ENGINES.md: a 16 GB card
 * shows 16,311 MiB, 15,849 MiB allocatable, 2.8 % less). */
static void w_capacity_total(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t i, g;
	char a[48], b[48];

	for (i = 0; i < res->n_devices; i++) {
		const struct kvp_device_result *dr = &res->devices[i];
		bool allocatable = false;

		for (g = 0; g < d->n_groups && g < KVP_MAX_CARD_GROUPS; g++)
			if (!strcmp(d->groups[g].card.name, dr->name))
				allocatable = d->groups[g].card.allocatable;
		if (allocatable || dr->free_bytes < 0 ||
		    (uint64_t)dr->free_bytes >= dr->capacity_bytes / 32)
			continue;
		kvp_warn(res, KVP_W_CAPACITY_TOTAL,
			"devices: device %u has %s free of %s, the driver total "
			"(card.allocatable false): CUDA can allocate less than that",
			i, kvp_fmt_gib((uint64_t)dr->free_bytes, 2, a, sizeof a),
			kvp_fmt_gib(dr->capacity_bytes, 2, b, sizeof b));
		return;
	}
}

static void w_shared(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t g;
	char a[48];

	for (g = 0; g < d->n_groups && g < KVP_MAX_CARD_GROUPS; g++) {
		const struct kvp_card *c = &d->groups[g].card;

		if (!c->shared_with_system)
			continue;
		kvp_warn(res, KVP_W_SHARED_MEMORY,
			"devices.groups[%u].card: %s shares its %s with the "
			"system - the OS and other apps use part of it",
			g, c->name, kvp_fmt_gib(c->capacity_bytes, 2, a, sizeof a));
		return;
	}
}

/* Imported with --assume-layout: the config holds a layout kvplan does
 * not read (model.layout_assumed names it), so every figure is in doubt. */
static void w_layout_assumed(const struct kvp_plan *p, struct kvp_result *res)
{
	if (!p->model.layout_assumed[0])
		return;
	kvp_warn(res, KVP_W_LAYOUT_ASSUMED,
		"model.layout_assumed: %s - imported with --assume-layout: "
		"the layout kvplan read may not be the model's",
		p->model.layout_assumed);
}

/* vLLM profiles the encoder with its largest items; the generic
 * activation estimate is the decoder's only. */
static void w_encoder_peak(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_arch *a = &p->model.arch;

	if (p->engine.kind != KVP_ENGINE_VLLM || p->devices.activations_bytes ||
	    (!a->tower_params && !a->mm_item_tokens))
		return;
	kvp_warn(res, KVP_W_ENCODER_PEAK,
		"the activation estimate is the decoder's: vLLM's profile run "
		"also encodes %s, and that peak comes out of the KV budget",
		a->mm_item_tokens ? "the largest items (model.arch."
		"mm_item_tokens)" : "the largest items its processor allows");
}

/* llama-server without -np runs 4 slots on a unified cache (PR #16736,
 * the slot cap's era row; arg.cpp "-np, --parallel N: number of server
 * slots (default: -1, -1 = auto)", "--kv-unified ... default: enabled if
 * number of slots is auto", PR #17997); a plan of one slot sizes fewer
 * SWA cells and recurrent states than that server holds. */
static void w_server_slots(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	bool swa = false;
	uint32_t i;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP || o->parallel != 1 ||
	    o->kv_unified || !kvp_era_has(&p->engine, KVP_ERA_LLAMACPP_SLOT_CAP))
		return;
	for (i = 0; i < res->n_layers; i++)
		swa |= kvp_layer_rec(res, i)->slots &&
		       kvp_kind_windowed(kvp_layer_rec(res, i)->spec.kind);
	if (!swa && !res->kv.state_bytes)
		return;
	kvp_warn(res, KVP_W_SERVER_SLOTS,
		"engine.llamacpp.parallel: 1 - llama-server without -np runs 4 "
		"slots on one unified cache (PR #16736), and this model's %s "
		"grows with the slots", swa && res->kv.state_bytes ?
		"SWA cache and recurrent state" : swa ? "SWA cache" :
		"recurrent state");
}

void kvp_warnings_compute(const struct kvp_plan *p, struct kvp_result *res)
{
	w_layout_assumed(p, res);
	w_qheads(p, res);
	w_prompt_only(p, res);
	w_weights_cache(p, res);
	w_queue(p, res);
	w_samples(p, res);
	w_pooled(p, res);
	w_static_short(p, res);
	w_window_all(p, res);
	w_heads_edited(p, res);
	w_chars(p, res);
	w_uneven(p, res);
	w_offload(p, res);
	w_capacity_total(p, res);
	w_shared(p, res);
	w_encoder_peak(p, res);
	w_server_slots(p, res);
}
