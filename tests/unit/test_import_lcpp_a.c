/*
 * test_import_lcpp_a.c - issue 35's sweep of llama.cpp's HF registrations
 * (convert_hf_to_gguf's conversion folder at 80fb11a, the release kvplan
 * models) that no family row named: each architecture's model_type sized
 * (or refused by name) from a minimal hand-made config, ONE sequence of T
 * positions, f16 cache, generic dynamic strategy (one_sequence.h), the
 * bytes worked by hand in the comments from the rule the row cites.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "inline_import.h"

/* 2 layers, 4 query heads over 2 KV heads of 64 (hidden 256) */
#define DIMS2 "\"num_hidden_layers\":2,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000,\"max_position_embeddings\":4096," \
	"\"torch_dtype\":\"bfloat16\""

/* the plan just imported, under a named engine: refused naming what */
static void engine_refuses(enum kvp_engine_kind e, const char *words)
{
	plan.engine.kind = e;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, words) != NULL, "%s",
	              res.error.msg);
}

/*
 * Solar Open (transformers modular_solar_open.py SolarOpenConfig: every
 * layer LlamaAttention, full, num_key_value_heads x head_dim; llama.cpp
 * GLM4_MOE the same): 2 layers x 2 KV heads x (64 + 64) x 2 B = 1,024
 * B/position, x 16 = 16,384. head_dim and num_key_value_heads left out:
 * the class's 128 and 8 (16 heads here): 2 x 8 x (128 + 128) x 2 =
 * 8,192 B/position, x 16 = 131,072 (hidden / heads would give 16 x 16 x
 * 2 x 2 x 2 = 2,048). Without the row: a family kvplan does not know.
 */
