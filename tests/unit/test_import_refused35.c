/*
 * test_import_refused35.c - families kvplan refused until an engine's
 * code showed how it caches them (issue 35, the refused share): each an
 * inline config, the bytes worked by hand in the comment from the source
 * the row cites, and the engines that do not serve the family refusing
 * it by name.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "inline_import.h"
#include "kvplan/layers.h"

/* the plan of the last sized() under engine e, computed: its status */
static enum kvp_status under(enum kvp_engine_kind e)
{
	plan.engine.kind = e;
	return kvp_compute(&plan, &res);
}

/* refused by the engine, the message naming words */
static void engine_refuses(enum kvp_engine_kind e, const char *words)
{
	ck_assert_int_eq(under(e), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, words) != NULL, "%s",
	              res.error.msg);
}

/*
 * Nanbeige with num_loops 3 (llama.cpp @80fb11a conversion/nanbeige.py
 * writes num_loops; src/models/nanbeige.cpp: n_layer_all = layers x
 * loops, each its own K/V over shared weights). 2 layers, hidden 256
 * over 4 heads = head_dim 64, 2 KV heads: 3 x 2 = 6 caches of
 * 2 x 2 x 64 x 2 B = 512 B a position: 3,072 B/position; one sequence
 * of 16 positions 49,152. llama.cpp at -c 256 (one stream of 256 cells,
 * a multiple of 256 already): 3,072 x 256 = 786,432 B, the size its
 * llama_kv_cache line prints over "6 layers". Weights of the 2 real
 * layers alone: q 65,536 + k 32,768 + v 32,768 + o 65,536 = 196,608,
 * MLP 3 x 256 x 512 = 393,216, two norms 512: 590,336 a layer, x 2 =
 * 1,180,672; embeddings and output 2 x 1,000 x 256 = 512,000 and the
 * final norm 256: 1,692,928 parameters.
 * Partial offload (-ngl 3 of 6) is refused naming n_gpu_layers; -ngl 0
 * (all on the host) and -ngl 7 (every layer and the output) are sized. vLLM (no NanbeigeForCausalLM in
 * its registry), SGLang and TensorRT-LLM refuse naming the model_type;
 * transformers (the remote code's cache, not read) naming model.loops.
 */
#define NANBEIGE3 "{\"model_type\":\"nanbeige\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"vocab_size\":1000," \
	"\"intermediate_size\":512,\"num_loops\":3}"

START_TEST(nanbeige_loops)
{
	sized(NANBEIGE3, 16);
	ck_assert_uint_eq(plan.model.n_layers, 6);
	ck_assert_uint_eq(plan.model.loops, 3);
	ck_assert_uint_eq(kvp_weight_layers(&plan.model), 2);
	ck_assert_uint_eq(res.kv.bytes_per_position, 3072);
	ck_assert_uint_eq(res.kv.bytes, 49152);
	ck_assert_uint_eq(res.weights.params, 1692928);
	plan.engine.llamacpp.ctx_size = 256;
	ck_assert_msg(under(KVP_ENGINE_LLAMACPP) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 786432);
	plan.engine.llamacpp.n_gpu_layers = 3;
	engine_refuses(KVP_ENGINE_LLAMACPP, "engine.llamacpp.n_gpu_layers: 3");
	plan.engine.llamacpp.n_gpu_layers = 7;
	ck_assert_msg(under(KVP_ENGINE_LLAMACPP) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 786432);
	/* -ngl 0: every layer and the output on the host, nothing split
	 * (make check-live runs llama.cpp so, and matches) */
	plan.engine.llamacpp.n_gpu_layers = 0;
	ck_assert_msg(under(KVP_ENGINE_LLAMACPP) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 786432);
	engine_refuses(KVP_ENGINE_VLLM, "model.model_type: nanbeige");
	engine_refuses(KVP_ENGINE_VLLM, "NanbeigeForCausalLM");
	engine_refuses(KVP_ENGINE_SGLANG, "model.model_type: nanbeige");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: nanbeige");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.loops: 3");
	/* one loop: a plain decoder, no loops recorded */
	sized("{\"model_type\":\"nanbeige\",\"num_hidden_layers\":2,"
	      "\"hidden_size\":256,\"num_attention_heads\":4,"
	      "\"num_key_value_heads\":2,\"vocab_size\":1000,"
	      "\"num_loops\":1}", 16);
	ck_assert_uint_eq(plan.model.n_layers, 2);
	ck_assert_uint_eq(plan.model.loops, 0);
	/* KV shared across loops: a rule no engine publishes */
	refused("{\"model_type\":\"nanbeige\",\"num_hidden_layers\":2,"
	        "\"hidden_size\":256,\"num_attention_heads\":4,"
	        "\"vocab_size\":1000,\"num_loops\":2,\"loop_share_kv\":true}",
	        "loop_share_kv");
}
END_TEST

