/*
 * draft.c - stages 2c and 4b of kvp_compute: the draft model of
 * speculative decoding (issue 14), into res->draft (result.h, struct
 * kvp_draft_result); budget.c adds it to each device, vLLM's engine puts
 * its layers in the pool and its weights out of the KV budget.
 *
 * Sources, one row each in the tables below and in man/kvplan.1
 * (SPECULATIVE DECODING):
 *   llama.cpp  tools/server/server-context.cpp (ggml-org/llama.cpp
 *              fb4026604c67) load_model: params_dft = params_base with
 *              n_ctx = speculative.n_ctx (-cd) or llama_n_ctx_seq(ctx),
 *              n_parallel 1, n_gpu_layers -ngld, cache_type_k/v -ctkd/-ctvd;
 *              cparams_dft.n_batch = n_ctx_dft; init: one draft context
 *              per slot (slot.ctx_dft = llama_init_from_model(model_dft,
 *              cparams_dft) for each of n_parallel slots); multimodal with
 *              a draft refused ("err: speculative decode is not supported
 *              by multimodal"). common/speculative.cpp
 *              common_speculative_are_compatible: vocabulary sizes at most
 *              SPEC_VOCAB_MAX_SIZE_DIFFERENCE = 128 apart.
 *   vLLM       vllm/v1/spec_decode/draft_model.py (vllm-project/vllm
 *              9b849b170a1f) DraftModelProposer: load_model loads the
 *              draft with the target's vllm_config, so its Attention
 *              layers are registered in the same forward context and
 *              get_kv_cache_spec gives them pages in the same pool;
 *              _raise_if_draft_tp_mismatch (draft TP = target TP),
 *              _raise_if_multimodal, _raise_if_vocab_size_mismatch
 *              (vllm/config/speculative.py
 *              verify_equal_vocab_size_if_draft_model: equal sizes).
 *              vllm/v1/core/sched/scheduler.py: num_lookahead_tokens =
 *              num_speculative_tokens for draft models and EAGLE/MTP,
 *              0 for ngram; kv_cache_manager.allocate_slots caps the
 *              slots at max_model_len.
 * Pure: no allocation, no I/O; the draft's own figures come from a nested
 * kvp_compute of the draft as the model (the caller's stack holds it),
 * handed in by compute.c (kvp_compute_fn), so this stage calls down only.
 */
#include <stdio.h>   /* snprintf only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"

typedef unsigned __int128 u128;

/* common/speculative.cpp SPEC_VOCAB_MAX_SIZE_DIFFERENCE */
#define LC_SPEC_VOCAB_MAX_DIFF 128u

/* A method read at one revision only: a named release is refused. */
static enum kvp_status current_only(const struct kvp_plan *p,
                                    const char *method, const char *read_at,
                                    struct kvp_error *err)
{
	if (!p->engine.version[0])
		return KVP_OK;
	return kvp_error_set(err, KVP_EREFUSED,
		"engine.vllm.speculative_method: %s - modelled at the current "
		"release only (%s); engine.version %s is not", method, read_at,
		p->engine.version);
}

/* mtp: the model's own MTP layers draft (no draft model), at the current
 * release only, and never under pipeline parallelism. */
static enum kvp_status spec_mtp(const struct kvp_plan *p, bool draft,
                                struct kvp_error *err)
{
	if (draft)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: mtp - the model's own "
			"MTP layers draft; it takes no draft model (%s)",
			p->draft.id[0] ? p->draft.id : "draft");
	if (!p->model.arch.mtp_layers)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: mtp - model %s has no "
			"MTP layers (model.arch.mtp_layers 0: its config's "
			"num_nextn_predict_layers or mtp_num_hidden_layers)",
			p->model.id[0] ? p->model.id : "custom");
	if (current_only(p, "mtp", "EagleProposer as read at vllm@008603a3",
	                 err) != KVP_OK)
		return err->status;
	/* vLLM's own refusal since PR #32150 (2026-01-12: the MTP models no
	 * longer declare SupportsPP); issue #52069 shows it at 0.26.1rc1 */
	if (kvp_plan_pp(p) > 1)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.speculative_method: mtp - with pipeline "
			"parallel size %u: vLLM refuses it (NotImplementedError: "
			"Pipeline parallelism is not supported for this model; "
			"PR #32150)", kvp_plan_pp(p));
	return KVP_OK;
}

