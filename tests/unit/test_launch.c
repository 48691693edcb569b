/*
 * test_launch.c - reading an engine's launch command and writing one back
 * (src/cli/launch/): the flag tables against the engines' own flag
 * lists in tests/data/launch (their headers name the source read), the
 * round trip over random plans for every engine, the refusals.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/field.h"
#include "tui/views/launch_tui.h"

#define DATA KVP_SRCDIR "/tests/data/launch/"

/* The rows of a flag list file (comment lines dropped); NULL-terminated. */
static char **read_list(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[512], **v = calloc(1024, sizeof *v);

	ck_assert_ptr_nonnull(f);
	*n = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !line[0])
			continue;
		ck_assert_uint_lt(*n, 1023);
		v[(*n)++] = strdup(line);
	}
	fclose(f);
	return v;
}

static void free_list(char **v, size_t n)
{
	while (n)
		free(v[--n]);
	free(v);
}

/* The known table's rows of release bit `lc` are the file's, in order. */
static void known_rows_are(const char *file, unsigned lc)
{
	size_t n, i, j = 0;
	char **v = read_list(file, &n);

	for (i = 0; i < kvp_launch_llama_n_known; i++) {
		const struct kvp_launch_known *k = &kvp_launch_llama_known[i];
		char row[512];

		if (!(k->rel & lc))
			continue;
		snprintf(row, sizeof row, "%s\t%s\t%s\t%s", k->name,
		         k->value ? "yes" : "no", k->server ? "server" : "-",
		         k->cli ? "cli" : "-");
		ck_assert_uint_lt(j, n);
		ck_assert_str_eq(row, v[j++]);
	}
	ck_assert_uint_eq(j, n);
	free_list(v, n);
}

START_TEST(known_table_is_the_data_file)
{
	known_rows_are(DATA "llama.cpp-v0.4.0.flags", KVP_LC_V040);
	known_rows_are(DATA "llama.cpp-v0.5.0.flags", KVP_LC_V050);
}
END_TEST

/* llama-server read at a release: true when it takes the words. */
static bool read_at(const char *release, const char *flag, char *msg)
{
	char *w[] = { "llama-server", "-m", "m.gguf", (char *)flag, "4" };
	struct kvp_strv out = { 0 };
	struct kvp_notes notes = { 0 };
	const struct kvp_launch_engine *e = NULL;
	struct kvp_error err = { 0 };
	bool ok = kvp_launch_translate_at(w, strncmp(flag, "--draft", 7) ? 4 : 5,
	                                  release, false, &out, &notes, &e,
	                                  &err) == KVP_OK;

	snprintf(msg, 512, "%.500s", ok ? "" : err.msg);
	kvp_strv_free(&out);
	return ok;
}

/* v0.4.0 still has --mlock, --no-mmap, -dio (common/arg.cpp of
 * node-llama-cpp 3.21.1); v0.5.0 removed them and added --log-jsonl
 * (3.22.1's); an unnamed or other release reads v0.5.0's list. */
START_TEST(llama_flags_by_release)
{
	static const char *old[] = { "--mlock", "--no-mmap", "-dio", "-ndio" };
	char msg[512];
	size_t i;

	for (i = 0; i < sizeof old / sizeof old[0]; i++) {
		ck_assert_msg(read_at("v0.4.0", old[i], msg), "%s", msg);
		ck_assert(!read_at("v0.5.0", old[i], msg));
		ck_assert_str_eq(strstr(msg, "as llama-server"), "as llama-server "
		                 "v0.5.0 (node-llama-cpp 3.22.1) refuses it)");
		ck_assert(!read_at(NULL, old[i], msg));
		ck_assert(!read_at("b5423", old[i], msg));
	}
	ck_assert(!read_at("v0.4.0", "--log-jsonl", msg));
	ck_assert_str_eq(msg, "llama-server: error: invalid argument: "
	                 "--log-jsonl (as llama-server v0.4.0 (node-llama-cpp "
	                 "3.21.1) refuses it)");
	ck_assert_msg(read_at("v0.5.0", "--log-jsonl", msg), "%s", msg);
	/* both releases remove --draft-max with arg_removed */
	ck_assert(!read_at("v0.4.0", "--draft-max", msg));
	ck_assert_ptr_nonnull(strstr(msg, "has been removed"));
}
END_TEST

/* Is `flag` a row of the list (llama: of the program's column)? */
static bool listed(char **v, size_t n, const char *flag, const char *column)
{
	size_t i, w = strlen(flag);

	for (i = 0; i < n; i++)
		if (!strncmp(v[i], flag, w) && (v[i][w] == '\0' ||
		    (v[i][w] == '\t' && (!column || strstr(v[i] + w, column)))))
			return true;
	return false;
}

/* Every spelling --emit can write is a flag of the release named. */
static void emitted_exist(const struct kvp_launch_engine *e, const char *file,
                          const char *column)
{
	size_t n, i;
	char **v = read_list(file, &n);

	if (e->model_flag)
		ck_assert_msg(listed(v, n, e->model_flag, column), "%s %s",
		              e->emit_name, e->model_flag);
	for (i = 0; i < e->n_flags; i++) {
		const struct kvp_launch_flag *r = &e->flags[i];

		if (!r->to || !kvp_launch_in_program(e, r->names[0]) ||
		    (r->conv == LF_MODEL && e->positional_model && r->names[0][0] != '-'))
			continue;   /* never written (trtllm-serve's MODEL argument) */
		ck_assert_msg(listed(v, n, r->names[0], column),
		              "%s writes %s, not a flag of %s", e->emit_name,
		              r->names[0], file);
	}
	free_list(v, n);
}

