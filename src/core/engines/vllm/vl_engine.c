/*
 * vl_engine.c - which engine vLLM itself runs a plan on, V0 or V1.
 *
 * From 0.8.0 (KVP_ERA_VLLM_V1, PR #13726 "[V1] V1 Enablement Oracle")
 * vLLM chooses per launch: vllm/engine/arg_utils.py create_engine_config
 * asks _is_v1_supported_oracle when VLLM_USE_V1 is unset, and falls back
 * to V0 ("... is not supported by the V1 Engine. Falling back to V0."
 * from _raise_or_fallback, or "... is experimental on VLLM_USE_V1=1.
 * Falling back to V0 Engine." from _warn_or_fallback) for each condition
 * below; V0 is gone from 0.11.0. Each row: the condition, the releases
 * that fall back for it (first and last, inclusive; a release's suffix
 * such as .post1 or .1 counts as its three numbers), how vLLM words it,
 * and where it comes from. A release is V1 when no row holds.
 *
 * VLLM_USE_V1 is engine.vllm.use_v1: auto (unset) as above; off (0) runs
 * V0 in 0.8.0-0.10.x (refused from 0.11.0, which has none); on (1) runs
 * V1 where a row is experimental (_warn_or_fallback) and is refused where
 * vLLM raises (_raise_or_fallback: "VLLM_USE_V1=1 is not supported with
 * ..."); on before 0.8.0 (V1's alpha) is refused. What kvplan's plan
 * cannot know is taken as vLLM's default: the distributed executor is
 * the default one (not Ray), VLLM_ATTENTION_BACKEND unset.
 *
 * Left out (the plan does not hold them, or their releases are not
 * pinned): an fp8 KV cache (V0
 * in 0.8.0, V1 later only where FlashAttention 3 or the platform takes
 * it); speculative ngram, EAGLE and MTP (experimental, V0 through at
 * least 0.9.0, the release V1 takes them not pinned); LoRA and MLA
 * (experimental in 0.8.0 only, not pinned); Mamba and encoder-decoder
 * models (not is_v1_compatible: kvplan's V0 refuses their state anyway).
 */
#include <stddef.h>
#include <string.h>

#include "core/engines/vllm/vl_engine.h"
#include "kvplan/era.h"

/*
 * Models vLLM ran on V0 only (the model class SupportsV0Only: the
 * registry's is_v1_compatible false, so _is_v1_supported_oracle falls
 * back, "['<arch>'] is not supported by the V1 Engine. Falling back to
 * V0.", and VLLM_USE_V1=1 raises), with the releases that served them;
 * outside those, vLLM does not serve the model at all (its registry's
 * _PREVIOUSLY_SUPPORTED_MODELS names the last). By model_type, one row
 * each, its source.
 */
static const struct { const char *model_type, *arch, *first, *last, *src; }
vl_v0_only[] = {
	/* PR #20702 "[Model] New model support for microsoft/Phi-4-mini-
	 * flash-reasoning" (merged 2025-07, after 0.9.2: 0.10.0 taken, not
	 * verified by a tag); phi4flash.py @03356f8c Phi4FlashForCausalLM(
	 * ..., SupportsV0Only); PR #25832 "Phi4FlashForCausalLM": "0.10.2"
	 * in _PREVIOUSLY_SUPPORTED_MODELS (V0 removed in 0.11.0) */
	{ "phi4flash", "Phi4FlashForCausalLM", "0.10.0", "0.10.2",
	  "vLLM phi4flash.py @03356f8c (SupportsV0Only), PR #20702, PR #25832" },
};

/* The row of a V0-only model, or -1. */
static int v0_only_row(const struct kvp_plan *p)
{
	size_t i;

	for (i = 0; i < sizeof vl_v0_only / sizeof vl_v0_only[0]; i++)
		if (!strcmp(p->model.model_type, vl_v0_only[i].model_type))
			return (int)i;
	return -1;
}

