/*
 * engine_compute.c - stage 4 of kvp_compute: a named engine's own
 * allocation. Walks the engine's row of eng_rows[] (its profile in
 * engine_<name>.c, what that profile refuses, how one sequence counts):
 * the profile overwrites the generic stage's per-layer and kv
 * figures with what that engine allocates and fills res->engine.
 * GENERIC is a no-op: the core's strategy figures stand.
 *
 * The engines folder. This file is its entry (eng_rows[]: one row per
 * engine). Each engine is a driver plus tables of rules: vllm/ (driver
 * engine_vllm.c; vl_layers.c what each layer holds, layer_rules[];
 * vl_group.c the hybrid manager's groups; vl_budget.c the budget,
 * reserve_rows[]; vl_admit.c what is admitted; vl_lines.c the log lines,
 * line_rows[]; vllm_profile.c the profiled peak and defaults), llamacpp/
 * (driver engine_llamacpp.c, layer_rules[]; lc_era.c what a build
 * changes, era_rows[]; lc_check.c refusals; lc_lines.c and lc_words.c the
 * lines by build; lc_offload.c -ngl; compute_buf.c, clip_buf.c, ckpt.c
 * and lc_fit.c the compute buffers, checkpoints and --fit),
 * engine_sglang.c, engine_trtllm.c (layer_rules[]) and
 * engine_transformers.c. Shared: engine_priv.h declares the helpers of
 * engine_common.c (lines, card budget, Python's numbers), engine_fit.c
 * (the workload against a pool) and engine_kv.c (res->kv from the
 * layers); engine_window.c the families whose sliding window an engine
 * does not apply (their sliding layers sized full before it runs); era.c is the table of release rules (WHEN a rule holds, with
 * its source and what it changes); engine.c the names and defaults;
 * engine_range.c the named engines' range beside the generic answer.
 * To add an engine release rule: a row in era.c's rows[] (engine, enum
 * kvp_era_rule added in include/kvplan/era.h, first release, source,
 * what it does, what came before, last release without it), then the
 * row in the engine's rule table that says what it does, keyed by that
 * rule (VL_WITH / VL_WITHOUT in vLLM's tables, an era_rows[] function
 * for llama.cpp), and a test worked by hand on each side of the release
 * (tests/unit/test_engine_<name>.c; test_era.c walks era.c's rows).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>   /* snprintf into the result only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/engine_window.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

/* a x m / h in 128 bits; false when it does not fit 64 bits */
static bool scale(uint64_t a, uint64_t m, uint64_t h, uint64_t *out)
{
	unsigned __int128 v = (unsigned __int128)a * m / h;

	if (v > UINT64_MAX)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* Compressed layers (DeepSeek V4) and indexer keys beside K and V
 * heads (MiniMax M3: one key per position, whole on every rank, while
 * the heads split) under tensor parallelism: refused. */
static enum kvp_status compressed_tp(uint32_t tp, struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);

		if (l->spec.kind == KVP_LAYER_COMPRESSED ||
		    (l->spec.kind == KVP_LAYER_FULL && l->index_row_bytes))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"devices.tp: %u - model.layers[%u] is a %s layer "
				"with indexer keys or compressed rows: how they "
				"split over tensor-parallel ranks is not modelled; "
				"use tp 1", tp, i, kvp_layer_kind_name(l->spec.kind));
	}
	return KVP_OK;
}

/*
 * Generic strategy under tensor parallelism: the kv stage counts the
 * model's heads once, but every rank holds max(1, Hkv / tp) heads (the
 * devices stage, budget.c, places them so), and an MLA latent whole.
 * Make res->kv the whole cache over every device, replicas included
 * (result.h): each KV layer's bytes x (heads per rank x tp) / heads.
 * When the layout is uniform the letters become one rank's, with
 * kv.ranks = tp, so the formula still multiplies out.
 */
