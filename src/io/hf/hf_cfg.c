/*
 * hf_cfg.c - reading a config.json for the importer (hf_cfg.h): keys,
 * typed values, one-line messages and notes; JSON as the Hub writes it
 * (Python's json writes float('inf') as Infinity and float('nan') as NaN,
 * which strict JSON and cJSON do not accept); and the fail-closed scan
 * for layout-shaped keys nobody read.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/hf/hf_cfg.h"
#include "io/hf/hf_keys.h"
#include "io/notes.h"

void hf_note(struct cfg *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kvp_notes_vadd(c->notes, fmt, ap);
	va_end(ap);
}

/* Control characters of config strings would break the one-line rule of
 * notes and messages: replace them in place. */
void hf_clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* The JSON of a value, shortened, for messages; non-finite numbers as
 * the file wrote them. */
void hf_show(const cJSON *v, char *buf, size_t n)
{
	char *s;

	if (cJSON_IsNumber(v) && !isfinite(v->valuedouble)) {
		snprintf(buf, n, "%s", isnan(v->valuedouble) ? "NaN" :
		         v->valuedouble < 0 ? "-Infinity" : "Infinity");
		return;
	}
	s = cJSON_PrintUnformatted(v);
	if (!s) {
		snprintf(buf, n, "?");
		return;
	}
	if (strlen(s) > 40)
		snprintf(buf, n, "%.37s...", s);
	else
		snprintf(buf, n, "%s", s);
	cJSON_free(s);
	hf_clean(buf);
}

enum kvp_status hf_bad(struct cfg *c, const char *path, const cJSON *v,
                       const char *why)
{
	char val[48];

	if (v)
		hf_show(v, val, sizeof val);
	else
		snprintf(val, sizeof val, "(absent)");
	return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %s - %s", c->name,
	                     path, val, why);
}

static bool seen(const struct cfg *c, const char *key)
{
	unsigned i;

	for (i = 0; i < c->n_seen; i++)
		if (!strcmp(c->seen[i], key))
			return true;
	return false;
}

void hf_superseded(struct cfg *c, const char *key)
{
	if (!seen(c, key) && c->n_seen < HF_MAX_SEEN)
		c->seen[c->n_seen++] = key;
}

/* Keys of the file itself, not of its decoder: read at the top level
 * even when the decoder's sizes come from c->text alone (text_only). */
static bool file_key(const char *key)
{
	static const char *const keys[] = { "architectures", "model_type",
		"torch_dtype", "dtype", "quantization_config",
		"_name_or_path", "transformers_version", "auto_map" };
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!strcmp(keys[i], key))
			return true;
	return false;
}

const cJSON *hf_get(struct cfg *c, const char *key, char *path, size_t n)
{
	const cJSON *v;

	hf_superseded(c, key);
	if (c->text) {
		v = cJSON_GetObjectItemCaseSensitive(c->text, key);
		if (v && !cJSON_IsNull(v)) {
			snprintf(path, n, "%s.%s", c->text_key, key);
			return v;
		}
	}
	v = c->text_only && !file_key(key) ? NULL :
	    cJSON_GetObjectItemCaseSensitive(c->root, key);
	if (v && !cJSON_IsNull(v)) {
		snprintf(path, n, "%s", key);
		return v;
	}
	snprintf(path, n, "%s", key);
	return NULL;
}

bool hf_has(struct cfg *c, const char *key)
{
	char path[96];

	return hf_get(c, key, path, sizeof path) != NULL;
}

int hf_uint_at(struct cfg *c, const cJSON *v, const char *path,
               uint64_t min, uint64_t max, uint64_t *out)
{
	double d;
	char why[64];

	if (!v)
		return 0;
	if (!cJSON_IsNumber(v)) {
		hf_bad(c, path, v, "must be an integer");
		return -1;
	}
	d = v->valuedouble;
	if (!isfinite(d)) {
		hf_bad(c, path, v, "not a finite number, and kvplan needs its value");
		return -1;
	}
	if (d != floor(d)) {
		hf_bad(c, path, v, "must be an integer");
		return -1;
	}
	if (d < 0) {
		hf_bad(c, path, v, "must not be negative");
		return -1;
	}
	if (d > (double)max) {
		snprintf(why, sizeof why, "too large (limit %llu)",
		         (unsigned long long)max);
		hf_bad(c, path, v, why);
		c->err->status = KVP_EOVERFLOW;
		return -1;
	}
	if (d < (double)min) {
		snprintf(why, sizeof why, "must be at least %llu",
		         (unsigned long long)min);
		hf_bad(c, path, v, why);
		c->err->status = KVP_ERANGE;
		return -1;
	}
	*out = (uint64_t)d;
	return 1;
}

