/*
 * log_parse.c - engine startup logs into observations and settings.
 *
 * Each line is cleaned (ANSI colour codes removed, a trailing \r dropped),
 * rejected as binary when it still holds control bytes, then offered to
 * the engines' line readers in turn; the first that takes it wins. Readers
 * look for the engine's own fixed phrases anywhere in the line, so the
 * prefixes loggers add (timestamps, "INFO 04-02 12:33:23 [gpu_worker.py]",
 * "[... TP0]", "I ") do not matter. Anything not taken is counted.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "io/file.h"
#include "io/logs/log_parse.h"
#include "io/logs/log_words.h"

/* ---- numbers and units ---------------------------------------------- */

/* A decimal as printed: mant / 10^dec. */
struct num {
	uint64_t mant;
	unsigned dec;
};

static const char *skip_sp(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Digits with optional thousands commas and one decimal point. Returns the
 * end, or NULL when no digit or too many digits. */
static const char *parse_num(const char *s, struct num *n)
{
	int digits = 0, frac = 0;

	n->mant = 0;
	n->dec = 0;
	s = skip_sp(s);
	for (;;) {
		if (isdigit((unsigned char)*s)) {
			if (n->mant > (UINT64_MAX - 9) / 10 || digits >= 19)
				return NULL;
			n->mant = n->mant * 10 + (uint64_t)(*s - '0');
			digits++;
			if (frac)
				n->dec++;
			s++;
		} else if (*s == ',' && digits && !frac &&
		           isdigit((unsigned char)s[1]) &&
		           isdigit((unsigned char)s[2]) &&
		           isdigit((unsigned char)s[3]) &&
		           !isdigit((unsigned char)s[4])) {
			s++;            /* "1,952" thousands separator */
		} else if (*s == '.' && !frac && digits &&
		           isdigit((unsigned char)s[1])) {
			frac = 1;
			s++;
		} else {
			break;
		}
	}
	return digits ? s : NULL;
}

static uint64_t pow10u(unsigned d)
{
	uint64_t p = 1;

	while (d--)
		p *= 10;
	return p;
}

/*
 * value = mant * unit / 10^dec, rounded to nearest; tolerance = half of
 * one unit of the last printed digit, rounded up (0 for exact integers).
 * False when the value does not fit in 64 bits.
 */
static int num_scale(const struct num *n, uint64_t unit, uint64_t *val,
                     uint64_t *tol)
{
	unsigned __int128 p = (unsigned __int128)n->mant * unit;
	uint64_t q;

	if (n->dec > 18)
		return 0;
	q = pow10u(n->dec);
	p = (p + q / 2) / q;
	if (p > UINT64_MAX)
		return 0;
	*val = (uint64_t)p;
	if (unit == 1 && n->dec == 0)
		*tol = 0;
	else
		*tol = (uint64_t)(((unsigned __int128)unit + 2 * q - 1) / (2 * q));
	return 1;
}

/* Unit after a number. `gb_is_gib`: the engine divides by 2^30 but prints
 * "GB" (vLLM, SGLang). Returns bytes per unit, 0 when none matched. */
static uint64_t parse_unit(const char **sp, int gb_is_gib)
{
	static const struct { const char *name; uint64_t bytes; int gb; } units[] = {
		{ "GiB", 1ull << 30, 0 }, { "MiB", 1ull << 20, 0 },
		{ "KiB", 1ull << 10, 0 }, { "TiB", 1ull << 40, 0 },
		{ "GB", 1000000000ull, 1 }, { "MB", 1000000ull, 2 },
		{ "KB", 1000ull, 3 }, { "B", 1, 0 },
	};
	const char *s = skip_sp(*sp);
	size_t i;

	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t l = strlen(units[i].name);

		if (strncmp(s, units[i].name, l) == 0 &&
		    !isalpha((unsigned char)s[l])) {
			uint64_t b = units[i].bytes;

			if (gb_is_gib && units[i].gb == 1)
				b = 1ull << 30;
			else if (gb_is_gib && units[i].gb == 2)
				b = 1ull << 20;
			else if (gb_is_gib && units[i].gb == 3)
				b = 1ull << 10;
			*sp = s + l;
			return b;
		}
	}
	return 0;
}

/* ---- recording ------------------------------------------------------ */

static void hit(struct kvp_log *log, enum kvp_engine_kind e)
{
	log->engine_hits[e]++;
	log->engines_seen |= 1u << e;
}

static void copy_trim(char *dst, size_t n, const char *s, size_t len)
{
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/* Record a figure printed at [start, end) as value/tol. */
static int add_obs(struct kvp_log *log, enum kvp_engine_kind e,
                   enum kvp_obs_kind kind, enum kvp_obs_scope scope,
                   const char *device, uint64_t value, uint64_t tol,
                   const char *start, const char *end, uint32_t line)
{
	struct kvp_observation *o;

	hit(log, e);
	if (log->n_obs >= KVP_LOG_MAX_OBS) {
		log->skipped_obs++;
		return 1;
	}
	o = &log->obs[log->n_obs++];
	memset(o, 0, sizeof *o);
	o->kind = kind;
	o->scope = scope;
	o->engine = e;
	o->value = value;
	o->tolerance = tol;
	o->line = line;
	if (device)
		snprintf(o->device, sizeof o->device, "%s", device);
	start = skip_sp(start);
	if (end > start)
		copy_trim(o->text, sizeof o->text, start, (size_t)(end - start));
	return 1;
}

/* Number + unit at *sp as a byte figure. Advances *sp. */
static int bytes_at(struct kvp_log *log, enum kvp_engine_kind e,
                    enum kvp_obs_kind kind, enum kvp_obs_scope scope,
                    const char *device, const char **sp, int gb_is_gib,
                    uint32_t line)
{
	const char *start = *sp, *p;
	struct num n;
	uint64_t unit, v, tol;

	p = parse_num(start, &n);
	if (!p)
		return 0;
	unit = parse_unit(&p, gb_is_gib);
	if (!unit || !num_scale(&n, unit, &v, &tol))
		return 0;
	*sp = p;
	return add_obs(log, e, kind, scope, device, v, tol, start, p, line);
}

/* A llama.cpp buffer line, "NAME <what> buffer size = N MiB" with `p` at
 * the blank before <what>: the figure of kind `kind` on device NAME. */
static int llama_buffer(struct kvp_log *log, const char *line, const char *p,
                        enum kvp_obs_kind kind, enum kvp_obs_scope scope,
                        uint32_t ln)
{
	const char *d = p, *e = strchr(p + 1, '=');
	char dev[64];

	/* back to the blank before the name: names may hold colons
	 * ("RPC[10.0.0.2:50052]"), a prefix ends in one */
	while (d > line && d[-1] != ' ')
		d--;
	if (!memchr(d, '[', (size_t)(p - d))) {
		const char *c = d;

		for (; c < p; c++)
			if (*c == ':')
				d = c + 1;
	}
	copy_trim(dev, sizeof dev, d, (size_t)(p - d));
	if (!e)
		return 0;
	e++;
	return bytes_at(log, KVP_ENGINE_LLAMACPP, kind, scope, dev, &e, 0, ln);
}

/* A count (no unit) at *sp. */
static int count_at(struct kvp_log *log, enum kvp_engine_kind e,
                    enum kvp_obs_kind kind, enum kvp_obs_scope scope,
                    const char *device, const char **sp, uint32_t line)
{
	const char *start = *sp, *p;
	struct num n;

	p = parse_num(start, &n);
	if (!p || n.dec)
		return 0;
	*sp = p;
	return add_obs(log, e, kind, scope, device, n.mant, 0, start, p, line);
}

static void set_key(struct kvp_log *log, enum kvp_log_key k, uint64_t v,
                    uint32_t line)
{
	log->set.has[k] = true;
	log->set.v[k] = v;
	log->set.line[k] = line;
}

/* Integer setting at s; 1 when taken. */
static int set_int(struct kvp_log *log, enum kvp_log_key k, const char *s,
                   uint32_t line)
{
	struct num n;

	if (!parse_num(s, &n) || n.dec)
		return 0;
	set_key(log, k, n.mant, line);
	return 1;
}

/* Aphrodite's "KV cache for N tokens: " at s (after "KV cache for "):
 * the figure after it, or NULL when the words differ (LMCache's
 * "Storing KV cache for N out of M tokens" is another line). */
static const char *aph_tokens(const char *s)
{
	const char *p = s;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == s || strncmp(p, " tokens:", 8))
		return NULL;
	return skip_sp(p + 8);
}

/* A fraction "0.90" as parts per million. */
static int set_ppm(struct kvp_log *log, enum kvp_log_key k, const char *s,
                   uint32_t line)
{
	struct num n;
	uint64_t v, tol;

	if (!parse_num(s, &n) || !num_scale(&n, 1000000, &v, &tol) ||
	    v > 1000000)
		return 0;
	set_key(log, k, v, line);
	return 1;
}

/* Value after "key=" or "key = " (quotes removed) into buf. */
static const char *kv_value(const char *line, const char *key, char *buf,
                            size_t n)
{
	const char *p = line, *v;
	size_t kl = strlen(key), l;

	while ((p = strstr(p, key)) != NULL) {
		/* whole word: not preceded by an identifier character */
		if ((p == line || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    (p[kl] == '=' || p[kl] == ' ')) {
			v = skip_sp(p + kl);
			if (*v == '=') {
				v = skip_sp(v + 1);
				if (*v == '\'' || *v == '"') {
					char q = *v++;
					const char *e = strchr(v, q);

					l = e ? (size_t)(e - v) : strlen(v);
				} else {
					l = strcspn(v, ", )|;");
				}
				copy_trim(buf, n, v, l);
				return buf;
			}
		}
		p += kl;
	}
	return NULL;
}

/* ---- wordings as rows (log_words.h) --------------------------------- */

/* One row's figure, its words at `p`; what an LR_FN reader returns. */
static int read_word(struct kvp_log *log, const struct log_word *w,
                     const char *line, const char *p, const char *dev,
                     uint32_t ln)
{
	enum kvp_obs_scope sc = (enum kvp_obs_scope)(w->scope == LOG_SCOPE_CUR
	                                             ? log->cur_scope : w->scope);
	const char *at = p + strlen(w->words);

	switch (w->read) {
	case LR_BYTES:
	case LR_BYTES_GIB:
		return bytes_at(log, w->engine, (enum kvp_obs_kind)w->what, sc, dev,
		                &at, w->read == LR_BYTES_GIB, ln);
	case LR_COUNT:
		return count_at(log, w->engine, (enum kvp_obs_kind)w->what, sc, dev,
		                &at, ln);
	case LR_BUFFER:
		return llama_buffer(log, line, p, (enum kvp_obs_kind)w->what, sc, ln);
	case LR_SETTING:
		if (!set_int(log, (enum kvp_log_key)w->what, at, ln))
			return 0;
		break;
	case LR_FLAG:
		set_key(log, (enum kvp_log_key)w->what, 1, ln);
		break;
	case LR_SEEN:
		break;
	case LR_FN:
		return w->fn(log, line, p, dev, ln);
	}
	hit(log, w->engine);
	return 1;
}

/*
 * The line through rows[0..n) in order: the first row whose words (and
 * `with`) the line holds reads it, and the row after it too when it says
 * `also`. Returns what that read returned (1 taken, 0 its figure could
 * not be read), or -1 when no row's words are on the line.
 */
/* The pair hash of line_pairs: bytes a then b, 7 bits. */
static inline unsigned pair_hash(unsigned char a, unsigned char b)
{
	return ((unsigned)a * 31u + b) & 127u;
}

/* Every adjacent pair of the line's bytes into log->line_pairs, the two
 * halves kept in registers (a store per byte would wait on the last). */
static void line_pairs(struct kvp_log *log, const char *line)
{
	const unsigned char *s = (const unsigned char *)line;
	uint64_t lo = 0, hi = 0;

	for (; s[0] && s[1]; s++) {
		unsigned h = pair_hash(s[0], s[1]);
		uint64_t bit = 1ull << (h & 63);

		lo |= h < 64 ? bit : 0;
		hi |= h < 64 ? 0 : bit;
	}
	log->line_pairs[0] = lo;
	log->line_pairs[1] = hi;
}

/* False when words cannot be on the current line: one of its first
 * three pairs of bytes is not among the line's (a quick test before
 * strstr; a collision only lets strstr decide). */
static inline bool may_hold(const struct kvp_log *log, const char *words)
{
	size_t i;

	for (i = 0; i < 3 && words[i] && words[i + 1]; i++) {
		unsigned h = pair_hash((unsigned char)words[i],
		                       (unsigned char)words[i + 1]);

		if (!(log->line_pairs[h >> 6] >> (h & 63) & 1))
			return false;
	}
	return true;
}

static int read_words(struct kvp_log *log, const struct log_word *rows,
                      size_t n, const char *line, const char *dev,
                      uint32_t ln)
{
	int took = -1, r;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct log_word *w = &rows[i];
		const char *p = may_hold(log, w->words) ? strstr(line, w->words)
		                                        : NULL;

		if (!p || (w->with && !strstr(line, w->with))) {
			if (took >= 0)
				return took;   /* the `also` row is not on it */
			continue;
		}
		if ((r = read_word(log, w, line, p, dev, ln)) < 0)
			continue;
		took = took > 0 ? took : r;
		if (!w->also)
			return took;
	}
	return took;
}

