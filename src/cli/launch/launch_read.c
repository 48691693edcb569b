/*
 * launch_read.c - an engine's launch command into kvplan flags (launch.h).
 * Which program it is, then each flag by its engine table: modelled flags
 * become kvplan's, the others are noted or refused. No value is converted
 * here beyond the word maps of launch_tab.h.
 *
 * The folder src/cli/launch/ reads and writes the engines' own launch
 * commands: one table of flags per engine (launch_vllm.c, launch_sglang.c,
 * launch_llama.c, launch_trtllm.c with launch_yaml.c for its YAML), the
 * releases each flag exists in (launch_range.c, launch_llama_known.c),
 * the launch options of a kvplan command line (launch_opts.c), the word maps
 * (launch_tab.h, launch_words.c), this reader, the writer (launch_emit.c)
 * and solve's answers as commands (launch_solve.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"

static bool push(struct kvp_strv *s, const char *w)
{
	return kvp_strv_push(s, w, strlen(w));
}

static void note(struct kvp_notes *n, const char *fmt, const char *a,
                 const char *b)
{
	if (n->n < KVP_MAX_NOTES)
		snprintf(n->line[n->n++], sizeof n->line[0], fmt, a, b);
}

/* NAME=VALUE: an environment word before the program. */
static bool env_shaped_word(const char *w)
{
	size_t n = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

	return n > 0 && w[n] == '=' && !(w[0] >= '0' && w[0] <= '9');
}

/* The program the words start with; *used: words it took. */
static const struct kvp_launch_engine *program(char *const *w, size_t n,
                                               size_t *used,
                                               struct kvp_error *err)
{
	const char *b = w[0], *s;
	char name[64];
	size_t len;

	for (s = w[0]; *s; s++)   /* the file name, / or \\ paths */
		if (*s == '/' || *s == '\\')
			b = s + 1;
	len = strlen(b);
	if (len > 4 && !strcmp(b + len - 4, ".exe"))   /* llama-server.exe */
		len -= 4;
	snprintf(name, sizeof name, "%.*s", (int)len, b);
	b = name;
	*used = 1;
	if (!strcmp(b, "llama-server"))
		return &kvp_launch_llama_server;
	if (!strcmp(b, "llama-cli"))
		return &kvp_launch_llama_cli;
	*used = 2;
	if (!strcmp(b, "vllm") && n > 1 && !strcmp(w[1], "serve"))
		return &kvp_launch_vllm;
	if (!strcmp(b, "sglang") && n > 1 && !strcmp(w[1], "serve"))
		return &kvp_launch_sglang;
	*used = 3;
	if (!strncmp(b, "python", 6) && n > 2 && !strcmp(w[1], "-m")) {
		if (!strcmp(w[2], "vllm.entrypoints.openai.api_server"))
			return &kvp_launch_vllm_api;
		if (!strcmp(w[2], "sglang.launch_server"))
			return &kvp_launch_sglang;
	}
	*used = 1;
	if (!strcmp(b, "trtllm-serve"))
		return &kvp_launch_trtllm;
	kvp_error_set(err, KVP_EINVAL, "'%s': not a launch command kvplan "
		"reads (vllm serve, python -m vllm.entrypoints.openai."
		"api_server, llama-server, llama-cli, python -m "
		"sglang.launch_server, sglang serve, trtllm-serve)", w[0]);
	return NULL;
}

bool kvp_launch_is_command(char *const *w, size_t n)
{
	struct kvp_error err;
	size_t start = 0, used;

	while (start < n && env_shaped_word(w[start]))
		start++;
	return start < n && program(w + start, n - start, &used, &err) != NULL;
}

/* The row a spelling names; *neg: the --no-X form of a negatable row. */
static const struct kvp_launch_flag *row_of(const struct kvp_launch_engine *e,
                                            const char *name, bool *neg)
{
	size_t i, k;

	*neg = false;
	for (i = 0; i < e->n_flags; i++)
		for (k = 0; k < 4 && e->flags[i].names[k]; k++) {
			const char *s = e->flags[i].names[k];

			if (!strcmp(s, name))
				return &e->flags[i];
			if (e->flags[i].negatable && !strncmp(name, "--no-", 5) &&
			    s[0] == '-' && s[1] == '-' && !strcmp(s + 2, name + 5)) {
				*neg = true;
				return &e->flags[i];
			}
		}
	return NULL;
}

