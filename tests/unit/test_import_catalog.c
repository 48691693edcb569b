/*
 * test_import_catalog.c - the rows issue 35 added from vLLM's model
 * catalog of December 2026 (vllm/model_executor/models/_model_info.py
 * @ccea69bd: the (module, class) of every built-in model), for the
 * architectures tests/data/hf/sweep/registry.tsv lacked. Each is sized
 * for ONE sequence of T positions, f16 cache, generic dynamic strategy
 * (one_sequence.h), from a minimal config written from the model's
 * configuration class (not a Hub file); the bytes are worked by hand in
 * the comment above each, from the engine code the family row cites.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "inline_import.h"

/*
 * Cosmos 3 (cosmos3_omni, transformers configuration_cosmos3_omni.py
 * @2c9d8b11; cosmos3, TensorRT-LLM's alias of the same class): vLLM
 * cosmos3.py is Qwen3VLForConditionalGeneration, its decoder Qwen3-VL's
 * on text_config, whose model_type is qwen3_vl_text when it names none.
 * Every layer full attention: 4 layers x 8 KV heads x (128 + 128) x 2 B
 * = 16,384 B a position; 16 positions: 262,144. Without text_config the
 * class builds its default Qwen3VLTextConfig: refused naming text_config.
 */
#define COSMOS3(type, extra) "{\"architectures\":[" \
	"\"Cosmos3ForConditionalGeneration\"],\"model_type\":\"" type "\"," \
	"\"text_config\":{" extra "\"hidden_size\":2048," \
	"\"num_attention_heads\":16,\"num_hidden_layers\":4," \
	"\"num_key_value_heads\":8,\"head_dim\":128,\"vocab_size\":151936," \
	"\"intermediate_size\":6144,\"max_position_embeddings\":262144}}"