/* ---- llama.cpp ------------------------------------------------------ */

static int parse_bool_word(const char *v, uint64_t *out)
{
	if (!strcmp(v, "true") || !strcmp(v, "1") || !strcmp(v, "enabled") ||
	    !strcmp(v, "on")) {
		*out = 1;
		return 1;
	}
	if (!strcmp(v, "false") || !strcmp(v, "0") || !strcmp(v, "disabled") ||
	    !strcmp(v, "off")) {
		*out = 0;
		return 1;
	}
	if (!strcmp(v, "auto")) {
		*out = 2;
		return 1;
	}
	return 0;
}

/* "K (f16):  320.00 MiB" after `tag` ("K (" or "V ("). */
static int llama_kv_part(struct kvp_log *log, const char *line,
                         const char *tag, enum kvp_obs_kind kind,
                         enum kvp_obs_scope scope, char *type, size_t tn,
                         uint32_t ln)
{
	const char *p = strstr(line, tag), *e;

	if (!p)
		return 0;
	p += strlen(tag);
	e = strchr(p, ')');
	if (!e)
		return 0;
	copy_trim(type, tn, p, (size_t)(e - p));
	p = e + 1;
	if (*p == ':')
		p++;
	return bytes_at(log, KVP_ENGINE_LLAMACPP, kind, scope, NULL, &p, 0, ln);
}

static int llama_size_line(struct kvp_log *log, const char *line,
                           const char *size, uint32_t ln)
{
	enum kvp_obs_scope sc = (enum kvp_obs_scope)log->cur_scope;
	const char *p = size, *q;
	struct num n;

	if (!bytes_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_KV_BYTES, sc, NULL, &p,
	              0, ln))
		return 0;
	/* "(  4096 cells,  40 layers,  6/6 seqs)" */
	p = skip_sp(p);
	if (*p == '(') {
		p++;
		q = p;
		if ((q = parse_num(p, &n)) && !strncmp(skip_sp(q), "cells", 5))
			count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_CELLS, sc, NULL, &p, ln);
		if ((q = strchr(p, ',')) != NULL) {
			p = q + 1;
			if ((q = parse_num(p, &n)) && !strncmp(skip_sp(q), "layers", 6))
				count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_LAYERS, sc,
				         NULL, &p, ln);
		}
		if ((q = strchr(p, ',')) != NULL) {
			p = q + 1;
			/* "6/6 seqs": sequences / streams; "1 seqs": old form.
			 * Taken only when "seqs" follows, so a line cut inside
			 * the numbers gives nothing. */
			if ((q = parse_num(p, &n)) && !n.dec) {
				struct num t;
				const char *r;

				if (*q == '/' && (r = parse_num(q + 1, &t)) && !t.dec &&
				    !strncmp(skip_sp(r), "seqs", 4)) {
					set_key(log, KVP_LK_N_SEQ_MAX, n.mant, ln);
					p = q + 1;
					count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_STREAMS,
					         sc, NULL, &p, ln);
				} else if (!strncmp(skip_sp(q), "seqs", 4)) {
					set_key(log, KVP_LK_N_SEQ_MAX, n.mant, ln);
				}
			}
		}
	}
	llama_kv_part(log, line, "K (", KVP_OBS_K_BYTES, sc,
	              log->set.cache_type_k, sizeof log->set.cache_type_k, ln);
	llama_kv_part(log, line, "V (", KVP_OBS_V_BYTES, sc,
	              log->set.cache_type_v, sizeof log->set.cache_type_v, ln);
	return 1;
}

/* True when the line's function tag (the word before ": ") is exactly
 * `tag`: "init: kv_size = ..." but not "ggml_cuda_init: found ...". */
static bool tag_is(const char *line, const char *tag)
{
	size_t l = strlen(tag);
	const char *p = line;

	while ((p = strstr(p, tag)) != NULL) {
		if ((p == line || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    p[l] == ':' && p[l + 1] == ' ')
			return true;
		p += l;
	}
	return false;
}

/* The text between key's quotes ("type_k = 'q8_0'") into dst. */
static void quoted(const char *line, const char *key, char *dst, size_t n)
{
	const char *t = strstr(line, key), *e;

	if (t && (e = strchr(t += strlen(key), '\'')) != NULL)
		copy_trim(dst, n, t, (size_t)(e - t));
}


/* "kv_size = 32768, offload = 1, type_k = 'q8_0', type_v = 'q8_0',
 * n_layer = 64, can_shift = 1" (llama_kv_cache_init, early 2025:
 * ggml-org/llama.cpp issue 11200; then init: and llama_kv_cache_unified:
 * with the same words): one cache of kv_size cells holding n_layer
 * layers, and the cache types. Not
 * "ggml_cuda_init: found ...": llama_kv_cache* and init: only. */
static int llama_kv_size_line(struct kvp_log *log, const char *line,
                              const char *at, const char *dev, uint32_t ln)
{
	enum kvp_obs_scope sc = (enum kvp_obs_scope)log->cur_scope;
	const char *p = at + 11, *q;

	if (!(strstr(line, "llama_kv_cache") || tag_is(line, "init")))
		return -1;
	if (!count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_CELLS, sc, NULL, &p, ln))
		return 0;
	quoted(line, "type_k = '", log->set.cache_type_k, sizeof log->set.cache_type_k);
	quoted(line, "type_v = '", log->set.cache_type_v, sizeof log->set.cache_type_v);
	if ((q = strstr(line, "n_layer = ")) != NULL) {
		q += 10;
		count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_LAYERS, sc, NULL, &q, ln);
	}
	return 1;
}

/* "build: 4843 (776f9e59) with cc ..." (common.cpp, every llama.cpp
 * tool since 2024; ggml-org/ci READMEs) and "main: build = 2024
 * (4003be0e)" (before): the build the log was printed by, "b4843". The
 * first such line counts. -1 when the line is not one (whichever of the
 * rows' words brought it here: the line decides). */
static int llama_build_line(struct kvp_log *log, const char *line,
                            const char *at, const char *dev, uint32_t ln)
{
	const char *p = strstr(line, "build: "), *q;
	size_t n = 0;

	if (!p && (p = strstr(line, "main: build = ")) != NULL)
		p += strlen("main: build = ");
	else if (!p && !strncmp(line, "version: ", 9))
		p = line + 9;   /* --version: "version: 6992 (aa3b7a90b)" */
	else if (p && (p == line || p[-1] == ' '))
		p += strlen("build: ");
	else
		return -1;
	while (p[n] >= '0' && p[n] <= '9' && n < 8)
		n++;
	if (n == 0 || n > 7 || p[n] != ' ' || p[n + 1] != '(')
		return -1;
	for (q = p + n + 2; (*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f');
	     q++)
		;
	if (q == p + n + 2 || *q != ')')
		return -1;
	if (!log->build[0]) {
		snprintf(log->build, sizeof log->build, "b%.*s", (int)n, p);
		log->build_line = ln;
	}
	hit(log, KVP_ENGINE_LLAMACPP);
	return 1;
}

/* "slot   load_model: id  0 | task -1 | new slot, n_ctx = 2048", once
 * per slot: slot 0's taken. */
static int llama_slot_line(struct kvp_log *log, const char *line,
                           const char *at, const char *dev, uint32_t ln)
{
	const char *p = at + strlen("new slot, n_ctx = ");

	if (strstr(line, "id  0 |") || strstr(line, "id 0 |"))
		return count_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_SLOT_CTX,
		                KVP_SCOPE_ALL, NULL, &p, ln);
	hit(log, KVP_ENGINE_LLAMACPP);
	return 1;
}

/* "created context checkpoint 2 of 8 (pos_min = ..., size = 149.626
 * MiB)" and its "restored" and "erased" lines: the limit, and the first
 * checkpoint size printed. */
static int llama_ckpt_line(struct kvp_log *log, const char *line,
                           const char *at, const char *dev, uint32_t ln)
{
	const char *of = strstr(at, " of "), *sz = strstr(at, "size = ");

	if (!sz)
		return -1;
	/* "created ... 1 of 8": the limit; "restored" and "erased" lines
	 * give a checkpoint's size alone */
	if (strstr(line, "created context checkpoint ") &&
	    (!of || !set_int(log, KVP_LK_CTX_CHECKPOINTS, of + 4, ln)))
		return 0;
	if (log->ckpt_seen) {
		hit(log, KVP_ENGINE_LLAMACPP);
		return 1;
	}
	log->ckpt_seen = true;
	sz += strlen("size = ");
	return bytes_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_CKPT_BYTES,
	                KVP_SCOPE_ALL, NULL, &sz, 0, ln);
}

/* "llama_memory_recurrent: size = X MiB (C cells, L layers, S seqs), R
 * (f32): r MiB, S (f32): s MiB"; from PR #22673 "S seqs N rs_seq)", the
 * snapshots per sequence. */
static int llama_recurrent_line(struct kvp_log *log, const char *line,
                                const char *at, const char *dev, uint32_t ln)
{
	const char *p = strstr(at, " size = "), *q;
	char t[16];

	if (!p || !strstr(p, "cells"))
		return -1;
	p += 8;
	if (!bytes_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_STATE_BYTES,
	              KVP_SCOPE_ALL, NULL, &p, 0, ln))
		return 0;
	if ((q = strstr(p, " seqs ")) != NULL && strstr(q, " rs_seq)")) {
		q += 6;
		while (*q == ' ')
			q++;
		set_int(log, KVP_LK_N_RS_SEQ, q, ln);
	}
	llama_kv_part(log, line, "R (", KVP_OBS_STATE_R_BYTES, KVP_SCOPE_ALL,
	              t, sizeof t, ln);
	llama_kv_part(log, line, "S (", KVP_OBS_STATE_S_BYTES, KVP_SCOPE_ALL,
	              t, sizeof t, ln);
	return 1;
}

/* Per-layer lines: "layer 4: n_embd_k_gqa = 1024, ...", "layer   0: dev
 * = RPC[host:50052]", "layer   0: skipped" (iSWA: a layer of the other
 * cache): layers counted per cache, a layer figure at the end. */