START_TEST(emitted_flags_exist_in_the_release)
{
	emitted_exist(&kvp_launch_vllm, DATA "vllm-99d7eb5d.flags", NULL);
	emitted_exist(&kvp_launch_vllm_api, DATA "vllm-99d7eb5d.flags", NULL);
	emitted_exist(&kvp_launch_sglang, DATA "sglang-001067ff.flags", NULL);
	emitted_exist(&kvp_launch_llama_server, DATA "llama.cpp-v0.5.0.flags",
	              "server");
	emitted_exist(&kvp_launch_llama_cli, DATA "llama.cpp-v0.5.0.flags",
	              "cli");
	emitted_exist(&kvp_launch_llama_server, DATA "llama.cpp-v0.4.0.flags",
	              "server");
	emitted_exist(&kvp_launch_llama_cli, DATA "llama.cpp-v0.4.0.flags",
	              "cli");
	emitted_exist(&kvp_launch_trtllm, DATA "trtllm-serve-4c05a748.flags", NULL);
}
END_TEST

/* SGLang's table holds every spelling of sglang-001067ff.flags, each
 * taking its words as the file says, and no other. */
START_TEST(sglang_table_is_the_data_file)
{
	const struct kvp_launch_engine *e = &kvp_launch_sglang;
	size_t n, i, k, spellings = 0;
	char **v = read_list(DATA "sglang-001067ff.flags", &n);

	for (i = 0; i < e->n_flags; i++)
		for (k = 0; k < 4 && e->flags[i].names[k]; k++) {
			const struct kvp_launch_flag *r = &e->flags[i];
			const char *how = r->many ? "list" : r->value ? "value" :
			                  r->negatable ? "negatable" : "switch";
			char row[128];
			size_t j;

			snprintf(row, sizeof row, "%s\t%s", r->names[k], how);
			for (j = 0; j < n && strcmp(v[j], row); j++)
				;
			ck_assert_msg(j < n, "%s: not a row of the data file", row);
			spellings++;
		}
	ck_assert_uint_eq(spellings, n);
	free_list(v, n);
}
END_TEST

/* A plan from kvplan flags; false when opts.c refuses them. */
static bool parse(struct kvp_opts *o, int argc, char **argv)
{
	struct kvp_error err;

	kvp_opts_init(o, "calc", NULL);
	o->one_engine = true;
	return kvp_opts_parse(o, argc, argv, stdout, &err) == KVP_OK;
}

/* Random settings: each entry given or not, with one of its values
 * ("=..." is glued to the flag). */
struct pool {
	const char *flag;
	const char *vals[6];
};

static const struct pool vllm_pool[] = {
	{ "--tp", { "1", "2", "4", "8" } }, { "--pp", { "1", "2" } },
	{ "--dp", { "1", "2" } },
	{ "--max-model-len", { "2048", "8192", "32768" } },
	{ "--gpu-memory-utilization", { "0.5", "0.8", "0.85", "0.9", "0.95" } },
	{ "--kv-cache-memory-bytes", { "0", "8589934592" } },
	{ "--kv-cache-dtype", { "auto", "fp8", "bfloat16" } },
	{ "--vllm-block-size", { "16", "32" } },
	{ "--max-num-seqs", { "1", "64", "256", "512" } },
	{ "--max-num-batched-tokens", { "2048", "8192", "16384" } },
	{ "--enable-prefix-caching", { "=true", "=false", "=auto", "=on", "=off" } },
	{ "--disable-hybrid-kv-cache-manager", { "=true", "=false" } },
	{ "--num-gpu-blocks-override", { "0", "2000" } },
	{ "--cpu-offload-gb", { "0", "2" } },
	{ "--enable-lora", { "=true", "=false" } },
	{ "--max-loras", { "1", "4" } }, { "--max-lora-rank", { "8", "64" } },
	{ "--max-cpu-loras", { "0", "8" } },
	{ "--dtype", { "f16", "bf16", "f32" } },
	{ "--mamba-cache-dtype", { "auto", "float32" } },
};

static const struct pool llama_pool[] = {
	{ "--ctx-size", { "0", "4096", "16384" } },
	{ "--parallel", { "1", "2", "4", "8" } },
	{ "--kv-unified", { "=true", "=false" } },
	{ "--batch-size", { "512", "2048", "4096" } },
	{ "--ubatch-size", { "128", "512" } },
	{ "--flash-attn", { "auto", "on", "off" } },
	{ "--cache-type-k", { "f16", "q8_0", "q4_0" } },
	{ "--cache-type-v", { "f16", "q8_0" } },
	{ "--swa-full", { "=true", "=false" } },
	{ "--n-gpu-layers", { "-1", "10", "99" } },
	{ "--embeddings", { "=true", "=false" } },
	{ "--ctx-checkpoints", { "-1", "0", "8" } },
	{ "--mmproj-offload", { "=true", "=false" } },
};

