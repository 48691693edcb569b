/*
 * parts.c - stage 2b of kvp_compute: the deployment's parts beside the
 * decoder (issue 14), per device, into res->parts (result.h, struct
 * kvp_parts_result); budget.c adds them to each device and the vLLM
 * engine to its non-KV memory.
 *
 * Sources, one row each in the tables below and in man/kvplan.1:
 *   vLLM LoRA   vllm/config/lora.py (MaxLoRARanks = 1 8 16 32 64 128 256
 *               320 512, max_loras >= 1, max_cpu_loras None = max_loras
 *               and "max_cpu_loras must be >= max_loras") and
 *               vllm/lora/layers/base_linear.py create_lora_weights
 *               (vLLM v0.11-v0.12): per linear module and slice,
 *               lora_a_stacked (max_loras, 1, rank, input_size) and
 *               lora_b_stacked (max_loras, 1, output_size, rank) in
 *               lora_dtype (auto = the model dtype); a column-parallel
 *               module (qkv_proj, gate_up_proj) keeps its whole input and
 *               its rank's output, a row-parallel one (o_proj, down_proj)
 *               its rank's input and the whole output.
 *   vLLM        vllm/v1/core/encoder_cache_manager.py
 *   encoder     _compute_encoder_budget_multimodal: encoder_cache_size =
 *   cache       max(scheduler_config.encoder_cache_size (defaults to
 *               max_num_batched_tokens), max_tokens_per_mm_item);
 *               the profile run's items: profile_items below.
 *   llama.cpp   the GGUF files' tensor bytes (--lora, --mmproj), read by
 *               src/io; here only placed.
 * Pure: no allocation, no I/O.
 */
#include <stdio.h>   /* snprintf only */
#include <string.h>

#include "core/engines/vllm/vl_engine.h"
#include "core/engines/vllm/vllm_profile.h"
#include "core/internal.h"
#include "core/engines/llamacpp/lc_offload.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"

typedef unsigned __int128 u128;

const char *kvp_figure_name(enum kvp_figure f)
{
	static const char *const names[KVP_FIG_COUNT] = {
		[KVP_FIG_NONE] = "none",
		[KVP_FIG_EXACT] = "exact",
		[KVP_FIG_ENGINE] = "engine formula",
		[KVP_FIG_ESTIMATE] = "estimate",
	};

	return (unsigned)f < KVP_FIG_COUNT ? names[f] : "?";
}

/* vllm/config/lora.py MaxLoRARanks (v0.11-v0.12). */
static const uint32_t vllm_ranks[] = { 1, 8, 16, 32, 64, 128, 256, 320, 512 };

static bool vllm_rank_allowed(uint32_t r)
{
	size_t i;

	for (i = 0; i < sizeof vllm_ranks / sizeof vllm_ranks[0]; i++)
		if (vllm_ranks[i] == r)
			return true;
	return false;
}

static uint64_t dtype_bytes(enum kvp_dtype dt)
{
	return dt == KVP_DT_F32 ? 4 : dt == KVP_DT_F16 || dt == KVP_DT_BF16 ? 2 : 0;
}

/*
 * Values of one slot of one decoder layer on one TP rank (r = rank):
 *   qkv_proj   A 3 x r x H            B r x (qh x Dk + kvh x Dk + kvh x Dv)
 *   o_proj     A r x qh x Dv          B H x r
 *   gate_up    A 2 x r x H            B r x 2 x I / tp   (gated MLP)
 *   up         A r x H                B r x I / tp       (plain MLP)
 *   down_proj  A r x I / tp           B H x r
 * qh = Hq / tp; kvh = max(1, Hkv / tp) (QKVParallelLinear replicates KV
 * heads when tp >= Hkv).
 */
static enum kvp_status lora_layer_values(const struct kvp_plan *p,
                                         const struct kvp_layer_spec *ls,
                                         uint32_t layer, uint32_t tp,
                                         u128 *out, struct kvp_error *err)
{
	const struct kvp_arch *a = &p->model.arch;
	u128 r = p->engine.vllm.max_lora_rank, H = a->hidden;
	u128 qh, kvh, ip, mats;

	if (ls->kind != KVP_LAYER_FULL && ls->kind != KVP_LAYER_SLIDING &&
	    ls->kind != KVP_LAYER_CHUNKED)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.enable_lora: layer %u is %s - vLLM's LoRA slots "
			"are modelled for attention + dense MLP layers only", layer,
			kvp_layer_kind_name(ls->kind));
	qh = p->model.q_heads / tp;
	kvh = ls->kv_heads / tp ? ls->kv_heads / tp : 1;
	ip = a->intermediate / tp;
	mats = a->gated_mlp ? 2 : 1;
	*out = 3 * r * H + r * (qh * ls->k_dim + kvh * ls->k_dim + kvh * ls->v_dim)
	     + r * qh * ls->v_dim + H * r
	     + mats * r * H + r * mats * ip
	     + r * ip + H * r;
	return KVP_OK;
}

