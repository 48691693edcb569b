/*
 * src/core/model/ - the model as kvp_compute reads it, and stage 1 of
 * kvp_compute: the per-layer table. layers.c (this file) parses layer
 * ranges and override rules and resolves model.base plus the rules into
 * one spec per layer (kvp_layers_resolve, stage 1); format.c holds the
 * element and block formats of a K/V row and their bytes; validate.c
 * checks a whole plan before any stage runs (kvp_plan_validate); model.c
 * names the layer kinds, weight sources and tensor groups; field.c is
 * the table of every plan field by name (get/set for the planner, the
 * CLI and plan files).
 *
 * layers.c - layer ranges, override rules and their resolution into the
 * per-layer table (layers.h). Pure: no allocation, no I/O.
 *
 * Text forms:
 *   range  "all" | "N" | "A-B" | "A-B/S"   (A <= B, S >= 1; layers A,
 *          A+S, A+2S, ... up to B, 0-based)
 *   rule   "RANGE:key=value[,key=value...]" with keys kind, kv_heads,
 *          k_dim, v_dim, head_dim (both dims), k_dtype, v_dtype, dtype
 *          (both), window, state_bytes, shared_with.
 *
 * Resolution: every layer starts as model->base; each rule in order then
 * overwrites the fields it sets for the layers its range selects (later
 * rules win). A rule whose range reaches past the last layer is an error
 * naming the rule. Each resolved layer is then validated; a message names
 * "model.layers[i].field" when a rule set that field for layer i, and
 * "model.base.field" when the value came from the uniform fields.
 */
#include <stdio.h>   /* snprintf only: formatting, no I/O */
#include <string.h>
#include <strings.h>

#include "kvplan/checked.h"
#include "kvplan/layers.h"

#define LF_BIT(f) (1u << (f))

/* ---- numbers ---- */

/* Strict decimal: digits only, at least one, value <= max. */
static bool parse_uint(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (len == 0)
		return false;
	for (i = 0; i < len; i++) {
		unsigned d;

		if (s[i] < '0' || s[i] > '9')
			return false;
		d = (unsigned)(s[i] - '0');
		if (v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* ---- ranges ---- */

/* Parse the range in s[0..len) (not NUL-terminated); `text` is the whole
 * text shown in messages. */
static enum kvp_status range_parse_n(const char *s, size_t len,
                                     const char *text, struct kvp_range *out,
                                     struct kvp_error *err)
{
	const char *dash, *slash, *end = s + len;
	uint64_t a, b, step = 1;

	memset(out, 0, sizeof *out);
	if (len == 3 && strncasecmp(s, "all", 3) == 0) {
		out->all = true;
		out->step = 1;
		return KVP_OK;
	}
	dash = memchr(s, '-', len);
	slash = memchr(s, '/', len);
	if (!dash) {
		if (slash || !parse_uint(s, len, UINT32_MAX, &a))
			goto bad;
		out->first = out->last = (uint32_t)a;
		out->step = 1;
		return KVP_OK;
	}
	if (slash && slash < dash)
		goto bad;
	if (!parse_uint(s, (size_t)(dash - s), UINT32_MAX, &a))
		goto bad;
	if (!parse_uint(dash + 1, (size_t)((slash ? slash : end) - dash - 1),
	                UINT32_MAX, &b))
		goto bad;
	if (slash && !parse_uint(slash + 1, (size_t)(end - slash - 1),
	                         UINT32_MAX, &step))
		goto bad;
	if (a > b)
		return kvp_error_set(err, KVP_EINVAL,
			"layer range '%s': first layer %llu is after last layer %llu",
			text, (unsigned long long)a, (unsigned long long)b);
	if (step < 1)
		return kvp_error_set(err, KVP_EINVAL,
			"layer range '%s': step 0 - must be at least 1", text);
	out->first = (uint32_t)a;
	out->last = (uint32_t)b;
	out->step = (uint32_t)step;
	return KVP_OK;
bad:
	return kvp_error_set(err, KVP_EINVAL,
		"layer range '%s': expected all, N, A-B or A-B/S (0-based layers)",
		text);
}

enum kvp_status kvp_range_parse(const char *s, struct kvp_range *out,
                                struct kvp_error *err)
{
	if (!s)
		s = "";
	return range_parse_n(s, strlen(s), s, out, err);
}

void kvp_range_format(const struct kvp_range *r, char *buf, size_t n)
{
	if (n == 0)
		return;
	if (r->all)
		snprintf(buf, n, "all");
	else if (r->first == r->last && r->step <= 1)
		snprintf(buf, n, "%u", r->first);
	else if (r->step <= 1)
		snprintf(buf, n, "%u-%u", r->first, r->last);
	else
		snprintf(buf, n, "%u-%u/%u", r->first, r->last, r->step);
}

bool kvp_range_contains(const struct kvp_range *r, uint32_t layer)
{
	if (r->all)
		return true;
	if (layer < r->first || layer > r->last)
		return false;
	return r->step <= 1 || (layer - r->first) % r->step == 0;
}

/* ---- layer kinds ---- */

static const struct {
	const char *name;
	enum kvp_layer_kind kind;
} kind_aliases[] = {
	{ "full", KVP_LAYER_FULL }, { "attention", KVP_LAYER_FULL },
	{ "sliding", KVP_LAYER_SLIDING }, { "swa", KVP_LAYER_SLIDING },
	{ "chunked", KVP_LAYER_CHUNKED },
	{ "none", KVP_LAYER_NONE }, { "recurrent", KVP_LAYER_NONE },
	{ "shared", KVP_LAYER_SHARED },
	{ "mla", KVP_LAYER_MLA },
	{ "ffn", KVP_LAYER_FFN }, { "mlp", KVP_LAYER_FFN },
	{ "compressed", KVP_LAYER_COMPRESSED },
};

enum kvp_status kvp_layer_kind_parse(const char *s, enum kvp_layer_kind *out,
                                     struct kvp_error *err)
{
	size_t i;

	if (!s)
		s = "";
	for (i = 0; i < sizeof kind_aliases / sizeof kind_aliases[0]; i++)
		if (strcasecmp(s, kind_aliases[i].name) == 0) {
			*out = kind_aliases[i].kind;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"kind: '%s' - expected full, sliding, chunked, none, shared, mla, "
		"ffn or compressed", s);
}

/* ---- rules ---- */

enum rule_key {
	RK_KIND, RK_KV_HEADS, RK_K_DIM, RK_V_DIM, RK_HEAD_DIM, RK_K_DTYPE,
	RK_V_DTYPE, RK_DTYPE, RK_WINDOW, RK_STATE_BYTES, RK_SHARED_WITH,
	RK_RATIO, RK_COUNT
};

static const char *const rule_keys[RK_COUNT] = {
	[RK_KIND] = "kind", [RK_KV_HEADS] = "kv_heads", [RK_K_DIM] = "k_dim",
	[RK_V_DIM] = "v_dim", [RK_HEAD_DIM] = "head_dim",
	[RK_K_DTYPE] = "k_dtype", [RK_V_DTYPE] = "v_dtype", [RK_DTYPE] = "dtype",
	[RK_WINDOW] = "window", [RK_STATE_BYTES] = "state_bytes",
	[RK_SHARED_WITH] = "shared_with", [RK_RATIO] = "ratio",
};

/* A rule's kind value. */
static enum kvp_status rule_kind(const char *text, const char *val,
                                 struct kvp_layer_rule *r, struct kvp_error *err)
{
	enum kvp_layer_kind kind;
	struct kvp_error sub;

	if (kvp_layer_kind_parse(val, &kind, &sub) != KVP_OK)
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': kind '%s' - expected full, sliding, "
			"chunked, none, shared, mla, ffn or compressed", text, val);
	r->v.kind = kind;
	r->set |= LF_BIT(KVP_LF_KIND);
	return KVP_OK;
}

/* A rule's k_dtype, v_dtype or dtype (both) value: a plain format. */
static enum kvp_status rule_dtype(const char *text, enum rule_key key,
                                  const char *val, struct kvp_layer_rule *r,
                                  struct kvp_error *err)
{
	enum kvp_dtype dt;
	struct kvp_error sub;

	if (kvp_dtype_parse(val, &dt, &sub) != KVP_OK)
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': %s '%s' - expected f32, f16, bf16, "
			"fp8, int8, q8_0, q4_0, q4_1, q5_0, q5_1 or iq4_nl "
			"(groupq is set on the model, --kv-dtype groupq:...)",
			text, rule_keys[key], val);
	if (dt == KVP_DT_GROUPQ)
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': %s 'groupq' - a group-quantized "
			"format is set on the model (model.base), not in a rule",
			text, rule_keys[key]);
	if (key != RK_V_DTYPE) {
		r->v.k_fmt = kvp_format_plain(dt);
		r->set |= LF_BIT(KVP_LF_K_FMT);
	}
	if (key != RK_K_DTYPE) {
		r->v.v_fmt = kvp_format_plain(dt);
		r->set |= LF_BIT(KVP_LF_V_FMT);
	}
	return KVP_OK;
}

