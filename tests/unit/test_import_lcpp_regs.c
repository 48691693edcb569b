/*
 * test_import_lcpp_regs.c - the families llama.cpp's converter registers
 * (its conversion/ modules at 80fb11a, issue 35) that the family table
 * had no row for: each a small inline config sized for ONE sequence of T
 * positions, f16 cache, generic dynamic strategy (one_sequence.h), the
 * bytes worked by hand in the comment from the source the row cites;
 * the families refused by name, the refusal naming the reason.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "inline_import.h"
#include "kvplan/preset.h"

/* 1 when importing text gives a note holding words */
static int noted(const char *text, const char *words)
{
	static struct kvp_notes notes;
	struct kvp_model m;
	struct kvp_error err;
	unsigned i;

	notes.n = 0;
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "inline", &m,
	                 &notes, &err), KVP_OK);
	for (i = 0; i < notes.n; i++)
		if (strstr(notes.line[i], words))
			return 1;
	return 0;
}

/*
 * Granite SWA (granite_swa; transformers GraniteSWAConfig, llama.cpp
 * conversion/granite.py GraniteSWAModel): 8 layers, hidden 256 over 4
 * heads = head_dim 64, 2 KV heads: 2 x (64 + 64) x 2 B = 512 B a layer
 * a position. No layer_types: layers 0 and 4 full (i % 4 == 0), the
 * other 6 slide the default window of 128. 256 positions: full 2 x 512
 * x 256 = 262,144; sliding 6 x 512 x 128 = 393,216; 655,360 in all.
 */
START_TEST(granite_swa_default_pattern)
{
	sized("{\"model_type\":\"granite_swa\",\"num_hidden_layers\":8,"
	      "\"hidden_size\":256,\"num_attention_heads\":4,"
	      "\"num_key_value_heads\":2,\"vocab_size\":1000}", 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 8 * 512);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.window, 128);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 655360);
}
END_TEST

/*
 * Granite MoE SWA (granitemoe_swa) with layer_types: layers 0 and 3
 * full, 1 and 2 sliding_window 8; 512 B a layer as above. 32 positions:
 * 2 x 512 x 32 + 2 x 512 x 8 = 32,768 + 8,192 = 40,960. A head_dim
 * other than hidden / heads (128 here, 64 by the quotient) is refused:
 * vLLM reads it, llama.cpp and transformers do not. A shared MLP
 * (shared_intermediate_size) is counted in the weights, as experts'
 * worth (test_import_rows granite_shared_mlp): here 128 beside experts
 * of 4 x hidden = 1,024 (intermediate_size absent), one expert's worth.
 */
#define GSWA4 "\"num_hidden_layers\":4,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000,\"num_local_experts\":4," \
	"\"num_experts_per_tok\":2"

START_TEST(granite_swa_layer_types)
{
	sized("{\"model_type\":\"granitemoe_swa\",\"num_hidden_layers\":4,"
	      "\"hidden_size\":256,\"num_attention_heads\":4,"
	      "\"num_key_value_heads\":2,\"vocab_size\":1000,"
	      "\"num_local_experts\":4,\"num_experts_per_tok\":2,"
	      "\"sliding_window\":8,\"layer_types\":[\"full_attention\","
	      "\"sliding_attention\",\"sliding_attention\","
	      "\"full_attention\"]}", 32);
	ck_assert_uint_eq(res.kv.bytes, 40960);
	ck_assert(!noted("{\"model_type\":\"granitemoe_swa\"," GSWA4 "}",
	                 "shared MLP"));
	ck_assert(noted("{\"model_type\":\"granitemoe_swa\"," GSWA4 ","
	                "\"shared_intermediate_size\":128}",
	                "shared_intermediate_size 128 counted as 1 experts"));
	refused("{\"model_type\":\"granite_swa\",\"num_hidden_layers\":4,"
	        "\"hidden_size\":256,\"num_attention_heads\":4,"
	        "\"num_key_value_heads\":2,\"head_dim\":128,"
	        "\"vocab_size\":1000}", "head_dim");
}
END_TEST

/*
 * JetBrains Mellum (mellum; transformers MellumConfig, llama.cpp
 * conversion/mellum.py): 4 layers of 2 KV heads x head_dim 64, 2 x (64 +
 * 64) x 2 B = 512 B a layer a position; layer_types slides layers 0 and
 * 2 over sliding_window 8, 1 and 3 full. 32 positions: 2 x 512 x 32 + 2
 * x 512 x 8 = 32,768 + 8,192 = 40,960 (use_sliding_window true changes
 * nothing). mlp_layer_types' leading dense layer is the weights' first
 * dense layer. Refused: no head_dim (128 in MellumConfig, hidden / heads
 * in llama.cpp), no layer_types, use_sliding_window false beside a
 * sliding layer (llama.cpp slides none).
 */
#define MELLUM_DIMS "\"model_type\":\"mellum\",\"num_hidden_layers\":4," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"vocab_size\":1000,\"num_experts\":4," \
	"\"num_experts_per_tok\":2,\"moe_intermediate_size\":64," \
	"\"sliding_window\":8"