static int llama_layer_line(struct kvp_log *log, const char *line,
                            const char *at, const char *dev, uint32_t ln)
{
	if (!(strstr(at, " dev = ") || strstr(at, "n_embd_k_gqa") ||
	      strstr(at, "kv_lora_rank") || strstr(at, ": skipped")))
		return -1;
	if (!strstr(at, ": skipped") && (unsigned)log->cur_scope < KVP_SCOPE_COUNT)
		log->layer_lines[log->cur_scope]++;
	hit(log, KVP_ENGINE_LLAMACPP);
	return 1;
}

/* "creating non-SWA KV cache, size = 2048 cells" and "creating     SWA
 * KV cache, size = 1024 cells": the cache the next figures are of, and
 * its cells, kept for the end (a figure only when no size line of this
 * cache states them too). */
static int llama_swa_line(struct kvp_log *log, const char *line,
                          const char *at, const char *dev, uint32_t ln)
{
	const char *p;

	log->cur_scope = strstr(line, "non-SWA KV cache") ? KVP_SCOPE_FULL
	                                                  : KVP_SCOPE_SWA;
	if ((p = strstr(line, "size = ")) && strstr(p, "cells")) {
		struct num n;

		if (parse_num(p + 7, &n) && !n.dec) {
			log->create_cells[log->cur_scope] = n.mant;
			log->create_line[log->cur_scope] = ln;
		}
	}
	hit(log, KVP_ENGINE_LLAMACPP);
	return 1;
}

/* "KV self size  =  256.00 MiB, K (f16): ..., V (f16): ...". */
static int llama_self_line(struct kvp_log *log, const char *line,
                           const char *at, const char *dev, uint32_t ln)
{
	enum kvp_obs_scope sc = (enum kvp_obs_scope)log->cur_scope;
	const char *p = strchr(at, '=');

	if (!p)
		return 0;
	p++;
	if (!bytes_at(log, KVP_ENGINE_LLAMACPP, KVP_OBS_KV_BYTES, sc, NULL, &p,
	              1, ln))
		return 0;
	llama_kv_part(log, line, "K (", KVP_OBS_K_BYTES, sc, log->set.cache_type_k,
	              sizeof log->set.cache_type_k, ln);
	llama_kv_part(log, line, "V (", KVP_OBS_V_BYTES, sc, log->set.cache_type_v,
	              sizeof log->set.cache_type_v, ln);
	return 1;
}

/* "llama_kv_cache: size = ... (N cells, ...)": the size line. */
static int llama_cells_line(struct kvp_log *log, const char *line,
                            const char *at, const char *dev, uint32_t ln)
{
	if (!strstr(at, "cells"))
		return -1;
	return llama_size_line(log, line, at + 8, ln);
}

/* The context's refusal, in its words. */
static int llama_refusal_line(struct kvp_log *log, const char *line,
                              const char *at, const char *dev, uint32_t ln)
{
	const char *p = strstr(line, "llama_");

	copy_trim(log->set.refusal, sizeof log->set.refusal,
	          p ? p : line, strlen(p ? p : line));
	log->set.refused = true;
	hit(log, KVP_ENGINE_LLAMACPP);
	return 1;
}

#define LC KVP_ENGINE_LLAMACPP

/*
 * llama.cpp's wordings on any line, in the order they are tried: the
 * words, the figure or setting, the builds that print them and where
 * they come from (tests/data/logs/wordings.tsv holds a real line of most,
 * with its source).
 */
static const struct log_word llama_words[] = {
	/* the build line: its three forms (the line decides which) */
	{ LC, "build: ", NULL, LR_FN, 0, 0, false, llama_build_line,
	  "common.cpp, every tool since 2024 (ggml-org/ci READMEs; llamacpp-22145.log)" },
	{ LC, "main: build = ", NULL, LR_FN, 0, 0, false, llama_build_line,
	  "examples before 2024: \"main: build = 2024 (4003be0e)\"" },
	{ LC, "version: ", NULL, LR_FN, 0, 0, false, llama_build_line,
	  "--version: \"version: 6992 (aa3b7a90b)\"" },
	{ LC, "llama_kv_cache: attn_rot_", NULL, LR_SEEN, 0, 0, false, NULL,
	  "the K/V rotation, b8643 on (issue #21394; #24175 b9525 adds "
	  "n_embd_head_k_all): no byte figure" },
	{ LC, "new slot, n_ctx = ", NULL, LR_FN, KVP_OBS_SLOT_CTX, 0, false,
	  llama_slot_line, "llama-server, server-context.cpp load_model (llamacpp-22145.log)" },
	{ LC, "warmup with image size = ", NULL, LR_SETTING, KVP_LK_MMPROJ_WARMUP,
	  0, false, NULL,
	  "--mmproj encoder, tools/mtmd/clip.cpp warmup() (llamacpp-22790-mmproj.log)" },
	{ LC, "context checkpoint ", NULL, LR_FN, KVP_OBS_CKPT_BYTES, 0, false,
	  llama_ckpt_line,
	  "llama-server, server-context.cpp create_checkpoint (PR #22929's log, "
	  "\"%.3f MiB\")" },
	{ LC, "exceeds the training context of the model (", NULL, LR_SETTING,
	  KVP_LK_N_CTX_TRAIN, 0, false, NULL,
	  "llama-server load_model \"the slot context (4096) exceeds ... (2048) - "
	  "capping\" (llamacpp-22145.log)" },
	{ LC, " < n_ctx_train (", NULL, LR_SETTING, KVP_LK_N_CTX_TRAIN, 0, false,
	  NULL, "llama-context.cpp \"n_ctx_seq (4096) < n_ctx_train (8192) -- the "
	  "full capacity ...\" (n_ctx_per_seq before; lc_words.tsv)" },
	{ LC, " > n_ctx_train (", NULL, LR_SETTING, KVP_LK_N_CTX_TRAIN, 0, false,
	  NULL, "llama-context.cpp \"... > n_ctx_train (N) -- possible training "
	  "context overflow\" (lc_words.tsv)" },
	{ LC, " RS buffer size", "llama_memory_recurrent:", LR_BUFFER,
	  KVP_OBS_DEVICE_STATE_BYTES, KVP_SCOPE_ALL, false, NULL,
	  "llama-memory-recurrent.cpp \"%10s RS buffer size = %8.2f MiB\" "
	  "(llamacpp-23269.log)" },
	{ LC, "llama_memory_recurrent:", NULL, LR_FN, KVP_OBS_STATE_BYTES, 0,
	  false, llama_recurrent_line,
	  "llama-memory-recurrent.cpp size line; \"N rs_seq)\" from PR #22673 "
	  "(llamacpp-23269.log)" },
	{ LC, ": layer ", "llama_kv_cache", LR_FN, KVP_OBS_LAYERS, 0, false,
	  llama_layer_line,
	  "llama_kv_cache_init (early 2025, llama-cpp-python #1901), "
	  "_unified (mid 2025, llama.cpp #15463)" },
	{ LC, " compute buffer size", "compute_meta:", LR_BUFFER,
	  KVP_OBS_ENC_COMPUTE_BYTES, KVP_SCOPE_ALL, false, NULL,
	  "--mmproj encoder, clip.cpp alloc_compute_meta (reserve_compute_meta "
	  "2026) (llamacpp-22790-mmproj.log)" },
	{ LC, " kv_size = ", NULL, LR_FN, KVP_OBS_CELLS, 0, false,
	  llama_kv_size_line,
	  "llama_kv_cache_init, early 2025 (issue #11200), then init: and "
	  "llama_kv_cache_unified: (llamacpp-11200.log)" },
};

/* llama.cpp's wordings on the context's and the cache's lines (those
 * llama_line lets through), in order. */
static const struct log_word llama_ctx_words[] = {
	{ LC, "using full-size SWA cache", NULL, LR_FLAG, KVP_LK_SWA_FULL, 0,
	  false, NULL, "llama-kv-cache-iswa.cpp with --swa-full, mid 2025 "
	  "(langchain issue 33083)" },
	{ LC, "SWA KV cache", NULL, LR_FN, KVP_OBS_CELLS, 0, false, llama_swa_line,
	  "llama-kv-cache-iswa.cpp \"creating non-SWA / SWA KV cache, size = N "
	  "cells\", May 2025 on (langchain issue 33083)" },
	{ LC, "KV self size", NULL, LR_FN, KVP_OBS_KV_BYTES, 0, false,
	  llama_self_line, "2024-25 \"KV self size = 256.00 MiB, K (f16): ...\" "
	  "(llama.cpp #11807, llamacpp-11200.log)" },
	{ LC, "kv self size", NULL, LR_FN, KVP_OBS_KV_BYTES, 0, false,
	  llama_self_line, "2023 and forks: \"%7.2f MB\" of bytes / 2^20, so MB "
	  "is MiB (llama-cpp-python #66)" },
	{ LC, " KV buffer size", NULL, LR_BUFFER, KVP_OBS_DEVICE_KV_BYTES,
	  LOG_SCOPE_CUR, false, NULL,
	  "\"CUDA0 KV buffer size = 640.00 MiB\", every build (llama.cpp #11200, "
	  "#11807)" },
	{ LC, "  output buffer size", NULL, LR_BUFFER, KVP_OBS_OUTPUT_BYTES,
	  KVP_SCOPE_ALL, false, NULL,
	  "llama-context.cpp \"%10s  output buffer size = %8.2f MiB\" (two "
	  "blanks; llamacpp-23269.log)" },
	{ LC, " compute buffer size", NULL, LR_BUFFER, KVP_OBS_COMPUTE_BYTES,
	  KVP_SCOPE_ALL, false, NULL,
	  "\"%10s compute buffer size = %8.2f MiB\" per backend (llama_context; "
	  "sched_reserve since 2026; compute_buffers.tsv)" },
	{ LC, " size = ", "llama_kv_cache", LR_FN, KVP_OBS_KV_BYTES, 0, false,
	  llama_cells_line,
	  "llama_kv_cache[_unified]: \"size = X MiB (N cells, L layers, S/S "
	  "seqs), K (f16): ..., V (f16): ...\" (llamacpp-23269.log)" },
	{ LC, "requires flash_attn", NULL, LR_FN, 0, 0, false, llama_refusal_line,
	  "llama_init_from_model: \"V cache quantization requires flash_attn\" "
	  "(llama.cpp 2024-25): the context refused" },
	{ LC, "failed to create context", NULL, LR_FN, 0, 0, false,
	  llama_refusal_line, "common.cpp \"failed to create context with model\": refused" },
	{ LC, "failed to initialize the context", NULL, LR_FN, 0, 0, false,
	  llama_refusal_line, "llama-context.cpp llama_init_from_model (2025): refused" },
};


/* "prefix: key = value" lines: the model's name and the context's and
 * model's settings. */
