/*
 * gguf_import.c - a GGUF file turned into a struct kvp_model
 * (model_files.h): the metadata keys llama.cpp reads (src/llama-arch.cpp
 * LLM_KV_NAMES, src/llama-model.cpp load_hparams) mapped to the layout,
 * and every tensor's exact bytes summed by group (tensor_group.h).
 *
 * llama.cpp's defaults where a key is absent (llama-model.cpp
 * load_hparams, as of commit 004eaba804a3): head_count_kv = head_count,
 * key_length = value_length = embedding_length / head_count, the SWA
 * forms = the full ones, context_length is n_ctx_train (what -c 0
 * uses). Its KV cache is f16 unless -ctk/-ctv say otherwise; recurrent
 * states (r: conv, s: ssm) are f32 (llama-model.cpp create_memory).
 * A layer layout kvplan cannot read from the file is refused naming the
 * key; nothing is guessed.
 *
 * The folder, src/io/gguf/: llama.cpp's files. gguf.c reads a GGUF
 * header (keys and tensor infos, never the weights), ggml_types.c sizes
 * each ggml tensor type, gguf_split.c finds the parts of a split model;
 * gguf_import.c (this file) turns the header into a model; lora.c and
 * mmproj.c read a --lora adapter and a --mmproj projector into the plan;
 * override_tensor.c resolves -ot PATTERN=BUFFER against the model's
 * tensor names (through io/regex). The readers of a file call down to
 * gguf.c; none calls another back.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/gguf/gguf.h"
#include "io/gguf/gguf_split.h"
#include "io/gguf/gguf_swa.h"
#include "io/name_set.h"
#include "io/notes.h"
#include "io/plan/layer_table.h"
#include "io/tensor_group.h"
#include "kvplan/checked.h"
#include "kvplan/model_files.h"

#define DIM_MAX (1ull << 24)

struct gi {
	struct kvp_gguf *g;
	const char *name;          /* file for messages */
	char arch[64];
	uint32_t n;                /* decoder layers: llama.cpp's n_layer() */
	uint32_t nextn;            /* MTP blocks after them (n_layer_all - n) */
	uint32_t loops;            /* ARCH.num_loops passes over the n (1) */
	struct kvp_notes *notes;
	struct kvp_error *err;
};

/* Architectures whose layers the file's keys do not tell the way
 * kvplan reads them: refused by name rather than sized wrong (each
 * found wrong against the engine by `make check-live`, or read so in
 * src/models/<arch>.cpp at the pinned build). */
static const struct {
	const char *arch, *why;
} refused_archs[] = {
	{ "qwen4exp", "its recurrent layers and PLE state are not modelled" },
	{ "falcon-h1", "every layer holds attention and SSM state side by side, "
	  "which kvplan does not model" },
	{ "kimi-linear", "its KDA state layers are not modelled" },
	{ "deepseek4", "its compressed attention caches are not modelled" },
	{ "minimax-01", "its linear-attention state layers are not modelled" },
	{ "rwkv6", "its WKV state is not modelled" },
	{ "rwkv6qwen2", "its WKV state is not modelled" },
	{ "rwkv7", "its WKV state is not modelled" },
	{ "arwkv7", "its WKV state is not modelled" },
	/* no KV cache at all (llama_model::create_memory makes none) */
	{ "dream", "a diffusion model: llama.cpp keeps no KV cache for it" },
	{ "llada", "a diffusion model: llama.cpp keeps no KV cache for it" },
	{ "llada-moe", "a diffusion model: llama.cpp keeps no KV cache for it" },
	{ "rnd1", "a diffusion model: llama.cpp keeps no KV cache for it" },
	{ "bert", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "modern-bert", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "nomic-bert", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "nomic-bert-moe", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "neo-bert", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "jina-bert-v2", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "jina-bert-v3", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "eurobert", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "t5encoder", "an encoder: llama.cpp keeps no KV cache for it" },
	{ "t5", "an encoder-decoder: its cross-attention cache is not modelled" },
	{ "wavtokenizer-dec", "an audio decoder, not a language model" },
	{ "gemma-embedding", "an embedding model: llama.cpp keeps no KV cache "
	  "for it" },
	{ "minimax-m3", "its sparse layers' indexer key cache (MSA) is not "
	  "modelled" },
	{ "dots3note", "its DSA indexer beside sliding MLA layers is not "
	  "modelled" },
	{ "dflash", "a speculative draft head whose cache follows its target, "
	  "not modelled from its file" },
	{ "eagle3", "a speculative draft head whose cache follows its target, "
	  "not modelled from its file" },
	{ "deepseek32", "its DSA indexer key cache is not read from the GGUF" },
	{ "glm-dsa", "its DSA indexer key cache is not read from the GGUF" },
	{ "gemma4", "its per-layer head sizes and shared KV layers are not read "
	  "from the GGUF" },
	{ "gemma4-assistant", "a draft head sharing its target's cache, not "
	  "modelled from its file" },
	{ "kimi-k3", "its KDA state layers are not modelled" },
	{ "bailingmoe3", "its KDA state layers are not modelled" },
	{ "chameleon", "only half implemented in llama.cpp" },
	{ "gptj", "llama.cpp has no usable implementation of it" },
	{ "plm", "not checked against llama.cpp (its tensor shapes do not load "
	  "from keys alone)" },
	{ "graniteswitch", "its adapter layers are not modelled" },
	{ "llama-embed", "an embedding model: not checked against llama.cpp" },
	{ "pockettts", "a speech model, not a language model" },
	{ "qwen3tts", "a speech model, not a language model" },
};

static enum kvp_status arch_refused(struct gi *c)
{
	size_t i;

	for (i = 0; i < sizeof refused_archs / sizeof refused_archs[0]; i++)
		if (!strcmp(refused_archs[i].arch, c->arch))
			return kvp_error_set(c->err, KVP_EINVAL, "%s: general."
			       "architecture: '%s' - refused: %s", c->name, c->arch,
			       refused_archs[i].why);
	return KVP_OK;
}

static void note(struct gi *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct gi *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kvp_notes_vadd(c->notes, fmt, ap);
	va_end(ap);
}

static const struct kvp_gguf_kv *key(struct gi *c, const char *suffix,
                                     char *full, size_t n)
{
	snprintf(full, n, "%s.%s", c->arch, suffix);
	return kvp_gguf_find(c->g, full);
}

