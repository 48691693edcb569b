/* tensors_json.c - model.tensors to and from JSON (tensors_json.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/plan/json_u64.h"
#include "io/plan/tensors_json.h"
#include "kvplan/checked.h"

static const char *const src_names[KVP_WSRC_COUNT] = {
	[KVP_WSRC_ESTIMATE] = "estimate",
	[KVP_WSRC_GGUF] = "gguf",
	[KVP_WSRC_SAFETENSORS] = "safetensors",
};

#define EXACT_MAX 9007199254740992.0  /* 2^53: JSON numbers stay exact */

static bool add_u64(cJSON *o, const char *k, uint64_t v)
{
	cJSON *n = kvp_json_u64(v);

	return n && cJSON_AddItemToObject(o, k, n);
}

/* v[0 .. last non-zero] into arr. */
static bool add_list(cJSON *arr, const uint64_t *v)
{
	uint32_t n, i;

	for (n = KVP_MAX_LAYERS; n > 0 && v[n - 1] == 0; n--)
		;
	for (i = 0; i < n; i++) {
		cJSON *x = kvp_json_u64(v[i]);
		if (!x || !cJSON_AddItemToArray(arr, x))
			return false;
	}
	return true;
}

cJSON *kvp_tensors_json(const struct kvp_tensors *t, bool *oom)
{
	cJSON *o, *b = NULL, *arr = NULL;
	int g;
	bool ok;

	*oom = false;
	if (t->source == KVP_WSRC_ESTIMATE || (unsigned)t->source >= KVP_WSRC_COUNT)
		return NULL;
	o = cJSON_CreateObject();
	ok = o && cJSON_AddStringToObject(o, "source", src_names[t->source]) &&
	     add_u64(o, "files", t->files) && add_u64(o, "count", t->count) &&
	     add_u64(o, "params", t->params) &&
	     (b = cJSON_AddObjectToObject(o, "bytes")) != NULL;
	for (g = 0; ok && g < KVP_TG_COUNT; g++)
		ok = add_u64(b, kvp_tgroup_name((enum kvp_tgroup)g), t->bytes[g]);
	ok = ok && add_u64(o, "layer_other", t->layer_other) &&
	     add_u64(o, "mtp_shared", t->mtp_shared) &&
	     (arr = cJSON_AddArrayToObject(o, "layers")) != NULL;
	ok = ok && add_list(arr, t->layer) &&
	     (arr = cJSON_AddArrayToObject(o, "layer_norms")) != NULL &&
	     add_list(arr, t->layer_norm);
	if (!ok) {
		cJSON_Delete(o);
		*oom = true;
		return NULL;
	}
	return o;
}

static enum kvp_status num(const cJSON *v, const char *file, const char *path,
                           const char *key, uint64_t *out,
                           struct kvp_error *err)
{
	double d;

	if (!cJSON_IsNumber(v))
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.%s: expected a whole "
		                     "number of bytes", file, path, key);
	d = v->valuedouble;
	if (d != floor(d) || d < 0 || d >= EXACT_MAX)
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.%s: %g - expected a "
		                     "whole number from 0 to 2^53", file, path, key, d);
	*out = (uint64_t)d;
	return KVP_OK;
}

static enum kvp_status source(const cJSON *v, const char *file,
                              const char *path, struct kvp_tensors *t,
                              struct kvp_error *err)
{
	int s;

	for (s = KVP_WSRC_GGUF; s < KVP_WSRC_COUNT; s++)
		if (cJSON_IsString(v) && !strcmp(v->valuestring, src_names[s])) {
			t->source = (enum kvp_wsource)s;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL, "%s: %s.source: expected \"gguf\" "
	                     "or \"safetensors\"", file, path);
}

static enum kvp_status groups(const cJSON *b, const char *file,
                              const char *path, struct kvp_tensors *t,
                              struct kvp_error *err)
{
	const cJSON *it;
	char sub[96];
	int g;

	if (!cJSON_IsObject(b))
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.bytes: expected an "
		                     "object of bytes per group", file, path);
	snprintf(sub, sizeof sub, "%s.bytes", path);
	cJSON_ArrayForEach(it, b) {
		for (g = 0; g < KVP_TG_COUNT; g++)
			if (!strcmp(it->string, kvp_tgroup_name((enum kvp_tgroup)g)))
				break;
		if (g == KVP_TG_COUNT)
			return kvp_error_set(err, KVP_EINVAL, "%s: %s.%.40s: unknown "
			       "group (embeddings, attention, mlp, norms, lm_head, "
			       "towers, mtp, other)", file, sub, it->string);
		if (num(it, file, sub, it->string, &t->bytes[g], err))
			return err->status;
	}
	return KVP_OK;
}

