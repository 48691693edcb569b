/*
 * opts.c - shared option parsing (opts.h): plan file, presets, every field
 * flag from the field table, aliases and the subcommand's own flags.
 *
 * A flag is a row of one of three tables: the field table (a flag that
 * sets one plan field, src/core/model/field.c), the own-flag table (a flag
 * that is more than one field, opts_flags.c) or the subcommand's extra
 * flags (struct kvp_opt_extra). This file only drives them, in two passes:
 * the first finds the positionals (so the plan file can be loaded before
 * any flag, whatever their order on the line) and checks every flag
 * exists; the second applies flags in order.
 */
#include <string.h>
#include <strings.h>

#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "cli/opts_flags.h"
#include "cli/suggest.h"
#include "io/plan/plan_json.h"
#include "kvplan/field.h"
#include "kvplan/preset.h"
#include "kvplan/validate.h"
#include "io/gguf/override_tensor.h"

void kvp_opts_init(struct kvp_opts *o, const char *cmd, const char *usage)
{
	memset(o, 0, sizeof *o);
	o->cmd = cmd;
	o->usage = usage;
	o->plan_arg = 0;
	o->max_args = 1;
	snprintf(o->format, sizeof o->format, "text");
}

void kvp_opts_free(struct kvp_opts *o)
{
	kvp_plan_json_free_ragged(&o->plan);
	kvp_launch_free(o->launch);
	o->launch = NULL;
}

/* What a "--name" refers to: one row of one of the three tables. */
struct flagref {
	const struct kvp_own_flag *own;   /* opts_flags.c, or NULL */
	int extra;                        /* index in o->extra, or -1 */
	const struct kvp_field *field;
	bool negated;                     /* --no-X of a bool field */
};

static bool lookup(const struct kvp_opts *o, const char *name, struct flagref *ref)
{
	const struct kvp_own_flag *own;
	size_t i, n_own;

	ref->own = NULL;
	ref->extra = -1;
	ref->field = NULL;
	ref->negated = false;
	for (i = 0; i < o->n_extra; i++)
		if (strcmp(o->extra[i].flag, name) == 0) {
			ref->extra = (int)i;
			return true;
		}
	own = kvp_own_flags(&n_own);
	for (i = 0; i < n_own; i++)
		if (strcmp(own[i].flag, name) == 0) {
			ref->own = &own[i];
			return true;
		}
	ref->field = kvp_field_by_flag(name);
	if (ref->field)
		return true;
	if (strncmp(name, "no-", 3) == 0) {
		ref->field = kvp_field_by_flag(name + 3);
		if (ref->field && (ref->field->type == KVP_FT_BOOL ||
		                   ref->field->type == KVP_FT_TRISTATE)) {
			ref->negated = true;
			return true;
		}
		ref->field = NULL;
	}
	return false;
}

/* "--NAME: unknown option", with the nearest flag this command takes
 * when NAME is a typo of one (cli/suggest.h). */
static enum kvp_status unknown_flag(const struct kvp_opts *o, const char *name,
                                    struct kvp_error *err)
{
	struct kvp_suggest sg;
	const char *best;
	const struct kvp_own_flag *own;
	size_t i, n_own;

	kvp_suggest_init(&sg, name);
	for (i = 0; i < o->n_extra; i++)
		kvp_suggest_offer(&sg, o->extra[i].flag);
	own = kvp_own_flags(&n_own);
	for (i = 0; i < n_own; i++)
		kvp_suggest_offer(&sg, own[i].flag);
	for (i = 0; i < kvp_field_count(); i++)
		kvp_suggest_offer(&sg, kvp_field_at(i)->flag);
	best = kvp_suggest_best(&sg);
	if (best)
		return kvp_error_set(err, KVP_EINVAL, "--%s: unknown option (did "
		                     "you mean --%s? see kvplan%s%s --help)", name,
		                     best, strcmp(o->cmd, "kvplan") ? " " : "",
		                     strcmp(o->cmd, "kvplan") ? o->cmd : "");
	return kvp_error_set(err, KVP_EINVAL,
		"--%s: unknown option (see kvplan%s%s --help)", name,
		strcmp(o->cmd, "kvplan") ? " " : "",
		strcmp(o->cmd, "kvplan") ? o->cmd : "");
}

/* A field that changes the model's shape (layers, heads, dims, layer
 * kinds); the cache and weight formats do not (an fp8 cache of a model
 * is still that model). */
