/*
 * sg_rules.c - SGLang's rules as rows (sg_rules.h). A new SGLang release
 * that changes one of them is a row here with its release range and its
 * source; the driver (engine_sglang.c) only looks them up.
 */
#include <string.h>

#include "core/engines/sglang/sg_rules.h"
#include "kvplan/era.h"

/*
 * mem_fraction_static's default (server_args.py __post_init__, "if
 * self.mem_fraction_static is None"): by tp, the first row whose
 * releases hold the plan's and whose tp_min the plan reaches, read top
 * down.
 */
static const struct sg_fraction_row fraction_rows[] = {
	{ "", "", 16, 790000, "server_args.py before the memory-reserve rework: tp >= 16" },
	{ "", "", 8, 810000, "server_args.py before the memory-reserve rework: tp >= 8" },
	{ "", "", 4, 850000, "server_args.py before the memory-reserve rework: tp >= 4" },
	{ "", "", 2, 870000, "server_args.py before the memory-reserve rework: tp >= 2" },
	{ "", "", 1, 880000, "server_args.py before the memory-reserve rework: tp 1" },
};

static const struct sg_reqs_rule reqs_rule = {
	512, 2048, 4096,
	"model_runner.py init_memory_pool: max_num_reqs = min(max(int("
	"max_total_num_tokens / model_config.context_len * 512), 2048), 4096)",
};

static const struct sg_defaults defaults = {
	800000, 900000, 3, 128,
	"server_args.py swa_full_tokens_ratio 0.8, mamba_full_memory_ratio 0.9 "
	"(PR #11679); MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO 3 (radix "
	"cache, no extra buffer); memory_pool.py NSATokenToKVPool "
	"quant_block_size 128 (sglang@001ccef0)",
};

/*
 * Families SGLang serves with its hybrid sliding-window pool (SWAKVPool):
 * model_config.py is_hybrid_swa_model's architectures
 * (Llama4ForConditionalGeneration, GptOssForCausalLM,
 * MiMoV2FlashForCausalLM, Step3p5ForCausalLM,
 * Gemma4ForCausalLM/ForConditionalGeneration; sglang main, 2026), here by
 * the model_type their configs carry; MiMoV2ForCausalLM, the architecture
 * of model_type mimo_v2 (MiMo-V2.5), is in that set too (*MIMO_V2_MODEL_
 * ARCHS: MiMoV2ForCausalLM and MiMoV2FlashForCausalLM). Other families
 * keep one pool with their sliding layers full size (PR #39309 asks to
 * add one more).
 */
static const char *const hybrid_swa[] = {
	"llama4", "llama4_text", "gpt_oss", "mimo_v2_flash", "mimo_v2", "step3p5",
	"gemma4", "gemma4_text",
};

/* release within [first, last], "" unbounded; the current release
 * (no version) is within every open-ended range */
static bool in_range(const struct kvp_engine_opts *o, const char *first,
                     const char *last)
{
	if (!o->version[0])
		return !last[0];
	return (!first[0] || kvp_release_at_least(o->version, first)) &&
	       (!last[0] || kvp_release_at_least(last, o->version));
}

uint32_t sg_default_fraction(const struct kvp_engine_opts *o, uint32_t tp)
{
	size_t i;

	for (i = 0; i < sizeof fraction_rows / sizeof fraction_rows[0]; i++)
		if (tp >= fraction_rows[i].tp_min &&
		    in_range(o, fraction_rows[i].first, fraction_rows[i].last))
			return fraction_rows[i].ppm;
	return fraction_rows[sizeof fraction_rows / sizeof fraction_rows[0] - 1].ppm;
}

const struct sg_reqs_rule *sg_reqs_rule(void)
{
	return &reqs_rule;
}

const struct sg_defaults *sg_defaults(void)
{
	return &defaults;
}

bool sg_hybrid_swa_family(const char *model_type)
{
	size_t k;

	for (k = 0; k < sizeof hybrid_swa / sizeof hybrid_swa[0]; k++)
		if (!strcmp(model_type, hybrid_swa[k]))
			return true;
	return false;
}
