/*
 * test_import_mlx.c - the quantization block mlx-lm writes (issue 35,
 * src/io/hf/hf_quant_mlx.c): no quant_method, "quantization" and
 * "quantization_config" both {group_size, bits[, mode]}. The configs are
 * written here by hand in the shape of mlx-community models (their sizes
 * are those of the Meta / HuggingFaceTB originals; no Hub file is
 * copied); the weight bytes are worked by hand from the layer shapes
 * below, as mlx stores them (mlx ops.cpp affine_quantize: bits per value
 * packed, a bf16 scale and a bf16 bias per group; fp_quantize: a 1-byte
 * scale per group, no bias). The same five figures are the tensor bytes
 * exo (exo-explore/exo's pinned model-card test) records for these
 * mlx-community repositories: 695,242,752, 1,807,423,488,
 * 4,517,404,672, 39,688,355,840, 142,955,136.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"

static struct kvp_plan plan;
static struct kvp_result res;

/* A llama-family config of these sizes and this quantization block,
 * under both names as mlx-lm's save_config writes it. */
static enum kvp_status mlx_llama(unsigned layers, unsigned hidden,
                                 unsigned heads, unsigned kv, unsigned inter,
                                 unsigned vocab, int tied, const char *quant,
                                 const char *extra, struct kvp_error *err)
{
	char text[1024];
	enum kvp_status st;

	snprintf(text, sizeof text, "{\"model_type\":\"llama\","
	         "\"num_hidden_layers\":%u,\"hidden_size\":%u,"
	         "\"num_attention_heads\":%u,\"num_key_value_heads\":%u,"
	         "\"intermediate_size\":%u,\"vocab_size\":%u,"
	         "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":%s,"
	         "\"quantization\":%s,\"quantization_config\":%s%s}",
	         layers, hidden, heads, kv, inter, vocab,
	         tied ? "true" : "false", quant, quant, extra);
	kvp_plan_default(&plan);
	st = kvp_hf_import_text(text, strlen(text), "mlx.json", &plan.model,
	                        NULL, err);
	if (st != KVP_OK)
		return st;
	st = kvp_compute(&plan, &res);
	ck_assert_msg(st == KVP_OK, "compute: %s", res.error.msg);
	return st;
}

#define Q4 "{\"group_size\":64,\"bits\":4}"

