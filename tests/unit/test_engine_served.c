/*
 * test_engine_served.c - families kvplan reads from llama.cpp's converter
 * registrations alone (engine_served.c converter_only[]): vLLM refuses
 * them naming the class its registry lacks, SGLang and TensorRT-LLM
 * refuse them (their support not read), llama.cpp and the generic
 * engine size them. The list below is checked against the outside
 * record, tests/data/hf/sweep/registry.tsv: each class is there, and no
 * line gives the model_type a vLLM module (every line of it says
 * "llama.cpp:" or "-", the converter's share).
 *
 * The plan is a plain one (2 full layers of 2 KV heads of 64, f16, one
 * sequence of 16 positions: 2 x 2 x 2 x 64 x 2 B = 1,024 B a position,
 * 16,384 B), its model_type set to the family's: the refusal reads the
 * model_type alone.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

#define REGISTRY KVP_SRCDIR "/tests/data/hf/sweep/registry.tsv"

static const struct {
	const char *model_type;
	const char *arch;
} rows[] = {
	{ "solar_open", "SolarOpenForCausalLM" },
	{ "youtu", "YoutuForCausalLM" },
	{ "youtu_vl", "YoutuVLForConditionalGeneration" },
	{ "kormo", "KORMoForCausalLM" },
	{ "granite_swa", "GraniteSWAForCausalLM" },
	{ "granitemoe_swa", "GraniteMoeSWAForCausalLM" },
	{ "talkie", "TalkieForCausalLM" },
	{ "plamo", "PlamoForCausalLM" },
	{ "kclgpt", "CodeShellForCausalLM" },
	{ "janus", "JanusForConditionalGeneration" },
	{ "onyx", "OnyxForConditionalGeneration" },
};

static struct kvp_plan plan;
static struct kvp_result res;

static enum kvp_status under(const char *model_type, enum kvp_engine_kind e)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 2;
	plan.model.base.kind = KVP_LAYER_FULL;
	plan.model.base.kv_heads = 2;
	plan.model.base.k_dim = 64;
	plan.model.base.v_dim = 64;
	plan.model.q_heads = 2;
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "%s",
	         model_type);
	one_sequence_plan(&plan, 16);
	plan.engine.kind = e;
	return kvp_compute(&plan, &res);
}

/* every registry.tsv line of this model_type: the class seen, and none
 * with a vLLM module */
static void registry_says_converter_only(const char *type, const char *arch)
{
	char line[4096], a[256], mod[256], t[256];
	int seen = 0;
	FILE *f = fopen(REGISTRY, "r");

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' ||
		    sscanf(line, "%255[^\t]\t%255[^\t]\t%255[^\t]", a, mod, t) != 3 ||
		    strcmp(t, type))
			continue;
		ck_assert_msg(!strcmp(mod, "-") || !strncmp(mod, "llama.cpp:", 10),
		              "%s: vLLM module %s in registry.tsv", type, mod);
		seen += !strcmp(a, arch);
	}
	fclose(f);
	ck_assert_msg(seen, "%s: %s not in registry.tsv", type, arch);
}

START_TEST(converter_only_families)
{
	size_t k;

	for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		registry_says_converter_only(rows[k].model_type, rows[k].arch);
		ck_assert_int_eq(under(rows[k].model_type, KVP_ENGINE_VLLM),
		                 KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, rows[k].arch) &&
		              strstr(res.error.msg, "model.model_type"), "%s",
		              res.error.msg);
		ck_assert_int_eq(under(rows[k].model_type, KVP_ENGINE_SGLANG),
		                 KVP_EREFUSED);
		ck_assert_int_eq(under(rows[k].model_type, KVP_ENGINE_TRTLLM),
		                 KVP_EREFUSED);
		ck_assert_int_eq(under(rows[k].model_type, KVP_ENGINE_GENERIC),
		                 KVP_OK);
		ck_assert_uint_eq(res.kv.bytes, 16384);
		/* Onyx's conversion module is newer than the 80fb11a build
		 * kvplan's llama.cpp rules model (not_in_llamacpp below) */
		ck_assert_int_eq(under(rows[k].model_type, KVP_ENGINE_LLAMACPP),
		                 strcmp(rows[k].model_type, "onyx") ? KVP_OK
		                                                   : KVP_EREFUSED);
	}
}
END_TEST

