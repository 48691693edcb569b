/*
 * plan_read.c - plan, preset fragment and record documents -> struct
 * kvp_plan, driven by the field table (kvplan/field.h). See plan_json.h
 * for the formats and the rules every message follows.
 *
 * Parse with cJSON, walk the tree, turn each scalar into the field's text
 * form and hand it to kvp_field_set (the one parser and range check),
 * into a scratch copy of the plan; copy out only when the whole document
 * is good; delete the tree. A spec string in a plan ("model": "NAME") is
 * loaded through the loaders the caller passes (plan_json.c passes the
 * preset lookup), so this reader never calls up into preset.c, which
 * reads its preset files through here.
 */
#include <cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "io/gguf/override_tensor.h"
#include "io/plan/plan_read.h"
#include "io/plan/tensors_json.h"
#include "kvplan/field.h"
#include "kvplan/layers.h"

#define EXACT_MAX 9007199254740992.0   /* 2^53 */

static const char *const doc_names[KVP_DOC_COUNT] = {
	[KVP_DOC_PLAN] = "plan",
	[KVP_DOC_RECORD] = "record",
	[KVP_DOC_MODEL] = "model",
	[KVP_DOC_CARD] = "card",
	[KVP_DOC_WORKLOAD] = "workload",
};

/* snprintf for paths and keys: truncation is harmless (messages only
 * grow past the buffers for absurd keys) and wanted silent. */
static void spf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void spf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

const char *kvp_doc_kind_name(enum kvp_doc_kind k)
{
	return (unsigned)k < KVP_DOC_COUNT ? doc_names[k] : "?";
}

/* ---- reading ---- */

struct rd {
	const char *file;          /* for messages */
	struct kvp_plan *p;        /* scratch plan being filled */
	struct kvp_error *err;
	uint64_t *ragged;          /* allocated list, owned until copied out */
	size_t n_ragged;
	bool saw_ragged;
	/* how "model"/"draft"/a group's "card" spec strings are loaded:
	 * set for plans and records, the only documents holding them */
	const struct kvp_spec_loaders *specs;
};

/* A short text of a JSON value for messages. */
static void value_text(const cJSON *v, char *buf, size_t n)
{
	char *s = cJSON_PrintUnformatted(v);

	if (!s) {
		snprintf(buf, n, "(value)");
		return;
	}
	if (strlen(s) > 48)
		snprintf(buf, n, "%.45s...", s);
	else
		snprintf(buf, n, "%s", s);
	cJSON_free(s);
}

static enum kvp_status bad(struct rd *r, const char *path, const cJSON *v,
                           const char *why)
{
	char val[64];

	value_text(v, val, sizeof val);
	return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: %s - %s", r->file, path, val, why);
}

/* Set field f (element `index`) from JSON value v at display path `path`. */
static enum kvp_status set_scalar(struct rd *r, const struct kvp_field *f,
                                  size_t index, const char *path, const cJSON *v)
{
	char text[64];
	const char *t = text;
	struct kvp_error e;

	switch (f->type) {
	case KVP_FT_STRING:
		if (!cJSON_IsString(v))
			return bad(r, path, v, "expected a string");
		t = v->valuestring;
		break;
	case KVP_FT_BOOL:
		if (!cJSON_IsBool(v))
			return bad(r, path, v, "expected true or false");
		t = cJSON_IsTrue(v) ? "true" : "false";
		break;
	case KVP_FT_U32:
	case KVP_FT_U64:
	case KVP_FT_I32:
	case KVP_FT_BYTES:
		if (cJSON_IsString(v)) {
			t = v->valuestring;
			break;
		}
		if (!cJSON_IsNumber(v))
			return bad(r, path, v, "expected a number");
		if (v->valuedouble != floor(v->valuedouble))
			return bad(r, path, v, "expected a whole number");
		if (!isfinite(v->valuedouble))
			return kvp_error_set(r->err, KVP_ERANGE, "%s: %s: a number "
				"beyond %s1.8e308 - out of range", r->file, path,
				v->valuedouble < 0 ? "-" : "");
		if (fabs(v->valuedouble) >= EXACT_MAX)
			return bad(r, path, v, "too large to read exactly from a JSON number; "
			           "write it as a string");
		snprintf(text, sizeof text, "%.0f", v->valuedouble);
		break;
	case KVP_FT_PPM:
		if (cJSON_IsString(v)) {
			t = v->valuestring;
			break;
		}
		if (!cJSON_IsNumber(v))
			return bad(r, path, v, "expected a fraction such as 0.9");
		if (v->valuedouble < 0)
			return bad(r, path, v, "must not be negative");
		if (v->valuedouble > 1e6)
			return bad(r, path, v, "must be at most 1");
		/* Six places hold every ppm exactly; anything finer is refused
		 * rather than rounded. */
		snprintf(text, sizeof text, "%.6f", v->valuedouble);
		if (fabs(strtod(text, NULL) - v->valuedouble) > 1e-9)
			return bad(r, path, v, "is finer than one part per million");
		break;
	case KVP_FT_TRISTATE:   /* auto/on/off; a file's true/false: on/off */
		if (cJSON_IsBool(v)) {
			t = cJSON_IsTrue(v) ? "on" : "off";
			break;
		}
		if (!cJSON_IsString(v))
			return bad(r, path, v, "expected \"auto\", \"on\" or \"off\"");
		t = v->valuestring;
		break;
	default: /* enums and formats by name */
		if (!cJSON_IsString(v))
			return bad(r, path, v, "expected a name (string)");
		t = v->valuestring;
		break;
	}
	kvp_error_clear(&e);
	if (kvp_field_set(r->p, f, index, t, &e) != KVP_OK) {
		/* kvp_field_set names the key path and the value itself */
		kvp_error_set(r->err, e.status, "%s: %s", r->file, e.msg);
		return e.status;
	}
	return KVP_OK;
}