/* eagle: an EAGLE-1 llama head, at the current release only. */
static enum kvp_status spec_eagle(const struct kvp_plan *p, bool draft,
                                  struct kvp_error *err)
{
	if (!draft)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: eagle - needs the "
			"EAGLE-1 head (--speculative-model: its config.json)");
	if (p->draft.arch.eagle3)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: eagle - the draft %s "
			"is an EAGLE-3 head: its method is eagle3",
			p->draft.id[0] ? p->draft.id : "(unnamed)");
	/* EAGLEConfig names the head Eagle + its architecture; only
	 * EagleLlamaForCausalLM (llama_eagle.py) is read */
	if (strcmp(p->draft.model_type, "llama") != 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"draft.model_type: '%s' - vLLM's EAGLE-1 heads are "
			"modelled for llama heads only (EagleLlamaForCausalLM, "
			"llama_eagle.py)", p->draft.model_type);
	if (current_only(p, "eagle", "llama_eagle.py as read at "
	                 "vllm@00da9231", err) != KVP_OK)
		return err->status;
	return KVP_OK;
}

/* eagle3: an EAGLE-3 head, at the current release only. */
static enum kvp_status spec_eagle3(const struct kvp_plan *p, bool draft,
                                   struct kvp_error *err)
{
	if (!draft)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: eagle3 - needs the "
			"EAGLE-3 head (--speculative-model: its config.json)");
	if (!p->draft.arch.eagle3)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: eagle3 - the draft %s "
			"is not an EAGLE-3 head (draft.arch.eagle3: its config's "
			"architectures LlamaForCausalLMEagle3)",
			p->draft.id[0] ? p->draft.id : "(unnamed)");
	if (current_only(p, "eagle3", "llama_eagle3.py as read at "
	                 "vllm@00bd1493", err) != KVP_OK)
		return err->status;
	return KVP_OK;
}

/* draft_model: a draft model that is not an EAGLE-3 head; ngram: no
 * draft model at all. */
static enum kvp_status spec_draft_or_ngram(const struct kvp_plan *p,
                                           bool ngram, bool draft,
                                           struct kvp_error *err)
{
	if (ngram && draft)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: ngram - takes no draft "
			"model (%s)", p->draft.id[0] ? p->draft.id : "draft");
	if (ngram)
		return KVP_OK;
	if (!draft)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: draft_model - needs a "
			"draft model (--speculative-model)");
	if (p->draft.arch.eagle3)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: draft_model - the "
			"draft %s is an EAGLE-3 head: its method is eagle3",
			p->draft.id[0] ? p->draft.id : "(unnamed)");
	return KVP_OK;
}

/* vLLM's speculative_config as a plan gives it: the method and its
 * tokens agree, and the draft is there exactly when the method needs it. */
static enum kvp_status vllm_method(const struct kvp_plan *p,
                                   struct kvp_error *err)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	bool draft = p->draft.n_layers > 0;
	enum kvp_status st;

	switch (o->speculative_method) {
	case KVP_SPEC_MTP:
		st = spec_mtp(p, draft, err);
		break;
	case KVP_SPEC_EAGLE:
		st = spec_eagle(p, draft, err);
		break;
	case KVP_SPEC_EAGLE3:
		st = spec_eagle3(p, draft, err);
		break;
	case KVP_SPEC_NGRAM:
	case KVP_SPEC_DRAFT_MODEL:
		st = spec_draft_or_ngram(p, o->speculative_method == KVP_SPEC_NGRAM,
		                         draft, err);
		break;
	case KVP_SPEC_NONE:
		if (draft)
			return kvp_error_set(err, KVP_EINVAL,
				"engine.vllm.speculative_method: none - the plan has a "
				"draft model (%s); give draft_model (--speculative-model "
				"sets it)", p->draft.id[0] ? p->draft.id : "draft");
		if (o->num_speculative_tokens)
			return kvp_error_set(err, KVP_EINVAL,
				"engine.vllm.num_speculative_tokens: %u - needs a "
				"speculative method", o->num_speculative_tokens);
		return KVP_OK;
	default:
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.speculative_method: %d - unknown",
			(int)o->speculative_method);
	}
	if (st != KVP_OK)
		return st;
	if (o->num_speculative_tokens < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.num_speculative_tokens: 0 - must be at least 1 "
			"with a speculative method");
	return KVP_OK;
}

/*
 * An EAGLE-1 head against its target (vllm/v1/spec_decode/eagle.py
 * load_model): its fc takes the target's hidden states, so the widths
 * must agree; its embed_tokens is the target's only when the shapes are
 * equal (else loaded separately: not modelled), and its lm_head is the
 * target's always.
 */
