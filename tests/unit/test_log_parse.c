/*
 * test_log_parse.c - the log reader against the printed lines of the
 * reference cases (tests/reference/cases/ JSON files, read at run time with
 * cJSON: no figure is copied out of them), and against malformed logs
 * (truncated, binary, huge, mixed engines), which must give counted skips.
 */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "check_main.h"

#define REF KVP_SRCDIR "/tests/reference/cases/"

static cJSON *load_json(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	cJSON *j;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	j = cJSON_Parse(buf);
	free(buf);
	ck_assert_msg(j != NULL, "%s: not JSON", path);
	return j;
}

/* Feed a JSON array of strings as log lines. */
static void feed_lines(struct kvp_log *log, const cJSON *arr)
{
	const cJSON *l;

	kvp_log_init(log);
	cJSON_ArrayForEach(l, arr) {
		ck_assert(cJSON_IsString(l));
		kvp_log_feed_line(log, l->valuestring, strlen(l->valuestring));
	}
	kvp_log_finish(log);
}

/* Sum of the observations of a kind (and scope, or any when -1); the
 * tolerances add up. Returns how many there were. */
static int sum_obs(const struct kvp_log *log, enum kvp_obs_kind k, int scope,
                   uint64_t *v, uint64_t *tol)
{
	size_t i;
	int n = 0;

	*v = 0;
	*tol = 0;
	for (i = 0; i < log->n_obs; i++)
		if (log->obs[i].kind == k &&
		    (scope < 0 || (int)log->obs[i].scope == scope)) {
			*v += log->obs[i].value;
			*tol += log->obs[i].tolerance;
			n++;
		}
	return n;
}

static int within(uint64_t obs, uint64_t tol, uint64_t want)
{
	return obs > want ? obs - want <= tol : want - obs <= tol;
}

static uint64_t num_of(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	ck_assert_msg(cJSON_IsNumber(v), "field %s not a number", key);
	return (uint64_t)v->valuedouble;
}

/* ---- units ---------------------------------------------------------- */

START_TEST(test_units_and_tolerance)
{
	struct kvp_log log;
	const char *l1 = "llama_kv_cache: size = 1536.00 MiB (  4096 cells,  32 layers,  1/1 seqs), K (f16):  768.00 MiB, V (f16):  768.00 MiB";
	const char *l2 = "INFO 12-02 [worker.py:1] GPU KV cache size: 31,232 tokens";
	const char *l3 = "Loading model weights took 14.9888 GB";

	kvp_log_init(&log);
	kvp_log_feed_line(&log, l1, strlen(l1));
	kvp_log_feed_line(&log, l2, strlen(l2));
	kvp_log_feed_line(&log, l3, strlen(l3));
	kvp_log_finish(&log);
	ck_assert_uint_eq(log.lines, 3);
	ck_assert_uint_eq(log.lines_used, 3);
	/* 1536 MiB = 1536 x 1,048,576 = 1,610,612,736 B; printed to 0.01 MiB,
	 * so +- 0.005 MiB = 5,242.88 -> 5,243 B */
	ck_assert_int_eq(log.obs[0].kind, KVP_OBS_KV_BYTES);
	ck_assert_uint_eq(log.obs[0].value, 1610612736ull);
	ck_assert_uint_eq(log.obs[0].tolerance, 5243);
	ck_assert_str_eq(log.obs[0].text, "1536.00 MiB");
	/* cells, layers, streams are exact counts */
	ck_assert_int_eq(log.obs[1].kind, KVP_OBS_CELLS);
	ck_assert_uint_eq(log.obs[1].value, 4096);
	ck_assert_uint_eq(log.obs[1].tolerance, 0);
	ck_assert_int_eq(log.obs[2].kind, KVP_OBS_LAYERS);
	ck_assert_uint_eq(log.obs[2].value, 32);
	ck_assert_int_eq(log.obs[3].kind, KVP_OBS_STREAMS);
	ck_assert_uint_eq(log.obs[3].value, 1);
	ck_assert_str_eq(log.set.cache_type_k, "f16");
	/* "31,232 tokens": thousands separator */
	ck_assert_int_eq(log.obs[6].kind, KVP_OBS_TOKENS);
	ck_assert_uint_eq(log.obs[6].value, 31232);
	/* vLLM's "GB" is GiB: 14.9888 x 1,073,741,824
	 * = 15,032,385,536 + 0.9888 x 1,073,741,824 (1,061,715,915.57)
	 * = 16,094,101,451.57 -> 16,094,101,452;
	 * tolerance 0.00005 GiB = 53,687.1 -> 53,688 */
	ck_assert_int_eq(log.obs[7].kind, KVP_OBS_WEIGHTS_BYTES);
	ck_assert_uint_eq(log.obs[7].value, 16094101452ull);
	ck_assert_uint_eq(log.obs[7].tolerance, 53688);
	ck_assert_int_eq(log.engine, KVP_ENGINE_LLAMACPP);
}
END_TEST

