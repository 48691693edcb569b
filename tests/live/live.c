/*
 * live.c - `make check-live`: kvplan against the real llama.cpp
 * (tests/live/probe.c), run by tests/live/run.sh.
 *
 *   live PROBE KVPLAN WORKDIR SEED RUNS [ARCH]
 *
 * For RUNS runs from SEED (splitmix64, so a run is the same on every
 * machine), it picks an architecture from arches[] in turn, random
 * hyperparameters and random context parameters (n_ctx not a multiple of
 * 256, 1-8 sequences, unified or per-sequence caches, n_ubatch <=
 * n_batch, flash attention auto/on/off, every K/V cache type, swa_full,
 * rs_seq), writes the GGUF keys, lets the probe build the model and the
 * context in llama.cpp, runs `kvplan calc` on the GGUF the probe wrote
 * with the same options (a context of 4 sequences on a unified cache
 * as --parallel auto: llama-server's default launch at this build), and
 * compares exactly:
 *   - refusals: llama.cpp refuses the context <=> kvplan refuses the plan;
 *   - n_ctx, n_ctx_seq (per stream) and n_seq_max;
 *   - the bytes of every KV buffer (summed: K and V of the full and the
 *     SWA cache), of the recurrent buffer (R, S and P), and of the output
 *     buffer, each as ggml allocated it (the probe's "@@alloc" before the
 *     log's "buffer size" line);
 *   - every line kvplan prints under "llama.cpp would report", in order,
 *     against the log's lines of those kinds (the compute buffer lines,
 *     which kvplan labels as its estimate, are not compared).
 * A run that llama.cpp cannot build from the keys (a model it refuses)
 * is counted as skipped with its reason. Prints "ok"/"not ok" per run
 * and a count per architecture; exit 1 on any mismatch.
 */
#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "arches.h"

static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [lo, hi] */
static uint32_t pick(uint32_t lo, uint32_t hi)
{
	return lo + (uint32_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static const char *const cache_types[] = {
	"f16", "f32", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl",
};

struct ctxp {
	uint32_t n_ctx, n_batch, n_ubatch, n_seq, rs_seq;
	int fa, swa_full, unified;
	const char *tk, *tv;
};

static void pick_ctx(struct ctxp *c, const struct hp *h)
{
	static const uint32_t ubs[] = { 32, 64, 128, 256, 512 };
	uint32_t i;

	do
		c->n_ctx = pick(16, 6000);
	while (c->n_ctx % 256 == 0);
	c->n_seq = pick(1, 8);
	c->unified = (int)pick(0, 1);
	c->n_ubatch = ubs[pick(0, 4)];
	c->n_batch = c->n_ubatch * pick(1, 4);
	c->fa = (int)pick(0, 2) - 1;
	c->swa_full = h->window ? (int)pick(0, 1) : 0;
	c->rs_seq = h->recurrent && pick(0, 3) == 0 ? pick(1, 3) : 0;
	i = pick(0, 3);
	if (i == 0) {       /* one of every type, K and V apart */
		c->tk = cache_types[pick(0, sizeof cache_types / sizeof *cache_types - 1)];
		c->tv = cache_types[pick(0, sizeof cache_types / sizeof *cache_types - 1)];
	} else {
		c->tk = c->tv = i == 1 ? "q8_0" : "f16";
	}
}

/* The run's output files in WORKDIR. */
struct files {
	char spec[512], gguf[512], log[512], json[512], err[512];
};

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	char *s;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s = malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = 0;
	fclose(f);
	return s;
}

#define MAX_LINES 32

/* What one side says. */
struct side {
	int refused;               /* model (2) or context (1) refused */
	int made;                  /* the context's memory was made */
	char why[256];
	uint64_t n_ctx, n_ctx_seq, n_seq;
	uint64_t kv_bytes, rs_bytes, out_bytes;
	int n_lines;
	char lines[MAX_LINES][320];
};

/* The kinds of log lines kvplan words (lc_lines.c, host.c). */
static int compared_line(const char *l)
{
	static const char *const starts[] = {
		"llama_context: n_ctx is not divisible",
		"llama_context: n_ctx_seq (",
		"llama_kv_cache_iswa: creating",
		"llama_kv_cache_iswa: using full-size",
		"llama_kv_cache: the V embeddings",
		"llama_kv_cache: size =",
		"llama_memory_recurrent: size =",
	};
	size_t i;

	for (i = 0; i < sizeof starts / sizeof *starts; i++)
		if (!strncmp(l, starts[i], strlen(starts[i])))
			return 1;
	return strstr(l, "output buffer size =") != NULL;
}

static void add_line(struct side *s, const char *l)
{
	if (s->n_lines < MAX_LINES)
		snprintf(s->lines[s->n_lines++], sizeof s->lines[0], "%s", l);
}

static void read_probe(const char *path, struct side *s)
{
	char *text = slurp(path), *l, *save = NULL;
	uint64_t last = 0;
	unsigned a, b, c, d;

	memset(s, 0, sizeof *s);
	s->refused = 2;      /* until the model is made */
	snprintf(s->why, sizeof s->why, "the model was not made");
	if (!text)
		return;
	for (l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(l, "@@alloc ", 8))
			last = strtoull(l + 8, NULL, 10);
		else if (!strncmp(l, "@@refused model", 15))
			s->refused = 2;
		else if (!strncmp(l, "@@refused", 9))
			s->refused = 1;
		else if (sscanf(l, "@@ctx %u %u %u %u", &a, &b, &c, &d) == 4) {
			s->n_ctx = a;
			s->n_ctx_seq = b;
			s->n_seq = c;
		} else if (sscanf(l, "llama_context: n_ctx = %u", &a) == 1)
			s->n_ctx = a;
		else if (sscanf(l, "llama_context: n_ctx_seq = %u", &a) == 1)
			s->n_ctx_seq = a;
		else if (!strncmp(l, "@@context", 9))
			s->refused = 0;
		else if (strstr(l, "llama_context: enumerating backends"))
			s->made = 1;
		else if (strstr(l, "error loading model") || strstr(l, "Segmentation") ||
		           strstr(l, "failed to initialize") ||
		           (strstr(l, "llama_init_from_model:") && strstr(l, "not")))
			snprintf(s->why, sizeof s->why, "%s", l);
		else if (strstr(l, " KV buffer size ="))
			s->kv_bytes += last;
		else if (strstr(l, " RS buffer size ="))
			s->rs_bytes += last;
		else if (strstr(l, "output buffer size ="))
			s->out_bytes += last;
		if (l[0] != '@' && compared_line(l))
			add_line(s, l);
	}
	free(text);
}

