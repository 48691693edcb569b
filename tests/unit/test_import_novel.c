/*
 * test_import_novel.c - the families of novel attention issue 35 added
 * (hf_family.c rows after glm_moe_dsa: deepseek_v4 and deepseek_ref in
 * hf_dsv4.c, step3p5, step3p7, minimax_m3 and longcat_flash in
 * hf_novel.c, with deepseek_vl_v2 and minicpm3; mllama refusing by
 * key), each from a
 * small hand-made inline config (no verbatim Hub config of these was
 * found outside the held-out sets, which stay out of the tests' tuning)
 * sized under the generic engine to bytes worked by hand in the
 * comments, or refused naming the key; and the named engines' refusals
 * of the layouts they do not model.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/layers.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void import_text(const char *text)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "inline",
	              &plan.model, NULL, &err) == KVP_OK, "%s", err.msg);
	ck_assert_msg(!plan.model.layout_assumed[0], "%s",
	              plan.model.layout_assumed);
}

static void refused(const char *text, const char *names)
{
	struct kvp_error err;
	struct kvp_model m;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "inline", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, names) != NULL, "%s", err.msg);
}

static void compute_ok(void)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

/* ---- DeepSeek V4 ------------------------------------------------------ */

/*
 * Six layers, compress_ratios 0, 4, 128, 4, 128, 0 (the seventh entry is
 * the MTP layer's), window 128, one K row of head_dim 512 (1,024 B in
 * f16, no V), indexer keys of 128 (256 B) on the ratio-4 layers.
 * Compressor state per sequence, f32 (reference inference/model.py):
 * ratio 4 (overlap, coff 2): kv and score 2 x 8 x 1,024 x 4 = 65,536,
 * plus the indexer's 2 x 8 x 256 x 4 = 16,384: 81,920; ratio 128: 2 x
 * 128 x 512 x 4 = 524,288. State: 2 x 81,920 + 2 x 524,288 = 1,212,416.
 */
#define DSV4(TYPE, RATIOS)                                                   \
	"{\"model_type\": \"" TYPE "\", \"architectures\": "                 \
	"[\"DeepseekV4ForCausalLM\"], \"hidden_size\": 1024, "               \
	"\"num_hidden_layers\": 6, \"num_attention_heads\": 16, "           \
	"\"num_key_value_heads\": 1, \"head_dim\": 512, \"vocab_size\": "   \
	"1000, \"max_position_embeddings\": 65536, \"q_lora_rank\": 256, "  \
	"\"o_lora_rank\": 256, \"o_groups\": 4, \"qk_rope_head_dim\": 64, " \
	"\"index_head_dim\": 128, \"index_n_heads\": 16, \"index_topk\": "  \
	"64, \"sliding_window\": 128, \"compress_ratios\": " RATIOS ", "   \
	"\"num_nextn_predict_layers\": 1, \"torch_dtype\": \"bfloat16\"}"
#define DSV4_OK DSV4("deepseek_v4", "[0, 4, 128, 4, 128, 0, 4]")

/*
 * 1,000 positions: raw 6 x min(1,000, 128) x 1,024 = 786,432; ratio 4:
 * 1,000 / 4 = 250 rows x (1,024 + 256) = 320,000, x 2 = 640,000 (the
 * indexer's part 2 x 250 x 256 = 128,000); ratio 128: 1,000 / 128 = 7
 * rows x 1,024 = 7,168, x 2 = 14,336; state 1,212,416: 2,653,184.
 * 6 x 1,024 = 6,144 B per position (the raw rows).
 */
START_TEST(dsv4_one_sequence)
{
	import_text(DSV4_OK);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 6144);
	ck_assert_uint_eq(res.kv.state_bytes, 1212416);
	ck_assert_uint_eq(res.kv.index_bytes, 128000);
	ck_assert_uint_eq(res.kv.bytes, 2653184);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 2653184);
	ck_assert_str_eq(kvp_layer_kind_name(kvp_layer_rec(&res, 2)->spec.kind),
	                 "compressed");
}
END_TEST