static enum kvp_status generic_tp(const struct kvp_plan *p,
                                  struct kvp_result *res)
{
	struct kvp_kv_result *kv = &res->kv;
	uint32_t tp = p->devices.tp, i;
	uint64_t extra = 0, ek = 0, ev = 0, edev = 0, ehost = 0, ebpp = 0;
	uint64_t eneed = 0, m0 = 0, h0 = 0, hpr0 = 0, t;
	bool same = true;

	if (tp <= 1)
		return KVP_OK;
	if (compressed_tp(tp, res) != KVP_OK)
		return res->error.status;
	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);
		uint64_t h = l->spec.kv_heads, m, hpr, x, xk, xbpp, xneed;

		if (l->spec.kind != KVP_LAYER_FULL && l->spec.kind != KVP_LAYER_SLIDING &&
		    l->spec.kind != KVP_LAYER_CHUNKED && l->spec.kind != KVP_LAYER_MLA)
			continue;
		if (h == 0 || l->bytes_per_position == 0)
			continue;
		if (l->spec.kind == KVP_LAYER_MLA && l->spec.v_dim == 0)
			hpr = h;                      /* latent: whole on every rank */
		else
			hpr = kvp_kv_heads_per_rank((uint32_t)h, tp);
		m = hpr * tp;
		if (m0 == 0) {
			m0 = m;
			h0 = h;
			hpr0 = hpr;
		} else if (m * h0 != m0 * h) {
			same = false;
		}
		if (m <= h)
			continue;                     /* split, not replicated */
		if (!scale(l->bytes, m - h, h, &x) ||
		    !scale(l->bytes_per_position, m - h, h, &xbpp) ||
		    !scale(l->k_row_bytes, m - h, h, &xk) ||
		    !kvp_mul(l->stored, xbpp, &xneed))
			return eng_overflow(res, "kv.bytes");
		/* K's part of the extra, as the layer splits K and V */
		xk = xbpp ? (uint64_t)(((unsigned __int128)x * xk) / xbpp) : 0;
		if (!kvp_add(extra, x, &extra) || !kvp_add(ek, xk, &ek) ||
		    !kvp_add(ev, x - xk, &ev) || !kvp_add(ebpp, xbpp, &ebpp) ||
		    !kvp_add(eneed, xneed, &eneed) ||
		    !kvp_add(l->on_device ? edev : ehost, x,
		             l->on_device ? &edev : &ehost))
			return eng_overflow(res, "kv.bytes");
	}
	if (extra == 0 && !(same && m0 > h0))
		return KVP_OK;
	/* one sequence scales like the layers when they all scale alike
	 * (and no recurrent state, which is not split by heads, is in it) */
	if (same && h0 && kv->state_bytes == 0) {
		if (!scale(kv->bytes_per_sequence, m0, h0, &t))
			return eng_overflow(res, "kv.bytes_per_sequence");
		kv->bytes_per_sequence = t;
	}
	if (!kvp_add(kv->bytes, extra, &kv->bytes) ||
	    !kvp_add(kv->k_bytes, ek, &kv->k_bytes) ||
	    !kvp_add(kv->v_bytes, ev, &kv->v_bytes) ||
	    !kvp_add(kv->device_bytes, edev, &kv->device_bytes) ||
	    !kvp_add(kv->host_bytes, ehost, &kv->host_bytes) ||
	    !kvp_add(kv->bytes_per_position, ebpp, &kv->bytes_per_position) ||
	    !kvp_add(kv->bytes_needed, eneed, &kv->bytes_needed))
		return eng_overflow(res, "kv.bytes");
	kv->waste_bytes = kv->bytes > kv->bytes_needed ? kv->bytes - kv->bytes_needed : 0;
	kv->shortfall_bytes = kv->bytes_needed > kv->bytes ? kv->bytes_needed - kv->bytes : 0;
	if (kv->uniform && same) {
		kv->kv_heads = (uint32_t)hpr0;
		kv->ranks = tp;
	}
	return KVP_OK;
}

/* How one sequence's bytes are set after an engine has run. */
enum eng_seq {
	ENG_SEQ_OWN,      /* the engine sets it itself */
	ENG_SEQ_STREAM,   /* kv.bytes / streams: one stream or padded row */
	ENG_SEQ_PAGED,    /* its pages or blocks (eng_seq_paged) */
};

