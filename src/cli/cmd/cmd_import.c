/*
 * cmd_import.c - `kvplan import PATH [--format json|text] [--output FILE]`:
 * a Hugging Face config.json (or a folder holding one) turned into a
 * kvplan model preset (JSON, through the plan-file writer) or a per-layer
 * summary. The importer's assumptions go to stderr as warnings.
 *
 * Every figure in the text summary is a field of struct kvp_result from
 * kvp_compute on the default scenario with the imported model; this file
 * only formats them. Output is built whole before anything is written:
 * bad input gives exit status 2, one line on stderr and nothing on stdout;
 * --output writes atomically (io/file.h), never a partial file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd/cmd_import.h"
#include "cli/suggest.h"
#include "io/file.h"
#include "io/plan/plan_json.h"
#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/layers.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/units.h"

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: kvplan import PATH [--format json|text] [--output FILE]\n"
	        "                          [--assume-layout]\n"
	        "  PATH      a GGUF file, a folder with config.json and\n"
	        "            *.safetensors, a Hugging Face config.json (or a\n"
	        "            folder holding one), or ORG/NAME[@REVISION] from\n"
	        "            the local Hugging Face cache (never downloaded)\n"
	        "  --format  json: the model as a kvplan model preset (default)\n"
	        "            text: per-layer summary (kind, KV heads, K/V dims,\n"
	        "            window, bytes per position)\n"
	        "  --output  write to FILE (atomically) instead of stdout\n"
	        "  --assume-layout  import a config whose model_type or layout\n"
	        "            keys kvplan does not read (otherwise refused, exit\n"
	        "            2), with the layout it does read; the model records\n"
	        "            the key (model.layout_assumed) and every output\n"
	        "            that uses it warns (KVP-W16)\n");
}

/* A growing text buffer; the caller frees .s. */
struct buf {
	char *s;
	size_t len, cap;
	bool oom;
};