START_TEST(cosmos3)
{
	sized(COSMOS3("cosmos3_omni", ""), 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3_vl_text");
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	sized(COSMOS3("cosmos3", "\"model_type\":\"qwen3_vl_text\","), 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	refused("{\"architectures\":[\"Cosmos3ForConditionalGeneration\"],"
	        "\"model_type\":\"cosmos3\",\"hidden_size\":2048,"
	        "\"num_attention_heads\":16,\"num_hidden_layers\":4,"
	        "\"num_key_value_heads\":8}", "text_config");
}
END_TEST

/*
 * Cosmos 3 Edge (cosmos3_edge, transformers configuration_cosmos3_edge.py
 * @e5032053: text_config always rebuilt as a Cosmos3EdgeTextConfig, whose
 * defaults are num_key_value_heads 8, head_dim 128; vLLM cosmos3_edge.py
 * @055e47c2 builds one Nemotron-H attention layer per text layer, pattern
 * "*-", so as many attention caches as num_hidden_layers). A text_config
 * of 4 layers naming nothing else: 4 x 8 x (128 + 128) x 2 B = 16,384 B a
 * position; 16 positions: 262,144. The MLP is fc1/fc2 relu2, ungated. A
 * text_config naming nemotron_h is rebuilt as cosmos3_edge_text all the
 * same (vLLM's Cosmos3EdgeTextConfig is a NemotronHConfig whose pattern
 * it writes itself): the same bytes.
 */
START_TEST(cosmos3_edge)
{
	static const char text[] = "{\"architectures\":["
		"\"Cosmos3EdgeForConditionalGeneration\"],\"model_type\":"
		"\"cosmos3_edge\",\"text_config\":{\"num_hidden_layers\":4}}";
	static const char named[] = "{\"architectures\":["
		"\"Cosmos3EdgeForConditionalGeneration\"],\"model_type\":"
		"\"cosmos3_edge\",\"text_config\":{\"model_type\":\"nemotron_h\","
		"\"num_hidden_layers\":4,\"num_key_value_heads\":8,"
		"\"head_dim\":128,\"hidden_size\":2048,"
		"\"num_attention_heads\":16}}";

	sized(text, 16);
	ck_assert_str_eq(plan.model.model_type, "cosmos3_edge_text");
	ck_assert_uint_eq(plan.model.n_layers, 4);
	ck_assert(!plan.model.arch.gated_mlp);
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	sized(named, 16);
	ck_assert_str_eq(plan.model.model_type, "cosmos3_edge_text");
	ck_assert_uint_eq(res.kv.bytes, 262144);
	refused("{\"architectures\":[\"Cosmos3EdgeForConditionalGeneration\"],"
	        "\"model_type\":\"cosmos3_edge\"}", "text_config");
}
END_TEST

/*
 * LLaVA-OneVision-2 (llava_onevision2; LlavaOnevision2Config: text_config's
 * model_type qwen3 when it names none, without text_config a Qwen3Config
 * of the top-level keys; vLLM llava_onevision2.py @045d7575, the language
 * model on text_config): 2 layers x 4 KV heads x (128 + 128) x 2 B =
 * 4,096 B a position; 16 positions: 65,536, from text_config or, flat,
 * from the top level.
 */
#define OV2_SIZES "\"hidden_size\":2048,\"num_attention_heads\":16," \
	"\"num_hidden_layers\":2,\"num_key_value_heads\":4,\"head_dim\":128," \
	"\"vocab_size\":151936,\"intermediate_size\":6144," \
	"\"max_position_embeddings\":32768"

START_TEST(llava_onevision2)
{
	sized("{\"architectures\":[\"LlavaOnevision2ForConditionalGeneration\"],"
	      "\"model_type\":\"llava_onevision2\",\"text_config\":{"
	      OV2_SIZES "}}", 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3");
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	sized("{\"architectures\":[\"LlavaOnevision2ForConditionalGeneration\"],"
	      "\"model_type\":\"llava_onevision2\"," OV2_SIZES "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 65536);
}
END_TEST

/*
 * LongCat-Flash-Lite (longcat_flash_ngram; vLLM longcat_flash_ngram.py
 * @055e47c2: num_layers decoder layers, each LongCat-Flash's two MLA
 * blocks; the class writes num_hidden_layers = 2 x num_layers). 4
 * layers (num_hidden_layers 8 replaced), each two latents of (512 + 64)
 * x 2 B = 1,152: 2,304 B a layer, 9,216 a position; 1,000 positions:
 * 9,216,000 (num_hidden_layers taken as the count would give twice
 * that). Without num_layers: refused naming it.
 */
#define NGRAM(layers) "{\"model_type\":\"longcat_flash_ngram\"," \
	"\"architectures\":[\"LongcatFlashNgramForCausalLM\"]," \
	"\"hidden_size\":1024,\"ffn_hidden_size\":2048," layers \
	"\"num_hidden_layers\":8,\"num_attention_heads\":16," \
	"\"kv_lora_rank\":512,\"q_lora_rank\":256,\"qk_rope_head_dim\":64," \
	"\"qk_nope_head_dim\":128,\"v_head_dim\":128,\"vocab_size\":1000," \
	"\"max_position_embeddings\":4096,\"emb_neighbor_num\":3," \
	"\"emb_split_num\":4,\"ngram_vocab_size_ratio\":78}"

START_TEST(longcat_ngram)
{
	sized(NGRAM("\"num_layers\":4,"), 1000);
	ck_assert_uint_eq(plan.model.n_layers, 4);
	ck_assert_uint_eq(plan.model.mla.latents, 2);
	ck_assert_uint_eq(res.kv.bytes_per_position, 9216);
	ck_assert_uint_eq(res.kv.bytes, 9216000);
	refused(NGRAM(""), "num_layers: (absent)");
}
END_TEST

/*
 * Intern-S2-Mobius (interns2_mobius; SGLang configs/interns2_mobius.py
 * @252129ae: InternS2MobiusConfig(Qwen3_5MoeConfig), its text_config an
 * InternS2MobiusTextConfig(Qwen3_5MoeTextConfig) whose layer_types is
 * kept verbatim, else the class's full_attention_interval 4; vLLM
 * interns2_mobius.py: Qwen3.5's hybrid). The shapes of test_import_rows'
 * qwen3_next_interval_default: 8 layers, full at 3 and 7, 2 KV heads x
 * 64: 2 x 2 x (64 + 64) x 2 B = 1,024 B a position, x 16 = 16,384; 6
 * gated DeltaNet layers, each conv (4 - 1) x (2 x 2 x 16 + 4 x 16) = 384
 * and state 4 x 16 x 16 = 1,024 values, f32: 1,408 x 4 = 5,632; 6 x
 * 5,632 = 33,792. Total 50,176, from the interval default and from a
 * layer_types saying the same; layer_types with full at 0-3 and linear
 * at 4-7: 4 x 512 x 16 = 32,768 + 4 x 5,632 = 22,528: 55,296.
 */
#define MOBIUS(lt) "{\"architectures\":[" \
	"\"InternS2MobiusForConditionalGeneration\"],\"model_type\":" \
	"\"interns2_mobius\",\"text_config\":{\"num_hidden_layers\":8," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000," \
	"\"linear_num_key_heads\":2,\"linear_key_head_dim\":16," \
	"\"linear_num_value_heads\":4,\"linear_value_head_dim\":16," \
	"\"linear_conv_kernel_dim\":4,\"num_blocks\":4" lt "}}"
#define L_ "\"linear_attention\","
#define F_ "\"full_attention\","

START_TEST(interns2_mobius)
{
	sized(MOBIUS(""), 16);
	ck_assert_str_eq(plan.model.model_type, "interns2_mobius_text");
	ck_assert_uint_eq(res.kv.bytes, 50176);
	sized(MOBIUS(",\"layer_types\":[" L_ L_ L_ F_ L_ L_ L_
	             "\"full_attention\"]"), 16);
	ck_assert_uint_eq(res.kv.bytes, 50176);
	sized(MOBIUS(",\"layer_types\":[" F_ F_ F_ F_ L_ L_ L_
	             "\"linear_attention\"]"), 16);
	ck_assert_uint_eq(res.kv.bytes, 55296);
	refused("{\"architectures\":[\"InternS2MobiusForConditionalGeneration\"],"
	        "\"model_type\":\"interns2_mobius\",\"num_hidden_layers\":8,"
	        "\"hidden_size\":256,\"num_attention_heads\":4}", "text_config");
}
END_TEST

/*
 * Inkling (inkling_model, inkling_mm_model; vLLM models/inkling/nvidia
 * @055e47c2): refused by name, the text model and the wrapper alike,
 * rather than "a family kvplan does not know"; the reason names the rule
 * kvplan lacks (each layer's conv streams a second paged cache, a
 * SlidingWindowSpec of their own, sconv_swa_attn.py) and reaches the
 * message whole (the refusal keeps 440 bytes of a row's source).
 */
START_TEST(inkling_refused)
{
	const char *ink = "{\"architectures\":[\"InklingForCausalLM\"],"
	        "\"model_type\":\"inkling_model\",\"num_hidden_layers\":2,"
	        "\"hidden_size\":256,\"num_attention_heads\":4}";
	const char *glm = "{\"architectures\":"
	        "[\"Glm5NextForConditionalGeneration\"],"
	        "\"model_type\":\"glm5_next\",\"text_config\":{"
	        "\"model_type\":\"glm5_next_text\",\"num_hidden_layers\":2,"
	        "\"hidden_size\":256,\"num_attention_heads\":4}}";

	refused(ink, "refuses by name: vLLM models/inkling/nvidia @055e47c2");
	refused(ink, "sconv_swa_attn.py");
	refused(ink, "kvplan holds no second paged cache per layer");
	refused("{\"architectures\":[\"InklingForConditionalGeneration\"],"
	        "\"model_type\":\"inkling_mm_model\",\"text_config\":{"
	        "\"model_type\":\"inkling_model\",\"num_hidden_layers\":2,"
	        "\"hidden_size\":256,\"num_attention_heads\":4}}",
	        "refuses by name");
	/* GLM-5.3-Flash (glm5_next; vLLM models/glm5next/common/attention.py
	 * @0bc052df): KDA beside MLA layers whose DSA indexer keeps one entry
	 * per index_kpool tokens and a tail ring per request; the reason
	 * names both rules and reaches the message whole */
	refused(glm, "refuses by name: vLLM models/glm5next/common/attention.py");
	refused(glm, "KpoolTailSpec");
	refused(glm, "kvplan's DSA indexer caches every token and no ring");
}
END_TEST

/*
 * Onyx (onyx; transformers OnyxTextConfig, a Gemma2Config: layer_types
 * decides, sliding layers keep sliding_window; llama.cpp
 * conversion/onyx.py @06a8f4ee writes a fixed pattern of 4). 8 layers,
 * 2 KV heads x (128 + 128) x 2 B = 1,024 B a layer and position; window
 * 8, 16 positions: 6 sliding layers x 1,024 x 8 = 49,152 and 2 full x
 * 1,024 x 16 = 32,768: 81,920. Without layer_types, or with one that is
 * not llama.cpp's three sliding and one full: refused naming it.
 */
#define ONYX(lt) "{\"architectures\":[\"OnyxForConditionalGeneration\"]," \
	"\"model_type\":\"onyx\",\"hidden_size\":256," \
	"\"num_hidden_layers\":8,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"head_dim\":128,\"vocab_size\":1000," \
	"\"intermediate_size\":512,\"max_position_embeddings\":4096," \
	"\"sliding_window\":8,\"every_n_layers_nope\":4" lt "}"
#define S_ "\"sliding_attention\","

START_TEST(onyx)
{
	sized(ONYX(",\"layer_types\":[" S_ S_ S_ F_ S_ S_ S_
	           "\"full_attention\"]"), 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.window, 8);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 81920);
	refused(ONYX(""), "layer_types: (absent)");
	refused(ONYX(",\"layer_types\":[" S_ S_ F_ F_ S_ S_ S_
	             "\"full_attention\"]"), "fixed pattern of 4");
}
END_TEST

/*
 * HRM-Text (hrm_text; vLLM hrm_text.py @055e47c2: an Attention per
 * recurrence step and stack layer, H_cycles x (L_cycles + 1) steps, MHA
 * of num_attention_heads; transformers HrmTextConfig @70eb7079). 2
 * layers a stack, H 2, L 3: 8 steps x 2 = 16 cache layers, each 4 heads
 * x (64 + 64) x 2 B = 1,024 B a position: 16,384; 16 positions:
 * 262,144. The weights are the two stacks' 4 layers (model.loops 4).
 * A legacy file (num_hidden_layers the per-stack count, no
 * num_layers_per_stack) gives the same; H_cycles 1 and L_cycles 2 (3
 * steps, no whole number of passes over both stacks) is refused naming
 * H_cycles.
 */
#define HRM(extra) "{\"architectures\":[\"HrmTextForCausalLM\"]," \
	"\"model_type\":\"hrm_text\",\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"head_dim\":64,\"vocab_size\":1000," \
	"\"intermediate_size\":512,\"max_position_embeddings\":2048," \
	"\"prefix_lm\":true" extra "}"

START_TEST(hrm_text)
{
	sized(HRM(",\"num_hidden_layers\":16,\"num_layers_per_stack\":2,"
	          "\"H_cycles\":2,\"L_cycles\":3"), 16);
	ck_assert_uint_eq(plan.model.n_layers, 16);
	ck_assert_uint_eq(plan.model.loops, 4);
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	sized(HRM(",\"num_hidden_layers\":2"), 16);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	refused(HRM(",\"num_hidden_layers\":2,\"H_cycles\":1,"
	            "\"L_cycles\":2"), "H_cycles: 1");
}
END_TEST

/*
 * MOSS-Audio (moss_audio; vLLM moss_audio.py @055e47c2: MossAudioConfig
 * rebuilds language_config as a Qwen3Config, Qwen3ForCausalLM on it):
 * 4 layers x 8 KV heads x (128 + 128) x 2 B = 16,384 B a position; 16
 * positions: 262,144. The audio encoder keeps no decoder cache. Without
 * language_config the class builds its default Qwen3Config: refused.
 */
START_TEST(moss_audio)
{
	sized("{\"architectures\":[\"MossAudioModel\"],\"model_type\":"
	      "\"moss_audio\",\"audio_config\":{\"d_model\":1280},"
	      "\"language_config\":{\"hidden_size\":2048,"
	      "\"num_attention_heads\":16,\"num_hidden_layers\":4,"
	      "\"num_key_value_heads\":8,\"head_dim\":128,"
	      "\"vocab_size\":151936,\"intermediate_size\":6144,"
	      "\"max_position_embeddings\":40960}}", 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3");
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.bytes, 262144);
	refused("{\"architectures\":[\"MossAudioModel\"],\"model_type\":"
	        "\"moss_audio\",\"num_hidden_layers\":4,\"hidden_size\":2048,"
	        "\"num_attention_heads\":16}", "language_config: (absent) - "
	        "moss_audio keeps its text model");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_catalog");
	TCase *tc = tcase_create("catalog");

	tcase_add_test(tc, cosmos3);
	tcase_add_test(tc, cosmos3_edge);
	tcase_add_test(tc, llava_onevision2);
	tcase_add_test(tc, longcat_ngram);
	tcase_add_test(tc, interns2_mobius);
	tcase_add_test(tc, inkling_refused);
	tcase_add_test(tc, onyx);
	tcase_add_test(tc, hrm_text);
	tcase_add_test(tc, moss_audio);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