START_TEST(solar_open)
{
	sized("{\"architectures\":[\"SolarOpenForCausalLM\"],"
	      "\"model_type\":\"solar_open\"," DIMS2 ",\"head_dim\":64,"
	      "\"moe_intermediate_size\":64,\"n_routed_experts\":8,"
	      "\"n_shared_experts\":1,\"num_experts_per_tok\":2}", 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 0);
	sized("{\"model_type\":\"solar_open\",\"num_hidden_layers\":2,"
	      "\"hidden_size\":256,\"num_attention_heads\":16,"
	      "\"vocab_size\":1000,\"max_position_embeddings\":4096,"
	      "\"moe_intermediate_size\":64,\"n_routed_experts\":8,"
	      "\"n_shared_experts\":1,\"num_experts_per_tok\":2}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 8);
	ck_assert_uint_eq(plan.model.base.k_dim, 128);
	ck_assert_uint_eq(res.kv.bytes, 131072);
}
END_TEST

/*
 * Youtu-LLM (transformers modular_youtu.py YoutuConfig(DeepseekV3Config):
 * DeepseekV3Attention, MLA on every layer, dense MLP; llama.cpp
 * DEEPSEEK2) and Youtu-VL (YoutuVLConfig, model_type youtu_vl, the
 * language model's MLA keys at the top level, head_dim =
 * qk_rope_head_dim): 2 layers x (kv_lora_rank 64 + qk_rope_head_dim 16)
 * x 2 B = 320 B/position, x 16 = 5,120, as sarvam_mla in
 * test_import_rows.c. Both tie the embeddings by default.
 */
START_TEST(youtu)
{
	static const char mla[] = ",\"kv_lora_rank\":64,\"q_lora_rank\":96,"
		"\"qk_rope_head_dim\":16,\"qk_nope_head_dim\":32,"
		"\"v_head_dim\":32,\"intermediate_size\":512";
	char text[1024];

	snprintf(text, sizeof text, "{\"architectures\":[\"YoutuForCausalLM\"],"
	         "\"model_type\":\"youtu\"," DIMS2 "%s}", mla);
	sized(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(res.kv.bytes_per_position, 320);
	ck_assert_uint_eq(res.kv.bytes, 5120);
	ck_assert(plan.model.arch.tie_embeddings);
	snprintf(text, sizeof text, "{\"architectures\":"
	         "[\"YoutuVLForConditionalGeneration\"],\"model_type\":"
	         "\"youtu_vl\"," DIMS2 "%s,\"head_dim\":16,\"qk_head_dim\":48,"
	         "\"vision_config\":{\"model_type\":\"siglip2_vision_model\"}}",
	         mla);
	sized(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 5120);
	ck_assert(plan.model.arch.tie_embeddings);
}
END_TEST

/*
 * Kimi K3 (llama.cpp conversion/kimi_k3.py KimiK3Model: Kimi Linear's
 * MLA + KDA skeleton under language_model.; its published config,
 * tests/data/hf/heldout/kimi-k3.json, wraps a kimi_linear text_config):
 * the text model decides. 2 layers, KDA at 1, MLA at 2 (1-based): the
 * MLA layer (64 + 16) x 2 = 160 B/position, x 16 = 2,560; the KDA layer
 * of 2 heads x 32, kernel 4 (as hf_fam_kimi_linear and heldout's worked
 * kimi-k3): conv 3 x 3 x 2 x 32 = 576, ssm 2 x 32 x 32 = 2,048, x 4 B =
 * 10,496; total 13,056.
 */
START_TEST(kimi_k3)
{
	sized("{\"architectures\":[\"KimiK3ForConditionalGeneration\"],"
	      "\"model_type\":\"kimi_k3\",\"text_config\":{"
	      "\"model_type\":\"kimi_linear\"," DIMS2 ","
	      "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
	      "\"qk_nope_head_dim\":32,\"v_head_dim\":32,"
	      "\"intermediate_size\":512,\"linear_attn_config\":{"
	      "\"kda_layers\":[1],\"full_attn_layers\":[2],\"num_heads\":2,"
	      "\"head_dim\":32,\"short_conv_kernel_size\":4,"
	      "\"gate_lower_bound\":-5.0}}}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(res.kv.bytes, 13056);
}
END_TEST

/*
 * Unlimited-OCR (remote code UnlimitedOCRConfig(DeepseekV2Config),
 * use_mla false: per-head K and V of num_key_value_heads x hidden /
 * heads; llama.cpp deepseek2-ocr: full MHA, sliding_window metadata
 * only): the saved MLA keys and sliding_window change nothing: 2 layers
 * x 4 heads x (64 + 64) x 2 B = 2,048 B/position, x 16 = 32,768.
 * use_mla true or absent (the class default, MLA): refused naming it;
 * a head_dim other than 256 / 4 too (llama.cpp's wk is n_embd square).
 * transformers (the remote code's ring of generated positions) and the
 * engines not read: refused by model_type.
 */
#define UOCR(mla) "{\"architectures\":[\"UnlimitedOCRForCausalLM\"]," \
	"\"model_type\":\"unlimited-ocr\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":4,\"vocab_size\":1000," \
	"\"max_position_embeddings\":4096,\"intermediate_size\":512," \
	"\"kv_lora_rank\":512,\"q_lora_rank\":1536,\"qk_rope_head_dim\":64," \
	"\"qk_nope_head_dim\":128,\"v_head_dim\":128,\"sliding_window\":8" mla "}"

START_TEST(unlimited_ocr)
{
	sized(UOCR(",\"use_mla\":false"), 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_uint_eq(plan.model.mla.kv_lora_rank, 0);
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "_ring_window");
	engine_refuses(KVP_ENGINE_VLLM, "unlimited-ocr");
	refused(UOCR(",\"use_mla\":true"), "use_mla");
	refused(UOCR(""), "use_mla");
	refused(UOCR(",\"use_mla\":false,\"head_dim\":32"), "head_dim");
}
END_TEST

/*
 * Qwen's text-only classes llama.cpp registers (conversion/qwen.py):
 * Qwen2Model and KORMoForCausalLM (QWEN2), Qwen3Model, Qwen2VLModel,
 * each by its config's model_type: 2 layers x 2 KV heads x (64 + 64) x
 * 2 B = 1,024 B/position, x 16 = 16,384. KORMo (transformers
 * modular_kormo.py KORMoConfig(LlamaConfig), num_key_value_heads None:
 * the heads): without it 2 x 4 x 128 x 2 = 2,048, 32,768.
 */
START_TEST(qwen_text_classes)
{
	static const char *const t[][2] = {
		{ "Qwen2Model", "qwen2" }, { "Qwen3Model", "qwen3" },
		{ "Qwen2VLModel", "qwen2_vl" }, { "KORMoForCausalLM", "kormo" },
	};
	char text[512];
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		snprintf(text, sizeof text, "{\"architectures\":[\"%s\"],"
		         "\"model_type\":\"%s\"," DIMS2 ",\"head_dim\":64,"
		         "\"intermediate_size\":512}", t[i][0], t[i][1]);
		sized(text, 16);
		ck_assert_msg(res.kv.bytes == 16384, "%s: %llu", t[i][0],
		              (unsigned long long)res.kv.bytes);
	}
	sized("{\"architectures\":[\"KORMoForCausalLM\"],\"model_type\":"
	      "\"kormo\",\"num_hidden_layers\":2,\"hidden_size\":256,"
	      "\"num_attention_heads\":4,\"vocab_size\":1000,"
	      "\"intermediate_size\":512,\"max_position_embeddings\":4096}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
}
END_TEST

/*
 * Qwen3.5 text-only checkpoints (Qwen3_5ForCausalLM: qwen3_5_text;
 * Qwen3_5MoeForCausalLM: qwen3_5_moe_text; llama.cpp QWEN35 and
 * QWEN35MOE): layer_types 3 linear + 1 full. The full layer: 2 KV heads
 * x (64 + 64) x 2 B = 512 B/position, x 16 = 8,192. Each gated-DeltaNet
 * layer (vLLM gated_delta_net_state_shape, f32 state): conv (kernel 4 -
 * 1) x (2 x 2 key heads x 32 + 4 value heads x 32) = 3 x 256 = 768,
 * ssm 4 x 32 x 32 = 4,096: 4,864 x 4 B = 19,456; 3 of them 58,368.
 * Total 66,560.
 */
START_TEST(qwen3_5_text_only)
{
	static const char *const t[][2] = {
		{ "Qwen3_5ForCausalLM", "qwen3_5_text" },
		{ "Qwen3_5MoeForCausalLM", "qwen3_5_moe_text" },
	};
	char text[1024];
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		snprintf(text, sizeof text, "{\"architectures\":[\"%s\"],"
		         "\"model_type\":\"%s\",\"num_hidden_layers\":4,"
		         "\"hidden_size\":256,\"num_attention_heads\":4,"
		         "\"num_key_value_heads\":2,\"head_dim\":64,"
		         "\"vocab_size\":1000,\"intermediate_size\":512,"
		         "\"max_position_embeddings\":4096,\"layer_types\":["
		         "\"linear_attention\",\"linear_attention\","
		         "\"linear_attention\",\"full_attention\"],"
		         "\"linear_num_key_heads\":2,\"linear_key_head_dim\":32,"
		         "\"linear_num_value_heads\":4,"
		         "\"linear_value_head_dim\":32,"
		         "\"linear_conv_kernel_dim\":4}", t[i][0], t[i][1]);
		sized(text, 16);
		ck_assert_msg(res.kv.bytes == 66560, "%s: %llu", t[i][0],
		              (unsigned long long)res.kv.bytes);
	}
}
END_TEST

/*
 * Already rows, reached under the architecture llama.cpp registers:
 * ExaoneMoeForCausalLM (transformers >= 5.1's spelling; ExaoneMoeConfig
 * model_type exaone_moe), 2 layers "LG" of 2 KV heads x 64, window 4:
 * 512 x 4 + 512 x 16 = 10,240; MiniMaxM3SparseForCausalLM (its
 * published config a minimax_m3_vl wrapper, heldout6) as minimax_m3_vl
 * in test_import_rows.c; MuseGlimmerForConditionalGeneration, its
 * text_config muse_glimmer_text (vLLM configs/muse_glimmer.py: 4 layers,
 * the last NoPE and full, the rest sliding 8): 3 x 512 x 8 + 512 x 16
 * = 20,480.
 */
START_TEST(known_under_lcpp_names)
{
	sized("{\"architectures\":[\"ExaoneMoeForCausalLM\"],"
	      "\"model_type\":\"exaone_moe\"," DIMS2 ",\"head_dim\":64,"
	      "\"intermediate_size\":512,\"sliding_window\":4,"
	      "\"layer_types\":[\"sliding_attention\",\"full_attention\"]}", 16);
	ck_assert_uint_eq(res.kv.bytes, 10240);
	sized("{\"architectures\":[\"MiniMaxM3SparseForCausalLM\"],"
	      "\"model_type\":\"minimax_m3_vl\",\"text_config\":{"
	      "\"num_hidden_layers\":2,\"hidden_size\":256,"
	      "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	      "\"head_dim\":64,\"vocab_size\":1000,\"moe_layer_freq\":[0,1],"
	      "\"sparse_attention_config\":{\"use_sparse_attention\":true,"
	      "\"sparse_attention_freq\":[0,1],\"sparse_index_dim\":32,"
	      "\"sparse_num_index_heads\":4,\"sparse_topk_blocks\":2,"
	      "\"sparse_block_size\":16}}}", 16);
	/* 2 x 512 + one 32-value index key x 2 B = 1,088, x 16 = 17,408 */
	ck_assert_uint_eq(res.kv.bytes, 17408);
	sized("{\"architectures\":[\"MuseGlimmerForConditionalGeneration\"],"
	      "\"model_type\":\"muse_glimmer\",\"text_config\":{"
	      "\"model_type\":\"muse_glimmer_text\",\"num_hidden_layers\":4,"
	      "\"hidden_size\":256,\"num_attention_heads\":4,"
	      "\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
	      "\"sliding_window\":8}}", 16);
	ck_assert_uint_eq(res.kv.bytes, 20480);
}
END_TEST

/*
 * SmallThinker (PowerInfer remote code SmallThinkerConfig, model_type
 * smallthinker; llama.cpp smallthinker.cpp @80fb11a: when any layer
 * slides, n_swa 4,096 on every layer but il % 4 == 0). 8 layers of 2
 * KV heads x (64 + 64) x 2 B = 512 B a layer and position, 8,192
 * positions. sliding_window_layout all 0: 8 x 512 x 8,192 =
 * 33,554,432. llama.cpp's pattern (0,1,1,1,0,1,1,1) with size 4,096:
 * layers 0 and 4 full, 2 x 512 x 8,192 = 8,388,608, six sliding 6 x 512
 * x 4,096 = 12,582,912: 20,971,520. Another pattern, another size, or
 * a sliding_window_pattern that is not the layout's copy: refused
 * naming the key. transformers and the engines not read: refused.
 * Weights (its experts under names of its own, hf_weights.c): tied
 * embeddings 1,000 x 256 = 256,000; per layer q and o 2 x 256 x 256 =
 * 131,072, k and v 2 x 256 x 128 = 65,536, 8 experts of up, gate and
 * down 8 x 3 x 256 x 64 = 393,216, router 256 x 8 = 2,048, 2 norms 512:
 * 592,384 x 8 = 4,739,072, + the final norm 256: 4,995,328 (a dense
 * MLP of 4 x hidden, had the expert keys gone unread: 6,291,456 of MLP).
 */
static void smallthinker_text(char *buf, size_t n, const char *layout,
                              const char *pattern, unsigned size)
{
	snprintf(buf, n, "{\"architectures\":[\"SmallThinkerForCausalLM\"],"
	         "\"model_type\":\"smallthinker\",\"num_hidden_layers\":8,"
	         "\"hidden_size\":256,\"num_attention_heads\":4,"
	         "\"num_key_value_heads\":2,\"head_dim\":64,"
	         "\"vocab_size\":1000,\"max_position_embeddings\":32768,"
	         "\"rope_layout\":[1,1,1,1,1,1,1,1],"
	         "\"moe_num_primary_experts\":8,"
	         "\"moe_num_active_primary_experts\":2,"
	         "\"moe_ffn_hidden_size\":64,\"tie_word_embeddings\":true,"
	         "\"sliding_window_layout\":%s,\"sliding_window_pattern\":%s,"
	         "\"sliding_window_size\":%u,\"sliding_window\":%u}",
	         layout, pattern, size, size);
}

START_TEST(smallthinker)
{
	static const char zeros[] = "[0,0,0,0,0,0,0,0]";
	static const char lcpp[] = "[0,1,1,1,0,1,1,1]";
	static const char other[] = "[0,1,0,1,0,1,0,1]";
	char text[1024];

	smallthinker_text(text, sizeof text, zeros, zeros, 4096);
	sized(text, 8192);
	ck_assert_uint_eq(res.kv.bytes, 33554432);
	ck_assert_uint_eq(res.weights.params, 4995328);
	smallthinker_text(text, sizeof text, lcpp, lcpp, 4096);
	sized(text, 8192);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.window, 4096);
	ck_assert_uint_eq(res.kv.bytes, 20971520);
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "HybridCache");
	engine_refuses(KVP_ENGINE_VLLM, "smallthinker");
	smallthinker_text(text, sizeof text, other, other, 4096);
	refused(text, "sliding_window_layout");
	smallthinker_text(text, sizeof text, lcpp, lcpp, 2048);
	refused(text, "sliding_window_size");
	smallthinker_text(text, sizeof text, lcpp, zeros, 4096);
	refused(text, "sliding_window_pattern");
}
END_TEST