/* llama-cli has no -kvu nor --embeddings (the llama-cli column) */
static const struct pool llama_cli_pool[] = {
	{ "--ctx-size", { "0", "4096", "16384" } },
	{ "--parallel", { "1", "2", "4", "8" } },
	{ "--batch-size", { "512", "2048", "4096" } },
	{ "--flash-attn", { "auto", "on", "off" } },
	{ "--cache-type-k", { "f16", "q8_0", "q4_0" } },
	{ "--swa-full", { "=true", "=false" } },
	{ "--n-gpu-layers", { "-1", "10", "99" } },
	{ "--ctx-checkpoints", { "-1", "0", "8" } },
};

static const struct pool sglang_pool[] = {
	{ "--tp", { "1", "2", "4" } }, { "--dp", { "1", "2" } },
	{ "--mem-fraction-static", { "0.7", "0.8", "0.88" } },
	{ "--page-size", { "1", "16", "64" } },
	{ "--max-total-tokens", { "0", "100000" } },
	{ "--max-running-requests", { "0", "64" } },
	{ "--context-length", { "0", "8192" } },
	{ "--kv-dtype", { "bf16", "fp8" } },
};

static int pick(unsigned *s, int n)
{
	*s = *s * 1103515245u + 12345u;
	return (int)((*s >> 16) % (unsigned)n);
}

/* argv of a random plan of engine e (strings in buf). */
static int random_argv(const struct pool *p, size_t np, const char *engine,
                       unsigned *seed, char **argv, char buf[][64])
{
	int argc = 0;
	size_t i;

	argv[argc++] = "calc";
	argv[argc++] = "--model";
	argv[argc++] = "llama-3.1-8b";
	argv[argc++] = "--card";
	argv[argc++] = "h100";
	argv[argc++] = "--engine";
	argv[argc++] = (char *)engine;
	for (i = 0; i < np; i++) {
		int nv = 0;
		const char *v;

		if (pick(seed, 2))
			continue;
		while (nv < 6 && p[i].vals[nv])
			nv++;
		v = p[i].vals[pick(seed, nv)];
		if (v[0] == '=') {
			snprintf(buf[argc], 64, "%s%s", p[i].flag, v);
			argv[argc] = buf[argc];
			argc++;
		} else {
			argv[argc++] = (char *)p[i].flag;
			argv[argc++] = (char *)v;
		}
	}
	return argc;
}

static const struct pool trtllm_pool[] = {
	{ "--tp", { "1", "2" } }, { "--pp", { "1", "2" } },
	{ "--free-gpu-memory-fraction", { "0.5", "0.8", "0.9" } },
	{ "--max-batched-tokens", { "0", "4096" } },
	{ "--tokens-per-block", { "32", "64" } },
	{ "--max-tokens", { "0", "100000" } },
	{ "--host-cache-size", { "0", "1073741824" } },
	{ "--max-gpu-total-bytes", { "0", "20000000000" } },
	{ "--kv-dtype", { "bf16", "fp8" } },
};

static const char *tmpdir;   /* rounds(): a scratch folder */

/* trtllm-serve's emitted text holds its YAML as a here-document: into a
 * file, and the command after it, its file name replaced by that file. */