static bool is_shape_key(const char *key)
{
	static const char *const not_shape[] = {
		"model.id", "model.revision", "model.source", "model.base.k_dtype",
		"model.base.v_dtype", "model.kv_fmt_defaulted", "model.declared_params",
		"model.arch.mm_item_tokens",   /* the processor's, not the shape */
		NULL
	};
	size_t i;

	if (strncmp(key, "model.", 6) != 0 || strncmp(key, "model.weights.", 14) == 0)
		return false;
	for (i = 0; not_shape[i]; i++)
		if (strcmp(key, not_shape[i]) == 0)
			return false;
	return true;
}

/* A word that can only mean a boolean value, never a file name. */
static bool bool_word(const char *w)
{
	static const char *const words[] = { "true", "false", "yes", "no",
	                                     "on", "off", NULL };
	size_t i;

	for (i = 0; words[i]; i++)
		if (!strcasecmp(w, words[i]))
			return true;
	return false;
}

/*
 * The generic strategy's fields (strategy.*) are not read by a named
 * engine, which lays out its cache by its own options. A strategy flag
 * given on the line with a named engine would be silently ignored, so it
 * is refused, naming the engine's own flag where one has the same
 * meaning. Returns NULL when the engine has no such setting.
 */
static const char *engine_own_flag(enum kvp_engine_kind e, const char *key)
{
	static const struct {
		const char *key;
		const char *flag[KVP_ENGINE_TRTLLM + 1];
	} map[] = {
		{ "strategy.block_size", {
			[KVP_ENGINE_VLLM] = "--vllm-block-size",
			[KVP_ENGINE_SGLANG] = "--page-size",
			[KVP_ENGINE_TRTLLM] = "--tokens-per-block" } },
		{ "strategy.max_cache_len", {
			[KVP_ENGINE_LLAMACPP] = "--ctx-size",
			[KVP_ENGINE_VLLM] = "--max-model-len",
			[KVP_ENGINE_TRANSFORMERS] = "--hf-max-cache-len",
			[KVP_ENGINE_SGLANG] = "--context-length" } },
		{ "strategy.kind", {
			[KVP_ENGINE_TRANSFORMERS] = "--hf-cache" } },
		{ "strategy.resident_layers", {
			[KVP_ENGINE_TRANSFORMERS] = "--hf-cache offloaded" } },
		{ "strategy.sliding_as_full", {
			[KVP_ENGINE_LLAMACPP] = "--swa-full" } },
	};
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(map[i].key, key) == 0 && (unsigned)e <= KVP_ENGINE_TRTLLM)
			return map[i].flag[e];
	return NULL;
}

static enum kvp_status strategy_under_engine(enum kvp_engine_kind e,
                                             const char *flag, const char *key,
                                             const char *val,
                                             struct kvp_error *err)
{
	const char *own = engine_own_flag(e, key);

	if (own)
		return kvp_error_set(err, KVP_EINVAL,
			"--%s: '%s' - a generic-strategy setting, not read by engine "
			"%s; use the engine's own %s",
			flag, val ? val : "true", kvp_engine_name(e), own);
	return kvp_error_set(err, KVP_EINVAL,
		"--%s: '%s' - a generic-strategy setting; engine %s has no such "
		"setting (leave it out, or use --engine generic)",
		flag, val ? val : "true", kvp_engine_name(e));
}

enum kvp_status kvp_opts_engine_check(const struct kvp_opts *o,
                                      enum kvp_engine_kind e,
                                      struct kvp_error *err)
{
	if (!o->strategy_key || e == KVP_ENGINE_GENERIC)
		return KVP_OK;
	return strategy_under_engine(e, o->strategy_flag, o->strategy_key,
	                             o->strategy_val, err);
}

/* What the two passes learn of the line (kvp_opts_parse). */
struct pass {
	unsigned early;             /* KVP_OWN_EARLY_* of the own flags met */
	size_t cls;                 /* the class the class flags act on */
	bool defaults;              /* complete the documented overheads */
	bool kind_set, window_set;  /* model.base.kind, .window set by a flag */
	bool shape_flag, model_given, plan_flag;   /* for the plan's name */
	char strat_flag[64];        /* the first generic-strategy flag */
	const char *strat_key, *strat_val;
	char eng_flag[8][64];       /* engine options met (for the notes) */
	const struct kvp_field *eng_field[8];
	size_t n_eng;
};