static enum kvp_status eagle1_refusals(const struct kvp_plan *p,
                                       struct kvp_error *err)
{
	const struct kvp_arch *t = &p->model.arch, *h = &p->draft.arch;

	if (h->hidden != t->hidden)
		return kvp_error_set(err, KVP_EINVAL,
			"draft.arch.hidden: %llu - an EAGLE-1 head's fc takes the "
			"target's hidden states: model.arch.hidden is %llu",
			(unsigned long long)h->hidden, (unsigned long long)t->hidden);
	if (h->vocab != t->vocab)
		return kvp_error_set(err, KVP_EREFUSED,
			"draft.arch.vocab: %llu - the target's is %llu: vLLM then "
			"loads the head's own embedding, which is not modelled",
			(unsigned long long)h->vocab, (unsigned long long)t->vocab);
	return KVP_OK;
}

/* The engines' own refusals of a draft model, before any figure. */
static enum kvp_status draft_refusals(const struct kvp_plan *p,
                                      struct kvp_error *err)
{
	uint64_t tv = p->model.arch.vocab, dv = p->draft.arch.vocab;
	uint64_t diff = tv > dv ? tv - dv : dv - tv;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP &&
	    p->engine.kind != KVP_ENGINE_VLLM)
		return kvp_error_set(err, KVP_EINVAL,
			"draft: %s - a draft model is sized for llama.cpp (-md) and "
			"vLLM (speculative_config) only, not engine %s",
			p->draft.id[0] ? p->draft.id : "(unnamed)",
			kvp_engine_name(p->engine.kind));
	if (tv == 0 || dv == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"%s.arch.vocab: 0 - the engine checks the draft's vocabulary "
			"against the target's; give both", tv ? "draft" : "model");
	if (p->engine.kind == KVP_ENGINE_LLAMACPP) {
		/* its 2026 builds draft with EAGLE-3 heads as a speculative
		 * type of their own, sized otherwise than a -md model: not
		 * modelled */
		if (p->draft.arch.eagle3)
			return kvp_error_set(err, KVP_EREFUSED,
				"draft: %s is an EAGLE-3 head (draft.arch.eagle3) - "
				"llama.cpp's EAGLE-3 drafting is not modelled; -md "
				"takes a draft model",
				p->draft.id[0] ? p->draft.id : "(unnamed)");
		if (diff > LC_SPEC_VOCAB_MAX_DIFF)
			return kvp_error_set(err, KVP_EREFUSED,
				"llama.cpp: draft model vocab must closely match target "
				"model to use speculation but target vocab size %llu does "
				"not match draft vocab size %llu - difference %llu, max "
				"allowed %u (draft.arch.vocab)", (unsigned long long)tv,
				(unsigned long long)dv, (unsigned long long)diff,
				LC_SPEC_VOCAB_MAX_DIFF);
		if (p->engine.llamacpp.mmproj_bytes)
			return kvp_error_set(err, KVP_EREFUSED,
				"llama.cpp: err: speculative decode is not supported by "
				"multimodal (engine.llamacpp.mmproj_bytes with a draft)");
		return KVP_OK;
	}
	/* (pipeline parallelism: vLLM keeps the whole drafter on the last
	 * stage's ranks, engine_vllm.c and budget.c place it.)
	 * vllm/config/speculative.py verify_equal_vocab_size_if_draft_model
	 * and the multimodal refusal are draft_model's: an EAGLE head drafts
	 * for multimodal targets, and an EAGLE-3 head maps its own
	 * vocabulary (d2t) (eagle.py load_model) */
	if (p->engine.vllm.speculative_method == KVP_SPEC_EAGLE3)
		return KVP_OK;
	if (p->engine.vllm.speculative_method == KVP_SPEC_EAGLE)
		return eagle1_refusals(p, err);
	if (tv != dv)
		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: Target and draft model should have the same vocabulary "
			"size. Target model vocab_size=%llu. Draft model vocab_size=%llu. "
			"(draft.arch.vocab)", (unsigned long long)tv,
			(unsigned long long)dv);
	if (p->model.arch.mm_item_tokens)
		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: Speculative Decoding with draft models does not support "
			"multimodal models yet (model.arch.mm_item_tokens with a draft)");
	return KVP_OK;
}