/* A rule's whole-number value u into its field(s). */
static void rule_number(enum rule_key key, uint64_t u, struct kvp_layer_rule *r)
{
	switch (key) {
	case RK_KV_HEADS:
		r->v.kv_heads = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_KV_HEADS);
		break;
	case RK_K_DIM:
		r->v.k_dim = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_K_DIM);
		break;
	case RK_V_DIM:
		r->v.v_dim = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_V_DIM);
		break;
	case RK_HEAD_DIM:
		r->v.k_dim = r->v.v_dim = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_K_DIM) | LF_BIT(KVP_LF_V_DIM);
		break;
	case RK_WINDOW:
		r->v.window = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_WINDOW);
		break;
	case RK_STATE_BYTES:
		r->v.state_bytes = u;
		r->set |= LF_BIT(KVP_LF_STATE_BYTES);
		break;
	case RK_SHARED_WITH:
		r->v.shared_with = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_SHARED_WITH);
		break;
	case RK_RATIO:
		r->v.ratio = (uint32_t)u;
		r->set |= LF_BIT(KVP_LF_RATIO);
		break;
	default:
		break;
	}
}

/* Apply key=value (key in k[0..klen), value NUL-free in v[0..vlen)). */
static enum kvp_status rule_apply(const char *text, const char *k, size_t klen,
                                  const char *v, size_t vlen,
                                  struct kvp_layer_rule *r,
                                  struct kvp_error *err)
{
	char val[64];
	size_t i;
	int key = -1;
	uint64_t u;