/* deepseek_ref (aiconfigurator's name) is the same row's layout; 100
 * positions, inside the window: raw 6 x 100 x 1,024 = 614,400; ratio 4:
 * 25 rows x 1,280 x 2 = 64,000; ratio 128: 0 rows; state 1,212,416:
 * 1,890,816. */
START_TEST(dsv4_short_sequence)
{
	import_text(DSV4("deepseek_ref", "[0, 4, 128, 4, 128, 0, 4]"));
	one_sequence_plan(&plan, 100);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 1890816);
}
END_TEST

/* Two requests of 1,000: twice one, state too: 5,306,368. Paged, 16
 * positions a block, one of 1,000: raw 128 slots (a whole number of
 * blocks) x 1,024 x 6 = 786,432; ratio 4: 250 -> 256 slots x 1,280 x 2
 * = 655,360; ratio 128: 7 -> 16 slots x 1,024 x 2 = 32,768; state
 * 1,212,416: 2,686,976. */
START_TEST(dsv4_strategies)
{
	import_text(DSV4_OK);
	one_sequence_plan(&plan, 1000);
	plan.workload.classes[0].requests = 2;
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 5306368);
	ck_assert_uint_eq(res.kv.state_bytes, 2424832);
	one_sequence_plan(&plan, 1000);
	plan.strategy.kind = KVP_STRAT_PAGED;
	plan.strategy.block_size = 16;
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 2686976);
}
END_TEST

/* Static, 2,048 positions reserved, one sequence of 1,000: raw min(128,
 * 2,048) = 128 slots x 1,024 x 6 = 786,432; ratio 4: 2,048 / 4 = 512
 * rows x 1,280 x 2 = 1,310,720; ratio 128: 16 rows x 1,024 x 2 = 32,768;
 * state 1,212,416: 3,342,336, of which 2,653,184 needed (the dynamic
 * figure), 689,152 waste. A ragged list of 1,000 and 100 (dynamic): the
 * two sequences above, 2,653,184 + 1,890,816 = 4,544,000. */
START_TEST(dsv4_static_and_ragged)
{
	static const uint64_t lens[] = { 1000, 100 };

	import_text(DSV4_OK);
	one_sequence_plan(&plan, 1000);
	plan.strategy.kind = KVP_STRAT_STATIC;
	plan.strategy.max_cache_len = 2048;
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 3342336);
	ck_assert_uint_eq(res.kv.bytes_needed, 2653184);
	ck_assert_uint_eq(res.kv.waste_bytes, 689152);
	one_sequence_plan(&plan, 1000);
	plan.workload.classes[0].requests = 0;
	plan.workload.ragged = lens;
	plan.workload.n_ragged = 2;
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 4544000);
	plan.workload.ragged = NULL;
	plan.workload.n_ragged = 0;
}
END_TEST

/* Every named engine refuses the compressed layers by name; the generic
 * engine refuses tensor parallelism over them. */
START_TEST(dsv4_engines_refuse)
{
	static const enum kvp_engine_kind named[] = {
		KVP_ENGINE_LLAMACPP, KVP_ENGINE_VLLM, KVP_ENGINE_TRANSFORMERS,
		KVP_ENGINE_SGLANG, KVP_ENGINE_TRTLLM,
	};
	size_t k;

	for (k = 0; k < sizeof named / sizeof named[0]; k++) {
		import_text(DSV4_OK);
		one_sequence_plan(&plan, 1000);
		plan.engine.kind = named[k];
		ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, "kind: compressed") != NULL,
		              "%s", res.error.msg);
	}
	import_text(DSV4_OK);
	one_sequence_plan(&plan, 1000);
	plan.devices.tp = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "devices.tp: 2") != NULL, "%s",
	              res.error.msg);
}
END_TEST

/* A ratio the reference code and llama.cpp's loader do not know, too few
 * ratios, more than one KV head: refused naming the key. */
START_TEST(dsv4_refusals)
{
	refused(DSV4("deepseek_v4", "[0, 4, 64, 4, 128, 0, 4]"),
	        "compress_ratios[2]: 64");
	refused(DSV4("deepseek_v4", "[0, 4, 128]"), "compress_ratios: [");
}
END_TEST