START_TEST(test_old_llamacpp_form)
{
	struct kvp_log log;
	const char *text =
		"llm_load_print_meta: n_layer          = 32\n"
		"llm_load_print_meta: n_head_kv        = 8\n"
		"llama_kv_cache_init:      CUDA0 KV buffer size =   256.00 MiB\n"
		"llama_new_context_with_model: KV self size  =  256.00 MiB, K (f16):  128.00 MiB, V (q8_0):  128.00 MiB\n";

	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_int_eq(log.engine, KVP_ENGINE_LLAMACPP);
	ck_assert(log.set.has[KVP_LK_N_LAYER]);
	ck_assert_uint_eq(log.set.v[KVP_LK_N_LAYER], 32);
	ck_assert_uint_eq(log.set.v[KVP_LK_N_HEAD_KV], 8);
	ck_assert_uint_eq(log.n_obs, 4);
	ck_assert_int_eq(log.obs[0].kind, KVP_OBS_DEVICE_KV_BYTES);
	ck_assert_str_eq(log.obs[0].device, "CUDA0");
	/* 256 MiB = 268,435,456 B */
	ck_assert_uint_eq(log.obs[0].value, 268435456ull);
	ck_assert_int_eq(log.obs[1].kind, KVP_OBS_KV_BYTES);
	ck_assert_uint_eq(log.obs[1].value, 268435456ull);
	ck_assert_int_eq(log.obs[2].kind, KVP_OBS_K_BYTES);
	ck_assert_uint_eq(log.obs[2].value, 134217728ull);
	ck_assert_str_eq(log.set.cache_type_v, "q8_0");
	ck_assert(!log.truncated);
}
END_TEST

/* ---- reference: llamacpp.json --------------------------------------- */