static enum kvp_status bad(struct gi *c, const char *k, const char *why)
{
	return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %s", c->name, k, why);
}

/* An integer scalar ARCH.suffix in [lo, hi]: 1 found, 0 absent, -1 bad. */
static int get_u(struct gi *c, const char *suffix, uint64_t lo, uint64_t hi,
                 uint64_t *out)
{
	char k[160];
	const struct kvp_gguf_kv *v = key(c, suffix, k, sizeof k);

	if (!v)
		return 0;
	if (v->type == KVP_GGUF_STRING || v->type == KVP_GGUF_ARRAY ||
	    v->type == KVP_GGUF_F32 || v->type == KVP_GGUF_F64 ||
	    v->type == KVP_GGUF_BOOL) {
		bad(c, k, "expected an integer");
		return -1;
	}
	if ((v->is_signed && v->i < 0) || v->u < lo || v->u > hi) {
		kvp_error_set(c->err, KVP_ERANGE, "%s: %s: %lld - must be "
		              "%llu..%llu", c->name, k,
		              v->is_signed ? (long long)v->i : (long long)v->u,
		              (unsigned long long)lo, (unsigned long long)hi);
		return -1;
	}
	*out = v->u;
	return 1;
}

/* ARCH.suffix as one value per layer: a scalar for every layer or an
 * array of one integer per block (the MTP blocks too), each in [lo, hi],
 * the first n read. 1 found, 0 absent, -1 bad. */
static int get_per_layer(struct gi *c, const char *suffix, uint64_t lo,
                         uint64_t hi, uint64_t *out)
{
	char k[160];
	const struct kvp_gguf_kv *v = key(c, suffix, k, sizeof k);
	uint32_t i;
	uint64_t x;
	int r;

	if (!v)
		return 0;
	if (v->type != KVP_GGUF_ARRAY) {
		if ((r = get_u(c, suffix, lo, hi, &x)) <= 0)
			return r;
		for (i = 0; i < c->n; i++)
			out[i] = x;
		return 1;
	}
	if (!v->ivals) {
		bad(c, k, "expected an array of integers, one per layer");
		return -1;
	}
	if (v->n != (uint64_t)c->n + c->nextn) {
		/* llama-model.cpp @80fb11a load_hparams reads these by
		 * get_key_or_arr(..., n_layer_all): another length throws
		 * "wrong array length" and the file does not load */
		kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %llu entries - "
		              "llama.cpp requires exactly %llu (one per block, "
		              "block_count), else it does not load the file",
		              c->name, k, (unsigned long long)v->n,
		              (unsigned long long)c->n + c->nextn);
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		if (v->ivals[i] < 0 || (uint64_t)v->ivals[i] < lo ||
		    (uint64_t)v->ivals[i] > hi) {
			kvp_error_set(c->err, KVP_ERANGE, "%s: %s[%u]: %lld - must "
			              "be %llu..%llu", c->name, k, i,
			              (long long)v->ivals[i], (unsigned long long)lo,
			              (unsigned long long)hi);
			return -1;
		}
		out[i] = (uint64_t)v->ivals[i];
	}
	return 1;
}

/* The window the row's rule gives (0: no sliding layers), from the key
 * (found, *w). A window key of 0 on an architecture llama.cpp slides
 * anyway is refused: its cache of n_ubatch cells is not modelled. */
static enum kvp_status st_swa_rule(struct gi *c, const struct kvp_swa_row *row,
                                   bool found, uint64_t *w)
{
	if (!found && (row->flags & SWA_F_KEY_REQ))
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s.attention."
		       "sliding_window: (absent) - llama.cpp requires it for "
		       "architecture '%s' (src/models/%s) and does not load the "
		       "file: refused", c->name, c->arch, c->arch, row->src);
	if (row->rule == SWA_AT_LAYERS && c->n != row->layers) {
		*w = 0;
		return KVP_OK;
	}
	switch (row->rule) {
	case SWA_KEY:
		break;
	case SWA_ALWAYS:
	case SWA_AT_LAYERS:
		if (found && !*w)
			return kvp_error_set(c->err, KVP_EINVAL, "%s: %s.attention."
			       "sliding_window: 0 - llama.cpp slides architecture '%s' "
			       "with a window of 0 (a cache of n_ubatch cells), which "
			       "kvplan does not model: refused", c->name, c->arch,
			       c->arch);
		if (!found)
			*w = row->window;
		break;
	case SWA_FIXED:
		*w = found && !*w ? 0 : row->window;
		break;
	case SWA_OFF:
		if (*w)
			note(c, "%s.attention.sliding_window %llu: ignored, as "
			        "llama.cpp does for this architecture (every layer "
			        "full; src/models/%s)", c->arch, (unsigned long long)*w,
			     row->src);
		*w = 0;
		break;
	case SWA_FORCED:
		if (*w && *w != row->window)
			note(c, "%s.attention.sliding_window %llu: llama.cpp slides "
			        "%u positions for this architecture whatever it says",
			     c->arch, (unsigned long long)*w, row->window);
		*w = *w ? row->window : 0;
		break;
	}
	if (row->rule == SWA_FIXED && *w)
		note(c, "%s: chunked attention of %llu positions on 3 of 4 "
		        "layers (llama.cpp sets it for this architecture)",
		     c->arch, (unsigned long long)*w);
	return KVP_OK;
}

/* The pattern key as the row's code reads it: NULL where it reads none
 * (SWA_F_NO_PATTERN), or reads a period into a uint32_t and the file has
 * an array (SWA_F_PERIOD_ONLY: get_key_or_arr returns false, not
 * required, and the row's period stays). */
static const struct kvp_gguf_kv *swa_pattern_key(struct gi *c,
                                                 const struct kvp_swa_row *row,
                                                 char *k, size_t n)
{
	const struct kvp_gguf_kv *v = key(c, "attention.sliding_window_pattern",
	                                  k, n);

	if (v && ((row->flags & SWA_F_NO_PATTERN) ||
	          ((row->flags & SWA_F_PERIOD_ONLY) && v->type == KVP_GGUF_ARRAY))) {
		note(c, "%s: ignored, as llama.cpp reads it for this architecture "
		        "(src/models/%s): its period %u stays (0: every layer)",
		     k, row->src, row->period);
		return NULL;
	}
	return v;
}

