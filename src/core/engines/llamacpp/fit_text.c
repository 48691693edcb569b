/*
 * fit_text.c - the default launch's --fit pick in words (kvplan/fit.h),
 * one wording for calc, solve and the planner. Pure: snprintf into the
 * caller's buffer only.
 */
#include <stdio.h>   /* snprintf only */

#include "kvplan/fit.h"

bool kvp_fit_text(const struct kvp_fit_result *f, bool long_form,
                  char *buf, size_t n)
{
	const double gib = 1073741824.0;
	char ngl[16];
	int w;

	if (n)
		buf[0] = '\0';
	if (f->outcome == KVP_FIT_NOT_RUN || f->outcome == KVP_FIT_NO_CHANGE)
		return false;
	if (f->n_gpu_layers < 0)
		snprintf(ngl, sizeof ngl, "all");
	else
		snprintf(ngl, sizeof ngl, "%d", (int)f->n_gpu_layers);
	if (!long_form) {
		snprintf(buf, n, "default launch (--fit): -c %llu -ngl %s, %.2f "
		         "GiB kept", (unsigned long long)f->n_ctx, ngl,
		         (double)f->kept_bytes / gib);
		return true;
	}
	w = snprintf(buf, n, "default launch llama-server's --fit (on unless "
	             "--no-fit) would pick -c %llu -ngl %s: %.2f of %.2f GiB "
	             "free used, %.2f GiB kept (fit-target %llu MiB; "
	             "common/fit.cpp, with kvplan's figures)",
	             (unsigned long long)f->n_ctx, ngl,
	             (double)f->used_bytes / gib, (double)f->free_bytes / gib,
	             (double)f->kept_bytes / gib,
	             (unsigned long long)(f->target_bytes >> 20));
	if (f->outcome == KVP_FIT_FAILED && w >= 0 && (size_t)w < n)
		snprintf(buf + w, n - (size_t)w, "\n               --fit gives "
		         "up: %s", f->note);
	return true;
}