	for (i = 0; i < RK_COUNT; i++)
		if (strlen(rule_keys[i]) == klen &&
		    strncmp(k, rule_keys[i], klen) == 0)
			key = (int)i;
	if (key < 0)
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': unknown key '%.*s' - expected kind, "
			"kv_heads, k_dim, v_dim, head_dim, k_dtype, v_dtype, dtype, "
			"window, state_bytes, shared_with or ratio", text, (int)klen,
			k);
	if (vlen == 0 || vlen >= sizeof val)
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': %s '%.*s' - bad value", text,
			rule_keys[key], (int)vlen, v);
	memcpy(val, v, vlen);
	val[vlen] = '\0';
	if (key == RK_KIND)
		return rule_kind(text, val, r, err);
	if (key == RK_K_DTYPE || key == RK_V_DTYPE || key == RK_DTYPE)
		return rule_dtype(text, (enum rule_key)key, val, r, err);
	if (!parse_uint(val, vlen, key == RK_STATE_BYTES ? UINT64_MAX : UINT32_MAX,
	                &u))
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': %s '%s' - expected a whole number%s", text,
			rule_keys[key], val,
			key == RK_STATE_BYTES ? "" : " up to 4294967295");
	rule_number((enum rule_key)key, u, r);
	return KVP_OK;
}

enum kvp_status kvp_rule_parse(const char *s, struct kvp_layer_rule *out,
                               struct kvp_error *err)
{
	const char *colon, *p, *end;
	enum kvp_status st;

	if (!s)
		s = "";
	memset(out, 0, sizeof *out);
	colon = strchr(s, ':');
	if (!colon || colon[1] == '\0')
		return kvp_error_set(err, KVP_EINVAL,
			"layer rule '%s': expected RANGE:key=value[,key=value...] "
			"(e.g. 5-47/6:kind=sliding,window=4096)", s);
	st = range_parse_n(s, (size_t)(colon - s), s, &out->range, err);
	if (st != KVP_OK)
		return kvp_error_set(err, st, "layer rule '%s': range '%.*s' - "
			"expected all, N, A-B or A-B/S (0-based layers)", s,
			(int)(colon - s), s);
	end = s + strlen(s);
	for (p = colon + 1; p <= end; ) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		const char *eq = memchr(p, '=', (size_t)(stop - p));

		if (!eq)
			return kvp_error_set(err, KVP_EINVAL,
				"layer rule '%s': '%.*s' - expected key=value", s,
				(int)(stop - p), p);
		st = rule_apply(s, p, (size_t)(eq - p), eq + 1,
		                (size_t)(stop - eq - 1), out, err);
		if (st != KVP_OK)
			return st;
		p = stop + 1;
	}
	return KVP_OK;
}

/* Append ",key=value" (":" before the first) to buf, truncating. */
static void put_kv(char *buf, size_t n, size_t *pos, bool *first,
                   const char *key, const char *val)
{
	int w;

	if (*pos >= n)
		return;
	w = snprintf(buf + *pos, n - *pos, "%s%s=%s", *first ? ":" : ",",
	             key, val);
	*first = false;
	if (w > 0)
		*pos += (size_t)w;
}

void kvp_rule_format(const struct kvp_layer_rule *r, char *buf, size_t n)
{
	char num[24];
	size_t pos;
	bool first = true;

	if (n == 0)
		return;
	kvp_range_format(&r->range, buf, n);
	pos = strlen(buf);
	if (r->set & LF_BIT(KVP_LF_KIND))
		put_kv(buf, n, &pos, &first, "kind", kvp_layer_kind_name(r->v.kind));
#define NUM(bit, key, val)                                                 \
	if (r->set & LF_BIT(bit)) {                                        \
		snprintf(num, sizeof num, "%llu", (unsigned long long)(val)); \
		put_kv(buf, n, &pos, &first, key, num);                    \
	}
	NUM(KVP_LF_KV_HEADS, "kv_heads", r->v.kv_heads)
	NUM(KVP_LF_K_DIM, "k_dim", r->v.k_dim)
	NUM(KVP_LF_V_DIM, "v_dim", r->v.v_dim)
	if (r->set & LF_BIT(KVP_LF_K_FMT))
		put_kv(buf, n, &pos, &first, "k_dtype", kvp_dtype_name(r->v.k_fmt.dtype));
	if (r->set & LF_BIT(KVP_LF_V_FMT))
		put_kv(buf, n, &pos, &first, "v_dtype", kvp_dtype_name(r->v.v_fmt.dtype));
	NUM(KVP_LF_WINDOW, "window", r->v.window)
	NUM(KVP_LF_STATE_BYTES, "state_bytes", r->v.state_bytes)
	NUM(KVP_LF_SHARED_WITH, "shared_with", r->v.shared_with)
	NUM(KVP_LF_RATIO, "ratio", r->v.ratio)
#undef NUM
}

/* ---- resolution ---- */

static const char *const field_names[KVP_LF_COUNT] = {
	[KVP_LF_KIND] = "kind", [KVP_LF_KV_HEADS] = "kv_heads",
	[KVP_LF_K_DIM] = "k_dim", [KVP_LF_V_DIM] = "v_dim",
	[KVP_LF_K_FMT] = "k_dtype", [KVP_LF_V_FMT] = "v_dtype",
	[KVP_LF_WINDOW] = "window", [KVP_LF_STATE_BYTES] = "state_bytes",
	[KVP_LF_SHARED_WITH] = "shared_with", [KVP_LF_RATIO] = "ratio",
};

/* "model.layers[i].field" when a rule set it for layer i, else
 * "model.base.field". */
static const char *field_path(char *buf, size_t n, uint32_t i, uint32_t mask,
                              enum kvp_layer_field f)
{
	if (mask & LF_BIT(f))
		snprintf(buf, n, "model.layers[%u].%s", i, field_names[f]);
	else
		snprintf(buf, n, "model.base.%s", field_names[f]);
	return buf;
}

static bool holds_positions(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING ||
	       k == KVP_LAYER_CHUNKED || k == KVP_LAYER_MLA;
}

