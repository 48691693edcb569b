/*
 * tensor_group.c - tensor names to groups (tensor_group.h).
 *
 * Tables, first match wins. GGUF names are llama.cpp's LLM_TENSOR_NAMES
 * (src/llama-arch.cpp): token_embd, output, output_norm, blk.N.attn_*,
 * blk.N.ffn_*, blk.N.ssm_*, blk.N.nextn.* (MTP), v.* / mm.* / a.* in
 * multimodal projector files. Hugging Face names are transformers'
 * module paths: model.embed_tokens, model.layers.N.self_attn / .mlp /
 * .input_layernorm, model.norm, lm_head, vision_tower, audio_tower,
 * multi_modal_projector, mtp. A name no row matches is "other".
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "io/tensor_group.h"
#include "kvplan/checked.h"

struct row {
	const char *text;
	bool prefix;             /* name starts with text (else contains) */
	enum kvp_tgroup group;
};

/* Outside the layers. */
static const struct row gguf_top[] = {
	{ "token_embd_norm", true, KVP_TG_NORM },
	{ "token_embd.", true, KVP_TG_EMBED },
	{ "position_embd.", true, KVP_TG_EMBED },
	{ "token_types.", true, KVP_TG_EMBED },
	{ "output_norm", true, KVP_TG_NORM },
	{ "output.", true, KVP_TG_LM_HEAD },
	{ "v.", true, KVP_TG_TOWER },    /* clip vision encoder */
	{ "a.", true, KVP_TG_TOWER },    /* clip audio encoder */
	{ "mm.", true, KVP_TG_TOWER },   /* multimodal projector */
	{ "enc.", true, KVP_TG_TOWER },  /* T5-style encoder */
};

/* Inside blk.N. (after the layer prefix). */
static const struct row gguf_layer[] = {
	{ "nextn.", true, KVP_TG_MTP },
	{ "norm", false, KVP_TG_NORM },
	{ "attn_", true, KVP_TG_ATTN },
	{ "ssm_", true, KVP_TG_ATTN },
	{ "time_mix_", true, KVP_TG_ATTN },
	{ "channel_mix_", true, KVP_TG_MLP },
	{ "ffn_", true, KVP_TG_MLP },
	{ "exp_probs", true, KVP_TG_MLP },
	{ "shortconv", true, KVP_TG_ATTN },
};

/* Anywhere in a Hugging Face name, before the layer is looked at. */
static const struct row hf_top[] = {
	{ "vision_tower", false, KVP_TG_TOWER },
	{ "vision_model", false, KVP_TG_TOWER },
	{ "visual.", false, KVP_TG_TOWER },
	{ "vision_encoder", false, KVP_TG_TOWER },
	{ "audio_tower", false, KVP_TG_TOWER },
	{ "audio_model", false, KVP_TG_TOWER },
	{ "audio_encoder", false, KVP_TG_TOWER },
	{ "multi_modal_projector", false, KVP_TG_TOWER },
	{ "mm_projector", false, KVP_TG_TOWER },
	{ "embed_vision", false, KVP_TG_TOWER },
	{ "embed_audio", false, KVP_TG_TOWER },
	{ "mtp", false, KVP_TG_MTP },
	{ "lm_head", false, KVP_TG_LM_HEAD },
	{ "embed_tokens", false, KVP_TG_EMBED },
	{ "word_embeddings", false, KVP_TG_EMBED },
	{ "embed_positions", false, KVP_TG_EMBED },
	{ "wte.", false, KVP_TG_EMBED },
	{ "wpe.", false, KVP_TG_EMBED },
};

/* Inside model.layers.N. */
static const struct row hf_layer[] = {
	{ "norm", false, KVP_TG_NORM },
	{ "ln_", false, KVP_TG_NORM },
	{ "self_attn", false, KVP_TG_ATTN },
	{ "linear_attn", false, KVP_TG_ATTN },
	{ "attention", false, KVP_TG_ATTN },
	{ "attn", false, KVP_TG_ATTN },
	{ "mixer", false, KVP_TG_ATTN },
	{ "mamba", false, KVP_TG_ATTN },
	{ "conv", false, KVP_TG_ATTN },
	{ "mlp", false, KVP_TG_MLP },
	{ "experts", false, KVP_TG_MLP },
	{ "feed_forward", false, KVP_TG_MLP },
	{ "block_sparse_moe", false, KVP_TG_MLP },
	{ "moe", false, KVP_TG_MLP },
};

/* After the layers, in a Hugging Face name: the final norm. */
static const struct row hf_tail[] = {
	{ "norm", false, KVP_TG_NORM },
	{ "ln_f", false, KVP_TG_NORM },
};

static bool match(const struct row *t, size_t n, const char *s,
                  enum kvp_tgroup *g)
{
	size_t i;

	for (i = 0; i < n; i++) {
		bool hit = t[i].prefix ? !strncmp(s, t[i].text, strlen(t[i].text))
		                       : strstr(s, t[i].text) != NULL;
		if (hit) {
			*g = t[i].group;
			return true;
		}
	}
	return false;
}

#define MATCH(t, s, g) match(t, sizeof t / sizeof t[0], s, g)