static enum kvp_status lora_vllm(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_parts_result *pr = &res->parts;
	struct kvp_error *err = &res->error;
	uint32_t tp = kvp_plan_tp(p), i, cpu;
	uint64_t db = dtype_bytes(o->dtype);
	u128 rank = 0, full = 0, v;
	enum kvp_status st;

	if (!o->enable_lora)
		return KVP_OK;
	if (!vllm_rank_allowed(o->max_lora_rank))
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.max_lora_rank: %u - vLLM allows 1, 8, 16, 32, 64, "
			"128, 256, 320 or 512", o->max_lora_rank);
	if (o->max_loras < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.max_loras: 0 - must be at least 1");
	cpu = o->max_cpu_loras ? o->max_cpu_loras : o->max_loras;
	if (cpu < o->max_loras)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.max_cpu_loras: %u - must be >= max_loras (%u), "
			"as vLLM requires", cpu, o->max_loras);
	if (db == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.dtype: %s - LoRA slots need f16, bf16 or f32",
			kvp_dtype_name(o->dtype));
	if (p->model.arch.n_experts || p->model.mla.kv_lora_rank)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.enable_lora: model %s has %s - vLLM's LoRA slots "
			"are modelled for dense attention models only",
			p->model.id, p->model.arch.n_experts ? "experts" : "MLA");
	if (kvp_plan_pp(p) > 1)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.enable_lora: with pipeline_parallel_size %u - "
			"slots per stage are not modelled", kvp_plan_pp(p));
	if (p->model.arch.hidden == 0 || p->model.arch.intermediate == 0 ||
	    p->model.q_heads % tp || p->model.arch.intermediate % tp)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.enable_lora: model.arch.hidden %llu, "
			"intermediate %llu, q_heads %u - needs hidden and "
			"intermediate, heads and intermediate divisible by tp %u",
			(unsigned long long)p->model.arch.hidden,
			(unsigned long long)p->model.arch.intermediate,
			p->model.q_heads, tp);
	/* the layers with weights: a looped model's passes reuse them */
	for (i = 0; i < kvp_weight_layers(&p->model); i++) {
		st = lora_layer_values(p, kvp_resolved_spec(res, i), i, tp, &v, err);
		if (st != KVP_OK)
			return st;
		rank += v;
		st = lora_layer_values(p, kvp_resolved_spec(res, i), i, 1, &v, err);
		if (st != KVP_OK)
			return st;
		full += v;
	}
	rank *= db;
	full *= db;
	if (rank * o->max_loras > UINT64_MAX || full * cpu > UINT64_MAX)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"engine.vllm.max_loras: %u - the slots overflow 64 bits",
			o->max_loras);
	pr->lora_kind = KVP_FIG_ESTIMATE;
	snprintf(pr->lora_source, sizeof pr->lora_source,
	         "vLLM create_lora_weights, decoder linear modules (lower bound)");
	pr->lora_slot_bytes = (uint64_t)rank;
	pr->lora_bytes = (uint64_t)(rank * o->max_loras);
	pr->lora_host_bytes = (uint64_t)(full * cpu);
	return KVP_OK;
}

/* The items vLLM's profile run encodes ("profiled with M image items of
 * the maximum feature size"). From 0.10.0 (kvplan/era.h
 * KVP_ERA_VLLM_MM_ITEMS_FLOOR, MultiModalBudget.get_max_items) with B
 * the budget, t the tokens per item and L max_model_len:
 *   max(1, min(B // t, max_num_seqs x max(1, min(limit, L // t))));
 * before: min(ceil(B / t), max_num_seqs x limit). Without
 * engine.vllm.limit_mm_per_prompt the count is the range over limit >=
 * 1: one value whenever the encoder's share B // t is the smaller
 * (max_num_seqs or more images per prompt do not cap it), as at vLLM's
 * defaults. Chunked prefill is taken as on (V1's default). */
static void profile_items(const struct kvp_plan *p, uint64_t B, uint64_t t,
                          uint64_t *lo, uint64_t *hi)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	uint64_t L = o->max_model_len ? o->max_model_len
	                              : p->model.arch.max_positions;
	struct kvp_vllm_sched d;
	u128 seqs, lim = o->limit_mm_per_prompt;
	u128 enc, dec_lo, dec_hi, per = L / t > 1 ? L / t : 1;

	kvp_vllm_defaults(p, &d);   /* 0: vLLM's default */
	seqs = d.max_num_seqs;

	if (kvp_era_has(&p->engine, KVP_ERA_VLLM_MM_ITEMS_FLOOR)) {
		enc = B / t;
		dec_lo = seqs;                                  /* limit 1 */
		dec_hi = seqs * per;                            /* no limit */
		if (lim)
			dec_lo = dec_hi = seqs * (lim < per ? lim : per);
	} else {
		enc = (B + t - 1) / t;
		dec_lo = seqs;
		dec_hi = lim ? seqs * lim : enc;
		if (lim)
			dec_lo = dec_hi;
	}
	*lo = (uint64_t)(enc < dec_lo ? enc : dec_lo);
	*hi = (uint64_t)(enc < dec_hi ? enc : dec_hi);
	if (kvp_era_has(&p->engine, KVP_ERA_VLLM_MM_ITEMS_FLOOR)) {
		*lo = *lo ? *lo : 1;
		*hi = *hi ? *hi : 1;
	}
}