/*
 * Refused by name: Qwen3.8-Flash-Next (qwen4_exp and its text model
 * qwen4_exp_text: the compressed QSA indexer and the PLE history) and
 * dots3 note (dots3_note: sliding MLA layers beside DSA ones). Without
 * the rows: a family kvplan does not know.
 */
START_TEST(refused_by_name)
{
	refused("{\"model_type\":\"qwen4_exp\"," DIMS2 "}", "PLE");
	/* the row's whole reason, 573 bytes, not cut (it was at 440) */
	refused("{\"model_type\":\"qwen4_exp\"," DIMS2 "}",
	        "as third-party runtimes name transformers.models.qwen4_exp");
	refused("{\"model_type\":\"qwen4_exp_text\"," DIMS2 "}", "QSA");
	refused("{\"model_type\":\"dots3_note\"," DIMS2 "}", "sliding MLA");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_lcpp_a");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, solar_open);
	tcase_add_test(tc, youtu);
	tcase_add_test(tc, kimi_k3);
	tcase_add_test(tc, unlimited_ocr);
	tcase_add_test(tc, qwen_text_classes);
	tcase_add_test(tc, qwen3_5_text_only);
	tcase_add_test(tc, known_under_lcpp_names);
	tcase_add_test(tc, refused_by_name);
	tcase_add_test(tc, smallthinker);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