/* A cache format written as an object {"dtype":"groupq","bits":4,...}. */
static enum kvp_status set_format_object(struct rd *r, const struct kvp_field *f,
                                         size_t index, const char *path,
                                         const cJSON *obj)
{
	static const char *const num_keys[] = {
		"bits", "group_size", "scale_bytes", "zero_bytes", "residual" };
	char text[256];
	size_t o, i;
	const cJSON *it, *dt;
	struct kvp_error e;
	char sub[160];

	dt = cJSON_GetObjectItemCaseSensitive(obj, "dtype");
	if (!dt) {
		spf(sub, sizeof sub, "%s.dtype", path);
		return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: missing - a format object needs \"dtype\"",
		                     r->file, sub);
	}
	if (!cJSON_IsString(dt)) {
		spf(sub, sizeof sub, "%s.dtype", path);
		return bad(r, sub, dt, "expected a format name");
	}
	o = (size_t)snprintf(text, sizeof text, "%s", dt->valuestring);
	cJSON_ArrayForEach(it, obj) {
		bool known = false;

		if (strcmp(it->string, "dtype") == 0)
			continue;
		spf(sub, sizeof sub, "%s.%s", path, it->string);
		if (strcmp(it->string, "residual_dtype") == 0) {
			if (!cJSON_IsString(it))
				return bad(r, sub, it, "expected a format name");
			o += (size_t)snprintf(text + o, o < sizeof text ? sizeof text - o : 0,
			                      ":residual_dtype=%s", it->valuestring);
			continue;
		}
		for (i = 0; i < sizeof num_keys / sizeof num_keys[0]; i++)
			if (strcmp(it->string, num_keys[i]) == 0)
				known = true;
		if (!known)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: %s: unknown key (expected dtype, bits, group_size, "
				"scale_bytes, zero_bytes, residual, residual_dtype)", r->file, sub);
		if (!cJSON_IsNumber(it) || it->valuedouble < 0 ||
		    it->valuedouble != floor(it->valuedouble) || it->valuedouble >= EXACT_MAX)
			return bad(r, sub, it, "expected a whole number");
		o += (size_t)snprintf(text + o, o < sizeof text ? sizeof text - o : 0,
		                      ":%s=%.0f", it->string, it->valuedouble);
	}
	if (o >= sizeof text)
		return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: format object too long", r->file, path);
	if (cJSON_GetArraySize(obj) > 1 && strcmp(dt->valuestring, "groupq") != 0)
		return kvp_error_set(r->err, KVP_EINVAL,
			"%s: %s: \"%s\" - only a groupq format takes parameters", r->file, path,
			dt->valuestring);
	kvp_error_clear(&e);
	if (kvp_field_set(r->p, f, index, text, &e) != KVP_OK) {
		kvp_error_set(r->err, e.status, "%s: %s", r->file, e.msg);
		return e.status;
	}
	return KVP_OK;
}

/* Does any field key start with prefix + "."? (prefix names an object) */
static bool is_object_prefix(const char *prefix)
{
	size_t i, n = strlen(prefix);

	for (i = 0; i < kvp_field_count(); i++) {
		const char *k = kvp_field_at(i)->key;

		if (strncmp(k, prefix, n) == 0 && k[n] == '.')
			return true;
	}
	return false;
}

static enum kvp_status load_object(struct rd *r, const cJSON *obj,
                                   const char *keypfx, const char *pathpfx,
                                   size_t index);

static enum kvp_status load_rules(struct rd *r, const cJSON *arr, const char *path)
{
	const cJSON *it;
	size_t i = 0;
	char sub[96];

	if (!cJSON_IsArray(arr))
		return bad(r, path, arr, "expected an array of rule strings such as \"5-47/6:kind=full\"");
	if (cJSON_GetArraySize(arr) > KVP_MAX_RULES)
		return kvp_error_set(r->err, KVP_ERANGE, "%s: %s: %d rules - at most %d", r->file,
		                     path, cJSON_GetArraySize(arr), KVP_MAX_RULES);
	r->p->model.n_rules = 0;
	cJSON_ArrayForEach(it, arr) {
		struct kvp_error e;

		spf(sub, sizeof sub, "%s[%zu]", path, i);
		if (!cJSON_IsString(it))
			return bad(r, sub, it, "expected a rule string such as \"5-47/6:kind=full\"");
		kvp_error_clear(&e);
		if (kvp_rule_parse(it->valuestring, &r->p->model.rules[i], &e) != KVP_OK) {
			kvp_error_set(r->err, e.status, "%s: %s: %s", r->file, sub, e.msg);
			return e.status;
		}
		i++;
	}
	r->p->model.n_rules = (uint32_t)i;
	return KVP_OK;
}

