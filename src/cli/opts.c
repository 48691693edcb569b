/*
 * opts.c - shared option parsing (opts.h): plan file, presets, every field
 * flag from the field table, aliases and the subcommand's own flags.
 *
 * Two passes: the first finds the positionals (so the plan file can be
 * loaded before any flag, whatever their order on the line) and checks
 * every flag exists; the second applies flags in order.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "cli/suggest.h"
#include "io/plan/plan_json.h"
#include "kvplan/field.h"
#include "kvplan/import.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"
#include "kvplan/validate.h"
#include "kvplan/checked.h"
#include "io/gguf/gguf.h"
#include "io/gguf/lora.h"
#include "io/gguf/mmproj.h"
#include "io/gguf/override_tensor.h"
#include "io/logs/smi_csv.h"
#include "io/file.h"

static const char *const default_formats[] = { "text", "json", NULL };

/* Flags handled here rather than by one field of the table. */
enum own_flag {
	OWN_NONE = 0, OWN_FORMAT, OWN_PER_LAYER, OWN_HELP, OWN_MODEL, OWN_CARD,
	OWN_WORKLOAD, OWN_LAYER, OWN_KV_DTYPE, OWN_HEAD_DIM, OWN_CLASS,
	OWN_OVERHEAD, OWN_PP_LAYERS, OWN_WEIGHTS, OWN_DEFAULT_OVERHEADS,
	OWN_NO_DEFAULT_OVERHEADS, OWN_ASSUME_LAYOUT, OWN_ALLOW_OUTSIDE,
	OWN_LORA_FILE, OWN_MMPROJ_FILE, OWN_OVERRIDE_TENSOR, OWN_MODEL_DRAFT, OWN_SPEC_MODEL,
	OWN_KV_OFFLOADING_SIZE
};

static const struct {
	const char *flag;
	enum own_flag id;
	bool value;
	const char *metavar;
	const char *help;
} own_flags[] = {
	{ "model", OWN_MODEL, true, "SPEC", "model preset name, preset file or HF config.json (file or folder)" },
	{ "workload", OWN_WORKLOAD, true, "SPEC", "workload preset name or file" },
	{ "card", OWN_CARD, true, "SPEC[xN]", "card preset name (or as nvidia-smi names it) or file, or nvidia-smi --query-gpu=name,memory.total --format=csv output in a file (one card group), xN: N cards" },
	{ "layer", OWN_LAYER, true, "RULE", "layer override rule, repeatable: '5-47/6:kind=full,kv_heads=4'" },
	{ "kv-dtype", OWN_KV_DTYPE, true, "FORMAT", "K and V format (f16, bf16, fp8, q8_0, groupq:bits=4...)" },
	{ "head-dim", OWN_HEAD_DIM, true, "N", "K and V head dim" },
	{ "weights", OWN_WEIGHTS, true, "FORMAT", "weight format (alias of --weights-dtype: bf16, fp8, int4, nf4, q4_k_m...)" },
	{ "default-overheads", OWN_DEFAULT_OVERHEADS, false, NULL, "add the documented runtime overheads (CUDA context, graphs, TP buffers) to a plan file's devices" },
	{ "no-default-overheads", OWN_NO_DEFAULT_OVERHEADS, false, NULL, "leave out the documented runtime overheads that the worked example and --card bring" },
	{ "class", OWN_CLASS, true, "N", "following class flags act on workload.classes[N] (from 0)" },
	{ "overhead", OWN_OVERHEAD, true, "NAME=BYTES", "runtime overhead per device, repeatable" },
	{ "pp-layers", OWN_PP_LAYERS, true, "A,B,...", "layers per pipeline stage" },
	{ "format", OWN_FORMAT, true, "FMT", "output format" },
	{ "per-layer", OWN_PER_LAYER, false, NULL, "per-layer table in the text output" },
	{ "allow-outside-paths", OWN_ALLOW_OUTSIDE, false, NULL, "let the plan file name model or card files outside its own folder (a plan may come from someone else: off by default)" },
	{ "help", OWN_HELP, false, NULL, "this help" },
	{ "lora", OWN_LORA_FILE, true, "FILE", "llama.cpp --lora adapter (GGUF), repeatable: its tensor bytes are added to engine.llamacpp.lora_bytes" },
	{ "override-tensor", OWN_OVERRIDE_TENSOR, true, "PATTERN=BUFFER[,...]", "llama.cpp -ot: tensors whose GGUF name the pattern finds go to BUFFER (CPU or CUDA0), first match wins; repeatable [engine.llamacpp.override_tensor]" },
	{ "mmproj", OWN_MMPROJ_FILE, true, "FILE", "llama.cpp --mmproj encoder file (GGUF): its tensor bytes set engine.llamacpp.mmproj_bytes, its clip.vision keys the engine.llamacpp.mmproj_* fields" },
	{ "model-draft", OWN_MODEL_DRAFT, true, "SPEC", "llama.cpp -md, --model-draft: the draft model of speculative decoding (preset name, preset file, config.json or GGUF); sized into the plan's draft" },
	{ "speculative-model", OWN_SPEC_MODEL, true, "SPEC", "vLLM --speculative-config '{\"model\": SPEC}': the draft model (preset, config.json or GGUF); sets --speculative-method draft_model, or eagle3 for an EAGLE-3 head; a method eagle given stays" },
	{ "kv-offloading-size", OWN_KV_OFFLOADING_SIZE, true, "GIB", "vLLM --kv-offloading-size: GiB of KV offloading buffer in host memory, all TP ranks together; a bare number is GiB, as vLLM takes it (sets devices.kv_offload_bytes)" },
	{ "assume-layout", OWN_ASSUME_LAYOUT, false, NULL, "import a config.json (--model) whose model_type or layout keys kvplan does not read, with the layout it does read; every output then warns (KVP-W16)" },
};