/* The last shape whose K and V rows were checked (plain formats only),
 * so layers of the same shape skip the row arithmetic. */
struct row_memo {
	bool valid;
	uint32_t kv_heads, k_dim, v_dim;
	enum kvp_dtype k_dt, v_dt;
};

static bool memo_hit(const struct row_memo *r, const struct kvp_layer_spec *l)
{
	return r->valid && r->kv_heads == l->kv_heads && r->k_dim == l->k_dim &&
	       r->v_dim == l->v_dim && r->k_dt == l->k_fmt.dtype &&
	       r->v_dt == l->v_fmt.dtype;
}

/* A full, sliding or chunked layer: window (sliding, chunked), heads and
 * dims at least 1, K and V rows that fit; memo remembers the last plain
 * shape whose rows were checked. */
static enum kvp_status check_attention(const struct kvp_layer_spec *l,
                                       uint32_t i, uint32_t mask,
                                       struct row_memo *memo,
                                       struct kvp_error *err)
{
	char path[80];
	uint64_t row;

	if ((l->kind == KVP_LAYER_SLIDING || l->kind == KVP_LAYER_CHUNKED) &&
	    l->window < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: 0 - must be at least 1 for a %s layer",
			field_path(path, sizeof path, i, mask, KVP_LF_WINDOW),
			kvp_layer_kind_name(l->kind));
	if (l->kv_heads < 1)
		return kvp_error_set(err, KVP_ERANGE, "%s: 0 - must be at least 1",
			field_path(path, sizeof path, i, mask, KVP_LF_KV_HEADS));
	if (l->k_dim < 1)
		return kvp_error_set(err, KVP_ERANGE, "%s: 0 - must be at least 1",
			field_path(path, sizeof path, i, mask, KVP_LF_K_DIM));
	if (l->v_dim < 1)
		return kvp_error_set(err, KVP_ERANGE, "%s: 0 - must be at least 1",
			field_path(path, sizeof path, i, mask, KVP_LF_V_DIM));
	if (memo_hit(memo, l))
		return KVP_OK;
	/* the field path is formatted only for a message */
	if (kvp_format_row_bytes(&l->k_fmt, (uint64_t)l->kv_heads * l->k_dim,
	                         &row, NULL, NULL) != KVP_OK)
		return kvp_format_row_bytes(&l->k_fmt,
			(uint64_t)l->kv_heads * l->k_dim, &row,
			field_path(path, sizeof path, i, mask, KVP_LF_K_FMT), err);
	/* V's row is K's when its shape and plain format are: checked */
	if (!(l->v_dim == l->k_dim && l->v_fmt.dtype == l->k_fmt.dtype &&
	      l->k_fmt.dtype != KVP_DT_GROUPQ) &&
	    kvp_format_row_bytes(&l->v_fmt, (uint64_t)l->kv_heads * l->v_dim,
	                         &row, NULL, NULL) != KVP_OK)
		return kvp_format_row_bytes(&l->v_fmt,
			(uint64_t)l->kv_heads * l->v_dim, &row,
			field_path(path, sizeof path, i, mask, KVP_LF_V_FMT), err);
	if (l->k_fmt.dtype != KVP_DT_GROUPQ && l->v_fmt.dtype != KVP_DT_GROUPQ) {
		memo->valid = true;
		memo->kv_heads = l->kv_heads;
		memo->k_dim = l->k_dim;
		memo->v_dim = l->v_dim;
		memo->k_dt = l->k_fmt.dtype;
		memo->v_dt = l->v_fmt.dtype;
	}
	return KVP_OK;
}

/* An MLA layer: the model's latent rank and the layer's formats. */
static enum kvp_status check_mla(const struct kvp_model *m,
                                 const struct kvp_layer_spec *l, uint32_t i,
                                 uint32_t mask, struct kvp_error *err)
{
	char path[80];

	if (m->mla.kv_lora_rank < 1)
		return kvp_error_set(err, KVP_EINVAL,
			"model.mla.kv_lora_rank: 0 - layer %u is an MLA layer "
			"and needs it", i);
	if (kvp_format_check(&l->k_fmt, NULL, NULL) != KVP_OK)
		return kvp_format_check(&l->k_fmt,
			field_path(path, sizeof path, i, mask, KVP_LF_K_FMT), err);
	if (kvp_format_check(&l->v_fmt, NULL, NULL) != KVP_OK)
		return kvp_format_check(&l->v_fmt,
			field_path(path, sizeof path, i, mask, KVP_LF_V_FMT), err);
	return KVP_OK;
}

/* A compressed layer (DeepSeek V4): a window of at least 1, heads and K
 * dims at least 1 (V may be 0: K only), plain formats (a group-quantized
 * format's residual is not defined on compressed rows) whose rows fit. */
static enum kvp_status check_compressed(const struct kvp_layer_spec *l,
                                        uint32_t i, uint32_t mask,
                                        struct kvp_error *err)
{
	char path[80];
	uint64_t row;