/*
 * A plan built from flags alone is named after its model, never after
 * the worked example it started from: "custom" (plan and model) when the
 * shape came from flags without --model, "custom" (the plan) when flags
 * reshaped a --model, else the model's id. A plan file's or --name's
 * name is kept, and no flag at all leaves the worked example as it is.
 */
static void name_flag_plan(struct kvp_opts *o, const struct pass *ps)
{
	struct kvp_plan *p = &o->plan;

	if (o->have_plan_file || o->name_given || !ps->plan_flag)
		return;
	if (ps->shape_flag) {
		if (!ps->model_given)
			snprintf(p->model.id, sizeof p->model.id, "custom");
		snprintf(p->name, sizeof p->name, "custom");
	} else if (p->model.id[0]) {
		snprintf(p->name, sizeof p->name, "%s", p->model.id);
	}
}

static bool takes_value(const struct kvp_opts *o, const struct flagref *ref)
{
	if (ref->extra >= 0)
		return o->extra[ref->extra].takes_value;
	if (ref->own)
		return ref->own->metavar != NULL;
	return ref->field->type != KVP_FT_BOOL;
}

/* A tri-state field's flag (auto/on/off) takes the next word only when
 * it is one of its choices or a yes/no word: alone it is a switch (on),
 * --no-X is off (vLLM's --enable-prefix-caching and its --no- form). */
static bool tri_takes(const struct flagref *ref, const char *next)
{
	size_t k;

	if (ref->negated || !next)
		return false;
	for (k = 0; ref->field->choices && ref->field->choices[k]; k++)
		if (!strcasecmp(next, ref->field->choices[k]))
			return true;
	return bool_word(next);
}

static bool is_tri(const struct flagref *ref)
{
	return ref->extra < 0 && !ref->own && ref->field &&
	       ref->field->type == KVP_FT_TRISTATE;
}

/* The flag's name in argument a ("--name" or "--name=value") into name,
 * its '=' (or NULL) returned. */
static const char *flag_name(const char *a, char *name, size_t cap)
{
	const char *eq = strchr(a + 2, '=');

	snprintf(name, cap, "%.*s", eq ? (int)(eq - a - 2) : (int)strlen(a + 2), a + 2);
	return eq;
}

/* Is argv's word a positional (not a flag)? */
static bool positional(const char *a, bool only_pos)
{
	return only_pos || a[0] != '-' || strcmp(a, "-") == 0;
}

/* "kvplan CMD" as messages name it (the planner's cmd is "kvplan"). */
#define CMD_SEP(o) (strcmp((o)->cmd, "kvplan") ? " " : "")
#define CMD_NAME(o) (strcmp((o)->cmd, "kvplan") ? (o)->cmd : "")

/* Pass 1 on flag argv[*i] (name, its '=' eq): a value is there when
 * one is taken (*i moves past it), a switch has none. */
static enum kvp_status check_value(const struct kvp_opts *o, const struct flagref *ref,
                                   const char *name, const char *eq, int argc,
                                   char **argv, int *i, struct kvp_error *err)
{
	const char *base = ref->negated ? name + 3 : name;

	if (is_tri(ref)) {
		if (!eq && tri_takes(ref, *i + 1 < argc ? argv[*i + 1] : NULL))
			(*i)++;
		return KVP_OK;
	}
	if (takes_value(o, ref)) {
		if (!eq) {
			if (*i + 1 >= argc)
				return kvp_error_set(err, KVP_EINVAL, "--%s: missing value", name);
			(*i)++;
		}
		return KVP_OK;
	}
	if (eq && ref->field == NULL)
		return kvp_error_set(err, KVP_EINVAL, "--%s: takes no value ('%s')",
		                     name, argv[*i]);
	if (eq || *i + 1 >= argc || !bool_word(argv[*i + 1]))
		return KVP_OK;
	/* "--kv-unified true": a switch never takes the next word, and
	 * "true" is no plan file either */
	if (ref->field)
		return kvp_error_set(err, KVP_EINVAL,
			"--%s %s: a switch takes no separate value - write "
			"--%s, --no-%s or --%s=true|false", name, argv[*i + 1],
			base, base, base);
	return kvp_error_set(err, KVP_EINVAL,
		"--%s %s: a switch takes no value - write --%s alone",
		name, argv[*i + 1], name);
}