static void bput(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void bput(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	for (;;) {
		size_t room = b->cap - b->len;
		va_start(ap, fmt);
		n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if (b->s && (size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		{
			size_t ncap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
			char *ns = realloc(b->s, ncap);
			if (!ns) {
				b->oom = true;
				return;
			}
			b->s = ns;
			b->cap = ncap;
		}
	}
}

static bool same_row(const struct kvp_layer_result *a,
                     const struct kvp_layer_result *b)
{
	return a->spec.kind == b->spec.kind &&
	       a->spec.kv_heads == b->spec.kv_heads &&
	       a->spec.k_dim == b->spec.k_dim && a->spec.v_dim == b->spec.v_dim &&
	       a->spec.window == b->spec.window &&
	       a->spec.shared_with == b->spec.shared_with &&
	       a->spec.state_bytes == b->spec.state_bytes &&
	       a->spec.ratio == b->spec.ratio &&
	       a->bytes_per_position == b->bytes_per_position;
}

static void row(struct buf *b, uint32_t first, uint32_t last,
                const struct kvp_layer_result *l)
{
	char range[24], win[24], bpp[32], extra[112];
	const struct kvp_layer_spec *s = &l->spec;

	if (first == last)
		snprintf(range, sizeof range, "%u", first);
	else
		snprintf(range, sizeof range, "%u-%u", first, last);
	if (s->kind == KVP_LAYER_SLIDING || s->kind == KVP_LAYER_CHUNKED ||
	    s->kind == KVP_LAYER_COMPRESSED)
		kvp_fmt_int(s->window, win, sizeof win);
	else
		snprintf(win, sizeof win, "-");
	kvp_fmt_int(l->bytes_per_position, bpp, sizeof bpp);
	extra[0] = '\0';
	if (s->kind == KVP_LAYER_NONE) {
		char st[32];
		kvp_fmt_int(s->state_bytes, st, sizeof st);
		snprintf(extra, sizeof extra, "  state %s B/seq", st);
		if (l->conv_bytes || l->ssm_bytes) {
			char cv[32], sm[32];
			size_t n = strlen(extra);
			snprintf(extra + n, sizeof extra - n, " (conv %s + ssm %s)",
			         kvp_fmt_int(l->conv_bytes, cv, sizeof cv),
			         kvp_fmt_int(l->ssm_bytes, sm, sizeof sm));
		}
	} else if (s->kind == KVP_LAYER_SHARED) {
		snprintf(extra, sizeof extra, "  uses layer %u", s->shared_with);
	} else if (s->kind == KVP_LAYER_COMPRESSED && s->ratio) {
		char st[32];
		snprintf(extra, sizeof extra, "  + 1 K row per %u positions%s, "
		         "state %s B/seq", s->ratio, l->index_row_bytes ?
		         " with its indexer key" : "",
		         kvp_fmt_int(s->state_bytes, st, sizeof st));
	}
	if (s->kind == KVP_LAYER_NONE || s->kind == KVP_LAYER_SHARED ||
	    s->kind == KVP_LAYER_FFN)
		bput(b, "%-9s %-8s %8s %6s %6s %8s %12s%s\n", range,
		     kvp_layer_kind_name(s->kind), "-", "-", "-", win, bpp, extra);
	else
		bput(b, "%-9s %-8s %8u %6u %6u %8s %12s%s\n", range,
		     kvp_layer_kind_name(s->kind), s->kv_heads, s->k_dim,
		     s->v_dim, win, bpp, extra);
}

/* The summary's head: the model, its cache formats, parameters and
 * weights, and the tensors by group when they come from files. */
static void summary_head(const struct kvp_model *m, const struct kvp_result *res,
                         struct buf *b)
{
	char n1[32], n2[32], n3[48];
	int g;

	bput(b, "model      %s%s%s\n", m->id, m->model_type[0] ? "  type " : "",
	     m->model_type);
	bput(b, "layers     %u  query heads %u  KV heads (trained) %u%s\n",
	     m->n_layers, m->q_heads, m->trained_kv_heads,
	     m->kv_heads_assumed ? " (assumed: MHA)" : "");
	if (m->loops > 1)
		bput(b, "loops      %u passes over %u layers of weights, a cache "
		        "per layer and pass\n", m->loops, kvp_weight_layers(m));
	bput(b, "cache      K %s, V %s%s\n", kvp_dtype_name(res->kv.k_fmt.dtype),
	     kvp_dtype_name(res->kv.v_fmt.dtype),
	     m->kv_fmt_defaulted ? " (the compute dtype)" : "");
	if (m->mla.kv_lora_rank)
		bput(b, "MLA        latent layout shown (kv_lora_rank %u + rope "
		        "%u); engines without MLA store the decompressed one\n",
		     m->mla.kv_lora_rank, m->mla.qk_rope_head_dim);
	bput(b, "params     %s (active per token %s), weights %s (%s, %s)\n",
	     kvp_fmt_int(res->weights.params, n1, sizeof n1),
	     kvp_fmt_int(res->weights.active_params, n2, sizeof n2),
	     kvp_fmt_bytes_all(res->weights.bytes, n3, sizeof n3),
	     kvp_wdtype_name(m->weights.dtype),
	     kvp_wsource_name(res->weights.source));
	if (res->weights.source == KVP_WSRC_ESTIMATE)
		return;
	bput(b, "tensors    %llu in %u file%s:",
	     (unsigned long long)m->tensors.count, m->tensors.files,
	     m->tensors.files == 1 ? "" : "s");
	for (g = 0; g < KVP_TG_COUNT; g++)
		if (res->weights.group_bytes[g])
			bput(b, " %s %s", kvp_tgroup_name((enum kvp_tgroup)g),
			     kvp_fmt_int(res->weights.group_bytes[g], n1, sizeof n1));
	bput(b, " (bytes)\n");
}

/* The layer table: one row per run of alike layers. */
static void layer_rows(const struct kvp_result *res, struct buf *b)
{
	uint32_t i, start = 0;

	bput(b, "\n%-9s %-8s %8s %6s %6s %8s %12s\n", "layers", "kind",
	     "KV heads", "K dim", "V dim", "window", "B/position");
	for (i = 1; i <= res->n_layers; i++) {
		if (i < res->n_layers &&
		    same_row(kvp_layer_rec(res, i), kvp_layer_rec(res, start)))
			continue;
		row(b, start, i - 1, kvp_layer_rec(res, start));
		start = i;
	}
}

static int text_summary(const struct kvp_model *m, struct buf *b,
                        const char *path)
{
	struct kvp_plan *p = malloc(sizeof *p);
	struct kvp_result *res = malloc(sizeof *res);
	char n1[32];
	int rc = 0;

	if (!p || !res) {
		fprintf(stderr, "kvplan import: out of memory\n");
		free(p);
		free(res);
		return 2;
	}
	kvp_plan_default(p);
	p->model = *m;
	/* one sequence: the rows' state figures are per sequence (B/seq) */
	p->workload.n_classes = 1;
	p->workload.classes[0].requests = 1;
	p->workload.classes[0].samples = 1;
	p->workload.queued = 0;
	if (kvp_compute(p, res) != KVP_OK) {
		fprintf(stderr, "kvplan import: %s: %s\n", path, res->error.msg);
		rc = 2;
		goto out;
	}
	summary_head(m, res, b);
	layer_rows(res, b);
	bput(b, "\nbytes per position, all layers: %s\n",
	     kvp_fmt_int(res->kv.bytes_per_position, n1, sizeof n1));
	if (m->mla.kv_lora_rank) {
		/* the same model stored decompressed, as engines without MLA
		 * (transformers) keep it: K nope+rope and V per query head */
		p->strategy.mla = KVP_MLA_DECOMPRESSED;
		if (kvp_compute(p, res) != KVP_OK) {
			fprintf(stderr, "kvplan import: %s: %s\n", path, res->error.msg);
			rc = 2;
			goto out;
		}
		bput(b, "bytes per position, decompressed MLA: %s\n",
		     kvp_fmt_int(res->kv.bytes_per_position, n1, sizeof n1));
	}
out:
	free(p);
	free(res);
	return rc;
}

/* "--X: unknown option", with the nearest of import's own options when
 * X is a typo of one (cli/suggest.h). */
static void unknown_option(const char *s)
{
	static const char *const own[] = { "--format", "--output",
		"--assume-layout", "--help" };
	struct kvp_suggest sg;
	size_t k;

	kvp_suggest_init(&sg, s);
	for (k = 0; k < sizeof own / sizeof own[0]; k++)
		kvp_suggest_offer(&sg, own[k]);
	if (kvp_suggest_best(&sg))
		fprintf(stderr, "kvplan import: %s: unknown option (did you mean "
		        "%s? try kvplan import --help)\n", s,
		        kvp_suggest_best(&sg));
	else
		fprintf(stderr, "kvplan import: %s: unknown option (try kvplan "
		        "import --help)\n", s);
}

/* import's command line. */
struct import_args {
	const char *path, *format, *output;
	unsigned flags;   /* KVP_IMPORT_* */
};

#define IMPORT_GO (-1)

/* Read argv into *ia: IMPORT_GO, or the exit status (--help: 0; bad
 * input: 2, its line written). */
static int import_args(int argc, char **argv, struct import_args *ia)
{
	int a;

	for (a = 1; a < argc; a++) {
		const char *s = argv[a];
		if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(s, "--format") || !strcmp(s, "--output")) {
			if (a + 1 >= argc) {
				fprintf(stderr, "kvplan import: %s: missing value\n", s);
				return 2;
			}
			if (!strcmp(s, "--format"))
				ia->format = argv[++a];
			else
				ia->output = argv[++a];
		} else if (!strcmp(s, "--assume-layout")) {
			ia->flags |= KVP_IMPORT_ASSUME_LAYOUT;
		} else if (!strncmp(s, "--format=", 9)) {
			ia->format = s + 9;
		} else if (!strncmp(s, "--output=", 9)) {
			ia->output = s + 9;
		} else if (s[0] == '-' && s[1]) {
			unknown_option(s);
			return 2;
		} else if (ia->path) {
			fprintf(stderr, "kvplan import: %s: one PATH only (already "
			        "have %s)\n", s, ia->path);
			return 2;
		} else {
			ia->path = s;
		}
	}
	return IMPORT_GO;
}

/* The arguments checked once all are read: IMPORT_GO or 2. */
static int import_check(const struct import_args *ia)
{
	if (!ia->path) {
		fprintf(stderr, "kvplan import: PATH: missing - give a GGUF "
		        "file, a model folder, a config.json or ORG/NAME\n");
		return 2;
	}
	if (strcmp(ia->format, "json") && strcmp(ia->format, "text")) {
		fprintf(stderr, "kvplan import: --format: '%s' - expected json "
		        "or text\n", ia->format);
		return 2;
	}
	if (ia->output && !*ia->output) {
		fprintf(stderr, "kvplan import: --output: empty file name\n");
		return 2;
	}
	return IMPORT_GO;
}

/* The model at path: ORG/NAME from the local Hugging Face cache, a GGUF
 * file or a folder with safetensors, else a config.json. */
static enum kvp_status import_model(const char *path, unsigned flags,
                                    struct kvp_model *m, struct kvp_notes *notes,
                                    struct kvp_error *err)
{
	if (kvp_is_hf_id(path) && access(path, F_OK) != 0)
		return kvp_hf_cache_import(path, m, notes, err);
	if (kvp_is_gguf_file(path) || kvp_dir_has_safetensors(path))
		return kvp_model_path_import(path, m, notes, err);
	return kvp_hf_import_path_opts(path, flags, m, notes, err);
}

/* The model preset (JSON, through the plan-file writer) into b: 0 or 2. */
static int json_preset(const struct kvp_model *m, const char *path, struct buf *b)
{
	struct kvp_error err;
	char *js = kvp_model_json_dump(m, &err);

	if (!js) {
		fprintf(stderr, "kvplan import: %s: %s\n", path, err.msg);
		return 2;
	}
	bput(b, "%s", js);
	if (b->len && b->s[b->len - 1] != '\n')
		bput(b, "\n");
	free(js);
	return 0;
}

/* The importer's notes as warnings, then b to --output (atomically) or
 * stdout: 0 or 2. */
static int import_write(const struct import_args *ia, const struct kvp_notes *notes,
                        const struct buf *b)
{
	struct kvp_error err;
	unsigned i;

	for (i = 0; i < notes->n; i++)
		fprintf(stderr, "kvplan import: warning: %s: %s\n", ia->path,
		        notes->line[i]);
	if (ia->output) {
		if (kvp_file_write_atomic(ia->output, b->s, b->len, NULL, NULL,
		                          &err) != KVP_OK) {
			fprintf(stderr, "kvplan import: %s\n", err.msg);
			return 2;
		}
		return 0;
	}
	fwrite(b->s, 1, b->len, stdout);
	return fflush(stdout) != 0 ? 2 : 0;
}

int kvp_cmd_import(int argc, char **argv)
{
	struct import_args ia = { NULL, "json", NULL, 0 };
	struct kvp_model m;
	struct kvp_notes notes;
	struct kvp_error err;
	struct buf b = { NULL, 0, 0, false };
	int rc;

	if ((rc = import_args(argc, argv, &ia)) != IMPORT_GO ||
	    (rc = import_check(&ia)) != IMPORT_GO)
		return rc;
	if (import_model(ia.path, ia.flags, &m, &notes, &err) != KVP_OK) {
		fprintf(stderr, "kvplan import: %s\n", err.msg);
		return 2;
	}
	if (!strcmp(ia.format, "json"))
		rc = json_preset(&m, ia.path, &b);
	else
		rc = text_summary(&m, &b, ia.path);
	if (rc == 0 && b.oom) {
		fprintf(stderr, "kvplan import: out of memory\n");
		rc = 2;
	}
	if (rc == 0)
		rc = import_write(&ia, &notes, &b);
	free(b.s);
	return rc;
}