/*
 * PLM (transformers configuration_plm.py @949dcd70, model_type plm;
 * llama.cpp @80fb11a conversion/plm.py and src/models/plm.cpp): MLA
 * weights, but llama.cpp caches per-head K of qk_nope + qk_rope = 32 +
 * 16 = 48 values and V of v_head_dim 32 for every one of the 4 heads:
 * 4 x (48 + 32) x 2 B = 640 B a layer a position, 2 layers 1,280
 * B/position, 16 positions 20,480. llama.cpp at -c 256: 1,280 x 256 =
 * 327,680 B. head_dim (PLMConfig writes qk_rope_head_dim there) is not
 * read by llama.cpp's key_length, which plm.py overwrites. Without
 * num_key_value_heads llama.cpp's TextModel leaves head_count_kv to the
 * heads: the same bytes. KV heads other than the heads (plm.cpp's K of
 * every query head does not fit rows of 2 heads), a q_lora_rank
 * (plm.cpp loads a plain wq), no kv_lora_rank or no v_head_dim: refused
 * naming the key. The engines other than llama.cpp refuse naming the
 * model_type.
 */
#define PLM_KEYS "\"model_type\":\"plm\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":4,\"vocab_size\":1000," \
	"\"intermediate_size\":512,\"qk_rope_head_dim\":16," \
	"\"qk_nope_head_dim\":32,\"head_dim\":16,\"qk_head_dim\":48"
#define PLM_MLA PLM_KEYS ",\"kv_lora_rank\":64"

START_TEST(plm)
{
	sized("{" PLM_MLA ",\"v_head_dim\":32,\"num_key_value_heads\":4,"
	      "\"q_lora_rank\":null}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.k_dim, 48);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.v_dim, 32);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1280);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	plan.engine.llamacpp.ctx_size = 256;
	ck_assert_msg(under(KVP_ENGINE_LLAMACPP) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 327680);
	engine_refuses(KVP_ENGINE_VLLM, "model.model_type: plm");
	engine_refuses(KVP_ENGINE_VLLM, "PLMForCausalLM");
	engine_refuses(KVP_ENGINE_SGLANG, "model.model_type: plm");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: plm");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.model_type: plm");
	sized("{" PLM_MLA ",\"v_head_dim\":32}", 16);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	refused("{" PLM_MLA ",\"v_head_dim\":32,\"num_key_value_heads\":2}",
	        "num_key_value_heads");
	refused("{" PLM_MLA ",\"v_head_dim\":32,\"q_lora_rank\":32}",
	        "q_lora_rank");
	refused("{" PLM_KEYS ",\"v_head_dim\":32}", "kv_lora_rank");
	refused("{" PLM_MLA "}", "v_head_dim");
}
END_TEST

/*
 * OpenELM (llama.cpp conversion/openelm.py, src/models/openelm.cpp): its
 * KV rule is published (num_kv_heads[i] x head_dim a layer), but its
 * query heads differ per layer too, which kvplan's model does not hold:
 * refused by name, the reason saying so, not as a family kvplan does not
 * know.
 */
