/*
 * hf_fam_heads.c - the families whose engines do not take head_dim or the
 * KV heads from the generic keys (issue 35h, an audit of the family table
 * against vLLM's model files and llama.cpp's converters). Two tables:
 *
 * head_rows[]: vLLM builds the attention of hidden_size / heads whatever
 * head_dim (kv_channels, attention_head_dim) the config states. Where
 * llama.cpp's converter ignores it too (its set_gguf_parameters does not
 * call TextModel's, which writes head_dim as key_length), a head_dim that
 * differs is noted and hidden / heads sized; where llama.cpp writes it,
 * the engines disagree and a head_dim that differs is refused naming it.
 *
 * kv_rows[]: the KV head count a family's attention builds from a switch
 * of its own (vLLM's model file), with the config class's default when
 * the switch is absent; a KV key the engine does not read but another
 * engine's converter does is refused when it differs.
 */
#include <stdio.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

struct head_row {
	const char *model_type;
	bool llamacpp_too;   /* llama.cpp sizes hidden / heads as well */
	const char *source;
};

#define VLLM_HD "head_dim = hidden_size // num_heads"
static const struct head_row head_rows[] = {
	{ "gpt_neox", true, "vLLM gpt_neox.py @642d31b8 GPTNeoXAttention ("
	  VLLM_HD "); llama.cpp conversion/gpt_neox.py @7bca1fd9 (no key_length)" },
	{ "bloom", true, "vLLM bloom.py @4c2a75a9 BloomAttention (" VLLM_HD
	  "); llama.cpp conversion/bloom.py @2bbcf7fc (no key_length)" },
	{ "falcon", true, "vLLM falcon.py @7477b4f8 FalconAttention (" VLLM_HD
	  "); llama.cpp conversion/falcon.py @5535795b (no key_length)" },
	{ "RefinedWeb", true, "vLLM falcon.py @7477b4f8; llama.cpp "
	  "conversion/falcon.py @5535795b" },
	{ "RefinedWebModel", true, "vLLM falcon.py @7477b4f8; llama.cpp "
	  "conversion/falcon.py @5535795b" },
	{ "phi", true, "vLLM phi.py @4652ef5d PhiAttention (head_size = "
	  "hidden_size // num_attention_heads); llama.cpp conversion/phi.py "
	  "@051139f5 Phi2Model (no key_length)" },
	{ "phi4flash", true, "vLLM phi4flash.py @03356f8c SambaYAttention ("
	  VLLM_HD "); remote modeling_phi4flash.py SambaYCache (head_dim = "
	  "hidden_size // num_attention_heads); no llama.cpp converter" },
	{ "baichuan", true, "vLLM baichuan.py @6b065994 BaiChuanAttention ("
	  VLLM_HD "); llama.cpp conversion/baichuan.py @7bca1fd9 (no "
	  "key_length)" },
	{ "gpt2", true, "vLLM gpt2.py @01768942 GPT2Attention (" VLLM_HD
	  "); llama.cpp conversion/gpt2.py @5535795b (no key_length)" },
	{ "gpt_bigcode", true, "vLLM gpt_bigcode.py @002800f0 "
	  "GPTBigCodeAttention (" VLLM_HD "); llama.cpp StarCoderModel "
	  "(no key_length)" },
	{ "chatglm", true, "vLLM chatglm.py @028aedf6 GLMAttention (" VLLM_HD
	  ", kv_channels unread); llama.cpp conversion/chatglm.py @32e9e044 "
	  "(no key_length)" },
	{ "internlm2", false, "vLLM internlm2.py @8c232ba6 InternLM2Attention ("
	  VLLM_HD "); llama.cpp conversion/internlm.py InternLM2Model keeps "
	  "TextModel.set_gguf_parameters (head_dim -> key_length)" },
	{ "starcoder2", false, "vLLM starcoder2.py @03f03ff6 Starcoder2Attention"
	  " (" VLLM_HD "); llama.cpp TextModel.set_gguf_parameters (head_dim "
	  "-> key_length)" },
	{ "stablelm", false, "vLLM stablelm.py @0531c222 StablelmAttention ("
	  VLLM_HD "); llama.cpp TextModel.set_gguf_parameters" },
	{ "stablelm_epoch", false, "vLLM stablelm.py @0531c222; llama.cpp "
	  "TextModel.set_gguf_parameters" },
	{ "cohere", false, "vLLM commandr.py @00db0119 CohereAttention ("
	  VLLM_HD "); llama.cpp TextModel.set_gguf_parameters" },
	{ "olmo2", false, "vLLM olmo2.py @028aedf6 Olmo2Attention (" VLLM_HD
	  ", Olmo2Config and Olmo3Config); llama.cpp "
	  "TextModel.set_gguf_parameters" },
	{ "olmo3", false, "vLLM olmo2.py @028aedf6 Olmo2Attention (" VLLM_HD
	  "); llama.cpp TextModel.set_gguf_parameters" },
	{ "jamba", false, "vLLM jamba.py @002b4cf8 JambaAttentionDecoderLayer ("
	  VLLM_HD "); llama.cpp TextModel.set_gguf_parameters" },
	{ "qwen", false, "vLLM qwen.py @002800f0 QWenAttention (" VLLM_HD
	  ", kv_channels unread); llama.cpp not read" },
	/* looped families (hf_loops.c): vLLM alone sizes them; a head_dim
	 * that differs is refused (the makers' code was not read) */
	{ "ouro", false, "vLLM ouro.py @17122791 OuroAttention (head_dim = "
	  "hidden_size // total_num_heads); no llama.cpp architecture" },
	{ "iquestloopcoder", false, "vLLM iquest_loopcoder.py @045d7575 "
	  "LoopCoderAttention (head_dim = hidden_size // total_num_heads); "
	  "no llama.cpp architecture" },
};
#undef VLLM_HD

