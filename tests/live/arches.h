/*
 * arches.h - the architectures `make check-live` builds in llama.cpp, and
 * the GGUF keys of each: a row per architecture with the shape of its
 * layers as its load_arch_hparams (src/models/<arch>.cpp at the pinned
 * build) reads them, and one writer that draws the sizes at random.
 * Test code only (tests/live/live.c).
 */
#ifndef KVPLAN_TEST_LIVE_ARCHES_H
#define KVPLAN_TEST_LIVE_ARCHES_H

#include <stdint.h>
#include <stdio.h>

enum {
	A_MOE = 1,        /* expert keys (llama.cpp requires them) */
	/* 2: free (was A_SWA; every architecture draws window keys now) */
	A_MLA = 4,        /* DeepSeek's latent keys */
	A_SSM = 8,        /* ssm.* keys (Mamba) */
	A_SSM_ALL = 16,   /* every layer recurrent (mamba, mamba2) */
	A_KV0 = 32,       /* recurrent where head_count_kv[i] is 0 */
	A_FF0 = 64,       /* Nemotron-H: recurrent where head_kv and ff are 0 */
	A_INTERVAL = 128, /* full_attention_interval (Qwen3-Next) */
	A_SHORTCONV = 256,/* shortconv.l_cache (LFM2) */
	A_GROUPS = 512,   /* ssm.group_count (Mamba-2 kinds) */
	A_SHARED = 1024,  /* expert_shared_count required */
	A_STEP = 2048,    /* interleave_moe_layer_step required */
	A_SWA_REQ = 4096, /* attention.sliding_window required */
	A_SWA_PAT = 8192, /* the pattern key always (a period or bools) */
	A_SWA_ARR = 16384,/* the pattern key always, a bool per layer */
	A_DEEP = 32768,   /* 21 to 24 layers (Gemma 3n shares KV from 20) */
	A_LOOPS = 65536   /* num_loops drawn: none, 1, 2 or 3 (Nanbeige) */
};

struct arch {
	const char *name;
	unsigned flags;
};

/* what the context parameters depend on */
struct hp {
	uint32_t window;
	int recurrent;
};

#define ARCH_MAX 160

/* Every architecture kvplan's GGUF import accepts has a row (and a row
 * of src/io/gguf/gguf_swa.c), and a few it refuses by name. deepseek2,
 * mamba, mamba2, lfm2, plamo2, jamba and granitehybrid, once left out
 * here as wrong (issue 37), run: 0 wrong of 46 runs each at seeds 37
 * and 41 (5000 runs, issue 35). */