static int llama_key_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	static const struct { const char *key; enum kvp_log_key k; } ctx_keys[] = {
		{ "n_ctx", KVP_LK_N_CTX }, { "n_ctx_seq", KVP_LK_N_CTX_SEQ },
		{ "n_seq_max", KVP_LK_N_SEQ_MAX }, { "n_batch", KVP_LK_N_BATCH },
		{ "n_ubatch", KVP_LK_N_UBATCH }, { "flash_attn", KVP_LK_FLASH_ATTN },
		{ "kv_unified", KVP_LK_KV_UNIFIED },
		{ "n_ctx_train", KVP_LK_N_CTX_TRAIN }, { "n_layer", KVP_LK_N_LAYER },
		{ "n_head", KVP_LK_N_HEAD }, { "n_head_kv", KVP_LK_N_HEAD_KV },
		{ "n_embd_head_k", KVP_LK_N_EMBD_HEAD_K },
		{ "n_embd_head_v", KVP_LK_N_EMBD_HEAD_V },
		{ "n_swa", KVP_LK_N_SWA }, { "n_embd", KVP_LK_N_EMBD },
		{ "n_rs_seq", KVP_LK_N_RS_SEQ },
	};
	static const char *const prefixes[] = {
		"llama_context:", "print_info:", "llm_load_print_meta:",
		"llama_new_context_with_model:",
	};
	const char *p, *tag;
	char key[48], val[160];
	size_t i, l;

	/* "prefix: key = value" after one of the known prefixes */
	tag = NULL;
	for (i = 0; i < sizeof prefixes / sizeof prefixes[0] && !tag; i++)
		if ((p = strstr(line, prefixes[i])))
			tag = p + strlen(prefixes[i]) - 1;
	if (!tag)
		return 0;
	p = skip_sp(tag + 1);
	l = strcspn(p, " =");
	if (l == 0 || l >= sizeof key)
		return 0;
	memcpy(key, p, l);
	key[l] = '\0';
	p = skip_sp(p + l);
	if (*p != '=')
		return 0;
	p = skip_sp(p + 1);
	copy_trim(val, sizeof val, p, strlen(p));
	if (!strcmp(key, "general.name") && val[0]) {
		copy_trim(log->set.model, sizeof log->set.model, val, strlen(val));
		hit(log, KVP_ENGINE_LLAMACPP);
		return 1;
	}
	for (i = 0; i < sizeof ctx_keys / sizeof ctx_keys[0]; i++) {
		uint64_t b;

		if (strcmp(key, ctx_keys[i].key))
			continue;
		if (ctx_keys[i].k == KVP_LK_FLASH_ATTN ||
		    ctx_keys[i].k == KVP_LK_KV_UNIFIED) {
			if (!parse_bool_word(val, &b))
				return 0;
			set_key(log, ctx_keys[i].k, b, ln);
		} else {
			struct num n;
			const char *e = parse_num(val, &n);

			/* per-layer arrays ("[8, 8, ...]") are not scalars */
			if (!e || n.dec || *skip_sp(e))
				return 0;
			set_key(log, ctx_keys[i].k, n.mant, ln);
		}
		hit(log, KVP_ENGINE_LLAMACPP);
		return 1;
	}
	return 0;
}


#undef LC

static int llama_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	int took;

	if ((took = read_words(log, llama_words,
	                       sizeof llama_words / sizeof llama_words[0], line,
	                       NULL, ln)) >= 0)
		return took;
	if (!(strstr(line, "llama_kv_cache") || strstr(line, "llama_new_context") ||
	     (tag_is(line, "init") && strstr(line, " KV buffer size")) ||
	     strstr(line, "llama_init_from_file") ||
	     strstr(line, "llama_context:") || strstr(line, "llama_init_from_model") ||
	     strstr(line, "sched_reserve:") ||
	     strstr(line, "print_info:") || strstr(line, "llm_load_print_meta:")))
		return 0;
	if ((took = read_words(log, llama_ctx_words,
	                       sizeof llama_ctx_words / sizeof llama_ctx_words[0],
	                       line, NULL, ln)) >= 0)
		return took;
	return llama_key_line(log, line, ln);
}

/* ---- vLLM ----------------------------------------------------------- */

/*
 * vLLM's memory wordings: the words before a figure, the figure they
 * give, and the releases that print them with where they come from. A
 * line may hold several; the first row of a kind on a line wins (V0's
 * "non_torch_memory takes" before its bare "non_torch_memory"). Adding a
 * wording is a row.
 */
static const struct vl_word {
	const char *words;        /* the figure follows (after "=", "(" or
	                             blanks) */
	const char *with;         /* NULL, or words the line must also hold */
	const char *without;      /* NULL, or words the line must not hold */
	enum kvp_obs_kind kind;
	bool count;               /* a count, not bytes */
	bool once;                /* skipped once the log gave this kind
	                             (the same figure printed again) */
	const char *seen;         /* releases and source */
} vl_words[] = {
	/* V0, 0.6.4 (vLLM issue #10517, worker.py determine_num_available_
	 * blocks): "total_gpu_memory=23.58GiB ... peak_torch_memory=17.06GiB
	 * ... non_torch_memory=0.35GiB kv_cache_size=3.81GiB"; 0.6.4.post1
	 * to 0.10 (issue #11251, utils.py MemoryProfilingResult): "model
	 * weights take 7.51GiB; non_torch_memory takes 0.39GiB; PyTorch
	 * activation peak memory takes 2.53GiB; the rest of the memory
	 * reserved for KV Cache is 3.76GiB." (rows in the order the figures
	 * were always read) */
	{ "total_gpu_memory", NULL, NULL, KVP_OBS_TOTAL_MEMORY, false, false,
	  "0.6.4-0.10 worker.py / gpu_worker.py (issues #10517, #11251)" },
	{ "peak_torch_memory", NULL, NULL, KVP_OBS_TORCH_PEAK, false, false,
	  "0.6.4 worker.py (issue #10517)" },
	{ "activation peak memory takes", NULL, NULL, KVP_OBS_ACTIVATION_PEAK, false, false,
	  "0.6.4.post1-0.10 (issue #11251)" },
	{ "non_torch_memory takes", NULL, NULL, KVP_OBS_NON_TORCH, false, false,
	  "0.6.4.post1-0.10 (issue #11251)" },
	/* the bare 0.6.4 form; 0.11 on, the "worker init memory snapshot"
	 * line's non_torch_memory is the CUDA context before profiling,
	 * not the increase vLLM subtracts */
	{ "non_torch_memory", NULL, "memory snapshot", KVP_OBS_NON_TORCH, false, false,
	  "0.6.4 worker.py (issue #10517)" },
	{ "kv_cache_size", NULL, NULL, KVP_OBS_KV_BUDGET, false, false,
	  "0.6.4 worker.py (issue #10517)" },
	{ "reserved for KV Cache is", NULL, NULL, KVP_OBS_KV_BUDGET, false, false,
	  "0.6.4.post1-0.10 (issue #11251)" },
	{ "model weights take", NULL, NULL, KVP_OBS_WEIGHTS_BYTES, false, false,
	  "0.6.4.post1-0.10 worker.py / gpu_worker.py (issue #11251)" },
	/* V1 gpu_model_runner.py load_model and gpu_worker.py */
	{ "Loading model weights took", NULL, NULL, KVP_OBS_WEIGHTS_BYTES, false, false,
	  "0.4-0.9 model_runner.py / gpu_model_runner.py" },
	{ "Model loading took", NULL, NULL, KVP_OBS_WEIGHTS_BYTES, false, false,
	  "0.10 on gpu_model_runner.py load_model" },
	{ "Available KV cache memory:", NULL, NULL, KVP_OBS_KV_BUDGET, false, false,
	  "0.8 on gpu_worker.py determine_available_memory" },
	{ "GPU KV cache size:", NULL, NULL, KVP_OBS_TOKENS, true, false,
	  "0.8 on kv_cache_utils.py" },
	/* gpu_worker.py, 0.11 on (llm-d-planner's 0.19.0 logs,
	 * tests/data/vllm_startups/lines.tsv): "worker init memory snapshot:
	 * ..., total_memory=79.19GiB, ..." and "Memory profiling takes 17.96
	 * seconds. Total non KV cache memory: 17.12GiB; torch peak memory
	 * increase: 1.89GiB; non-torch forward increase memory: 0.25GiB;
	 * weights memory: 14.99GiB." */
	{ "total_memory=", "memory snapshot", NULL, KVP_OBS_TOTAL_MEMORY, false, false,
	  "0.19.0 gpu_worker.py init snapshot (llm-d-planner logs)" },
	{ "torch peak memory increase:", NULL, NULL, KVP_OBS_ACTIVATION_PEAK, false, false,
	  "0.19.0 gpu_worker.py determine_available_memory (llm-d-planner logs)" },
	{ "non-torch forward increase memory:", NULL, NULL, KVP_OBS_NON_TORCH, false, false,
	  "0.19.0 gpu_worker.py determine_available_memory (llm-d-planner logs)" },
	{ "weights memory:", "Memory profiling", NULL, KVP_OBS_WEIGHTS_BYTES, false, true,
	  "0.19.0 gpu_worker.py (the figure of 'Model loading took' again)" },
	/* gpu_worker.py's summary once the CUDA graphs are captured (0.19.0,
	 * llm-d-planner's logs): "Free memory on device (77.66/79.19 GiB) on
	 * startup. Desired GPU memory utilization is (0.95, 75.23 GiB).
	 * Actual usage is 67.8 GiB for weight, 2.29 GiB for peak activation,
	 * 2.09 GiB for non-torch memory, and 1.61 GiB for CUDAGraph memory.
	 * ..." Each figure comes before its words, so a row reads the figure
	 * after the words before it. The figures are the profiling line's
	 * and the capture's again: read only when the log gave no line of
	 * the kind before (an excerpt of this line alone). */
	{ "Actual usage is", "GiB for weight,", NULL, KVP_OBS_WEIGHTS_BYTES, false, true,
	  "0.19.0 gpu_worker.py summary (llm-d-planner logs)" },
	{ "GiB for weight,", "for peak activation", NULL, KVP_OBS_ACTIVATION_PEAK, false, true,
	  "0.19.0 gpu_worker.py summary (llm-d-planner logs)" },
	{ "GiB for peak activation,", "for non-torch memory", NULL, KVP_OBS_NON_TORCH, false, true,
	  "0.19.0 gpu_worker.py summary (llm-d-planner logs)" },
	{ "GiB for non-torch memory, and", "for CUDAGraph memory", NULL, KVP_OBS_CUDA_GRAPH_POOL, false, true,
	  "0.19.0 gpu_worker.py summary: the graphs the capture took" },
	/* CUDA graphs: the estimate (gpu_model_runner.py, printed from
	 * 0.19.0, subtracted from the budget from 0.21.0: "CUDA graph memory
	 * profiling is enabled (default since v0.21.0)") and the pool the
	 * capture took (vLLM PR #48214 and gpustack/runner #251 logs) */
	{ "Estimated CUDA graph memory:", NULL, NULL, KVP_OBS_CUDA_GRAPH, false, false,
	  "0.19.0 on gpu_model_runner.py profile_cudagraph_memory" },
	{ "CUDA graph pool memory:", NULL, NULL, KVP_OBS_CUDA_GRAPH_POOL, false, false,
	  "0.2x gpu_worker.py (actual, then estimated)" },
	{ "secs, took", "Graph capturing finished", NULL, KVP_OBS_CUDA_GRAPH_POOL, false, false,
	  "0.8 on gpu_model_runner.py capture_model (\"..., took 0.71 GiB\")" },
};

static bool vl_has_kind(const struct kvp_log *log, enum kvp_obs_kind k)
{
	size_t i;

	for (i = 0; i < log->n_obs; i++)
		if (log->obs[i].engine == KVP_ENGINE_VLLM && log->obs[i].kind == k)
			return true;
	return false;
}

/* The figures of vl_words[] on this line; 1 when one was read. */
static int vllm_word_figures(struct kvp_log *log, const char *line, uint32_t ln)
{
	uint64_t taken = 0;   /* kinds read on this line */
	size_t i;
	int took = 0;

	for (i = 0; i < sizeof vl_words / sizeof vl_words[0]; i++) {
		const struct vl_word *w = &vl_words[i];
		const char *p = may_hold(log, w->words) ? strstr(line, w->words)
		                                        : NULL;

		if (!p || (taken >> w->kind & 1) ||
		    (w->with && !strstr(line, w->with)) ||
		    (w->without && strstr(line, w->without)) ||
		    (w->once && vl_has_kind(log, w->kind)))
			continue;
		p = skip_sp(p + strlen(w->words));
		if (*p == '=' || *p == '(')
			p++;
		if (w->count ? count_at(log, KVP_ENGINE_VLLM, w->kind, KVP_SCOPE_ALL,
		                        NULL, &p, ln)
		             : bytes_at(log, KVP_ENGINE_VLLM, w->kind, KVP_SCOPE_ALL,
		                        NULL, &p, 1, ln)) {
			taken |= 1ull << w->kind;
			took = 1;
		}
	}
	return took;
}