/*
 * The named engines as rows: the profile that sizes the cache, what the
 * profile does not model (refused here rather than left out), and how
 * one sequence is counted. A new engine is a row.
 */
struct eng_row {
	enum kvp_status (*run)(const struct kvp_plan *,
	                       const struct kvp_layer_spec *, struct kvp_result *);
	bool dsa_indexer;   /* lays out the DSA indexer cache */
	bool recurrent;     /* sizes recurrent (Mamba, linear) states */
	bool compressed;    /* sizes compressed layers (DeepSeek V4) */
	/* sizes a state kept beside a full layer's KV
	 * (model.recur.beside_full, Falcon-H1); NULL: yes, else why not */
	const char *no_beside;
	/* sizes a looped model's passes (model.loops > 1: a cache per
	 * layer and pass, Ouro, IQuest-Coder-Loop); NULL: yes, else why
	 * not */
	const char *no_loops;
	enum eng_seq seq;
	const char *source;
};

static const struct eng_row eng_rows[KVP_ENGINE_COUNT] = {
	/* llama.cpp sizes Nanbeige's loops alone (loops_served[]) */
	[KVP_ENGINE_LLAMACPP] = { kvp_engine_llamacpp, false, true, false, NULL,
		"llama.cpp's one looped architecture is Nanbeige's "
		"(src/models/nanbeige.cpp at 80fb11a); src/llama-arch.cpp and "
		"convert_hf_to_gguf.py name no Ouro or IQuestLoopCoder",
		ENG_SEQ_STREAM, "engine_llamacpp.c: n_ctx_seq cells per stream, "
		"or the whole unified cache" },
	[KVP_ENGINE_VLLM] = { kvp_engine_vllm, true, true, false, NULL, NULL,
		ENG_SEQ_OWN, "engine_vllm.c (vl_dsa: fp8 indexer keys, f32 scales)" },
	[KVP_ENGINE_TRANSFORMERS] = { kvp_engine_transformers, false, true,
		false,
		"transformers keeps them in FalconHybridMambaAttentionDynamicCache "
		"(modeling_falcon_h1.py) or Zamba2HybridDynamicCache "
		"(modeling_zamba2.py), which kvplan's transformers profile does "
		"not size", "the makers' remote code (Ouro's, IQuest's, "
		"Nanbeige's) keeps the passes' caches in a cache class of its "
		"own, not read",
		ENG_SEQ_STREAM,
		"engine_transformers.c: a row of the padded batch" },
	[KVP_ENGINE_SGLANG] = { kvp_engine_sglang, true, true, false,
		"SGLang's Mamba pool beside its KV pool (models/falcon_h1.py) is "
		"not sized by kvplan's SGLang profile for such layers",
		"its looped models, if any, were not read (no SGLang source "
		"on hand)", ENG_SEQ_PAGED, "engine_sglang.c (sg_nsa; its Mamba pool)" },
	[KVP_ENGINE_TRTLLM] = { kvp_engine_trtllm, false, false, false,
		"TensorRT-LLM's recurrent states sit in a pool its profile does "
		"not size", "its looped models, if any, were not read",
		ENG_SEQ_PAGED,
		"engine_trtllm.c: recurrent states sit in a pool of their own "
		"that its profile does not size" },
};

/*
 * Families an engine caches in a layout kvplan's model of them does not
 * hold (the importer reads the reference code's layout), or does not
 * serve: refused for that engine, naming the model_type and the engines
 * that size it. A row per family and engine.
 */
#define JET_USE "generic or transformers (the maker's remote code)"
#define SAMBAY_USE "generic or transformers (the remote code)"
#define MD3_USE "generic or vLLM"
#define UOCR_USE "generic or llama.cpp"
#define ST_USE "generic or llama.cpp"
#define LING_USE "generic (SGLang's layout; its lightning pool is not modelled for --engine sglang)"
#define NB_USE "generic or llama.cpp"   /* llama.cpp alone serves it */
#define NB_NONE "vLLM's registry has no NanbeigeForCausalLM (tests/data/hf/" \
	"sweep/registry.tsv: a llama.cpp conversion module alone)"