static void split_heredoc(char **text, const char *dir)
{
	char *doc = strstr(*text, "<<'EOF'\n"), *end, *cmd, path[512], *out;
	size_t n;
	FILE *f;

	if (!doc)
		return;
	doc += 8;
	end = strstr(doc, "\nEOF\n");
	ck_assert_ptr_nonnull(end);
	snprintf(path, sizeof path, "%s/extra.yaml", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fwrite(doc, 1, (size_t)(end - doc) + 1, f);
	fclose(f);
	cmd = end + 5;
	n = strlen(cmd) + strlen(path) + 1;
	out = malloc(n);
	ck_assert_ptr_nonnull(out);
	snprintf(out, n, "%.*s%s", (int)(strstr(cmd, "extra_llm_api_options.yaml") - cmd),
	         cmd, path);
	free(*text);
	*text = out;
}

/* vLLM's settings a plan leaves 0 (or auto) as the values they stand for at its
 * release and card (the budget's own defaults): a value equal to the
 * release's default is not written, and reads back as 0. */
static void resolve(struct kvp_plan *p)
{
	struct kvp_vllm_opts d, *o = &p->engine.vllm;

	if (p->engine.kind != KVP_ENGINE_VLLM)
		return;
	kvp_vllm_release_defaults(p, &d);
	if (!o->gpu_memory_utilization)
		o->gpu_memory_utilization = d.gpu_memory_utilization;
	if (!o->max_num_seqs)
		o->max_num_seqs = d.max_num_seqs;
	if (!o->max_num_batched_tokens)
		o->max_num_batched_tokens = d.max_num_batched_tokens;
	if (o->enable_prefix_caching == KVP_AUTO)
		o->enable_prefix_caching = d.enable_prefix_caching;
}

/* Does the emitted text name the field in a "# not written" comment (a
 * setting the release named has no flag for)? */
static bool named_unwritten(const char *cmd, const char *key)
{
	char pat[160];
	const char *s;

	snprintf(pat, sizeof pat, "): %s = ", key);
	for (s = cmd; (s = strstr(s, "# not written")) != NULL; s++) {
		const char *eol = strchr(s, '\n'), *hit = strstr(s, pat);

		if (hit && (!eol || hit < eol))
			return true;
	}
	return false;
}

/* The fields a table writes hold the same text in a and b (their vLLM
 * defaults resolved); with a release named, the ones the command names
 * as not written for it are left out. */
static void same_plan(const struct kvp_launch_engine *e,
                      const struct kvp_plan *pa, const struct kvp_plan *pb,
                      const char *cmd, bool release)
{
	size_t i;
	char va[128], vb[128];
	struct kvp_plan *a = malloc(sizeof *a), *b = malloc(sizeof *b);

	*a = *pa;
	*b = *pb;
	resolve(a);
	resolve(b);
	ck_assert_msg((a->devices.tp == b->devices.tp ||
	               (release && named_unwritten(cmd, "devices.tp"))) &&
	              (a->devices.pp == b->devices.pp ||
	               (release && named_unwritten(cmd, "devices.pp"))) &&
	              (a->devices.dp == b->devices.dp ||
	               (release && named_unwritten(cmd, "devices.dp"))),
	              "parallel sizes: %s", cmd);
	ck_assert_str_eq(a->model.id, b->model.id);
	ck_assert_msg(a->model.base.k_fmt.dtype == b->model.base.k_fmt.dtype ||
	              (release && named_unwritten(cmd, "kv-dtype")),
	              "kv-dtype: %s", cmd);
	ck_assert_int_eq(a->engine.kind, b->engine.kind);
	ck_assert_str_eq(a->engine.version, b->engine.version);
	for (i = 0; i < kvp_field_count(); i++) {
		const struct kvp_field *f = kvp_field_at(i);

		/* every option of the engine (written by a flag or, for
		 * trtllm-serve, its YAML), and the step tokens */
		if ((f->engine != (int)e->kind || f->indexed) &&
		    strcmp(f->key, "devices.max_batched_tokens") &&
		    strcmp(f->key, "model.arch.max_positions"))
			continue;
		if (release && named_unwritten(cmd, f->key))
			continue;
		kvp_field_format(a, f, 0, va, sizeof va);
		kvp_field_format(b, f, 0, vb, sizeof vb);
		ck_assert_msg(!strcmp(va, vb), "%s: %s then %s after\n%s", f->key,
		              va, vb, cmd);
	}
	free(a);
	free(b);
}

/* One random plan of engine e (under --engine vllm@rel when rel is not
 * NULL): emitted, read back (at rel), compared. Returns false when the
 * random settings are refused, or --emit refuses the program at rel
 * (not a plan to test). */
static bool one_round(const struct kvp_launch_engine *e, const struct pool *p,
                      size_t np, const char *rel, unsigned *seed)
{
	static char buf[64][64];
	char *argv[64], *text = NULL, engine[40];
	int argc;
	struct kvp_opts *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_strv words = { 0 }, back = { 0 };
	struct kvp_notes notes = { 0 };
	const struct kvp_launch_engine *got;
	struct kvp_error err;
	size_t len = 0;
	FILE *mem;
	bool ok;

	snprintf(engine, sizeof engine, "%s%s%s", kvp_engine_name(e->kind),
	         rel ? "@" : "", rel ? rel : "");
	argc = random_argv(p, np, engine, seed, argv, buf);
	ok = parse(a, argc, argv) && kvp_compute(&a->plan, res) == KVP_OK;
	if (ok) {
		enum kvp_status st;

		mem = open_memstream(&text, &len);
		st = kvp_launch_emit(mem, &a->plan, res, e->emit_name, &err);
		fclose(mem);
		ck_assert_msg(st == KVP_OK || rel, "%s", err.msg);
		ok = st == KVP_OK;
	}
	if (ok) {
		split_heredoc(&text, tmpdir);
		len = strlen(text);
		ck_assert_int_eq(kvp_launch_words(text, len, &words, &err), KVP_OK);
		kvp_strv_push(&back, "calc", 4);
		ck_assert_msg(kvp_launch_translate_at(words.v, words.n, rel, false,
		              &back, &notes, &got, &err) == KVP_OK, "%s\n%s",
		              err.msg, text);
		ck_assert_ptr_eq(got->flags, e->flags);
		kvp_strv_push(&back, "--card", 6);
		kvp_strv_push(&back, "h100", 4);
		if (rel) {   /* the release, as the user names it after the command */
			kvp_strv_push(&back, "--engine", 8);
			kvp_strv_push(&back, engine, strlen(engine));
		}
		ck_assert_msg(parse(b, (int)back.n, back.v), "%s", text);
		same_plan(e, &a->plan, &b->plan, text, rel != NULL);
		kvp_opts_free(b);
	}
	kvp_opts_free(a);
	kvp_strv_free(&words);
	kvp_strv_free(&back);
	free(text);
	free(a);
	free(b);
	free(res);
	return ok;
}

static void rounds(const struct kvp_launch_engine *e, const struct pool *p,
                   size_t np)
{
	unsigned seed = 36;
	int i, done = 0;
	char dir[] = "/tmp/kvplan-launch.XXXXXX", yaml[64];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tmpdir = dir;
	unsetenv("CUDA_VISIBLE_DEVICES");   /* the engine's environment */

	for (i = 0; i < 60; i++)
		done += one_round(e, p, np, NULL, &seed);
	snprintf(yaml, sizeof yaml, "%s/extra.yaml", dir);
	remove(yaml);
	rmdir(dir);
	/* most random plans are valid ones: the property was tested */
	ck_assert_int_ge(done, 30);
}

#define NP(x) (sizeof x / sizeof x[0])

/* vllm-releases.tsv: spelling, value word, first, last ("-": none). */
struct rel_row {
	char flag[64], word[32], first[16], last[16];
};

static struct rel_row *read_releases(const char *file, size_t *n)
{
	size_t k, i;
	char **v = read_list(file, &k);
	struct rel_row *r = calloc(k, sizeof *r);

	for (i = 0; i < k; i++) {
		char *f[4], *save = NULL;
		int j;

		for (j = 0; j < 4; j++) {
			f[j] = strtok_r(j ? NULL : v[i], "\t", &save);
			ck_assert_ptr_nonnull(f[j]);
		}
		snprintf(r[i].flag, sizeof r[i].flag, "%s", f[0]);
		snprintf(r[i].word, sizeof r[i].word, "%s", strcmp(f[1], "-") ? f[1] : "");
		snprintf(r[i].first, sizeof r[i].first, "%s", strcmp(f[2], "-") ? f[2] : "");
		snprintf(r[i].last, sizeof r[i].last, "%s", strcmp(f[3], "-") ? f[3] : "");
	}
	free_list(v, k);
	*n = k;
	return r;
}

/* a >= b for releases "X.Y.Z" (the test's own order, not kvplan's). */
static bool rel_ge(const char *a, const char *b)
{
	unsigned x[3] = { 0 }, y[3] = { 0 };
	int i;

	ck_assert_int_eq(sscanf(a, "%u.%u.%u", &x[0], &x[1], &x[2]), 3);
	ck_assert_int_eq(sscanf(b, "%u.%u.%u", &y[0], &y[1], &y[2]), 3);
	for (i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] > y[i];
	return true;
}

/* Does the data file show `flag` (word: one of its value words) in
 * release rel? A flag with no row is not known at any release. */
static bool known_at(const struct rel_row *r, size_t n, const char *flag,
                     const char *word, const char *rel)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(r[i].flag, flag) && !strcmp(r[i].word, word ? word : ""))
			return (!r[i].first[0] || rel_ge(rel, r[i].first)) &&
			       (!r[i].last[0] || rel_ge(r[i].last, rel));
	return false;
}

