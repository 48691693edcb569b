/*
 * test_import_served.c - issue 35p: text-only models people serve in
 * 2025-2026 whose real config.json kvplan refused or sized wrong, each
 * reproduced by a minimal hand-written config of the same shape (the
 * model and where its config was read named in the comment; no Hub file
 * is vendored), sized for ONE sequence of T positions, f16 cache,
 * generic dynamic strategy (one_sequence.h), the bytes worked by hand.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void from_text(const char *text, uint64_t t)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "inline",
	              &plan.model, NULL, &err) == KVP_OK, "%s", err.msg);
	one_sequence_plan(&plan, t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
}

static void refused_naming(const char *text, const char *what)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "r", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, what) != NULL, "%s: %s", what, err.msg);
}

/* Granite 4.0's Mamba2 keys, as ibm-granite/granite-4.0-micro writes
 * them (the shape of vllm-project/vllm-spyre tests/fixtures/
 * model_configs/ibm-granite/granite-4-8b-dense-hybrid/config.json) */
#define GRANITE_MAMBA "\"mamba_chunk_size\":256,\"mamba_conv_bias\":true," \
	"\"mamba_d_conv\":4,\"mamba_d_head\":64,\"mamba_d_state\":256," \
	"\"mamba_expand\":2,\"mamba_n_groups\":1,\"mamba_n_heads\":128," \
	"\"mamba_proj_bias\":false"
#define GRANITE_DIMS "\"model_type\":\"granitemoehybrid\"," \
	"\"architectures\":[\"GraniteMoeHybridForCausalLM\"]," \
	"\"num_hidden_layers\":4,\"hidden_size\":4096," \
	"\"num_attention_heads\":32,\"num_key_value_heads\":8," \
	"\"vocab_size\":1000,\"num_local_experts\":0," \
	"\"num_experts_per_tok\":0,\"shared_intermediate_size\":12800"

/*
 * Granite 4.0 dense (granite-4.0-micro; vLLM config/model.py
 * ModelConfig.is_hybrid: a hybrid config whose layer_types are all
 * "attention" runs as a plain decoder): 4 attention layers x 8 KV heads
 * x (128 + 128) x 2 B = 16,384 B/position (4,096 / 32 = 128), x 64 =
 * 1,048,576, no state; the mamba_* keys size nothing. Before the fix:
 * refused naming mamba_d_conv. With a Mamba layer the keys are the
 * state's: layers 1-3 Mamba2, conv (64 x 128 + 2 x 1 x 256) x 3 =
 * 26,112, SSM 128 x 64 x 256 = 2,097,152, (26,112 + 2,097,152) x 4 B =
 * 8,493,056 per layer, x 3 = 25,479,168; one attention layer 4,096
 * B/position, x 64 = 262,144. Without layer_types the keys stay unread:
 * refused.
 */
START_TEST(granite4_dense)
{
	from_text("{" GRANITE_DIMS "," GRANITE_MAMBA ",\"layer_types\":"
	          "[\"attention\",\"attention\",\"attention\",\"attention\"]}",
	          64);
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.state_bytes, 0);
	ck_assert_uint_eq(res.kv.bytes, 1048576);
	from_text("{" GRANITE_DIMS "," GRANITE_MAMBA ",\"layer_types\":"
	          "[\"attention\",\"mamba\",\"mamba\",\"mamba\"]}", 64);
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.state_bytes, 25479168);
	ck_assert_uint_eq(res.kv.bytes, 262144 + 25479168);
	refused_naming("{" GRANITE_DIMS "," GRANITE_MAMBA "}", "mamba_");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_served");
	TCase *tc = tcase_create("served");

	tcase_add_test(tc, granite4_dense);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