/* SGLang's argparse (allow_abbrev) takes a unique prefix of a long flag:
 * the row it names, or NULL with err set when it names more than one
 * (argparse's "ambiguous option"), or NULL when it names none. */
static const struct kvp_launch_flag *prefix_row(const struct kvp_launch_engine *e,
                                                const char *name,
                                                struct kvp_error *err)
{
	const struct kvp_launch_flag *got = NULL, *other = NULL;
	size_t i, k, w = strlen(name);

	if (e->kind != KVP_ENGINE_SGLANG || strncmp(name, "--", 2) || w < 3)
		return NULL;
	for (i = 0; i < e->n_flags; i++)
		for (k = 0; k < 4 && e->flags[i].names[k]; k++)
			if (!strncmp(e->flags[i].names[k], name, w)) {
				if (got && got != &e->flags[i])
					other = &e->flags[i];
				else
					got = &e->flags[i];
			}
	if (other) {
		kvp_error_set(err, KVP_EINVAL, "%s: error: ambiguous option: %s "
			"could match %s, %s", e->program, name, got->names[0],
			other->names[0]);
		return NULL;
	}
	return got;
}

/* A llama.cpp flag of the program in the releases of bits lc. */
static const struct kvp_launch_known *known_of(const struct kvp_launch_engine *e,
                                               unsigned lc, const char *name)
{
	size_t i;

	for (i = 0; e->llama && i < kvp_launch_llama_n_known; i++)
		if (!strcmp(kvp_launch_llama_known[i].name, name) &&
		    (kvp_launch_llama_known[i].rel & lc) &&
		    (e->llama_cli ? kvp_launch_llama_known[i].cli
		                  : kvp_launch_llama_known[i].server))
			return &kvp_launch_llama_known[i];
	return NULL;
}

bool kvp_launch_in_program(const struct kvp_launch_engine *e, const char *name)
{
	return !e->llama || known_of(e, KVP_LC_V050, name) != NULL;
}

/* The engine's own refusal of a word it does not take. */
static enum kvp_status unknown(const struct kvp_launch_engine *e,
                               const char *rel, const char *w,
                               struct kvp_error *err)
{
	if (e->kind == KVP_ENGINE_TRTLLM)   /* click */
		return kvp_error_set(err, KVP_EINVAL, "%s: Error: %s %s (as %s %s "
			"refuses it)", e->program, w[0] == '-' ? "No such option:" :
			"Got unexpected extra argument", w, e->program, rel);
	if (e->llama)
		return kvp_error_set(err, KVP_EINVAL, "%s: error: invalid "
			"argument: %s (as %s %s refuses it)", e->program, w,
			e->program, rel);
	return kvp_error_set(err, KVP_EINVAL, "%s: error: unrecognized "
		"arguments: %s (as %s %s refuses it)", e->program, w,
		e->emit_name, rel);
}

/* Word maps: the kvplan value of an engine value; NULL = set nothing;
 * "" = refused (err set). */
static const char *convert(const struct kvp_launch_flag *r, const char *flag,
                           const char *v, struct kvp_error *err)
{
	static const char *const vkv[] = { "auto", "fp8", "fp8_e4m3",
		"fp8_e5m2", "bfloat16", NULL };
	size_t i;

	switch (r->conv) {
	case LF_VLLM_KVDT:
		for (i = 0; vkv[i]; i++)
			if (!strcmp(v, vkv[i]))
				return v;
		break;
	case LF_VLLM_DTYPE:
		return strcmp(v, "auto") ? v : NULL;
	case LF_NGL:
		if (!strcmp(v, "all"))
			return "-1";
		if (!strcmp(v, "auto")) {
			kvp_error_set(err, KVP_EINVAL, "%s auto: llama.cpp fits "
				"the layers to the free memory when it starts; kvplan "
				"needs a count: give %s N or all", flag, flag);
			return "";
		}
		return v;
	case LF_CTXCP:
		return strcmp(v, "-1") ? v : "0";
	case LF_SGL_CHUNK:
		/* server_args.py: 'if self.chunked_prefill_size > 0' */
		return v[0] == '-' || strspn(v, "0") == strlen(v) ? "-1" : v;
	case LF_FA: {
		/* common/arg.cpp@de3ff815:1331 is_truthy, is_falsey, is_autoy */
		static const char *const w[][2] = { { "on", "on" },
			{ "enabled", "on" }, { "true", "on" }, { "1", "on" },
			{ "off", "off" }, { "disabled", "off" }, { "false", "off" },
			{ "0", "off" }, { "auto", "auto" }, { "-1", "auto" } };

		for (i = 0; i < sizeof w / sizeof w[0]; i++)
			if (!strcmp(v, w[i][0]))
				return w[i][1];
		kvp_error_set(err, KVP_EINVAL, "%s: error while handling argument "
			"\"%s\": unknown value for --flash-attn: '%s'", flag, flag, v);
		return "";
	}
	case LF_SGL_KVDT:
		if (!strcmp(v, "auto"))
			return NULL;
		if (!strcmp(v, "fp8_e4m3") || !strcmp(v, "fp8_e5m2"))
			return "fp8";
		if (!strcmp(v, "bf16") || !strcmp(v, "bfloat16"))
			return "bf16";
		break;
	default:
		return v;
	}
	kvp_error_set(err, KVP_EINVAL, "%s: '%s' - not a cache format kvplan "
		"models", flag, v);
	return "";
}