static uint64_t jnum(const cJSON *o, const char *path)
{
	char buf[128], *k, *save = NULL;
	const cJSON *x = o;

	snprintf(buf, sizeof buf, "%s", path);
	for (k = strtok_r(buf, ".", &save); k && x; k = strtok_r(NULL, ".", &save))
		x = cJSON_GetObjectItemCaseSensitive(x, k);
	return cJSON_IsNumber(x) ? (uint64_t)x->valuedouble : 0;
}

static void read_kvplan(const struct files *f, int rc, struct side *s)
{
	char *text = slurp(f->json), *e;
	const cJSON *lines, *l;
	cJSON *j;

	memset(s, 0, sizeof *s);
	if (rc != 0) {
		s->refused = 1;
		e = slurp(f->err);
		snprintf(s->why, sizeof s->why, "%s", e ? strtok(e, "\n") : "?");
		free(e);
		free(text);
		return;
	}
	j = text ? cJSON_Parse(text) : NULL;
	free(text);
	if (!j) {
		s->refused = 1;
		snprintf(s->why, sizeof s->why, "kvplan: no JSON");
		return;
	}
	s->n_ctx = jnum(j, "result.engine.tokens");
	s->n_ctx_seq = jnum(j, "result.engine.cells");
	s->kv_bytes = jnum(j, "result.kv.k_bytes") + jnum(j, "result.kv.v_bytes");
	s->rs_bytes = jnum(j, "result.kv.conv_bytes") + jnum(j, "result.kv.ssm_bytes");
	if (!s->rs_bytes)
		s->rs_bytes = jnum(j, "result.kv.state_bytes");
	s->out_bytes = jnum(j, "result.host.logits_bytes");
	lines = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(j, "result"), "engine"), "lines");
	/* not the library's: llama-server's own lines ("srv ...") and the
	 * compute buffers kvplan labels as its estimate */
	cJSON_ArrayForEach(l, lines)
		if (cJSON_IsString(l) && strncmp(l->valuestring, "srv ", 4) &&
		    !strstr(l->valuestring, "(kvplan estimate)"))
			add_line(s, l->valuestring);
	cJSON_Delete(j);
}