	if (l->window < 1 || l->kv_heads < 1 || l->k_dim < 1)
		return kvp_error_set(err, KVP_ERANGE, "%s: 0 - must be at least "
			"1 for a compressed layer", field_path(path, sizeof path,
			i, mask, l->window < 1 ? KVP_LF_WINDOW : l->kv_heads < 1 ?
			KVP_LF_KV_HEADS : KVP_LF_K_DIM));
	if (l->k_fmt.dtype == KVP_DT_GROUPQ || l->v_fmt.dtype == KVP_DT_GROUPQ)
		return kvp_error_set(err, KVP_EINVAL, "%s: groupq - a "
			"group-quantized format is not modelled on a compressed "
			"layer", field_path(path, sizeof path, i, mask,
			l->k_fmt.dtype == KVP_DT_GROUPQ ? KVP_LF_K_FMT : KVP_LF_V_FMT));
	if (kvp_format_row_bytes(&l->k_fmt, (uint64_t)l->kv_heads * l->k_dim,
	                         &row, field_path(path, sizeof path, i, mask,
	                         KVP_LF_K_FMT), err) != KVP_OK)
		return err->status;
	return kvp_format_row_bytes(&l->v_fmt, (uint64_t)l->kv_heads * l->v_dim,
	                            &row, field_path(path, sizeof path, i, mask,
	                            KVP_LF_V_FMT), err);
}

/* A shared layer names an earlier layer that holds positions (to, the
 * layer it names, when shared_with < i). */
static enum kvp_status check_shared(const struct kvp_layer_spec *l,
                                    const struct kvp_layer_spec *to,
                                    uint32_t i, uint32_t mask,
                                    struct kvp_error *err)
{
	char path[80];

	if (l->shared_with >= i)
		return kvp_error_set(err, KVP_EINVAL,
			"%s: %u - must name an earlier layer (< %u)",
			field_path(path, sizeof path, i, mask, KVP_LF_SHARED_WITH),
			l->shared_with, i);
	if (!holds_positions(to->kind))
		return kvp_error_set(err, KVP_EINVAL,
			"%s: %u - layer %u is a %s layer and has no KV cache to share",
			field_path(path, sizeof path, i, mask, KVP_LF_SHARED_WITH),
			l->shared_with, l->shared_with,
			kvp_layer_kind_name(to->kind));
	return KVP_OK;
}

/* Layer i's spec, with `to` the spec of the layer a shared one names:
 * its type's first layer's (layers after the first of a type are not
 * written yet, kvp_layers_resolve_typed). */
static enum kvp_status check_layer(const struct kvp_model *m,
                                   const struct kvp_layer_spec *out,
                                   size_t stride, uint32_t i, uint32_t mask,
                                   const struct kvp_layer_types *ty,
                                   struct row_memo *memo,
                                   struct kvp_error *err)
{
#define LAYER(k) ((const struct kvp_layer_spec *)((const char *)out + (size_t)(k) * stride))
	const struct kvp_layer_spec *l = LAYER(i);
	char path[80];

	if ((unsigned)l->kind >= KVP_LAYER_KIND_COUNT)
		return kvp_error_set(err, KVP_EINVAL, "%s: %d - unknown layer kind",
			field_path(path, sizeof path, i, mask, KVP_LF_KIND),
			(int)l->kind);
	switch (l->kind) {
	case KVP_LAYER_SLIDING:
	case KVP_LAYER_CHUNKED:
	case KVP_LAYER_FULL:
		return check_attention(l, i, mask, memo, err);
	case KVP_LAYER_MLA:
		return check_mla(m, l, i, mask, err);
	case KVP_LAYER_COMPRESSED:
		return check_compressed(l, i, mask, err);
	case KVP_LAYER_SHARED:
		return check_shared(l, l->shared_with < i ?
		                    LAYER(ty->first[ty->of[l->shared_with]]) : l,
		                    i, mask, err);
	case KVP_LAYER_NONE:
	default:
		return KVP_OK;
	}
#undef LAYER
}

static void apply_rule(const struct kvp_layer_rule *r,
                       struct kvp_layer_spec *l)
{
	if (r->set & LF_BIT(KVP_LF_KIND))
		l->kind = r->v.kind;
	if (r->set & LF_BIT(KVP_LF_KV_HEADS))
		l->kv_heads = r->v.kv_heads;
	if (r->set & LF_BIT(KVP_LF_K_DIM))
		l->k_dim = r->v.k_dim;
	if (r->set & LF_BIT(KVP_LF_V_DIM))
		l->v_dim = r->v.v_dim;
	if (r->set & LF_BIT(KVP_LF_K_FMT))
		l->k_fmt = r->v.k_fmt;
	if (r->set & LF_BIT(KVP_LF_V_FMT))
		l->v_fmt = r->v.v_fmt;
	if (r->set & LF_BIT(KVP_LF_WINDOW))
		l->window = r->v.window;
	if (r->set & LF_BIT(KVP_LF_STATE_BYTES))
		l->state_bytes = r->v.state_bytes;
	if (r->set & LF_BIT(KVP_LF_SHARED_WITH))
		l->shared_with = r->v.shared_with;
	if (r->set & LF_BIT(KVP_LF_RATIO))
		l->ratio = r->v.ratio;
}

/* Layer i of a strided table. */
#define AT(base, i) ((struct kvp_layer_spec *)((char *)(base) + (size_t)(i) * stride))

/*
 * model.kv_reuse_last = N: each of the last N layers reuses the cache of
 * the last earlier layer (before those N) of its own kind - Gemma 3n's
 * num_kv_shared_layers (transformers Gemma3nTextAttention: kv_shared_
 * layer_index is the last non-shared layer of the same layer type;
 * llama.cpp gemma3n: n_layer_kv_from_start). Layers that hold no
 * positions (recurrent, already shared) are left as they are.
 */
static enum kvp_status reuse_last(const struct kvp_model *m,
                                  struct kvp_layer_spec *out, size_t stride,
                                  struct kvp_layer_types *ty,
                                  struct kvp_error *err)
{
	uint32_t n = m->n_layers, N = m->kv_reuse_last, i, j;

