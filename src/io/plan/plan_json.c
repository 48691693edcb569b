/*
 * plan_json.c - the plan documents' entry points: a plan or record read
 * with its spec strings resolved through the preset lookup, and every
 * document written back, one JSON value per field nested by its key path
 * (plan_json.h). The top of io/plan: it calls down to plan_read.c (the
 * field-table reader), preset.c (a "model": "NAME" spec) and
 * tensors_json.c; nothing below calls back.
 *
 * The folder, src/io/plan/: kvplan's own documents (plan files, presets,
 * records) and where presets live. The stages, top down: plan_json.c
 * (this file: plan entry points and writers) -> preset.c (a --model or
 * --card spec resolved to a file or an import) -> preset_names.c (names
 * as people type them: aliases, model ids, variants) -> preset_dirs.c
 * (the search folders, the listing); and plan_json.c, preset.c ->
 * plan_read.c (the field-table reader) -> tensors_json.c (model.tensors)
 * -> json_u64.c (exact integers). layer_table.c writes a per-layer table
 * back as uniform fields plus rules, for the importers. Every key follows
 * the field table (kvplan/field.h), so a new field needs no code here.
 */
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/gguf/override_tensor.h"
#include "io/plan/plan_json.h"
#include "io/plan/tensors_json.h"
#include "kvplan/field.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"

/* ---- reading a plan: spec strings are preset lookups ---- */

static enum kvp_status model_spec(const char *spec, struct kvp_model *m,
                                  struct kvp_error *err)
{
	return kvp_model_load_spec(spec, m, NULL, err);
}

static const struct kvp_spec_loaders preset_specs = {
	.model = model_spec,
	.card = kvp_card_load_spec,
};

enum kvp_status kvp_plan_json_parse(const char *text, size_t len,
                                    const char *name, struct kvp_plan *p,
                                    struct kvp_error *err)
{
	return kvp_plan_read(text, len, name, &preset_specs, p, err);
}

enum kvp_status kvp_plan_json_load(const char *path, struct kvp_plan *p,
                                   struct kvp_file_stamp *stamp,
                                   struct kvp_error *err)
{
	char *text;
	size_t len;
	enum kvp_status st = kvp_file_read(path, KVP_PLAN_MAX_BYTES, &text, &len, stamp, err);

	if (st != KVP_OK)
		return st;
	st = kvp_plan_json_parse(text, len, path, p, err);
	free(text);
	return st;
}

/* ---- writing ---- */

/* The object at dotted path under root, created as needed. */
static cJSON *object_at(cJSON *root, const char *path)
{
	char buf[160], *seg, *save = NULL;
	cJSON *cur = root;

	snprintf(buf, sizeof buf, "%s", path);
	for (seg = strtok_r(buf, ".", &save); seg; seg = strtok_r(NULL, ".", &save)) {
		cJSON *next = cJSON_GetObjectItemCaseSensitive(cur, seg);

		if (!next) {
			next = cJSON_AddObjectToObject(cur, seg);
			if (!next)
				return NULL;
		}
		cur = next;
	}
	return cur;
}

/* The JSON value of field f (element index) of p. */
static cJSON *field_value(const struct kvp_plan *p, const struct kvp_field *f, size_t index)
{
	char text[256];

	kvp_field_format(p, f, index, text, sizeof text);
	switch (f->type) {
	case KVP_FT_U32:
	case KVP_FT_U64:
	case KVP_FT_BYTES:
		if (text[0] < '0' || text[0] > '9')
			return cJSON_CreateString(text);   /* llama.cpp -np "auto" */
		return kvp_json_u64(strtoull(text, NULL, 10));
	case KVP_FT_I32:
	case KVP_FT_PPM:
		return cJSON_CreateRaw(text);
	case KVP_FT_BOOL:
		return cJSON_CreateBool(strcmp(text, "true") == 0);
	case KVP_FT_DTYPE:
		if (f->size == sizeof(struct kvp_format)) {
			/* formats are never indexed (see add_array) */
			const struct kvp_format *fmt =
				(const void *)((const char *)p + f->offset);
			if (fmt->dtype == KVP_DT_GROUPQ) {
				cJSON *o = cJSON_CreateObject();

				if (!o)
					return NULL;
				cJSON_AddStringToObject(o, "dtype", "groupq");
				cJSON_AddItemToObject(o, "bits", kvp_json_u64(fmt->bits));
				cJSON_AddItemToObject(o, "group_size", kvp_json_u64(fmt->group_size));
				cJSON_AddItemToObject(o, "scale_bytes", kvp_json_u64(fmt->scale_bytes));
				cJSON_AddItemToObject(o, "zero_bytes", kvp_json_u64(fmt->zero_bytes));
				cJSON_AddItemToObject(o, "residual", kvp_json_u64(fmt->residual));
				cJSON_AddStringToObject(o, "residual_dtype",
				                        kvp_dtype_name(fmt->residual_dtype));
				return o;
			}
		}
		return cJSON_CreateString(text);
	default:
		return cJSON_CreateString(text);
	}
}