static const struct {
	const char *model_type;
	enum kvp_engine_kind engine;
	const char *why;
	const char *use;             /* the engines kvplan sizes it under */
} model_rows[] = {
	{ "minicpm3", KVP_ENGINE_VLLM, "vLLM minicpm3.py pads V to the K "
	  "width (MiniCPM3Attention), or caches the MLA latent under use_mla "
	  "(MiniCPM3MLAAttention), by release",
	  "generic, llama.cpp or transformers" },
	{ "minicpm3", KVP_ENGINE_SGLANG, "SGLang minicpm3.py caches the MLA "
	  "latent (RadixAttention, one head of kv_lora_rank + qk_rope_head_dim)",
	  "generic, llama.cpp or transformers" },
	{ "minicpm3", KVP_ENGINE_TRTLLM, "its MiniCPM3 layout was not read",
	  "generic, llama.cpp or transformers" },
	/* issue 35: Jet-Nemotron (io/hf/hf_fam_jet.c holds the maker's
	 * cache, NVlabs/Jet-Nemotron @94cbd124) */
	{ "jet_nemotron", KVP_ENGINE_VLLM, "vLLM has no JetNemotronForCausalLM "
	  "(model_executor/models/registry.py; tests/data/hf/sweep/"
	  "registry.tsv)", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_SGLANG, "SGLang configs/jet_nemotron.py "
	  "@0fc1a4fb sizes the JetBlock state as a Mamba2 state "
	  "(Mamba2StateShape: a conv of conv_size - 1 columns over value_dim + "
	  "2 x num_heads x head_dim channels), not the maker's cache kvplan "
	  "holds, and builds the attention of hidden_size / heads", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_LLAMACPP, "llama.cpp has no Jet-Nemotron "
	  "architecture", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_TRTLLM, "its Jet-Nemotron support, if "
	  "any, was not read", JET_USE },
	/* issue 35: Phi-4-mini-flash-reasoning (io/hf/hf_fam_sambay.c holds
	 * the remote code's SambaYCache; vLLM served it 0.10.0-0.10.2 only,
	 * on V0: vllm/vl_engine.c vl_v0_only[]) */
	{ "phi4flash", KVP_ENGINE_LLAMACPP, "llama.cpp has no SambaY "
	  "architecture (src/llama-arch.cpp and convert_hf_to_gguf.py name "
	  "no Phi4Flash at node-llama-cpp 3.21.1's build)", SAMBAY_USE },
	{ "phi4flash", KVP_ENGINE_SGLANG, "a code search of SGLang found no "
	  "Phi4FlashForCausalLM model", SAMBAY_USE },
	{ "phi4flash", KVP_ENGINE_TRTLLM, "its SambaY support, if any, was "
	  "not read", SAMBAY_USE },
	/* Moondream 3 (io/hf/hf_nested.c): vLLM serves it (moondream3.py) */
	{ "moondream3_text", KVP_ENGINE_LLAMACPP, "llama.cpp has no "
	  "Moondream 3 architecture (src/llama-arch.cpp and "
	  "convert_hf_to_gguf.py name no HfMoondream at node-llama-cpp "
	  "3.21.1's build)", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_SGLANG, "its Moondream 3 support, if "
	  "any, was not read", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_TRTLLM, "its Moondream 3 support, if "
	  "any, was not read", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_TRANSFORMERS, "the remote code's "
	  "(HfMoondream) own cache was not read", MD3_USE },
	/* issue 35, llama.cpp 80fb11a convert registrations: Unlimited-OCR
	 * (io/hf/hf_novel.c hf_fam_unlimited_ocr sizes llama.cpp's
	 * deepseek2-ocr cache, every layer full) */
	{ "unlimited-ocr", KVP_ENGINE_TRANSFORMERS, "its remote code "
	  "(modeling_deepseekv2.py SlidingWindowLlamaAttention, "
	  "moyuan10086/Unlimited-OCR-NPU @e14b5b2) keeps the prompt and a "
	  "ring of sliding_window generated positions once its infer sets "
	  "_ring_window, a cache kvplan does not hold", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_VLLM, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_SGLANG, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_TRTLLM, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	/* SmallThinker (io/hf/hf_fam_smallthinker.c sizes the layouts
	 * llama.cpp's smallthinker.cpp and the remote code agree on) */
	{ "smallthinker", KVP_ENGINE_TRANSFORMERS, "its remote code "
	  "(modeling_smallthinker.py SmallThinkerModel) builds a StaticCache "
	  "of the first input's length, or a HybridCache where a layer "
	  "slides, when it is given none: not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_VLLM, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_SGLANG, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_TRTLLM, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	/* issue 35: Nanbeige, whose loops llama.cpp alone sizes
	 * (loops_served[]) */
	/* issue 35: PLM (io/hf/hf_fam_attn.c hf_fam_plm sizes llama.cpp's
	 * per-head cache of src/models/plm.cpp) */
	{ "plm", KVP_ENGINE_VLLM, "vLLM's registry has no PLMForCausalLM "
	  "(tests/data/hf/sweep/registry.tsv: a llama.cpp conversion module "
	  "alone)", NB_USE },
	{ "plm", KVP_ENGINE_SGLANG, "its PLM support, if any, was not read",
	  NB_USE },
	{ "plm", KVP_ENGINE_TRTLLM, "its PLM support, if any, was not read",
	  NB_USE },
	{ "plm", KVP_ENGINE_TRANSFORMERS, "its PLM model's cache (an MLA "
	  "family: the latent or per-head K and V) was not read", NB_USE },
	/* issue 35: Ling/Ring 2.5 (io/hf/hf_fam_hybrid.c sizes SGLang's
	 * cache, configs/bailing_hybrid.py @0f6954e8) */
	{ "bailing_hybrid", KVP_ENGINE_VLLM, "vLLM bailing_moe_linear.py "
	  "@055e47c2 sizes the lightning state by the loaded config class's "
	  "head_dim, and vLLM has no bailing_hybrid class of its own: "
	  "transformers' BailingHybridConfig sets qk_rope_head_dim, the "
	  "checkpoint's remote class was not read", LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_TRANSFORMERS, "its BailingHybridConfig "
	  "sets head_dim = qk_rope_head_dim and its cache class was not read",
	  LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_LLAMACPP, "llama.cpp's converter at "
	  "80fb11a registers no BailingMoeV2_5ForCausalLM (bailingmoe3 is "
	  "Ling 3.0's)", LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_TRTLLM, "its Ling 2.5 support, if any, "
	  "was not read", LING_USE },
	{ "nanbeige", KVP_ENGINE_VLLM, NB_NONE, NB_USE },
	{ "nanbeige", KVP_ENGINE_SGLANG, "its Nanbeige support, if any, was "
	  "not read", NB_USE },
	{ "nanbeige", KVP_ENGINE_TRTLLM, "its Nanbeige support, if any, was "
	  "not read", NB_USE },
};

/*
 * Looped families an engine whose eng_rows[] no_loops refuses looped
 * models does size: a row per engine and model_type, with the code.
 */
static const struct {
	enum kvp_engine_kind engine;
	const char *model_type;
	const char *source;
} loops_served[] = {
	{ KVP_ENGINE_LLAMACPP, "nanbeige", "llama.cpp @80fb11a "
	  "src/models/nanbeige.cpp load_arch_hparams: n_layer_all = layers x "
	  "num_loops, each loop's layers K/V of their own (layer i of loop j "
	  "at i + j x layers), over the physical layers' weights" },
};

static bool loops_sized(const struct kvp_plan *p, const struct eng_row *row)
{
	size_t k;

	if (!row->no_loops)
		return true;
	for (k = 0; k < sizeof loops_served / sizeof loops_served[0]; k++)
		if (loops_served[k].engine == p->engine.kind &&
		    !strcmp(loops_served[k].model_type, p->model.model_type))
			return true;
	return false;
}

static enum kvp_status model_refusal(const struct kvp_plan *p,
                                     struct kvp_result *res)
{
	size_t k;

	for (k = 0; k < sizeof model_rows / sizeof model_rows[0]; k++)
		if (model_rows[k].engine == p->engine.kind &&
		    !strcmp(model_rows[k].model_type, p->model.model_type))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.model_type: %s - engine %s: %s; use "
				"--engine %s", p->model.model_type,
				kvp_engine_name(p->engine.kind), model_rows[k].why,
				model_rows[k].use);
	return KVP_OK;
}

/*
 * What the engine's row says it does not model, refused rather than left
 * out: the DSA indexer cache, recurrent states, compressed layers. No
 * engine's compressed layout is modelled yet (issue 35): llama.cpp
 * llama-kv-cache-dsv4.cpp (v0.4.0 = 5b4ebc5) pads each compressed cache
 * to 256 cells and keeps a stream per sequence, vLLM and SGLang were
 * not read.
 */
/*
 * llama.cpp's loops under partial offload: llama-model.cpp @80fb11a
 * load_tensors places layer il (its K/V included) by dev_layer over
 * n_layer_all, the loops' layers counted, while nanbeige.cpp gives loop
 * j's layers the tensors of physical layer i, created on that layer's
 * device: which device then reads which weights kvplan does not model.
 * Everything on the device (-ngl -1 or above the layers) is sized.
 */
static enum kvp_status loops_split(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	int32_t ngl = p->engine.llamacpp.n_gpu_layers;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP || p->model.loops <= 1 ||
	    ngl < 0 || (uint32_t)ngl > p->model.n_layers)
		return KVP_OK;
	return kvp_error_set(&res->error, KVP_EREFUSED,
		"engine.llamacpp.n_gpu_layers: %d - model.loops %u: llama.cpp "
		"places each loop's layer by its index in n_layer_all but its "
		"shared weights on the physical layer's device; partial offload "
		"of a looped model is not modelled (use -ngl -1)", (int)ngl,
		p->model.loops);
}