struct rd {
	const struct kvp_launch_engine *e;
	struct kvp_strv *out;
	struct kvp_notes *notes;
	bool user_model, have_model, np_given, ngl_given;
	unsigned lc;            /* llama.cpp: the KVP_LC_* bit read at */
	const char *rel;        /* the release read at, as messages name it */
	const char *release;    /* the release named on kvplan's line, or NULL */
	char unmodelled[1200];
};

static void list_unmodelled(struct rd *r, const char *name)
{
	size_t n = strlen(r->unmodelled), w = strlen(name);
	const char *s;

	for (s = r->unmodelled; (s = strstr(s, name)) != NULL; s += w)
		if ((s == r->unmodelled || s[-1] == ' ') &&
		    (s[w] == ',' || s[w] == '\0'))
			return;   /* listed once */
	snprintf(r->unmodelled + n, sizeof r->unmodelled - n, "%s%s",
	         n ? ", " : "", name);
}

/* One modelled value (or switch when v is NULL). */
static enum kvp_status apply(struct rd *r, const struct kvp_launch_flag *f,
                             const char *flag, const char *v, bool neg,
                             struct kvp_error *err)
{
	char kflag[96];

	if (f->conv == LF_QUANT) {
		if (!strcmp(v, "fp8") || !strcmp(v, "mxfp8"))
			return kvp_error_set(err, KVP_EINVAL, "%s %s: quantizes a "
				"16-bit checkpoint when loading; give kvplan's "
				"--serve-weights-dtype fp8", flag, v);
		note(r->notes, "%s %s: the weights' format is the checkpoint's "
		     "own, read from its config", flag, v);
		return KVP_OK;
	}
	if (f->conv == LF_VLLM_COMPILE) {
		if (strstr(v, "capture_size"))
			return kvp_error_set(err, KVP_EINVAL, "%s %s: not modelled "
				"by kvplan - vLLM's CUDA graph estimate counts the "
				"capture sizes and kvplan counts vLLM's default ones; "
				"give kvplan's --max-cudagraph-capture-size (the "
				"largest) when they are the default sizes up to it",
				flag, v);
		list_unmodelled(r, flag);
		return KVP_OK;
	}
	if (f->conv == LF_YAML)
		return kvp_launch_trtllm_yaml(v, r->out, r->unmodelled,
		                              sizeof r->unmodelled, err);
	if (f->conv == LF_TRT_BACKEND)
		return strcmp(v, "pytorch") ? kvp_error_set(err, KVP_EINVAL,
			"%s %s: not modelled by kvplan - it has the pytorch "
			"backend's rules only", flag, v) : KVP_OK;
	if (f->conv == LF_MODEL || f->conv == LF_HF) {
		if (r->user_model) {
			note(r->notes, "the command's model %s (%s): replaced by "
			     "kvplan's --model", v, flag);
			return KVP_OK;
		}
		if (f->conv == LF_HF && strchr(v, ':'))
			return kvp_error_set(err, KVP_EINVAL, "%s %s: kvplan does "
				"not fetch a quantization from the Hub; give the GGUF "
				"file with -m, or kvplan's --model", flag, v);
		r->have_model = true;
	}
	if (f->conv == LF_NP)
		r->np_given = strcmp(v, "-1") != 0;
	if (f->conv == LF_NGL && !strcmp(f->to, "n-gpu-layers"))
		r->ngl_given = true;
	if (f->conv == LF_NP && !r->np_given)
		return KVP_OK;   /* auto: the defaults added at the end */
	if (v && !(v = convert(f, flag, v, err)))
		return KVP_OK;
	if (v && !*v)
		return err->status;
	snprintf(kflag, sizeof kflag, "--%s%s", neg ? "no-" : "", f->to);
	if (!push(r->out, kflag) || (v && !push(r->out, v)))
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	return KVP_OK;
}

