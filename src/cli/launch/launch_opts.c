/*
 * launch_opts.c - the launch options on a kvplan command line (launch.h):
 * `-- PROGRAM ...`, `--launch FILE`, `--env NAME=VALUE` and `--emit
 * ENGINE` are taken out, and the command's flags put in front of the
 * user's own, so opts.c parses one ordinary command line.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"
#include "io/file.h"

/* A word that starts a launch command after "--": anything but a plan
 * file (NAME.json), so a command kvplan does not read is refused by name
 * rather than taken for plan files. */
static bool starts_launch(const char *w)
{
	size_t n = strlen(w);

	return n < 5 || strcmp(w + n - 5, ".json") != 0;
}

/* "--opt V" or "--opt=V" at argv[*i]: its value, or NULL. */
static const char *opt_value(int argc, char **argv, int *i, const char *opt,
                             bool *missing)
{
	size_t n = strlen(opt);

	*missing = false;
	if (strncmp(argv[*i], opt, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

struct prep {
	struct kvp_strv words, kept;
	const char *file;
	bool user_model, launch;
};

static enum kvp_status scan(struct prep *p, struct kvp_launch *l, int argc,
                            char **argv, struct kvp_error *err)
{
	int i, k;
	bool miss;
	const char *v;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--") && i + 1 < argc && starts_launch(argv[i + 1])) {
			for (k = i + 1; k < argc; k++)
				if (!kvp_strv_push(&p->words, argv[k], strlen(argv[k])))
					return kvp_error_set(err, KVP_ENOMEM, "out of memory");
			p->launch = true;
			break;
		}
		if ((v = opt_value(argc, argv, &i, "--emit", &miss)) != NULL) {
			snprintf(l->emit, sizeof l->emit, "%s", v);
			continue;
		}
		if (miss)
			return kvp_error_set(err, KVP_EINVAL, "%s: missing value", argv[i]);
		if ((v = opt_value(argc, argv, &i, "--launch", &miss)) != NULL) {
			p->file = v;
			continue;
		}
		if (miss)
			return kvp_error_set(err, KVP_EINVAL, "%s: missing value", argv[i]);
		if ((v = opt_value(argc, argv, &i, "--env", &miss)) != NULL) {
			size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");

			if (n == 0 || v[n] != '=')
				return kvp_error_set(err, KVP_EINVAL, "--env: '%s' - "
					"expected NAME=VALUE", v);
			if (!kvp_strv_push(&p->words, v, strlen(v)))
				return kvp_error_set(err, KVP_ENOMEM, "out of memory");
			continue;
		}
		if (miss)
			return kvp_error_set(err, KVP_EINVAL, "%s: missing value", argv[i]);
		if (!strcmp(argv[i], "--model") || !strncmp(argv[i], "--model=", 8))
			p->user_model = true;
		if (!kvp_strv_push(&p->kept, argv[i], strlen(argv[i])))
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	}
	return KVP_OK;
}

/* The user's --engine must be the command's engine (a release may be
 * named: vllm@0.19.0). */
static enum kvp_status same_engine(const struct kvp_strv *kept,
                                   const struct kvp_launch_engine *e,
                                   struct kvp_error *err)
{
	size_t i;

	for (i = 0; i < kept->n; i++) {
		const char *v = NULL, *at;
		char name[32];
		enum kvp_engine_kind k;
		struct kvp_error e2;

		if (!strcmp(kept->v[i], "--engine") && i + 1 < kept->n)
			v = kept->v[i + 1];
		else if (!strncmp(kept->v[i], "--engine=", 9))
			v = kept->v[i] + 9;
		if (!v)
			continue;
		at = strchr(v, '@');
		snprintf(name, sizeof name, "%.*s", at ? (int)(at - v) : (int)strlen(v), v);
		if (kvp_engine_parse(name, &k, &e2) == KVP_OK && k != e->kind)
			return kvp_error_set(err, KVP_EINVAL, "--engine: '%s' - the "
				"launch command is %s's (%s)", v,
				kvp_engine_name(e->kind), e->program);
	}
	return KVP_OK;
}

/* A user flag that loads a whole part of the plan (the model, the card,
 * the workload, the engine and its release): it goes before the
 * command's flags, which would otherwise be undone by it (--model resets
 * the cache format an SGLang --kv-cache-dtype set). */
static bool loads_whole(const char *a)
{
	static const char *const whole[] = { "--model", "--card", "--workload",
		"--engine", "--engine-version", NULL };
	size_t i, n;

	for (i = 0; whole[i]; i++) {
		n = strlen(whole[i]);
		if (!strncmp(a, whole[i], n) && (a[n] == '\0' || a[n] == '='))
			return true;
	}
	return false;
}

static bool push_all(struct kvp_strv *to, char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!kvp_strv_push(to, v[i], strlen(v[i])))
			return false;
	return true;
}