#define MELLUM_TYPES "\"layer_types\":[\"sliding_attention\"," \
	"\"full_attention\",\"sliding_attention\",\"full_attention\"]"

START_TEST(mellum)
{
	sized("{" MELLUM_DIMS ",\"head_dim\":64," MELLUM_TYPES ","
	      "\"mlp_layer_types\":[\"dense\",\"sparse\",\"sparse\","
	      "\"sparse\"]}", 32);
	ck_assert_uint_eq(res.kv.bytes, 40960);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_HEAD);
	sized("{" MELLUM_DIMS ",\"head_dim\":64,\"use_sliding_window\":true,"
	      MELLUM_TYPES "}", 32);
	ck_assert_uint_eq(res.kv.bytes, 40960);
	refused("{" MELLUM_DIMS "," MELLUM_TYPES "}", "head_dim");
	refused("{" MELLUM_DIMS ",\"head_dim\":64}", "layer_types");
	refused("{" MELLUM_DIMS ",\"head_dim\":64,\"use_sliding_window\":false,"
	        MELLUM_TYPES "}", "use_sliding_window");
}
END_TEST

/*
 * Nanbeige (nanbeige; NanbeigeConfig, llama.cpp NanbeigeModel(LlamaModel)):
 * no num_key_value_heads, every head its own K and V: 2 layers x 4 heads
 * x (64 + 64) x 2 B = 2,048 B/position, x 16 = 32,768; num_loops 1 the
 * same. num_loops 2: llama.cpp caches each layer once per loop
 * (src/models/nanbeige.cpp n_layer_all; hf_loops.c), 4 caches, 65,536
 * (test_import_refused35.c sizes loops under each engine). A module
 * beyond Llama's tensors (enable_mhc) refused naming the key; such a
 * switch off (false, []) imports.
 */
#define NANBEIGE "\"model_type\":\"nanbeige\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":4,\"vocab_size\":1000"