/* A flag (spelled `name`), or word v of its value, outside the release
 * named on kvplan's line (launch_range.c): refused as that release's
 * argparse refuses it, or, where the range's first release is only the
 * first one seen with it, as not known before it. */
static enum kvp_status in_release(const struct rd *r,
                                  const struct kvp_launch_flag *f,
                                  const char *name, const char *v,
                                  struct kvp_error *err)
{
	enum kvp_engine_kind kind = r->e->kind;
	const struct kvp_launch_range *g;

	if (v)
		g = f->conv == LF_VLLM_KVDT || f->conv == LF_SGL_KVDT ?
			kvp_launch_word_outside(kind, f->names[0], v, r->release) :
			NULL;
	else if (!(g = kvp_launch_outside(kind, f->names[0], r->release)))
		g = kvp_launch_outside(kind, name, r->release);
	if (!g)
		return KVP_OK;
	if (v)
		return kvp_error_set(err, KVP_EINVAL, "%s: error: argument %s: "
			"invalid choice: '%s' (%s %s: %s)", r->e->program, name, v,
			r->e->emit_name, r->release, g->source);
	if (strstr(g->source, "unknown before"))
		return kvp_error_set(err, KVP_EINVAL, "%s %s: not known in %s %s "
			"(%s); name a release from %s on", r->e->program, name,
			r->e->emit_name, r->release, g->source, g->first);
	return kvp_error_set(err, KVP_EINVAL, "%s: error: unrecognized "
		"arguments: %s (as %s %s refuses it: %s)", r->e->program,
		name, r->e->emit_name, r->release, g->source);
}

/* One word of the command at w[*i] (a flag and maybe its value). */
static enum kvp_status one_flag(struct rd *r, char *const *w, size_t n,
                                size_t *i, struct kvp_error *err)
{
	const char *a = w[*i], *eq = NULL, *v = NULL;
	char name[96];
	const struct kvp_launch_flag *f;
	const struct kvp_launch_known *k = NULL;
	enum kvp_status st;
	char *k2;
	bool neg, takes;

	if (!r->e->llama)   /* argparse: --x=V and -x=V; llama.cpp has no = */
		eq = strchr(a, '=');
	snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a) : (int)strlen(a), a);
	/* vLLM's FlexibleArgumentParser and llama.cpp's parser take
	 * --max_model_len as --max-model-len; SGLang's argparse and
	 * trtllm-serve's click do not */
	if ((r->e->kind == KVP_ENGINE_VLLM || r->e->llama) && name[1] == '-')
		for (k2 = name; *k2; k2++)
			if (*k2 == '_')
				*k2 = '-';
	err->status = KVP_OK;
	if (!(f = row_of(r->e, name, &neg)) && !(f = prefix_row(r->e, name, err)) &&
	    err->status != KVP_OK)
		return err->status;
	if (f && r->e->llama && !known_of(r->e, r->lc, name))
		f = NULL;   /* llama-server's only (-kvu): unknown to llama-cli */
	if (!f && !(k = known_of(r->e, r->lc, name)))
		return unknown(r->e, r->rel, name, err);
	if (f && (st = in_release(r, f, name, NULL, err)) != KVP_OK)
		return st;
	takes = f ? f->value : k->value;
	if (takes && f && f->many && !eq) {
		/* nargs: the words up to the next flag (no positional follows
		 * an SGLang flag: the model is --model-path) */
		while (*i + 1 < n && w[*i + 1][0] != '-')
			v = w[++*i];
	} else if (takes) {
		if (eq)
			v = eq + 1;
		else if (*i + 1 < n)
			v = w[++*i];
		else
			return kvp_error_set(err, KVP_EINVAL, "%s: error: argument "
				"%s: expected one argument", r->e->program, name);
	} else if (eq) {
		return kvp_error_set(err, KVP_EINVAL, "%s: error: argument %s: "
			"ignored explicit argument '%s'", r->e->program, name, eq + 1);
	}
	if (f && v && (st = in_release(r, f, name, v, err)) != KVP_OK)
		return st;
	if (f && f->refuse && !strncmp(f->refuse, "removed: ", 9))
		return kvp_error_set(err, KVP_EINVAL, "%s %s: error: the argument "
			"has been removed. %s (as %s %s refuses it)", r->e->program,
			name, f->refuse + 9, r->e->program, r->rel);
	if (f && f->refuse)
		return kvp_error_set(err, KVP_EINVAL, "%s %s: not modelled by "
			"kvplan - %s", r->e->program, name, f->refuse);
	if (!f || (!f->to && f->conv == LF_SAME)) {
		list_unmodelled(r, name);
		return KVP_OK;
	}
	return apply(r, f, name, v, neg, err);
}