static enum kvp_status eng_refusals(const struct kvp_plan *p,
                                    const struct eng_row *row,
                                    const struct kvp_layer_spec *ls,
                                    struct kvp_result *res)
{
	uint32_t i;

	if (model_refusal(p, res) != KVP_OK)
		return res->error.status;
	if (p->model.loops > 1 && !loops_sized(p, row))
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.loops: %u - a looped model (%s) keeps a cache per "
			"layer and pass; engine %s: %s; use --engine generic or "
			"the engine serving it (vllm: Ouro, IQuest-Coder-Loop; "
			"llama.cpp: Nanbeige)", p->model.loops,
			p->model.model_type[0] ? p->model.model_type :
			"model_type not given", kvp_engine_name(p->engine.kind),
			row->no_loops);
	if (loops_split(p, res) != KVP_OK)
		return res->error.status;
	for (i = 0; !row->compressed && i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_COMPRESSED)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.layers[%u].kind: compressed - engine %s: its "
				"layout of compressed attention (DeepSeek V4 "
				"compress_ratios) is not modelled by kvplan; use "
				"--engine generic", i, kvp_engine_name(p->engine.kind));
	if (p->model.mla.latents > 1)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.mla.latents: %u - engine %s: MLA layers of more "
			"than one attention block (LongCat-Flash) are not "
			"modelled by kvplan; use --engine generic",
			p->model.mla.latents, kvp_engine_name(p->engine.kind));
	if (p->model.indexer.head_dim && p->model.indexer.first)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.indexer.first: %u - engine %s: indexer keys beside "
			"full-attention layers (MiniMax M3's sparse attention) are "
			"not modelled by kvplan; use --engine generic",
			p->model.indexer.first, kvp_engine_name(p->engine.kind));
	if (p->model.indexer.head_dim && !row->dsa_indexer)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.indexer.head_dim: %u - engine %s: its DSA indexer "
			"cache is not modelled by kvplan; use --engine generic",
			p->model.indexer.head_dim, kvp_engine_name(p->engine.kind));
	for (i = 0; !row->recurrent && i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_NONE && ls[i].state_bytes)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.layers[%u]: a recurrent layer (%llu B of "
				"state per sequence) - engine %s keeps such states "
				"in a pool kvplan does not size; use --engine "
				"generic, llama.cpp, vllm or transformers", i,
				(unsigned long long)ls[i].state_bytes,
				kvp_engine_name(p->engine.kind));
	if (p->model.recur.beside_full && row->no_beside)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.recur.beside_full: true - every full-attention "
			"layer keeps a recurrent state beside its KV; engine %s: "
			"%s; use --engine generic, llama.cpp or vllm",
			kvp_engine_name(p->engine.kind), row->no_beside);
	return KVP_OK;
}