/* model_rows[]: FastVLM-style VLMs and Mistral Small 4's text model,
 * whose classes vLLM's registry lacks (registry.tsv has no line for them
 * either: checked here), refused under vLLM naming the class, SGLang
 * and TensorRT-LLM as not read; llama.cpp and generic sized */
START_TEST(not_in_vllm_registry)
{
	static const char *const rows2[][2] = {
		{ "llava_qwen2", "LlavaQwen2ForCausalLM" },
		{ "llava_qwen3", "LlavaQwen3ForCausalLM" },
		{ "mistral4", "Mistral4ForCausalLM" },
	};
	char line[4096];
	size_t k;
	FILE *f;

	for (k = 0; k < 3; k++) {
		f = fopen(REGISTRY, "r");
		ck_assert_ptr_nonnull(f);
		while (fgets(line, sizeof line, f))
			ck_assert_msg(!strstr(line, rows2[k][1]), "%s", line);
		fclose(f);
		ck_assert_int_eq(under(rows2[k][0], KVP_ENGINE_VLLM),
		                 KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, rows2[k][1]) != NULL, "%s",
		              res.error.msg);
		ck_assert_int_eq(under(rows2[k][0], KVP_ENGINE_SGLANG),
		                 KVP_EREFUSED);
		ck_assert_int_eq(under(rows2[k][0], KVP_ENGINE_TRTLLM),
		                 KVP_EREFUSED);
		ck_assert_int_eq(under(rows2[k][0], KVP_ENGINE_LLAMACPP), KVP_OK);
		ck_assert_int_eq(under(rows2[k][0], KVP_ENGINE_GENERIC), KVP_OK);
		ck_assert_uint_eq(res.kv.bytes, 16384);
	}
}
END_TEST

/* not_in_llamacpp[]: classes llama.cpp's converter at 80fb11a does not
 * register (its conversion/__init__.py class -> module map, read in the
 * bundle of node-llama-cpp 3.21.1: no Onyx, LongcatFlash or
 * LongcatFlashNgram entry), refused under llama.cpp naming the class;
 * generic sized */
START_TEST(not_in_llamacpp_converter)
{
	static const char *const rows3[][2] = {
		{ "onyx", "OnyxForConditionalGeneration" },
		{ "longcat_flash", "LongcatFlashForCausalLM" },
		{ "longcat_flash_ngram", "LongcatFlashNgramForCausalLM" },
	};
	size_t k;

	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(under(rows3[k][0], KVP_ENGINE_LLAMACPP),
		                 KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, rows3[k][1]) &&
		              strstr(res.error.msg, "engine llama.cpp"), "%s",
		              res.error.msg);
		ck_assert_int_eq(under(rows3[k][0], KVP_ENGINE_GENERIC), KVP_OK);
		ck_assert_uint_eq(res.kv.bytes, 16384);
	}
}
END_TEST

/* a family vLLM serves is not caught by the table: Llama under vLLM goes
 * on to ask for a card (the plan names none), not refused by model_type */
START_TEST(served_family_sized)
{
	ck_assert_int_ne(under("llama", KVP_ENGINE_VLLM), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "gpu_memory_utilization") != NULL,
	              "%s", res.error.msg);
	ck_assert_int_eq(under("llama", KVP_ENGINE_GENERIC), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes, 16384);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("engine_served");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, converter_only_families);
	tcase_add_test(tc, not_in_vllm_registry);
	tcase_add_test(tc, not_in_llamacpp_converter);
	tcase_add_test(tc, served_family_sized);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