static const char *const hd_keys[] = {
	"head_dim", "kv_channels", "attention_head_dim", NULL };

/* 1: the family's rule set *hd; 0: not a row; -1: refused (err set). */
int hf_head_dim_rule(struct cfg *c, const struct kvp_model *m, uint64_t *hd)
{
	const struct head_row *h = NULL;
	const char *which = NULL;
	char path[96], why[512];
	uint64_t said = 0;
	size_t i;
	int r;

	for (i = 0; c->fam && i < sizeof head_rows / sizeof head_rows[0]; i++)
		if (!strcmp(head_rows[i].model_type, c->fam->model_type))
			h = &head_rows[i];
	if (!h)
		return 0;
	*hd = m->arch.hidden / m->q_heads;
	if (*hd == 0 || m->arch.hidden % m->q_heads) {
		hf_bad(c, "hidden_size", NULL, "not a multiple of "
		       "num_attention_heads (the family's head_dim is their "
		       "quotient)");
		return -1;
	}
	if ((r = hf_uint_any(c, hd_keys, 1, DIM_MAX, &said, &which)) < 0)
		return -1;
	for (i = 0; hd_keys[i]; i++)
		hf_superseded(c, hd_keys[i]);
	if (r == 0 || said == *hd)
		return 1;
	if (h->llamacpp_too) {
		hf_note(c, "%s %llu not read: the engines size hidden_size / "
		        "heads = %llu (%s)", which, (unsigned long long)said,
		        (unsigned long long)*hd, h->source);
		return 1;
	}
	snprintf(why, sizeof why, "differs from hidden_size / heads = %llu, "
	         "which vLLM sizes while llama.cpp writes it: the engines "
	         "disagree (%.300s)", (unsigned long long)*hd, h->source);
	hf_bad(c, path, hf_get(c, which, path, sizeof path), why);
	return -1;
}

/* KV heads from a family switch: `key` on -> count_key (absent:
 * refused; NULL: one head), off -> the query heads. other_key:
 * a KV key vLLM does not read, refused when it differs. */
struct kv_row {
	const char *model_type;
	const char *key;          /* NULL: always off (MHA) */
	bool dflt;                /* the switch when absent */
	const char *count_key;    /* NULL: one KV head when on */
	const char *other_key;
	const char *source;
};