/* The release named or current, and the wording of its log lines. */
static enum kvp_status eng_release(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	enum kvp_status st;

	st = kvp_engine_version_check(p->engine.kind, p->engine.version, &res->error);
	if (st != KVP_OK)
		return st;
	snprintf(res->engine.release, sizeof res->engine.release, "%s",
	         kvp_engine_release(&p->engine));
	res->engine.release_named = p->engine.version[0] != '\0';
	snprintf(res->engine.lines_wording, sizeof res->engine.lines_wording,
	         "%s", kvp_engine_current_release(p->engine.kind));
	return KVP_OK;
}

/* The generic stage's split figures do not hold under an engine's
 * layout: an engine that splits the recurrent state (llama.cpp R and S)
 * sets them again. */
static void clear_split(struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);

		lr->conv_bytes = lr->ssm_bytes = 0;
		lr->index_row_bytes = lr->index_bytes = 0;
	}
	res->kv.conv_bytes = res->kv.ssm_bytes = res->kv.index_bytes = 0;
}

enum kvp_status kvp_engine_compute(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	/* The model's layers as the model states them (MLA still MLA):
	 * engines decide themselves how to store them. ~60 KiB of stack. */
	struct kvp_layer_spec ls[KVP_MAX_LAYERS];
	const struct eng_row *row;
	enum kvp_status st;
	uint32_t unslid;

	/* res->engine is zero: kvp_compute cleared it and no stage before
	 * this one writes it (5 KiB not cleared twice per recompute) */
	res->engine.kind = p->engine.kind;
	res->kv.ranks = 1;   /* generic: the letters are the whole model's */
	if (p->engine.kind == KVP_ENGINE_GENERIC)
		return generic_tp(p, res);
	if ((unsigned)p->engine.kind >= KVP_ENGINE_COUNT)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.kind: %d - unknown engine", (int)p->engine.kind);
	row = &eng_rows[p->engine.kind];
	if ((st = eng_release(p, res)) != KVP_OK ||
	    (st = kvp_layers_resolve(&p->model, ls, &res->error)) != KVP_OK)
		return st;
	res->n_layers = p->model.n_layers;
	if ((st = eng_refusals(p, row, ls, res)) != KVP_OK)
		return st;
	clear_split(res);
	if (!row->run)
		return KVP_OK;
	/* a family whose window this engine does not apply (engine_window.c) */
	unslid = eng_window_unslide(p, ls);
	st = row->run(p, ls, res);
	if (st == KVP_OK)
		eng_window_note(p, unslid, res);
	if (st != KVP_OK || row->seq == ENG_SEQ_OWN)
		return st;
	if (row->seq == ENG_SEQ_STREAM) {
		res->kv.bytes_per_sequence = res->engine.streams ?
			res->kv.bytes / res->engine.streams : res->kv.bytes;
		return KVP_OK;
	}
	return eng_seq_paged(res, eng_seq_len(p, res), res->engine.block_size);
}

bool kvp_engine_lines_reworded(const struct kvp_engine_result *e)
{
	return e->release_named && strcmp(e->lines_wording, e->release) != 0;
}