#define N_OWN (sizeof own_flags / sizeof own_flags[0])

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

/* What a "--name" refers to. */
struct flagref {
	int own;                          /* index in own_flags, or -1 */
	int extra;                        /* index in o->extra, or -1 */
	const struct kvp_field *field;
	bool negated;                     /* --no-X of a bool field */
};

static bool lookup(const struct kvp_opts *o, const char *name, struct flagref *ref)
{
	size_t i;

	ref->own = ref->extra = -1;
	ref->field = NULL;
	ref->negated = false;
	for (i = 0; i < o->n_extra; i++)
		if (strcmp(o->extra[i].flag, name) == 0) {
			ref->extra = (int)i;
			return true;
		}
	for (i = 0; i < N_OWN; i++)
		if (strcmp(own_flags[i].flag, name) == 0) {
			ref->own = (int)i;
			return true;
		}
	ref->field = kvp_field_by_flag(name);
	if (ref->field)
		return true;
	if (strncmp(name, "no-", 3) == 0) {
		ref->field = kvp_field_by_flag(name + 3);
		if (ref->field && ref->field->type == KVP_FT_BOOL) {
			ref->negated = true;
			return true;
		}
		ref->field = NULL;
	}
	return false;
}

/* --card FILE holding `nvidia-smi --query-gpu=name,memory.total
 * --format=csv` output (io/logs/smi_csv.h): its board and count as the card
 * group. 1 done, 0 not such a file, -1 error set. */
static int card_from_smi(struct kvp_plan *p, struct kvp_opts *o,
                         const char *v, struct kvp_error *err)
{
	char *text = NULL;
	size_t len = 0;
	struct kvp_error ignore;
	struct kvp_card c;
	uint32_t count = 0;
	enum kvp_status st;

	if (kvp_file_read(v, 1u << 20, &text, &len, NULL, &ignore) != KVP_OK)
		return 0;
	if (!kvp_smi_csv_is(text, len)) {
		free(text);
		return 0;
	}
	st = kvp_smi_csv_card(text, v, &c, &count, o->card_note,
	                      sizeof o->card_note, err);
	free(text);
	if (st != KVP_OK)
		return -1;
	p->devices.n_groups = p->devices.n_groups ? p->devices.n_groups : 1;
	p->devices.groups[0].card = c;
	p->devices.groups[0].count = count;
	o->card_count_flag = "--card";
	return 1;
}

/* "--NAME: unknown option", with the nearest flag this command takes
 * when NAME is a typo of one (cli/suggest.h). */