	if (N == 0)
		return KVP_OK;
	if (N >= n)
		return kvp_error_set(err, KVP_ERANGE,
			"model.kv_reuse_last: %u - must be below model.n_layers %u",
			N, n);
	for (i = n - N; i < n; i++) {
		enum kvp_layer_kind k = AT(out, i)->kind;

		if (!holds_positions(k))
			continue;
		for (j = n - N; j-- > 0;)
			if (AT(out, j)->kind == k)
				break;
		if (j == UINT32_MAX)
			return kvp_error_set(err, KVP_EINVAL,
				"model.kv_reuse_last: %u - layer %u (%s) has no "
				"earlier %s layer whose cache it could reuse", N, i,
				kvp_layer_kind_name(k), kvp_layer_kind_name(k));
		AT(out, i)->kind = KVP_LAYER_SHARED;
		AT(out, i)->shared_with = j;
	}
	ty->n = 0;   /* layers of one signature now differ: types unknown */
	return KVP_OK;
}

/* A layer of this kind keeps a recurrent state: recurrent layers, and
 * full-attention ones beside their KV under model.recur.beside_full. */
static bool holds_state(const struct kvp_model *m, enum kvp_layer_kind k)
{
	return k == KVP_LAYER_NONE ||
	       (k == KVP_LAYER_FULL && m->recur.beside_full);
}

/* A layer of this kind may carry state_bytes: the states above, and a
 * compressed layer's own compressor state. */
static inline bool keeps_state(const struct kvp_model *m,
                               enum kvp_layer_kind k)
{
	return holds_state(m, k) || k == KVP_LAYER_COMPRESSED;
}

/* Recurrent layers' state from model.recur's components (model.h), in
 * each type's first layer when the types are known (ty->n), else in
 * every layer. Types are in the order of their first layers, so the
 * first layer named in an error is the same either way. */
static enum kvp_status recurrent_state(const struct kvp_model *m,
                                       struct kvp_layer_spec *out,
                                       size_t stride,
                                       const struct kvp_layer_types *ty,
                                       struct kvp_error *err)
{
	const struct kvp_recurrent *r = &m->recur;
	struct kvp_format cf, sf;
	uint64_t cb, sb, st;
	uint32_t i, k;

	/* a state only where one is kept: build_layer drops it from a
	 * built spec; a layer that kv_reuse_last made shared since keeps
	 * none either */
	for (i = 0; m->kv_reuse_last && i < m->n_layers; i++)
		if (!keeps_state(m, AT(out, i)->kind))
			AT(out, i)->state_bytes = 0;
	if (r->conv_values == 0 && r->ssm_values == 0) {
		if (r->beside_full)
			return kvp_error_set(err, KVP_EINVAL, "model.recur."
				"beside_full: true - the state beside each full "
				"layer is given by model.recur.conv_values and "
				"ssm_values, both 0 here");
		return KVP_OK;
	}
	if ((unsigned)r->conv_dtype >= KVP_DT_COUNT ||
	    !kvp_dtype_is_element(r->conv_dtype))
		return kvp_error_set(err, KVP_EINVAL, "model.recur.conv_dtype: "
			"%d - an element format (f32, f16, bf16, fp8, int8)",
			(int)r->conv_dtype);
	if ((unsigned)r->ssm_dtype >= KVP_DT_COUNT ||
	    !kvp_dtype_is_element(r->ssm_dtype))
		return kvp_error_set(err, KVP_EINVAL, "model.recur.ssm_dtype: "
			"%d - an element format (f32, f16, bf16, fp8, int8)",
			(int)r->ssm_dtype);
	cf = kvp_format_plain(r->conv_dtype);
	sf = kvp_format_plain(r->ssm_dtype);
	if (kvp_format_row_bytes(&cf, r->conv_values, &cb,
	                         "model.recur.conv_values", err) != KVP_OK ||
	    kvp_format_row_bytes(&sf, r->ssm_values, &sb,
	                         "model.recur.ssm_values", err) != KVP_OK)
		return err ? err->status : KVP_EOVERFLOW;
	if (!kvp_add(cb, sb, &st))
		return kvp_error_set(err, KVP_EOVERFLOW, "model.recur.ssm_values: "
			"%llu - state bytes overflow 64 bits",
			(unsigned long long)r->ssm_values);
	for (k = 0; k < (ty->n ? ty->n : m->n_layers); k++) {
		struct kvp_layer_spec *l;

		i = ty->n ? ty->first[k] : k;
		l = AT(out, i);
		if (!holds_state(m, l->kind))
			continue;
		if (l->state_bytes != 0 && l->state_bytes != st)
			return kvp_error_set(err, KVP_EINVAL,
				"model.layers[%u].state_bytes: %llu - the state is "
				"also given as model.recur components (%llu bytes): "
				"give one of them", i,
				(unsigned long long)l->state_bytes,
				(unsigned long long)st);
		l->state_bytes = st;
	}
	return KVP_OK;
}

#undef AT

bool kvp_recurrent_split(const struct kvp_model *m, uint64_t seqs,
                         uint64_t *conv, uint64_t *ssm)
{
	const struct kvp_recurrent *r = &m->recur;
	struct kvp_format cf, sf;
	uint64_t cb = 0, sb = 0;

	*conv = *ssm = 0;
	if (r->conv_values == 0 && r->ssm_values == 0)
		return true;
	cf = kvp_format_plain(r->conv_dtype);
	sf = kvp_format_plain(r->ssm_dtype);
	if (kvp_format_row_bytes(&cf, r->conv_values, &cb, NULL, NULL) != KVP_OK ||
	    kvp_format_row_bytes(&sf, r->ssm_values, &sb, NULL, NULL) != KVP_OK)
		return false;
	return kvp_mul(cb, seqs, conv) && kvp_mul(sb, seqs, ssm);
}