START_TEST(test_llamacpp_cases)
{
	cJSON *root = load_json(REF "llamacpp.json");
	const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
	const cJSON *c;
	int n_cases = 0, n_refused = 0;

	ck_assert(cJSON_IsArray(cases));
	cJSON_ArrayForEach(c, cases) {
		const char *id = cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring;
		const cJSON *exp = cJSON_GetObjectItemCaseSensitive(c, "expected");
		const cJSON *opt = cJSON_GetObjectItemCaseSensitive(c, "options");
		const cJSON *bd = cJSON_GetObjectItemCaseSensitive(exp, "breakdown");
		const cJSON *rec = cJSON_GetObjectItemCaseSensitive(exp, "recurrent_bytes");
		struct kvp_log log;
		uint64_t kv, kvt, st, stt, k, kt, v, vt, want;
		int n;

		feed_lines(&log, cJSON_GetObjectItemCaseSensitive(c, "printed"));
		n_cases++;
		ck_assert_msg(log.engine == KVP_ENGINE_LLAMACPP, "%s: engine", id);
		if (cJSON_GetObjectItemCaseSensitive(exp, "refused")) {
			ck_assert_msg(log.set.refused, "%s: refusal not seen", id);
			ck_assert_uint_eq(log.n_obs, 0);
			n_refused++;
			continue;
		}
		/* the whole cache: every cache's size line plus the recurrent
		 * state, within the sum of their print tolerances */
		n = sum_obs(&log, KVP_OBS_KV_BYTES, -1, &kv, &kvt);
		ck_assert_msg(n >= 1, "%s: no size line", id);
		sum_obs(&log, KVP_OBS_STATE_BYTES, -1, &st, &stt);
		want = num_of(exp, "kv_bytes");
		ck_assert_msg(within(kv + st, kvt + stt, want),
		              "%s: %llu +- %llu vs %llu", id,
		              (unsigned long long)(kv + st),
		              (unsigned long long)(kvt + stt),
		              (unsigned long long)want);
		if (cJSON_IsNumber(rec))
			ck_assert_msg(within(st, stt, (uint64_t)rec->valuedouble),
			              "%s: recurrent", id);
		/* per cache: "base" is the non-SWA (or only) cache */
		if (cJSON_GetObjectItemCaseSensitive(bd, "swa")) {
			ck_assert(sum_obs(&log, KVP_OBS_KV_BYTES, KVP_SCOPE_SWA, &v, &vt) == 1);
			ck_assert_msg(within(v, vt, num_of(bd, "swa")), "%s: swa", id);
			ck_assert(sum_obs(&log, KVP_OBS_KV_BYTES, KVP_SCOPE_FULL, &v, &vt) == 1);
		} else {
			ck_assert(sum_obs(&log, KVP_OBS_KV_BYTES, KVP_SCOPE_ALL, &v, &vt) == 1);
		}
		ck_assert_msg(within(v, vt, num_of(bd, "base")), "%s: base", id);
		/* K + V make up each size line */
		sum_obs(&log, KVP_OBS_K_BYTES, -1, &k, &kt);
		sum_obs(&log, KVP_OBS_V_BYTES, -1, &v, &vt);
		ck_assert_msg(within(k + v, kt + vt + kvt, kv), "%s: K+V", id);
		/* the log states the sequences it ran with (-np) */
		ck_assert(log.set.has[KVP_LK_N_SEQ_MAX]);
		ck_assert_uint_eq(log.set.v[KVP_LK_N_SEQ_MAX], num_of(opt, "parallel"));
		ck_assert_str_eq(log.set.cache_type_k,
		                 cJSON_GetObjectItemCaseSensitive(opt, "cache_type_k")->valuestring);
		ck_assert_uint_eq(log.skipped_binary + log.skipped_long, 0);
		ck_assert_uint_eq(log.lines, log.lines_used + log.skipped_unknown);
	}
	ck_assert_int_ge(n_cases, 10);
	ck_assert_int_ge(n_refused, 1);
	cJSON_Delete(root);
}
END_TEST

/* ---- reference: engine-logs.json ------------------------------------ */

static enum kvp_engine_kind engine_of(const char *s)
{
	if (!strncmp(s, "llama.cpp", 9))
		return KVP_ENGINE_LLAMACPP;
	if (!strncmp(s, "vLLM", 4))
		return KVP_ENGINE_VLLM;
	if (!strncmp(s, "SGLang", 6))
		return KVP_ENGINE_SGLANG;
	if (!strncmp(s, "TensorRT-LLM", 12))
		return KVP_ENGINE_TRTLLM;
	return KVP_ENGINE_GENERIC;
}

/* A decimal string "1.56" as hundredths. */
static uint64_t hundredths(const char *s)
{
	return (uint64_t)(strtod(s, NULL) * 100.0 + 0.5);
}