START_TEST(openelm_refused)
{
	refused("{\"model_type\":\"openelm\",\"architectures\":"
	        "[\"OpenELMForCausalLM\"],\"num_transformer_layers\":2,"
	        "\"model_dim\":256,\"head_dim\":64,\"num_query_heads\":[4,8],"
	        "\"num_kv_heads\":[1,2],\"vocab_size\":1000}",
	        "query heads differ per layer");
}
END_TEST

/*
 * Ling/Ring 2.5 (bailing_hybrid, BailingMoeV2_5ForCausalLM) with SGLang's
 * layout (configs/bailing_hybrid.py @0f6954e8 layers_block_type and
 * Mamba2CacheParams; model_config.py: the MLA latent on full layers):
 * 8 layers, layer_group_size 4: layers 3 and 7 MLA, latent (512 + 64)
 * x 2 B = 1,152 B a position each, 2,304 B/position; the 6 others
 * lightning states of 8 heads x 128 x 128 (head_dim) x 4 B (f32) =
 * 524,288 B each, 3,145,728 a sequence. One sequence of 16 positions:
 * 2,304 x 16 = 36,864 + 3,145,728 = 3,182,592. A per-layer list (1 =
 * lightning) decides the kinds itself. head_dim absent (SGLang's class
 * takes 128, transformers' qk_rope_head_dim), no kv_lora_rank, a list
 * of the wrong length, and Ling 3.0's short_conv_kernel_size beside
 * this architecture (SGLang's use_kda, vLLM's lightning class) refused
 * naming the key. Every named engine refuses it: vLLM, transformers,
 * llama.cpp and TensorRT-LLM naming the model_type, SGLang its
 * lightning state (no conv state: not modelled for SGLang).
 */
#define LING_DIMS "\"model_type\":\"bailing_hybrid\"," \
	"\"architectures\":[\"BailingMoeV2_5ForCausalLM\"]," \
	"\"hidden_size\":1024,\"num_attention_heads\":8," \
	"\"num_key_value_heads\":8,\"qk_rope_head_dim\":64," \
	"\"qk_nope_head_dim\":128,\"v_head_dim\":128,\"vocab_size\":64," \
	"\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"," \
	"\"intermediate_size\":512"
#define LING_MLA LING_DIMS ",\"kv_lora_rank\":512"

START_TEST(ling25)
{
	sized("{" LING_MLA ",\"num_hidden_layers\":8,\"head_dim\":128,"
	      "\"layer_group_size\":4}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 7)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2304);
	ck_assert_uint_eq(res.kv.state_bytes, 3145728);
	ck_assert_uint_eq(res.kv.bytes, 3182592);
	engine_refuses(KVP_ENGINE_VLLM, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.model_type: "
	               "bailing_hybrid");
	engine_refuses(KVP_ENGINE_LLAMACPP, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_SGLANG, "model.recur.conv_values: 0");
	sized("{" LING_MLA ",\"num_hidden_layers\":4,\"head_dim\":128,"
	      "\"layer_group_size\":[1,0,1,0]}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_MLA);
	refused("{" LING_MLA ",\"num_hidden_layers\":8,"
	        "\"layer_group_size\":4}", "head_dim");
	refused("{" LING_DIMS ",\"num_hidden_layers\":8,\"head_dim\":128,"
	        "\"layer_group_size\":4}", "kv_lora_rank");
	refused("{" LING_MLA ",\"num_hidden_layers\":4,\"head_dim\":128,"
	        "\"layer_group_size\":[1,0]}", "layer_group_size");
	refused("{" LING_MLA ",\"num_hidden_layers\":8,\"head_dim\":128,"
	        "\"layer_group_size\":4,\"short_conv_kernel_size\":4}",
	        "short_conv_kernel_size");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_refused35");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, nanbeige_loops);
	tcase_add_test(tc, plm);
	tcase_add_test(tc, openelm_refused);
	tcase_add_test(tc, ling25);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