/* The bool array's length as llama.cpp's reader takes it: get_key_or_arr
 * throws "key %s has wrong array length" unless it holds exactly n
 * (llama-model-loader.cpp @80fb11a: n_layer(), or n_layer_all where the
 * row's code passes it, SWA_F_ARR_ALL); get_arr (SWA_F_ARR_ANY) takes any
 * length up to its 512, and one short of the layers is refused here
 * (kvplan would have to guess the rest). */
static enum kvp_status swa_array_len(struct gi *c,
                                     const struct kvp_swa_row *row,
                                     const struct kvp_gguf_kv *v,
                                     const char *k)
{
	uint64_t want = (uint64_t)c->n +
	                (row->flags & SWA_F_ARR_ALL ? c->nextn : 0);

	if (!v->ivals || v->n < c->n)
		return bad(c, k, "expected one bool per layer");
	if (!(row->flags & SWA_F_ARR_ANY) && v->n != want)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %llu entries - "
		                     "llama.cpp requires exactly %llu (its "
		                     "get_key_or_arr: \"wrong array length\", the "
		                     "file does not load): refused", c->name, k,
		                     (unsigned long long)v->n,
		                     (unsigned long long)want);
	return KVP_OK;
}

/* swa[] from the pattern key v (NULL: the row's period): one bool per
 * layer, or a period as llama.cpp's set_swa_pattern. */
static enum kvp_status swa_pattern(struct gi *c, const struct kvp_swa_row *row,
                                   const struct kvp_gguf_kv *v, const char *k,
                                   bool *swa)
{
	uint64_t period = row->period;
	uint32_t i;
	enum kvp_status err;

	if (!v && (row->flags & SWA_F_PATTERN_REQ))
		return bad(c, k, "(absent) - llama.cpp requires it for this "
		           "architecture when the window is above 0: refused");
	if (!v && (row->flags & SWA_F_NEED_PATTERN))
		return bad(c, k, "(absent) - llama.cpp then slides no layer yet "
		           "makes a SWA cache, which kvplan does not model: refused");
	if ((row->flags & SWA_F_ARRAY_ONLY) && v && v->type != KVP_GGUF_ARRAY)
		return bad(c, k, "expected one bool per layer, as llama.cpp "
		           "reads it for this architecture");
	if (v && v->type == KVP_GGUF_ARRAY) {
		if ((err = swa_array_len(c, row, v, k)) != KVP_OK)
			return err;
		for (i = 0; i < c->n; i++)
			swa[i] = v->ivals[i] != 0;
		return KVP_OK;
	}
	if (v && get_u(c, "attention.sliding_window_pattern", 0, 1u << 20,
	               &period) < 0)
		return c->err->status;
	for (i = 0; i < c->n; i++)
		swa[i] = period == 0 || (row->flags & SWA_F_DENSE_FIRST ?
		         i % period != 0 : i % period < period - 1);
	return KVP_OK;
}

/* Which layers slide and the window, by the architecture's row of
 * gguf_swa.c: ARCH.attention.sliding_window and
 * ARCH.attention.sliding_window_pattern (a period as llama.cpp's
 * set_swa_pattern, or one bool per layer) as its code reads them. A
 * window key on an architecture without a row is refused. */
static enum kvp_status swa_layers(struct gi *c, bool *swa, uint32_t *window,
                                  enum kvp_layer_kind *kind)
{
	char k[160];
	const struct kvp_swa_row *row = kvp_swa_row_of(c->arch);
	uint64_t w = 0;
	uint32_t i;
	bool any = false;
	int r;

	*kind = KVP_LAYER_SLIDING;
	memset(swa, 0, c->n * sizeof *swa);
	*window = 0;
	if ((r = get_u(c, "attention.sliding_window", 0, 1ull << 32, &w)) < 0)
		return c->err->status;
	if (!row && w)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s.attention."
		       "sliding_window: %llu - kvplan has no row for architecture "
		       "'%s' in its table of llama.cpp's sliding-window rules "
		       "(src/io/gguf/gguf_swa.c), so which layers slide is not "
		       "known: refused; give the layout with --layer", c->name,
		       c->arch, (unsigned long long)w, c->arch);
	if (!row)
		return KVP_OK;
	if (st_swa_rule(c, row, r > 0, &w) != KVP_OK)
		return c->err->status;
	*window = (uint32_t)w;
	if (!w)
		return KVP_OK;
	*kind = row->kind;
	if (swa_pattern(c, row, swa_pattern_key(c, row, k, sizeof k), k, swa))
		return c->err->status;
	for (i = 0; i < c->n; i++)
		any |= swa[i];
	/* swa_type is not NONE here: llama.cpp asserts is_swa_any() making
	 * the SWA pair (llama-model.cpp create_memory) */
	if (!any)
		return bad(c, k, "no layer slides - llama.cpp aborts "
		           "(GGML_ASSERT(hparams.is_swa_any())): refused");
	return KVP_OK;
}

/* Architectures whose recurrent layers the file names by an interval:
 * llama.cpp src/models/qwen3next.cpp, qwen35.cpp, qwen35moe.cpp
 * load_arch_hparams (at node-llama-cpp 3.21.1's build, 80fb11a): unless
 * attention.recurrent_layers is given, layer i < n_layer() is recurrent
 * when (i + 1) % full_attention_interval != 0 (default 4), and
 * llama_model::create_memory's hybrid filters keep K/V for the others
 * and a state for these (MTP layers past n_layer() neither). The
 * converter writes the interval and one head_count_kv for every layer
 * (conversion/qwen.py): model.recur.uniform_kv_heads. */
static const struct {
	const char *arch;
	uint32_t interval;        /* the default */
} interval_rows[] = {
	{ "qwen3next", 4 }, { "qwen35", 4 }, { "qwen35moe", 4 },
};

/* Recurrent layers by interval: their head_count_kv set to 0 here, so
 * layers() keeps the recurrent state there. */
