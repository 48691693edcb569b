/*
 * files.c - save, open and export (see files.h). All writes go through
 * kvp_file_write_atomic (temporary file, fsync, rename).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"
#include "io/plan_json.h"
#include "kvplan/units.h"
#include "tui/files.h"
#include "tui/form_view.h"
#include "tui/panel.h"
#include "tui/prompt.h"
#include "tui/render.h"

#define REPORT_MAX (64 * 1024)

static bool write_plan(struct tui_app *a, const char *path,
                       const struct kvp_file_stamp *expect)
{
	struct kvp_error err;
	struct kvp_file_stamp st;

	if (kvp_plan_json_save(path, &a->plan, expect, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "save: %s", err.msg);
		return false;
	}
	if (path != a->path)
		snprintf(a->path, sizeof a->path, "%s", path);
	if (kvp_file_stamp_get(a->path, &st, &err) == KVP_OK)
		a->stamp = st;
	a->dirty = false;
	tui_app_message(a, TUI_MSG_INFO, "saved %s", a->path);
	return true;
}

bool tui_files_save(struct tui_app *a)
{
	char path[sizeof a->path];
	struct kvp_file_stamp now;
	struct kvp_error err;

	if (!a->path[0]) {
		if (!tui_prompt_text(a, "Save plan as:", "plan.json", path, sizeof path))
			return false;
		if (kvp_file_stamp_get(path, &now, &err) == KVP_OK && now.exists &&
		    tui_prompt_choice(a, "File exists. Overwrite it? [y]es [n]o", "yn") != 'y') {
			tui_app_message(a, TUI_MSG_INFO, "not saved");
			return false;
		}
		return write_plan(a, path, NULL);
	}
	if (a->stamp.exists && kvp_file_changed(a->path, &a->stamp)) {
		if (tui_prompt_choice(a, "The file changed on disk since it was opened. "
		                      "Overwrite it? [y]es [n]o", "yn") != 'y') {
			tui_app_message(a, TUI_MSG_INFO, "not saved: %s changed on disk", a->path);
			return false;
		}
		return write_plan(a, a->path, NULL);
	}
	return write_plan(a, a->path, a->stamp.exists ? &a->stamp : NULL);
}

void tui_files_open(struct tui_app *a)
{
	char path[sizeof a->path];
	struct kvp_plan p;
	struct kvp_file_stamp st;
	struct kvp_error err;

	if (a->dirty && tui_prompt_choice(a, "Unsaved changes will be lost. Open "
	                                  "another plan? [y]es [n]o", "yn") != 'y')
		return;
	if (!tui_prompt_text(a, "Open plan:", a->path, path, sizeof path))
		return;
	kvp_plan_blank(&p);   /* as `kvplan calc PLAN.json` starts */
	if (kvp_plan_json_load(path, &p, &st, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "open: %s", err.msg);
		return;
	}
	if (a->owns_ragged)
		kvp_plan_json_free_ragged(&a->plan);
	a->plan = p;
	a->owns_ragged = p.workload.ragged != NULL;
	snprintf(a->path, sizeof a->path, "%s", path);
	a->stamp = st;
	a->dirty = false;
	a->gen++;
	tui_app_recompute(a);
	tui_resize(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "opened %s", path);
}

/* Append printf-style text to buf at *pos (bounded). */
static void put(char *buf, size_t n, size_t *pos, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t n, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*pos >= n)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *pos, n - *pos, fmt, ap);
	va_end(ap);
	if (k > 0)
		*pos = *pos + (size_t)k < n ? *pos + (size_t)k : n - 1;
}