enum kvp_status kvp_layers_resolve(const struct kvp_model *m,
                                   struct kvp_layer_spec *out,
                                   struct kvp_error *err)
{
	return kvp_layers_resolve_strided(m, out, sizeof *out, err);
}

enum kvp_status kvp_layers_resolve_strided(const struct kvp_model *m,
                                           struct kvp_layer_spec *out,
                                           size_t stride,
                                           struct kvp_error *err)
{
	struct kvp_layer_types ty;
	enum kvp_status st = kvp_layers_resolve_typed(m, out, stride, &ty, err);

	if (st == KVP_OK)
		kvp_layers_fill(out, stride, m->n_layers, &ty);
	return st;
}

/* A spec is copied into every layer record (kvp_layers_fill, or
 * kvp_layers_unshare with the rest of the record when a stage writes
 * one layer's after the cache stage): kept free of
 * inner padding (model.h, format.h), 104 bytes where it was 120 (100 of
 * fields: ratio, for compressed layers, leaves 4 of tail padding). */
_Static_assert(sizeof(struct kvp_format) == 32 &&
               sizeof(struct kvp_layer_spec) == 104,
               "kvp_layer_spec and kvp_format carry no padding");

/* Signature table of the resolution: 2^SIG_BITS slots. */
#define SIG_BITS 7
#define SIG_SLOTS (1u << SIG_BITS)

/* Layer i of a strided table. */
#define AT(base, i) ((struct kvp_layer_spec *)((char *)(base) + (size_t)(i) * stride))

/* Every rule's range fits the model's layers, stepping forward. */
static enum kvp_status check_ranges(const struct kvp_model *m, uint32_t n,
                                    struct kvp_error *err)
{
	uint32_t j;

	for (j = 0; j < m->n_rules; j++) {
		const struct kvp_range *r = &m->rules[j].range;
		char text[256];

		if (r->all || (r->last < n && r->step >= 1 && r->first <= r->last))
			continue;
		kvp_rule_format(&m->rules[j], text, sizeof text);
		if (r->step < 1)
			return kvp_error_set(err, KVP_EINVAL,
				"layer rule '%s': step 0 - must be at least 1", text);
		if (r->first > r->last)
			return kvp_error_set(err, KVP_EINVAL,
				"layer rule '%s': first layer %u is after last "
				"layer %u", text, r->first, r->last);
		return kvp_error_set(err, KVP_ERANGE,
			"layer rule '%s': layer %u is past the last layer "
			"(model.n_layers %u: layers 0-%u)", text, r->last, n, n - 1);
	}
	return KVP_OK;
}

/* Bit j of sig[i]: rule j selects layer i. Layers with the same
 * signature have the same spec (KVP_MAX_RULES is 64: it fits). Each rule
 * walks its own layers. */
static void rule_signatures(const struct kvp_model *m, uint32_t n,
                            uint64_t *sig)
{
	uint32_t j;

	memset(sig, 0, n * sizeof sig[0]);
	for (j = 0; j < m->n_rules; j++) {
		const struct kvp_range *r = &m->rules[j].range;
		uint64_t i, first = r->all ? 0 : r->first;
		uint64_t last = r->all ? n - 1 : r->last;
		uint64_t step = r->all ? 1 : r->step, bit = 1ull << j;

		/* 64-bit i: i + step past the last one cannot wrap */
		for (i = first; i <= last; i += step)
			sig[i] |= bit;
	}
}

/* Open-addressing table: signature -> first layer built with it. It
 * holds SIG_SLOTS / 2 signatures; past that, layers are built one by
 * one. */
struct sig_table {
	uint64_t sig[SIG_SLOTS];
	uint16_t layer[SIG_SLOTS];
	uint64_t used[SIG_SLOTS / 64];
	uint32_t n;
};

static inline bool sig_used(const struct sig_table *t, uint32_t h)
{
	return t->used[h / 64] >> (h % 64) & 1;
}

/* The slot of signature sg: where it is, or the free slot it would take. */
static uint32_t sig_slot(const struct sig_table *t, uint64_t sg)
{
	uint32_t h = (uint32_t)((sg * 0x9E3779B97F4A7C15ull) >> (64 - SIG_BITS));

	while (sig_used(t, h) && t->sig[h] != sg)
		h = (h + 1) % SIG_SLOTS;
	return h;
}

static void sig_add(struct sig_table *t, uint32_t h, uint64_t sg, uint32_t i)
{
	if (t->n >= SIG_SLOTS / 2)
		return;
	t->used[h / 64] |= 1ull << (h % 64);
	t->sig[h] = sg;
	t->layer[h] = (uint16_t)i;
	t->n++;
}

/* An earlier layer with layer i's signature - the layer before or the
 * one before that (alternating patterns) first: no hashing, and a copy
 * from nearby - else i; *h: the table slot it has or would take. */
static inline uint32_t seen_at(const uint64_t *sig, uint32_t i,
                               const struct sig_table *tab, uint32_t *h)
{
	if (i >= 1 && sig[i - 1] == sig[i])
		return i - 1;
	if (i >= 2 && sig[i - 2] == sig[i])
		return i - 2;
	*h = sig_slot(tab, sig[i]);
	return sig_used(tab, *h) ? tab->layer[*h] : i;
}