static enum kvp_status interval_layers(struct gi *c, struct kvp_model *m,
                                       uint64_t *hk)
{
	uint64_t every = 0;
	char k[160];
	uint32_t i;
	size_t j;

	for (j = 0; j < sizeof interval_rows / sizeof interval_rows[0]; j++)
		if (!strcmp(interval_rows[j].arch, c->arch))
			break;
	if (j == sizeof interval_rows / sizeof interval_rows[0])
		return KVP_OK;
	if (key(c, "attention.recurrent_layers", k, sizeof k))
		return bad(c, k, "a list of recurrent layers, which kvplan does "
		           "not read (it reads full_attention_interval, what "
		           "convert_hf_to_gguf.py writes): refused");
	every = interval_rows[j].interval;
	if (get_u(c, "full_attention_interval", 1, DIM_MAX, &every) < 0)
		return c->err->status;
	if (c->n < every)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s.full_attention_"
		       "interval: %llu - every one of the %u layers is recurrent; "
		       "llama.cpp's hybrid memory then prints an empty attention "
		       "cache, which kvplan does not model: refused", c->name,
		       c->arch, (unsigned long long)every, c->n);
	for (i = 0; i < c->n; i++)
		if ((i + 1) % every != 0)
			hk[i] = 0;
	m->recur.uniform_kv_heads = true;
	return KVP_OK;
}

/* Architectures whose layers without KV heads are recurrent only where
 * they have no MLP either: llama.cpp src/models/nemotron-h.cpp (and
 * nemotron-h-moe.cpp) is_recr(i) = i < n_layer() && n_head_kv(i) == 0 &&
 * n_ff(i) == 0; create_memory's hybrid filters keep K/V where n_head_kv
 * > 0 and n_ff 0 and a state where both are 0, nothing in an MLP layer
 * (n_ff > 0); a layer with both KV heads and an MLP would keep nothing
 * either, refused. Its attention filter does not stop at n_layer(), so
 * a file with appended MTP blocks is refused (kvplan leaves them out). */
static const char *const ff_rows[] = { "nemotron_h", "nemotron_h_moe" };

static enum kvp_status ff_layers(struct gi *c, const uint64_t *hk,
                                 bool *mlp_only)
{
	static uint64_t ff[KVP_MAX_LAYERS];
	uint64_t nextn = 0;
	uint32_t i;
	size_t j;

	memset(mlp_only, 0, KVP_MAX_LAYERS * sizeof *mlp_only);
	for (j = 0; j < sizeof ff_rows / sizeof ff_rows[0]; j++)
		if (!strcmp(ff_rows[j], c->arch))
			break;
	if (j == sizeof ff_rows / sizeof ff_rows[0])
		return KVP_OK;
	if (get_u(c, "nextn_predict_layers", 0, DIM_MAX, &nextn) < 0)
		return c->err->status;
	if (nextn)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s.nextn_predict_"
		       "layers: %llu - llama.cpp's attention filter for this "
		       "architecture keeps the MTP blocks' K/V too, which kvplan "
		       "does not model: refused", c->name, c->arch,
		       (unsigned long long)nextn);
	memset(ff, 0, sizeof ff);
	if (get_per_layer(c, "feed_forward_length", 0, DIM_MAX, ff) < 0)
		return c->err->status;
	for (i = 0; i < c->n; i++) {
		if (hk[i] > 0 && ff[i] > 0)
			return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: layer %u "
			       "has KV heads and an MLP: llama.cpp's filters keep "
			       "nothing there, which kvplan does not model: refused",
			       c->name, c->arch, i);
		mlp_only[i] = hk[i] == 0 && ff[i] > 0;
	}
	return KVP_OK;
}

/* Bytes of one sequence's recurrent state in a recurrent layer, as
 * llama.cpp's n_embd_r() + n_embd_s() in f32 (llama-hparams.cpp): conv
 * (d_conv - 1) x (d_inner + 2 x groups x d_state), ssm d_state x
 * d_inner; LFM2's short convolution (l_cache - 1) x n_embd. 0 with
 * *found false when the file has no recurrent keys. */
static enum kvp_status recurrent_state(struct gi *c, struct kvp_model *m,
                                       uint64_t *bytes, bool *found)
{
	uint64_t hidden = m->arch.hidden;
	uint64_t conv = 0, inner = 0, state = 0, groups = 0, lcache = 0, vals;
	char k[160];

	*bytes = 0;
	*found = false;
	if (key(c, "wkv.head_size", k, sizeof k))
		return bad(c, k, "RWKV's recurrent state is not modelled by "
		           "kvplan yet - refused rather than counted as 0");
	if (get_u(c, "shortconv.l_cache", 1, DIM_MAX, &lcache) < 0)
		return c->err->status;
	if (lcache) {
		*found = true;
		*bytes = (lcache - 1) * hidden * 4;
		/* R the short convolution's, no S (llama-hparams.cpp n_embd_r) */
		m->recur.conv_values = (lcache - 1) * hidden;
		m->recur.ssm_values = 0;
		return KVP_OK;
	}
	if (get_u(c, "ssm.conv_kernel", 0, DIM_MAX, &conv) < 0 ||
	    get_u(c, "ssm.inner_size", 0, DIM_MAX, &inner) < 0 ||
	    get_u(c, "ssm.state_size", 0, DIM_MAX, &state) < 0 ||
	    get_u(c, "ssm.group_count", 0, DIM_MAX, &groups) < 0)
		return c->err->status;
	if (!inner && !state)
		return KVP_OK;
	if (!inner || !state) {
		snprintf(k, sizeof k, "%s.ssm.%s", c->arch,
		         inner ? "state_size" : "inner_size");
		return bad(c, k, "(absent) - required with the other ssm keys");
	}
	*found = true;
	/* every factor < 2^24: no overflow */
	vals = (conv ? conv - 1 : 0) * (inner + 2 * groups * state) +
	       state * inner;
	*bytes = vals * 4;
	/* R (n_embd_r) and S (n_embd_s) apart, as llama.cpp prints them */
	m->recur.conv_values = (conv ? conv - 1 : 0) * (inner + 2 * groups * state);
	m->recur.ssm_values = state * inner;
	return KVP_OK;
}

static bool reads_mla(const char *arch)
{
	static const char *const archs[] = {
		"deepseek2", "mistral4", "deepseek32", "glm-dsa",
	};
	size_t i;

	for (i = 0; i < sizeof archs / sizeof archs[0]; i++)
		if (!strcmp(arch, archs[i]))
			return true;
	return false;
}

/* MLA ranks and head dims (DeepSeek 2/3, Kimi); llama.cpp keeps the
 * latent (kv_lora_rank + rope) per position. */
