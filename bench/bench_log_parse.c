/*
 * bench_log_parse.c - reading engine logs and reconciling, as medians (not
 * timed tests):
 *
 *   log.parse_100k      kvp_log_parse_text on a 100,000-line log: a real
 *                       llama.cpp startup (case a2 style lines) repeated
 *                       among INFO noise, as in a long server log
 *   log.parse_1line     one size line fed and finished
 *   log.reconcile       kvp_reconcile of a llama.cpp log (cache, K, V,
 *                       cells, layers, streams) against a computed plan
 *
 * Run by `make bench` (argv[1], the kvplan binary, is not used). Prints
 * "bench log.NAME: median N ns (runs R, min N ns, p90 N ns)"; exits 1 if
 * a run does not find the figures, so a broken parser is not timed as a
 * fast one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "kvplan/compute.h"
#include "kvplan/reconcile.h"
#include "bench_util.h"

static const char *const startup[] = {
	"I llama_context: n_seq_max             = 6",
	"I llama_context: n_ctx                 = 24576",
	"I llama_context: n_batch               = 2048",
	"I llama_kv_cache:        CPU KV buffer size =  3840.00 MiB",
	"I llama_kv_cache: size = 3840.00 MiB (  4096 cells,  40 layers,  6/6 seqs), K (f16): 1920.00 MiB, V (f16): 1920.00 MiB",
};

int main(void)
{
	static struct kvp_log log;
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	uint64_t t[41];
	char *text;
	size_t len = 0, cap = 100000u * 96u, i;
	int r;

	text = malloc(cap);
	if (!text)
		return 1;
	for (i = 0; i < 100000; i++) {
		const char *l = i % 1000 < 5 ? startup[i % 1000] :
		                "INFO 12-02 13:00:00 [engine.py:311] Added request chatcmpl-7f3a";
		size_t n = strlen(l);

		memcpy(text + len, l, n);
		len += n;
		text[len++] = '\n';
	}
	for (r = 0; r < 41; r++) {
		uint64_t t0 = bench_now_ns();

		kvp_log_init(&log);
		kvp_log_parse_text(&log, text, len);
		t[r] = bench_now_ns() - t0;
		if (log.lines != 100000 || log.n_obs == 0) {
			fprintf(stderr, "bench log.parse_100k: figures not found\n");
			return 1;
		}
	}
	bench_report("log.parse_100k", t, 41, NULL);

	for (r = 0; r < 41; r++) {
		uint64_t t0 = bench_now_ns();

		kvp_log_init(&log);
		kvp_log_feed_line(&log, startup[4], strlen(startup[4]));
		kvp_log_finish(&log);
		t[r] = bench_now_ns() - t0;
		if (log.n_obs != 6)
			return 1;
	}
	bench_report("log.parse_1line", t, 41, NULL);

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 24576;
	plan.engine.llamacpp.parallel = 6;
	if (kvp_compute(&plan, &res) != KVP_OK)
		return 1;
	kvp_log_init(&log);
	for (i = 0; i < 5; i++)
		kvp_log_feed_line(&log, startup[i], strlen(startup[i]));
	kvp_log_finish(&log);
	for (r = 0; r < 41; r++) {
		uint64_t t0 = bench_now_ns();

		kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs, 1, 0,
		              &rec, &err);
		t[r] = bench_now_ns() - t0;
		if (rec.n_rows < 7 || rec.n_arithmetic_mismatch)
			return 1;
	}
	bench_report("log.reconcile", t, 41, NULL);
	free(text);
	return 0;
}
