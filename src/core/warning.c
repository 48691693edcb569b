/* warning.c - SCAFFOLD until the pitfall warnings land (issue 5). */
#include <stdarg.h>
#include <stdio.h>  /* vsnprintf only */

#include "core/internal.h"

void kvp_warn(struct kvp_result *res, enum kvp_warn_code code,
              const char *fmt, ...)
{
	va_list ap;
	struct kvp_warning *w;

	if (res->n_warnings >= KVP_MAX_WARNINGS)
		return;
	w = &res->warnings[res->n_warnings++];
	w->code = code;
	va_start(ap, fmt);
	vsnprintf(w->msg, sizeof w->msg, fmt, ap);
	va_end(ap);
}

void kvp_warnings_compute(const struct kvp_plan *p, struct kvp_result *res)
{
	(void)p;
	(void)res;
}