/*
 * Layers i.. whose signature was seen (most of a model) take the type
 * of an earlier layer with it; their specs are copied later, if at
 * all (kvp_layers_fill, kvp_layers_unshare: kvp_compute's records stay
 * one per type, result.h). The layer d before, d being the
 * distance of the last match, is tried first (a pattern repeating every
 * d layers: one comparison a layer), then seen_at. A loop of its own,
 * so that its few values stay in registers; returns the first layer
 * with a new signature, or n. Only without a DSA indexer, whose
 * schedule may set such a layer apart.
 */
__attribute__((noinline))
static uint32_t type_run(const uint64_t *sig, uint32_t i, uint32_t n,
                         const struct sig_table *tab,
                         struct kvp_layer_types *ty)
{
	uint32_t d = 1, h, src, t;

	if (i < 1)   /* layer 0 is built; i >= 1 below, as the compiler sees */
		return i;
	while (i < n) {
		/* d <= i throughout: 1 <= i first, then i - src */
		for (; i < n && sig[i - d] == sig[i]; i++) {
			t = ty->of[i - d];
			ty->of[i] = (uint16_t)t;
			ty->count[t]++;
		}
		if (i == n || (src = seen_at(sig, i, tab, &h)) == i)
			break;
		d = i - src;
		ty->of[i] = ty->of[src];
		ty->count[ty->of[src]]++;
		i++;
	}
	return i;
}

/* Layer i built from the base and the rules its signature names (in
 * order: later rules win), then validated. */
static enum kvp_status build_layer(const struct kvp_model *m,
                                   struct kvp_layer_spec *out, size_t stride,
                                   uint32_t i, uint64_t sg,
                                   const struct kvp_layer_types *ty,
                                   struct row_memo *memo,
                                   struct kvp_error *err)
{
	struct kvp_layer_spec *l = AT(out, i);
	uint32_t j, mask = 0;

	*l = m->base;
	for (j = 0; j < m->n_rules; j++)
		if (sg & (1ull << j)) {
			apply_rule(&m->rules[j], l);
			mask |= m->rules[j].set;
		}
	if (!keeps_state(m, l->kind))   /* a state only where one is kept */
		l->state_bytes = 0;
	return check_layer(m, out, stride, i, mask, ty, memo, err);
}

/* Whether layer i keeps DSA indexer keys by the IndexCache schedule
 * (indexer.c); the cache stage sizes them on MLA layers only, so a type
 * is one spec and one answer to this. */
static inline bool indexer_at(const struct kvp_model *m, uint32_t i)
{
	return m->indexer.head_dim && kvp_indexer_on_layer(&m->indexer, i);
}

enum kvp_status kvp_layers_resolve_typed(const struct kvp_model *m,
                                         struct kvp_layer_spec *out,
                                         size_t stride,
                                         struct kvp_layer_types *ty,
                                         struct kvp_error *err)
{
	uint64_t sig[KVP_MAX_LAYERS];
	struct sig_table tab;
	uint32_t i, h = 0, n = m->n_layers;
	struct row_memo memo = { 0 };
	enum kvp_status st;

	if (n < 1 || n > KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_ERANGE,
			"model.n_layers: %u - must be 1..%u", n, KVP_MAX_LAYERS);
	if (m->n_rules > KVP_MAX_RULES)
		return kvp_error_set(err, KVP_ERANGE,
			"model.layers: %u rules - at most %u", m->n_rules,
			KVP_MAX_RULES);
	st = check_ranges(m, n, err);
	if (st != KVP_OK)
		return st;
	rule_signatures(m, n, sig);
	memset(tab.used, 0, sizeof tab.used);
	tab.n = 0;
	/*
	 * Each distinct signature is built and validated at its first layer;
	 * the other layers with that signature copy it (or any earlier layer
	 * with it: they are all alike, and a spec valid at layer j is valid
	 * at every later layer - shared_with < j < i; seen_at).
	 */
	ty->n = 0;
	for (i = 0; i < n; i++) {
		uint32_t src, t;

		if (i >= 1 && !m->indexer.head_dim &&
		    (i = type_run(sig, i, n, &tab, ty)) >= n)
			break;
		src = seen_at(sig, i, &tab, &h);
		if (src == i) {   /* a new signature */
			st = build_layer(m, out, stride, i, sig[i], ty, &memo, err);
			if (st != KVP_OK)
				return st;
			sig_add(&tab, h, sig[i], i);
			ty->first[ty->n] = (uint16_t)i;
			ty->count[ty->n] = 1;
			ty->of[i] = (uint16_t)ty->n++;
			continue;
		}
		t = ty->of[src];
		if (indexer_at(m, i) != indexer_at(m, ty->first[t])) {
			/* the same spec, but the DSA indexer's schedule (by
			 * layer, not by rule) sets it apart: a type of its own */
			*AT(out, i) = *AT(out, ty->first[t]);
			ty->first[ty->n] = (uint16_t)i;
			ty->count[ty->n] = 0;
			t = ty->n++;
		}
		ty->of[i] = (uint16_t)t;
		ty->count[t]++;
	}
	/* model.kv_reuse_last rewrites layers one by one: every spec
	 * first (and the types are unknown after it) */
	if (m->kv_reuse_last) {
		kvp_layers_fill(out, stride, n, ty);
		st = reuse_last(m, out, stride, ty, err);
		if (st != KVP_OK)
			return st;
	}
	return recurrent_state(m, out, stride, ty, err);
}

void kvp_layers_fill(struct kvp_layer_spec *out, size_t stride,
                     uint32_t n_layers, const struct kvp_layer_types *ty)
{
	uint32_t i;

	for (i = 0; ty->n && i < n_layers; i++)
		if (ty->first[ty->of[i]] != i)
			*AT(out, i) = *AT(out, ty->first[ty->of[i]]);
}

#undef AT