/* An array of whole numbers into out[max]; *n gets the count. */
static enum kvp_status load_u64_list(struct rd *r, const cJSON *arr, const char *path,
                                     uint64_t *out, size_t max, size_t *n,
                                     uint64_t lo, uint64_t hi)
{
	const cJSON *it;
	size_t i = 0;
	char sub[96];

	if (!cJSON_IsArray(arr))
		return bad(r, path, arr, "expected an array of whole numbers");
	if ((size_t)cJSON_GetArraySize(arr) > max)
		return kvp_error_set(r->err, KVP_ERANGE, "%s: %s: %d entries - at most %zu",
		                     r->file, path, cJSON_GetArraySize(arr), max);
	cJSON_ArrayForEach(it, arr) {
		double d;

		spf(sub, sizeof sub, "%s[%zu]", path, i);
		if (!cJSON_IsNumber(it))
			return bad(r, sub, it, "expected a whole number");
		d = it->valuedouble;
		if (d != floor(d) || d < 0 || d >= EXACT_MAX)
			return bad(r, sub, it, "expected a whole number from 0 to 2^53");
		if ((uint64_t)d < lo || (uint64_t)d > hi) {
			char why[64];

			snprintf(why, sizeof why, "must be %llu..%llu", (unsigned long long)lo,
			         (unsigned long long)hi);
			return bad(r, sub, it, why);
		}
		out[i++] = (uint64_t)d;
	}
	*n = i;
	return KVP_OK;
}

/* An array of objects for workload.classes / devices.groups / overheads. */
static enum kvp_status load_array(struct rd *r, const cJSON *arr, const char *key,
                                  const char *path, enum kvp_field_array a)
{
	const cJSON *it;
	size_t i = 0, max = kvp_field_array_max(a);
	char keypfx[64], sub[96];

	if (!cJSON_IsArray(arr))
		return bad(r, path, arr, "expected an array of objects");
	if ((size_t)cJSON_GetArraySize(arr) > max)
		return kvp_error_set(r->err, KVP_ERANGE, "%s: %s: %d entries - at most %zu",
		                     r->file, path, cJSON_GetArraySize(arr), max);
	/* The array replaces what was there. */
	switch (a) {
	case KVP_ARR_CLASSES: r->p->workload.n_classes = 0; break;
	case KVP_ARR_GROUPS: r->p->devices.n_groups = 0; break;
	case KVP_ARR_OVERHEADS: r->p->devices.n_overheads = 0; break;
	default: break;
	}
	spf(keypfx, sizeof keypfx, "%s[i]", key);
	cJSON_ArrayForEach(it, arr) {
		enum kvp_status st;

		spf(sub, sizeof sub, "%s[%zu]", path, i);
		if (!cJSON_IsObject(it))
			return bad(r, sub, it, "expected an object");
		/* Make element i exist with its defaults even if it is {}. */
		switch (a) {
		case KVP_ARR_CLASSES:
			memset(&r->p->workload.classes[i], 0, sizeof r->p->workload.classes[i]);
			r->p->workload.classes[i].samples = 1;
			r->p->workload.n_classes = (uint32_t)(i + 1);
			break;
		case KVP_ARR_GROUPS:
			memset(&r->p->devices.groups[i], 0, sizeof r->p->devices.groups[i]);
			r->p->devices.groups[i].count = 1;
			r->p->devices.n_groups = (uint32_t)(i + 1);
			break;
		case KVP_ARR_OVERHEADS:
			memset(&r->p->devices.overheads[i], 0, sizeof r->p->devices.overheads[i]);
			r->p->devices.n_overheads = (uint32_t)(i + 1);
			break;
		default:
			break;
		}
		st = load_object(r, it, keypfx, sub, i);
		if (st != KVP_OK)
			return st;
		i++;
	}
	return KVP_OK;
}

/* Paths a plan names may leave its folder (--allow-outside-paths). */
static bool outside_ok;

void kvp_plan_json_allow_outside(bool allow)
{
	outside_ok = allow;
}

/* Does `path` stay inside folder `dir`? Lexically (".." never climbing
 * out of it), then, when both exist, by their real paths (a symlink in
 * the folder pointing out leaves it too). */
static bool inside(const char *dir, const char *rel, const char *path)
{
	char rd[PATH_MAX], rp[PATH_MAX];
	const char *c = rel;
	int depth = 0;
	size_t dl;

	if (rel[0] == '/')
		return false;
	while (*c) {
		size_t len = strcspn(c, "/");

		if (len == 2 && c[0] == '.' && c[1] == '.')
			depth--;
		else if (len && !(len == 1 && c[0] == '.'))
			depth++;
		if (depth < 0)
			return false;
		c += len;
		while (*c == '/')
			c++;
	}
	if (!realpath(dir, rd) || !realpath(path, rp))
		return true;   /* nothing there to read: the loader says so */
	dl = strlen(rd);
	return strncmp(rp, rd, dl) == 0 && (rp[dl] == '/' || rp[dl] == '\0' ||
	                                    (dl == 1 && rd[0] == '/'));
}

/*
 * A spec string in a plan ("model": "llama-3.1-8b", a group's "card":
 * "h100-80gb-sxm"): a relative path - one with a '/', one ending in
 * ".json", or the name of a file next to the plan - is taken from the
 * plan file's folder; anything else is a preset name (preset.h). A plan
 * is untrusted: a path that leaves its folder (absolute, "..", or a
 * symlink out) is refused unless kvp_plan_json_allow_outside(true).
 */
static enum kvp_status spec_path(struct rd *r, const char *what,
                                 const char *spec, char *out, size_t n)
{
	const char *slash = strrchr(r->file, '/');
	size_t l = strlen(spec);
	char dir[4096];
	struct stat sb;
	bool is_path = spec[0] == '/' || strchr(spec, '/') ||
	               (l > 5 && !strcmp(spec + l - 5, ".json"));

	spf(dir, sizeof dir, "%.*s", slash ? (int)(slash - r->file) : 1,
	    slash ? r->file : ".");
	if (spec[0] == '/' || !slash)
		spf(out, n, "%s", spec);
	else
		spf(out, n, "%s/%s", dir, spec);
	if (!is_path && stat(out, &sb) != 0) {
		spf(out, n, "%s", spec);   /* a preset name */
		return KVP_OK;
	}
	if (!outside_ok && !inside(dir, spec, out))
		return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: '%.200s' - leaves "
			"the plan's folder (a plan may come from someone else; "
			"--allow-outside-paths reads it)", r->file, what, spec);
	return KVP_OK;
}