/*
 * Issue 35: a V4 config saved by transformers (RedHatAI's) also holds
 * compress_rope_parameters (the compressed rows' RoPE: angles) and
 * qk_nope_head_dim, which DeepseekV4Config derives as head_dim 512 -
 * qk_rope_head_dim 64 = 448, beside null MLA keys: the same cache as
 * dsv4_one_sequence's, 2,653,184 for 1,000 positions. Another split
 * (447) is refused naming it.
 */
START_TEST(dsv4_transformers_keys)
{
	static const char fmt[] = "%.*s, \"qk_nope_head_dim\": %d, "
		"\"kv_lora_rank\": null, \"v_head_dim\": null, "
		"\"compress_rope_parameters\": {\"rope_type\": \"yarn\", "
		"\"factor\": 16, \"original_max_position_embeddings\": 65536, "
		"\"rope_theta\": 160000, \"beta_fast\": 32, \"beta_slow\": 1}}";
	int n = (int)strlen(DSV4_OK) - 1;
	char text[2048];

	snprintf(text, sizeof text, fmt, n, DSV4_OK, 448);
	import_text(text);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.state_bytes, 1212416);
	ck_assert_uint_eq(res.kv.bytes, 2653184);
	snprintf(text, sizeof text, fmt, n, DSV4_OK, 447);
	refused(text, "qk_nope_head_dim: 447");
}
END_TEST

/* The rule text round-trips the ratio (plan files hold rules). */
START_TEST(compressed_rule_text)
{
	struct kvp_layer_rule r;
	struct kvp_error err;
	char buf[128];

	ck_assert_int_eq(kvp_rule_parse("1-3/2:kind=compressed,ratio=4", &r,
	                 &err), KVP_OK);
	ck_assert_uint_eq(r.v.ratio, 4);
	kvp_rule_format(&r, buf, sizeof buf);
	ck_assert_str_eq(buf, "1-3/2:kind=compressed,ratio=4");
}
END_TEST

/* ---- Step 3.5 / 3.7 ---------------------------------------------------- */

#define STEP_TEXT(GROUPS, OTHER_GROUPS)                                      \
	"{\"model_type\": \"step3p5\", \"architectures\": "                  \
	"[\"Step3p5ForCausalLM\"], \"hidden_size\": 1024, "                  \
	"\"num_hidden_layers\": 4, \"num_attention_heads\": 16, "           \
	GROUPS "\"head_dim\": 64, \"vocab_size\": 1000, "                   \
	"\"max_position_embeddings\": 4096, \"sliding_window\": 256, "     \
	"\"num_nextn_predict_layers\": 1, \"layer_types\": "                \
	"[\"full_attention\", \"sliding_attention\", \"sliding_attention\", "\
	"\"full_attention\", \"full_attention\"], "                         \
	"\"attention_other_setting\": {\"attention_type\": "                \
	"\"sliding_attention\", \"num_attention_heads\": 24, "              \
	"\"num_attention_groups\": " OTHER_GROUPS ", \"head_dim\": 64}, "   \
	"\"torch_dtype\": \"bfloat16\"}"
#define STEP_OK STEP_TEXT("\"num_attention_groups\": 2, ", "2")

/*
 * Four layers (layer_types' fifth entry is the MTP layer's), 2 KV heads
 * of 64 (num_attention_groups; the sliding layers' attention_other_
 * setting agrees): 2 x (64 + 64) x 2 = 512 B per layer and position,
 * 2,048 in all. 1,000 positions: full layers 0 and 3, 2 x 1,000 x 512 =
 * 1,024,000; sliding 1 and 2, window 256: 2 x 256 x 512 = 262,144:
 * 1,286,144. step3p7 with it as text_config sizes the same.
 */
START_TEST(step3p5_layers)
{
	char text[2048];

	import_text(STEP_OK);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_uint_eq(res.kv.bytes, 1286144);
	snprintf(text, sizeof text, "{\"model_type\": \"step3p7\", "
	         "\"architectures\": [\"Step3p7ForConditionalGeneration\"], "
	         "\"text_config\": %s}", STEP_OK);
	import_text(text);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 1286144);
}
END_TEST