START_TEST(nanbeige)
{
	sized("{" NANBEIGE "}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	sized("{" NANBEIGE ",\"num_loops\":1,\"enable_mhc\":false,"
	      "\"loop_loss_weights\":[]}", 16);
	ck_assert_uint_eq(res.kv.bytes, 32768);
	sized("{" NANBEIGE ",\"num_loops\":2}", 16);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	refused("{" NANBEIGE ",\"enable_mhc\":true}", "enable_mhc");
}
END_TEST

/*
 * Talkie (talkie; TalkieConfig of the original architecture: n_layer,
 * n_head, n_embd, head_dim; no KV head count, llama.cpp's TextModel then
 * writes the heads): 2 layers x 4 heads x (64 + 64) x 2 B = 2,048
 * B/position, x 16 = 32,768.
 */
START_TEST(talkie)
{
	sized("{\"model_type\":\"talkie\",\"n_layer\":2,\"n_embd\":256,"
	      "\"n_head\":4,\"head_dim\":64,\"vocab_size\":1000,"
	      "\"intermediate_size\":512}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes, 32768);
}
END_TEST

/*
 * PLaMo 1 (plamo; mlx-lm plamo.py, llama.cpp PlamoModel): K and V heads
 * ceil(heads / n_shared_head) of hidden / heads. 2 layers, hidden 256
 * over 16 heads = 16: n_shared_head absent (8) gives 16 / 8 = 2 KV
 * heads, 2 x (16 + 16) x 2 B = 128 B a layer, 256 B/position, x 16 =
 * 4,096; n_shared_head 4 gives 4: 256 B a layer, 512, x 16 = 8,192 (a
 * num_key_value_heads the config writes, 16, is not read). n_shared_head
 * 3 does not divide 16: refused.
 */
#define PLAMO "\"model_type\":\"plamo\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":16,\"vocab_size\":1000"

START_TEST(plamo)
{
	sized("{" PLAMO "}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 2);
	ck_assert_uint_eq(res.kv.bytes, 4096);
	sized("{" PLAMO ",\"n_shared_head\":4,\"num_key_value_heads\":16}", 16);
	ck_assert_uint_eq(res.kv.bytes, 8192);
	refused("{" PLAMO ",\"n_shared_head\":3}", "n_shared_head");
}
END_TEST

/*
 * Architectures llama.cpp's converter registers under another name than
 * the family's row (conversion/ernie.py Ernie4_5_ForCausalLM,
 * conversion/lfm2.py LFM2ForCausalLM, conversion/bloom.py BloomModel,
 * conversion/chameleon.py ChameleonForCausalLM): their configs carry the
 * model_type of transformers' class (configuration_ernie4_5.py
 * ernie4_5, configuration_lfm2.py lfm2, configuration_bloom.py bloom,
 * configuration_chameleon.py chameleon), and dispatch is by model_type:
 * the same bytes as the row's own architecture. ERNIE 4.5: 2 layers x 2
 * KV heads x (64 + 64) x 2 B = 1,024 B/position, x 16 = 16,384.
 */
START_TEST(aliases_reach_rows)
{
	static const char *const rows[][3] = {
		{ "ernie4_5", "Ernie4_5_ForCausalLM", "Ernie4_5ForCausalLM" },
		{ "lfm2", "LFM2ForCausalLM", "Lfm2ForCausalLM" },
		{ "bloom", "BloomModel", "BloomForCausalLM" },
		{ "chameleon", "ChameleonForCausalLM",
		  "ChameleonForConditionalGeneration" },
	};
	char text[512];
	uint64_t bytes;
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\":\"%s\","
		         "\"architectures\":[\"%s\"],\"num_hidden_layers\":2,"
		         "\"hidden_size\":256,\"num_attention_heads\":4,"
		         "\"num_key_value_heads\":2,\"head_dim\":64,"
		         "\"vocab_size\":1000}", rows[i][0], rows[i][1]);
		sized(text, 16);
		bytes = res.kv.bytes;
		ck_assert_uint_gt(bytes, 0);
		if (i == 0)
			ck_assert_uint_eq(bytes, 16384);
		snprintf(text, sizeof text, "{\"model_type\":\"%s\","
		         "\"architectures\":[\"%s\"],\"num_hidden_layers\":2,"
		         "\"hidden_size\":256,\"num_attention_heads\":4,"
		         "\"num_key_value_heads\":2,\"head_dim\":64,"
		         "\"vocab_size\":1000}", rows[i][0], rows[i][2]);
		sized(text, 16);
		ck_assert_uint_eq(res.kv.bytes, bytes);
	}
}
END_TEST

/*
 * Janus (janus; transformers JanusConfig: text_config.get("model_type",
 * "llama"); llama.cpp conversion/januspro.py JanusProModel, a LlamaModel):
 * a text_config naming no model_type is Llama's. 2 layers x 2 KV heads x
 * (64 + 64) x 2 B = 1,024 B/position, x 16 = 16,384.
 */
START_TEST(janus)
{
	sized("{\"model_type\":\"janus\",\"architectures\":"
	      "[\"JanusForConditionalGeneration\"],\"text_config\":{"
	      "\"num_hidden_layers\":2,\"hidden_size\":256,"
	      "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	      "\"vocab_size\":1000}}", 16);
	ck_assert_str_eq(plan.model.model_type, "llama");
	ck_assert_uint_eq(res.kv.bytes, 16384);
}
END_TEST

/*
 * CodeShell (kclgpt; llama.cpp CodeShellModel: num_query_groups KV heads
 * of n_embd / n_head): 2 layers x 2 KV heads x (64 + 64) x 2 B = 1,024
 * B/position, x 16 = 16,384. Refused: num_query_groups absent (llama.cpp
 * has no default), group_query_attention false beside 2 groups of 4
 * heads (CodeShell's code then keeps every head).
 */
#define CODESHELL "\"model_type\":\"kclgpt\",\"n_layer\":2,\"n_embd\":256," \
	"\"n_head\":4,\"vocab_size\":1000"

START_TEST(codeshell)
{
	sized("{" CODESHELL ",\"num_query_groups\":2,"
	      "\"group_query_attention\":true}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 2);
	ck_assert(!plan.model.arch.gated_mlp);
	ck_assert_uint_eq(res.kv.bytes, 16384);
	refused("{" CODESHELL "}", "num_query_groups");
	refused("{" CODESHELL ",\"num_query_groups\":2,"
	        "\"group_query_attention\":false}", "group_query_attention");
}
END_TEST

/*
 * Refused by name, each naming why: the diffusion LMs llama.cpp runs
 * with no memory at all (create_memory: nullptr for LLaDA, LLaDA-MoE,
 * Dream, RND1), RWKV-6 and -7 (token shifts and a WKV matrix, no K/V),
 * Granite Switch (cache slots its switch reserves, one in llama.cpp, two
 * in the MultiSwitch code).
 */
START_TEST(refused_by_name)
{
	static const struct { const char *type, *why; } rows[] = {
		{ "llada", "diffusion" }, { "Dream", "diffusion" },
		{ "dream", "diffusion" }, { "rnd1", "diffusion" },
		{ "rwkv6", "WKV" }, { "rwkv7", "WKV" },
		{ "granite_switch", "cache slots" },
	};
	char text[256];
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\":\"%s\","
		         "\"num_hidden_layers\":2,\"hidden_size\":256,"
		         "\"num_attention_heads\":4,\"vocab_size\":1000}",
		         rows[i].type);
		refused(text, rows[i].why);
		refused(text, "refuses by name");
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_lcpp_regs");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, granite_swa_default_pattern);
	tcase_add_test(tc, granite_swa_layer_types);
	tcase_add_test(tc, mellum);
	tcase_add_test(tc, nanbeige);
	tcase_add_test(tc, talkie);
	tcase_add_test(tc, plamo);
	tcase_add_test(tc, aliases_reach_rows);
	tcase_add_test(tc, janus);
	tcase_add_test(tc, codeshell);
	tcase_add_test(tc, refused_by_name);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