/* Pass 1: positionals, unknown flags, missing values, --help, and what
 * must be known before the plan file is read (ps->early). */
static enum kvp_status first_pass(struct kvp_opts *o, struct pass *ps, int argc,
                                  char **argv, struct kvp_error *err)
{
	bool only_pos = false;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *eq;
		char name[64];
		struct flagref ref;
		enum kvp_status st;

		if (positional(a, only_pos)) {
			if (o->n_args >= KVP_OPTS_MAX_ARGS ||
			    (o->max_args >= 0 && o->n_args >= o->max_args))
				return kvp_error_set(err, KVP_EINVAL,
					"'%s': unexpected argument (%s takes at most %d)", a, o->cmd,
					o->max_args >= 0 ? o->max_args : KVP_OPTS_MAX_ARGS);
			o->args[o->n_args++] = a;
		} else if (strcmp(a, "--") == 0) {
			only_pos = true;
		} else if (strcmp(a, "-h") == 0) {
			o->help = true;
		} else if (a[1] != '-') {
			return kvp_error_set(err, KVP_EINVAL,
				"%s: unknown option '%s' (options are long: --name; see kvplan%s%s --help)",
				a, a, CMD_SEP(o), CMD_NAME(o));
		} else {
			eq = flag_name(a, name, sizeof name);
			if (!lookup(o, name, &ref))
				return unknown_flag(o, name, err);
			ps->early |= ref.own ? ref.own->early : 0;
			if (ps->early & KVP_OWN_EARLY_HELP)
				o->help = true;
			if (ps->early & KVP_OWN_EARLY_ASSUME)
				o->assume_layout = true;   /* before any --model */
			st = check_value(o, &ref, name, eq, argc, argv, &i, err);
			if (st != KVP_OK)
				return st;
		}
	}
	return KVP_OK;
}

/* The base plan: the file, or the worked example. The documented
 * overheads (kvp_overheads_default) come with the worked example and
 * with --card, unless --no-default-overheads or the plan file lists
 * overheads of its own; they are completed after the flags, so
 * --tp/--pp given anywhere on the line bring tp_comm. */
static enum kvp_status base_plan(struct kvp_opts *o, struct pass *ps,
                                 struct kvp_error *err)
{
	bool no_defaults = ps->early & KVP_OWN_EARLY_NO_DEFAULTS;

	if (o->plan_arg >= 0 && o->plan_arg < o->n_args) {
		kvp_plan_blank(&o->plan);
		o->plan_path = o->args[o->plan_arg];
		kvp_plan_json_allow_outside(ps->early & KVP_OWN_EARLY_OUTSIDE);
		if (kvp_plan_json_load(o->plan_path, &o->plan, &o->plan_stamp, err) != KVP_OK)
			return err->status;
		o->have_plan_file = true;
		ps->defaults = (ps->early & KVP_OWN_EARLY_CARD) &&
		               o->plan.devices.n_overheads == 0;
	} else {
		kvp_plan_default(&o->plan);
		o->plan.strategy.max_cache_len = 0;   /* longest sequence */
		if (no_defaults)
			o->plan.devices.n_overheads = 0;   /* all are the defaults */
		ps->defaults = true;
	}
	if (no_defaults)
		ps->defaults = false;
	if (ps->early & KVP_OWN_EARLY_DEFAULTS)
		ps->defaults = true;   /* asked for by name: completed at the end too */
	return KVP_OK;
}

/* What a field flag tells the later steps: the plan's name, the window,
 * the card count, engine options and the generic strategy. */
static void note_field(struct kvp_opts *o, struct pass *ps, const struct kvp_field *f,
                       const char *name, const char *val)
{
	if (strcmp(f->key, "model.base.kind") == 0)
		ps->kind_set = true;
	if (strcmp(f->key, "model.base.window") == 0)
		ps->window_set = true;
	if (strcmp(f->key, "name") == 0)
		o->name_given = true;
	if (strcmp(f->key, "model.id") == 0)
		ps->model_given = true;   /* the user named the model */
	ps->plan_flag = true;
	if (is_shape_key(f->key))
		ps->shape_flag = true;
	if (strcmp(f->key, "devices.groups[i].count") == 0)
		o->card_count_flag = "--cards";
	if (f->engine != KVP_ENGINE_COUNT && ps->n_eng < 8) {
		snprintf(ps->eng_flag[ps->n_eng], sizeof ps->eng_flag[0], "%s", name);
		ps->eng_field[ps->n_eng++] = f;
	}
	if (!ps->strat_key && strncmp(f->key, "strategy.", 9) == 0) {
		snprintf(ps->strat_flag, sizeof ps->strat_flag, "%s", name);
		ps->strat_key = f->key;
		ps->strat_val = val;
	}
}