/* The user's flags: the whole-part ones (with their values) before the
 * command's flags, which start at `at`; the others after, so they win. */
static enum kvp_status keep_user_flags(struct prep *p, struct kvp_launch *l,
                                       size_t at, struct kvp_error *err)
{
	struct kvp_strv front = { 0 }, back = { 0 }, all = { 0 };
	size_t i;
	bool ok = true;

	for (i = 0; i < p->kept.n && ok; i++) {
		bool w = loads_whole(p->kept.v[i]);
		struct kvp_strv *to = w ? &front : &back;

		ok = push_all(to, p->kept.v + i, 1);
		if (ok && w && !strchr(p->kept.v[i], '=') && i + 1 < p->kept.n)
			ok = push_all(to, p->kept.v + ++i, 1);
	}
	ok = ok && push_all(&all, l->argv.v, at) && push_all(&all, front.v, front.n) &&
	     push_all(&all, l->argv.v + at, l->argv.n - at) &&
	     push_all(&all, back.v, back.n);
	kvp_strv_free(&front);
	kvp_strv_free(&back);
	kvp_strv_free(&l->argv);
	l->argv = all;
	return ok ? KVP_OK : kvp_error_set(err, KVP_ENOMEM, "out of memory");
}

/* The environment kvplan runs in is the engine's too: the variables
 * that change memory are read from it first (an --env or a NAME=VALUE
 * word of the command, later, wins), each named in a note. */
static enum kvp_status own_environment(struct kvp_strv *words,
                                       struct kvp_notes *notes,
                                       struct kvp_error *err)
{
	static const char *const names[] = { "CUDA_VISIBLE_DEVICES",
		"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "VLLM_USE_V1", NULL };
	struct kvp_strv env = { 0 };
	char w[512];
	size_t i;
	bool ok = true;

	for (i = 0; names[i] && ok; i++) {
		const char *v = getenv(names[i]);

		if (!v)
			continue;
		snprintf(w, sizeof w, "%s=%s", names[i], v);
		ok = kvp_strv_push(&env, w, strlen(w));
		if (notes->n < KVP_MAX_NOTES)
			snprintf(notes->line[notes->n++], sizeof notes->line[0],
			         "environment: %.100s (kvplan's own, which the engine "
			         "would inherit)", w);
	}
	for (i = 0; i < words->n && ok; i++)
		ok = kvp_strv_push(&env, words->v[i], strlen(words->v[i]));
	kvp_strv_free(words);
	*words = env;
	return ok ? KVP_OK : kvp_error_set(err, KVP_ENOMEM, "out of memory");
}

/* The release named on kvplan's line (--engine E@R, --engine-version R);
 * NULL: none. */
static const char *named_release(const struct kvp_strv *kept)
{
	const char *r = NULL, *a;
	size_t i;

	for (i = 0; i < kept->n; i++) {
		a = kept->v[i];
		if (!strncmp(a, "--engine=", 9) || (!strcmp(a, "--engine") &&
		    i + 1 < kept->n)) {
			a = a[8] == '=' ? a + 9 : kept->v[++i];
			if (strchr(a, '@'))
				r = strchr(a, '@') + 1;
		} else if (!strncmp(a, "--engine-version=", 17)) {
			r = a + 17;
		} else if (!strcmp(a, "--engine-version") && i + 1 < kept->n) {
			r = kept->v[++i];
		}
	}
	return r && *r ? r : NULL;
}

/* A named release's rules are computed; the command's flags are read at
 * that release when kvplan holds its flag list (llama.cpp v0.4.0,
 * v0.5.0), else by the engine's one table, which the note names. */
static void release_note(const char *r, const struct kvp_launch_engine *e,
                         struct kvp_notes *notes)
{
	const char *label;