/* The cache formats vLLM stores (vl_dtype in engines/vllm/vl_layers.c). */
static bool vllm_cache_dtype(enum kvp_dtype d)
{
	return d == KVP_DT_F32 || d == KVP_DT_F16 || d == KVP_DT_BF16 ||
	       d == KVP_DT_FP8 || d == KVP_DT_INT8;
}

/* The draft as the model of a plan of its own: no draft of the draft, no
 * adapters or encoders; the caller sets the engine's options. */
static void sub_plan(const struct kvp_plan *p, struct kvp_plan *sub)
{
	*sub = *p;
	sub->model = p->draft;
	sub->model.arch.eagle3 = false;  /* its shapes only: the head's weights
	                                    are counted by eagle3_weights */
	memset(&sub->draft, 0, sizeof sub->draft);
	sub->engine.llamacpp.lora_bytes = 0;
	sub->engine.llamacpp.mmproj_bytes = 0;
	/* the draft context keeps no rollback snapshots: server-context.cpp
	 * sets cparams_dft.n_rs_seq = 0 (as the forks of the PR #22673 era
	 * stored for search have it; not read upstream at a tag) */
	sub->engine.llamacpp.rs_seq = 0;
	sub->engine.vllm.enable_lora = false;
	sub->engine.vllm.speculative_method = KVP_SPEC_NONE;
	sub->engine.vllm.num_speculative_tokens = 0;
	sub->model.arch.mm_item_tokens = 0;
	sub->devices.retained_logits = 0;
}

/* A nested computation's error, named as the draft's. */
static enum kvp_status sub_error(struct kvp_result *res,
                                 const struct kvp_result *sres,
                                 enum kvp_status st)
{
	return kvp_error_set(&res->error, st, "draft: %s", sres->error.msg);
}

static void weights_label(struct kvp_draft_result *d,
                          const struct kvp_result *sres)
{
	d->weights_bytes = sres->weights.bytes;
	d->weights_kind = sres->weights.source == KVP_WSRC_ESTIMATE
		? KVP_FIG_ESTIMATE : KVP_FIG_EXACT;
	snprintf(d->weights_source, sizeof d->weights_source, "the draft's weights, %s",
	         kvp_wsource_name(sres->weights.source));
}

/*
 * The decoder layers of an EAGLE head as vLLM builds them (llama.py's
 * LlamaDecoderLayer, 16-bit parameters): a QKVParallelLinear over in0
 * inputs in layer 0 and hidden after it, o_proj, a gated MLP, norms0
 * RMSNorms in layer 0 and norms after it, and with attention_bias the
 * qkv bias and o_proj's (unsplit). A rank holds q, o and the MLP split
 * by tp, K and V for max(1, Hkv / tp) heads, and all of each norm.
 * Parameter counts into p[0] (all) and p[1] (a rank).
 */
static enum kvp_status head_layers(const struct kvp_model *h, uint32_t tp,
                                   const char *what, u128 in0,
                                   unsigned norms0, unsigned norms,
                                   u128 p[2], struct kvp_error *err)
{
	const struct kvp_arch *a = &h->arch;
	u128 hid = a->hidden, hd = h->base.k_dim, nq = h->q_heads, in = in0;
	u128 nkv = h->base.kv_heads;
	u128 kv_rank = h->base.kv_heads / tp ? h->base.kv_heads / tp : 1;
	uint32_t i;

	if (!a->hidden || !h->q_heads || !hd || !nkv || !a->intermediate ||
	    !a->vocab)
		return kvp_error_set(err, KVP_EINVAL,
			"draft.arch: an %s head needs hidden, q_heads, kv_heads, "
			"head dim, intermediate and vocab (%s is 0)", what,
			!a->hidden ? "hidden" : !h->q_heads ? "q_heads" :
			!hd ? "base.k_dim" : !nkv ? "base.kv_heads" :
			!a->intermediate ? "intermediate" : "vocab");
	/* each below 2^32, so that no product here or in the callers leaves
	 * 128 bits */
	if ((a->hidden | a->intermediate | a->vocab | a->draft_vocab |
	     a->target_hidden) >> 32)
		return kvp_error_set(err, KVP_ERANGE,
			"draft.arch: an %s head's hidden %llu, intermediate %llu, "
			"vocab %llu, draft_vocab %llu or target_hidden %llu is "
			"beyond 2^32", what, (unsigned long long)a->hidden,
			(unsigned long long)a->intermediate,
			(unsigned long long)a->vocab,
			(unsigned long long)a->draft_vocab,
			(unsigned long long)a->target_hidden);
	if (h->q_heads % tp || a->intermediate % tp)
		return kvp_error_set(err, KVP_EREFUSED,
			"draft: the %s head's %u heads and intermediate %llu do not "
			"split over tensor parallel size %u", what, h->q_heads,
			(unsigned long long)a->intermediate, tp);
	p[0] = p[1] = 0;
	for (i = 0; i < h->n_layers; i++, in = hid) {
		u128 qkv = (nq + 2 * nkv) * hd, qkv_r = (nq / tp + 2 * kv_rank) * hd;
		u128 nn = (i ? norms : norms0) * hid;

		p[0] += in * qkv + nq * hd * hid + 3 * hid * a->intermediate + nn;
		p[1] += in * qkv_r + nq / tp * hd * hid +
		        3 * hid * (a->intermediate / tp) + nn;
		if (a->attention_bias) {
			p[0] += qkv + hid;
			p[1] += qkv_r + hid;
		}
	}
	return KVP_OK;
}