/* The engines disagree (vLLM step3p5.py takes attention_other_setting's
 * KV heads, transformers the model's), no KV head key (both default to
 * 8), a flattened step3p7 (transformers builds its default decoder):
 * refused naming the key. */
START_TEST(step3p5_refusals)
{
	refused(STEP_TEXT("\"num_attention_groups\": 2, ", "4"),
	        "attention_other_setting.num_attention_groups: 4");
	refused(STEP_TEXT("", "2"), "num_attention_groups: (absent)");
	refused("{\"model_type\": \"step3p7\", \"hidden_size\": 1024, "
	        "\"num_hidden_layers\": 4, \"num_attention_heads\": 16, "
	        "\"num_key_value_heads\": 2, \"head_dim\": 64, \"vocab_size\": "
	        "1000}", "text_config: (absent)");
}
END_TEST

/* ---- MiniMax M3 -------------------------------------------------------- */

#define M3(SPARSE, FREQ, MOE)                                                \
	"{\"model_type\": \"minimax_m3\", \"architectures\": "               \
	"[\"MiniMaxM3ForCausalLM\"], \"hidden_size\": 1024, "                \
	"\"num_hidden_layers\": 6, \"num_attention_heads\": 16, "           \
	"\"num_key_value_heads\": 2, \"head_dim\": 64, \"vocab_size\": "    \
	"1000, \"max_position_embeddings\": 4096, " MOE                    \
	"\"sparse_attention_config\": {\"use_sparse_attention\": " SPARSE   \
	", \"sparse_attention_freq\": " FREQ ", \"sparse_index_dim\": 128, "\
	"\"sparse_num_index_heads\": 2, \"sparse_topk_blocks\": 4, "        \
	"\"sparse_block_size\": 64, \"sparse_local_block\": 1}, "           \
	"\"torch_dtype\": \"bfloat16\"}"
#define M3_FREQ "[0, 0, 1, 1, 1, 1]"
#define M3_MOE "\"moe_layer_freq\": [0, 0, 1, 1, 1, 1], "

/*
 * Six layers of 2 KV heads of 64: 2 x 128 x 2 = 512 B per layer and
 * position, 3,072; layers 2-5 (after both lists' two leading zeros) an
 * indexer key of 128 (256 B): 1,024 more, 4,096 B per position; 1,000
 * positions: 4,096,000 (indexer 4 x 256 x 1,000 = 1,024,000). Without
 * sparse attention 3,072,000. Without moe_layer_freq (llama.cpp's
 * converter needs it; transformers sizes it) the same 4,096,000.
 */
START_TEST(minimax_m3_indexer)
{
	import_text(M3("true", M3_FREQ, M3_MOE));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.index_bytes, 1024000);
	ck_assert_uint_eq(res.kv.bytes, 4096000);
	import_text(M3("true", M3_FREQ, ""));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 4096000);
	import_text(M3("false", M3_FREQ, M3_MOE));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 3072000);
	/* no named engine models keys beside GQA layers */
	import_text(M3("true", M3_FREQ, M3_MOE));
	one_sequence_plan(&plan, 1000);
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "model.indexer.first: 2") != NULL,
	              "%s", res.error.msg);
}
END_TEST

/* The dense lead differing from moe_layer_freq's (llama.cpp's), a list
 * not zeros then ones, no list at all: refused naming the key. */
START_TEST(minimax_m3_refusals)
{
	refused(M3("true", M3_FREQ, "\"moe_layer_freq\": [0, 1, 1, 1, 1, 1], "),
	        "sparse_attention_config.sparse_attention_freq: [0,0,1");
	refused(M3("true", "[0, 0, 1, 0, 1, 1]", M3_MOE),
	        "sparse_attention_config.sparse_attention_freq: [0,0,1,0");
	refused("{\"model_type\": \"minimax_m3\", \"hidden_size\": 1024, "
	        "\"num_hidden_layers\": 2, \"num_attention_heads\": 16, "
	        "\"num_key_value_heads\": 2, \"head_dim\": 64, \"vocab_size\": "
	        "1000, \"sparse_attention_config\": {\"use_sparse_attention\": "
	        "true, \"sparse_index_dim\": 128}}",
	        "sparse_attention_config.sparse_attention_freq: (absent)");
}
END_TEST