static int run_probe(const char *probe, const struct files *f,
                     const struct ctxp *c)
{
	return sh("'%s' '%s' '%s' %u %u %u %u %d %s %s %d %d %u >'%s' 2>&1", probe,
	          f->spec, f->gguf, c->n_ctx, c->n_batch, c->n_ubatch, c->n_seq,
	          c->fa, c->tk, c->tv, c->swa_full, c->unified, c->rs_seq, f->log);
}

/* A context of 4 sequences on a unified cache is the one llama-server's
 * default launch makes at v0.4.0 (tools/server/server.cpp:152: -np auto
 * is n_parallel 4 with kv_unified forced on): kvplan is asked it as
 * --parallel auto with --no-kv-unified, which auto overrides. */
static int run_kvplan(const char *kvplan, const struct files *f,
                      const struct ctxp *c)
{
	static const char *const fa[] = { "auto", "off", "on" };
	int dflt = c->n_seq == 4 && c->unified;
	char np[16];

	snprintf(np, sizeof np, "%u", c->n_seq);
	return sh("'%s' calc --model '%s' --engine llama.cpp@v0.4.0 --n-gpu-layers 0 "
	          "--ctx-size %u --parallel %s --batch-size %u --ubatch-size %u "
	          "--flash-attn %s --cache-type-k %s --cache-type-v %s %s %s "
	          "--rs-seq %u --format json >'%s' 2>'%s'", kvplan, f->gguf,
	          c->n_ctx, dflt ? "auto" : np, c->n_batch, c->n_ubatch,
	          fa[c->fa + 1], c->tk, c->tv,
	          c->swa_full ? "--swa-full" : "--no-swa-full",
	          c->unified && !dflt ? "--kv-unified" : "--no-kv-unified",
	          c->rs_seq, f->json, f->err);
}

static int compare(const struct side *l, const struct side *k, char *why,
                   size_t n)
{
	int i;

	if (l->refused || k->refused) {
		if (l->refused && k->refused)
			return 0;
		/* a documented refusal: kvplan names what it does not model */
		if (k->refused && strstr(k->why, "refused"))
			return 2;
		snprintf(why, n, "llama.cpp %s, kvplan %s", l->refused ? "refuses"
		         : "accepts", k->refused ? k->why : "accepts");
		return 1;
	}
#define SAME(f, name) \
	if (l->f != k->f) { \
		snprintf(why, n, "%s: llama.cpp %llu, kvplan %llu", name, \
		         (unsigned long long)l->f, (unsigned long long)k->f); \
		return 1; \
	}
	SAME(n_ctx, "n_ctx")
	SAME(n_ctx_seq, "n_ctx_seq")
	SAME(kv_bytes, "KV buffer bytes")
	SAME(rs_bytes, "RS buffer bytes")
	SAME(out_bytes, "output buffer bytes")
#undef SAME
	for (i = 0; i < l->n_lines || i < k->n_lines; i++)
		if (i >= l->n_lines || i >= k->n_lines ||
		    strcmp(l->lines[i], k->lines[i])) {
			snprintf(why, n, "line %d: llama.cpp '%s', kvplan '%s'", i + 1,
			         i < l->n_lines ? l->lines[i] : "(none)",
			         i < k->n_lines ? k->lines[i] : "(none)");
			return 1;
		}
	return 0;
}

struct tally {
	unsigned runs, exact, both_refuse, skipped, wrong, by_name;
	unsigned dflt;   /* exact runs asked as llama-server's default launch */
};