/* "'name': 8" in the "non-default args: {...}" dict line; 1 when taken. */
static int vllm_arg(struct kvp_log *log, const char *line, const char *name,
                    enum kvp_log_key k, uint32_t ln)
{
	const char *p = strstr(line, name);

	if (!p || strncmp(p + strlen(name), "': ", 3))
		return 0;
	return set_int(log, k, p + strlen(name) + 3, ln);
}

/* "'name': True" / "'name': False" of the "non-default args" line. */
static int vllm_bool_arg(struct kvp_log *log, const char *line,
                         const char *name, enum kvp_log_key k, uint32_t ln)
{
	const char *p = strstr(line, name);

	if (!p || strncmp(p + strlen(name), "': ", 3))
		return 0;
	p += strlen(name) + 3;
	if (strncmp(p, "True", 4) && strncmp(p, "False", 5))
		return 0;
	set_key(log, k, *p == 'T', ln);
	return 1;
}

/* The settings and figures of the multimodal encoder: the scheduler's
 * "Chunked prefill is enabled with max_num_batched_tokens=N." (its
 * budget's default, vllm/config/scheduler.py), the "non-default args"
 * line's max_num_batched_tokens, max_num_seqs and max_model_len, the
 * resolved "Using max model len N", and the profile run's
 * "Encoder cache will be initialized with a budget of N tokens, and
 * profiled with M image items of the maximum feature size."
 * (gpu_model_runner.py profile_run, every V1 release). */
static int vllm_encoder_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	static const char chunked[] = "Chunked prefill is enabled with max_num_batched_tokens=";
	static const char budget[] = "Encoder cache will be initialized with a budget of ";
	static const char items[] = " tokens, and profiled with ";
	const char *p, *q;
	int took = 0;

	if ((p = strstr(line, chunked)))
		return set_int(log, KVP_LK_MAX_BATCHED_TOKENS, p + sizeof chunked - 1, ln);
	if (strstr(line, "non-default args:")) {
		took |= vllm_arg(log, line, "'max_num_batched_tokens", KVP_LK_MAX_BATCHED_TOKENS, ln);
		took |= vllm_arg(log, line, "'max_num_seqs", KVP_LK_MAX_NUM_SEQS, ln);
		took |= vllm_arg(log, line, "'max_model_len", KVP_LK_MAX_MODEL_LEN, ln);
		/* --enable-prefix-caching / --no-... given (the user's, not the
		 * release's default: the line lists only what was given) */
		took |= vllm_bool_arg(log, line, "'enable_prefix_caching",
		                      KVP_LK_PREFIX_CACHING, ln);
		return took;
	}
	/* model.py: the target's first; a drafter's config prints its own
	 * ("Using max model len 262144" of an MTP model, then "Overriding
	 * draft model max model len from 262144 to 200000") */
	if ((p = strstr(line, "Using max model len "))) {
		if (log->set.has[KVP_LK_MAX_MODEL_LEN])
			return 1;
		return set_int(log, KVP_LK_MAX_MODEL_LEN, p + 20, ln);
	}
	if (!(p = strstr(line, budget)))
		return 0;
	p += sizeof budget - 1;
	q = p;
	if (!count_at(log, KVP_ENGINE_VLLM, KVP_OBS_ENC_BUDGET_TOKENS,
	              KVP_SCOPE_ALL, NULL, &q, ln))
		return 0;
	if (!strncmp(q, items, sizeof items - 1)) {
		q += sizeof items - 1;
		count_at(log, KVP_ENGINE_VLLM, KVP_OBS_ENC_PROFILE_ITEMS,
		         KVP_SCOPE_ALL, NULL, &q, ln);
	}
	return 1;
}

/* The lines below return what vllm_line returns for a line they know
 * (0 or 1), or -1 for a line that is none of theirs. */

/* V1's block lines: the blocks and the blocks override (the memory
 * figures are vl_words[] rows). */
static int vllm_v1_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	const char *p, *q;
	int took;

	/* "# GPU blocks: N, # CPU blocks: M"; 0.8's V0 executor_base.py
	 * says "# cuda blocks: N" (vLLM issue #14452, RTX 5090), and on ROCm
	 * "# rocm blocks: N" (0.8.5 on a Radeon Pro VII, search index file id
	 * 54382809113); 0.7.x's "# CUDA blocks: N" (0.7.2 on a T4, file id
	 * 55594152188) */
	if ((p = strstr(line, "GPU blocks:")) || (p = strstr(line, "cuda blocks:")) ||
	    (p = strstr(line, "CUDA blocks:")) || (p = strstr(line, "rocm blocks:"))) {
		p = strchr(p, ':') + 1;
		took = count_at(log, KVP_ENGINE_VLLM, KVP_OBS_BLOCKS, KVP_SCOPE_ALL,
		                NULL, &p, ln);
		if ((p = strstr(line, "CPU blocks:"))) {
			p += 11;
			took |= count_at(log, KVP_ENGINE_VLLM, KVP_OBS_CPU_BLOCKS,
			                 KVP_SCOPE_ALL, NULL, &p, ln);
		}
		return took;
	}
	/* V1 with --num-gpu-blocks-override (kv_cache_utils.py
	 * get_kv_cache_configs; vLLM PR #19503): "Overriding
	 * num_gpu_blocks=333325 with num_gpu_blocks_override=100": the blocks
	 * the budget gives, and the setting that replaces them */
	if ((p = strstr(line, "Overriding num_gpu_blocks=")) &&
	    (q = strstr(line, "with num_gpu_blocks_override="))) {
		p += strlen("Overriding num_gpu_blocks=");
		if (!count_at(log, KVP_ENGINE_VLLM, KVP_OBS_BLOCKS, KVP_SCOPE_ALL, NULL, &p, ln))
			return 0;
		set_int(log, KVP_LK_NUM_GPU_BLOCKS_OVERRIDE,
		        q + strlen("with num_gpu_blocks_override="), ln);
		return 1;
	}
	return -1;
}

/* Aphrodite's summary (a vLLM fork: its figures are vLLM's). */

/* "Minimum concurrency: 3.31x", as a count x 100. */
static int aph_concurrency_line(struct kvp_log *log, const char *line,
                                const char *at, const char *dev, uint32_t ln)
{
	const char *p = skip_sp(at + 20), *q;
	struct num n;
	uint64_t v, tol;

	q = parse_num(p, &n);
	if (!q || !num_scale(&n, 100, &v, &tol))
		return 0;
	return add_obs(log, KVP_ENGINE_VLLM, KVP_OBS_CONCURRENCY_X100,
	               KVP_SCOPE_ALL, NULL, v, tol ? tol : 1, p,
	               *q == 'x' ? q + 1 : q, ln);
}

/* "KV cache for {max_model_len} tokens: {memory_per_seq / GiB:.2f} GiB"
 * = ceil(max_model_len / block_size) blocks x the block's bytes. */
static int aph_needed_line(struct kvp_log *log, const char *line,
                           const char *at, const char *dev, uint32_t ln)
{
	const char *q = aph_tokens(at + 13);

	if (!q)
		return -1;
	if (!set_int(log, KVP_LK_MAX_MODEL_LEN, at + 13, ln))
		return 0;
	return bytes_at(log, KVP_ENGINE_VLLM, KVP_OBS_KV_NEEDED, KVP_SCOPE_ALL,
	                NULL, &q, 1, ln);
}

/* Aphrodite's memory summary (dphnAI/sonar issue 1077) and its GPU
 * memory breakdown (PR #1306, fb14e2ec aphrodite/worker/worker.py
 * determine_num_available_blocks, printed by tp rank 0; lines seen in
 * PR #1320), in the order they are tried. */
static const struct log_word aph_words[] = {
	{ KVP_ENGINE_VLLM, "Minimum concurrency:", NULL, LR_FN,
	  KVP_OBS_CONCURRENCY_X100, 0, false, aph_concurrency_line,
	  "\"Minimum concurrency: 3.31x\" (dphnAI/sonar issue 1077)" },
	{ KVP_ENGINE_VLLM, "Maximum sequence length allowed in the cache:", NULL,
	  LR_COUNT, KVP_OBS_TOKENS, KVP_SCOPE_ALL, false, NULL,
	  "= GPU blocks x block size, 3385 x 16 = 54160 (sonar issue 1077)" },
	{ KVP_ENGINE_VLLM, "Reserved for KV cache:", NULL, LR_BYTES_GIB,
	  KVP_OBS_KV_BUDGET, KVP_SCOPE_ALL, false, NULL,
	  "\"{available_kv_cache_memory / GiB:.2f} GiB\" = total x "
	  "gpu_memory_utilization - non-KV memory, before whole blocks (sonar "
	  "PR #1306, #1320)" },
	{ KVP_ENGINE_VLLM, "KV cache for ", NULL, LR_FN, KVP_OBS_KV_NEEDED, 0,
	  false, aph_needed_line,
	  "one max_model_len request (sonar PR #1306, #1320; not LMCache's "
	  "\"Storing KV cache for N out of M tokens\")" },
};

static int aph_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	return read_words(log, aph_words, sizeof aph_words / sizeof aph_words[0],
	                  line, NULL, ln);
}

/* The concurrency line and V0's refusals for a too-long max_model_len. */
static int vllm_limit_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	const char *p, *q;
	int took = 0;

	if ((p = strstr(line, "Maximum concurrency for"))) {
		struct num n;
		uint64_t v, tol;

		p += 23;
		if (!set_int(log, KVP_LK_MAX_MODEL_LEN, p, ln))
			return 0;
		q = strstr(p, "request:");
		if (!q)
			return 1;
		q += 8;
		p = parse_num(q, &n);
		if (!p || !num_scale(&n, 100, &v, &tol))
			return 1;
		/* x100 figure; the engine rounds its ratio to 2 places */
		return add_obs(log, KVP_ENGINE_VLLM, KVP_OBS_CONCURRENCY_X100,
		               KVP_SCOPE_ALL, NULL, v, tol ? tol : 1, q,
		               *p == 'x' ? p + 1 : p, ln);
	}
	if ((p = strstr(line, "max seq len (")) &&
	    (q = strstr(line, "larger than the maximum number of tokens that can be stored in KV cache ("))) {
		/* V0, vllm/worker/worker.py raise_if_cache_size_invalid: N is
		 * num_gpu_blocks x block_size (issues 2418, 10517) */
		set_int(log, KVP_LK_MAX_MODEL_LEN, p + 13, ln);
		q += strlen("larger than the maximum number of tokens that can be stored in KV cache (");
		count_at(log, KVP_ENGINE_VLLM, KVP_OBS_TOKENS, KVP_SCOPE_ALL, NULL, &q, ln);
		log->set.refused = true;
		snprintf(log->set.refusal, sizeof log->set.refusal, "%s",
		         "vLLM V0: max_model_len is larger than the tokens the KV cache holds");
		hit(log, KVP_ENGINE_VLLM);
		return 1;
	}
	if ((p = strstr(line, "max seq len (")) &&
	    strstr(line, "KV cache is needed")) {
		set_int(log, KVP_LK_MAX_MODEL_LEN, p + 13, ln);
		p = strstr(p, "), (");
		if (p) {
			p += 4;
			took = bytes_at(log, KVP_ENGINE_VLLM, KVP_OBS_KV_NEEDED,
			                KVP_SCOPE_ALL, NULL, &p, 1, ln);
		}
		if ((p = strstr(line, "available KV cache memory ("))) {
			p += 27;
			took |= bytes_at(log, KVP_ENGINE_VLLM, KVP_OBS_KV_BUDGET,
			                 KVP_SCOPE_ALL, NULL, &p, 1, ln);
		}
		log->set.refused = true;
		snprintf(log->set.refusal, sizeof log->set.refusal, "%s",
		         "vLLM: one request of max_model_len does not fit in the KV memory");
		hit(log, KVP_ENGINE_VLLM);
		return 1;
	}
	return -1;
}