	if (e->llama && kvp_launch_llama_release(r, &label)) {
		if (notes->n < KVP_MAX_NOTES)
			snprintf(notes->line[notes->n++], sizeof notes->line[0],
			         "release %.24s: the command's flags are read as "
			         "llama.cpp %.40s has them", r, label);
		return;
	}
	if (r && notes->n < KVP_MAX_NOTES)
		snprintf(notes->line[notes->n++], sizeof notes->line[0],
		         "release %.24s: its rules are computed; the command's flags "
		         "are read as %.40s spells them (kvplan's one table; the "
		         "release ranges known checked)", r,
		         e->release);
}

static enum kvp_status build(struct prep *p, struct kvp_launch *l,
                             const char *argv0, struct kvp_error *err)
{
	const struct kvp_launch_engine *e = NULL;
	enum kvp_status st;
	size_t at;

	if (p->file) {
		char *text = NULL;
		size_t len = 0;

		if (p->launch)
			return kvp_error_set(err, KVP_EINVAL, "--launch: '%s' - and "
				"a command after --: give one of them", p->file);
		if ((st = kvp_file_read(p->file, 1u << 20, &text, &len, NULL,
		                        err)) != KVP_OK)
			return st;
		st = kvp_launch_words(text, len, &p->words, err);
		free(text);
		if (st != KVP_OK)
			return st;
	} else if (!p->launch && p->words.n) {
		return kvp_error_set(err, KVP_EINVAL, "--env: '%s' - given without "
			"a launch command (-- PROGRAM ... or --launch FILE)",
			p->words.v[0]);
	}
	if (!kvp_strv_push(&l->argv, argv0, strlen(argv0)))
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	at = l->argv.n;
	if ((p->launch || p->file) &&
	    (st = own_environment(&p->words, &l->notes, err)) != KVP_OK)
		return st;
	l->command_model = (p->launch || p->file) && !p->user_model;
	if ((p->launch || p->file) &&
	    ((st = kvp_launch_translate_at(p->words.v, p->words.n,
	                                   named_release(&p->kept), p->user_model,
	                                   &l->argv, &l->notes, &e, err)) != KVP_OK ||
	     (st = same_engine(&p->kept, e, err)) != KVP_OK))
		return st;
	if (e)
		release_note(named_release(&p->kept), e, &l->notes);
	return keep_user_flags(p, l, at, err);
}

enum kvp_status kvp_launch_prepare(int argc, char **argv,
                                   struct kvp_launch **out,
                                   struct kvp_error *err)
{
	struct prep p;
	struct kvp_launch *l = calloc(1, sizeof *l);
	enum kvp_status st;

	*out = NULL;
	memset(&p, 0, sizeof p);
	if (!l)
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	st = scan(&p, l, argc, argv, err);
	if (st == KVP_OK && (p.launch || p.file || p.words.n || l->emit[0]))
		st = build(&p, l, argc > 0 ? argv[0] : "kvplan", err);
	if (st == KVP_OK && l->argv.n)
		*out = l;
	else
		kvp_launch_free(l);
	kvp_strv_free(&p.words);
	kvp_strv_free(&p.kept);
	return st;
}

void kvp_launch_free(struct kvp_launch *l)
{
	if (!l)
		return;
	kvp_strv_free(&l->argv);
	free(l);
}

void kvp_launch_help(FILE *out, bool emit)
{
	fprintf(out, "\nlaunch commands:\n  %-34s %s\n  %-34s %s\n  %-34s %s\n",
	        "-- PROGRAM ARGS...", "an engine's launch command, read into the "
	        "plan: vllm serve, python -m vllm.entrypoints.openai.api_server, "
	        "llama-server, llama-cli, python -m sglang.launch_server, sglang "
	        "serve, trtllm-serve (NAME=VALUE words before it are its "
	        "environment)",
	        "--launch FILE", "the same command from a file: a JSON list of "
	        "strings or a shell-quoted line",
	        "--env NAME=VALUE", "an environment variable of the command, "
	        "repeatable (CUDA_VISIBLE_DEVICES sets the card count)");
	if (emit)
		fprintf(out, "  %-34s %s\n", "--emit ENGINE", "print the command "
		        "that runs the plan instead of the figures: vllm, "
		        "vllm-api-server, llama-server, llama-cli, sglang or "
		        "trtllm-serve (the plan's engine)");
}

void kvp_launch_notes(const struct kvp_launch *l, struct kvp_notes *notes)
{
	size_t i;

	for (i = 0; l && i < l->notes.n && notes->n < KVP_MAX_NOTES; i++)
		memcpy(notes->line[notes->n++], l->notes.line[i],
		       sizeof notes->line[0]);
}

void kvp_launch_model_hint(struct kvp_error *err)
{
	char msg[KVP_ERRMSG_MAX];

	snprintf(msg, sizeof msg, "%s", err->msg);
	kvp_error_set(err, err->status, "the launch command's model: %.*s "
		"(kvplan's own --model puts a preset, a config.json or a GGUF "
		"file in its place)", (int)sizeof msg - 120, msg + 9);
}