/* Digits at s, then '.': the layer number, *rest after the dot. -1 when
 * not a number (or absurdly long). */
static int64_t number(const char *s, const char **rest)
{
	int64_t v = 0;
	int n = 0;

	while (s[n] >= '0' && s[n] <= '9' && n < 12)
		v = v * 10 + (s[n++] - '0');
	if (n == 0 || s[n] != '.')
		return -1;
	*rest = s + n + 1;
	return v;
}

/* The layer number after ".layers.", ".h.", ".blocks." or a leading
 * "layers."; -1 when none. */
static int64_t hf_layer_of(const char *name, const char **rest)
{
	static const char *const keys[] = { "layers.", "h.", "blocks." };
	size_t k;

	for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		const char *p = name;
		size_t l = strlen(keys[k]);

		while ((p = strstr(p, keys[k])) != NULL) {
			if (p == name || p[-1] == '.') {
				int64_t v = number(p + l, rest);
				if (v >= 0)
					return v;
			}
			p += l;
		}
	}
	return -1;
}

static void classify_gguf(const char *name, uint32_t n_layers,
                          struct kvp_tclass *out)
{
	const char *rest;

	if (!strncmp(name, "blk.", 4) &&
	    (out->layer = number(name + 4, &rest)) >= 0) {
		if (n_layers && out->layer >= n_layers)
			out->group = KVP_TG_MTP;
		else if (!MATCH(gguf_layer, rest, &out->group))
			out->group = KVP_TG_OTHER;
		return;
	}
	out->layer = -1;
	if (!MATCH(gguf_top, name, &out->group))
		out->group = KVP_TG_OTHER;
}

static void classify_hf(const char *name, uint32_t n_layers,
                        struct kvp_tclass *out)
{
	const char *rest = name;

	out->layer = -1;
	if (MATCH(hf_top, name, &out->group)) {
		/* a decoder layer past the model's is an MTP layer, even
		 * where a word of it reads otherwise: DeepSeek-V3's
		 * model.layers.61.embed_tokens.weight is the MTP module's
		 * own embedding, not the model's (towers have layers of
		 * their own and keep their group) */
		int64_t l = hf_layer_of(name, &rest);

		if (out->group != KVP_TG_TOWER && n_layers && l >= n_layers)
			out->group = KVP_TG_MTP;
		return;
	}
	out->layer = hf_layer_of(name, &rest);
	if (out->layer >= 0) {
		if (n_layers && out->layer >= n_layers)
			out->group = KVP_TG_MTP;
		else if (!MATCH(hf_layer, rest, &out->group))
			out->group = KVP_TG_OTHER;
		return;
	}
	if (!MATCH(hf_tail, name, &out->group))
		out->group = KVP_TG_OTHER;
}

void kvp_tensor_classify(const char *name, enum kvp_tnaming naming,
                         uint32_t n_layers, struct kvp_tclass *out)
{
	if (naming == KVP_TN_GGUF)
		classify_gguf(name, n_layers, out);
	else
		classify_hf(name, n_layers, out);
	/* MTP and tower tensors are not decoder layers */
	if (out->group == KVP_TG_MTP || out->group == KVP_TG_TOWER)
		out->layer = -1;
}

enum kvp_status kvp_tensors_add(struct kvp_tensors *t, const char *file,
                                const char *name, enum kvp_tnaming naming,
                                uint32_t n_layers, uint64_t bytes,
                                uint64_t elements, struct kvp_error *err)
{
	struct kvp_tclass c;
	bool ok;

	kvp_tensor_classify(name, naming, n_layers, &c);
	if (c.layer >= KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_ERANGE, "%s: tensor %s: layer %lld "
		                     "- kvplan holds at most %d layers", file, name,
		                     (long long)c.layer, KVP_MAX_LAYERS);
	ok = kvp_add(t->bytes[c.group], bytes, &t->bytes[c.group]) &&
	     kvp_add(t->params, elements, &t->params) &&
	     kvp_add(t->count, 1, &t->count);
	if (ok && c.group == KVP_TG_MTP && (strstr(name, "embed_tokens") ||
	    strstr(name, "shared_head.head") || strstr(name, "shared_head_head")))
		ok = kvp_add(t->mtp_shared, bytes, &t->mtp_shared);
	if (ok && c.layer >= 0 && c.group == KVP_TG_NORM)
		ok = kvp_add(t->layer_norm[c.layer], bytes, &t->layer_norm[c.layer]);
	else if (ok && c.layer >= 0) {
		ok = kvp_add(t->layer[c.layer], bytes, &t->layer[c.layer]);
		if (ok && c.group == KVP_TG_OTHER)
			ok = kvp_add(t->layer_other, bytes, &t->layer_other);
	}
	if (!ok)
		return kvp_error_set(err, KVP_EOVERFLOW, "%s: tensor %s: %llu "
		                     "bytes - the sum overflows 64 bits", file, name,
		                     (unsigned long long)bytes);
	return KVP_OK;
}

bool kvp_tensors_total(const struct kvp_tensors *t, uint64_t *out)
{
	uint64_t s = 0;
	int g;

	for (g = 0; g < KVP_TG_COUNT; g++)
		if (!kvp_add(s, t->bytes[g], &s))
			return false;
	*out = s;
	return true;
}