static enum kvp_status mla(struct gi *c, struct kvp_model *m, bool *is_mla)
{
	uint64_t kv = 0, q = 0, rope = 0, kl = 0, vl = 0, klm = 0, vlm = 0;

	*is_mla = false;
	if (get_u(c, "attention.kv_lora_rank", 1, DIM_MAX, &kv) < 0)
		return c->err->status;
	if (!kv)
		return KVP_OK;
	if (get_u(c, "attention.q_lora_rank", 1, DIM_MAX, &q) < 0 ||
	    get_u(c, "rope.dimension_count", 1, DIM_MAX, &rope) < 0 ||
	    get_u(c, "attention.key_length", 1, DIM_MAX, &kl) < 0 ||
	    get_u(c, "attention.value_length", 1, DIM_MAX, &vl) < 0 ||
	    get_u(c, "attention.key_length_mla", 1, DIM_MAX, &klm) < 0 ||
	    get_u(c, "attention.value_length_mla", 1, DIM_MAX, &vlm) < 0)
		return c->err->status;
	/* llama.cpp caches the latent only when the architecture reads
	 * key_length_mla and value_length_mla and the file has them
	 * (llama_hparams::is_mla; read by deepseek2, mistral4 - deepseek2's
	 * code -, deepseek32 and glm-dsa among the architectures kvplan
	 * sizes): otherwise every head's K (key_length) and V (value_length),
	 * as make check-live found for minicpm3 and deepseek2-ocr */
	if (!klm || !vlm || !reads_mla(c->arch)) {
		note(c, "%s.attention.kv_lora_rank %llu: llama.cpp caches every "
		        "head's K and V for this file (no key_length_mla, or an "
		        "architecture that does not read it)", c->arch,
		     (unsigned long long)kv);
		return KVP_OK;
	}
	if (klm) {
		kl = klm;
		vl = vlm ? vlm : vl;
	}
	if (!rope || !kl || !vl || kl <= rope)
		return bad(c, "attention.key_length", "MLA needs key_length(_mla) "
		           "> rope.dimension_count and value_length(_mla)");
	m->mla.kv_lora_rank = (uint32_t)kv;
	m->mla.q_lora_rank = (uint32_t)q;
	m->mla.qk_rope_head_dim = (uint32_t)rope;
	m->mla.qk_nope_head_dim = (uint32_t)(kl - rope);
	m->mla.v_head_dim = (uint32_t)vl;
	*is_mla = true;
	return KVP_OK;
}

static enum kvp_status moe(struct gi *c, struct kvp_model *m)
{
	uint64_t x = 0;

	if (get_u(c, "expert_count", 0, 1u << 20, &x) < 0)
		return c->err->status;
	m->arch.n_experts = (uint32_t)x;
	x = 0;
	if (get_u(c, "expert_used_count", 0, 1u << 20, &x) < 0)
		return c->err->status;
	m->arch.n_experts_active = (uint32_t)x;
	x = 0;
	if (get_u(c, "expert_shared_count", 0, 1u << 20, &x) < 0)
		return c->err->status;
	m->arch.n_shared_experts = (uint32_t)x;
	x = 0;
	if (get_u(c, "expert_feed_forward_length", 0, DIM_MAX, &x) < 0)
		return c->err->status;
	m->arch.moe_intermediate = x;
	x = 0;
	if (get_u(c, "leading_dense_block_count", 0, KVP_MAX_LAYERS, &x) < 0)
		return c->err->status;
	m->arch.first_dense_layers = (uint32_t)x;
	x = 1;
	if (get_u(c, "interleave_moe_layer_step", 1, KVP_MAX_LAYERS, &x) < 0)
		return c->err->status;
	m->arch.moe_layer_step = (uint32_t)x;
	return KVP_OK;
}

/* Gemma 3n: the last shared_kv_layers layers (all from layer 20, in its
 * code) reuse a cache before them: layer start - 2's when they slide,
 * start - 1's when full (llama-model.cpp create_memory's reuse). */
static enum kvp_status shared_kv(struct gi *c, struct kvp_layer_spec *L,
                                 const bool *swa)
{
	uint64_t shared = 0;
	uint32_t start, i, j;

	if (get_u(c, "attention.shared_kv_layers", 0, c->n, &shared) < 0)
		return c->err->status;
	/* Gemma 3n: "n_layer_kv_from_start = 20" in its code, whatever the
	 * key (src/models/gemma3n.cpp at v0.4.0) */
	if (!strcmp(c->arch, "gemma3n"))
		shared = c->n > 20 ? c->n - 20 : 0;
	if (!shared)
		return KVP_OK;
	start = c->n - (uint32_t)shared;
	for (i = start; i < c->n; i++) {
		/* llama-model.cpp's reuse callback: a sliding layer takes
		 * layer start - 2's cache, a full one start - 1's, and aborts
		 * when that layer is of the other kind (make check-live) */
		j = start >= 2 ? start - (swa[i] ? 2 : 1) : UINT32_MAX;
		if (j != UINT32_MAX && swa[j] != swa[i])
			return bad(c, "attention.sliding_window_pattern", "the "
			           "shared layers' source is of the other kind - "
			           "llama.cpp aborts (its KV reuse): refused");
		if (j == UINT32_MAX || L[j].kind == KVP_LAYER_NONE)
			return bad(c, "attention.shared_kv_layers", "a shared layer "
			           "has no earlier layer of its kind");
		L[i].kind = KVP_LAYER_SHARED;
		L[i].shared_with = j;
	}
	return KVP_OK;
}

/* Per-layer query and KV head counts into hq[], hk[] (KVP_MAX_LAYERS
 * each; KV heads default to the query heads), the most query heads into
 * *qmax, and the model's q_heads and trained_kv_heads from them. A model
 * of only recurrent layers may have no head count. */
static enum kvp_status head_counts(struct gi *c, struct kvp_model *m,
                                   bool all_recurrent, uint64_t *hq,
                                   uint64_t *hk, uint64_t *qmax)
{
	uint32_t i;
	int r;

	if ((r = get_per_layer(c, "attention.head_count", 0, DIM_MAX, hq)) < 0)
		return c->err->status;
	if (r == 0 && !all_recurrent)
		return bad(c, "attention.head_count", "(absent) - required");
	if (r == 0)
		memset(hq, 0, KVP_MAX_LAYERS * sizeof *hq);
	memcpy(hk, hq, KVP_MAX_LAYERS * sizeof *hk);
	if (get_per_layer(c, "attention.head_count_kv", 0, DIM_MAX, hk) < 0)
		return c->err->status;
	for (i = 0; i < c->n; i++)
		if (hq[i] > *qmax)
			*qmax = hq[i];
	m->q_heads = (uint32_t)(*qmax ? *qmax : 1);
	m->trained_kv_heads = (uint32_t)(hk[0] ? hk[0] : 0);
	return KVP_OK;
}