/* ---- LongCat-Flash, mllama -------------------------------------------- */

#define LONGCAT(METHOD)                                                      \
	"{\"model_type\": \"longcat_flash\", \"architectures\": "             \
	"[\"LongcatFlashForCausalLM\"], \"attention_method\": \"" METHOD     \
	"\", \"hidden_size\": 1024, \"ffn_hidden_size\": 2048, "              \
	"\"num_layers\": 4, \"num_attention_heads\": 16, \"kv_lora_rank\": " \
	"512, \"q_lora_rank\": 256, \"qk_rope_head_dim\": 64, "               \
	"\"qk_nope_head_dim\": 128, \"v_head_dim\": 128, \"vocab_size\": "  \
	"1000, \"max_position_embeddings\": 4096, \"torch_dtype\": "         \
	"\"bfloat16\"}"

/*
 * Four layers (num_layers, FlashConfig's count without
 * num_hidden_layers), each two MLA blocks with a latent of (512 + 64) x
 * 2 = 1,152 B per position: 2,304 per layer, 9,216 in all; 1,000
 * positions: 9,216,000. A named engine refuses the second latent by
 * name; attention_method other than MLA is refused.
 */
START_TEST(longcat_two_latents)
{
	import_text(LONGCAT("MLA"));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 9216);
	ck_assert_uint_eq(res.kv.bytes, 9216000);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "model.mla.latents: 2") != NULL,
	              "%s", res.error.msg);
	refused(LONGCAT("GQA"), "attention_method: \"GQA\"");
}
END_TEST

/* Llama 3.2 Vision (mllama, its decoder in text_config): the
 * cross-attention layers cache the vision encoder's tokens; refused
 * naming them rather than as a family kvplan does not know. */
START_TEST(mllama_refused_by_key)
{
	refused("{\"model_type\": \"mllama\", \"text_config\": "
	        "{\"model_type\": \"mllama_text_model\", \"hidden_size\": "
	        "4096, \"num_hidden_layers\": 40, \"num_attention_heads\": 32, "
	        "\"num_key_value_heads\": 8, \"vocab_size\": 128256, "
	        "\"cross_attention_layers\": [3, 8, 13, 18, 23, 28, 33, 38]}}",
	        "text_config.cross_attention_layers: [3,8");
}
END_TEST

/* ---- DeepSeek-VL2 / DeepSeek-OCR ------------------------------------- */

#define DSVL2(LANG)                                                          \
	"{\"model_type\": \"deepseek_vl_v2\", \"architectures\": "           \
	"[\"DeepseekOCRForCausalLM\"], \"language_config\": {"               \
	"\"hidden_size\": 1280, \"num_hidden_layers\": 12, "                 \
	"\"num_attention_heads\": 10, \"num_key_value_heads\": 10, "         \
	"\"vocab_size\": 129280, \"max_position_embeddings\": 8192, "        \
	LANG "}}"
#define DSVL2_MHA DSVL2("\"kv_lora_rank\": null, \"topk_method\": "        \
	"\"greedy\", \"use_mla\": false")
#define DSVL2_MLA DSVL2("\"kv_lora_rank\": 512, \"qk_rope_head_dim\": "    \
	"64, \"qk_nope_head_dim\": 128, \"v_head_dim\": 128, "               \
	"\"topk_method\": \"greedy\", \"use_mla\": true")

/*
 * DeepSeek-OCR's shape (use_mla false: vLLM's DeepseekForCausalLM, 10
 * KV heads of 1,280 / 10 = 128): 12 x 10 x (128 + 128) x 2 = 61,440 B
 * per position, 61,440,000 for 1,000. use_mla true: the latent, 12 x
 * (512 + 64) x 2 = 13,824, 13,824,000. use_mla absent (vLLM reads it, no
 * default) or false beside a kv_lora_rank: refused by key.
 */