/* 16-bit parameters plus extra bytes, in 64 bits or refused. */
static enum kvp_status head_bytes(const u128 p[2], u128 extra,
                                  const char *what, uint64_t *all,
                                  uint64_t *rank, struct kvp_error *err)
{
	u128 b_all = p[0] * 2 + extra, b_rank = p[1] * 2 + extra;

	if (b_all > UINT64_MAX)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"draft: the %s head's weights overflow 64 bits", what);
	*all = (uint64_t)b_all;
	*rank = (uint64_t)b_rank;
	return KVP_OK;
}

/*
 * Under pipeline parallelism an EAGLE head keeps an embedding of its own
 * (vocab rows padded to 64, VocabParallelEmbedding, split by tp): eagle.py
 * load_model shares the target's only with one PP rank, and the head's
 * model builds its own when there are more (llama_eagle3.py @583507d1:
 * "if PP disabled then draft will share embed with target";
 * llama_eagle.py @00da9231 builds it always and skips loading it with
 * one PP rank).
 */
static void head_embed(const struct kvp_model *h, uint32_t tp, uint32_t pp,
                       u128 p[2])
{
	u128 rows = ((u128)h->arch.vocab + 63) / 64 * 64;

	if (pp <= 1)
		return;
	p[0] += rows * h->arch.hidden;
	p[1] += (rows + tp - 1) / tp * h->arch.hidden;
}

/*
 * An EAGLE-3 head's weights as vLLM builds it (vllm/model_executor/
 * models/llama_eagle3.py @00bd1493, Eagle3LlamaForCausalLM): layers whose
 * qkv takes 2 x hidden inputs in layer 0 (the embedding and the target's
 * hidden state side by side) and three norms each (input_layernorm,
 * post_attention_layernorm, hidden_norm); an fc of 3 x target_hidden ->
 * hidden (ReplicatedLinear), the final norm, an lm_head of draft_vocab
 * rows padded to 64 (ParallelLMHead, split by tp) and
 * draft_id_to_target_id, draft_vocab int64 values. embed_tokens is the
 * target's (eagle.py load_model shares it when the checkpoint has none):
 * not counted, but under PP (head_embed).
 */
static enum kvp_status eagle3_weights(const struct kvp_model *h, uint32_t tp,
                                      uint32_t pp, uint64_t *all,
                                      uint64_t *rank, struct kvp_error *err)
{
	const struct kvp_arch *a = &h->arch;
	u128 hid = a->hidden, p[2], dv, rows, fc;

	if (head_layers(h, tp, "EAGLE-3", 2 * hid, 3, 3, p, err) != KVP_OK)
		return err->status;
	head_embed(h, tp, pp, p);
	dv = a->draft_vocab ? a->draft_vocab : a->vocab;
	rows = (dv + 63) / 64 * 64;
	fc = 3 * (a->target_hidden ? a->target_hidden : a->hidden) * hid;
	p[0] += fc + hid + rows * hid;
	p[1] += fc + hid + (rows + tp - 1) / tp * hid;
	return head_bytes(p, dv * 8, "EAGLE-3", all, rank, err);
}