/* Add field f of p under obj at the key's tail after `skip` chars. */
static bool add_field(cJSON *obj, const struct kvp_plan *p, const struct kvp_field *f,
                      size_t index, const char *rel)
{
	char path[160];
	const char *dot = strrchr(rel, '.');
	cJSON *parent = obj, *v;

	if (dot) {
		snprintf(path, sizeof path, "%.*s", (int)(dot - rel), rel);
		parent = object_at(obj, path);
		if (!parent)
			return false;
	}
	v = field_value(p, f, index);
	if (!v)
		return false;
	cJSON_AddItemToObject(parent, dot ? dot + 1 : rel, v);
	return true;
}

/* Write every field of a section ("model", ...) of p into root. */
static bool add_section(cJSON *root, const struct kvp_plan *p, const char *sec)
{
	size_t i, n = strlen(sec);

	for (i = 0; i < kvp_field_count(); i++) {
		const struct kvp_field *f = kvp_field_at(i);

		if (f->indexed || strncmp(f->key, sec, n) != 0 || f->key[n] != '.')
			continue;
		if (!add_field(root, p, f, 0, f->key))
			return false;
	}
	return true;
}

/* Write an indexed array ("workload.classes") with `used` elements. */
static bool add_array(cJSON *root, const struct kvp_plan *p, const char *key,
                      enum kvp_field_array a)
{
	char parent_path[96], pfx[96];
	const char *dot = strrchr(key, '.');
	cJSON *parent, *arr;
	size_t e, i, used = kvp_field_array_used(p, a), plen;

	snprintf(parent_path, sizeof parent_path, "%.*s", (int)(dot - key), key);
	parent = object_at(root, parent_path);
	if (!parent)
		return false;
	arr = cJSON_AddArrayToObject(parent, dot + 1);
	if (!arr)
		return false;
	snprintf(pfx, sizeof pfx, "%s[i].", key);
	plen = strlen(pfx);
	for (e = 0; e < used && e < kvp_field_array_max(a); e++) {
		cJSON *el = cJSON_CreateObject();

		if (!el)
			return false;
		cJSON_AddItemToArray(arr, el);
		for (i = 0; i < kvp_field_count(); i++) {
			const struct kvp_field *f = kvp_field_at(i);

			if (!f->indexed || f->array != a || strncmp(f->key, pfx, plen) != 0)
				continue;
			if (f->type == KVP_FT_DTYPE && f->size == sizeof(struct kvp_format))
				continue; /* no indexed formats in the table */
			if (!add_field(el, p, f, e, f->key + plen))
				return false;
		}
	}
	return true;
}

static bool add_rules(cJSON *root, const struct kvp_model *m)
{
	cJSON *model = object_at(root, "model"), *arr;
	uint32_t i;

	if (!model || !(arr = cJSON_AddArrayToObject(model, "layers")))
		return false;
	for (i = 0; i < m->n_rules && i < KVP_MAX_RULES; i++) {
		char buf[256];
		cJSON *s;

		kvp_rule_format(&m->rules[i], buf, sizeof buf);
		if (!(s = cJSON_CreateString(buf)))
			return false;
		cJSON_AddItemToArray(arr, s);
	}
	return true;
}