enum vl_cond {
	VC_NOT_CUDA,     /* the card's platform is not CUDA */
	VC_PRE_AMPERE,   /* a CUDA card of compute capability below 8.0 */
	VC_FLOAT32,      /* --dtype float32 */
	VC_DRAFT_MODEL,  /* speculative decoding with a draft model */
	VC_PP,           /* pipeline parallelism, the default executor */
	VC_V0_ONLY       /* a model vLLM runs on V0 only (vl_v0_only[]) */
};

/* experimental: vLLM's _warn_or_fallback (VLLM_USE_V1=1 runs V1 anyway);
 * else _raise_or_fallback, whose VLLM_USE_V1=1 raises "VLLM_USE_V1=1 is
 * not supported with <feature>." (feature: vLLM's own name for it) */
static const struct { enum vl_cond cond; const char *first, *last;
                      const char *what, *src, *ask; bool experimental;
                      const char *feature; }
vl_v0_rows[] = {
	/* 0.8.0-0.8.5: "Non-CUDA is supported on V1, but off by default
	 * for now" (not_cuda = not current_platform.is_cuda()); 0.9.0: "Non-
	 * [CUDA, TPU] may be supported on V1" (v0_hardware = not any(
	 * (is_cuda(), is_tpu()))); PR #19440 "[ROCm][V1] Adding ROCm to the
	 * list of plaforms using V1 by default" (is_cuda_alike()) was merged
	 * on 2025-06-10, the day 0.9.1 was released, and is not in it: a
	 * 0.9.1 start-up on ROCm prints "rocm is experimental on
	 * VLLM_USE_V1=1. Falling back to V0 Engine." then "Initializing a V0
	 * LLM engine (v0.9.1)" (vLLM issue #20007, search index file id
	 * 56881620889); 0.9.2 (July 2025, from main) is the first with it. A
	 * 0.8.5 start-up on a Radeon Pro VII prints the same fallback (search
	 * index file id 54382809113, tests/data/vllm_startups). */
	{ VC_NOT_CUDA, "0.8.0", "0.9.1",
	  "a card whose platform is not CUDA (ROCm): 'rocm is experimental on "
	  "VLLM_USE_V1=1. Falling back to V0 Engine.'",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle, PR #13726 (0.8.0) "
	  "to PR #19440 (0.9.2)",
	  "devices.groups[0].card.platform: unknown - vLLM %s runs its V0 "
	  "engine on ROCm and V1 on CUDA (%s): name the card's platform (cuda, "
	  "rocm or metal)", true, "rocm" },
	/* "Need at least Ampere for now (FA support required)." (current_
	 * platform.is_cuda() and get_device_capability().major < 8); PR
	 * #23614, as the float32 row below. A 0.10.1-era log on a T4: "Compute
	 * Capability < 8.0 is not supported by the V1 Engine. Falling back to
	 * V0." (vLLM issue #23531). */
	{ VC_PRE_AMPERE, "0.8.0", "0.10.1",
	  "a CUDA card of compute capability below 8.0 (T4, V100): 'Compute "
	  "Capability < 8.0 is not supported by the V1 Engine. Falling back to "
	  "V0.'",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle, PR #13726 (0.8.0) "
	  "to PR #23614 (0.10.2)",
	  "devices.groups[0].card.compute_capability: 0 - vLLM %s runs its V0 "
	  "engine on a CUDA card below compute capability 8.0 and V1 above "
	  "(%s): name the card's (75 for 7.5)", false,
	  "Compute Capability < 8.0" },
	/* "Only Fp16 and Bf16 dtypes since we only support FA." V1_SUPPORTED_
	 * DTYPES = [torch.bfloat16, torch.float16]; PR #23614 "[V1] Enable V1
	 * for compute capability < 8.0 + FP32", merged 2025-08-27, after
	 * 0.10.1.1 (2025-08-20): 0.10.2 is the first without the row. */
	{ VC_FLOAT32, "0.8.0", "0.10.1",
	  "--dtype float32: '--dtype torch.float32 is not supported by the V1 "
	  "Engine. Falling back to V0.'",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle, PR #13726 (0.8.0) "
	  "to PR #23614 (0.10.2)", NULL, false, "--dtype torch.float32" },
	/* "Only Ngram speculative decoding so far." (0.8.0), later ngram,
	 * EAGLE, Medusa and MTP methods: a draft model (speculative_config
	 * "model" other than "[ngram]") is none of them through 0.10.x; 0.11.0
	 * has no V0 to fall back to. */
	{ VC_DRAFT_MODEL, "0.8.0", "0.10.2",
	  "speculative decoding with a draft model: 'Speculative Decoding is "
	  "not supported by the V1 Engine. Falling back to V0.'",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle, PR #13726; V0 "
	  "removed in 0.11.0", NULL, false, "Speculative Decoding" },
	/* "Pipeline Parallelism without Ray distributed executor" (PR #16057,
	 * 2025-04-04: the default mp executor falls back, _raise_or_fallback;
	 * its description says that before it a PP launch with default
	 * arguments ran V1 and failed: 0.8.x releases before it are taken as
	 * V0 too, a launch vLLM may not have started at all); PR #18915
	 * "[Bugfix] Fix PP default fallback behavior for V1" (2025-05-29: the
	 * default executor, None, runs V1), first in 0.9.1. */
	{ VC_PP, "0.8.0", "0.9.0",
	  "pipeline parallelism with the default (multiprocessing) executor: "
	  "'Pipeline Parallelism without Ray distributed executor ... Falling "
	  "back to V0.' (--distributed-executor-backend ray runs V1: not an "
	  "option of kvplan's)",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle, PR #13726, PR "
	  "#16057, PR #18915 (0.9.1)", NULL, false,
	  "Pipeline Parallelism without Ray distributed executor" },
	/* vl_v0_only[]'s models, within the releases that served them */
	{ VC_V0_ONLY, "0.10.0", "0.10.2",
	  "a model vLLM runs on V0 only (SupportsV0Only): \"['<architecture>'] "
	  "is not supported by the V1 Engine. Falling back to V0.\"",
	  "vllm/engine/arg_utils.py _is_v1_supported_oracle "
	  "(model_config.is_v1_compatible); vl_v0_only[]", NULL, false,
	  "the model's architecture" },
};