/* The passes after the first (loops_read): layer i of pass p is
 * layer p x n + i, a copy of layer i (nanbeige.cpp's order, and
 * model.loops': the first n carry the weights). */
static void loop_layers(struct gi *c, struct kvp_model *m,
                        struct kvp_layer_spec *L)
{
	uint32_t p, i;

	if (c->loops <= 1)
		return;
	for (p = 1; p < c->loops; p++)
		for (i = 0; i < c->n; i++)
			L[p * c->n + i] = L[i];
	m->n_layers = c->n * c->loops;
	m->loops = c->loops;
	note(c, "%s.num_loops %u: %u cache layers, pass after pass, over the "
	        "%u blocks' weights (llama.cpp nanbeige.cpp n_layer_all)",
	     c->arch, c->loops, m->n_layers, c->n);
}

static enum kvp_status layers(struct gi *c, struct kvp_model *m)
{
	static uint64_t hq[KVP_MAX_LAYERS], hk[KVP_MAX_LAYERS];
	static bool mlp_only[KVP_MAX_LAYERS];
	struct kvp_layer_spec L[KVP_MAX_LAYERS];
	bool swa[KVP_MAX_LAYERS], is_mla, rec_keys;
	uint64_t kd = 0, vd = 0, kds = 0, vds = 0, state, qmax = 0;
	uint32_t i, window = 0;
	enum kvp_layer_kind swa_kind = KVP_LAYER_SLIDING;
	bool all_recurrent = !strcmp(c->arch, "mamba") ||
	                     !strcmp(c->arch, "mamba2");

	if (head_counts(c, m, all_recurrent, hq, hk, &qmax) ||
	    interval_layers(c, m, hk) || ff_layers(c, hk, mlp_only))
		return c->err->status;
	if (get_u(c, "attention.key_length", 1, DIM_MAX, &kd) < 0 ||
	    get_u(c, "attention.value_length", 1, DIM_MAX, &vd) < 0 ||
	    get_u(c, "attention.key_length_swa", 1, DIM_MAX, &kds) < 0 ||
	    get_u(c, "attention.value_length_swa", 1, DIM_MAX, &vds) < 0)
		return c->err->status;
	if (!kd && qmax)
		kd = m->arch.hidden / qmax;
	if (!vd)
		vd = kd;
	if (!kds)
		kds = kd;
	if (!vds)
		vds = vd;
	if (mla(c, m, &is_mla) || swa_layers(c, swa, &window, &swa_kind) ||
	    recurrent_state(c, m, &state, &rec_keys))
		return c->err->status;
	for (i = 0; i < c->n; i++) {
		struct kvp_layer_spec *l = &L[i];

		memset(l, 0, sizeof *l);
		l->k_fmt = kvp_format_plain(KVP_DT_F16);
		l->v_fmt = kvp_format_plain(KVP_DT_F16);
		l->kv_heads = (uint32_t)(hk[i] ? hk[i] : 1);
		l->k_dim = (uint32_t)(swa[i] ? kds : kd);
		l->v_dim = (uint32_t)(swa[i] ? vds : vd);
		if (all_recurrent || hk[i] == 0) {
			l->kind = mlp_only[i] ? KVP_LAYER_FFN : KVP_LAYER_NONE;
			l->kv_heads = 1;
			l->state_bytes = rec_keys && !mlp_only[i] ? state : 0;
			if (!l->k_dim)
				l->k_dim = l->v_dim = 1;
			continue;
		}
		if (!l->k_dim || !l->v_dim)
			return bad(c, "attention.key_length", "(absent) and no "
			           "head_count to derive it from");
		if (is_mla) {
			l->kind = KVP_LAYER_MLA;
			l->k_dim = m->mla.qk_nope_head_dim + m->mla.qk_rope_head_dim;
			l->v_dim = m->mla.v_head_dim;
		} else if (swa[i]) {
			l->kind = swa_kind;
			l->window = window;
		}
	}
	for (i = 0; i < c->n && !rec_keys; i++)
		if (L[i].kind == KVP_LAYER_NONE) {
			note(c, "layer %u: head_count_kv 0 and no recurrent keys: "
			        "no cache for this layer", i);
			break;
		}
	if (shared_kv(c, L, swa))
		return c->err->status;
	loop_layers(c, m, L);
	return kvp_layer_table_to_rules(m, L, c->name, c->err);
}

/* llama_ftype values (include/llama.h at v0.4.0) that name one ggml type
 * for the matrices, and Q4_K_M; the mixed ones (Q3_K_S, IQ3_M...) keep
 * f16 as the label. The exact bytes come from the tensors whatever the
 * file type. */
static const struct {
	uint64_t ftype;
	enum kvp_wdtype w;
} ftypes[] = {
	{ 0, KVP_W_F32 }, { 1, KVP_W_F16 }, { 2, KVP_W_GGUF_Q4_0 },
	{ 3, KVP_W_GGUF_Q4_1 }, { 7, KVP_W_GGUF_Q8_0 }, { 8, KVP_W_GGUF_Q5_0 },
	{ 9, KVP_W_GGUF_Q5_1 }, { 15, KVP_W_GGUF_Q4_K_M }, { 18, KVP_W_GGUF_Q6_K },
	{ 19, KVP_W_GGUF_IQ2_XXS }, { 20, KVP_W_GGUF_IQ2_XS },
	{ 23, KVP_W_GGUF_IQ3_XXS }, { 24, KVP_W_GGUF_IQ1_S },
	{ 25, KVP_W_GGUF_IQ4_NL }, { 26, KVP_W_GGUF_IQ3_S }, { 28, KVP_W_GGUF_IQ2_S },
	{ 30, KVP_W_GGUF_IQ4_XS }, { 31, KVP_W_GGUF_IQ1_M }, { 32, KVP_W_BF16 },
	{ 36, KVP_W_GGUF_TQ1_0 }, { 37, KVP_W_GGUF_TQ2_0 },
	{ 39, KVP_W_GGUF_NVFP4 }, { 40, KVP_W_GGUF_Q1_0 },
};