static const struct arch arches[] = {
	{ "llama", 0 },
	{ "qwen2", 0 },
	{ "qwen3", 0 },
	{ "mistral3", 0 },
	{ "granite", 0 },
	{ "phi3", 0 },
	{ "starcoder2", 0 },
	{ "internlm2", 0 },
	{ "gemma", 0 },
	{ "gemma2", 0 },
	{ "gemma3", 0 },
	{ "cohere2", A_SWA_REQ },
	{ "gpt-oss", A_SWA_REQ | A_MOE },
	{ "llama4", A_MOE | A_STEP },
	{ "exaone4", 0 },
	{ "smollm3", 0 },
	{ "qwen3moe", A_MOE },
	{ "falcon-h1", A_SSM | A_GROUPS },
	{ "gpt2", 0 },
	{ "gptneox", 0 },
	{ "mpt", 0 },
	{ "baichuan", 0 },
	{ "starcoder", 0 },
	{ "refact", 0 },
	{ "bloom", 0 },
	{ "stablelm", 0 },
	{ "qwen", 0 },
	{ "qwen2vl", 0 },
	{ "qwen3vl", 0 },
	{ "phi2", 0 },
	{ "plamo", 0 },
	{ "codeshell", 0 },
	{ "orion", 0 },
	{ "minicpm", 0 },
	{ "xverse", 0 },
	{ "command-r", 0 },
	{ "olmo", 0 },
	{ "olmo2", 0 },
	{ "chatglm", 0 },
	{ "glm4", 0 },
	{ "bitnet", 0 },
	{ "jais", 0 },
	{ "nemotron", 0 },
	{ "exaone", 0 },
	{ "arcee", 0 },
	{ "ernie4_5", 0 },
	{ "hunyuan-dense", 0 },
	{ "seed_oss", 0 },
	{ "apertus", 0 },
	{ "pangu-embedded", 0 },
	{ "maincoder", 0 },
	{ "nanbeige", A_LOOPS },
	{ "falcon", 0 },
	{ "talkie", 0 },
	{ "jais2", 0 },
	{ "plamo3", 0 },
	{ "cogvlm", 0 },
	{ "deci", 0 },
	{ "openelm", 0 },
	{ "qwen2moe", A_MOE | A_SHARED | A_STEP },
	{ "qwen3vlmoe", A_MOE | A_SHARED | A_STEP },
	{ "phimoe", A_MOE | A_SHARED | A_STEP },
	{ "dbrx", A_MOE | A_SHARED | A_STEP },
	{ "olmoe", A_MOE | A_SHARED | A_STEP },
	{ "arctic", A_MOE | A_SHARED | A_STEP },
	{ "deepseek", A_MOE | A_SHARED | A_STEP },
	{ "glm4moe", A_MOE | A_SHARED | A_STEP },
	{ "granitemoe", A_MOE | A_SHARED | A_STEP },
	{ "bailingmoe", A_MOE | A_SHARED | A_STEP },
	{ "bailingmoe2", A_MOE | A_SHARED | A_STEP },
	{ "dots1", A_MOE | A_SHARED | A_STEP },
	{ "ernie4_5-moe", A_MOE | A_SHARED | A_STEP },
	{ "hunyuan-moe", A_MOE | A_SHARED | A_STEP },
	{ "smallthinker", A_MOE | A_SHARED | A_STEP },
	{ "grovemoe", A_MOE | A_SHARED | A_STEP },
	{ "minimax-m2", A_MOE | A_SHARED | A_STEP },
	{ "grok", A_MOE | A_SHARED | A_STEP },
	{ "afmoe", A_MOE | A_SHARED | A_STEP },
	{ "mellum", A_MOE | A_SHARED | A_STEP },
	{ "laguna", A_MOE | A_SHARED | A_STEP },
	{ "hy_v3", A_MOE | A_SHARED | A_STEP },
	{ "llada-moe", A_MOE | A_SHARED | A_STEP },
	{ "deepseek2", A_MLA | A_MOE | A_SHARED },
	{ "mistral4", A_MLA | A_MOE | A_SHARED },
	{ "minicpm3", A_MLA },
	{ "deepseek2-ocr", A_MLA | A_MOE | A_SHARED },
	{ "exaone-moe", A_SWA_REQ | A_MOE | A_SHARED | A_STEP },
	{ "cohere2moe", A_SWA_REQ | A_SWA_PAT | A_MOE | A_SHARED },
	{ "muse-glimmer", A_SWA_REQ | A_SWA_PAT | A_MOE | A_SHARED },
	{ "mimo2", A_SWA_REQ | A_SWA_ARR | A_MOE | A_SHARED },
	{ "step35", A_SWA_REQ | A_SWA_ARR | A_MOE | A_SHARED },
	{ "granite_swa", A_SWA_REQ | A_SWA_ARR },
	{ "lfm2moe", A_SHORTCONV | A_KV0 | A_MOE | A_SHARED },
	{ "hunyuan_vl", 0 },
	{ "gemma3n", A_SWA_REQ | A_DEEP },
	{ "paddleocr", A_MOE | A_SHARED },
	{ "mamba", A_SSM | A_SSM_ALL },
	{ "mamba2", A_SSM | A_SSM_ALL | A_GROUPS },
	{ "jamba", A_SSM | A_KV0 },
	{ "granitehybrid", A_SSM | A_KV0 | A_GROUPS },
	{ "plamo2", A_SSM | A_KV0 | A_GROUPS },
	{ "lfm2", A_SHORTCONV | A_KV0 },
	/* recurrent layers by full_attention_interval, one head_count_kv
	 * for every layer (gguf_import.c interval_rows) */
	{ "qwen3next", A_SSM | A_GROUPS | A_INTERVAL | A_MOE },
	{ "qwen35", A_SSM | A_GROUPS | A_INTERVAL },
	{ "qwen35moe", A_SSM | A_GROUPS | A_INTERVAL | A_MOE },
	/* MLP-only layers (head_count_kv 0, feed_forward_length > 0) keep nothing (gguf_import.c
	 * ff_rows) */
	{ "nemotron_h", A_SSM | A_GROUPS | A_FF0 },
	{ "nemotron_h_moe", A_SSM | A_GROUPS | A_FF0 | A_MOE },
};

static inline unsigned arch_count(void)
{
	return (unsigned)(sizeof arches / sizeof arches[0]);
}

static inline const struct arch *arch_at(unsigned i)
{
	return &arches[i];
}