/*
 * An EAGLE-1 head's weights as vLLM builds it (vllm/model_executor/
 * models/llama_eagle.py @00da9231, EagleLlamaForCausalLM): layers of
 * hidden inputs whose layer 0 has no input_layernorm (nn.Identity, as
 * EAGLE's cnets.py), and an fc of 2 x hidden -> hidden (torch.nn.Linear,
 * no bias, whole on every rank). No final norm; embed_tokens and lm_head
 * are the target's (eagle.py load_model: shared at equal shapes, and
 * always for method eagle): not counted, but the embedding under PP
 * (head_embed). The HASS variant (config add_para_norm, model.arch.
 * eagle_para_norm) has two more RMSNorms of hidden, embedding_layernorm
 * and hidden_states_layernorm.
 */
static enum kvp_status eagle1_weights(const struct kvp_model *h, uint32_t tp,
                                      uint32_t pp, uint64_t *all,
                                      uint64_t *rank, struct kvp_error *err)
{
	u128 hid = h->arch.hidden, p[2];

	if (head_layers(h, tp, "EAGLE-1", hid, 1, 2, p, err) != KVP_OK)
		return err->status;
	head_embed(h, tp, pp, p);
	p[0] += 2 * hid * hid + (h->arch.eagle_para_norm ? 2 * hid : 0);
	p[1] += 2 * hid * hid + (h->arch.eagle_para_norm ? 2 * hid : 0);
	return head_bytes(p, 0, "EAGLE-1", all, rank, err);
}

/* An EAGLE head's weights label: [EAGLE-3][under PP]. */
static const char *const head_labels[2][2] = {
	{ "EAGLE-1 head shapes, llama_eagle.py @00da9231 (embed tokens and "
	  "lm_head: the target's)",
	  "EAGLE-1 head shapes, llama_eagle.py @00da9231 (own embed under PP; "
	  "lm_head the target's)" },
	{ "EAGLE-3 head shapes, llama_eagle3.py @00bd1493 (embed tokens: the "
	  "target's)",
	  "EAGLE-3 head shapes, llama_eagle3.py @00bd1493 (its own embed "
	  "tokens under PP)" },
};

/*
 * vLLM: the draft's weights (its own count, / tp on each rank as the
 * target's, eng_weights_rank) and its KV bytes per token per rank, one
 * page per full-attention layer as get_kv_cache_spec gives the target's
 * (heads max(1, Hkv // tp), --kv-cache-dtype or the draft's format).
 */
static enum kvp_status vllm_draft(const struct kvp_plan *p,
                                  struct kvp_result *res,
                                  kvp_compute_fn recompute)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_draft_result *d = &res->draft;
	struct kvp_plan sub;
	struct kvp_result sres;
	uint32_t tp = kvp_plan_tp(p), i;
	uint64_t tok = 0;
	enum kvp_status st;
	bool eagle3 = o->speculative_method == KVP_SPEC_EAGLE3;
	bool eagle = eagle3 || o->speculative_method == KVP_SPEC_EAGLE;

	sub_plan(p, &sub);
	sub.engine.kind = KVP_ENGINE_GENERIC;
	sub.devices.n_groups = 0;
	sub.devices.tp = sub.devices.pp = sub.devices.dp = 1;
	st = recompute(&sub, &sres);
	if (st != KVP_OK)
		return sub_error(res, &sres, st);
	weights_label(d, &sres);
	d->weights_device = kvp_ceil_div(sres.weights.bytes, tp);
	if (eagle) {
		st = (eagle3 ? eagle3_weights : eagle1_weights)(&p->draft, tp,
			kvp_plan_pp(p), &d->weights_bytes, &d->weights_device,
			&res->error);
		if (st != KVP_OK)
			return st;
		d->weights_kind = KVP_FIG_ESTIMATE;
		snprintf(d->weights_source, sizeof d->weights_source, "%s",
		         head_labels[eagle3][kvp_plan_pp(p) > 1]);
	}
	for (i = 0; i < sres.n_layers; i++) {
		const struct kvp_layer_spec *l = &kvp_layer_rec(&sres, i)->spec;
		enum kvp_dtype dt = o->kv_cache_dtype_auto ? l->k_fmt.dtype
		                                           : o->kv_cache_dtype;
		enum kvp_dtype dv = o->kv_cache_dtype_auto ? l->v_fmt.dtype
		                                           : o->kv_cache_dtype;
		struct kvp_format kf = kvp_format_plain(dt), vf = kvp_format_plain(dv);
		uint64_t heads = l->kv_heads / tp ? l->kv_heads / tp : 1, kr, vr;

		if (l->kind == KVP_LAYER_FFN || l->kind == KVP_LAYER_SHARED)
			continue;
		if (l->kind != KVP_LAYER_FULL)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"draft: layer %u is %s - vLLM's pool with a draft model "
				"is modelled for full-attention drafts only", i,
				kvp_layer_kind_name(l->kind));
		if (!vllm_cache_dtype(dt) || !vllm_cache_dtype(dv))
			return kvp_error_set(&res->error, KVP_EINVAL,
				"draft: layer %u's cache format %s - vLLM stores f16, "
				"bf16, f32, fp8 or int8", i,
				kvp_dtype_name(vllm_cache_dtype(dt) ? dv : dt));
		if (kvp_format_row_bytes(&kf, heads * l->k_dim, &kr,
		                         "engine.vllm.kv_cache_dtype (draft)",
		                         &res->error) != KVP_OK ||
		    kvp_format_row_bytes(&vf, heads * l->v_dim, &vr,
		                         "engine.vllm.kv_cache_dtype (draft)",
		                         &res->error) != KVP_OK)
			return res->error.status;
		if (!kvp_add(tok, kr + vr, &tok))
			return kvp_error_set(&res->error, KVP_EOVERFLOW,
				"draft: KV bytes per token overflow 64 bits");
	}
	d->token_bytes = tok;
	d->lookahead = o->num_speculative_tokens;
	d->last_stage = kvp_plan_pp(p) > 1;
	d->kv_kind = KVP_FIG_ENGINE;
	snprintf(d->kv_source, sizeof d->kv_source, "%s",
	         eagle ? "vLLM eagle.py: the head's layers share "
	         "the pool" : "vLLM draft_model.py: the draft's layers share "
	         "the pool");
	return KVP_OK;
}