/* The loader's message after "FILE: PATH: " (its own "--model: " prefix,
 * meant for the flag, dropped). */
static enum kvp_status spec_error(struct rd *r, const char *path, enum kvp_status st)
{
	char msg[KVP_ERRMSG_MAX];
	const char *m = r->err->msg;

	if (!strncmp(m, "--", 2) && strstr(m, ": "))
		m = strstr(m, ": ") + 2;
	spf(msg, sizeof msg, "%s", m);
	return kvp_error_set(r->err, st, "%s: %s: %s", r->file, path, msg);
}

/* "model": "SPEC" in a plan: the model it names replaces the plan's. */
static enum kvp_status load_model_spec(struct rd *r, const cJSON *v)
{
	char path[4096];
	struct kvp_model m;
	enum kvp_status st;

	if (!*v->valuestring)
		return bad(r, "model", v, "expected a model object or a model spec "
		           "(preset name, preset file or config.json)");
	st = spec_path(r, "model", v->valuestring, path, sizeof path);
	if (st != KVP_OK)
		return st;
	m = r->p->model;
	st = r->specs->model(path, &m, r->err);
	if (st != KVP_OK)
		return spec_error(r, "model", st);
	r->p->model = m;
	return KVP_OK;
}

/*
 * "draft": the draft model of speculative decoding (issue 14), a model
 * object (the "model" keys, checked the same way, paths named "draft.*")
 * or a model spec string. Loaded through the model's keys with the
 * plan's own model set aside.
 */
static enum kvp_status load_draft(struct rd *r, const cJSON *v)
{
	struct kvp_plan *b;
	enum kvp_status st;

	if (cJSON_IsString(v)) {
		char path[4096];
		struct kvp_model m;

		if (!*v->valuestring)
			return bad(r, "draft", v, "expected a model object or a model "
			           "spec (preset name, preset file or config.json)");
		st = spec_path(r, "draft", v->valuestring, path, sizeof path);
		if (st != KVP_OK)
			return st;
		memset(&m, 0, sizeof m);
		st = r->specs->model(path, &m, r->err);
		if (st != KVP_OK)
			return spec_error(r, "draft", st);
		r->p->draft = m;
		return KVP_OK;
	}
	if (!cJSON_IsObject(v))
		return bad(r, "draft", v, "expected a model object or a model spec string");
	b = malloc(sizeof *b);
	if (!b)
		return kvp_error_set(r->err, KVP_ENOMEM, "%s: out of memory", r->file);
	kvp_plan_blank(b);
	{
		/* the plan's model set aside in b, a blank one loaded */
		struct kvp_model keep = r->p->model;

		r->p->model = b->model;
		b->model = keep;
	}
	st = load_object(r, v, "model", "draft", 0);
	if (st == KVP_OK && (r->p->model.n_layers == 0 || r->p->model.q_heads == 0))
		st = kvp_error_set(r->err, KVP_EINVAL,
			"%s: draft.%s: missing - a model needs it", r->file,
			r->p->model.n_layers ? "q_heads" : "n_layers");
	if (st == KVP_OK)
		r->p->draft = r->p->model;
	r->p->model = b->model;
	free(b);
	return st;
}

/* "card": "SPEC" in devices.groups[i]: the card preset it names. */
static enum kvp_status load_card_spec(struct rd *r, const cJSON *v, const char *path_,
                                      size_t index)
{
	char path[4096];
	struct kvp_card c;
	enum kvp_status st;

	if (!*v->valuestring)
		return bad(r, path_, v, "expected a card object or a card preset "
		           "name or file");
	st = spec_path(r, path_, v->valuestring, path, sizeof path);
	if (st != KVP_OK)
		return st;
	memset(&c, 0, sizeof c);
	st = r->specs->card(path, &c, r->err);
	if (st != KVP_OK)
		return spec_error(r, path_, st);
	r->p->devices.groups[index].card = c;
	return KVP_OK;
}

