/*
 * opts_flags.c - the flags opts.c handles itself (opts_flags.h): one row
 * per flag with its help and the function that checks its value and
 * applies it to the plan. A flag that sets one plan field is a row of the
 * field table (src/core/model/field.c) instead; a flag of one subcommand
 * only is that command's kvp_opt_extra.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts_flags.h"
#include "io/file.h"
#include "io/gguf/gguf.h"
#include "io/gguf/lora.h"
#include "io/gguf/mmproj.h"
#include "io/gguf/override_tensor.h"
#include "io/logs/smi_csv.h"
#include "kvplan/checked.h"
#include "kvplan/field.h"
#include "kvplan/import.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"

static const char *const default_formats[] = { "text", "json", NULL };

const char *const *kvp_opts_formats(const struct kvp_opts *o)
{
	return o->formats ? o->formats : default_formats;
}

enum kvp_status kvp_opts_flag_error(struct kvp_error *err, const char *flag)
{
	char pfx[80];

	snprintf(pfx, sizeof pfx, "--%s", flag);
	kvp_error_prefix(err, pfx);
	return err->status;
}

/* Set the field `key` through its one parser, errors naming the flag. */
static enum kvp_status set_key(struct kvp_plan *p, const char *key, size_t index,
                               const char *value, const char *flag, struct kvp_error *err)
{
	const struct kvp_field *f = kvp_field_by_key(key);

	if (kvp_field_set(p, f, index, value, err) != KVP_OK)
		return kvp_opts_flag_error(err, flag);
	return KVP_OK;
}

/* --- output ------------------------------------------------------------ */