/*
 * vLLM's MTP drafter (method mtp): EagleProposer.load_model (vllm/v1/
 * spec_decode/eagle.py @008603a3) loads the model's MTP module with the
 * target's vllm_config, so its decoder layers' attention (model.arch.
 * mtp_layers of them: deepseek_mtp.py builds num_nextn_predict_layers)
 * is registered beside the target's and gets pages in the same pool; it
 * shares the target's embed_tokens and lm_head ("Detected MTP model").
 * The layers are grouped in engines/vllm/vl_group.c (vl_group_mtp); the weights of the
 * MTP layers are not counted here: a safetensors or GGUF file's tensors
 * hold them (the mtp group), a config's estimate names them as not
 * counted.
 */
static enum kvp_status vllm_mtp(const struct kvp_plan *p, struct kvp_result *res)
{
	struct kvp_draft_result *d = &res->draft;

	d->present = true;
	d->mtp = true;
	d->n_layers = p->model.arch.mtp_layers;
	d->lookahead = p->engine.vllm.num_speculative_tokens;
	d->weights_kind = KVP_FIG_NONE;
	snprintf(d->weights_source, sizeof d->weights_source,
	         "MTP layers: in the model's file weights, not in an estimate");
	d->kv_kind = KVP_FIG_ENGINE;
	snprintf(d->kv_source, sizeof d->kv_source,
	         "vLLM eagle.py: the MTP layers share the pool");
	return KVP_OK;
}

enum kvp_spec_method kvp_draft_method(const struct kvp_model *draft,
                                      enum kvp_spec_method given)
{
	/* vLLM's speculative_config takes the head's own method: an EAGLE-3
	 * head drafts with eagle3; an EAGLE-1 head's config is a plain
	 * llama's, so eagle stays where it was given; any other model drafts
	 * with draft_model */
	if (draft->arch.eagle3)
		return KVP_SPEC_EAGLE3;
	return given == KVP_SPEC_EAGLE ? KVP_SPEC_EAGLE : KVP_SPEC_DRAFT_MODEL;
}

enum kvp_status kvp_draft_prepare(const struct kvp_plan *p,
                                  struct kvp_result *res,
                                  kvp_compute_fn recompute)
{
	enum kvp_status st;

	memset(&res->draft, 0, sizeof res->draft);
	/* a head is no model of its own: sized as one, its embedding and
	 * lm_head would be the target's vocabulary (2.8x SpecForge's
	 * Qwen3-32B head) */
	if (p->model.arch.eagle3)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"model.arch.eagle3: %s is an EAGLE-3 head - it drafts for a "
			"target model: give it with --speculative-model",
			p->model.id[0] ? p->model.id : "the model");
	if (p->engine.kind == KVP_ENGINE_VLLM &&
	    (st = vllm_method(p, &res->error)) != KVP_OK)
		return st;
	if (p->engine.kind == KVP_ENGINE_VLLM &&
	    p->engine.vllm.speculative_method == KVP_SPEC_MTP)
		return vllm_mtp(p, res);
	if (p->draft.n_layers == 0)
		return KVP_OK;
	st = draft_refusals(p, &res->error);
	if (st != KVP_OK)
		return st;
	res->draft.present = true;
	res->draft.n_layers = p->draft.n_layers;
	if (p->engine.kind == KVP_ENGINE_VLLM)
		return vllm_draft(p, res, recompute);
	return KVP_OK;
}