/* launch_range.c's rows of engine kind are the data file's, bound for
 * bound. */
static void ranges_are(enum kvp_engine_kind kind, const char *file)
{
	size_t n, i, j, mine = 0;
	struct rel_row *r = read_releases(file, &n);

	for (i = 0; i < kvp_launch_n_ranges; i++) {
		const struct kvp_launch_range *g = &kvp_launch_ranges[i];

		if (g->kind != kind)
			continue;
		mine++;
		for (j = 0; j < n; j++)
			if (!strcmp(r[j].flag, g->flag) &&
			    !strcmp(r[j].word, g->value ? g->value : ""))
				break;
		ck_assert_msg(j < n, "%s %s: no row in %s", g->flag,
		              g->value ? g->value : "", file);
		ck_assert_str_eq(r[j].first, g->first ? g->first : "");
		ck_assert_str_eq(r[j].last, g->last ? g->last : "");
	}
	ck_assert_uint_eq(n, mine);
	free(r);
}

START_TEST(release_table_is_the_data_file)
{
	size_t i, k = 0;

	ranges_are(KVP_ENGINE_VLLM, DATA "vllm-releases.tsv");
	ranges_are(KVP_ENGINE_SGLANG, DATA "sglang-releases.tsv");
	for (i = 0; i < kvp_launch_n_ranges; i++)
		k += kvp_launch_ranges[i].kind == KVP_ENGINE_VLLM ||
		     kvp_launch_ranges[i].kind == KVP_ENGINE_SGLANG;
	ck_assert_uint_eq(k, kvp_launch_n_ranges);
}
END_TEST

/* The words of --emit NAME for a random plan (argv): 1, or 0 when kvplan
 * refuses the plan, -1 when --emit refuses to write it. */
static int emitted_words(const char *name, int argc, char **argv,
                         struct kvp_strv *words)
{
	struct kvp_opts *a = malloc(sizeof *a);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_error err;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int got = 0;

	if (parse(a, argc, argv) && kvp_compute(&a->plan, res) == KVP_OK) {
		mem = open_memstream(&text, &len);
		got = kvp_launch_emit(mem, &a->plan, res, name, &err) == KVP_OK ?
		      1 : -1;
		fclose(mem);
		split_heredoc(&text, tmpdir);
		if (got > 0)
			ck_assert_int_eq(kvp_launch_words(text, strlen(text), words,
			                 &err), KVP_OK);
	}
	kvp_opts_free(a);
	free(a);
	free(res);
	free(text);
	return got;
}

/* How many words the engine's program is ("python -m X": 3). */
static size_t program_words(const struct kvp_launch_engine *e)
{
	size_t k = 1;
	const char *c;

	for (c = e->program; *c; c++)
		k += *c == ' ';
	return k;
}

/* Is w a flag (not a value such as -1)? */
static bool flag_word(const char *w)
{
	return w[0] == '-' && w[1] && !(w[1] >= '0' && w[1] <= '9');
}

/* The command written for release rel reads back at rel: the reader and
 * the writer hold the same ranges. */
static void read_back_at(const struct kvp_strv *w, const char *rel)
{
	struct kvp_strv back = { 0 };
	struct kvp_notes notes = { 0 };
	const struct kvp_launch_engine *got;
	struct kvp_error err;

	kvp_strv_push(&back, "calc", 4);
	ck_assert_msg(kvp_launch_translate_at(w->v, w->n, rel, false, &back,
	              &notes, &got, &err) == KVP_OK, "%s %s: %s", w->v[0], rel,
	              err.msg);
	kvp_strv_free(&back);
}

