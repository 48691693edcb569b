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

/* Ling 2.0's keys beside the sizes, as inclusionAI/Ling-mini-2.0 writes
 * them (the remote-code BailingMoeV2Config; the shape of NVIDIA-NeMo/
 * Megatron-Bridge's Ling-mini-2.0 toy config, model_type bailing_moe_v2) */
#define LING2 "\"model_type\":\"bailing_moe_v2\"," \
	"\"architectures\":[\"BailingMoeV2ForCausalLM\"]," \
	"\"hidden_size\":2048,\"num_attention_heads\":16," \
	"\"num_key_value_heads\":4,\"head_dim\":128,\"vocab_size\":1000," \
	"\"intermediate_size\":5120,\"moe_intermediate_size\":512," \
	"\"num_experts\":256,\"num_experts_per_tok\":8," \
	"\"num_shared_experts\":1,\"first_k_dense_replace\":1," \
	"\"partial_rotary_factor\":0.5,\"rotary_dim\":64," \
	"\"use_qk_norm\":true,\"score_function\":\"sigmoid\"," \
	"\"n_group\":8,\"topk_group\":4,\"routed_scaling_factor\":2.5"

/*
 * Ling / Ring 2.0 (vLLM registry BailingMoeV2ForCausalLM -> bailing_moe.py
 * BailingAttention: num_key_value_heads x head_dim, no window): Ling-mini
 * 2.0's 20 layers x 4 KV heads x (128 + 128) x 2 B = 40,960 B/position,
 * x 64 = 2,621,440; its max_window_layers 20 is read while
 * use_sliding_window is false (absent: the class's false). Ling-flash
 * 2.0's 32 layers and one MTP layer (not in the main cache): 32 x 4 x
 * 256 x 2 = 65,536, x 64 = 4,194,304. Before the fix: model_type
 * bailing_moe_v2 refused as a family kvplan does not know.
 */
START_TEST(ling2)
{
	from_text("{" LING2 ",\"num_hidden_layers\":20,"
	          "\"max_window_layers\":20}", 64);
	ck_assert_uint_eq(res.kv.bytes_per_position, 40960);
	ck_assert_uint_eq(res.kv.bytes, 2621440);
	from_text("{" LING2 ",\"num_hidden_layers\":32,"
	          "\"num_nextn_predict_layers\":1,\"max_window_layers\":28,"
	          "\"use_sliding_window\":false,\"sliding_window\":4096}", 64);
	ck_assert_uint_eq(res.kv.bytes, 4194304);
	refused_naming("{" LING2 ",\"num_hidden_layers\":20,"
	               "\"use_sliding_window\":true,\"sliding_window\":8}",
	               "use_sliding_window");
}
END_TEST

/*
 * Phi-4-mini-flash-reasoning (model_type phi4flash, Phi4FlashForCausalLM,
 * SambaY): imported since its row has the rule (hf_fam_sambay.c; sized
 * in test_import_rows.c phi4flash_sambay); an explicit sliding_window
 * null, which SambaYCache cannot size (min(None, max_cache_len)), is
 * refused naming it. Keys as microsoft/Phi-4-mini-flash-reasoning's
 * config writes them (mb_per_layer, no mamba_* keys).
 */
START_TEST(phi4flash)
{
	refused_naming("{\"model_type\":\"phi4flash\","
	               "\"architectures\":[\"Phi4FlashForCausalLM\"],"
	               "\"num_hidden_layers\":32,\"hidden_size\":2560,"
	               "\"num_attention_heads\":40,\"num_key_value_heads\":20,"
	               "\"mb_per_layer\":2,\"sliding_window\":null,"
	               "\"vocab_size\":200064}", "sliding_window");
}
END_TEST

/* OLMo Hybrid's keys as OLMo-core's conversion to Hugging Face writes
 * them (model_type olmo_hybrid: layer_types, linear_* , no head_dim,
 * rope_parameters null) */
#define OLMO_HYBRID "\"model_type\":\"olmo_hybrid\"," \
	"\"architectures\":[\"OlmoHybridForCausalLM\"]," \
	"\"vocab_size\":49152,\"hidden_size\":512,\"num_hidden_layers\":8," \
	"\"num_attention_heads\":8,\"num_key_value_heads\":8," \
	"\"intermediate_size\":1536,\"linear_num_key_heads\":8," \
	"\"linear_num_value_heads\":8,\"linear_key_head_dim\":96," \
	"\"linear_value_head_dim\":192,\"linear_conv_kernel_dim\":4," \
	"\"linear_allow_neg_eigval\":true,\"rope_parameters\":null"
#define OLMO_HYBRID_TYPES "\"layer_types\":[\"linear_attention\"," \
	"\"linear_attention\",\"linear_attention\",\"full_attention\"," \
	"\"linear_attention\",\"linear_attention\",\"linear_attention\"," \
	"\"full_attention\"]"

/*
 * OLMo Hybrid (vLLM olmo_hybrid.py @055e47c2): 2 full layers x 8 KV
 * heads x (64 + 64) x 2 B = 4,096 B/position (512 / 8 = 64), x 64 =
 * 262,144; 6 gated DeltaNet layers (gated_delta_net_state_shape): conv
 * (2 x 8 x 96 + 8 x 192) x (4 - 1) = 9,216, SSM 8 x 96 x 192 = 147,456,
 * (9,216 + 147,456) x 4 B = 626,688 per layer, x 6 = 3,760,128. Without
 * layer_types, or with a head_dim vLLM does not take: refused. Before
 * the fix: model_type olmo_hybrid refused as a family kvplan does not
 * know.
 */
START_TEST(olmo_hybrid)
{
	from_text("{" OLMO_HYBRID "," OLMO_HYBRID_TYPES "}", 64);
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.state_bytes, 3760128);
	ck_assert_uint_eq(res.kv.bytes, 262144 + 3760128);
	refused_naming("{" OLMO_HYBRID "}", "layer_types");
	refused_naming("{" OLMO_HYBRID "," OLMO_HYBRID_TYPES ",\"head_dim\":32}",
	               "head_dim");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_served");
	TCase *tc = tcase_create("served");

	tcase_add_test(tc, granite4_dense);
	tcase_add_test(tc, ling2);
	tcase_add_test(tc, phi4flash);
	tcase_add_test(tc, olmo_hybrid);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