START_TEST(test_engine_log_cases)
{
	cJSON *root = load_json(REF "engine-logs.json");
	const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
	const cJSON *c;
	int n_cases = 0;

	cJSON_ArrayForEach(c, cases) {
		const char *id = cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring;
		const char *match = cJSON_GetObjectItemCaseSensitive(c, "match")->valuestring;
		const cJSON *rc = cJSON_GetObjectItemCaseSensitive(c, "recomputed");
		enum kvp_engine_kind e = engine_of(
			cJSON_GetObjectItemCaseSensitive(c, "engine")->valuestring);
		const cJSON *f;
		struct kvp_log log;
		int checked = 0;
		size_t i;

		n_cases++;
		if (strncmp(match, "exact", 5))
			continue;
		feed_lines(&log, cJSON_GetObjectItemCaseSensitive(c, "printed_lines"));
		ck_assert_msg(e != KVP_ENGINE_GENERIC, "%s: engine unknown", id);
		ck_assert_msg(log.engine == e, "%s: engine %d, want %d", id,
		              log.engine, e);
		/* every recomputed figure the log prints is read back within
		 * its print rounding */
		cJSON_ArrayForEach(f, rc) {
			const char *k = f->string;
			enum kvp_obs_kind kind = KVP_OBS_KIND_COUNT;
			int scope = -1;
			uint64_t want, v, t;

			if (!strcmp(k, "total_bytes"))
				kind = KVP_OBS_KV_BYTES;
			else if (!strcmp(k, "K_bytes") || !strcmp(k, "K_bytes_per_gpu"))
				kind = KVP_OBS_K_BYTES;
			else if (!strcmp(k, "kv_bytes"))
				kind = KVP_OBS_KV_BUDGET;   /* vLLM kv_cache_size */
			else if (!strcmp(k, "bytes"))
				kind = e == KVP_ENGINE_VLLM ? KVP_OBS_KV_NEEDED
				                            : KVP_OBS_KV_BYTES;
			else if (!strcmp(k, "swa_cells")) {
				kind = KVP_OBS_CELLS;
				scope = KVP_SCOPE_SWA;
			}
			if (kind != KVP_OBS_KIND_COUNT) {
				want = (uint64_t)f->valuedouble;
				ck_assert_msg(sum_obs(&log, kind, scope, &v, &t) == 1,
				              "%s: %s not read", id, k);
				ck_assert_msg(within(v, t, want), "%s: %s %llu +- %llu vs %llu",
				              id, k, (unsigned long long)v,
				              (unsigned long long)t, (unsigned long long)want);
				checked++;
			} else if (!strcmp(k, "per_cache_bytes")) {
				want = (uint64_t)f->valuedouble;
				for (i = 0; i < log.n_obs; i++)
					if (log.obs[i].kind == KVP_OBS_KV_BYTES) {
						ck_assert(within(log.obs[i].value,
						                 log.obs[i].tolerance, want));
						checked++;
					}
			} else if (!strcmp(k, "concurrency")) {
				ck_assert(sum_obs(&log, KVP_OBS_CONCURRENCY_X100, -1, &v, &t) == 1);
				ck_assert_uint_eq(v, hundredths(f->valuestring));
				checked++;
			} else if (!strcmp(k, "blocks_of_64")) {
				/* tokens are whole blocks of 64 */
				ck_assert(sum_obs(&log, KVP_OBS_TOKENS, -1, &v, &t) == 1);
				ck_assert_uint_eq(v % 64, 0);
				ck_assert_uint_eq(v / 64, (uint64_t)f->valuedouble);
				checked++;
			}
		}
		ck_assert_msg(checked >= 1, "%s: no figure checked", id);
		ck_assert_uint_eq(log.skipped_binary + log.skipped_long, 0);
	}
	ck_assert_int_ge(n_cases, 6);
	cJSON_Delete(root);
}
END_TEST

START_TEST(test_vllm_settings_and_profile)
{
	struct kvp_log log;
	const char *text =
		"INFO 12-01 10:00:00 llm_engine.py:234] Initializing an LLM engine (v0.6.4) with config: model='meta-llama/Llama-3.1-8B-Instruct', speculative_config=None, max_seq_len=20000, tensor_parallel_size=2, pipeline_parallel_size=1, kv_cache_dtype=fp8, seed=0\n"
		"INFO worker.py:232] the current vLLM instance can use total_gpu_memory (23.58GiB) x gpu_memory_utilization (0.90) = 21.22GiB\n"
		"INFO worker.py:232] model weights take 14.99GiB; non_torch_memory takes 0.35GiB; PyTorch activation peak memory takes 1.72GiB; the rest of the memory reserved for KV Cache is 4.16GiB.\n"
		"ERROR [core.py:380] ValueError: To serve at least one request with the models's max seq len (32768), (0.95 GiB KV cache is needed, which is larger than the available KV cache memory (0.93 GiB).\r\n";
	uint64_t v, t;

	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_int_eq(log.engine, KVP_ENGINE_VLLM);
	ck_assert_str_eq(log.set.model, "meta-llama/Llama-3.1-8B-Instruct");
	ck_assert_uint_eq(log.set.v[KVP_LK_TP], 2);
	ck_assert_str_eq(log.set.cache_type_k, "fp8");
	/* 0.90 -> 900,000 ppm */
	ck_assert_uint_eq(log.set.v[KVP_LK_GPU_MEM_UTIL_PPM], 900000);
	/* the error's length wins over the config line's, it came later */
	ck_assert_uint_eq(log.set.v[KVP_LK_MAX_MODEL_LEN], 32768);
	ck_assert(log.set.refused);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_KV_BUDGET, -1, &v, &t), 2);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_WEIGHTS_BYTES, -1, &v, &t), 1);
	/* 14.99 GiB = 15,032,385,536 + 0.99 x 1,073,741,824 (1,063,004,405.76)
	 * = 16,095,389,941.76 -> 16,095,389,942 */
	ck_assert_uint_eq(v, 16095389942ull);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_ACTIVATION_PEAK, -1, &v, &t), 1);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_NON_TORCH, -1, &v, &t), 1);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_TOTAL_MEMORY, -1, &v, &t), 1);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_KV_NEEDED, -1, &v, &t), 1);
	ck_assert_uint_eq(log.skipped_unknown, 0);
}
END_TEST