static enum kvp_status load_special(struct rd *r, const cJSON *v, const char *key,
                                    const char *path, bool *handled)
{
	*handled = true;
	if (strcmp(key, "model.layers") == 0)
		return load_rules(r, v, path);
	if (strcmp(key, "engine.llamacpp.override_tensor") == 0) {
		/* -ot as llama.cpp takes it; resolved once the plan is read */
		if (!cJSON_IsString(v) || strlen(v->valuestring) >=
		    sizeof r->p->engine.llamacpp.override_tensor)
			return bad(r, path, v, "expected a string of PATTERN=BUFFER items "
			           "joined by ',' (at most 511 characters)");
		snprintf(r->p->engine.llamacpp.override_tensor,
		         sizeof r->p->engine.llamacpp.override_tensor, "%s",
		         v->valuestring);
		return KVP_OK;
	}
	if (strcmp(key, "model.tensors") == 0)
		return kvp_tensors_from_json(v, r->file, path, &r->p->model.tensors,
		                             r->err);
	if (strcmp(key, "workload.classes") == 0)
		return load_array(r, v, key, path, KVP_ARR_CLASSES);
	if (strcmp(key, "devices.groups") == 0)
		return load_array(r, v, key, path, KVP_ARR_GROUPS);
	if (strcmp(key, "devices.overheads") == 0)
		return load_array(r, v, key, path, KVP_ARR_OVERHEADS);
	if (strcmp(key, "devices.pp_layers") == 0) {
		uint64_t tmp[KVP_MAX_STAGES];
		size_t n = 0, i;
		enum kvp_status st = load_u64_list(r, v, path, tmp, KVP_MAX_STAGES, &n, 0,
		                                   KVP_MAX_LAYERS);
		if (st != KVP_OK)
			return st;
		memset(r->p->devices.pp_layers, 0, sizeof r->p->devices.pp_layers);
		for (i = 0; i < n; i++)
			r->p->devices.pp_layers[i] = (uint32_t)tmp[i];
		return KVP_OK;
	}
	if (strcmp(key, "workload.ragged") == 0) {
		size_t n = cJSON_IsArray(v) ? (size_t)cJSON_GetArraySize(v) : 0;
		enum kvp_status st;

		if (!cJSON_IsArray(v))
			return bad(r, path, v, "expected an array of sequence lengths (tokens)");
		if (n > KVP_RAGGED_MAX)
			return kvp_error_set(r->err, KVP_ERANGE, "%s: %s: %zu entries - at most %u",
			                     r->file, path, n, KVP_RAGGED_MAX);
		free(r->ragged);
		r->ragged = n ? malloc(n * sizeof *r->ragged) : NULL;
		if (n && !r->ragged)
			return kvp_error_set(r->err, KVP_ENOMEM, "%s: %s: out of memory", r->file, path);
		st = load_u64_list(r, v, path, r->ragged, n, &r->n_ragged, 1, UINT64_MAX);
		r->saw_ragged = true;
		return st;
	}
	*handled = false;
	return KVP_OK;
}

/*
 * Load the members of obj. keypfx is the table key of obj ("model",
 * "workload.classes[i]"), pathpfx its display path ("workload.classes[2]"),
 * index the element for indexed fields.
 */
static enum kvp_status load_object(struct rd *r, const cJSON *obj,
                                   const char *keypfx, const char *pathpfx,
                                   size_t index)
{
	const cJSON *it;
	char key[160], path[192];

	cJSON_ArrayForEach(it, obj) {
		const struct kvp_field *f;
		enum kvp_status st;
		bool handled;

		spf(key, sizeof key, "%s.%s", keypfx, it->string);
		spf(path, sizeof path, "%s.%s", pathpfx, it->string);
		if (cJSON_GetObjectItemCaseSensitive(obj, it->string) != it)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: %s: duplicate key (which value is meant?)", r->file, path);
		if (cJSON_IsString(it) && strcmp(key, "devices.groups[i].card") == 0) {
			st = load_card_spec(r, it, path, index);
			if (st != KVP_OK)
				return st;
			continue;
		}
		st = load_special(r, it, key, path, &handled);
		if (handled) {
			if (st != KVP_OK)
				return st;
			continue;
		}
		f = kvp_field_by_key(key);
		if (f) {
			if (f->type == KVP_FT_DTYPE && f->size == sizeof(struct kvp_format) &&
			    cJSON_IsObject(it))
				st = set_format_object(r, f, index, path, it);
			else
				st = set_scalar(r, f, index, path, it);
			if (st != KVP_OK)
				return st;
			continue;
		}
		if (is_object_prefix(key)) {
			if (!cJSON_IsObject(it))
				return bad(r, path, it, "expected an object");
			st = load_object(r, it, key, path, index);
			if (st != KVP_OK)
				return st;
			continue;
		}
		return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: unknown field", r->file, path);
	}
	return KVP_OK;
}

/* Line and column (1-based) of offset `at` in text. */
static void line_col(const char *text, size_t at, unsigned *line, unsigned *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < at && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* Bracket depth at offset `at` (strings skipped): past cJSON's
 * CJSON_NESTING_LIMIT the parser stops, and the message says so. */
static unsigned json_depth(const char *text, size_t at)
{
	unsigned depth = 0, max = 0;
	bool str = false;
	size_t i;

	for (i = 0; i < at; i++) {
		char c = text[i];

		if (str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				str = false;
		} else if (c == '"') {
			str = true;
		} else if (c == '[' || c == '{') {
			if (++depth > max)
				max = depth;
		} else if ((c == ']' || c == '}') && depth) {
			depth--;
		}
	}
	return max;
}

static enum kvp_status parse_doc(const char *text, size_t len, const char *file,
                                 cJSON **root, struct kvp_error *err)
{
	const char *end = NULL;
	size_t first = 0;

	/* a file that is not JSON at all: say so without quoting it (an
	 * untrusted plan may name any file) */
	while (first < len && strchr(" \t\r\n", text[first]) && text[first])
		first++;
	if (first < len && text[first] != '{' && text[first] != '[')
		return kvp_error_set(err, KVP_EPARSE,
			"%s: not a JSON file (a plan or preset starts with '{')", file);
	*root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!*root) {
		unsigned line, col;
		size_t at = end && end >= text ? (size_t)(end - text) : 0;
		char near[24];
		size_t k;

		if (at > len)
			at = len;
		line_col(text, at, &line, &col);
		if (json_depth(text, at) >= CJSON_NESTING_LIMIT)
			return kvp_error_set(err, KVP_EPARSE,
				"%s: line %u, column %u: nested deeper than %u levels - "
				"the JSON parser's limit", file, line, col,
				(unsigned)CJSON_NESTING_LIMIT);
		/* quoted, with control characters shown as '?' */
		for (k = 0; k < sizeof near - 1 && at + k < len && text[at + k] != '\n'; k++)
			near[k] = (unsigned char)text[at + k] < 0x20 ||
			          text[at + k] == 0x7f ? '?' : text[at + k];
		near[k] = '\0';
		if (at >= len)
			return kvp_error_set(err, KVP_EPARSE,
				"%s: line %u, column %u: malformed JSON - unexpected end of file",
				file, line, col);
		return kvp_error_set(err, KVP_EPARSE,
			"%s: line %u, column %u: malformed JSON near '%s'", file, line, col, near);
	}
	if (!cJSON_IsObject(*root)) {
		cJSON_Delete(*root);
		*root = NULL;
		return kvp_error_set(err, KVP_EPARSE,
			"%s: top level: expected a JSON object {\"kvplan\": ...}", file);
	}
	return KVP_OK;
}