/* Whether a row's condition holds for the plan; *unknown when it turns on
 * what the plan does not say (the card's platform). */
static bool cond_holds(const struct kvp_plan *p, enum vl_cond c, bool *unknown)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;

	*unknown = false;
	switch (c) {
	case VC_NOT_CUDA:
		if (!p->devices.n_groups)
			return true;   /* no card: V0 (sliding layers whole) */
		if (p->devices.groups[0].card.platform == KVP_PLATFORM_UNKNOWN) {
			*unknown = true;
			return true;
		}
		return p->devices.groups[0].card.platform != KVP_PLATFORM_CUDA;
	case VC_PRE_AMPERE:
		if (!p->devices.n_groups ||
		    p->devices.groups[0].card.platform != KVP_PLATFORM_CUDA)
			return false;   /* no card, or not CUDA: the row above */
		*unknown = p->devices.groups[0].card.compute_capability == 0;
		return p->devices.groups[0].card.compute_capability < 80;
	case VC_FLOAT32:
		return o->dtype == KVP_DT_F32;
	case VC_DRAFT_MODEL:
		return o->speculative_method == KVP_SPEC_DRAFT_MODEL;
	case VC_PP:
		return p->devices.pp > 1 || o->pipeline_parallel_size > 1;
	case VC_V0_ONLY:
		return v0_only_row(p) >= 0;
	}
	return false;
}

/* The row that sends the plan to V0, or -1. A row whose condition turns
 * on what the plan does not say counts only when no other row holds:
 * *unknown then. */