/* A field-table flag: its value through the field's one parser. */
static enum kvp_status apply_field(struct kvp_opts *o, struct pass *ps,
                                   const struct flagref *ref, const char *name,
                                   const char *a, const char *val,
                                   struct kvp_error *err)
{
	const struct kvp_field *f = ref->field;

	if ((f->type == KVP_FT_BOOL || f->type == KVP_FT_TRISTATE) && !val)
		val = ref->negated ? "false" : "true";   /* tri-state: off, on */
	else if (ref->negated)
		return kvp_error_set(err, KVP_EINVAL, "--%s: takes no value ('%s')", name, a);
	if (kvp_field_set(&o->plan, f,
	                  f->indexed && f->array == KVP_ARR_CLASSES ? ps->cls : 0,
	                  val, err) != KVP_OK)
		return kvp_opts_flag_error(err, name);
	note_field(o, ps, f, name, val);
	return KVP_OK;
}

/* An own-flag row: its function, then its role for the plan's name. */
static enum kvp_status apply_own(struct kvp_opts *o, struct pass *ps,
                                 const struct kvp_own_flag *row, const char *name,
                                 const char *val, struct kvp_error *err)
{
	enum kvp_status st;

	if (row->apply && (st = row->apply(o, name, val, &ps->cls, err)) != KVP_OK)
		return st;
	switch (row->role) {
	case KVP_OWN_MODEL:
		ps->model_given = true;
		ps->shape_flag = false;   /* the model replaced the shape */
		ps->plan_flag = true;
		break;
	case KVP_OWN_SHAPE:
		ps->shape_flag = true;
		ps->plan_flag = true;
		break;
	case KVP_OWN_OUTPUT:
		break;
	case KVP_OWN_PLAN:
		ps->plan_flag = true;
		break;
	}
	return KVP_OK;
}

/* Pass 2: apply flags in order, each by its table's row. */
static enum kvp_status second_pass(struct kvp_opts *o, struct pass *ps, int argc,
                                   char **argv, struct kvp_error *err)
{
	bool only_pos = false;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val = NULL;
		char name[64];
		struct flagref ref;
		enum kvp_status st;

		if (positional(a, only_pos))
			continue;   /* positionals were taken in pass 1 */
		if (strcmp(a, "--") == 0) {
			only_pos = true;
			continue;
		}
		if (strcmp(a, "-h") == 0)
			continue;
		eq = flag_name(a, name, sizeof name);
		lookup(o, name, &ref);
		if (is_tri(&ref))
			val = eq ? eq + 1 : tri_takes(&ref, i + 1 < argc ?
			      argv[i + 1] : NULL) ? argv[++i] : NULL;
		else if (takes_value(o, &ref))
			val = eq ? eq + 1 : argv[++i];
		else if (eq)
			val = eq + 1;   /* --bool-flag=false */
		if (ref.extra >= 0) {
			st = o->extra[ref.extra].fn(o->ctx, val, err);
			if (st != KVP_OK && strncmp(err->msg, "--", 2) != 0)
				kvp_opts_flag_error(err, name);
		} else if (ref.own) {
			st = apply_own(o, ps, ref.own, name, val, err);
		} else {
			st = apply_field(o, ps, &ref, name, a, val, err);
		}
		if (st != KVP_OK)
			return st;
	}
	return KVP_OK;
}

/* An engine's own option under another engine is read by nothing: said
 * in a note (a script may pass one flag set to every engine, so it is not
 * refused). compare, sweep, reconcile and the planner may use it (every
 * engine, an engine axis, the log's engine, a later switch). */