/* SGLang with kvcached loaded (format strings of ovg-project/kvcached
 * @e8e64063 kvcached/integration/sglang/patches.py: no public log with
 * them was found, so these lines are built from the code, not copied).
 * A pool of 131,072 tokens, page 1, 32 layers of 8 KV heads x 128, bf16,
 * on an 80 GiB card:
 *   physical K = 32 x (131,072 + 1) x 1,024 x 2 B = 8,590,000,128 B,
 *     printed "8.00 GB" (GB = 2^30): 8 x 2^30 = 8,589,934,592 +- 2^30/200;
 *   virtual K = (85,899,345,920 / 32 / 2 per tensor) x 32 = 40 x 2^30,
 *     "40.00 GB" in SGLang's own line and in kvcached's VirtualKV line.
 * Only the physical sizes (and one token count) are taken; SGLang's own
 * K, V and #tokens are set aside (3), the VirtualKV line is read but
 * gives nothing. */
START_TEST(test_sglang_kvcached_physical)
{
	struct kvp_log log;
	const char *text =
		"[2026-08-21 10:00:00 TP0] KV Cache is allocated. #tokens: 131072, K size: 40.00 GB, V size: 40.00 GB\n"
		"[kvcached][INFO][2026-08-21 10:00:00][patches.py:561] VirtualKV Cache is allocated (group_id=0). #tokens: 131072, #layers: 32, K size: 40.00 GB, V size: 40.00 GB\n"
		"[kvcached][INFO][2026-08-21 10:00:00][patches.py:566] Physical KV Cache limits by --mem-fraction-static: #tokens: 131072, K size: 8.00 GB, V size: 8.00 GB\n";
	uint64_t v, t;

	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_int_eq(log.engine, KVP_ENGINE_SGLANG);
	ck_assert_uint_eq(log.lines_used, 3);
	ck_assert_uint_eq(log.sg_virtual_line, 2);
	ck_assert_uint_eq(log.sg_virtual_dropped, 3);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_K_BYTES, -1, &v, &t), 1);
	ck_assert_uint_eq(v, 8589934592ull);
	ck_assert(within(v, t, 8590000128ull));
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_V_BYTES, -1, &v, &t), 1);
	ck_assert_uint_eq(v, 8589934592ull);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_TOKENS, -1, &v, &t), 1);
	ck_assert_uint_eq(v, 131072);
	ck_assert_uint_eq(log.obs[0].line, 3);
	/* the 0.4.9 patch's wording ("Virtual KV Cache is allocated.", no
	 * line of SGLang's own) and an MLA pool's single KV size: the
	 * virtual line gives nothing, the physical one the latent's bytes */
	text = "[2025-07-01 10:00:00 TP0] Virtual KV Cache is allocated. #tokens: 1000, KV size: 40.00 GB\n"
	       "[2025-07-01 10:00:00 TP0] Physical KV Cache limits by --mem-fraction-static: #tokens: 1000, KV size: 0.50 GB\n";
	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_uint_eq(log.sg_virtual_line, 1);
	ck_assert_uint_eq(log.sg_virtual_dropped, 0);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_KV_BYTES, -1, &v, &t), 1);
	ck_assert_uint_eq(v, 536870912ull);
	/* without kvcached, SGLang's own line is the figure, as before */
	text = "[2026-08-21 10:00:00 TP0] KV Cache is allocated. #tokens: 131072, K size: 8.00 GB, V size: 8.00 GB\n";
	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_uint_eq(log.sg_virtual_line, 0);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_K_BYTES, -1, &v, &t), 1);
	ck_assert_int_eq(sum_obs(&log, KVP_OBS_TOKENS, -1, &v, &t), 1);
}
END_TEST

/* ---- malformed input ------------------------------------------------ */