/* Every flag vllm and vllm-api-server write for 15 random plans under
 * --engine vllm@rel is one vllm-releases.tsv shows in rel, and so is the
 * program and each --kv-cache-dtype word. */
static void vllm_at(const struct rel_row *r, size_t n, const char *rel)
{
	static const struct kvp_launch_engine *const names[] = {
		&kvp_launch_vllm, &kvp_launch_vllm_api };
	static char buf[64][64];
	char engine[32], *argv[64];
	unsigned seed = 36;
	size_t e, i;
	int k, done = 0;

	snprintf(engine, sizeof engine, "vllm@%s", rel);
	for (e = 0; e < 2; e++)
		for (k = 0; k < 15; k++) {
			struct kvp_strv w = { 0 };
			int argc = random_argv(vllm_pool, NP(vllm_pool), engine,
			                       &seed, argv, buf);

			int got = emitted_words(names[e]->emit_name, argc, argv, &w);

			done += got != 0;
			/* `vllm serve` written only where the release has it;
			 * refused (the whole command) where it has not */
			if (names[e]->positional_model && got)
				ck_assert_msg(known_at(r, n, "vllm serve", NULL, rel) ==
				              (got > 0), "vllm %s: vllm serve %s", rel,
				              got > 0 ? "written" : "refused");
			ck_assert_msg(got >= 0 || names[e]->positional_model,
			              "%s %s refused", names[e]->emit_name, rel);
			if (got > 0)
				read_back_at(&w, rel);
			for (i = program_words(names[e]); i < w.n; i++) {
				if (!flag_word(w.v[i]))
					continue;
				ck_assert_msg(known_at(r, n, w.v[i], NULL, rel),
				              "%s %s writes %s", names[e]->emit_name, rel,
				              w.v[i]);
				if (!strcmp(w.v[i], "--kv-cache-dtype") && i + 1 < w.n)
					ck_assert_msg(known_at(r, n, w.v[i], w.v[i + 1], rel),
					              "%s %s writes %s %s", names[e]->emit_name,
					              rel, w.v[i], w.v[i + 1]);
			}
			kvp_strv_free(&w);
		}
	/* a release before 0.6.4 is refused (KVP_ERA_VLLM_PROFILED): no
	 * plan computes, so no command is written */
	if (kvp_release_at_least(rel, "0.6.4"))
		ck_assert_int_ge(done, 15);
	else
		ck_assert_int_eq(done, 0);
}

/* The same against a flag list file of one release (llama.cpp, SGLang,
 * trtllm-serve): every flag written is a row of it (column: llama's). */
static void listed_at(const struct kvp_launch_engine *e, const struct pool *p,
                      size_t np, const char *engine, const char *file,
                      const char *column)
{
	static char buf[64][64];
	char *argv[64];
	unsigned seed = 36;
	size_t n, i;
	char **v = read_list(file, &n);
	int k, done = 0;

	for (k = 0; k < 40; k++) {
		struct kvp_strv w = { 0 };
		int argc = random_argv(p, np, engine, &seed, argv, buf);

		int got = emitted_words(e->emit_name, argc, argv, &w);

		ck_assert_int_ge(got, 0);
		if (!got)
			continue;
		done++;
		for (i = program_words(e); i < w.n; i++)
			ck_assert_msg(!flag_word(w.v[i]) ||
			              listed(v, n, w.v[i], column), "%s (%s) writes %s, "
			              "not in %s", e->emit_name, engine, w.v[i], file);
		kvp_strv_free(&w);
	}
	free_list(v, n);
	ck_assert_int_ge(done, 20);
}

/* The modelled SGLang flags whose first release differs, for the walk
 * over releases (sglang-releases.tsv). */
static const struct pool sglang_rel_pool[] = {
	{ "--tp", { "1", "2" } }, { "--pp", { "1", "2" } },
	{ "--dp", { "1", "2" } },
	{ "--mem-fraction-static", { "0.8", "0.88" } },
	{ "--page-size", { "1", "16" } },
	{ "--max-total-tokens", { "0", "100000" } },
	{ "--max-running-requests", { "0", "64" } },
	{ "--context-length", { "0", "8192" } },
	{ "--kv-dtype", { "bf16", "fp8" } },
	{ "--chunked-prefill-size", { "4096", "8192" } },
	{ "--max-prefill-tokens", { "8192", "16384" } },
	{ "--cuda-graph-max-bs", { "80", "160" } },
};

/* Every flag sglang writes for 40 random plans under --engine
 * sglang@rel is one sglang-releases.tsv shows in rel, and so is the
 * program and each --kv-cache-dtype word; the command reads back at rel. */
static void sglang_at(const struct rel_row *r, size_t n, const char *rel)
{
	static char buf[64][64];
	const struct kvp_launch_engine *e = &kvp_launch_sglang;
	char engine[32], *argv[64];
	unsigned seed = 36;
	size_t i;
	int k, done = 0;

	snprintf(engine, sizeof engine, "sglang@%s", rel);
	ck_assert_msg(known_at(r, n, e->program, NULL, rel), "sglang %s", rel);
	for (k = 0; k < 40; k++) {
		struct kvp_strv w = { 0 };
		int argc = random_argv(sglang_rel_pool, NP(sglang_rel_pool), engine,
		                       &seed, argv, buf);
		int got = emitted_words(e->emit_name, argc, argv, &w);

		ck_assert_int_ge(got, 0);
		if (!got)
			continue;
		done++;
		read_back_at(&w, rel);
		for (i = program_words(e); i < w.n; i++) {
			if (!flag_word(w.v[i]))
				continue;
			ck_assert_msg(known_at(r, n, w.v[i], NULL, rel),
			              "sglang %s writes %s", rel, w.v[i]);
			if (!strcmp(w.v[i], "--kv-cache-dtype") && i + 1 < w.n)
				ck_assert_msg(known_at(r, n, w.v[i], w.v[i + 1], rel),
				              "sglang %s writes %s %s", rel, w.v[i],
				              w.v[i + 1]);
		}
		kvp_strv_free(&w);
	}
	ck_assert_int_ge(done, 20);
}