static void engine_notes(struct kvp_opts *o, const struct pass *ps)
{
	size_t k;

	for (k = 0; o->one_engine && k < ps->n_eng; k++)
		if (ps->eng_field[k]->engine != (int)o->plan.engine.kind &&
		    o->notes.n < KVP_MAX_NOTES)
			snprintf(o->notes.line[o->notes.n++], sizeof o->notes.line[0],
				"--%s is an option of engine %s (%s), but the plan's "
				"engine is %s: it changes nothing", ps->eng_flag[k],
				kvp_engine_name((enum kvp_engine_kind)ps->eng_field[k]->engine),
				ps->eng_field[k]->key, kvp_engine_name(o->plan.engine.kind));
}

/* The checks of the whole plan once every flag is in. */
static enum kvp_status check_plan(struct kvp_opts *o, struct kvp_error *err)
{
	const struct kvp_devices *d = &o->plan.devices;
	uint64_t world;

	/* A plan file may leave the model to --model or the model flags; if
	 * neither gave one, say it is missing (compute would say "0 - must
	 * be 1..512"). */
	if (o->have_plan_file && o->plan.model.n_layers == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"%s: model.n_layers: missing - the plan has no model (give "
			"\"model\" in the file or --model)", o->plan_path);
	if (o->have_plan_file && o->plan.model.q_heads == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"%s: model.q_heads: missing - a model needs it", o->plan_path);
	/* the one validation (flags, the plan file, layer rules alike) */
	if (kvp_plan_validate(&o->plan, err) != KVP_OK)
		return err->status;
	/* -ot against the final model's tensor names */
	if (kvp_ot_resolve(&o->plan, err) != KVP_OK)
		return err->status;
	/* One card stands for every device only when no count was given:
	 * "--card NAMEx1 --tp 4" is one card for four devices, refused as
	 * "x2 --tp 4" is. */
	world = (uint64_t)d->tp * d->pp * d->dp;
	if (o->card_count_flag && d->n_groups == 1 && d->groups[0].count == 1 &&
	    world > 1)
		return kvp_error_set(err, KVP_EINVAL,
			"%s: 1 card - tp %u x pp %u x dp %u needs %llu (give "
			"the count, or the card without one to use one per "
			"device)", o->card_count_flag, d->tp, d->pp, d->dp,
			(unsigned long long)world);
	return KVP_OK;
}

/* After pass 2: the generic strategy under a named engine, the notes,
 * the checks, the overheads, the plan's name and the window's kind. */
static enum kvp_status finish(struct kvp_opts *o, struct pass *ps,
                              struct kvp_error *err)
{
	if (ps->strat_key) {   /* kept for kvp_opts_engine_check (compare) */
		snprintf(o->strategy_flag, sizeof o->strategy_flag, "%s", ps->strat_flag);
		snprintf(o->strategy_val, sizeof o->strategy_val, "%s",
		         ps->strat_val ? ps->strat_val : "true");
		o->strategy_key = ps->strat_key;
	}
	if (ps->strat_key && o->plan.engine.kind != KVP_ENGINE_GENERIC)
		return strategy_under_engine(o->plan.engine.kind, ps->strat_flag,
		                             ps->strat_key, ps->strat_val, err);
	engine_notes(o, ps);
	if (check_plan(o, err) != KVP_OK)
		return err->status;
	if (ps->defaults)
		kvp_overheads_default(&o->plan.devices);
	name_flag_plan(o, ps);
	/* The card alias taken ("h100 taken as H100 SXM5 ..."), said with
	 * the model's notes. */
	if (o->card_note[0] && o->notes.n < KVP_MAX_NOTES)
		snprintf(o->notes.line[o->notes.n++], sizeof o->notes.line[0], "%s",
		         o->card_note);
	/* A window on a full-attention base means sliding-window attention;
	 * leaving it unused would silently ignore the flag. */
	if (ps->window_set && !ps->kind_set &&
	    o->plan.model.base.kind == KVP_LAYER_FULL && o->plan.model.base.window > 0)
		o->plan.model.base.kind = KVP_LAYER_SLIDING;
	return KVP_OK;
}

enum kvp_status kvp_opts_parse(struct kvp_opts *o, int argc, char **argv,
                               FILE *help_out, struct kvp_error *err)
{
	struct pass ps;
	enum kvp_status st;

	memset(&ps, 0, sizeof ps);
	kvp_error_clear(err);
	o->n_args = 0;
	o->card_note[0] = '\0';
	o->have_plan_file = false;
	o->plan_path = NULL;
	o->name_given = false;
	o->strategy_flag[0] = o->strategy_val[0] = '\0';
	o->strategy_key = NULL;
	if ((st = first_pass(o, &ps, argc, argv, err)) != KVP_OK)
		return st;
	if (o->help) {
		kvp_opts_print_help(o, help_out);
		return KVP_OK;
	}
	if ((st = base_plan(o, &ps, err)) != KVP_OK ||
	    (st = second_pass(o, &ps, argc, argv, err)) != KVP_OK)
		return st;
	return finish(o, &ps, err);
}