/* gpu_memory_utilization as the profile lines print it ("(0.90)",
 * "=0.9"); 1 when read. */
static int vllm_profile_line(struct kvp_log *log, const char *line,
                             uint32_t ln)
{
	const char *p;
	int took = 0;

	if ((p = strstr(line, "gpu_memory_utilization"))) {
		p = skip_sp(p + 22);
		if ((*p == '=' || *p == '(') &&
		    set_ppm(log, KVP_LK_GPU_MEM_UTIL_PPM, p + 1, ln)) {
			struct num n;
			const char *e = parse_num(p + 1, &n);
			uint64_t v, tol;

			/* also a figure: the budget arithmetic needs its rounding */
			if (e && num_scale(&n, 1000000, &v, &tol))
				add_obs(log, KVP_ENGINE_VLLM, KVP_OBS_MEM_UTIL_PPM,
				        KVP_SCOPE_ALL, NULL, v, tol, p + 1, e, ln);
			took = 1;
		}
	}
	return took;
}

/* The engine configuration line; 1 when it is one. */
static int vllm_config_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	char val[128];

	if (!(strstr(line, "LLM engine") && strstr(line, "config")))
		return 0;
	if (kv_value(line, "model", val, sizeof val) && val[0])
		copy_trim(log->set.model, sizeof log->set.model, val, strlen(val));
	if (kv_value(line, "max_seq_len", val, sizeof val))
		set_int(log, KVP_LK_MAX_MODEL_LEN, val, ln);
	if (kv_value(line, "tensor_parallel_size", val, sizeof val))
		set_int(log, KVP_LK_TP, val, ln);
	if (kv_value(line, "pipeline_parallel_size", val, sizeof val))
		set_int(log, KVP_LK_PP, val, ln);
	if (kv_value(line, "kv_cache_dtype", val, sizeof val))
		copy_trim(log->set.cache_type_k, sizeof log->set.cache_type_k, val, strlen(val));
	hit(log, KVP_ENGINE_VLLM);
	return 1;
}

static int vllm_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	int took;

	if (vllm_encoder_line(log, line, ln))
		return 1;
	if (vllm_word_figures(log, line, ln)) {
		/* a figure line may also hold the concurrency ("GPU KV cache
		 * size: N tokens, Maximum concurrency for ...") or V0's
		 * "x gpu_memory_utilization (0.90)" */
		vllm_limit_line(log, line, ln);
		vllm_profile_line(log, line, ln);
		return 1;
	}
	if ((took = vllm_v1_line(log, line, ln)) >= 0 ||
	    (took = aph_line(log, line, ln)) >= 0 ||
	    (took = vllm_limit_line(log, line, ln)) >= 0)
		return took;
	took = vllm_profile_line(log, line, ln);
	took |= vllm_config_line(log, line, ln);
	return took;
}

/* ---- SGLang --------------------------------------------------------- */

/* "[2025-03-08 12:29:13 TP0] ..." -> "TP0" */
static void sglang_device(const char *line, char *dev, size_t n)
{
	const char *p = strstr(line, " TP"), *e;

	dev[0] = '\0';
	if (!p)
		return;
	p++;
	e = p + 2;
	while (isdigit((unsigned char)*e))
		e++;
	if (e > p + 2 && *e == ']')
		copy_trim(dev, n, p, (size_t)(e - p));
}

/* The pool a "KV Cache is allocated" line is about: all layers, or
 * after SWAKVPool's sizing line a device's first the sliding pool
 * (swa_memory_pool.py builds swa_kv_pool first), its second the full
 * pool. `seen`/`n` are the devices that printed their first such line
 * (one list for SGLang's own lines, one for kvcached's physical ones). */
static enum kvp_obs_scope sglang_pool_scope(const struct kvp_log *log,
                                            char (*seen)[16], unsigned *n,
                                            const char *dev)
{
	unsigned i;

	if (!log->sg_swa)
		return KVP_SCOPE_ALL;
	for (i = 0; i < *n; i++)
		if (!strcmp(seen[i], dev))
			return KVP_SCOPE_FULL;
	if (*n < 16)
		snprintf(seen[(*n)++], 16, "%s", dev);
	return KVP_SCOPE_SWA;
}

/* A pool line's sizes, SGLang's own ("KV Cache is allocated. #tokens:
 * T, K size: X GB, V size: Y GB") or kvcached's physical one: tokens, K
 * and V of pool `sc`; MLA pools print one latent size instead ("#tokens:
 * 975424, KV size: 43.67 GB", sglang PR 11309). */
static int sglang_pool_sizes(struct kvp_log *log, const char *line,
                             enum kvp_obs_scope sc, const char *dev, uint32_t ln)
{
	enum kvp_engine_kind E = KVP_ENGINE_SGLANG;
	const char *p;
	int took = 0;

	if ((p = strstr(line, "#tokens:"))) {
		p += 8;
		took |= count_at(log, E, KVP_OBS_TOKENS, sc, dev, &p, ln);
	}
	if ((p = strstr(line, "K size:"))) {
		p += 7;
		took |= bytes_at(log, E, KVP_OBS_K_BYTES, sc, dev, &p, 1, ln);
	}
	/* not the "V size:" inside an MLA pool's "KV size:": that is the
	 * whole cache, not a V figure */
	if ((p = strstr(line, "V size:")) && (p == line || p[-1] != 'K')) {
		p += 7;
		took |= bytes_at(log, E, KVP_OBS_V_BYTES, sc, dev, &p, 1, ln);
	}
	if ((p = strstr(line, "KV size:"))) {
		p += 8;
		took |= bytes_at(log, E, KVP_OBS_KV_BYTES, KVP_SCOPE_ALL, dev, &p, 1, ln);
	}
	return took;
}

/*
 * SGLang with kvcached, a virtual-memory KV plugin (ovg-project/kvcached
 * @e8e64063, kvcached/integration/sglang/patches.py
 * ElasticMHATokenToKVPool / ElasticMLATokenToKVPool; before the
 * autopatch, engine_integration/patches/kvcached-sglang-v0.4.9.patch):
 * the pool's tensors reserve virtual address space for the whole card
 * (interfaces.py alloc_kv_cache: total_memory / layers / 2 per K or V
 * tensor), so SGLang's own "KV Cache is allocated ... K size" (printed by
 * MHATokenToKVPool.__init__, which the elastic pool runs) and kvcached's
 * "VirtualKV Cache is allocated (group_id=N). #tokens: T, #layers: L, K
 * size: X GB, ..." ("Virtual KV Cache is allocated." in the 0.4.9 patch;
 * "... #tokens: T, KV size: X GB" for MLA) state the virtual sizes. The
 * memory the pool may map is its next line:
 *   "Physical KV Cache limits by --mem-fraction-static: #tokens: T,
 *    K size: X GB, V size: Y GB"   (MLA: "#tokens: T, KV size: X GB")
 * = layer_num x (size + page_size) x head_num x head_dim x itemsize
 * (get_kv_size_bytes_phy), GB = 2^30 (BYTES_PER_GB). Those sizes are the
 * figures compared; the virtual ones are set aside at the end
 * (sglang_virtual_finish). Format strings only: no public log with these
 * lines was found.
 */
static int sglang_virtual_line(struct kvp_log *log, const char *line,
                               const char *at, const char *dev, uint32_t ln)
{
	if (!log->sg_virtual_line)
		log->sg_virtual_line = ln;
	hit(log, KVP_ENGINE_SGLANG);
	return 1;
}

static int sglang_physical_line(struct kvp_log *log, const char *line,
                                const char *at, const char *dev, uint32_t ln)
{
	enum kvp_obs_scope sc;
	int took;

	if (!log->sg_virtual_line)
		log->sg_virtual_line = ln;
	sc = sglang_pool_scope(log, log->sg_phys_dev, &log->n_sg_phys_dev, dev);
	took = sglang_pool_sizes(log, line, sc, dev, ln);
	if (took && log->n_sg_phys_line < sizeof log->sg_phys_line / sizeof log->sg_phys_line[0])
		log->sg_phys_line[log->n_sg_phys_line++] = ln;
	return took ? 1 : -1;
}

/* With kvcached loaded, the K/V sizes of every line but its physical
 * ones are virtual: drop them (counted in sg_virtual_dropped), and the
 * token counts of SGLang's own lines, which the physical lines state
 * again. */
static void sglang_virtual_finish(struct kvp_log *log)
{
	size_t i, k = 0;

	if (!log->sg_virtual_line)
		return;
	for (i = 0; i < log->n_obs; i++) {
		const struct kvp_observation *o = &log->obs[i];
		bool phys = false, sized = o->kind == KVP_OBS_K_BYTES ||
		            o->kind == KVP_OBS_V_BYTES || o->kind == KVP_OBS_KV_BYTES ||
		            o->kind == KVP_OBS_TOKENS;
		uint32_t j;

		for (j = 0; j < log->n_sg_phys_line; j++)
			phys |= log->sg_phys_line[j] == o->line;
		if (o->engine == KVP_ENGINE_SGLANG && sized && !phys &&
		    (o->kind != KVP_OBS_TOKENS || log->n_sg_phys_line)) {
			log->sg_virtual_dropped++;
			continue;
		}
		log->obs[k++] = *o;
	}
	log->n_obs = k;
}

/* SWAKVPool's sizing (sglang PR #18039): "Use sliding window memory
 * pool. full_layer_tokens=375360, swa_layer_tokens=300288" */
static int sglang_swa_line(struct kvp_log *log, const char *line,
                           const char *at, const char *dev, uint32_t ln)
{
	enum kvp_engine_kind E = KVP_ENGINE_SGLANG;
	const char *p;
	int took = 0;

	log->sg_swa = true;
	if ((p = strstr(line, "full_layer_tokens="))) {
		p += 18;
		took |= count_at(log, E, KVP_OBS_TOKENS, KVP_SCOPE_FULL, dev, &p, ln);
	}
	if ((p = strstr(line, "swa_layer_tokens="))) {
		p += 17;
		took |= count_at(log, E, KVP_OBS_TOKENS, KVP_SCOPE_SWA, dev, &p, ln);
	}
	return took;
}

static int sglang_pool_line(struct kvp_log *log, const char *line,
                            const char *at, const char *dev, uint32_t ln)
{
	enum kvp_obs_scope sc = sglang_pool_scope(log, log->sg_swa_dev,
	                                          &log->n_sg_swa_dev, dev);

	return sglang_pool_sizes(log, line, sc, dev, ln);
}

/* "max_total_num_tokens=..., max_running_requests=..., context_len=..."
 * (scheduler.py). */
static int sglang_limits_line(struct kvp_log *log, const char *line,
                              const char *at, const char *dev, uint32_t ln)
{
	char val[128];
	int took = 0;

	if (kv_value(line, "max_total_num_tokens", val, sizeof val))
		took |= set_int(log, KVP_LK_MAX_TOTAL_TOKENS, val, ln);
	if (kv_value(line, "max_running_requests", val, sizeof val))
		took |= set_int(log, KVP_LK_MAX_RUNNING, val, ln);
	if (kv_value(line, "context_len", val, sizeof val))
		took |= set_int(log, KVP_LK_MAX_MODEL_LEN, val, ln);
	if (took)
		hit(log, KVP_ENGINE_SGLANG);
	return took;
}

/* "server_args=ServerArgs(model_path='...', tp_size=2, ...)". */
static int sglang_args_line(struct kvp_log *log, const char *line,
                            const char *at, const char *dev, uint32_t ln)
{
	char val[128];

	if (kv_value(line, "model_path", val, sizeof val) && val[0])
		copy_trim(log->set.model, sizeof log->set.model, val, strlen(val));
	if (kv_value(line, "tp_size", val, sizeof val))
		set_int(log, KVP_LK_TP, val, ln);
	if (kv_value(line, "context_length", val, sizeof val))
		set_int(log, KVP_LK_MAX_MODEL_LEN, val, ln);
	hit(log, KVP_ENGINE_SGLANG);
	return 1;
}