static void weight_format(struct gi *c, struct kvp_model *m)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, "general.file_type");
	size_t i;

	m->weights.dtype = KVP_W_F16;
	if (!v || v->type == KVP_GGUF_STRING || v->type == KVP_GGUF_ARRAY)
		return;
	for (i = 0; i < sizeof ftypes / sizeof ftypes[0]; i++)
		if (ftypes[i].ftype == v->u) {
			m->weights.dtype = ftypes[i].w;
			return;
		}
}

/* The reading state: the model being filled and what the tensors tell
 * (vocabulary, tied embeddings). The first split's keys are read before
 * its tensors, so the header is mapped at the first tensor. */
struct tens {
	struct gi *c;
	struct kvp_model *out;
	struct kvp_tensors t;
	uint64_t vocab, hidden;
	uint64_t no_vocab;         /* ARCH.vocab_size of a no_vocab file */
	bool has_output, headed;
	const char *file;
	uint32_t split;                /* the file's place in the set, 0-based */
	struct kvp_name_set names;     /* every file's tensor names so far */
};

/* Architectures that run their blocks ARCH.num_loops times:
 * src/models/nanbeige.cpp @80fb11a load_arch_hparams reads num_loops
 * (1 when absent; GGML_ASSERT(n_loops >= 1) and block_count x num_loops
 * <= LLAMA_MAX_LAYERS, 512), copies each layer's heads and sliding flag
 * num_loops - 1 times over (layer i of loop j at i + j x block_count)
 * and sets n_layer_all to block_count x num_loops "before
 * load_tensors() allocates layers / KV": that many cache layers over
 * one set of weights, kvplan's model.loops (layers() copies them). */
static const char *const looped_archs[] = { "nanbeige" };

static enum kvp_status loops_read(struct gi *c)
{
	char k[160];
	uint64_t loops = 1;
	size_t i;
	int r;

	c->loops = 1;
	for (i = 0; i < sizeof looped_archs / sizeof looped_archs[0]; i++) {
		if (strcmp(looped_archs[i], c->arch))
			continue;
		if ((r = get_u(c, "num_loops", 0, 1ull << 32, &loops)) < 0)
			return c->err->status;
		snprintf(k, sizeof k, "%s.num_loops", c->arch);
		if (r > 0 && (loops == 0 || loops * c->n > KVP_MAX_LAYERS))
			return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %llu - "
			       "llama.cpp asserts num_loops >= 1 and block_count x "
			       "num_loops <= 512 (nanbeige.cpp): refused", c->name,
			       k, (unsigned long long)loops);
		c->loops = (uint32_t)loops;
	}
	return KVP_OK;
}

static enum kvp_status header(struct gi *c, struct kvp_model *m);

/* A tensor in one file of the set only: llama-model-loader.cpp keeps
 * one weights_map over all splits and throws "invalid model: tensor
 * '%s' is duplicated" (gguf.c refuses a repeat inside one file). */
static enum kvp_status once_in_set(struct tens *x, const char *name,
                                   struct kvp_error *err)
{
	uint64_t first = 0;
	int dup = kvp_name_set_add(&x->names, name, x->split, &first);

	if (dup < 0)
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", x->file);
	if (dup > 0)
		return kvp_error_set(err, KVP_EINVAL, "%s: invalid model: tensor "
		       "'%s' is duplicated (split %llu of the set holds it too) - "
		       "llama.cpp refuses the model", x->file, name,
		       (unsigned long long)first + 1);
	return KVP_OK;
}

static enum kvp_status on_tensor(void *ctx, const struct kvp_gguf_tensor *t,
                                 struct kvp_error *err)
{
	struct tens *x = ctx;
	enum kvp_status st;

	if (!x->headed) {
		x->headed = true;
		if ((st = header(x->c, x->out)) != KVP_OK)
			return st;
	}
	if (!strcmp(t->name, "token_embd.weight") && t->n_dims >= 2) {
		x->hidden = t->ne[0];
		x->vocab = t->ne[1];
	}
	if (!strcmp(t->name, "output.weight"))
		x->has_output = true;
	if ((st = once_in_set(x, t->name, err)) != KVP_OK)
		return st;
	return kvp_tensors_add(&x->t, x->file, t->name, KVP_TN_GGUF, x->c->n,
	                       t->bytes, t->elements, err);
}

/* The vocabulary of a file without a tokenizer list: llama-vocab.cpp
 * load (pinned build 80fb11a) gives a "no_vocab" (or "none") tokenizer
 * ARCH.vocab_size dummy tokens, and its output buffer holds as many
 * logits a row. 0 when the file has a real tokenizer or no such key
 * (the token_embd tensor says then). */
static uint64_t no_vocab_size(struct gi *c)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, "tokenizer.ggml.model");
	uint64_t n = 0;

	if (!v || v->type != KVP_GGUF_STRING ||
	    (strcmp(v->str, "no_vocab") && strcmp(v->str, "none")))
		return 0;
	if (get_u(c, "vocab_size", 0, 1ull << 32, &n) < 0)
		return 0;
	return n;
}