static const struct kv_row kv_rows[] = {
	{ "gpt_bigcode", "multi_query", true, NULL, "num_key_value_heads",
	  "vLLM gpt_bigcode.py @002800f0 GPTBigCodeAttention (multi_query: one "
	  "KV head, else num_heads); transformers configuration_gpt_bigcode.py "
	  "@05ff2e98 (multi_query=True; num_key_value_heads = 1 if multi_query "
	  "else n_head); llama.cpp StarCoderModel add_head_count_kv(1)" },
	{ "chatglm", "multi_query_attention", false, "multi_query_group_num",
	  "num_key_value_heads", "vLLM chatglm.py @028aedf6 GLMAttention "
	  "(multi_query_group_num if multi_query_attention else "
	  "num_attention_heads); ChatGLMConfig (THUDM configuration_chatglm.py, "
	  "vLLM transformers_utils/configs/chatglm.py: multi_query_attention="
	  "False, multi_query_group_num=1)" },
	{ "baichuan", NULL, false, NULL, "num_key_value_heads",
	  "vLLM baichuan.py @6b065994 BaiChuanAttention (W_pack of "
	  "total_num_heads K and V heads, no KV key read); llama.cpp "
	  "conversion/baichuan.py @7bca1fd9 reads num_key_value_heads" },
};

static int kv_other(struct cfg *c, const struct kv_row *k, const char *key,
                    uint64_t kv)
{
	char path[96], why[512];
	const cJSON *v = hf_get(c, key, path, sizeof path);
	uint64_t x = 0;

	if (!v)
		return 0;
	if (hf_uint_at(c, v, path, 1, DIM_MAX, &x) < 0)
		return -1;
	if (x == kv)
		return 0;
	snprintf(why, sizeof why, "differs from the %llu KV heads the "
	         "family's attention builds from its own keys (%.300s)",
	         (unsigned long long)kv, k->source);
	hf_bad(c, path, v, why);
	return -1;
}

/* 1: the family's rule set the KV heads; 0: not a row; -1: error. */
int hf_kv_heads_rule(struct cfg *c, struct kvp_model *m)
{
	const struct kv_row *k = NULL;
	bool on = false;
	uint64_t kv;
	size_t i;
	int had = 0, r;

	for (i = 0; c->fam && i < sizeof kv_rows / sizeof kv_rows[0]; i++)
		if (!strcmp(kv_rows[i].model_type, c->fam->model_type))
			k = &kv_rows[i];
	if (!k)
		return 0;
	if (k->key && (had = hf_bool(c, k->key, &on)) < 0)
		return -1;
	if (k->key && had == 0)
		on = k->dflt;
	kv = on ? 1 : m->q_heads;
	if (on && k->count_key) {
		if ((r = hf_uint(c, k->count_key, 1, m->q_heads, &kv)) < 0)
			return -1;
		if (r == 0) {
			hf_bad(c, k->count_key, NULL, "required when the switch "
			       "is on: vLLM's config default (1) and llama.cpp's "
			       "(the heads) disagree");
			return -1;
		}
	}
	if (kv == 0 || m->q_heads % kv) {
		hf_bad(c, k->count_key ? k->count_key : "num_attention_heads",
		       NULL, "not a multiple of the KV heads");
		return -1;
	}
	/* off: a count llama.cpp would read is refused when it differs */
	if ((k->other_key && kv_other(c, k, k->other_key, kv) < 0) ||
	    (!on && k->count_key && kv_other(c, k, k->count_key, kv) < 0))
		return -1;
	if (k->key && had == 0)
		hf_note(c, "%s absent: %s, %llu KV heads (%s)", k->key,
		        k->dflt ? "true" : "false", (unsigned long long)kv,
		        k->source);
	m->base.kv_heads = m->trained_kv_heads = (uint32_t)kv;
	return 1;
}

/* A family whose engine sizes heads of hidden_size / heads while the
 * layout keeps another head_dim: refused naming head_dim and `engine`
 * (the engine file that builds it). */
enum kvp_status hf_head_dim_hidden(struct cfg *c, const struct kvp_model *m,
                                   const char *engine)
{
	char path[96], why[160];

	if (!m->q_heads || m->arch.hidden % m->q_heads != 0 ||
	    m->base.k_dim == m->arch.hidden / m->q_heads)
		return KVP_OK;
	snprintf(why, sizeof why, "%s sizes heads of hidden_size / "
	         "num_attention_heads; another refused", engine);
	return hf_bad(c, "head_dim", hf_get(c, "head_dim", path, sizeof path),
	              why);
}