int hf_uint(struct cfg *c, const char *key, uint64_t min, uint64_t max,
            uint64_t *out)
{
	char path[96];
	const cJSON *v = hf_get(c, key, path, sizeof path);

	return hf_uint_at(c, v, path, min, max, out);
}

int hf_uint_any(struct cfg *c, const char *const *keys, uint64_t min,
                uint64_t max, uint64_t *out, const char **which)
{
	size_t i;
	int r;

	for (i = 0; keys[i]; i++) {
		r = hf_uint(c, keys[i], min, max, out);
		if (r != 0) {
			if (which)
				*which = keys[i];
			return r;
		}
	}
	return 0;
}

int hf_member_uint(struct cfg *c, const cJSON *o, const char *opath,
                   const char *key, uint64_t min, uint64_t max,
                   uint64_t *out)
{
	char p[160];
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (v && cJSON_IsNull(v))
		v = NULL;
	snprintf(p, sizeof p, "%s.%s", opath, key);
	return hf_uint_at(c, v, p, min, max, out);
}

int hf_bool(struct cfg *c, const char *key, bool *out)
{
	char path[96];
	const cJSON *v = hf_get(c, key, path, sizeof path);

	*out = false;
	if (!v)
		return 0;
	if (!cJSON_IsBool(v)) {
		hf_bad(c, path, v, "must be true or false");
		return -1;
	}
	*out = cJSON_IsTrue(v);
	return 1;
}

const char *hf_str(struct cfg *c, const char *key, int *fail)
{
	char path[96];
	const cJSON *v = hf_get(c, key, path, sizeof path);

	if (!v)
		return NULL;
	if (!cJSON_IsString(v) || !v->valuestring) {
		hf_bad(c, path, v, "must be a string");
		*fail = 1;
		return NULL;
	}
	return v->valuestring;
}

/* ---- Infinity, -Infinity, NaN ----------------------------------------- */

enum nf { NF_INF, NF_NEGINF, NF_NAN };

struct nonfinite {
	unsigned char *kind;   /* in text order */
	size_t *at;            /* NaN: offset in the rewritten text */
	size_t n, n_nan;
};

/*
 * Copy text to *out with every Infinity / -Infinity / NaN outside strings
 * replaced by a number that overflows to infinity (cJSON reads it with
 * strtod): Infinity -> "1e999   " and -Infinity -> "-1e999   " keep their
 * length, NaN -> "1e999" is two longer (its offsets are kept to map
 * error columns back). Outside strings, letters in valid JSON belong only
 * to true/false/null, so a match is always the whole literal.
 */
static bool rewrite(const char *t, size_t len, char **out, size_t *olen,
                    struct nonfinite *nf)
{
	size_t i, o = 0, cap = len + 1;
	bool in_str = false;
	char *b;

	for (i = 0; i + 2 < len; i++)
		if (t[i] == 'N' && t[i + 1] == 'a' && t[i + 2] == 'N')
			cap += 2;
	b = malloc(cap);
	nf->kind = malloc(len / 3 + 1);
	nf->at = malloc((len / 3 + 1) * sizeof *nf->at);
	nf->n = nf->n_nan = 0;
	if (!b || !nf->kind || !nf->at) {
		free(b);
		return false;
	}
	for (i = 0; i < len;) {
		char ch = t[i];

		if (in_str) {
			b[o++] = ch;
			if (ch == '\\' && i + 1 < len) {
				b[o++] = t[i + 1];
				i += 2;
				continue;
			}
			if (ch == '"')
				in_str = false;
			i++;
			continue;
		}
		if (ch == '"') {
			in_str = true;
		} else if (len - i >= 8 && !memcmp(t + i, "Infinity", 8)) {
			memcpy(b + o, "1e999   ", 8);
			o += 8;
			i += 8;
			nf->kind[nf->n++] = NF_INF;
			continue;
		} else if (len - i >= 9 && !memcmp(t + i, "-Infinity", 9)) {
			memcpy(b + o, "-1e999   ", 9);
			o += 9;
			i += 9;
			nf->kind[nf->n++] = NF_NEGINF;
			continue;
		} else if (len - i >= 3 && !memcmp(t + i, "NaN", 3)) {
			nf->at[nf->n_nan++] = o;
			memcpy(b + o, "1e999", 5);
			o += 5;
			i += 3;
			nf->kind[nf->n++] = NF_NAN;
			continue;
		}
		b[o++] = ch;
		i++;
	}
	b[o] = '\0';
	*out = b;
	*olen = o;
	return true;
}