typedef uint32_t (*pick_fn)(uint32_t lo, uint32_t hi);

static inline void k_u32(FILE *f, const char *a, const char *k, uint32_t v)
{
	fprintf(f, "%s.%s u32 %u\n", a, k, v);
}

/* a per-layer array: v[i] */
static inline void k_arr(FILE *f, const char *a, const char *k,
                         const uint32_t *v, uint32_t n)
{
	uint32_t i;

	fprintf(f, "%s.%s arr_i32 ", a, k);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? "," : "", v[i]);
	fputc('\n', f);
}

/* Which layers are recurrent (1), attention (0) or, Nemotron-H, MLP (2):
 * at least one of the first two kinds. */
static inline void k_kinds(const struct arch *a, uint32_t *kind, uint32_t n,
                           pick_fn pick)
{
	uint32_t i, j = pick(0, n - 1), top = a->flags & A_FF0 ? 2 : 1;

	for (i = 0; i < n; i++)
		kind[i] = pick(0, top);
	kind[j] = 0;
	kind[(j + 1) % n] = 1;
}

static inline void k_heads(FILE *f, const struct arch *a, uint32_t n,
                           uint32_t heads, uint32_t kv, uint32_t ff,
                           pick_fn pick)
{
	const char *nm = a->name;
	uint32_t kind[256], hk[256], fv[256], i;

	if (!(a->flags & (A_KV0 | A_FF0))) {
		k_u32(f, nm, "attention.head_count", heads);
		k_u32(f, nm, "attention.head_count_kv", kv);
		k_u32(f, nm, "feed_forward_length", ff);
		return;
	}
	/* head_count stays one value, as convert_hf_to_gguf.py writes it
	 * for these hybrids; head_count_kv is 0 where a layer has no cache */
	k_kinds(a, kind, n, pick);
	for (i = 0; i < n; i++) {
		hk[i] = kind[i] == 0 ? kv : 0;
		fv[i] = kind[i] == 2 || !(a->flags & A_FF0) ? ff : 0;
	}
	k_u32(f, nm, "attention.head_count", heads);
	k_arr(f, nm, "attention.head_count_kv", hk, n);
	if (a->flags & A_FF0)
		k_arr(f, nm, "feed_forward_length", fv, n);
	else
		k_u32(f, nm, "feed_forward_length", ff);
}

/* The window keys, drawn for every architecture: any file may carry
 * them (convert_hf_to_gguf.py writes a config's sliding_window), and
 * llama.cpp reads them or not by its own rule per architecture
 * (src/io/gguf/gguf_swa.c). The pattern key is absent, a period (1
 * slides no layer) or one bool per layer. */
static inline void k_swa(FILE *f, const struct arch *a, uint32_t n,
                         uint32_t ctx, struct hp *h, pick_fn pick)
{
	uint32_t form = pick(a->flags & A_SWA_REQ ? 1 : 0, 3), pat, i;

	h->window = 0;
	if (form == 0)
		return;                              /* no key */
	h->window = form == 1 ? 0 : pick(1, ctx + 64);
	k_u32(f, a->name, "attention.sliding_window", h->window);
	pat = a->flags & A_SWA_ARR ? 2 : pick(a->flags & A_SWA_PAT ? 1 : 0, 2);
	if (pat == 2) {
		fprintf(f, "%s.attention.sliding_window_pattern arr_bool ", a->name);
		for (i = 0; i < n; i++)
			fprintf(f, "%s%u", i ? "," : "", pick(0, 1));
		fputc('\n', f);
	} else if (pat == 1)
		k_u32(f, a->name, "attention.sliding_window_pattern", pick(1, n + 1));
	if (!h->window)
		h->window = 1;   /* a key present: draw swa_full anyway */
}

static inline void k_ssm(FILE *f, const struct arch *a, uint32_t embd,
                         uint32_t heads, pick_fn pick)
{
	const char *nm = a->name;
	uint32_t inner = 2 * embd;   /* "only an expansion factor of 2" */

	k_u32(f, nm, "ssm.conv_kernel", pick(2, 4));
	k_u32(f, nm, "ssm.inner_size", inner);
	k_u32(f, nm, "ssm.state_size", 16u << pick(0, 3));
	k_u32(f, nm, "ssm.time_step_rank", a->flags & A_GROUPS ? heads : pick(4, 16));
	if (a->flags & A_GROUPS)
		k_u32(f, nm, "ssm.group_count", 1u << pick(0, 1));
}