/* An array of per-layer byte counts into out[]; *sum their sum. */
static enum kvp_status list(const cJSON *arr, const char *file,
                            const char *path, const char *name,
                            uint64_t *out, uint64_t *sum,
                            struct kvp_error *err)
{
	const cJSON *it;
	uint32_t i = 0;
	char key[40];

	*sum = 0;
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.%s: expected an "
		                     "array of at most %d byte counts", file, path,
		                     name, KVP_MAX_LAYERS);
	cJSON_ArrayForEach(it, arr) {
		snprintf(key, sizeof key, "%s[%u]", name, i);
		if (num(it, file, path, key, &out[i], err))
			return err->status;
		if (!kvp_add(*sum, out[i], sum))
			return kvp_error_set(err, KVP_EOVERFLOW, "%s: %s.%s: the "
			                     "sum overflows 64 bits", file, path, name);
		i++;
	}
	return KVP_OK;
}

static enum kvp_status layers(const cJSON *v, const char *file,
                              const char *path, struct kvp_tensors *t,
                              struct kvp_error *err)
{
	uint64_t sum = 0, want = 0, norms = 0;

	if (list(cJSON_GetObjectItemCaseSensitive(v, "layers"), file, path,
	         "layers", t->layer, &sum, err) ||
	    list(cJSON_GetObjectItemCaseSensitive(v, "layer_norms"), file, path,
	         "layer_norms", t->layer_norm, &norms, err))
		return err->status;
	if (norms > t->bytes[KVP_TG_NORM])
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.layer_norms: they "
		       "sum to %llu bytes - more than bytes.norms %llu", file, path,
		       (unsigned long long)norms,
		       (unsigned long long)t->bytes[KVP_TG_NORM]);
	if (!kvp_add(t->bytes[KVP_TG_ATTN], t->bytes[KVP_TG_MLP], &want) ||
	    !kvp_add(want, t->layer_other, &want) || want != sum)
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.layers: they sum to "
		       "%llu bytes - bytes.attention + bytes.mlp + layer_other is "
		       "%llu", file, path, (unsigned long long)sum,
		       (unsigned long long)want);
	return KVP_OK;
}

enum kvp_status kvp_tensors_from_json(const cJSON *v, const char *file,
                                      const char *path, struct kvp_tensors *t,
                                      struct kvp_error *err)
{
	static const char *const known[] = { "source", "files", "count", "params",
		"bytes", "layer_other", "mtp_shared", "layers", "layer_norms" };
	struct kvp_tensors x;
	const cJSON *it;
	uint64_t files = 0;
	size_t k;

	if (!cJSON_IsObject(v))
		return kvp_error_set(err, KVP_EINVAL, "%s: %s: expected an object",
		                     file, path);
	memset(&x, 0, sizeof x);
	cJSON_ArrayForEach(it, v) {
		for (k = 0; k < sizeof known / sizeof known[0]; k++)
			if (!strcmp(it->string, known[k]))
				break;
		if (k == sizeof known / sizeof known[0])
			return kvp_error_set(err, KVP_EINVAL, "%s: %s.%.40s: unknown "
			                     "key", file, path, it->string);
	}
	if (source(cJSON_GetObjectItemCaseSensitive(v, "source"), file, path, &x,
	           err) ||
	    num(cJSON_GetObjectItemCaseSensitive(v, "files"), file, path, "files",
	        &files, err) ||
	    num(cJSON_GetObjectItemCaseSensitive(v, "count"), file, path, "count",
	        &x.count, err) ||
	    num(cJSON_GetObjectItemCaseSensitive(v, "params"), file, path,
	        "params", &x.params, err) ||
	    groups(cJSON_GetObjectItemCaseSensitive(v, "bytes"), file, path, &x,
	           err) ||
	    num(cJSON_GetObjectItemCaseSensitive(v, "layer_other"), file, path,
	        "layer_other", &x.layer_other, err) ||
	    /* absent in plans written before it: 0 */
	    (cJSON_GetObjectItemCaseSensitive(v, "mtp_shared") &&
	     num(cJSON_GetObjectItemCaseSensitive(v, "mtp_shared"), file, path,
	         "mtp_shared", &x.mtp_shared, err)) ||
	    layers(v, file, path, &x, err))
		return err->status;
	if (files > UINT32_MAX)
		return kvp_error_set(err, KVP_ERANGE, "%s: %s.files: %llu - too "
		                     "many", file, path, (unsigned long long)files);
	if (x.mtp_shared > x.bytes[KVP_TG_MTP])
		return kvp_error_set(err, KVP_EINVAL, "%s: %s.mtp_shared: %llu "
		                     "bytes - more than bytes.mtp %llu", file, path,
		                     (unsigned long long)x.mtp_shared,
		                     (unsigned long long)x.bytes[KVP_TG_MTP]);
	x.files = (uint32_t)files;
	*t = x;
	return KVP_OK;
}