/* Give the placeholders their values, in text order (a pre-order walk
 * meets values in the order the text holds them). */
static void restore(cJSON *v, const struct nonfinite *nf, size_t *k)
{
	cJSON *e;

	if (cJSON_IsNumber(v) && isinf(v->valuedouble)) {
		if (*k < nf->n) {
			if (nf->kind[*k] == NF_NAN)
				v->valuedouble = NAN;
			else if (nf->kind[*k] == NF_NEGINF)
				v->valuedouble = -INFINITY;
		}
		(*k)++;
		return;
	}
	if (cJSON_IsArray(v) || cJSON_IsObject(v))
		for (e = v->child; e; e = e->next)
			restore(e, nf, k);
}

static void line_col(const char *text, size_t len, size_t at, unsigned *line,
                     unsigned *col)
{
	size_t p;

	*line = 1;
	*col = 1;
	for (p = 0; p < at && p < len; p++) {
		if (text[p] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

cJSON *hf_parse(const char *text, size_t len, const char *name,
                struct kvp_error *err)
{
	struct nonfinite nf = { 0 };
	const char *end = NULL;
	char *t = NULL;
	size_t tlen = 0, k = 0, at, i;
	unsigned line, col;
	cJSON *root;

	if (!rewrite(text, len, &t, &tlen, &nf)) {
		free(nf.kind);
		free(nf.at);
		kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", name);
		return NULL;
	}
	root = cJSON_ParseWithLengthOpts(t, tlen, &end, 0);
	if (!root) {
		/* back to the file's offsets: each NaN before it is 2 longer */
		at = end && end >= t && end <= t + tlen ? (size_t)(end - t) : 0;
		for (i = 0; i < nf.n_nan && nf.at[i] < at; i++)
			at = at >= 2 ? at - 2 : 0;
		line_col(text, len, at, &line, &col);
		kvp_error_set(err, KVP_EPARSE, "%s:%u:%u: malformed JSON", name,
		              line, col);
	} else if (nf.n) {
		restore(root, &nf, &k);
	}
	free(t);
	free(nf.kind);
	free(nf.at);
	return root;
}

/* ---- fail closed -------------------------------------------------------- */

/*
 * Key shapes that describe a per-layer layout, a per-kind shape or a
 * cache beside the KV: a present one that no reader took means the config
 * holds a layout kvplan does not read, and every figure could be wrong.
 * `*` matches any run of characters.
 */
static const char *const layout_shapes[] = {
	"*_pattern", "*layer_types*", "*interval*", "block_configs",
	"*block_config*", "*linear_attn*", "*mamba*", "*ssm*", "index_*",
	"compress*", "*global*head*", "*local*head*", "swa_*", "*_swa*",
	"*layers_block_type*", "*block_type*", "attn_layer_*", "*attn_type*",
	"*attention_type*", "*kv_shared*", "*shared_kv*", "*kv_share*",
	"*k_eq_v*", "*head_dim*", "*kv_heads*", "*key_value_heads*",
	"*lora_rank*", "linear_*", "*conv_kernel*", "*conv_L_cache*",
	"*d_state*", "*state_size*", "*recurrent*", "*rwkv*",
	"*sliding_window*", "*window_layers*", "no_rope_layers",
	"*full_attn*", "*sparse_attn*", "*sparse_attention*", "*kv_channels*",
	"*cross_layer*", "*layer_period*", "*layer_offset*",
	"num_kv_shared_layers", "*hybrid*", "*lightning*",
	"per_layer_config",
	/* a looped transformer's passes (hf_loops.c: Ouro's total_ut_steps,
	 * IQuest-Coder-Loop's loop_num and loop_window_size): read by a
	 * looped family's row, refused anywhere else */
	"*ut_steps*", "loop_*", NULL
};

static bool any_glob(const char *const *pats, const char *s)
{
	size_t i;

	for (i = 0; pats[i]; i++)
		if (hf_glob(pats[i], s))
			return true;
	return false;
}

bool hf_layout_shaped(const char *key)
{
	return any_glob(layout_shapes, key);
}

/* null, false, 0, "" and [] state no layout. */
static bool states_nothing(const cJSON *v)
{
	return cJSON_IsNull(v) || cJSON_IsFalse(v) ||
	       (cJSON_IsNumber(v) && v->valuedouble == 0) ||
	       (cJSON_IsString(v) && (!v->valuestring || !v->valuestring[0])) ||
	       (cJSON_IsArray(v) && cJSON_GetArraySize(v) == 0);
}

static const cJSON *first_unread(struct cfg *c, const cJSON *obj)
{
	const cJSON *e;

	if (!obj)
		return NULL;
	cJSON_ArrayForEach(e, obj) {
		if (!e->string || states_nothing(e) || seen(c, e->string))
			continue;
		/* a key of the table in hf_keys.c whose condition holds
		 * changes nothing the cache depends on */
		if (any_glob(layout_shapes, e->string) &&
		    !hf_key_neutral(e->string, e))
			return e;
	}
	return NULL;
}

/*
 * Key shapes that size weights, not the cache: a present one no reader
 * took may leave the weight estimate short or long (enable_moe_block and
 * moe_shared_expert_intermediate_size were such keys), so each is named
 * in a note; the cache is unaffected, so nothing is refused.
 */
static const char *const weight_shapes[] = {
	"*moe*", "*expert*", "*intermediate*", "*ffn*", "*mlp*", NULL
};

/* Keys of those shapes that change training, routing or biases only
 * (expert biases are named in the estimate's "not counted" list; the
 * top-level mlp_bias is read, hf_import.c, and counted). */
static const char *const weight_compute_only[] = {
	"*aux_loss*", "*router_logits*", "*z_loss*", "*jitter*", "*capacity*",
	"*dropout*", "*_act", "*hidden_act*", "*norm_topk*", "*scaling*",
	"*topk*", "*top_k*", "*expert_bias*", "*mlp_bias*", "*ffn_bias*",
	"*moe_router*", "*score*", "*balanc*", "*renormalize*",
	"*expert_group*", NULL
};

static void note_unread_weights(struct cfg *c, const cJSON *obj,
                                const char *prefix)
{
	const cJSON *e;
	char key[96], val[48];

	if (!obj)
		return;
	cJSON_ArrayForEach(e, obj) {
		if (!e->string || states_nothing(e) || seen(c, e->string) ||
		    !any_glob(weight_shapes, e->string) ||
		    any_glob(weight_compute_only, e->string))
			continue;
		snprintf(key, sizeof key, "%s%s", prefix, e->string);
		hf_clean(key);
		hf_show(e, val, sizeof val);
		hf_note(c, "%s: %s not read: the weight estimate may not count "
		        "what it sizes (the cache does not depend on it)", key, val);
	}
}

void hf_unread_weights(struct cfg *c)
{
	char prefix[32];

	snprintf(prefix, sizeof prefix, "%s.", c->text ? c->text_key : "");
	note_unread_weights(c, c->text, prefix);
	note_unread_weights(c, c->root, "");
}

enum kvp_status hf_unread_layout(struct cfg *c, struct kvp_model *m)
{
	const cJSON *e = first_unread(c, c->text);
	char key[96], val[48];
	bool nested = e != NULL;

	if (!e)
		e = first_unread(c, c->root);
	if (!e)
		return KVP_OK;
	snprintf(key, sizeof key, "%s%s%s", nested ? c->text_key : "",
	         nested ? "." : "", e->string);
	hf_clean(key);
	hf_show(e, val, sizeof val);
	if (!c->assume_layout)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %s - a layout "
		       "key kvplan does not read for model_type \"%s\": refused "
		       "rather than sized wrong (--assume-layout imports anyway)",
		       c->name, key, val, c->model_type);
	if (!m->layout_assumed[0])
		snprintf(m->layout_assumed, sizeof m->layout_assumed, "%s: %s",
		         key, val);
	hf_note(c, "%s: %s not read (--assume-layout): the layout kvplan "
	        "read may not be the model's", key, val);
	return KVP_OK;
}