START_TEST(affine_llamas)
{
	struct kvp_error err;

	/* mlx-community/Llama-3.2-1B-Instruct-4bit: 16 layers, hidden 2048,
	 * 32 heads and 8 KV heads of 64, intermediate 8192, vocab 128256,
	 * tied. Per layer q 2048x2048 4,194,304 + k, v 2048x512 1,048,576
	 * each + o 4,194,304 = 10,485,760; MLP 3 x 2048 x 8192 =
	 * 50,331,648; 16 layers 973,078,528. Embeddings 128256 x 2048 =
	 * 262,668,288 (quantized too: nn.Embedding has to_quantized).
	 * Quantized values 1,235,746,816: x 4 bits / 8 = 617,873,408 B;
	 * groups / 64 = 19,308,544 x (2 + 2) = 77,234,176 B. Norms 16 x 2 x
	 * 2048 + 2048 = 67,584 x 2 = 135,168 B. Total 695,242,752. */
	ck_assert_int_eq(mlx_llama(16, 2048, 32, 8, 8192, 128256, 1, Q4, "",
	                           &err), KVP_OK);
	ck_assert_uint_eq(res.weights.params, 1235814400);
	ck_assert_uint_eq(res.weights.bytes, 695242752);
	ck_assert(!plan.model.weights.keep_embeddings_16bit);
	/* the cache is the model's: 2 x 16 x 8 x 64 x 2 (bf16) */
	ck_assert_uint_eq(res.kv.bytes_per_position, 32768);
	/* Llama-3.2-3B-Instruct-4bit: 28 layers, hidden 3072, 24 heads, 8
	 * KV of 128, intermediate 8192, tied. Per layer q 3072x3072
	 * 9,437,184 + k, v 3072x1024 3,145,728 each + o 9,437,184 =
	 * 25,165,824; MLP 3 x 3072 x 8192 = 75,497,472; 28 layers
	 * 2,818,572,288; embeddings 128256 x 3072 = 394,002,432; quantized
	 * 3,212,574,720: /2 = 1,606,287,360 + /64 x 4 = 200,785,920; norms
	 * (28 x 2 + 1) x 3072 = 175,104 x 2 = 350,208. 1,807,423,488. */
	ck_assert_int_eq(mlx_llama(28, 3072, 24, 8, 8192, 128256, 1, Q4, "",
	                           &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 1807423488);
	/* Meta-Llama-3.1-8B-Instruct-4bit: 32 layers, hidden 4096, 32
	 * heads, 8 KV of 128, intermediate 14336, lm_head untied. Per layer
	 * 2 x 16,777,216 + 2 x 4,194,304 = 41,943,040 + MLP 3 x 4096 x
	 * 14336 = 176,160,768 -> 218,103,808; 32 layers 6,979,321,856;
	 * embeddings and lm_head 2 x 525,336,576 = 1,050,673,152; quantized
	 * 8,029,995,008: /2 = 4,014,997,504 + /64 x 4 = 501,874,688; norms
	 * 65 x 4096 = 266,240 x 2 = 532,480. 4,517,404,672. */
	ck_assert_int_eq(mlx_llama(32, 4096, 32, 8, 14336, 128256, 0, Q4, "",
	                           &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 4517404672ULL);
	/* SmolLM2-135M-Instruct-8bit: 30 layers, hidden 576, 9 heads, 3 KV
	 * of 64, intermediate 1536, vocab 49152, tied, 8 bits. Per layer
	 * 2 x 331,776 + 2 x 110,592 = 884,736 + 3 x 576 x 1536 = 2,654,208
	 * -> 3,538,944; 30 layers 106,168,320; embeddings 28,311,552;
	 * quantized 134,479,872 x 1 B + /64 x 4 = 8,404,992; norms 61 x 576
	 * = 35,136 x 2 = 70,272. 142,955,136. */
	ck_assert_int_eq(mlx_llama(30, 576, 9, 3, 1536, 49152, 1,
	                           "{\"group_size\":64,\"bits\":8}", "", &err),
	                 KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 142955136);
}
END_TEST

START_TEST(fp_modes)
{
	struct kvp_error err;

	/* The 1B above in mxfp4 (mlx ops.cpp fp_quantize: group 32, a
	 * 1-byte e8m0 scale): 617,873,408 + 1,235,746,816 / 32 =
	 * 38,617,088 + norms 135,168 = 656,625,664. */
	ck_assert_int_eq(mlx_llama(16, 2048, 32, 8, 8192, 128256, 1,
	                 "{\"group_size\":32,\"bits\":4,\"mode\":\"mxfp4\"}",
	                 "", &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 656625664);
	/* nvfp4: group 16, a 1-byte e4m3 scale: 617,873,408 + 77,234,176
	 * + 135,168 = 695,242,752 (4-bit groups of 16 at 1 byte cost what
	 * groups of 64 at 4 bytes do) */
	ck_assert_int_eq(mlx_llama(16, 2048, 32, 8, 8192, 128256, 1,
	                 "{\"group_size\":16,\"bits\":4,\"mode\":\"nvfp4\"}",
	                 "", &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 695242752);
	/* mxfp8: 1,235,746,816 + /32 = 38,617,088 + 135,168 =
	 * 1,274,499,072 */
	ck_assert_int_eq(mlx_llama(16, 2048, 32, 8, 8192, 128256, 1,
	                 "{\"group_size\":32,\"bits\":8,\"mode\":\"mxfp8\"}",
	                 "", &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 1274499072);
}
END_TEST

/* Refused, naming `key`: a block that contradicts mlx. */
static void refused(const char *quant, const char *extra, const char *key)
{
	struct kvp_error err;

	ck_assert_int_ne(mlx_llama(2, 256, 4, 2, 512, 1000, 0, quant, extra,
	                           &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, key) != NULL, "'%s' lacks '%s'",
	              err.msg, key);
	ck_assert_msg(strchr(err.msg, '\n') == NULL, "one line: %s", err.msg);
}

/* The small llama of these tests, 2 layers, hidden 256, 4 heads and 2 KV
 * heads of 64, intermediate 512, vocab 1,000, untied, bf16, without a
 * quantization block: per layer q 65,536 + k, v 32,768 each + o 65,536
 * + MLP 3 x 256 x 512 = 393,216: 589,824; 2 layers 1,179,648;
 * embeddings and lm_head 2 x 256,000; norms 2 x 2 x 256 + 256 = 1,280:
 * 1,692,928 parameters, 3,385,856 B. */
#define SMALL_BYTES 3385856

/* One format is not what mlx stores: imported, the weights counted
 * unquantized (as the same config without the block), a note naming
 * `key`; the cache the model's. */
static void unquantized(const char *quant, const char *extra,
                        const char *key)
{
	char text[1024];
	struct kvp_notes notes;
	struct kvp_error err;
	uint64_t plain;
	unsigned i;
	int named = 0;

	snprintf(text, sizeof text, "{\"model_type\":\"llama\","
	         "\"num_hidden_layers\":2,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"intermediate_size\":512,\"vocab_size\":1000,"
	         "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":false"
	         "%s}", extra);
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "p.json",
	                 &plan.model, NULL, &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	plain = res.weights.bytes;
	snprintf(text, sizeof text, "{\"model_type\":\"llama\","
	         "\"num_hidden_layers\":2,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"intermediate_size\":512,\"vocab_size\":1000,"
	         "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":false,"
	         "\"quantization_config\":%s%s}", quant, extra);
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "q.json",
	                 &plan.model, &notes, &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, plain);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2 * 2 * 128 * 2);
	for (i = 0; i < notes.n; i++)
		if (strstr(notes.line[i], "not counted as stored") &&
		    strstr(notes.line[i], key))
			named = 1;
	ck_assert_msg(named, "no note names %s", key);
}

START_TEST(refusals)
{
	refused("{\"group_size\":64,\"bits\":7}", "", "quantization_config.bits");
	refused("{\"group_size\":48,\"bits\":4}", "",
	        "quantization_config.group_size");
	refused("{\"group_size\":64,\"bits\":4,\"mode\":\"mxfp4\"}", "",
	        "quantization_config.group_size");
	refused("{\"group_size\":64,\"bits\":4,\"mode\":4}", "",
	        "quantization_config.mode");
}
END_TEST

START_TEST(counted_unquantized)
{
	struct kvp_error err;

	/* the anchor, no block: as worked above */
	ck_assert_int_eq(mlx_llama(2, 256, 4, 2, 512, 1000, 0, "null", "",
	                           &err), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, SMALL_BYTES);
	/* per-module keys: a mixed recipe's or a MoE router's (mlx-lm
	 * quantize_model wrapped_predicate), and false (not quantized) */
	unquantized("{\"group_size\":64,\"bits\":4,"
	            "\"model.layers.0.mlp.down_proj\":"
	            "{\"group_size\":64,\"bits\":6}}", "",
	            "quantization_config.model.layers.0.mlp.down_proj");
	unquantized("{\"group_size\":64,\"bits\":4,\"lm_head\":false}", "",
	            "quantization_config.lm_head");
	unquantized("{\"group_size\":64,\"bits\":4,\"mode\":\"int3\"}", "",
	            "quantization_config.mode");
	/* 64 does not divide 500: mlx-lm keeps such a module 16-bit */
	unquantized(Q4, ",\"moe_intermediate_size\":500",
	            "moe_intermediate_size");
	unquantized(Q4, ",\"vision_config\":{}", "vision_config");
}
END_TEST

static int noted(const struct kvp_notes *notes, const char *what)
{
	unsigned i;

	for (i = 0; i < notes->n; i++)
		if (strstr(notes->line[i], "not counted as stored") &&
		    strstr(notes->line[i], what))
			return 1;
	return 0;
}

START_TEST(dtype_and_copies)
{
	struct kvp_notes notes;
	struct kvp_error err;
	const char *t = "{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	                "\"hidden_size\":256,\"num_attention_heads\":4,"
	                "\"torch_dtype\":\"float32\",\"quantization_config\":"
	                Q4 "}";
	struct kvp_model m;

	/* float32: mlx keeps no scales in it; counted unquantized */
	ck_assert_int_eq(kvp_hf_import_text(t, strlen(t), "f", &m, &notes,
	                 &err), KVP_OK);
	ck_assert_msg(noted(&notes, "torch_dtype"), "no torch_dtype note");
	t = "{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	    "\"hidden_size\":256,\"num_attention_heads\":4,"
	    "\"torch_dtype\":\"bfloat16\",\"quantization_config\":" Q4 ","
	    "\"quantization\":{\"group_size\":32,\"bits\":4}}";
	ck_assert_int_ne(kvp_hf_import_text(t, strlen(t), "f", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_msg(strstr(err.msg, ": quantization:"), "%s", err.msg);
	/* a family whose mlx-lm modules are not matched to the count:
	 * counted unquantized, bf16 */
	t = "{\"model_type\":\"gemma3_text\",\"num_hidden_layers\":2,"
	    "\"hidden_size\":256,\"num_attention_heads\":4,\"head_dim\":64,"
	    "\"torch_dtype\":\"bfloat16\",\"quantization_config\":" Q4 "}";
	ck_assert_int_eq(kvp_hf_import_text(t, strlen(t), "f", &m, &notes,
	                 &err), KVP_OK);
	ck_assert_msg(noted(&notes, "model_type: a family"), "no family note");
	ck_assert_int_eq(m.weights.dtype, KVP_W_BF16);
}
END_TEST

START_TEST(qwen3)
{
	struct kvp_error err;
	const char *t = "{\"model_type\":\"qwen3\",\"num_hidden_layers\":28,"
	    "\"hidden_size\":1024,\"num_attention_heads\":16,"
	    "\"num_key_value_heads\":8,\"head_dim\":128,"
	    "\"intermediate_size\":3072,\"vocab_size\":151936,"
	    "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":true,"
	    "\"quantization\":" Q4 ",\"quantization_config\":" Q4 "}";

	/* mlx-community/Qwen3-0.6B-4bit's shape (Qwen3-0.6B's sizes): per
	 * layer q 1024x2048 2,097,152 + k, v 1024x1024 1,048,576 each + o
	 * 2,097,152 = 6,291,456; MLP 3 x 1024 x 3072 = 9,437,184; 28 layers
	 * 440,401,920; tied embeddings 151936 x 1024 = 155,582,464.
	 * Quantized 595,984,384: /2 = 297,992,192 + /64 x 4 = 37,249,024.
	 * Norms 28 x (2 x 1024 + q_norm, k_norm 2 x 128) + 1024 = 65,536
	 * x 2 = 131,072. 335,372,288 B; 596,049,920 parameters. */
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_hf_import_text(t, strlen(t), "q", &plan.model,
	                                    NULL, &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.weights.params, 596049920);
	ck_assert_uint_eq(res.weights.bytes, 335372288);
}
END_TEST

/* A config of one family, its sizes and a 4-bit group-64 block under
 * both names; weights.params and bytes as worked by hand. */
static void family(const char *type, unsigned layers, unsigned hidden,
                   unsigned heads, unsigned kv, unsigned inter,
                   unsigned vocab, int tied, const char *extra,
                   uint64_t params, uint64_t bytes)
{
	char text[1024];
	struct kvp_error err;

	snprintf(text, sizeof text, "{\"model_type\":\"%s\","
	         "\"num_hidden_layers\":%u,\"hidden_size\":%u,"
	         "\"num_attention_heads\":%u,\"num_key_value_heads\":%u,"
	         "\"intermediate_size\":%u,\"vocab_size\":%u,"
	         "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":%s,"
	         "\"quantization\":" Q4 ",\"quantization_config\":" Q4 "%s}",
	         type, layers, hidden, heads, kv, inter, vocab,
	         tied ? "true" : "false", extra);
	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), type, &plan.model,
	              NULL, &err) == KVP_OK, "%s: %s", type, err.msg);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_int_eq(plan.model.weights.dtype, KVP_W_INT4);
	ck_assert_uint_eq(res.weights.params, params);
	ck_assert_uint_eq(res.weights.bytes, bytes);
}

/*
 * The families of mlx_families after llama, mistral and qwen3, each in
 * the shape of an mlx-community 4-bit model (the sizes of the original's
 * config). Quantized values at 4 bits (/2) plus a 2-byte scale and a
 * 2-byte bias per group of 64 (/64 x 4); attention biases, norms 16-bit
 * (x 2): mlx QuantizedLinear.from_linear keeps the Linear's bias.
 */
START_TEST(more_families)
{
	/* the small llama (SMALL_BYTES) with attention_bias (llama.py: q, k,
	 * v and o biases): 1,179,648 + 512,000 = 1,691,648 quantized:
	 * 845,824 + 26,432 groups x 4 = 105,728; biases 2 x (256 + 128 +
	 * 128 + 256) = 1,536 x 2 = 3,072; norms 1,280 x 2 = 2,560.
	 * 957,184 B; 1,694,464 parameters. Refused before: counted
	 * unquantized, 3,388,928 B. */
	family("llama", 2, 256, 4, 2, 512, 1000, 0,
	       ",\"attention_bias\":true", 1694464, 957184);
	/* the small llama with mlp_bias (llama.py MLP: gate and up biases
	 * of 512, down 256): 1,280 per layer, 2,560 in all, 16-bit (mlx
	 * QuantizedLinear.from_linear keeps the bias): 954,112 (the small
	 * llama without biases: 845,824 + 105,728 + 2,560 norms) + 5,120 =
	 * 959,232 B; 1,692,928 + 2,560 = 1,695,488 parameters. Counted
	 * unquantized before (mlp_bias fell back to bf16). */
	family("llama", 2, 256, 4, 2, 512, 1000, 0,
	       ",\"mlp_bias\":true", 1695488, 959232);
	/* mlx-community/Qwen2.5-0.5B-Instruct-4bit: 24 layers, hidden 896,
	 * 14 heads and 2 KV of 64, intermediate 4864, vocab 151936, tied.
	 * Per layer q, o 802,816 each + k, v 114,688 each = 1,835,008 + MLP
	 * 3 x 896 x 4864 = 13,074,432: 14,909,440 x 24 = 357,826,560;
	 * embeddings 136,134,656; 493,961,216 quantized: 246,980,608 +
	 * 7,718,144 groups x 4 = 30,872,576. q/k/v biases (qwen2.py, no o
	 * bias) 896 + 128 + 128 = 1,152 x 24 = 27,648 x 2 = 55,296. Norms
	 * 49 x 896 = 43,904 x 2 = 87,808. 277,996,288 B; 494,032,768
	 * parameters (Qwen2.5-0.5B's). */
	family("qwen2", 24, 896, 14, 2, 4864, 151936, 1, "", 494032768,
	       277996288);
	/* mlx-community/Phi-3-mini-4k-instruct-4bit: 32 layers, hidden
	 * 3072, 32 heads of 96 (3072 / 32), 32 KV, intermediate 8192, vocab
	 * 32064, untied. Per layer qkv_proj 3072 x 9216 + o 3072 x 3072 =
	 * 37,748,736; gate_up 3072 x 16384 + down 8192 x 3072 = 75,497,472;
	 * 113,246,208 x 32 = 3,623,878,656; embeddings and lm_head 2 x
	 * 32064 x 3072 = 197,001,216; 3,820,879,872 quantized:
	 * 1,910,439,936 + 59,701,248 groups x 4 = 238,804,992. Norms 65 x
	 * 3072 = 199,680 x 2 = 399,360. 2,149,644,288 B; 3,821,079,552
	 * parameters. */
	family("phi3", 32, 3072, 32, 32, 8192, 32064, 0, "", 3821079552ULL,
	       2149644288ULL);
	/* mlx-community/granite-3.0-2b-instruct-4bit: 40 layers, hidden
	 * 2048, 32 heads and 8 KV of 64, intermediate 8192, vocab 49155,
	 * tied, no biases. Per layer q, o 4,194,304 each + k, v 1,048,576
	 * each = 10,485,760 + MLP 50,331,648: 60,817,408 x 40 =
	 * 2,432,696,320; embeddings 100,669,440; 2,533,365,760 quantized:
	 * 1,266,682,880 + 39,583,840 groups x 4 = 158,335,360. Norms 81 x
	 * 2048 = 165,888 x 2 = 331,776. 1,425,350,016 B; 2,533,531,648
	 * parameters. */
	family("granite", 40, 2048, 32, 8, 8192, 49155, 1,
	       ",\"attention_bias\":false,\"mlp_bias\":false", 2533531648ULL,
	       1425350016ULL);
	/* mlx-community/SmolLM3-3B-4bit: 36 layers, hidden 2048, 16 heads
	 * and 4 KV of 128, intermediate 11008, vocab 128256, tied. Per
	 * layer q, o 4,194,304 each + k, v 1,048,576 each = 10,485,760 +
	 * MLP 3 x 2048 x 11008 = 67,633,152: 78,118,912 x 36 =
	 * 2,812,280,832; embeddings 262,668,288; 3,074,949,120 quantized:
	 * 1,537,474,560 + 48,046,080 groups x 4 = 192,184,320. Norms 73 x
	 * 2048 = 149,504 x 2 = 299,008. 1,729,957,888 B; 3,075,098,624
	 * parameters. */
	family("smollm3", 36, 2048, 16, 4, 11008, 128256, 1, "",
	       3075098624ULL, 1729957888ULL);
}
END_TEST

/* qwen2.py takes head_dim = hidden_size / heads (896 / 14 = 64): a
 * config kvplan sizes at head_dim 128 is not what mlx-lm builds, so the
 * weights are counted unquantized, bf16, noted. */
START_TEST(head_dim_unmatched)
{
	struct kvp_notes notes;
	struct kvp_error err;
	struct kvp_model m;
	const char *t = "{\"model_type\":\"qwen2\",\"num_hidden_layers\":2,"
	    "\"hidden_size\":896,\"num_attention_heads\":14,"
	    "\"num_key_value_heads\":2,\"head_dim\":128,"
	    "\"intermediate_size\":4864,\"vocab_size\":1000,"
	    "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":true,"
	    "\"quantization\":" Q4 ",\"quantization_config\":" Q4 "}";

	ck_assert_int_eq(kvp_hf_import_text(t, strlen(t), "q", &m, &notes,
	                 &err), KVP_OK);
	ck_assert_msg(noted(&notes, "head_dim: mlx-lm's models/qwen2.py"),
	              "no head_dim note");
	ck_assert_int_eq(m.weights.dtype, KVP_W_BF16);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_mlx");
	TCase *tc = tcase_create("mlx");

	tcase_add_test(tc, affine_llamas);
	tcase_add_test(tc, fp_modes);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, counted_unquantized);
	tcase_add_test(tc, dtype_and_copies);
	tcase_add_test(tc, qwen3);
	tcase_add_test(tc, more_families);
	tcase_add_test(tc, head_dim_unmatched);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