START_TEST(test_truncated)
{
	struct kvp_log log;
	/* cut in the middle of the size line: the number is there, the unit
	 * is not, so nothing is taken from it */
	const char *text =
		"llama_context: n_ctx = 4096\n"
		"llama_kv_cache: size =  640.0";

	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert(log.truncated);
	ck_assert_uint_eq(log.lines, 2);
	ck_assert_uint_eq(log.lines_used, 1);
	ck_assert_uint_eq(log.skipped_unknown, 1);
	ck_assert_uint_eq(log.n_obs, 0);
	ck_assert_uint_eq(log.set.v[KVP_LK_N_CTX], 4096);
}
END_TEST

/* A size line cut inside "12/12 seqs" gives no stream count (it would be
 * 1, not 12) and no sequence count. */
START_TEST(test_cut_inside_counts)
{
	struct kvp_log log;
	const char *l = "llama_kv_cache: size = 7680.00 MiB (  4096 cells,  40 layers, 12/1";
	size_t i;

	kvp_log_init(&log);
	kvp_log_feed_line(&log, l, strlen(l));
	kvp_log_finish(&log);
	for (i = 0; i < log.n_obs; i++)
		ck_assert_int_ne(log.obs[i].kind, KVP_OBS_STREAMS);
	ck_assert(!log.set.has[KVP_LK_N_SEQ_MAX]);
	ck_assert_uint_eq(log.n_obs, 3);   /* size, cells, layers */
}
END_TEST

START_TEST(test_binary)
{
	struct kvp_log log;
	char buf[4096];
	size_t i;
	uint32_t x = 12345;

	for (i = 0; i < sizeof buf; i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (char)(x >> 16);
	}
	kvp_log_init(&log);
	kvp_log_parse_text(&log, buf, sizeof buf);
	ck_assert_uint_gt(log.lines, 0);
	ck_assert_uint_gt(log.skipped_binary, 0);
	ck_assert_uint_eq(log.lines, log.lines_used + log.skipped_unknown +
	                  log.skipped_binary + log.skipped_long);
	ck_assert_uint_eq(log.n_obs, 0);
	ck_assert_int_eq(log.engine, KVP_ENGINE_GENERIC);
}
END_TEST

START_TEST(test_huge_stream)
{
	struct kvp_log log;
	struct kvp_error err;
	FILE *f = tmpfile();
	size_t i;

	ck_assert(f != NULL);
	/* one line far over the limit, 100,000 ordinary lines, then a
	 * figure: the figure is still found and memory stays fixed */
	for (i = 0; i < 3 * KVP_LOG_LINE_MAX; i++)
		fputc('x', f);
	fputc('\n', f);
	for (i = 0; i < 100000; i++)
		fputs("INFO nothing to see here\n", f);
	fputs("GPU KV cache size: 1,024 tokens\n", f);
	fwrite("\0\0\0 binary tail", 1, 16, f);
	rewind(f);
	kvp_log_init(&log);
	ck_assert_int_eq(kvp_log_parse_stream(&log, f, "tmp", &err), KVP_OK);
	fclose(f);
	ck_assert_uint_eq(log.skipped_long, 1);
	ck_assert_uint_eq(log.skipped_unknown, 100000);
	ck_assert_uint_eq(log.lines_used, 1);
	ck_assert_uint_eq(log.lines, 100003);
	ck_assert(log.truncated);
	ck_assert_uint_eq(log.n_obs, 1);
	ck_assert_uint_eq(log.obs[0].value, 1024);
}
END_TEST

START_TEST(test_mixed_engines)
{
	struct kvp_log log;
	const char *text =
		"llama_kv_cache: size =  640.00 MiB (  4096 cells,  40 layers,  1/1 seqs), K (f16):  320.00 MiB, V (f16):  320.00 MiB\n"
		"[2025-03-08 12:29:21 TP0] KV Cache is allocated. #tokens: 46611, K size: 1.42 GB, V size: 1.42 GB\n"
		"Allocated 4.53 GiB for max tokens in paged KV cache (395776).\n"
		"GPU KV cache size: 31,232 tokens\n"
		"Maximum concurrency for 20,000 tokens per request: 1.56x\n";
	size_t i;
	int sg = 0;

	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_uint_eq(log.lines_used, 5);
	ck_assert_uint_eq(log.engines_seen,
	                  (1u << KVP_ENGINE_LLAMACPP) | (1u << KVP_ENGINE_SGLANG) |
	                  (1u << KVP_ENGINE_TRTLLM) | (1u << KVP_ENGINE_VLLM));
	for (i = 0; i < log.n_obs; i++)
		if (log.obs[i].engine == KVP_ENGINE_SGLANG) {
			ck_assert_str_eq(log.obs[i].device, "TP0");
			sg++;
		}
	ck_assert_int_eq(sg, 3);
	ck_assert_uint_eq(log.set.v[KVP_LK_MAX_MODEL_LEN], 20000);
}
END_TEST