size_t tui_report_text(const struct tui_app *a, char *buf, size_t n)
{
	const struct kvp_result *r = a->res;
	char f[200], x[48], y[48], z[48];
	size_t pos = 0;
	uint32_t i;

	if (n == 0)
		return 0;
	buf[0] = '\0';
	put(buf, n, &pos, "kvplan report: %s\n", a->plan.name[0] ? a->plan.name : "(unnamed plan)");
	put(buf, n, &pos, "model: %s, %u layers, %u query heads, %u KV heads\n",
	    a->plan.model.id, (unsigned)a->plan.model.n_layers,
	    (unsigned)a->plan.model.q_heads, (unsigned)a->plan.model.base.kv_heads);
	if (!a->have_result) {
		put(buf, n, &pos, "no valid result: %s\n", a->msg);
		return pos;
	}
	if (a->stale)
		put(buf, n, &pos, "NOTE: the plan has an error; figures are the last valid result\n");
	tui_formula(&r->kv, false, f, sizeof f);
	put(buf, n, &pos, "\nKV cache\n  %s = %s B per position\n", f,
	    kvp_fmt_int(r->kv.bytes_per_position, x, sizeof x));
	put(buf, n, &pos, "  per sequence: %s B\n", kvp_fmt_int(r->kv.bytes_per_sequence, x, sizeof x));
	put(buf, n, &pos, "  sequences: %s (%s active requests, %s queued)\n",
	    kvp_fmt_int(r->kv.sequences, x, sizeof x), kvp_fmt_int(r->kv.requests, y, sizeof y),
	    kvp_fmt_int(r->kv.queued, z, sizeof z));
	put(buf, n, &pos, "  total: %s\n", kvp_fmt_bytes_all(r->kv.bytes, f, sizeof f));
	put(buf, n, &pos, "  positions stored %s, slots allocated %s, waste %s B\n",
	    kvp_fmt_int(r->kv.positions_stored, x, sizeof x),
	    kvp_fmt_int(r->kv.slots_allocated, y, sizeof y),
	    kvp_fmt_int(r->kv.waste_bytes, z, sizeof z));
	for (i = 0; i < r->engine.n_lines; i++)
		put(buf, n, &pos, "  %s: %s\n", kvp_engine_name(r->engine.kind), r->engine.lines[i]);
	put(buf, n, &pos, "\nDevices: %u, %s\n", (unsigned)r->n_devices,
	    r->n_devices == 0 ? "none chosen" : r->fits ? "every device fits" : "DOES NOT FIT");
	for (i = 0; i < r->n_devices; i++) {
		const struct kvp_device_result *d = &r->devices[i];

		put(buf, n, &pos, "  d%u %s (tp %u, pp %u, dp %u): %s\n", (unsigned)i, d->name,
		    (unsigned)d->tp_rank, (unsigned)d->pp_stage, (unsigned)d->dp_replica,
		    d->fits ? "fits" : "does not fit");
		put(buf, n, &pos, "    capacity    %s\n", kvp_fmt_bytes_all(d->capacity_bytes, f, sizeof f));
		put(buf, n, &pos, "    weights     %s\n", kvp_fmt_bytes_all(d->weights_bytes, f, sizeof f));
		put(buf, n, &pos, "    KV cache    %s\n", kvp_fmt_bytes_all(d->kv_bytes, f, sizeof f));
		put(buf, n, &pos, "    activations %s%s\n", kvp_fmt_bytes_all(d->activations_bytes, f, sizeof f),
		    d->activations_estimated ? " (estimate)" : "");
		put(buf, n, &pos, "    overhead    %s\n", kvp_fmt_bytes_all(d->overhead_bytes, f, sizeof f));
		put(buf, n, &pos, "    headroom    %s\n", kvp_fmt_bytes_all(d->headroom_bytes, f, sizeof f));
		put(buf, n, &pos, "    free        %s B\n", kvp_fmt_sint(d->free_bytes, x, sizeof x));
	}
	if (r->n_warnings)
		put(buf, n, &pos, "\nWarnings\n");
	for (i = 0; i < r->n_warnings; i++)
		put(buf, n, &pos, "  %s %s\n      %s\n", kvp_warn_id(r->warnings[i].code),
		    r->warnings[i].msg, kvp_warn_advice(r->warnings[i].code));
	return pos;
}

void tui_files_export(struct tui_app *a)
{
	char path[sizeof a->path], def[sizeof a->path + 16];
	char *buf;
	size_t len;
	struct kvp_error err;
	struct kvp_file_stamp now;
	const char *dot;

	dot = a->path[0] ? strrchr(a->path, '.') : NULL;
	if (dot)
		snprintf(def, sizeof def, "%.*s-report.txt", (int)(dot - a->path), a->path);
	else
		snprintf(def, sizeof def, "kvplan-report.txt");
	if (!tui_prompt_text(a, "Export report to:", def, path, sizeof path))
		return;
	if (kvp_file_stamp_get(path, &now, &err) == KVP_OK && now.exists &&
	    tui_prompt_choice(a, "File exists. Overwrite it? [y]es [n]o", "yn") != 'y')
		return;
	buf = malloc(REPORT_MAX);
	if (!buf) {
		tui_app_message(a, TUI_MSG_ERROR, "export: out of memory");
		return;
	}
	len = tui_report_text(a, buf, REPORT_MAX);
	if (kvp_file_write_atomic(path, buf, len, NULL, NULL, &err) != KVP_OK)
		tui_app_message(a, TUI_MSG_ERROR, "export: %s", err.msg);
	else
		tui_app_message(a, TUI_MSG_INFO, "report written to %s", path);
	free(buf);
}