/* model.tensors when the weights were read from the model files */
static bool add_tensors(cJSON *root, const struct kvp_model *m)
{
	cJSON *model = object_at(root, "model");
	bool oom;
	cJSON *t = kvp_tensors_json(&m->tensors, &oom);

	if (oom || !model)
		return false;
	if (t)
		cJSON_AddItemToObject(model, "tensors", t);
	return true;
}

/* "draft": the draft model, written with the model's keys (issue 14). */
static bool add_draft(cJSON *root, const struct kvp_plan *p)
{
	struct kvp_plan *tmp;
	cJSON *t, *m;
	bool ok;

	if (p->draft.n_layers == 0)
		return true;
	tmp = malloc(sizeof *tmp);
	t = cJSON_CreateObject();
	ok = tmp && t;
	if (ok) {
		kvp_plan_blank(tmp);
		tmp->model = p->draft;
		ok = add_section(t, tmp, "model") && add_rules(t, &tmp->model) &&
		     add_tensors(t, &tmp->model);
	}
	m = ok ? cJSON_DetachItemFromObjectCaseSensitive(t, "model") : NULL;
	if (m)
		cJSON_AddItemToObject(root, "draft", m);
	cJSON_Delete(t);
	free(tmp);
	return m != NULL;
}

/* engine.llamacpp.override_tensor (-ot), when the plan has one. */
static bool add_override_tensor(cJSON *root, const struct kvp_plan *p)
{
	cJSON *lc;

	if (!p->engine.llamacpp.override_tensor[0])
		return true;
	lc = object_at(root, "engine.llamacpp");
	return lc && cJSON_AddStringToObject(lc, "override_tensor",
	                                     p->engine.llamacpp.override_tensor);
}

static bool add_plan(cJSON *root, const struct kvp_plan *p)
{
	cJSON *dev, *arr;
	size_t i, n;

	if (!add_field(root, p, kvp_field_by_key("name"), 0, "name"))
		return false;
	if (!add_section(root, p, "model") || !add_rules(root, &p->model) ||
	    !add_tensors(root, &p->model) ||
	    !add_array(root, p, "workload.classes", KVP_ARR_CLASSES) ||
	    !add_section(root, p, "workload") || !add_section(root, p, "strategy") ||
	    !add_section(root, p, "engine") || !add_override_tensor(root, p) ||
	    !add_array(root, p, "devices.groups", KVP_ARR_GROUPS) ||
	    !add_section(root, p, "devices") ||
	    !add_array(root, p, "devices.overheads", KVP_ARR_OVERHEADS) ||
	    !add_draft(root, p))
		return false;
	/* pp_layers: up to the last non-zero entry */
	dev = object_at(root, "devices");
	if (!dev || !(arr = cJSON_AddArrayToObject(dev, "pp_layers")))
		return false;
	for (n = KVP_MAX_STAGES; n > 0 && p->devices.pp_layers[n - 1] == 0; n--)
		;
	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, kvp_json_u64(p->devices.pp_layers[i]));
	if (p->workload.n_ragged && p->workload.ragged) {
		cJSON *wl = object_at(root, "workload");

		if (!wl || !(arr = cJSON_AddArrayToObject(wl, "ragged")))
			return false;
		for (i = 0; i < p->workload.n_ragged; i++) {
			cJSON *v = kvp_json_u64(p->workload.ragged[i]);

			if (!v)
				return false;
			cJSON_AddItemToArray(arr, v);
		}
	}
	return true;
}