/* NAME=VALUE before the program, or from --env. */
static enum kvp_status env_word(struct rd *r, const char *w,
                                struct kvp_error *err)
{
	static const char *const devs[] = { "CUDA_VISIBLE_DEVICES",
		"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", NULL };
	const char *eq = strchr(w, '=');
	char name[64], count[24];
	size_t i, ids = 0;
	const char *s;

	snprintf(name, sizeof name, "%.*s", (int)(eq - w), w);
	for (i = 0; devs[i]; i++)
		if (!strcmp(name, devs[i])) {
			for (s = eq + 1; *s; s++)
				if (*s != ',' && (s == eq + 1 || s[-1] == ','))
					ids++;
			if (ids == 0)
				return kvp_error_set(err, KVP_EINVAL, "%s: '%s' - no "
					"device to run on", name, eq + 1);
			snprintf(count, sizeof count, "%zu", ids);
			if (!push(r->out, "--cards") || !push(r->out, count))
				return kvp_error_set(err, KVP_ENOMEM, "out of memory");
			return KVP_OK;
		}
	if (!strncmp(name, "LLAMA_ARG_", 10))
		return kvp_error_set(err, KVP_EINVAL, "%s: llama.cpp reads it as "
			"a flag; give the flag in the command instead", name);
	/* vllm/envs.py: VLLM_USE_V1 is bool(int(...)); kvplan's
	 * engine.vllm.use_v1 (src/core/engines/vllm/vl_engine.c) */
	if (!strcmp(name, "VLLM_USE_V1")) {
		if (strcmp(eq + 1, "0") && strcmp(eq + 1, "1"))
			return kvp_error_set(err, KVP_EINVAL, "VLLM_USE_V1=%s: "
				"expected 0 or 1", eq + 1);
		if (!push(r->out, "--vllm-use-v1") ||
		    !push(r->out, eq[1] == '1' ? "on" : "off"))
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
		return KVP_OK;
	}
	list_unmodelled(r, name);
	return KVP_OK;
}



/* The flags kvplan does not model, as many note lines as they take. */
static void note_list(struct rd *r)
{
	const char *s = r->unmodelled;
	bool first = true;

	while (*s && r->notes->n < KVP_MAX_NOTES) {
		char *line = r->notes->line[r->notes->n++];
		size_t cap = sizeof r->notes->line[0], n;

		n = (size_t)snprintf(line, cap, first ? "%s: not modelled by "
			"kvplan (no memory figure kvplan shows depends on them): " :
			"%s, not modelled (continued): ", r->e->program);
		first = false;
		while (*s) {
			size_t w = strcspn(s, ",");

			if (n + w + 2 >= cap)
				break;
			memcpy(line + n, s, w);
			n += w;
			line[n] = '\0';
			s += w;
			if (*s == ',') {
				s += 2;   /* ", " */
				if (n + 2 < cap)
					memcpy(line + n, ", ", 3), n += 2;
			}
		}
		if (n >= 2 && !strcmp(line + n - 2, ", "))
			line[n - 2] = '\0';
	}
}

/* The words d[0..k) at `at`, before the command's own flags (which
 * therefore win over them). */
static enum kvp_status push_before(struct rd *r, size_t at,
                                   const char *const *d, size_t k,
                                   struct kvp_error *err)
{
	char *keep[4];
	size_t i;

	for (i = 0; i < k; i++)
		if (!push(r->out, d[i]))
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	memcpy(keep, r->out->v + r->out->n - k, k * sizeof *keep);
	memmove(r->out->v + at + k, r->out->v + at,
	        (r->out->n - k - at) * sizeof *r->out->v);
	memcpy(r->out->v + at, keep, k * sizeof *keep);
	return KVP_OK;
}