static enum kvp_status unknown_flag(const struct kvp_opts *o, const char *name,
                                    struct kvp_error *err)
{
	struct kvp_suggest sg;
	const char *best;
	size_t i;

	kvp_suggest_init(&sg, name);
	for (i = 0; i < o->n_extra; i++)
		kvp_suggest_offer(&sg, o->extra[i].flag);
	for (i = 0; i < N_OWN; i++)
		kvp_suggest_offer(&sg, own_flags[i].flag);
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

/*
 * A plan built from flags alone is named after its model, never after
 * the worked example it started from: "custom" (plan and model) when the
 * shape came from flags without --model, "custom" (the plan) when flags
 * reshaped a --model, else the model's id. A plan file's or --name's
 * name is kept, and no flag at all leaves the worked example as it is.
 */
static void name_flag_plan(struct kvp_opts *o, bool plan_flag, bool shape_flag,
                           bool model_given)
{
	struct kvp_plan *p = &o->plan;

	if (o->have_plan_file || o->name_given || !plan_flag)
		return;
	if (shape_flag) {
		if (!model_given)
			snprintf(p->model.id, sizeof p->model.id, "custom");
		snprintf(p->name, sizeof p->name, "custom");
	} else if (p->model.id[0]) {
		snprintf(p->name, sizeof p->name, "%s", p->model.id);
	}
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

static bool takes_value(const struct kvp_opts *o, const struct flagref *ref)
{
	if (ref->extra >= 0)
		return o->extra[ref->extra].takes_value;
	if (ref->own >= 0)
		return own_flags[ref->own].value;
	return ref->field->type != KVP_FT_BOOL;
}

/* Prefix err's message with "--flag: " unless it already names it. */
static enum kvp_status flag_error(struct kvp_error *err, const char *flag)
{
	char pfx[80];

	snprintf(pfx, sizeof pfx, "--%s", flag);
	kvp_error_prefix(err, pfx);
	return err->status;
}

static enum kvp_status set_key(struct kvp_plan *p, const char *key, size_t index,
                               const char *value, const char *flag, struct kvp_error *err)
{
	const struct kvp_field *f = kvp_field_by_key(key);

	if (kvp_field_set(p, f, index, value, err) != KVP_OK)
		return flag_error(err, flag);
	return KVP_OK;
}

static enum kvp_status apply_own(struct kvp_opts *o, enum own_flag id, const char *flag,
                                 const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_plan *p = &o->plan;
	size_t i;

	switch (id) {
	case OWN_FORMAT: {
		const char *const *fm = o->formats ? o->formats : default_formats;
		char list[96] = "";
		size_t n = 0;

		for (i = 0; fm[i]; i++) {
			if (strcmp(fm[i], v) == 0) {
				snprintf(o->format, sizeof o->format, "%s", v);
				o->format_given = true;
				return KVP_OK;
			}
			n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0,
			                      "%s%s", i ? ", " : "", fm[i]);
		}
		return kvp_error_set(err, KVP_EINVAL, "--format: '%s' - expected %s", v, list);
	}
	case OWN_PER_LAYER:
		o->per_layer = true;
		return KVP_OK;
	case OWN_ALLOW_OUTSIDE:   /* applied before the plan file is read */
		return KVP_OK;
	case OWN_HELP:
		o->help = true;
		return KVP_OK;
	case OWN_MODEL: {
		struct kvp_model m = p->model;

		memset(&o->notes, 0, sizeof o->notes);
		if (kvp_model_load_spec_opts(v, o->assume_layout ?
		                             KVP_IMPORT_ASSUME_LAYOUT : 0, &m,
		                             &o->notes, err) != KVP_OK)
			return flag_error(err, flag);
		p->model = m;
		/* The plan name follows the model unless a plan file or --name
		 * chose it: "worked example" on another model would mislead. */
		if (!o->have_plan_file && !o->name_given)
			snprintf(p->name, sizeof p->name, "%s", m.id[0] ? m.id : v);
		return KVP_OK;
	}
	case OWN_MODEL_DRAFT:
	case OWN_SPEC_MODEL: {
		struct kvp_model m;

		memset(&m, 0, sizeof m);
		if (kvp_model_load_spec(v, &m, NULL, err) != KVP_OK)
			return flag_error(err, flag);
		p->draft = m;
		if (id == OWN_SPEC_MODEL)
			p->engine.vllm.speculative_method = kvp_draft_method(&m,
				p->engine.vllm.speculative_method);
		return KVP_OK;
	}
	case OWN_CARD: {
		struct kvp_card c;
		char name[512];
		const char *x = strrchr(v, 'x'), *bx = strrchr(v, 'X');
		unsigned long count = 0;
		int smi = card_from_smi(p, o, v, err);

		if (smi)
			return smi < 0 ? flag_error(err, flag) : KVP_OK;

		/* NAME[xN]: "h100x8" is 8 cards of that preset ('X' too); a
		 * whole name that is a card wins ("rtx4090", "mi300x") */
		if (bx && (!x || bx > x))
			x = bx;
		memset(&c, 0, sizeof c);
		if (x && x > v && x[1] && strspn(x + 1, "0123456789") == strlen(x + 1) &&
		    (size_t)(x - v) < sizeof name &&
		    kvp_card_load_named(v, &c, o->card_note, sizeof o->card_note,
		                        err) != KVP_OK) {
			count = strtoul(x + 1, NULL, 10);
			if (count < 1 || count > 4096)
				return kvp_error_set(err, KVP_ERANGE,
					"--card: '%s' - the count after 'x' must be 1 to 4096", v);
			memcpy(name, v, (size_t)(x - v));
			name[x - v] = '\0';
		} else {
			snprintf(name, sizeof name, "%s", v);
		}
		if (kvp_card_load_named(name, &c, o->card_note, sizeof o->card_note,
		                        err) != KVP_OK)
			return flag_error(err, flag);
		if (p->devices.n_groups == 0) {
			p->devices.n_groups = 1;
			p->devices.groups[0].count = 1;
		}
		p->devices.groups[0].card = c;
		if (count) {
			p->devices.groups[0].count = (uint32_t)count;
			o->card_count_flag = "--card";
		}
		return KVP_OK;
	}
	case OWN_WORKLOAD: {
		struct kvp_workload w = p->workload;

		if (kvp_workload_load_spec(v, &w, err) != KVP_OK)
			return flag_error(err, flag);
		p->workload = w;
		return KVP_OK;
	}
	case OWN_LAYER:
		if (p->model.n_rules >= KVP_MAX_RULES)
			return kvp_error_set(err, KVP_ERANGE, "--layer: '%s' - at most %d rules",
			                     v, KVP_MAX_RULES);
		if (kvp_rule_parse(v, &p->model.rules[p->model.n_rules], err) != KVP_OK)
			return flag_error(err, flag);
		p->model.n_rules++;
		return KVP_OK;
	case OWN_KV_OFFLOADING_SIZE: {
		/* vLLM's unit is GiB (vllm/config/vllm.py: cpu_bytes_to_use =
		 * kv_offloading_size x 2^30, read in current sources, search
		 * index id 18201737; first release not pinned): a bare number
		 * gets it, a number with a unit keeps its own */
		char gib[64];

		if (v[0] && strspn(v, "0123456789._,") == strlen(v) &&
		    strlen(v) < sizeof gib - 4) {
			snprintf(gib, sizeof gib, "%sGiB", v);
			v = gib;
		}
		return set_key(p, "devices.kv_offload_bytes", 0, v, flag, err);
	}
	case OWN_KV_DTYPE:
		if (set_key(p, "model.base.k_dtype", 0, v, flag, err) != KVP_OK ||
		    set_key(p, "model.base.v_dtype", 0, v, flag, err) != KVP_OK)
			return err->status;
		return KVP_OK;
	case OWN_DEFAULT_OVERHEADS:
		kvp_overheads_default(&p->devices);
		return KVP_OK;
	case OWN_NO_DEFAULT_OVERHEADS:
		return KVP_OK;   /* acted on before and after pass 2 */
	case OWN_ASSUME_LAYOUT:
		return KVP_OK;   /* acted on in pass 1, before --model */
	case OWN_LORA_FILE:
	case OWN_MMPROJ_FILE: {
		struct kvp_gguf g;
		uint64_t *to = id == OWN_LORA_FILE ? &p->engine.llamacpp.lora_bytes
		                                   : &p->engine.llamacpp.mmproj_bytes;

		memset(&g, 0, sizeof g);
		if (kvp_gguf_read_path(v, &g, NULL, NULL, err) != KVP_OK) {
			kvp_gguf_free(&g);
			return flag_error(err, flag);
		}
		if (id == OWN_MMPROJ_FILE) {
			/* one encoder file: the last one given */
			enum kvp_status st = kvp_mmproj_apply(&g, v,
				&p->engine.llamacpp, err);

			kvp_gguf_free(&g);
			return st == KVP_OK ? KVP_OK : flag_error(err, flag);
		}
		if (kvp_lora_check(&g, v, err) != KVP_OK) {
			kvp_gguf_free(&g);
			return flag_error(err, flag);
		}
		kvp_gguf_free(&g);
		if (!kvp_add(*to, g.tensor_bytes, to))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"--%s: '%s' - the bytes overflow 64 bits", flag, v);
		return KVP_OK;
	}
	case OWN_OVERRIDE_TENSOR:
		return kvp_ot_append(p, v, err);
	case OWN_WEIGHTS:
		return set_key(p, "model.weights.dtype", 0, v, flag, err);
	case OWN_HEAD_DIM:
		if (set_key(p, "model.base.k_dim", 0, v, flag, err) != KVP_OK ||
		    set_key(p, "model.base.v_dim", 0, v, flag, err) != KVP_OK)
			return err->status;
		return KVP_OK;
	case OWN_CLASS: {
		char *end;
		unsigned long n = strtoul(v, &end, 10);

		if (!*v || *end || v[0] == '-' || n >= KVP_MAX_CLASSES)
			return kvp_error_set(err, KVP_EINVAL,
				"--class: '%s' - expected a class index 0..%d", v, KVP_MAX_CLASSES - 1);
		if (n > p->workload.n_classes)
			return kvp_error_set(err, KVP_EINVAL,
				"--class: %lu - classes are numbered from 0 and the plan has %u; "
				"the next new one is %u", n, p->workload.n_classes,
				p->workload.n_classes);
		*cls = n;
		return KVP_OK;
	}
	case OWN_OVERHEAD: {
		const char *eq = strchr(v, '=');
		char name[64];
		size_t idx = p->devices.n_overheads;

		if (!eq || eq == v || (size_t)(eq - v) >= sizeof name)
			return kvp_error_set(err, KVP_EINVAL,
				"--overhead: '%s' - expected NAME=BYTES (cuda_graphs=512MiB)", v);
		snprintf(name, sizeof name, "%.*s", (int)(eq - v), v);
		for (i = 0; i < p->devices.n_overheads; i++)
			if (strcmp(p->devices.overheads[i].name, name) == 0)
				idx = i;   /* same name: replace */
		if (idx >= KVP_MAX_OVERHEADS)
			return kvp_error_set(err, KVP_ERANGE, "--overhead: '%s' - at most %d overheads",
			                     v, KVP_MAX_OVERHEADS);
		{
			struct kvp_plan *tmp = malloc(sizeof *tmp);
			enum kvp_status st;

			if (!tmp)
				return kvp_error_set(err, KVP_ENOMEM, "--overhead: out of memory");
			*tmp = *p;   /* both parts or neither */
			st = set_key(tmp, "devices.overheads[i].name", idx, name, flag, err);
			if (st == KVP_OK)
				st = set_key(tmp, "devices.overheads[i].bytes", idx, eq + 1, flag, err);
			if (st == KVP_OK)
				*p = *tmp;
			free(tmp);
			return st;
		}
	}
	case OWN_PP_LAYERS: {
		uint32_t stages[KVP_MAX_STAGES];
		size_t n = 0;
		const char *s = v;

		memset(stages, 0, sizeof stages);
		while (*s) {
			char *end;
			unsigned long x;

			if (*s < '0' || *s > '9')
				return kvp_error_set(err, KVP_EINVAL,
					"--pp-layers: '%s' - expected layer counts separated by commas", v);
			x = strtoul(s, &end, 10);
			if (x < 1 || x > KVP_MAX_LAYERS || n >= KVP_MAX_STAGES)
				return kvp_error_set(err, KVP_ERANGE,
					"--pp-layers: '%s' - each stage holds 1..%d layers, at most %d stages",
					v, KVP_MAX_LAYERS, KVP_MAX_STAGES);
			stages[n++] = (uint32_t)x;
			s = end;
			if (*s == ',')
				s++;
			else if (*s)
				return kvp_error_set(err, KVP_EINVAL,
					"--pp-layers: '%s' - expected layer counts separated by commas", v);
		}
		if (n == 0)
			return kvp_error_set(err, KVP_EINVAL, "--pp-layers: '' - empty list");
		memcpy(p->devices.pp_layers, stages, sizeof stages);
		return KVP_OK;
	}
	case OWN_NONE:
		break;
	}
	return KVP_OK;
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

enum kvp_status kvp_opts_parse(struct kvp_opts *o, int argc, char **argv,
                               FILE *help_out, struct kvp_error *err)
{
	int i;
	char strat_flag[64] = "", eng_flag[8][64];
	const char *strat_key = NULL, *strat_val = NULL;
	const struct kvp_field *eng_field[8];
	size_t n_eng = 0, k;
	bool only_pos = false, kind_set = false, window_set = false;
	bool shape_flag = false, model_given = false, plan_flag = false;
	bool card_given = false, allow_outside = false, no_defaults = false, asked_defaults = false, defaults;
	size_t cls = 0;

	kvp_error_clear(err);
	o->n_args = 0;
	o->card_note[0] = '\0';
	o->have_plan_file = false;
	o->plan_path = NULL;
	o->name_given = false;
	o->strategy_flag[0] = o->strategy_val[0] = '\0';
	o->strategy_key = NULL;

	/* Pass 1: positionals, unknown flags, missing values, --help. */
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		char name[64];
		const char *eq;
		struct flagref ref;

		if (only_pos || a[0] != '-' || strcmp(a, "-") == 0) {
			if (o->n_args >= KVP_OPTS_MAX_ARGS ||
			    (o->max_args >= 0 && o->n_args >= o->max_args))
				return kvp_error_set(err, KVP_EINVAL,
					"'%s': unexpected argument (%s takes at most %d)", a, o->cmd,
					o->max_args >= 0 ? o->max_args : KVP_OPTS_MAX_ARGS);
			o->args[o->n_args++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_pos = true;
			continue;
		}
		if (strcmp(a, "-h") == 0) {
			o->help = true;
			continue;
		}
		if (a[1] != '-')
			return kvp_error_set(err, KVP_EINVAL,
				"%s: unknown option '%s' (options are long: --name; see kvplan%s%s --help)",
				a, a, strcmp(o->cmd, "kvplan") ? " " : "",
				strcmp(o->cmd, "kvplan") ? o->cmd : "");
		eq = strchr(a + 2, '=');
		snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a - 2) : (int)strlen(a + 2), a + 2);
		if (!lookup(o, name, &ref))
			return unknown_flag(o, name, err);
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_HELP)
			o->help = true;
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_CARD)
			card_given = true;
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_ALLOW_OUTSIDE)
			allow_outside = true;
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_NO_DEFAULT_OVERHEADS)
			no_defaults = true;
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_DEFAULT_OVERHEADS)
			asked_defaults = true;
		if (ref.own >= 0 && own_flags[ref.own].id == OWN_ASSUME_LAYOUT)
			o->assume_layout = true;   /* before any --model */
		if (takes_value(o, &ref)) {
			if (!eq) {
				if (i + 1 >= argc)
					return kvp_error_set(err, KVP_EINVAL, "--%s: missing value", name);
				i++;
			}
		} else if (eq && ref.field == NULL) {
			return kvp_error_set(err, KVP_EINVAL, "--%s: takes no value ('%s')", name, a);
		} else if (!eq && i + 1 < argc && bool_word(argv[i + 1])) {
			/* "--kv-unified true": a switch never takes the next
			 * word, and "true" is no plan file either */
			const char *base = ref.negated ? name + 3 : name;

			if (ref.field)
				return kvp_error_set(err, KVP_EINVAL,
					"--%s %s: a switch takes no separate value - write "
					"--%s, --no-%s or --%s=true|false", name, argv[i + 1],
					base, base, base);
			return kvp_error_set(err, KVP_EINVAL,
				"--%s %s: a switch takes no value - write --%s alone",
				name, argv[i + 1], name);
		}
	}
	if (o->help) {
		kvp_opts_print_help(o, help_out);
		return KVP_OK;
	}

	/* The base plan: the file, or the worked example. The documented
	 * overheads (kvp_overheads_default) come with the worked example and
	 * with --card, unless --no-default-overheads or the plan file lists
	 * overheads of its own; they are completed after the flags, so
	 * --tp/--pp given anywhere on the line bring tp_comm. */
	if (o->plan_arg >= 0 && o->plan_arg < o->n_args) {
		kvp_plan_blank(&o->plan);
		o->plan_path = o->args[o->plan_arg];
		kvp_plan_json_allow_outside(allow_outside);
		if (kvp_plan_json_load(o->plan_path, &o->plan, &o->plan_stamp, err) != KVP_OK)
			return err->status;
		o->have_plan_file = true;
		defaults = card_given && o->plan.devices.n_overheads == 0;
	} else {
		kvp_plan_default(&o->plan);
		o->plan.strategy.max_cache_len = 0;   /* longest sequence */
		if (no_defaults)
			o->plan.devices.n_overheads = 0;   /* all are the defaults */
		defaults = true;
	}
	if (no_defaults)
		defaults = false;
	if (asked_defaults)
		defaults = true;   /* asked for by name: completed at the end too */

	/* Pass 2: apply flags in order. */
	only_pos = false;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *val = NULL;
		char name[64];
		struct flagref ref;
		enum kvp_status st;

		if (only_pos || a[0] != '-' || strcmp(a, "-") == 0)
			continue;   /* positionals were taken in pass 1 */
		if (strcmp(a, "--") == 0) {
			only_pos = true;
			continue;
		}
		if (strcmp(a, "-h") == 0)
			continue;
		eq = strchr(a + 2, '=');
		snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a - 2) : (int)strlen(a + 2), a + 2);
		lookup(o, name, &ref);
		if (takes_value(o, &ref))
			val = eq ? eq + 1 : argv[++i];
		else if (eq)
			val = eq + 1;   /* --bool-flag=false */

		if (ref.extra >= 0) {
			st = o->extra[ref.extra].fn(o->ctx, val, err);
			if (st != KVP_OK) {
				if (strncmp(err->msg, "--", 2) != 0)
					flag_error(err, name);
				return st;
			}
			continue;
		}
		if (ref.own >= 0) {
			st = apply_own(o, own_flags[ref.own].id, name, val, &cls, err);
			if (st != KVP_OK)
				return st;
			switch (own_flags[ref.own].id) {
			case OWN_MODEL:
				model_given = true;
				shape_flag = false;   /* the model replaced the shape */
				plan_flag = true;
				break;
			case OWN_LAYER: case OWN_HEAD_DIM:
				shape_flag = true;
				plan_flag = true;
				break;
			case OWN_FORMAT: case OWN_PER_LAYER: case OWN_HELP:
				break;
			default:
				plan_flag = true;
			}
			continue;
		}
		if (ref.field->type == KVP_FT_BOOL && !val)
			val = ref.negated ? "false" : "true";
		else if (ref.negated)
			return kvp_error_set(err, KVP_EINVAL, "--%s: takes no value ('%s')", name, a);
		if (kvp_field_set(&o->plan, ref.field,
		                  ref.field->indexed && ref.field->array == KVP_ARR_CLASSES ? cls : 0,
		                  val, err) != KVP_OK)
			return flag_error(err, name);
		if (strcmp(ref.field->key, "model.base.kind") == 0)
			kind_set = true;
		if (strcmp(ref.field->key, "model.base.window") == 0)
			window_set = true;
		if (strcmp(ref.field->key, "name") == 0)
			o->name_given = true;
		if (strcmp(ref.field->key, "model.id") == 0)
			model_given = true;   /* the user named the model */
		plan_flag = true;
		if (is_shape_key(ref.field->key))
			shape_flag = true;
		if (strcmp(ref.field->key, "devices.groups[i].count") == 0)
			o->card_count_flag = "--cards";
		if (ref.field->engine != KVP_ENGINE_COUNT && n_eng < 8) {
			snprintf(eng_flag[n_eng], sizeof eng_flag[0], "%s", name);
			eng_field[n_eng++] = ref.field;
		}
		if (!strat_key && strncmp(ref.field->key, "strategy.", 9) == 0) {
			snprintf(strat_flag, sizeof strat_flag, "%s", name);
			strat_key = ref.field->key;
			strat_val = val;
		}
	}
	if (strat_key) {   /* kept for kvp_opts_engine_check (compare) */
		snprintf(o->strategy_flag, sizeof o->strategy_flag, "%s", strat_flag);
		snprintf(o->strategy_val, sizeof o->strategy_val, "%s", strat_val ? strat_val : "true");
		o->strategy_key = strat_key;
	}
	if (strat_key && o->plan.engine.kind != KVP_ENGINE_GENERIC)
		return strategy_under_engine(o->plan.engine.kind, strat_flag, strat_key,
		                             strat_val, err);
	/* An engine's own option under another engine is read by nothing:
	 * said in a note (a script may pass one flag set to every engine, so
	 * it is not refused). compare, sweep, reconcile and the planner may
	 * use it (every engine, an engine axis, the log's engine, a later
	 * switch). */
	for (k = 0; o->one_engine && k < n_eng; k++)
		if (eng_field[k]->engine != (int)o->plan.engine.kind &&
		    o->notes.n < KVP_MAX_NOTES)
			snprintf(o->notes.line[o->notes.n++], sizeof o->notes.line[0],
				"--%s is an option of engine %s (%s), but the plan's "
				"engine is %s: it changes nothing", eng_flag[k],
				kvp_engine_name((enum kvp_engine_kind)eng_field[k]->engine),
				eng_field[k]->key, kvp_engine_name(o->plan.engine.kind));
	/* A plan file may leave the model to --model or the model flags; if
	 * neither gave one, say it is missing (compute would say "0 - must be
	 * 1..512"). */
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
	if (o->card_count_flag && o->plan.devices.n_groups == 1 &&
	    o->plan.devices.groups[0].count == 1) {
		const struct kvp_devices *d = &o->plan.devices;
		uint64_t world = (uint64_t)d->tp * d->pp * d->dp;

		if (world > 1)
			return kvp_error_set(err, KVP_EINVAL,
				"%s: 1 card - tp %u x pp %u x dp %u needs %llu (give "
				"the count, or the card without one to use one per "
				"device)", o->card_count_flag, d->tp, d->pp, d->dp,
				(unsigned long long)world);
	}
	if (defaults)
		kvp_overheads_default(&o->plan.devices);
	name_flag_plan(o, plan_flag, shape_flag, model_given);
	/* The card alias taken ("h100 taken as H100 SXM5 ..."), said with
	 * the model's notes. */
	if (o->card_note[0] && o->notes.n < KVP_MAX_NOTES)
		snprintf(o->notes.line[o->notes.n++], sizeof o->notes.line[0], "%s",
		         o->card_note);
	/* A window on a full-attention base means sliding-window attention;
	 * leaving it unused would silently ignore the flag. */
	if (window_set && !kind_set && o->plan.model.base.kind == KVP_LAYER_FULL &&
	    o->plan.model.base.window > 0)
		o->plan.model.base.kind = KVP_LAYER_SLIDING;
	return KVP_OK;
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
	size_t i;
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
	             "Values: --flag V or --flag=V; booleans --flag / --no-flag.\n");
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
	for (i = 0; i < N_OWN; i++) {
		const char *mvar = own_flags[i].metavar;

		if (own_flags[i].id == OWN_FORMAT) {
			const char *const *fm = o->formats ? o->formats : default_formats;
			size_t k, n = 0;

			mv[0] = '\0';
			for (k = 0; fm[k]; k++)
				n += (size_t)snprintf(mv + n, n < sizeof mv ? sizeof mv - n : 0, "%s%s",
				                      k ? "|" : "", fm[k]);
			mvar = mv;
		}
		snprintf(left, sizeof left, "--%s%s%s", own_flags[i].flag, mvar ? " " : "",
		         mvar ? mvar : "");
		fprintf(out, "  %-34s %s\n", left, own_flags[i].help);
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