/* Header keys: architecture, layers, sizes. */
static enum kvp_status header(struct gi *c, struct kvp_model *m)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, "general.architecture");
	uint64_t n = 0, nextn = 0, x = 0;

	if (!v || v->type != KVP_GGUF_STRING || !v->str[0] || v->str_cut)
		return bad(c, "general.architecture", "(absent or not a short "
		           "string) - required");
	if (strlen(v->str) >= sizeof m->model_type)
		return bad(c, "general.architecture", "longer than 47 characters");
	snprintf(c->arch, sizeof c->arch, "%.47s", v->str);
	snprintf(m->model_type, sizeof m->model_type, "%.47s", v->str);
	if (!strcmp(v->str, "clip"))
		/* convert_hf_to_gguf.py's mmproj files: an encoder and its
		 * projector, beside a decoder file */
		return bad(c, "general.architecture", "'clip' - a multimodal "
		           "projector (mmproj) file: give it with --mmproj, and "
		           "the decoder's file as the model");
	if (arch_refused(c))
		return c->err->status;
	if (get_u(c, "block_count", 1, KVP_MAX_LAYERS, &n) <= 0)
		return c->err->status ? c->err->status
		       : bad(c, "block_count", "(absent) - required");
	if (get_u(c, "nextn_predict_layers", 0, n - 1, &nextn) < 0)
		return c->err->status;
	if (nextn)
		note(c, "%s.nextn_predict_layers %llu: the last %llu blocks are "
		        "multi-token prediction (weights counted; no cache under "
		        "llama.cpp, model.arch.mtp_layers for vLLM's)",
		     c->arch, (unsigned long long)nextn,
		     (unsigned long long)nextn);
	c->n = (uint32_t)(n - nextn);
	c->nextn = (uint32_t)nextn;
	m->arch.mtp_layers = (uint32_t)nextn;
	m->n_layers = c->n;
	if (loops_read(c))
		return c->err->status;
	if (get_u(c, "embedding_length", 1, DIM_MAX, &x) <= 0)
		return c->err->status ? c->err->status
		       : bad(c, "embedding_length", "(absent) - required");
	m->arch.hidden = x;
	x = 0;
	if (get_u(c, "context_length", 0, 1ull << 40, &x) < 0)
		return c->err->status;
	m->arch.max_positions = x;
	if (x)
		note(c, "n_ctx_train %llu (%s.context_length): llama.cpp's -c 0 "
		        "uses it", (unsigned long long)x, c->arch);
	x = 0;
	{
		static uint64_t ff[KVP_MAX_LAYERS];
		uint32_t i;
		if (get_per_layer(c, "feed_forward_length", 0, DIM_MAX, ff) < 0)
			return c->err->status;
		for (i = 0; i < c->n; i++)
			if (ff[i] > x)
				x = ff[i];
		memset(ff, 0, sizeof ff);
	}
	m->arch.intermediate = x;
	m->arch.gated_mlp = true;
	return KVP_OK;
}

static void identity(struct gi *c, struct kvp_model *m, const char *path)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, "general.name");
	const char *base = strrchr(path, '/');

	if (v && v->type == KVP_GGUF_STRING && v->str[0])
		snprintf(m->id, sizeof m->id, "%.127s", v->str);
	else
		snprintf(m->id, sizeof m->id, "%.127s", base ? base + 1 : path);
}

/* One file of the set (s 0: the metadata too), from path or memory. */
static enum kvp_status import_one(struct tens *x, uint32_t s,
                                  const struct kvp_gguf_split *sp,
                                  const char *file, const void *data,
                                  size_t len)
{
	struct gi *c = x->c;
	struct kvp_gguf *g = c->g;
	enum kvp_status st;

	c->name = file;
	x->file = file;
	x->split = s;
	x->headed = s > 0;
	if (data)
		st = kvp_gguf_read_mem(data, len, file, g, on_tensor, x, c->err);
	else
		st = kvp_gguf_read_path(file, g, on_tensor, x, c->err);
	if (st == KVP_OK)
		st = kvp_gguf_split_check(sp, s, g, file, c->err);
	if (st == KVP_OK && !x->headed)
		st = header(c, x->out);
	if (st == KVP_OK && s == 0) {
		identity(c, x->out, file);
		x->no_vocab = no_vocab_size(c);
		if (!(st = layers(c, x->out)) && !(st = moe(c, x->out)))
			weight_format(c, x->out);
	}
	kvp_gguf_free(g);
	return st;
}

/* The model from what the tensors told, checked against the header. */
static enum kvp_status finish(struct tens *x, uint32_t files, const char *path)
{
	struct kvp_model *out = x->out;

	out->arch.vocab = x->no_vocab ? x->no_vocab : x->vocab;
	out->arch.tie_embeddings = !x->has_output;
	out->kv_fmt_defaulted = true;
	out->tensors = x->t;
	out->tensors.source = KVP_WSRC_GGUF;
	out->tensors.files = files;
	if (x->hidden && x->hidden != out->arch.hidden)
		return kvp_error_set(x->c->err, KVP_EINVAL, "%s: token_embd.weight:"
		       " %llu wide - %s.embedding_length says %llu", path,
		       (unsigned long long)x->hidden, x->c->arch,
		       (unsigned long long)out->arch.hidden);
	return KVP_OK;
}

/* path or (data, len): the set of files, or one image in memory. */
static enum kvp_status import_any(const char *path, const void *data,
                                  size_t len, struct kvp_model *m,
                                  struct kvp_notes *notes,
                                  struct kvp_error *err)
{
	struct kvp_gguf_split sp;
	struct kvp_gguf g;
	struct gi c;
	struct tens *x;
	struct kvp_model *out;
	enum kvp_status st = KVP_OK;
	uint32_t s;

	kvp_error_clear(err);
	if (notes)
		notes->n = 0;
	memset(&sp, 0, sizeof sp);
	sp.count = 1;
	snprintf(sp.prefix, sizeof sp.prefix, "%s", path);
	if (!data && (st = kvp_gguf_split_find(path, &sp, err)) != KVP_OK)
		return st;
	x = calloc(1, sizeof *x);
	out = calloc(1, sizeof *out);
	if (!x || !out) {
		free(x);
		free(out);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
	}
	memset(&c, 0, sizeof c);
	c.notes = notes;
	c.err = err;
	c.g = &g;
	x->c = &c;
	x->out = out;
	for (s = 0; s < sp.count && st == KVP_OK; s++) {
		char file[4096];

		kvp_gguf_split_name(&sp, s, file, sizeof file);
		st = import_one(x, s, &sp, file, data, len);
	}
	if (st == KVP_OK)
		st = finish(x, sp.count, path);
	if (st == KVP_OK) {
		snprintf(out->source, sizeof out->source, "%.255s", path);
		*m = *out;
	}
	kvp_name_set_free(&x->names);
	free(x);
	free(out);
	return st;
}

enum kvp_status kvp_gguf_import_path(const char *path, struct kvp_model *m,
                                     struct kvp_notes *notes,
                                     struct kvp_error *err)
{
	return import_any(path, NULL, 0, m, notes, err);
}

enum kvp_status kvp_gguf_import_mem(const void *data, size_t len,
                                    const char *name, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err)
{
	return import_any(name, data ? data : "", len, m, notes, err);
}

bool kvp_is_gguf_name(const char *path)
{
	size_t l = strlen(path);

	return l > 5 && !strcmp(path + l - 5, ".gguf");
}