/* After the flags: the engine's defaults kvplan's differ from, the notes. */
static enum kvp_status finish(struct rd *r, size_t at, struct kvp_error *err)
{
	/* no -np, or -np -1 (arg.cpp@de3ff815:1400's default): auto, which
	 * the core makes the slots of the plan's build (lc_slots.c: 4 on a
	 * unified cache from PR #16736, whatever -no-kvu says from PR
	 * #17997) */
	static const char *const np_auto[] = { "--parallel", "auto" };
	/* the LLM API's KvCacheConfig.tokens_per_block is 32 (kvplan's
	 * default is the C++ runtime's 64); its YAML's tokens_per_block wins */
	static const char *const trt_block[] = { "--tokens-per-block", "32" };
	enum kvp_status st = KVP_OK;

	if (r->e == &kvp_launch_llama_server && !r->np_given)
		st = push_before(r, at, np_auto, 2, err);
	if (r->e == &kvp_launch_trtllm)
		st = push_before(r, at, trt_block, 2, err);
	if (st != KVP_OK)
		return st;
	if (r->e->llama && !r->ngl_given)
		note(r->notes, "%s without -ngl: llama.cpp %s fits the layers "
		     "to the free memory (-ngl auto); kvplan puts all of them on "
		     "the devices (-ngl all) and its verdict says if they fit",
		     r->e->program, r->rel);
	if (r->unmodelled[0])
		note_list(r);
	if (r->unmodelled[0] && r->release && r->e->kind == KVP_ENGINE_VLLM)
		note(r->notes, "%s %s: whether that release has the flags not "
		     "modelled is not checked (kvplan holds the releases of the "
		     "flags it reads into the plan or writes)", r->e->emit_name,
		     r->release);
	return KVP_OK;
}

enum kvp_status kvp_launch_translate(char *const *w, size_t n,
                                     bool user_model, struct kvp_strv *out,
                                     struct kvp_notes *notes,
                                     const struct kvp_launch_engine **eng,
                                     struct kvp_error *err)
{
	return kvp_launch_translate_at(w, n, NULL, user_model, out, notes, eng,
	                               err);
}

enum kvp_status kvp_launch_translate_at(char *const *w, size_t n,
                                        const char *release, bool user_model,
                                        struct kvp_strv *out,
                                        struct kvp_notes *notes,
                                        const struct kvp_launch_engine **eng,
                                        struct kvp_error *err)
{
	struct rd r;
	const struct kvp_launch_range *g;
	size_t i, start = 0, used, at;
	bool seen_pos = false;
	enum kvp_status st;

	memset(&r, 0, sizeof r);
	r.out = out;
	r.notes = notes;
	r.user_model = user_model;
	while (start < n && env_shaped_word(w[start]))
		start++;
	if (start == n)
		return kvp_error_set(err, KVP_EINVAL, "the launch command: no "
			"program after the environment words");
	if (!(r.e = program(w + start, n - start, &used, err)))
		return err->status;
	*eng = r.e;
	r.lc = KVP_LC_V050;
	r.rel = r.e->release;
	r.release = release;
	if (r.e->llama && kvp_launch_llama_release(release, &r.rel))
		r.lc = kvp_launch_llama_release(release, NULL);
	if ((g = kvp_launch_outside(r.e->kind, r.e->program, release)))
		return kvp_error_set(err, KVP_EINVAL, "%s: not known in %s %s (%s); "
			"name a release from %s on, or give the command as python -m "
			"vllm.entrypoints.openai.api_server", r.e->program,
			r.e->emit_name, release, g->source, g->first);
	if (!push(out, "--engine") || !push(out, kvp_engine_name(r.e->kind)))
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	at = out->n;
	for (i = 0; i < start; i++)
		if ((st = env_word(&r, w[i], err)) != KVP_OK)
			return st;
	for (i = start + used; i < n; i++) {
		const char *a = w[i];

		if (a[0] != '-' || !a[1] || !strcmp(a, "--")) {
			if (!r.e->positional_model || seen_pos || r.have_model ||
			    !strcmp(a, "--"))
				return unknown(r.e, r.rel, a, err);
			seen_pos = true;
			st = apply(&r, &r.e->flags[0], "the model", a, false, err);
		} else {
			st = one_flag(&r, w, n, &i, err);
		}
		if (st != KVP_OK)
			return st;
	}
	if (!r.have_model && !r.user_model && r.e == &kvp_launch_vllm_api &&
	    (st = apply(&r, &r.e->flags[0], "--model", "facebook/opt-125m",
	                false, err)) != KVP_OK)   /* EngineArgs.model */
		return st;
	return finish(&r, at, err);
}