static enum kvp_status own_format(struct kvp_opts *o, const char *flag,
                                  const char *v, size_t *cls, struct kvp_error *err)
{
	const char *const *fm = kvp_opts_formats(o);
	char list[96] = "";
	size_t i, n = 0;

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

static enum kvp_status own_per_layer(struct kvp_opts *o, const char *flag,
                                     const char *v, size_t *cls, struct kvp_error *err)
{
	o->per_layer = true;
	return KVP_OK;
}

/* --- the model, the draft, the workload -------------------------------- */

static enum kvp_status own_model(struct kvp_opts *o, const char *flag,
                                 const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_plan *p = &o->plan;
	struct kvp_model m = p->model;

	memset(&o->notes, 0, sizeof o->notes);
	if (kvp_model_load_spec_opts(v, o->assume_layout ?
	                             KVP_IMPORT_ASSUME_LAYOUT : 0, &m,
	                             &o->notes, err) != KVP_OK)
		return kvp_opts_flag_error(err, flag);
	p->model = m;
	/* The plan name follows the model unless a plan file or --name
	 * chose it: "worked example" on another model would mislead. */
	if (!o->have_plan_file && !o->name_given)
		snprintf(p->name, sizeof p->name, "%s", m.id[0] ? m.id : v);
	return KVP_OK;
}

/* The draft model of speculative decoding, sized into the plan's draft. */
static enum kvp_status load_draft(struct kvp_plan *p, const char *flag,
                                  const char *v, struct kvp_error *err)
{
	struct kvp_model m;

	memset(&m, 0, sizeof m);
	if (kvp_model_load_spec(v, &m, NULL, err) != KVP_OK)
		return kvp_opts_flag_error(err, flag);
	p->draft = m;
	return KVP_OK;
}

static enum kvp_status own_model_draft(struct kvp_opts *o, const char *flag,
                                       const char *v, size_t *cls, struct kvp_error *err)
{
	return load_draft(&o->plan, flag, v, err);
}

static enum kvp_status own_spec_model(struct kvp_opts *o, const char *flag,
                                      const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_plan *p = &o->plan;

	if (load_draft(p, flag, v, err) != KVP_OK)
		return err->status;
	p->engine.vllm.speculative_method = kvp_draft_method(&p->draft,
		p->engine.vllm.speculative_method);
	return KVP_OK;
}

static enum kvp_status own_workload(struct kvp_opts *o, const char *flag,
                                    const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_workload w = o->plan.workload;

	if (kvp_workload_load_spec(v, &w, err) != KVP_OK)
		return kvp_opts_flag_error(err, flag);
	o->plan.workload = w;
	return KVP_OK;
}

/* --- the card ---------------------------------------------------------- */

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

static enum kvp_status own_card(struct kvp_opts *o, const char *flag,
                                const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_plan *p = &o->plan;
	struct kvp_card c;
	char name[512];
	const char *x = strrchr(v, 'x'), *bx = strrchr(v, 'X');
	unsigned long count = 0;
	int smi = card_from_smi(p, o, v, err);

	if (smi)
		return smi < 0 ? kvp_opts_flag_error(err, flag) : KVP_OK;

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
		return kvp_opts_flag_error(err, flag);
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

/* --- the model's shape and formats ------------------------------------- */

static enum kvp_status own_layer(struct kvp_opts *o, const char *flag,
                                 const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_model *m = &o->plan.model;

	if (m->n_rules >= KVP_MAX_RULES)
		return kvp_error_set(err, KVP_ERANGE, "--layer: '%s' - at most %d rules",
		                     v, KVP_MAX_RULES);
	if (kvp_rule_parse(v, &m->rules[m->n_rules], err) != KVP_OK)
		return kvp_opts_flag_error(err, flag);
	m->n_rules++;
	return KVP_OK;
}

/* One value for two fields (--kv-dtype: K and V formats; --head-dim: K
 * and V dims), the first one's error winning. */
static enum kvp_status set_pair(struct kvp_opts *o, const char *k1, const char *k2,
                                const char *flag, const char *v, struct kvp_error *err)
{
	if (set_key(&o->plan, k1, 0, v, flag, err) != KVP_OK ||
	    set_key(&o->plan, k2, 0, v, flag, err) != KVP_OK)
		return err->status;
	return KVP_OK;
}

static enum kvp_status own_kv_dtype(struct kvp_opts *o, const char *flag,
                                    const char *v, size_t *cls, struct kvp_error *err)
{
	return set_pair(o, "model.base.k_dtype", "model.base.v_dtype", flag, v, err);
}

static enum kvp_status own_head_dim(struct kvp_opts *o, const char *flag,
                                    const char *v, size_t *cls, struct kvp_error *err)
{
	return set_pair(o, "model.base.k_dim", "model.base.v_dim", flag, v, err);
}

static enum kvp_status own_weights(struct kvp_opts *o, const char *flag,
                                   const char *v, size_t *cls, struct kvp_error *err)
{
	return set_key(&o->plan, "model.weights.dtype", 0, v, flag, err);
}

/* --- devices ----------------------------------------------------------- */

static enum kvp_status own_kv_offloading_size(struct kvp_opts *o, const char *flag,
                                              const char *v, size_t *cls,
                                              struct kvp_error *err)
{
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
	return set_key(&o->plan, "devices.kv_offload_bytes", 0, v, flag, err);
}

static enum kvp_status own_default_overheads(struct kvp_opts *o, const char *flag,
                                             const char *v, size_t *cls,
                                             struct kvp_error *err)
{
	kvp_overheads_default(&o->plan.devices);
	return KVP_OK;
}

static enum kvp_status own_overhead(struct kvp_opts *o, const char *flag,
                                    const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_plan *p = &o->plan, *tmp;
	const char *eq = strchr(v, '=');
	char name[64];
	size_t i, idx = p->devices.n_overheads;
	enum kvp_status st;

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
	tmp = malloc(sizeof *tmp);
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

static enum kvp_status own_pp_layers(struct kvp_opts *o, const char *flag,
                                     const char *v, size_t *cls, struct kvp_error *err)
{
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
	memcpy(o->plan.devices.pp_layers, stages, sizeof stages);
	return KVP_OK;
}

/* --- the workload's classes -------------------------------------------- */

static enum kvp_status own_class(struct kvp_opts *o, const char *flag,
                                 const char *v, size_t *cls, struct kvp_error *err)
{
	const struct kvp_workload *w = &o->plan.workload;
	char *end;
	unsigned long n = strtoul(v, &end, 10);

	if (!*v || *end || v[0] == '-' || n >= KVP_MAX_CLASSES)
		return kvp_error_set(err, KVP_EINVAL,
			"--class: '%s' - expected a class index 0..%d", v, KVP_MAX_CLASSES - 1);
	if (n > w->n_classes)
		return kvp_error_set(err, KVP_EINVAL,
			"--class: %lu - classes are numbered from 0 and the plan has %u; "
			"the next new one is %u", n, w->n_classes, w->n_classes);
	*cls = n;
	return KVP_OK;
}

/* --- llama.cpp's files ------------------------------------------------- */

/* The GGUF file v, read for its tensors (freed by the caller). */
static enum kvp_status read_gguf(const char *flag, const char *v,
                                 struct kvp_gguf *g, struct kvp_error *err)
{
	memset(g, 0, sizeof *g);
	if (kvp_gguf_read_path(v, g, NULL, NULL, err) != KVP_OK) {
		kvp_gguf_free(g);
		return kvp_opts_flag_error(err, flag);
	}
	return KVP_OK;
}

static enum kvp_status own_lora(struct kvp_opts *o, const char *flag,
                                const char *v, size_t *cls, struct kvp_error *err)
{
	uint64_t *to = &o->plan.engine.llamacpp.lora_bytes;
	struct kvp_gguf g;

	if (read_gguf(flag, v, &g, err) != KVP_OK)
		return err->status;
	if (kvp_lora_check(&g, v, err) != KVP_OK) {
		kvp_gguf_free(&g);
		return kvp_opts_flag_error(err, flag);
	}
	kvp_gguf_free(&g);
	if (!kvp_add(*to, g.tensor_bytes, to))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"--%s: '%s' - the bytes overflow 64 bits", flag, v);
	return KVP_OK;
}

static enum kvp_status own_mmproj(struct kvp_opts *o, const char *flag,
                                  const char *v, size_t *cls, struct kvp_error *err)
{
	struct kvp_gguf g;
	enum kvp_status st;

	if (read_gguf(flag, v, &g, err) != KVP_OK)
		return err->status;
	/* one encoder file: the last one given */
	st = kvp_mmproj_apply(&g, v, &o->plan.engine.llamacpp, err);
	kvp_gguf_free(&g);
	return st == KVP_OK ? KVP_OK : kvp_opts_flag_error(err, flag);
}

static enum kvp_status own_override_tensor(struct kvp_opts *o, const char *flag,
                                           const char *v, size_t *cls,
                                           struct kvp_error *err)
{
	return kvp_ot_append(&o->plan, v, err);
}

/* --- the table --------------------------------------------------------- */

#define PLAN   KVP_OWN_PLAN
#define SHAPE  KVP_OWN_SHAPE
#define MODEL  KVP_OWN_MODEL
#define OUTPUT KVP_OWN_OUTPUT

static const struct kvp_own_flag own_flags[] = {
	{ "model", "SPEC", "model preset name, preset file or HF config.json (file or folder)",
	  MODEL, 0, own_model },
	{ "workload", "SPEC", "workload preset name or file",
	  PLAN, 0, own_workload },
	{ "card", "SPEC[xN]", "card preset name (or as nvidia-smi names it) or file, or nvidia-smi --query-gpu=name,memory.total --format=csv output in a file (one card group), xN: N cards",
	  PLAN, KVP_OWN_EARLY_CARD, own_card },
	{ "layer", "RULE", "layer override rule, repeatable: '5-47/6:kind=full,kv_heads=4'",
	  SHAPE, 0, own_layer },
	{ "kv-dtype", "FORMAT", "K and V format (f16, bf16, fp8, q8_0, groupq:bits=4...)",
	  PLAN, 0, own_kv_dtype },
	{ "head-dim", "N", "K and V head dim",
	  SHAPE, 0, own_head_dim },
	{ "weights", "FORMAT", "weight format (alias of --weights-dtype: bf16, fp8, int4, nf4, q4_k_m...)",
	  PLAN, 0, own_weights },
	{ "default-overheads", NULL, "add the documented runtime overheads (CUDA context, graphs, TP buffers) to a plan file's devices",
	  PLAN, KVP_OWN_EARLY_DEFAULTS, own_default_overheads },
	{ "no-default-overheads", NULL, "leave out the documented runtime overheads that the worked example and --card bring",
	  PLAN, KVP_OWN_EARLY_NO_DEFAULTS, NULL },   /* acted on around pass 2 */
	{ "class", "N", "following class flags act on workload.classes[N] (from 0)",
	  PLAN, 0, own_class },
	{ "overhead", "NAME=BYTES", "runtime overhead per device, repeatable",
	  PLAN, 0, own_overhead },
	{ "pp-layers", "A,B,...", "layers per pipeline stage",
	  PLAN, 0, own_pp_layers },
	{ "format", "FMT", "output format",
	  OUTPUT, 0, own_format },
	{ "per-layer", NULL, "per-layer table in the text output",
	  OUTPUT, 0, own_per_layer },
	{ "allow-outside-paths", NULL, "let the plan file name model or card files outside its own folder (a plan may come from someone else: off by default)",
	  PLAN, KVP_OWN_EARLY_OUTSIDE, NULL },   /* before the plan file is read */
	{ "help", NULL, "this help",
	  OUTPUT, KVP_OWN_EARLY_HELP, NULL },
	{ "lora", "FILE", "llama.cpp --lora adapter (GGUF), repeatable: its tensor bytes are added to engine.llamacpp.lora_bytes",
	  PLAN, 0, own_lora },
	{ "override-tensor", "PATTERN=BUFFER[,...]", "llama.cpp -ot: tensors whose GGUF name the pattern finds go to BUFFER (CPU or CUDA0), first match wins; repeatable [engine.llamacpp.override_tensor]",
	  PLAN, 0, own_override_tensor },
	{ "mmproj", "FILE", "llama.cpp --mmproj encoder file (GGUF): its tensor bytes set engine.llamacpp.mmproj_bytes, its clip.vision keys the engine.llamacpp.mmproj_* fields",
	  PLAN, 0, own_mmproj },
	{ "model-draft", "SPEC", "llama.cpp -md, --model-draft: the draft model of speculative decoding (preset name, preset file, config.json or GGUF); sized into the plan's draft",
	  PLAN, 0, own_model_draft },
	{ "speculative-model", "SPEC", "vLLM --speculative-config '{\"model\": SPEC}': the draft model (preset, config.json or GGUF); sets --speculative-method draft_model, or eagle3 for an EAGLE-3 head; a method eagle given stays",
	  PLAN, 0, own_spec_model },
	{ "kv-offloading-size", "GIB", "vLLM --kv-offloading-size: GiB of KV offloading buffer in host memory, all TP ranks together; a bare number is GiB, as vLLM takes it (sets devices.kv_offload_bytes)",
	  PLAN, 0, own_kv_offloading_size },
	{ "assume-layout", NULL, "import a config.json (--model) whose model_type or layout keys kvplan does not read, with the layout it does read; every output then warns (KVP-W16)",
	  PLAN, KVP_OWN_EARLY_ASSUME, NULL },   /* before any --model */
};

const struct kvp_own_flag *kvp_own_flags(size_t *n)
{
	*n = sizeof own_flags / sizeof own_flags[0];
	return own_flags;
}