/* The releases sglang-releases.tsv names (first and last, once each)
 * and more (NULL-terminated) into rels; how many. */
static size_t releases_named(const struct rel_row *r, size_t n,
                             const char *const *more, const char **rels,
                             size_t cap)
{
	size_t i, j, nr = 0;

	for (i = 0; i < 2 * n || (more[i - 2 * n] && nr < cap); i++) {
		const char *v = i < 2 * n ? (i % 2 ? r[i / 2].last : r[i / 2].first)
		                          : more[i - 2 * n];
		bool seen = !v || !v[0] || nr == cap;

		for (j = 0; j < nr && !seen; j++)
			seen = !strcmp(rels[j], v);
		if (!seen)
			rels[nr++] = v;
	}
	return nr;
}

static const char *const sglang_more[] = { "0.2.0", "0.3.6", "0.4.0",
	"0.4.6", "0.5.0", "0.5.9", NULL };

/* The walk of sglang_at over every release the data file names and
 * some between. */
START_TEST(sglang_emitted_flags_exist_at_each_release)
{
	char dir[] = "/tmp/kvplan-launch.XXXXXX";
	const char *rels[64];
	size_t n, i, nr;
	struct rel_row *r = read_releases(DATA "sglang-releases.tsv", &n);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tmpdir = dir;
	unsetenv("CUDA_VISIBLE_DEVICES");
	nr = releases_named(r, n, sglang_more, rels, 64);
	ck_assert_uint_ge(nr, 10);
	for (i = 0; i < nr; i++)
		sglang_at(r, n, rels[i]);
	rmdir(dir);
	free(r);
}
END_TEST

/* The round trip under --engine sglang@rel for the same releases:
 * written at rel, read at rel, the same plan. */
START_TEST(round_trip_sglang_every_release)
{
	char dir[] = "/tmp/kvplan-launch.XXXXXX";
	const char *rels[64];
	size_t n, i, nr;
	struct rel_row *r = read_releases(DATA "sglang-releases.tsv", &n);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tmpdir = dir;
	unsetenv("CUDA_VISIBLE_DEVICES");
	nr = releases_named(r, n, sglang_more, rels, 64);
	for (i = 0; i < nr; i++) {
		unsigned seed = 36;
		int k, done = 0;

		for (k = 0; k < 16; k++)
			done += one_round(&kvp_launch_sglang, sglang_rel_pool,
			                  NP(sglang_rel_pool), rels[i], &seed);
		ck_assert_msg(done >= 8, "sglang@%s: %d plans of 16", rels[i], done);
	}
	rmdir(dir);
	free(r);
}
END_TEST

START_TEST(emitted_flags_exist_at_each_release)
{
	static const char *const more[] = { "0.6.4", "0.8.5", "0.11.0",
		"0.19.0", NULL };
	char dir[] = "/tmp/kvplan-launch.XXXXXX", yaml[64];
	size_t n, i;
	struct rel_row *r = read_releases(DATA "vllm-releases.tsv", &n);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tmpdir = dir;
	unsetenv("CUDA_VISIBLE_DEVICES");
	/* every release the data file names (once), and some between */
	for (i = 0; i < n; i++) {
		size_t j;
		bool seen = false;

		for (j = 0; j < i; j++)
			seen = seen || !strcmp(r[j].first, r[i].first);
		if (r[i].first[0] && !seen)
			vllm_at(r, n, r[i].first);
		if (r[i].last[0])
			vllm_at(r, n, r[i].last);
	}
	for (i = 0; more[i]; i++)
		vllm_at(r, n, more[i]);
	listed_at(&kvp_launch_llama_server, llama_pool, NP(llama_pool),
	          "llama.cpp@v0.4.0", DATA "llama.cpp-v0.4.0.flags", "server");
	listed_at(&kvp_launch_llama_server, llama_pool, NP(llama_pool),
	          "llama.cpp@v0.5.0", DATA "llama.cpp-v0.5.0.flags", "server");
	listed_at(&kvp_launch_llama_cli, llama_cli_pool, NP(llama_cli_pool),
	          "llama.cpp@v0.4.0", DATA "llama.cpp-v0.4.0.flags", "cli");
	listed_at(&kvp_launch_llama_cli, llama_cli_pool, NP(llama_cli_pool),
	          "llama.cpp@v0.5.0", DATA "llama.cpp-v0.5.0.flags", "cli");
	listed_at(&kvp_launch_sglang, sglang_pool, NP(sglang_pool), "sglang",
	          DATA "sglang-001067ff.flags", NULL);
	listed_at(&kvp_launch_trtllm, trtllm_pool, NP(trtllm_pool), "trtllm",
	          DATA "trtllm-serve-4c05a748.flags", NULL);
	snprintf(yaml, sizeof yaml, "%s/extra.yaml", dir);
	remove(yaml);
	rmdir(dir);
	free(r);
}
END_TEST