#define SG KVP_ENGINE_SGLANG

/* SGLang's wordings, in the order they are tried (GB is GiB: SGLang
 * prints bytes / 2^30); tests/data/sglang_startups/lines.tsv holds real
 * lines of most, with their runs. */
static const struct log_word sglang_words[] = {
	{ SG, "VirtualKV Cache is allocated", NULL, LR_FN, KVP_OBS_K_BYTES, 0,
	  false, sglang_virtual_line,
	  "kvcached @e8e64063 integration/sglang/patches.py (virtual sizes, set "
	  "aside)" },
	{ SG, "Virtual KV Cache is allocated", NULL, LR_FN, KVP_OBS_K_BYTES, 0,
	  false, sglang_virtual_line, "kvcached-sglang-v0.4.9.patch" },
	{ SG, "Physical KV Cache limits by --mem-fraction-static:", NULL, LR_FN,
	  KVP_OBS_K_BYTES, 0, false, sglang_physical_line,
	  "kvcached patches.py get_kv_size_bytes_phy (format string only)" },
	{ SG, "Use sliding window memory pool.", NULL, LR_FN, KVP_OBS_TOKENS, 0,
	  false, sglang_swa_line, "swa_memory_pool.py, sglang PR #18039 "
	  "(sglang-swa-18039.log)" },
	{ SG, "KV Cache is allocated.", NULL, LR_FN, KVP_OBS_K_BYTES, 0, false,
	  sglang_pool_line, "memory_pool.py MHATokenToKVPool (lines.tsv); MLA's "
	  "\"KV size:\" sglang PR #11309" },
	{ SG, "mem usage=", "Load weight end.", LR_BYTES_GIB,
	  KVP_OBS_WEIGHTS_BYTES, KVP_SCOPE_ALL, true, NULL,
	  "model_runner.py load_model \"Load weight end. ..., avail mem=X GB, "
	  "mem usage=Y GB.\" (lines.tsv)" },
	{ SG, "avail mem=", "Load weight end.", LR_BYTES_GIB, KVP_OBS_FREE_MEMORY,
	  KVP_SCOPE_ALL, false, NULL, "model_runner.py load_model (lines.tsv)" },
	{ SG, "avail mem=", "Load weight begin.", LR_BYTES_GIB,
	  KVP_OBS_FREE_MEMORY, KVP_SCOPE_ALL, false, NULL,
	  "model_runner.py load_model (lines.tsv)" },
	{ SG, "avail mem=", "Memory pool end.", LR_BYTES_GIB, KVP_OBS_FREE_MEMORY,
	  KVP_SCOPE_ALL, false, NULL, "model_runner.py init_memory_pool" },
	{ SG, "max_total_num_tokens=", NULL, LR_FN, KVP_LK_MAX_TOTAL_TOKENS, 0,
	  false, sglang_limits_line, "scheduler.py (lines.tsv)" },
	{ SG, "ServerArgs(", NULL, LR_FN, KVP_LK_TP, 0, false, sglang_args_line,
	  "launch_server \"server_args=ServerArgs(...)\"" },
};

#undef SG

static int sglang_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	char dev[16];
	int took;

	sglang_device(line, dev, sizeof dev);
	took = read_words(log, sglang_words,
	                  sizeof sglang_words / sizeof sglang_words[0], line, dev,
	                  ln);
	return took < 0 ? 0 : took;
}

/* ---- TensorRT-LLM --------------------------------------------------- */

/* "[MemUsageChange] Allocated 78.30 GiB for max tokens in paged KV cache
 * (3731744)." */
static int trtllm_alloc_line(struct kvp_log *log, const char *line,
                             const char *at, const char *dev, uint32_t ln)
{
	const char *p = at + 10,
	           *q = strstr(line, "for max tokens in paged KV cache (") + 34;

	if (!bytes_at(log, KVP_ENGINE_TRTLLM, KVP_OBS_KV_BYTES, KVP_SCOPE_ALL,
	              NULL, &p, 0, ln))
		return 0;
	count_at(log, KVP_ENGINE_TRTLLM, KVP_OBS_TOKENS, KVP_SCOPE_ALL, NULL, &q, ln);
	return 1;
}

/* "Using 132608 tokens in paged KV cache.": tokens before rounding up
 * to whole blocks (issue 224's maintainers). */
static int trtllm_using_line(struct kvp_log *log, const char *line,
                             const char *at, const char *dev, uint32_t ln)
{
	const char *p = at + 6;

	if (!count_at(log, KVP_ENGINE_TRTLLM, KVP_OBS_TOKENS, KVP_SCOPE_ALL, NULL,
	              &p, ln))
		return 0;
	log->obs[log->n_obs - 1].unrounded = true;
	return 1;
}

#define TR KVP_ENGINE_TRTLLM

/* TensorRT-LLM's C++ runtime's wordings, in the order they are tried. */
static const struct log_word trtllm_words[] = {
	{ TR, "Allocated ", "for max tokens in paged KV cache (", LR_FN,
	  KVP_OBS_KV_BYTES, 0, false, trtllm_alloc_line,
	  "\"[MemUsageChange] Allocated X GiB for max tokens in paged KV cache "
	  "(N).\", 2024 on (triton-inference-server/tutorials PR #150)" },
	{ TR, "Allocate ", "bytes for k/v cache", LR_COUNT, KVP_OBS_KV_BYTES,
	  KVP_SCOPE_ALL, false, NULL,
	  "\"Allocate N bytes for k/v cache.\", 2023-24 (TensorRT-LLM issue 1400)" },
	{ TR, "Using ", "tokens in paged KV cache", LR_FN, KVP_OBS_TOKENS, 0,
	  false, trtllm_using_line, "2023-24 (TensorRT-LLM issues 224, 1400)" },
	{ TR, "Loaded engine size:", NULL, LR_BYTES, KVP_OBS_WEIGHTS_BYTES,
	  KVP_SCOPE_ALL, false, NULL,
	  "\"Loaded engine size: 3404 MiB\" (tensorrtllm_backend issue 396, 0.8)" },
	{ TR, "Number of tokens per block:", NULL, LR_SETTING, KVP_LK_BLOCK_SIZE,
	  0, false, NULL,
	  "\"Number of tokens per block: 32.\" (tutorials PR #150)" },
	{ TR, "Number of blocks in KV cache primary pool:", NULL, LR_COUNT,
	  KVP_OBS_BLOCKS, KVP_SCOPE_ALL, false, NULL,
	  "the GPU pool's blocks, 0.13 (TensorRT-LLM issue #2268)" },
};

#undef TR

static int trtllm_line(struct kvp_log *log, const char *line, uint32_t ln)
{
	int took = read_words(log, trtllm_words,
	                      sizeof trtllm_words / sizeof trtllm_words[0], line,
	                      NULL, ln);

	return took < 0 ? 0 : took;
}


/* ---- lines ---------------------------------------------------------- */

static const char *const key_names[KVP_LK_COUNT] = {
	[KVP_LK_N_CTX] = "n_ctx", [KVP_LK_N_CTX_SEQ] = "n_ctx_seq",
	[KVP_LK_N_SEQ_MAX] = "n_seq_max", [KVP_LK_N_BATCH] = "n_batch",
	[KVP_LK_N_UBATCH] = "n_ubatch", [KVP_LK_FLASH_ATTN] = "flash_attn",
	[KVP_LK_KV_UNIFIED] = "kv_unified", [KVP_LK_N_CTX_TRAIN] = "n_ctx_train",
	[KVP_LK_N_LAYER] = "n_layer", [KVP_LK_N_HEAD] = "n_head",
	[KVP_LK_N_HEAD_KV] = "n_head_kv", [KVP_LK_N_EMBD_HEAD_K] = "n_embd_head_k",
	[KVP_LK_N_EMBD_HEAD_V] = "n_embd_head_v", [KVP_LK_N_SWA] = "n_swa",
	[KVP_LK_N_EMBD] = "n_embd", [KVP_LK_MAX_MODEL_LEN] = "max_model_len",
	[KVP_LK_GPU_MEM_UTIL_PPM] = "gpu_memory_utilization",
	[KVP_LK_BLOCK_SIZE] = "block_size", [KVP_LK_TP] = "tensor_parallel_size",
	[KVP_LK_PP] = "pipeline_parallel_size",
	[KVP_LK_MAX_RUNNING] = "max_running_requests",
	[KVP_LK_MAX_TOTAL_TOKENS] = "max_total_num_tokens",
	[KVP_LK_SWA_FULL] = "swa_full",
	[KVP_LK_NUM_GPU_BLOCKS_OVERRIDE] = "num_gpu_blocks_override",
	[KVP_LK_N_RS_SEQ] = "n_rs_seq",
	[KVP_LK_CTX_CHECKPOINTS] = "ctx_checkpoints",
	[KVP_LK_MMPROJ_WARMUP] = "mmproj_warmup",
	[KVP_LK_MAX_BATCHED_TOKENS] = "max_num_batched_tokens",
	[KVP_LK_MAX_NUM_SEQS] = "max_num_seqs",
	[KVP_LK_PREFIX_CACHING] = "enable_prefix_caching",
};

const char *kvp_log_key_name(enum kvp_log_key k)
{
	return (unsigned)k < KVP_LK_COUNT ? key_names[k] : "?";
}

void kvp_log_init(struct kvp_log *log)
{
	memset(log, 0, sizeof *log);
	log->engine = KVP_ENGINE_GENERIC;
	log->cur_scope = KVP_SCOPE_ALL;
}

/* Copy without ANSI escapes; 0 when a control byte remains (binary). */
static int clean_line(const char *in, size_t len, char *out)
{
	size_t i, o = 0;

	while (len && (in[len - 1] == '\r'))
		len--;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)in[i];

		if (c == 0x1b && i + 1 < len && in[i + 1] == '[') {
			i += 2;
			while (i < len && !isalpha((unsigned char)in[i]))
				i++;
			continue;
		}
		if (c == '\t')
			c = ' ';
		if (c < 0x20 || c == 0x7f)
			return 0;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return 1;
}

/* Words that make a line not understood worth listing: it speaks of the
 * cache or its pool, so a figure may have been missed. Case-insensitive. */
static const char *const unread_words[] = {
	"kv cache", "kv_cache", "kv self", "kv buffer", "kv size", "kv_size",
	"k/v cache", "kvcache", "gpu blocks", "cpu blocks", "cache blocks",
	"paged kv", "kv pool", "token pool", "#tokens",
};

/* True when one of unread_words starts somewhere in line: one pass,
 * comparing only where the first letter matches (most lines of a log have
 * none of them, and a log may hold millions of lines). */
static int has_unread_word(const char *line)
{
	const char *p;
	size_t i;

	for (p = line; *p; p++) {
		int c = tolower((unsigned char)*p);

		if (c != 'k' && c != 'g' && c != 'c' && c != 'p' && c != 't' && c != '#')
			continue;
		for (i = 0; i < sizeof unread_words / sizeof unread_words[0]; i++)
			if (unread_words[i][0] == c &&
			    strncasecmp(p, unread_words[i], strlen(unread_words[i])) == 0)
				return 1;
	}
	return 0;
}