static int one_run(const char *probe, const char *kvplan, const char *dir,
                   unsigned run, const struct arch *a, struct tally *t)
{
	struct files f;
	struct ctxp c;
	struct side l, k;
	struct hp h;
	char why[1024];
	FILE *spec;
	int rc;

	snprintf(f.spec, sizeof f.spec, "%s/r%u.spec", dir, run);
	snprintf(f.gguf, sizeof f.gguf, "%s/r%u.gguf", dir, run);
	snprintf(f.log, sizeof f.log, "%s/r%u.log", dir, run);
	snprintf(f.json, sizeof f.json, "%s/r%u.json", dir, run);
	snprintf(f.err, sizeof f.err, "%s/r%u.err", dir, run);
	if (!(spec = fopen(f.spec, "w")))
		return -1;
	arch_keys(a, spec, &h, pick);
	fclose(spec);
	pick_ctx(&c, &h);
	/* a probe that dies after the context's memory was made (a graph
	 * that does not build from placeholder tensors) still told it */
	rc = run_probe(probe, &f, &c);
	read_probe(f.log, &l);
	if (rc != 0 && !l.n_ctx_seq)
		l.refused = 2;
	else if (rc != 0 && !l.made) {
		/* died making its memory (a GGML_ASSERT on a cache row that
		 * is not whole blocks): llama.cpp makes no such context */
		l.refused = 1;
		snprintf(l.why, sizeof l.why, "aborted making the context's memory");
	}
	t->runs++;
	if (l.refused == 2) {
		t->skipped++;
		printf("skip - run %u %s: llama.cpp did not build the model: %s\n",
		       run, a->name, l.why);
		return 0;
	}
	rc = run_kvplan(kvplan, &f, &c);
	read_kvplan(&f, rc, &k);
	rc = compare(&l, &k, why, sizeof why);
	if (rc == 2) {
		t->by_name++;
		printf("ok - run %u %s: refused by kvplan by name: %s\n", run,
		       a->name, k.why);
		return 0;
	}
	if (rc) {
		t->wrong++;
		printf("not ok - run %u %s (-c %u -np %u -b %u -ub %u -fa %d -ctk %s "
		       "-ctv %s swa_full %d unified %d rs_seq %u): %s\n", run, a->name,
		       c.n_ctx, c.n_seq, c.n_batch, c.n_ubatch, c.fa, c.tk, c.tv,
		       c.swa_full, c.unified, c.rs_seq, why);
		return 0;
	}
	if (l.refused)
		t->both_refuse++;
	else
		t->exact++;
	if (!l.refused && c.n_seq == 4 && c.unified)
		t->dflt++;   /* run_kvplan's --parallel auto */
	printf("ok - run %u %s\n", run, a->name);
	if (!getenv("KVP_LIVE_KEEP"))
		sh("rm -f '%s' '%s' '%s' '%s' '%s'", f.spec, f.gguf, f.log, f.json,
		   f.err);
	return 0;
}

int main(int argc, char **argv)
{
	static struct tally per[ARCH_MAX];
	struct tally all = { 0 };
	unsigned runs, run, i, n = arch_count();

	if (argc < 6) {
		fprintf(stderr, "usage: live PROBE KVPLAN WORKDIR SEED RUNS [ARCH]\n");
		return 2;
	}
	rng_state = strtoull(argv[4], NULL, 10);
	runs = (unsigned)strtoul(argv[5], NULL, 10);
	for (run = 0; run < runs; run++) {
		const struct arch *a = arch_at(run % n);

		if (argc > 6 && strcmp(argv[6], a->name))
			continue;
		if (one_run(argv[1], argv[2], argv[3], run, a, &per[run % n]) < 0) {
			fprintf(stderr, "live: run %u: the probe failed\n", run);
			return 2;
		}
	}
	for (i = 0; i < n; i++) {
		const struct tally *t = &per[i];

		if (!t->runs)
			continue;
		printf("# %-16s %3u runs: %3u exact, %3u refused by both, %3u "
		       "refused by kvplan by name, %3u wrong, %3u skipped\n",
		       arch_at(i)->name, t->runs, t->exact, t->both_refuse,
		       t->by_name, t->wrong, t->skipped);
		all.runs += t->runs;
		all.exact += t->exact;
		all.both_refuse += t->both_refuse;
		all.wrong += t->wrong;
		all.skipped += t->skipped;
		all.by_name += t->by_name;
		all.dflt += t->dflt;
	}
	printf("live: %u runs, %u exact, %u refused by both, %u refused by kvplan "
	       "by name, %u wrong, %u skipped; %u of the exact asked as "
	       "--parallel auto (llama-server's default launch)\n", all.runs,
	       all.exact, all.both_refuse, all.by_name, all.wrong, all.skipped,
	       all.dflt);
	return all.wrong ? 1 : 0;
}