static const char *metavar(const struct kvp_field *f, char *buf, size_t n)
{
	size_t i, o = 0;

	switch (f->type) {
	case KVP_FT_U32: case KVP_FT_U64: return "N";
	case KVP_FT_I32: return "N|-1";
	case KVP_FT_BOOL: return "";
	case KVP_FT_PPM: return "FRACTION";
	case KVP_FT_BYTES: return "BYTES";
	case KVP_FT_DTYPE: return "FORMAT";
	case KVP_FT_WDTYPE: return "WFORMAT";
	case KVP_FT_STRING: return "TEXT";
	case KVP_FT_ENUM:
	case KVP_FT_TRISTATE:
		buf[0] = '\0';
		for (i = 0; f->choices && f->choices[i]; i++)
			o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "%s%s", i ? "|" : "",
			                      f->choices[i]);
		return buf;
	}
	return "";
}

void kvp_opts_print_help(const struct kvp_opts *o, FILE *out)
{
	const struct kvp_own_flag *own;
	size_t i, n_own;
	int s;
	char mv[96], left[160];

	/* the planner's own cmd is "kvplan": not "kvplan kvplan" */
	fprintf(out, "usage: kvplan%s%s %s\n", strcmp(o->cmd, "kvplan") ? " " : "",
	        strcmp(o->cmd, "kvplan") ? o->cmd : "",
	        o->usage ? o->usage : "[PLAN.json] [OPTIONS]");
	fprintf(out, "\nA plan file (or a record) comes first; flags are applied after it, in\n"
	             "order, later ones winning. Without a plan file the worked example of\n"
	             "docs/DESIGN.md is the start (static, max-cache-len = longest sequence,\n"
	             "flash attention, its card's documented overheads; --model names the\n"
	             "plan after the model).\n"
	             "Values: --flag V or --flag=V; booleans --flag / --no-flag; auto|on|off\n"
	             "ones also --flag (on) / --no-flag (off).\n");
	if (o->n_extra) {
		fprintf(out, "\n%s options:\n", o->cmd);
		for (i = 0; i < o->n_extra; i++) {
			snprintf(left, sizeof left, "--%s%s%s", o->extra[i].flag,
			         o->extra[i].takes_value ? " " : "",
			         o->extra[i].takes_value && o->extra[i].metavar ? o->extra[i].metavar : "");
			fprintf(out, "  %-34s %s\n", left, o->extra[i].help ? o->extra[i].help : "");
		}
	}
	fprintf(out, "\ngeneral:\n");
	own = kvp_own_flags(&n_own);
	for (i = 0; i < n_own; i++) {
		const char *mvar = own[i].metavar;

		if (strcmp(own[i].flag, "format") == 0) {
			const char *const *fm = kvp_opts_formats(o);
			size_t k, n = 0;

			mv[0] = '\0';
			for (k = 0; fm[k]; k++)
				n += (size_t)snprintf(mv + n, n < sizeof mv ? sizeof mv - n : 0, "%s%s",
				                      k ? "|" : "", fm[k]);
			mvar = mv;
		}
		snprintf(left, sizeof left, "--%s%s%s", own[i].flag, mvar ? " " : "",
		         mvar ? mvar : "");
		fprintf(out, "  %-34s %s\n", left, own[i].help);
	}
	for (s = 0; s < KVP_SEC_COUNT; s++) {
		fprintf(out, "\n%s:\n", kvp_section_name((enum kvp_section)s));
		for (i = 0; i < kvp_field_count(); i++) {
			const struct kvp_field *f = kvp_field_at(i);
			const char *m;

			if (f->section != (enum kvp_section)s || !f->flag)
				continue;
			m = metavar(f, mv, sizeof mv);
			snprintf(left, sizeof left, "--%s%s%s", f->flag, *m ? " " : "", m);
			fprintf(out, "  %-34s %s [%s]\n", left, f->help, f->key);
		}
	}
}