static enum kvp_status doc_kind(const cJSON *root, const char *file,
                                enum kvp_doc_kind *kind, struct kvp_error *err)
{
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "kvplan");
	int i;

	if (!k)
		return kvp_error_set(err, KVP_ENOTFOUND,
			"%s: kvplan: missing - not a kvplan file (expected {\"kvplan\": \"plan\", ...}; "
			"a Hugging Face config.json goes to --model)", file);
	if (!cJSON_IsString(k)) {
		char val[64];
		value_text(k, val, sizeof val);
		return kvp_error_set(err, KVP_EINVAL,
			"%s: kvplan: %s - expected plan, record, model, card or workload", file, val);
	}
	for (i = 0; i < KVP_DOC_COUNT; i++)
		if (strcmp(k->valuestring, doc_names[i]) == 0) {
			*kind = (enum kvp_doc_kind)i;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"%s: kvplan: \"%.40s\" - unknown kind, expected plan, record, model, card or workload",
		file, k->valuestring);
}

enum kvp_status kvp_doc_kind_of(const char *text, size_t len,
                                enum kvp_doc_kind *kind, struct kvp_error *err)
{
	cJSON *root;
	enum kvp_status st = parse_doc(text, len, "(text)", &root, err);

	if (st != KVP_OK)
		return st;
	st = doc_kind(root, "(text)", kind, err);
	cJSON_Delete(root);
	return st;
}

/* Top-level keys every document may carry besides its sections. */
static enum kvp_status check_meta(struct rd *r, const cJSON *it, bool *handled)
{
	*handled = true;
	if (strcmp(it->string, "kvplan") == 0)
		return KVP_OK;
	if (strcmp(it->string, "description") == 0 || strcmp(it->string, "source") == 0 ||
	    strcmp(it->string, "kvplan_version") == 0) {
		if (!cJSON_IsString(it))
			return bad(r, it->string, it, "expected a string");
		return KVP_OK;
	}
	if (strcmp(it->string, "version") == 0) {
		if (!cJSON_IsNumber(it) || it->valuedouble != 1.0)
			return bad(r, "version", it, "this kvplan reads version 1");
		return KVP_OK;
	}
	*handled = false;
	return KVP_OK;
}

/* The kind is one of the `accept` kinds (bit mask), or a message listing
 * them. */
static enum kvp_status check_accepted(struct rd *r, enum kvp_doc_kind kind,
                                      unsigned accept)
{
	unsigned i;
	char list[80] = "";
	size_t o = 0;

	if (accept & (1u << kind))
		return KVP_OK;
	for (i = 0; i < KVP_DOC_COUNT; i++)
		if (accept & (1u << i))
			o += (size_t)snprintf(list + o, sizeof list - o, "%s%s",
			                      o ? " or " : "", doc_names[i]);
	return kvp_error_set(r->err, KVP_EINVAL,
		"%s: kvplan: \"%s\" - expected a %s document", r->file,
		doc_names[kind], list);
}

/* The one section a fragment holds ("model", "card", "workload"); NULL
 * for plans and records. */
static const char *fragment_section(enum kvp_doc_kind kind)
{
	if (kind == KVP_DOC_MODEL)
		return "model";
	if (kind == KVP_DOC_CARD)
		return "card";
	if (kind == KVP_DOC_WORKLOAD)
		return "workload";
	return NULL;
}

/* A record's "notes": the importer's assumptions, recorded; the fields
 * they explain are in the plan itself. */
static enum kvp_status check_notes(struct rd *r, const cJSON *it)
{
	const cJSON *n;

	if (!cJSON_IsArray(it))
		return bad(r, "notes", it, "expected an array of strings");
	cJSON_ArrayForEach(n, it)
		if (!cJSON_IsString(n))
			return bad(r, "notes[]", n, "expected a string");
	return KVP_OK;
}

/* A card fragment's "card" object onto devices.groups[0].card; "source"
 * inside a card is provenance, like the top-level one. */
static enum kvp_status load_card_fragment(struct rd *r, const cJSON *it)
{
	const cJSON *c;
	char path[96];

	if (!cJSON_IsObject(it))
		return bad(r, "card", it, "expected an object");
	memset(&r->p->devices.groups[0], 0, sizeof r->p->devices.groups[0]);
	r->p->devices.groups[0].count = 1;
	r->p->devices.n_groups = 1;
	cJSON_ArrayForEach(c, it) {
		const struct kvp_field *f;
		char key[96];
		enum kvp_status st;

		spf(path, sizeof path, "card.%s", c->string);
		if (strcmp(c->string, "source") == 0) {
			if (!cJSON_IsString(c))
				return bad(r, path, c, "expected a string");
			continue;
		}
		spf(key, sizeof key, "devices.groups[i].card.%s", c->string);
		f = kvp_field_by_key(key);
		if (!f)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: %s: unknown field (expected name, capacity_bytes, "
				"allocatable, shared_with_system, bandwidth, flops_16bit, "
				"flops_8bit, speed_source, runtime_total_bytes, runtime_source, "
				"no_nvswitch, platform, compute_capability, source)", r->file, path);
		st = set_scalar(r, f, 0, path, c);
		if (st != KVP_OK)
			return st;
	}
	return KVP_OK;
}