START_TEST(dsvl2_attention)
{
	import_text(DSVL2_MHA);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 61440);
	ck_assert_uint_eq(res.kv.bytes, 61440000);
	import_text(DSVL2_MLA);
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes, 13824000);
	refused(DSVL2("\"topk_method\": \"greedy\""), "use_mla: (absent)");
	refused(DSVL2("\"kv_lora_rank\": 512, \"qk_rope_head_dim\": 64, "
	        "\"qk_nope_head_dim\": 128, \"v_head_dim\": 128, "
	        "\"topk_method\": \"greedy\", \"use_mla\": false"),
	        "language_config.use_mla: false - beside a kv_lora_rank");
}
END_TEST

/* ---- MiniCPM3 --------------------------------------------------------- */

#define MINICPM3(VD)                                                         \
	"{\"model_type\": \"minicpm3\", \"architectures\": "                 \
	"[\"MiniCPM3ForCausalLM\"], \"hidden_size\": 1024, "                 \
	"\"num_hidden_layers\": 4, \"num_attention_heads\": 16, "            \
	"\"num_key_value_heads\": 16, \"qk_nope_head_dim\": 64, "            \
	"\"qk_rope_head_dim\": 32, \"q_lora_rank\": 256, "                   \
	"\"kv_lora_rank\": 128, " VD "\"vocab_size\": 1000, "               \
	"\"max_position_embeddings\": 4096, \"torch_dtype\": \"bfloat16\"}"

/*
 * Per-head K (64 + 32 = 96) and V (1,024 / 16 = 64, the default when
 * v_head_dim is absent) on 16 heads, as transformers and llama.cpp cache
 * them: 4 x 16 x (96 + 64) x 2 = 20,480 B per position, 20,480,000 for
 * 1,000 (the latent would be 4 x (128 + 32) x 2 = 1,280). v_head_dim 32
 * given: 4 x 16 x (96 + 32) x 2 = 16,384. vLLM refuses by model_type; a
 * default V width other than qk_nope_head_dim is refused.
 */
START_TEST(minicpm3_per_head)
{
	import_text(MINICPM3(""));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 20480);
	ck_assert_uint_eq(res.kv.bytes, 20480000);
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "model.model_type: minicpm3") !=
	              NULL, "%s", res.error.msg);
	import_text(MINICPM3("\"v_head_dim\": 32, "));
	one_sequence_plan(&plan, 1000);
	compute_ok();
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	refused("{\"model_type\": \"minicpm3\", \"hidden_size\": 2048, "
	        "\"num_hidden_layers\": 4, \"num_attention_heads\": 16, "
	        "\"num_key_value_heads\": 16, \"qk_nope_head_dim\": 64, "
	        "\"qk_rope_head_dim\": 32, \"kv_lora_rank\": 128, "
	        "\"vocab_size\": 1000}", "v_head_dim: (absent)");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_novel");
	TCase *tc = tcase_create("novel");

	tcase_add_test(tc, dsv4_one_sequence);
	tcase_add_test(tc, dsv4_short_sequence);
	tcase_add_test(tc, dsv4_strategies);
	tcase_add_test(tc, dsv4_static_and_ragged);
	tcase_add_test(tc, dsv4_engines_refuse);
	tcase_add_test(tc, dsv4_refusals);
	tcase_add_test(tc, dsv4_transformers_keys);
	tcase_add_test(tc, compressed_rule_text);
	tcase_add_test(tc, step3p5_layers);
	tcase_add_test(tc, step3p5_refusals);
	tcase_add_test(tc, minimax_m3_indexer);
	tcase_add_test(tc, minimax_m3_refusals);
	tcase_add_test(tc, longcat_two_latents);
	tcase_add_test(tc, mllama_refused_by_key);
	tcase_add_test(tc, dsvl2_attention);
	tcase_add_test(tc, minicpm3_per_head);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
