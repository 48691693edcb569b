/*
 * engine_common.c - small helpers shared by the engine profiles: the
 * overflow error, engine lines, card budgets and numbers written as
 * Python writes them. The workload's fit is engine_fit.c, res->kv from
 * the per-layer figures engine_kv.c. See engine_priv.h.
 */
#include <math.h>   /* fmod, floor: eng_py_floordiv */
#include <stdarg.h>
#include <stdio.h>  /* snprintf/vsnprintf into caller buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "kvplan/checked.h"

enum kvp_status eng_overflow(struct kvp_result *res, const char *what)
{
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
		"%s: the figure does not fit in 64 bits", what);
}

void eng_line(struct kvp_result *res, const char *fmt, ...)
{
	va_list ap;

	if (res->engine.n_lines >= KVP_MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(res->engine.lines[res->engine.n_lines], KVP_LINE_MAX, fmt, ap);
	va_end(ap);
	res->engine.n_lines++;
}

void eng_line_at(struct kvp_result *res, uint32_t at, const char *fmt, ...)
{
	struct kvp_engine_result *e = &res->engine;
	va_list ap;

	if (e->n_lines >= KVP_MAX_LINES)
		return;
	if (at > e->n_lines)
		at = e->n_lines;
	memmove(e->lines[at + 1], e->lines[at],
	        (size_t)(e->n_lines - at) * sizeof e->lines[0]);
	va_start(ap, fmt);
	vsnprintf(e->lines[at], KVP_LINE_MAX, fmt, ap);
	va_end(ap);
	e->n_lines++;
}

enum kvp_status eng_capacity(const struct kvp_plan *p, const char *why,
                             uint64_t *cap, struct kvp_error *err)
{
	if (p->devices.n_groups < 1 || p->devices.groups[0].card.capacity_bytes == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"devices: no card chosen - %s needs a card's capacity "
			"(choose a card, or give a byte cap)", why);
	*cap = p->devices.groups[0].card.capacity_bytes;
	return KVP_OK;
}

enum kvp_status eng_overheads(const struct kvp_plan *p, uint64_t *out,
                              struct kvp_error *err)
{
	uint32_t i;
	uint64_t s = 0;

	for (i = 0; i < p->devices.n_overheads && i < KVP_MAX_OVERHEADS; i++)
		if (!kvp_add(s, p->devices.overheads[i].bytes, &s))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"devices.overheads[%u].bytes: %llu - the sum overflows 64 bits",
				i, (unsigned long long)p->devices.overheads[i].bytes);
	*out = s;
	return KVP_OK;
}

uint64_t eng_weights_rank(const struct kvp_result *res, uint32_t tp,
                          uint32_t pp)
{
	uint64_t parts = (uint64_t)(tp ? tp : 1) * (pp ? pp : 1);

	return kvp_ceil_div(res->weights.bytes, parts);
}

const char *eng_commas(uint64_t v, char *buf, unsigned n)
{
	char digits[32];
	unsigned len, i, o = 0;

	len = (unsigned)snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
	for (i = 0; i < len && o + 2 < n; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

const char *eng_fixed2(uint64_t bytes, uint64_t unit, char *buf, unsigned n)
{
	/* Round half to even, as Python's format() and printf do with the
	 * exact binary value bytes / unit (exact below 2^53 bytes). */
	unsigned __int128 num = (unsigned __int128)bytes * 100;
	unsigned __int128 q = num / unit, r = num % unit;

	if (2 * r > unit || (2 * r == unit && (q & 1)))
		q++;
	snprintf(buf, n, "%llu.%02llu", (unsigned long long)(q / 100),
	         (unsigned long long)(q % 100));
	return buf;
}

double eng_py_floordiv(double x, double y)
{
	double mod = fmod(x, y), div = (x - mod) / y, f;

	if (div == 0.0)
		return 0.0;
	f = floor(div);
	if (div - f > 0.5)
		f += 1.0;
	return f;
}