START_TEST(test_missing_file)
{
	struct kvp_log log;
	struct kvp_error err;

	kvp_log_init(&log);
	kvp_error_clear(&err);
	ck_assert_int_eq(kvp_log_parse_file(&log, "/nonexistent/kvplan.log", &err),
	                 KVP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.msg, "/nonexistent/kvplan.log"));
}
END_TEST

START_TEST(test_overflowing_figure)
{
	struct kvp_log log;
	const char *l = "Available KV cache memory: 99999999999999999.99 GiB";

	kvp_log_init(&log);
	kvp_log_feed_line(&log, l, strlen(l));
	ck_assert_uint_eq(log.n_obs, 0);
	ck_assert_uint_eq(log.skipped_unknown, 1);
}
END_TEST

/* Every printed line of both reference files, cut at every length and
 * with bytes flipped (a fixed pseudo-random sequence): never a crash or
 * an out-of-bounds access (run under ASan/UBSan by `make check`), the
 * line counts always add up, the figures stay within their bound. */
START_TEST(test_mutated_reference_lines)
{
	static const char *const files[] = { REF "llamacpp.json", REF "engine-logs.json" };
	struct kvp_log log;
	uint32_t x = 2463534242u;
	size_t fi, n_lines = 0;

	for (fi = 0; fi < 2; fi++) {
		cJSON *root = load_json(files[fi]);
		const cJSON *c, *arr, *l;

		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cases")) {
			arr = cJSON_GetObjectItemCaseSensitive(c, "printed");
			if (!arr)
				arr = cJSON_GetObjectItemCaseSensitive(c, "printed_lines");
			cJSON_ArrayForEach(l, arr) {
				const char *t = l->valuestring;
				size_t len = strlen(t), cut, k;
				char buf[1024];

				if (len >= sizeof buf)
					continue;
				n_lines++;
				for (cut = 0; cut <= len; cut++) {
					kvp_log_init(&log);
					kvp_log_feed_line(&log, t, cut);
					kvp_log_finish(&log);
					ck_assert_uint_eq(log.lines, log.lines_used +
					                  log.skipped_unknown + log.skipped_binary);
				}
				for (k = 0; k < 64; k++) {
					memcpy(buf, t, len);
					x ^= x << 13; x ^= x >> 17; x ^= x << 5;
					buf[x % len] = (char)(x >> 8);
					x ^= x << 13; x ^= x >> 17; x ^= x << 5;
					buf[x % len] = (char)(x >> 16);
					kvp_log_init(&log);
					kvp_log_parse_text(&log, buf, len);
					ck_assert_uint_le(log.n_obs, KVP_LOG_MAX_OBS);
					ck_assert_uint_eq(log.lines, log.lines_used +
					                  log.skipped_unknown + log.skipped_binary);
				}
			}
		}
		cJSON_Delete(root);
	}
	ck_assert_uint_ge(n_lines, 100);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("log_parse");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_units_and_tolerance);
	tcase_add_test(tc, test_old_llamacpp_form);
	tcase_add_test(tc, test_llamacpp_cases);
	tcase_add_test(tc, test_engine_log_cases);
	tcase_add_test(tc, test_vllm_settings_and_profile);
	tcase_add_test(tc, test_truncated);
	tcase_add_test(tc, test_cut_inside_counts);
	tcase_add_test(tc, test_binary);
	tcase_add_test(tc, test_huge_stream);
	tcase_add_test(tc, test_mixed_engines);
	tcase_add_test(tc, test_missing_file);
	tcase_add_test(tc, test_overflowing_figure);
	tcase_add_test(tc, test_mutated_reference_lines);
	tcase_add_test(tc, test_sglang_kvcached_physical);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