static int v0_row(const struct kvp_plan *p, bool *unknown)
{
	const char *v = p->engine.version;
	int guess = -1;
	size_t i;

	*unknown = false;
	if (!v[0] || !kvp_era_has(&p->engine, KVP_ERA_VLLM_V1))
		return -1;
	for (i = 0; i < sizeof vl_v0_rows / sizeof vl_v0_rows[0]; i++) {
		bool unk;

		if (!kvp_release_at_least(v, vl_v0_rows[i].first) ||
		    !kvp_release_at_least(vl_v0_rows[i].last, v) ||
		    (vl_v0_rows[i].experimental &&
		     p->engine.vllm.use_v1 == KVP_ON) ||
		    !cond_holds(p, vl_v0_rows[i].cond, &unk))
			continue;
		if (!unk)
			return (int)i;
		if (guess < 0)
			guess = (int)i;
	}
	*unknown = guess >= 0;
	return guess;
}

/* A V0-only model outside the releases that served it (the current
 * release when the plan names none): refused. */
static enum kvp_status not_served(const struct kvp_plan *p,
                                  struct kvp_error *err)
{
	int i = v0_only_row(p);
	const char *v = p->engine.version;

	if (i < 0 || (v[0] && kvp_release_at_least(v, vl_v0_only[i].first) &&
	              kvp_release_at_least(vl_v0_only[i].last, v)))
		return KVP_OK;
	return kvp_error_set(err, KVP_EREFUSED, "engine.version: %s - vLLM "
		"serves %s (model_type %s) in %s-%s only, on its V0 engine (%s)",
		v[0] ? v : "the current release", vl_v0_only[i].arch,
		vl_v0_only[i].model_type, vl_v0_only[i].first, vl_v0_only[i].last,
		vl_v0_only[i].src);
}

/* A release with a V0 engine to choose: before 0.11.0 (V0 removed); the
 * current release has none. */
static bool has_v0(const struct kvp_plan *p)
{
	return p->engine.version[0] &&
	       !kvp_release_at_least(p->engine.version, "0.11.0");
}

bool kvp_vllm_v1(const struct kvp_plan *p)
{
	bool unknown;

	if (!kvp_era_has(&p->engine, KVP_ERA_VLLM_V1))
		return false;
	if (p->engine.vllm.use_v1 == KVP_OFF && has_v0(p))
		return false;   /* VLLM_USE_V1=0 */
	return p->engine.vllm.use_v1 == KVP_ON || v0_row(p, &unknown) < 0;
}

enum kvp_status kvp_vllm_engine_check(const struct kvp_plan *p,
                                      const char **why,
                                      struct kvp_error *err)
{
	const char *v = p->engine.version[0] ? p->engine.version
	                                     : "at the current release";
	enum kvp_tristate u = p->engine.vllm.use_v1;
	bool unknown, v1era = kvp_era_has(&p->engine, KVP_ERA_VLLM_V1);
	int r = v0_row(p, &unknown);

	*why = r < 0 ? NULL : vl_v0_rows[r].what;
	if (not_served(p, err))
		return err->status;
	if (u == KVP_OFF && v1era && !has_v0(p))
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.use_v1: off - vLLM %s has no V0 engine "
			"(VLLM_USE_V1=0 runs V0 in 0.8.0-0.10.x; 0.11.0 removed it)", v);
	if (u == KVP_ON && !v1era)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.use_v1: on - vLLM %s runs V1 only as its alpha "
			"(VLLM_USE_V1=1 before 0.8.0), which kvplan does not model: "
			"name 0.8.0 or later", v);
	if (u == KVP_OFF) {
		*why = v1era ? "VLLM_USE_V1=0" : NULL;
		return KVP_OK;
	}
	if (r >= 0 && unknown)
		return kvp_error_set(err, KVP_EREFUSED, vl_v0_rows[r].ask,
		                     p->engine.version, vl_v0_rows[r].src);
	if (r >= 0 && u == KVP_ON)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.vllm.use_v1: on - vLLM %s: 'VLLM_USE_V1=1 is not "
			"supported with %s.' (%s)", v, vl_v0_rows[r].feature,
			vl_v0_rows[r].src);
	return KVP_OK;
}