static inline void k_moe(FILE *f, const struct arch *a, uint32_t n,
                         uint32_t ff, pick_fn pick)
{
	const char *nm = a->name;

	k_u32(f, nm, "expert_count", 1u << pick(1, 3));
	k_u32(f, nm, "expert_used_count", 1);
	k_u32(f, nm, "expert_feed_forward_length", ff);
	if (a->flags & A_SHARED)
		k_u32(f, nm, "expert_shared_count", 1);
	if (a->flags & A_STEP)
		k_u32(f, nm, "interleave_moe_layer_step", pick(1, 2));
	k_u32(f, nm, "leading_dense_block_count", pick(0, n - 1));
}

static inline void k_mla(FILE *f, const char *nm, pick_fn pick)
{
	uint32_t rank = 32 * pick(1, 8), rope = 16 * pick(1, 4);

	k_u32(f, nm, "attention.kv_lora_rank", rank);
	k_u32(f, nm, "attention.q_lora_rank", 32 * pick(1, 8));
	k_u32(f, nm, "rope.dimension_count", rope);
	k_u32(f, nm, "attention.key_length", rank + rope);
	k_u32(f, nm, "attention.value_length", rank);
	k_u32(f, nm, "attention.key_length_mla", rope + 16 * pick(1, 8));
	k_u32(f, nm, "attention.value_length_mla", 16 * pick(1, 8));
}

/* The keys of one model of architecture a, sizes drawn with pick. */
static inline void arch_keys(const struct arch *a, FILE *f, struct hp *h,
                             pick_fn pick)
{
	const char *nm = a->name;
	static const uint32_t hds[] = { 32, 64, 128, 40, 48, 80, 96, 112 };
	uint32_t n = a->flags & A_DEEP ? pick(21, 24) : pick(2, 8);
	uint32_t hd = hds[pick(0, 7)], heads = 1u << pick(0, 3);
	uint32_t kv = heads >> pick(0, 2), embd = heads * hd, ctx = pick(300, 9000);
	uint32_t ff = 16 * pick(4, 32);

	if (!kv || a->flags & A_MLA)
		kv = 1;      /* MLA: one latent "head" (convert_hf_to_gguf.py) */
	h->window = 0;
	h->recurrent = (a->flags & (A_SSM | A_SHORTCONV)) != 0;
	fprintf(f, "general.architecture str %s\n", nm);
	fprintf(f, "tokenizer.ggml.model str no_vocab\n");
	k_u32(f, nm, "block_count", n);
	k_u32(f, nm, "context_length", ctx);
	k_u32(f, nm, "embedding_length", embd);
	k_u32(f, nm, "vocab_size", 16 * pick(4, 40));
	fprintf(f, "%s.attention.layer_norm_rms_epsilon f32 1e-5\n", nm);
	fprintf(f, "%s.attention.layer_norm_epsilon f32 1e-5\n", nm);
	fprintf(f, "%s.logit_scale f32 1\n", nm);
	/* keys some architectures require, read by no kvplan rule */
	fprintf(f, "%s.attention.clamp_kqv f32 8\n", nm);
	fprintf(f, "%s.use_parallel_residual bool 1\n", nm);
	fprintf(f, "%s.expert_gating_func u32 2\n", nm);
	fprintf(f, "%s.expert_group_scale f32 1\n", nm);
	fprintf(f, "%s.experts_per_group u32 1\n", nm);
	fprintf(f, "%s.rope.dimension_sections arr_i32 %u,%u,%u,%u\n", nm,
	        hd / 8, hd / 8, hd / 8, hd / 8);
	fprintf(f, "xielu.alpha_n f32 1\nxielu.alpha_p f32 1\n"
	        "xielu.beta f32 1\nxielu.eps f32 1e-6\n");
	k_heads(f, a, n, heads, kv, ff, pick);
	k_swa(f, a, n, ctx, h, pick);
	if (a->flags & A_LOOPS) {
		uint32_t loops = pick(0, 3);

		if (loops)
			k_u32(f, nm, "num_loops", loops);
	}
	if (a->flags & A_SSM)
		k_ssm(f, a, embd, heads, pick);
	if (a->flags & A_SHORTCONV)
		k_u32(f, nm, "shortconv.l_cache", pick(2, 4));
	if (a->flags & A_INTERVAL && pick(0, 1))
		k_u32(f, nm, "full_attention_interval", pick(2, 4));
	if (a->flags & A_MOE)
		k_moe(f, a, n, ff, pick);
	if (a->flags & A_MLA)
		k_mla(f, nm, pick);
}

#endif