cJSON *kvp_plan_json_tree(const struct kvp_plan *p, const char *kind)
{
	cJSON *root = cJSON_CreateObject();

	if (!root)
		return NULL;
	cJSON_AddStringToObject(root, "kvplan", kind);
	cJSON_AddItemToObject(root, "version", cJSON_CreateRaw("1"));
	if (!add_plan(root, p)) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

/* Print and delete root; NULL with err set on failure. */
static char *print_tree(cJSON *root, struct kvp_error *err)
{
	char *s, *out;
	size_t n;

	if (!root) {
		kvp_error_set(err, KVP_ENOMEM, "out of memory while writing JSON");
		return NULL;
	}
	s = cJSON_Print(root);
	cJSON_Delete(root);
	if (!s) {
		kvp_error_set(err, KVP_ENOMEM, "out of memory while writing JSON");
		return NULL;
	}
	/* cJSON indents with tabs; end with a newline, in malloc'd memory
	 * the caller can free() */
	n = strlen(s);
	out = malloc(n + 2);
	if (out) {
		memcpy(out, s, n);
		out[n] = '\n';
		out[n + 1] = '\0';
	} else {
		kvp_error_set(err, KVP_ENOMEM, "out of memory while writing JSON");
	}
	cJSON_free(s);
	return out;
}

char *kvp_plan_json_dump(const struct kvp_plan *p, struct kvp_error *err)
{
	return print_tree(kvp_plan_json_tree(p, "plan"), err);
}

/* A fragment: the plan tree's one section under {"kvplan": kind}. */
static char *dump_fragment(const struct kvp_plan *tmp, const char *kind,
                           const char *section, struct kvp_error *err)
{
	cJSON *full = kvp_plan_json_tree(tmp, "plan"), *root, *sec;

	if (!full) {
		kvp_error_set(err, KVP_ENOMEM, "out of memory while writing JSON");
		return NULL;
	}
	root = cJSON_CreateObject();
	sec = cJSON_DetachItemFromObjectCaseSensitive(full, section);
	cJSON_Delete(full);
	if (!root || !sec) {
		cJSON_Delete(root);
		cJSON_Delete(sec);
		kvp_error_set(err, KVP_ENOMEM, "out of memory while writing JSON");
		return NULL;
	}
	cJSON_AddStringToObject(root, "kvplan", kind);
	cJSON_AddItemToObject(root, kind, sec);
	return print_tree(root, err);
}

char *kvp_model_json_dump(const struct kvp_model *m, struct kvp_error *err)
{
	struct kvp_plan *tmp = kvp_plan_fragment(m, NULL, err);
	char *s;

	if (!tmp)
		return NULL;
	s = dump_fragment(tmp, "model", "model", err);
	free(tmp);
	return s;
}

char *kvp_workload_json_dump(const struct kvp_workload *w, struct kvp_error *err)
{
	struct kvp_plan *tmp = kvp_plan_fragment(NULL, w, err);
	char *s;

	if (!tmp)
		return NULL;
	s = dump_fragment(tmp, "workload", "workload", err);
	free(tmp);
	return s;
}

char *kvp_card_json_dump(const struct kvp_card *c, struct kvp_error *err)
{
	cJSON *root = cJSON_CreateObject(), *card;
	struct kvp_plan *tmp = malloc(sizeof *tmp);
	size_t i;
	const char *pfx = "devices.groups[i].card.";
	size_t plen = strlen(pfx);

	if (!root || !tmp || !(card = cJSON_AddObjectToObject(root, "card"))) {
		cJSON_Delete(root);
		free(tmp);
		kvp_error_set(err, KVP_ENOMEM, "out of memory");
		return NULL;
	}
	kvp_plan_blank(tmp);
	tmp->devices.n_groups = 1;
	tmp->devices.groups[0].count = 1;
	tmp->devices.groups[0].card = *c;
	cJSON_AddStringToObject(root, "kvplan", "card");
	cJSON_DetachItemViaPointer(root, card);
	cJSON_AddItemToObject(root, "card", card);
	for (i = 0; i < kvp_field_count(); i++) {
		const struct kvp_field *f = kvp_field_at(i);

		if (f->indexed && strncmp(f->key, pfx, plen) == 0)
			add_field(card, tmp, f, 0, f->key + plen);
	}
	free(tmp);
	return print_tree(root, err);
}

enum kvp_status kvp_plan_json_save(const char *path, const struct kvp_plan *p,
                                   const struct kvp_file_stamp *expect,
                                   struct kvp_error *err)
{
	char *s = kvp_plan_json_dump(p, err);
	enum kvp_status st;

	if (!s)
		return err ? err->status : KVP_ENOMEM;
	st = kvp_file_write_atomic(path, s, strlen(s), expect, NULL, err);
	free(s);
	return st;
}