/* One top-level key of a document of `kind` (`want`: its fragment
 * section, or NULL). */
static enum kvp_status load_top(struct rd *r, const cJSON *it,
                                enum kvp_doc_kind kind, const char *want)
{
	const char *s = it->string;
	bool plan = kind == KVP_DOC_PLAN || kind == KVP_DOC_RECORD;

	if (kind == KVP_DOC_RECORD && (strcmp(s, "result") == 0 || strcmp(s, "kv") == 0))
		return KVP_OK; /* figures, recomputed from the plan */
	if (kind == KVP_DOC_RECORD && strcmp(s, "notes") == 0)
		return check_notes(r, it);
	if (kind == KVP_DOC_CARD && strcmp(s, "card") == 0)
		return load_card_fragment(r, it);
	if (plan && strcmp(s, "name") == 0)
		return set_scalar(r, kvp_field_by_key("name"), 0, "name", it);
	if (plan && strcmp(s, "draft") == 0)
		return load_draft(r, it);
	if (plan && strcmp(s, "model") == 0 && cJSON_IsString(it))
		return load_model_spec(r, it);
	if ((plan && (strcmp(s, "model") == 0 || strcmp(s, "workload") == 0 ||
	              strcmp(s, "strategy") == 0 || strcmp(s, "engine") == 0 ||
	              strcmp(s, "devices") == 0)) ||
	    (want && strcmp(s, want) == 0)) {
		if (!cJSON_IsObject(it))
			return bad(r, s, it, strcmp(s, "model") == 0 && kind != KVP_DOC_MODEL
			           ? "expected an object or a model spec string"
			           : "expected an object");
		return load_object(r, it, s, s, 0);
	}
	return kvp_error_set(r->err, KVP_EINVAL, "%s: %s: unknown field in a %s document",
	                     r->file, s, doc_names[kind]);
}

/*
 * Parse a document of one of the `accept` kinds (bit mask) into r->p.
 * Sections are loaded through the field table; for a card fragment the
 * "card" object maps onto devices.groups[0].card.
 */
static enum kvp_status load_doc(struct rd *r, const char *text, size_t len,
                                unsigned accept, enum kvp_doc_kind *kind_out)
{
	cJSON *root;
	const cJSON *it;
	enum kvp_doc_kind kind;
	enum kvp_status st;
	const char *want;

	st = parse_doc(text, len, r->file, &root, r->err);
	if (st != KVP_OK)
		return st;
	st = doc_kind(root, r->file, &kind, r->err);
	if (st == KVP_OK)
		st = check_accepted(r, kind, accept);
	if (st != KVP_OK)
		goto out;
	want = fragment_section(kind);
	if (want && !cJSON_GetObjectItemCaseSensitive(root, want)) {
		st = kvp_error_set(r->err, KVP_EINVAL, "%s: %s: missing - a %s preset holds a \"%s\" object",
		                   r->file, want, want, want);
		goto out;
	}
	cJSON_ArrayForEach(it, root) {
		bool handled;

		if (cJSON_GetObjectItemCaseSensitive(root, it->string) != it) {
			st = kvp_error_set(r->err, KVP_EINVAL,
				"%s: %s: duplicate key (which value is meant?)", r->file,
				it->string);
			goto out;
		}
		st = check_meta(r, it, &handled);
		if (st == KVP_OK && !handled)
			st = load_top(r, it, kind, want);
		if (st != KVP_OK)
			goto out;
	}
	*kind_out = kind;
out:
	cJSON_Delete(root);
	return st;
}

/* Fields a model needs before anything can be computed from it. */
static enum kvp_status check_model_required(struct rd *r)
{
	static const char *const req[] = { "n_layers", "q_heads" };
	const struct kvp_model *m = &r->p->model;
	size_t i;

	for (i = 0; i < sizeof req / sizeof req[0]; i++) {
		uint32_t v = i == 0 ? m->n_layers : m->q_heads;

		if (v == 0)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: model.%s: missing - a model needs it", r->file, req[i]);
	}
	if (m->base.kind != KVP_LAYER_NONE && m->base.kind != KVP_LAYER_MLA &&
	    m->base.kind != KVP_LAYER_SHARED) {
		if (!m->base.kv_heads)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: model.base.kv_heads: missing - a model needs it", r->file);
		if (!m->base.k_dim)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: model.base.k_dim: missing - a model needs it", r->file);
		/* a compressed layer may keep K only (DeepSeek V4) */
		if (!m->base.v_dim && m->base.kind != KVP_LAYER_COMPRESSED)
			return kvp_error_set(r->err, KVP_EINVAL,
				"%s: model.base.v_dim: missing - a model needs it", r->file);
	}
	return KVP_OK;
}

enum kvp_status kvp_plan_read(const char *text, size_t len, const char *name,
                              const struct kvp_spec_loaders *specs,
                              struct kvp_plan *p, struct kvp_error *err)
{
	struct kvp_plan *tmp = malloc(sizeof *tmp);
	struct rd r = { .file = name ? name : "(plan)", .err = err,
	                .specs = specs };
	enum kvp_doc_kind kind;
	enum kvp_status st;