static void note_unread(struct kvp_log *log, const char *line, uint32_t ln)
{
	size_t l;

	if (!has_unread_word(line))
		return;
	if (log->n_unread >= KVP_LOG_MAX_UNREAD) {
		log->unread_more++;
		return;
	}
	l = strlen(line);
	if (l >= KVP_LOG_UNREAD_TEXT) {
		/* cut at a UTF-8 character boundary and mark the cut */
		l = KVP_LOG_UNREAD_TEXT - 4;
		while (l && ((unsigned char)line[l] & 0xc0) == 0x80)
			l--;
		memcpy(log->unread[log->n_unread].text, line, l);
		memcpy(log->unread[log->n_unread].text + l, "...", 4);
	} else {
		memcpy(log->unread[log->n_unread].text, line, l + 1);
	}
	log->unread[log->n_unread++].line = ln;
}

/* Wordings that tell an engine's era, with a source per row. */
static const struct {
	enum kvp_engine_kind e;
	const char *phrase, *era, *release;
} era_words[] = {
	/* vllm/worker/worker.py (V0) logs "# GPU blocks: %d, # CPU blocks: %d"
	 * in 0.6.4 (vllm-project/vllm issue 10517) and 0.6.5 (the phi-4 run of
	 * tests/data/vllm_startups); from 0.7.0 it is "# CUDA blocks:" (PR
	 * #12126's log of 2025-01-16, the 0.7.2 T4 run), so these logs are
	 * 0.6.x: 0.6.6 is taken, before PR #11809 (0.7.0) changed V0's
	 * non-torch figure (kvplan/era.h KVP_ERA_VLLM_V0_RESERVED) */
	{ KVP_ENGINE_VLLM, "# GPU blocks:", "V0 (0.6.x)", "0.6.6" },
	/* V0 profile heading, vllm/worker/worker.py determine_num_available_
	 * blocks: one key=value line in 0.6.4 (issue 10517), a block under it
	 * from PR #10511 (0.6.5); PR #12126 (0.7.0) replaced it with "Memory
	 * profiling takes" and "the current vLLM instance can use" */
	{ KVP_ENGINE_VLLM, "Memory profiling results:", "V0 (0.6.x)", "0.6.6" },
	{ KVP_ENGINE_VLLM, "larger than the maximum number of tokens that can be stored in KV cache",
	  "V0 (before 0.8.0)", "0.7.3" },
	/* vllm/v1/core/kv_cache_utils.py, vllm/v1/worker/gpu_worker.py */
	{ KVP_ENGINE_VLLM, "GPU KV cache size:", "V1 (0.8.0 or later)", "" },
	{ KVP_ENGINE_VLLM, "Available KV cache memory:", "V1 (0.8.0 or later)", "" },
	{ KVP_ENGINE_VLLM, "To serve at least one request", "V1 (0.8.0 or later)", "" },
	/* llama.cpp, by the name its cache lines carry (the first such line
	 * decides, kvplan/era.h for the builds):
	 * - llama_kv_cache_unified_iswa (PR #13194, May 2025, until the
	 *   classes lost "_unified"): the separate SWA cache, MLA still with
	 *   V (before PR #19067): the rules of b5531;
	 * - llama_kv_cache_unified without an _iswa line first (from the
	 *   class's introduction, spring 2025): an iSWA log would have said
	 *   "creating non-SWA KV cache" first, so either a model with no
	 *   sliding layers (same bytes on both sides) or a build before
	 *   #13194; MLA with V: the rules of b5423;
	 * - llama_kv_cache_init (the function before the classes, up to early
	 *   2025; issues 11200, 9390): one cache, and before PR #12801, so an
	 *   MLA model is refused: the rules of b4599;
	 * - llama_kv_cache / llama_kv_cache_iswa (after the rename): current,
	 *   though builds from the rename to PR #19067 still stored MLA's V. */
	{ KVP_ENGINE_LLAMACPP, "llama_kv_cache_unified_iswa",
	  "the llama_kv_cache_unified_iswa builds (May 2025 on: SWA cache, MLA with V)", "b5531" },
	{ KVP_ENGINE_LLAMACPP, "llama_kv_cache_unified",
	  "the llama_kv_cache_unified builds (2025; no SWA cache line first)", "b5423" },
	{ KVP_ENGINE_LLAMACPP, "llama_kv_cache_init:",
	  "the llama_kv_cache_init builds (before the cache classes, early 2025)", "b4599" },
	{ KVP_ENGINE_LLAMACPP, "KV self size", "builds before the llama_kv_cache classes (2024)", "" },
	{ KVP_ENGINE_LLAMACPP, "llama_kv_cache:", "current builds (llama_kv_cache)", "" },
	/* TensorRT-LLM: the C++ runtime's older allocation lines (issues 224,
	 * 1400: "Allocate N bytes for k/v cache", "Using N tokens in paged KV
	 * cache", tokens before block rounding) and the "[MemUsageChange]
	 * Allocated X GiB for max tokens in paged KV cache (N)" wording that
	 * replaced them; neither changes a byte rule kvplan keys */
	{ KVP_ENGINE_TRTLLM, "bytes for k/v cache", "C++ runtime, older wording (2023-24)", "" },
	{ KVP_ENGINE_TRTLLM, "tokens in paged KV cache.", "C++ runtime, older wording (2023-24)", "" },
	{ KVP_ENGINE_TRTLLM, "for max tokens in paged KV cache", "[MemUsageChange] wording", "" },
	/* Aphrodite (vLLM V0 fork, now dphnAI/sonar): issue 1077 */
	{ KVP_ENGINE_VLLM, "Maximum sequence length allowed in the cache:",
	  "Aphrodite (a vLLM V0 fork)", "0.7.3" },
	{ KVP_ENGINE_VLLM, "Minimum concurrency:", "Aphrodite (a vLLM V0 fork)", "0.7.3" },
	/* its GPU memory breakdown (dphnAI/sonar PR #1306, PR #1320's log) */
	{ KVP_ENGINE_VLLM, "Reserved for KV cache:", "Aphrodite (a vLLM V0 fork)", "0.7.3" },
};

static void note_era(struct kvp_log *log, const char *line, uint32_t ln)
{
	size_t i;

	if (log->era[0])
		return;
	for (i = 0; i < sizeof era_words / sizeof era_words[0]; i++)
		if (strstr(line, era_words[i].phrase)) {
			snprintf(log->era, sizeof log->era, "%s %s",
			         kvp_engine_name(era_words[i].e), era_words[i].era);
			snprintf(log->era_release, sizeof log->era_release, "%s",
			         era_words[i].release);
			snprintf(log->era_phrase, sizeof log->era_phrase, "%s",
			         era_words[i].phrase);
			log->era_line = ln;
			return;
		}
}

void kvp_log_feed_line(struct kvp_log *log, const char *line, size_t len)
{
	char buf[KVP_LOG_LINE_MAX + 1];
	uint32_t ln;

	log->lines++;
	ln = log->lines > UINT32_MAX ? UINT32_MAX : (uint32_t)log->lines;
	if (len > KVP_LOG_LINE_MAX) {
		log->skipped_long++;
		return;
	}
	if (!clean_line(line, len, buf)) {
		log->skipped_binary++;
		return;
	}
	line_pairs(log, buf);
	if (llama_line(log, buf, ln) || vllm_line(log, buf, ln) ||
	    sglang_line(log, buf, ln) || trtllm_line(log, buf, ln)) {
		log->lines_used++;
		note_era(log, buf, ln);
	} else {
		log->skipped_unknown++;
		note_unread(log, buf, ln);
	}
}

void kvp_log_finish(struct kvp_log *log)
{
	uint32_t best = 0;
	int e;

	for (e = 0; e < KVP_SCOPE_COUNT; e++) {
		size_t i;
		int stated = 0;

		for (i = 0; i < log->n_obs; i++)
			stated |= log->obs[i].kind == KVP_OBS_CELLS &&
			          (int)log->obs[i].scope == e;
		if (log->create_cells[e] && !stated) {
			char t[48];

			snprintf(t, sizeof t, "size = %llu cells",
			         (unsigned long long)log->create_cells[e]);
			add_obs(log, KVP_ENGINE_LLAMACPP, KVP_OBS_CELLS,
			        (enum kvp_obs_scope)e, NULL, log->create_cells[e], 0,
			        t, t + strlen(t), log->create_line[e]);
		}
		log->create_cells[e] = 0;
	}
	for (e = 0; e < KVP_SCOPE_COUNT; e++)
		if (log->layer_lines[e] && log->n_obs < KVP_LOG_MAX_OBS) {
			char t[32];

			snprintf(t, sizeof t, "%u per-layer lines", log->layer_lines[e]);
			add_obs(log, KVP_ENGINE_LLAMACPP, KVP_OBS_LAYERS,
			        (enum kvp_obs_scope)e, NULL, log->layer_lines[e], 0,
			        t, t + strlen(t), 0);
			log->layer_lines[e] = 0;
		}

	sglang_virtual_finish(log);
	log->engine = KVP_ENGINE_GENERIC;
	for (e = 1; e < KVP_ENGINE_COUNT; e++)
		if (log->engine_hits[e] > best) {
			best = log->engine_hits[e];
			log->engine = (enum kvp_engine_kind)e;
		}
}

void kvp_log_parse_text(struct kvp_log *log, const char *text, size_t len)
{
	size_t start = 0, i;

	for (i = 0; i < len; i++)
		if (text[i] == '\n') {
			kvp_log_feed_line(log, text + start, i - start);
			start = i + 1;
		}
	if (start < len) {
		log->truncated = true;
		kvp_log_feed_line(log, text + start, len - start);
	}
	kvp_log_finish(log);
}

enum kvp_status kvp_log_parse_stream(struct kvp_log *log, FILE *f,
                                     const char *name, struct kvp_error *err)
{
	char buf[KVP_LOG_LINE_MAX + 2];
	size_t len = 0;
	uint64_t total = 0, nuls = 0;
	int c, over = 0;

	while ((c = getc(f)) != EOF) {
		/* bounded: a log is at most KVP_LOG_MAX_BYTES, and a mebibyte
		 * of NUL bytes in a row (/dev/zero on stdin) is not a log;
		 * stray binary bytes are skipped with their lines */
		nuls = c == '\0' ? nuls + 1 : 0;
		if (nuls > (1u << 20))
			return kvp_error_set(err, KVP_EPARSE, "%s: %u NUL bytes in "
				"a row - not a text log", name, 1u << 20);
		if (++total > KVP_LOG_MAX_BYTES)
			return kvp_error_set(err, KVP_EPARSE, "%s: more than %u "
				"bytes - larger than a log kvplan reads (give the "
				"startup part)", name, KVP_LOG_MAX_BYTES);
		if (c == '\n') {
			if (over) {
				log->lines++;
				log->skipped_long++;
			} else {
				kvp_log_feed_line(log, buf, len);
			}
			len = 0;
			over = 0;
			continue;
		}
		if (over)
			continue;
		if (len > KVP_LOG_LINE_MAX) {
			over = 1;
			continue;
		}
		buf[len++] = (char)c;
	}
	if (ferror(f))
		return kvp_error_set(err, KVP_EIO, "%s: read error: %s", name,
		                     strerror(errno));
	if (len || over) {
		log->truncated = true;
		if (over) {
			log->lines++;
			log->skipped_long++;
		} else {
			kvp_log_feed_line(log, buf, len);
		}
	}
	kvp_log_finish(log);
	return KVP_OK;
}

enum kvp_status kvp_log_parse_file(struct kvp_log *log, const char *path,
                                   struct kvp_error *err)
{
	FILE *f;
	int fd;
	enum kvp_status st;

	if (!strcmp(path, "-"))
		return kvp_log_parse_stream(log, stdin, "stdin", err);
	/* a regular file only: /dev/zero or a FIFO never end (stdin, "-",
	 * may be a pipe, bounded by the stream's limits) */
	fd = kvp_file_open_regular(path, NULL, err);
	if (fd < 0)
		return err->status;
	f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: cannot open: %s", path,
		                     strerror(errno));
	}
	st = kvp_log_parse_stream(log, f, path, err);
	fclose(f);
	return st;
}