/* The round trip under --engine vllm@rel for every release the ranges
 * table names (first and last bounds) and some between: written at rel,
 * read at rel, the same plan, each flag's absence meaning rel's default
 * (the budget's own, kvp_vllm_release_defaults). `vllm serve` is refused
 * before 0.5.3, so python -m vllm.entrypoints.openai.api_server carries
 * every release; before 0.6.4 the plan itself is refused. */
START_TEST(round_trip_vllm_every_release)
{
	static const char *const more[] = { "0.6.4", "0.7.3", "0.8.0", "0.8.5",
		"0.9.0", "0.11.0", "0.19.0", "0.21.0", NULL };
	char dir[] = "/tmp/kvplan-launch.XXXXXX", yaml[64];
	const char *rels[64];
	size_t n, i, j, nr = 0;
	struct rel_row *r = read_releases(DATA "vllm-releases.tsv", &n);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	tmpdir = dir;
	unsetenv("CUDA_VISIBLE_DEVICES");
	for (i = 0; i < 2 * n + 8 && nr < 64; i++) {
		const char *v = i < 2 * n ? (i % 2 ? r[i / 2].last : r[i / 2].first)
		                          : more[i - 2 * n];
		bool seen = !v || !v[0];

		for (j = 0; j < nr && !seen; j++)
			seen = !strcmp(rels[j], v);
		if (!seen)
			rels[nr++] = v;
	}
	ck_assert_uint_ge(nr, 10);
	for (i = 0; i < nr; i++) {
		unsigned seed = 36;
		int k, done = 0;

		for (k = 0; k < 16; k++) {
			done += one_round(&kvp_launch_vllm_api, vllm_pool,
			                  NP(vllm_pool), rels[i], &seed);
			one_round(&kvp_launch_vllm, vllm_pool, NP(vllm_pool),
			          rels[i], &seed);
		}
		/* before 0.6.4 every plan is refused (KVP_ERA_VLLM_PROFILED) */
		if (kvp_release_at_least(rels[i], "0.6.4"))
			ck_assert_msg(done >= 8, "vllm@%s: %d plans of 16", rels[i],
			              done);
		else
			ck_assert_msg(done == 0, "vllm@%s: %d plans of 16 computed "
			              "before 0.6.4", rels[i], done);
	}
	snprintf(yaml, sizeof yaml, "%s/extra.yaml", dir);
	remove(yaml);
	rmdir(dir);
	free(r);
}
END_TEST

START_TEST(round_trip_vllm) { rounds(&kvp_launch_vllm, vllm_pool, NP(vllm_pool)); }
END_TEST
START_TEST(round_trip_vllm_api) { rounds(&kvp_launch_vllm_api, vllm_pool, NP(vllm_pool)); }
END_TEST
START_TEST(round_trip_llama_server) { rounds(&kvp_launch_llama_server, llama_pool, NP(llama_pool)); }
END_TEST
START_TEST(round_trip_llama_cli) { rounds(&kvp_launch_llama_cli, llama_cli_pool, NP(llama_cli_pool)); }
END_TEST
START_TEST(round_trip_sglang) { rounds(&kvp_launch_sglang, sglang_pool, NP(sglang_pool)); }
END_TEST
START_TEST(round_trip_trtllm) { rounds(&kvp_launch_trtllm, trtllm_pool, NP(trtllm_pool)); }
END_TEST

/* RFC 4648 section 10's vectors inside the OSC 52 escape */
START_TEST(osc52_base64)
{
	static const char *const v[][2] = {
		{ "", "" }, { "f", "Zg==" }, { "fo", "Zm8=" }, { "foo", "Zm9v" },
		{ "foob", "Zm9vYg==" }, { "fooba", "Zm9vYmE=" },
		{ "foobar", "Zm9vYmFy" },
	};
	char out[64], want[64];
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		ck_assert(tui_osc52(v[i][0], strlen(v[i][0]), out, sizeof out));
		snprintf(want, sizeof want, "\033]52;c;%s\a", v[i][1]);
		ck_assert_str_eq(out, want);
	}
	ck_assert(!tui_osc52("foobar", 6, out, 10));   /* too small: refused */
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("launch");
	TCase *t = tcase_create("launch");

	tcase_add_test(t, known_table_is_the_data_file);
	tcase_add_test(t, emitted_flags_exist_in_the_release);
	tcase_add_test(t, release_table_is_the_data_file);
	tcase_add_test(t, sglang_table_is_the_data_file);
	tcase_add_test(t, emitted_flags_exist_at_each_release);
	tcase_add_test(t, llama_flags_by_release);
	tcase_add_test(t, round_trip_vllm);
	tcase_add_test(t, round_trip_vllm_api);
	tcase_add_test(t, round_trip_vllm_every_release);
	tcase_add_test(t, round_trip_llama_server);
	tcase_add_test(t, round_trip_llama_cli);
	tcase_add_test(t, round_trip_sglang);
	tcase_add_test(t, round_trip_sglang_every_release);
	tcase_add_test(t, sglang_emitted_flags_exist_at_each_release);
	tcase_add_test(t, round_trip_trtllm);
	tcase_add_test(t, osc52_base64);
	suite_add_tcase(s, t);
	return s;
}

KVP_CHECK_MAIN(make_suite)