static enum kvp_status encoder_vllm(const struct kvp_plan *p,
                                    struct kvp_result *res)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_parts_result *pr = &res->parts;
	uint64_t item = p->model.arch.mm_item_tokens, db = dtype_bytes(o->dtype);
	struct kvp_vllm_sched d;
	uint64_t tokens;
	u128 bytes;

	kvp_vllm_defaults(p, &d);   /* 0: vLLM's default */
	tokens = item > d.max_num_batched_tokens ? item : d.max_num_batched_tokens;

	/* V0 (before 0.8.0, kvplan/era.h) keeps no encoder cache: the
	 * EncoderCacheManager is V1's (vllm/v1/core) */
	if (item == 0 || !kvp_vllm_v1(p))
		return KVP_OK;
	if (db == 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.dtype: %s - the encoder cache needs f16, bf16 "
			"or f32", kvp_dtype_name(o->dtype));
	if (kvp_plan_pp(p) > 1)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.arch.mm_item_tokens: %llu - the encoder cache under "
			"pipeline_parallel_size %u is not modelled",
			(unsigned long long)item, kvp_plan_pp(p));
	bytes = (u128)tokens * p->model.arch.hidden * db;
	if (bytes > UINT64_MAX)
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.arch.mm_item_tokens: %llu - the encoder cache "
			"overflows 64 bits", (unsigned long long)item);
	pr->encoder_kind = KVP_FIG_ENGINE;
	snprintf(pr->encoder_source, sizeof pr->encoder_source,
	         "vLLM compute_encoder_budget x hidden x dtype");
	pr->encoder_tokens = tokens;
	pr->encoder_bytes = (uint64_t)bytes;
	profile_items(p, tokens, item, &pr->encoder_profile_items,
	              &pr->encoder_profile_items_max);
	return KVP_OK;
}

/* llama.cpp's files: exact bytes, on the one device that holds all the
 * layers (a split or partial offload would spread them: refused); the
 * projector in host memory under --no-mmproj-offload (clip.cpp then
 * gives the clip context the CPU backend alone). */
static enum kvp_status files_llamacpp(const struct kvp_plan *p,
                                      struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_parts_result *pr = &res->parts;
	uint64_t n = (uint64_t)(p->devices.tp ? p->devices.tp : 1) *
	             (p->devices.pp ? p->devices.pp : 1), first = 0;
	bool out;

	if (o->lora_bytes == 0 && o->mmproj_bytes == 0)
		return KVP_OK;
	if (n > 1 && (o->lora_bytes || o->mmproj_offload))
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.llamacpp.%s: across %llu devices - the placement "
			"of adapter and projector tensors is modelled on one device",
			o->lora_bytes ? "lora_bytes" : "mmproj_bytes",
			(unsigned long long)n);
	if (o->lora_bytes && o->n_gpu_layers >= 0 &&
	    lc_ngl_split(p, res->n_layers, &first, &out, &res->error) != KVP_OK)
		return res->error.status;
	/* any repeating layer on the host (lc_offload.c: since PR #18148
	 * -ngl n_layer leaves layer 0 there) */
	if (o->lora_bytes && o->n_gpu_layers >= 0 && first > 0)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.llamacpp.lora_bytes: with -ngl %d of %u layers - "
			"the adapters follow their layers; partial offload of them "
			"is not modelled", (int)o->n_gpu_layers, res->n_layers);
	if (o->mmproj_bytes) {
		pr->encoder_kind = KVP_FIG_EXACT;
		snprintf(pr->encoder_source, sizeof pr->encoder_source,
		         "--mmproj GGUF tensor bytes");
		pr->encoder_bytes = o->mmproj_bytes;
		pr->encoder_on_host = !o->mmproj_offload;
	}
	if (o->lora_bytes) {
		pr->lora_kind = KVP_FIG_EXACT;
		snprintf(pr->lora_source, sizeof pr->lora_source,
		         "--lora GGUF tensor bytes");
		pr->lora_bytes = o->lora_bytes;
	}
	return KVP_OK;
}

enum kvp_status kvp_parts_compute(const struct kvp_plan *p,
                                  struct kvp_result *res)
{
	enum kvp_status st = KVP_OK;

	memset(&res->parts, 0, sizeof res->parts);
	switch (p->engine.kind) {
	case KVP_ENGINE_VLLM:
		st = lora_vllm(p, res);
		if (st == KVP_OK)
			st = encoder_vllm(p, res);
		break;
	case KVP_ENGINE_LLAMACPP:
		st = files_llamacpp(p, res);
		break;
	default:
		break;
	}
	return st;
}