	if (!tmp)
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", r.file);
	*tmp = *p;
	r.p = tmp;
	st = load_doc(&r, text, len, (1u << KVP_DOC_PLAN) | (1u << KVP_DOC_RECORD), &kind);
	if (st == KVP_OK && r.saw_ragged) {
		tmp->workload.ragged = r.ragged;
		tmp->workload.n_ragged = r.n_ragged;
		r.ragged = NULL;
	}
	if (st == KVP_OK && tmp->engine.llamacpp.override_tensor[0])
		st = kvp_ot_resolve(tmp, err);
	if (st == KVP_OK)
		*p = *tmp;
	free(r.ragged);
	free(tmp);
	return st;
}

void kvp_plan_json_free_ragged(struct kvp_plan *p)
{
	free((void *)p->workload.ragged);
	p->workload.ragged = NULL;
	p->workload.n_ragged = 0;
}

/* Load a fragment of `kind` into a blank scratch plan whose section was
 * seeded from the caller's value. */
static enum kvp_status load_fragment(const char *text, size_t len, const char *name,
                                     enum kvp_doc_kind want, struct kvp_plan *tmp,
                                     struct kvp_error *err)
{
	struct rd r = { .file = name ? name : "(preset)", .err = err, .p = tmp };
	enum kvp_doc_kind kind;
	enum kvp_status st = load_doc(&r, text, len, 1u << want, &kind);

	if (st == KVP_OK && r.saw_ragged)
		st = kvp_error_set(err, KVP_EINVAL,
			"%s: workload.ragged: a preset cannot hold ragged lengths - put them in a plan",
			r.file);
	if (st == KVP_OK && want == KVP_DOC_MODEL)
		st = check_model_required(&r);
	if (st == KVP_OK && want == KVP_DOC_CARD && tmp->devices.groups[0].card.capacity_bytes == 0)
		st = kvp_error_set(err, KVP_EINVAL,
			"%s: card.capacity_bytes: missing - a card needs its capacity in bytes", r.file);
	free(r.ragged);
	return st;
}

struct kvp_plan *kvp_plan_fragment(const struct kvp_model *m,
                                   const struct kvp_workload *w,
                                   struct kvp_error *err)
{
	struct kvp_plan *tmp = malloc(sizeof *tmp);

	if (!tmp) {
		kvp_error_set(err, KVP_ENOMEM, "out of memory");
		return NULL;
	}
	kvp_plan_blank(tmp);
	if (m)
		tmp->model = *m;
	if (w) {
		tmp->workload = *w;
		tmp->workload.ragged = NULL;
		tmp->workload.n_ragged = 0;
	}
	return tmp;
}

enum kvp_status kvp_model_json_parse(const char *text, size_t len,
                                     const char *name, struct kvp_model *m,
                                     struct kvp_error *err)
{
	struct kvp_plan *tmp = kvp_plan_fragment(m, NULL, err);
	enum kvp_status st;

	if (!tmp)
		return KVP_ENOMEM;
	st = load_fragment(text, len, name, KVP_DOC_MODEL, tmp, err);
	if (st == KVP_OK)
		*m = tmp->model;
	free(tmp);
	return st;
}

enum kvp_status kvp_card_json_parse(const char *text, size_t len,
                                    const char *name, struct kvp_card *c,
                                    struct kvp_error *err)
{
	struct kvp_plan *tmp = kvp_plan_fragment(NULL, NULL, err);
	enum kvp_status st;

	if (!tmp)
		return KVP_ENOMEM;
	st = load_fragment(text, len, name, KVP_DOC_CARD, tmp, err);
	if (st == KVP_OK)
		*c = tmp->devices.groups[0].card;
	free(tmp);
	return st;
}

enum kvp_status kvp_workload_json_parse(const char *text, size_t len,
                                        const char *name,
                                        struct kvp_workload *w,
                                        struct kvp_error *err)
{
	struct kvp_plan *tmp = kvp_plan_fragment(NULL, w, err);
	enum kvp_status st;

	if (!tmp)
		return KVP_ENOMEM;
	st = load_fragment(text, len, name, KVP_DOC_WORKLOAD, tmp, err);
	if (st == KVP_OK) {
		const uint64_t *rg = w->ragged;
		size_t nr = w->n_ragged;

		*w = tmp->workload;
		w->ragged = rg;       /* a preset never carries ragged lengths */
		w->n_ragged = nr;
	}
	free(tmp);
	return st;
}

/* Read path and run parse(text) on it. */
#define LOAD_FILE(path, err, call)                                          \
	do {                                                                \
		char *text_;                                                \
		size_t len_;                                                \
		enum kvp_status st_ = kvp_file_read(path, KVP_PLAN_MAX_BYTES, \
		                                    &text_, &len_, NULL, err); \
		if (st_ != KVP_OK)                                          \
			return st_;                                         \
		st_ = call;                                                 \
		free(text_);                                                \
		return st_;                                                 \
	} while (0)

enum kvp_status kvp_model_json_load(const char *path, struct kvp_model *m,
                                    struct kvp_error *err)
{
	LOAD_FILE(path, err, kvp_model_json_parse(text_, len_, path, m, err));
}

enum kvp_status kvp_card_json_load(const char *path, struct kvp_card *c,
                                   struct kvp_error *err)
{
	LOAD_FILE(path, err, kvp_card_json_parse(text_, len_, path, c, err));
}

enum kvp_status kvp_workload_json_load(const char *path, struct kvp_workload *w,
                                       struct kvp_error *err)
{
	LOAD_FILE(path, err, kvp_workload_json_parse(text_, len_, path, w, err));
}