/*
 * llama.cpp: one context per slot, each the draft with n_ctx_dft cells
 * and one sequence, sized by the llama.cpp rules (a nested computation
 * with those options); the weights placed as host.c places a model's
 * (the input embeddings in host memory).
 */
static enum kvp_status llamacpp_draft(const struct kvp_plan *p,
                                      struct kvp_result *res,
                                      kvp_compute_fn recompute)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_draft_result *d = &res->draft;
	uint64_t n = (uint64_t)(p->devices.tp ? p->devices.tp : 1) *
	             (p->devices.pp ? p->devices.pp : 1) *
	             (p->devices.dp ? p->devices.dp : 1);
	uint64_t kv_dev, kv_host, w_dev, w_host;
	struct kvp_plan sub;
	struct kvp_result sres;
	enum kvp_status st;

	if (n > 1)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"draft: across %llu devices - the draft's placement (-devd) "
			"is modelled on one device", (unsigned long long)n);
	if (o->n_gpu_layers_draft >= 0 &&
	    (uint64_t)o->n_gpu_layers_draft <= p->draft.n_layers)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.llamacpp.n_gpu_layers_draft: %d of %u layers - a "
			"draft partly in host memory is not modelled (-1 = all)",
			(int)o->n_gpu_layers_draft, p->draft.n_layers);
	d->cells = o->ctx_size_draft ? o->ctx_size_draft : res->engine.cells;
	d->contexts = o->parallel;
	sub_plan(p, &sub);
	sub.engine.llamacpp.ctx_size = d->cells;
	sub.engine.llamacpp.batch_size = d->cells;
	sub.engine.llamacpp.parallel = 1;
	sub.engine.llamacpp.kv_unified = false;
	sub.engine.llamacpp.cache_type_k = o->cache_type_k_draft;
	sub.engine.llamacpp.cache_type_v = o->cache_type_v_draft;
	sub.engine.llamacpp.n_gpu_layers = -1;
	sub.engine.llamacpp.n_cpu_moe = 0;
	st = recompute(&sub, &sres);
	if (st != KVP_OK)
		return sub_error(res, &sres, st);
	weights_label(d, &sres);
	d->cells = sres.engine.cells;   /* padded as llama.cpp pads n_ctx */
	d->context_bytes = sres.kv.bytes;
	kv_dev = sres.kv.device_bytes;
	kv_host = sres.kv.host_bytes;
	w_host = sres.host.weights_bytes;
	w_dev = sres.n_devices ? sres.devices[0].weights_bytes : sres.weights.bytes;
	if (!kvp_mul(d->context_bytes, d->contexts, &d->kv_bytes) ||
	    !kvp_mul(kv_dev, d->contexts, &d->kv_device) ||
	    !kvp_mul(kv_host, d->contexts, &kv_host) ||
	    !kvp_add(w_host, kv_host, &d->host_bytes) ||
	    !kvp_add(w_dev, d->kv_device, &d->device_bytes))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"engine.llamacpp.ctx_size_draft: %llu - the draft's KV "
			"overflows 64 bits", (unsigned long long)d->cells);
	d->weights_device = w_dev;
	d->kv_kind = KVP_FIG_EXACT;
	snprintf(d->kv_source, sizeof d->kv_source,
	         "llama.cpp server: one draft context per slot");
	return KVP_OK;
}

enum kvp_status kvp_draft_finish(const struct kvp_plan *p,
                                 struct kvp_result *res,
                                 kvp_compute_fn recompute)
{
	struct kvp_draft_result *d = &res->draft;

	if (!d->present)
		return KVP_OK;
	if (p->engine.kind == KVP_ENGINE_LLAMACPP)
		return llamacpp_draft(p, res, recompute);
	/* vLLM: the engine stage filled kv_device from its block count */
	if (!kvp_add(d->weights_device, d->kv_device, &d->device_bytes))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"draft: bytes per device overflow 64 bits");
	return KVP_OK;
}
