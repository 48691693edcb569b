/*
 * launch_tui.c - launch commands in the planner (launch_tui.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "io/file.h"
#include "io/plan/plan_json.h"
#include "kvplan/compute.h"
#include "tui/views/launch_tui.h"
#include "tui/render.h"

/* The words of `text`: a file's (not a JSON plan), or the text's own when
 * they start with a program kvplan reads. False: neither. */
static bool words_of(const char *text, struct kvp_strv *w,
                     struct kvp_error *err, bool *failed)
{
	char *buf = NULL;
	size_t len = 0, skip;
	bool file = kvp_file_read(text, 1u << 20, &buf, &len, NULL, err) == KVP_OK;

	*failed = false;
	if (file) {
		skip = strspn(buf, " \t\r\n");
		if (skip < len && buf[skip] == '{') {   /* a plan or record */
			free(buf);
			return false;
		}
		*failed = kvp_launch_words(buf, len, w, err) != KVP_OK;
		free(buf);
		return true;
	}
	if (kvp_launch_words(text, strlen(text), w, err) != KVP_OK)
		return false;
	return kvp_launch_is_command(w->v, w->n);
}

/* The plan the command makes, on the current plan's cards. */
static bool plan_of(struct tui_app *a, struct kvp_strv *w, struct kvp_plan *p,
                    struct kvp_error *err)
{
	struct kvp_strv argv = { 0 };
	struct kvp_notes notes = { 0 };
	const struct kvp_launch_engine *e;
	struct kvp_opts *o = malloc(sizeof *o);
	bool ok = o && kvp_strv_push(&argv, "kvplan", 6) &&
	          kvp_launch_translate(w->v, w->n, false, &argv, &notes, &e,
	                               err) == KVP_OK;

	if (ok) {
		kvp_opts_init(o, "kvplan", NULL);
		o->one_engine = true;
		ok = kvp_opts_parse(o, (int)argv.n, argv.v, stdout, err) == KVP_OK;
		if (ok) {
			uint32_t count = o->plan.devices.groups[0].count;
			bool env_count = false;
			size_t i;

			for (i = 0; i < argv.n; i++)
				env_count = env_count || !strcmp(argv.v[i], "--cards");
			*p = o->plan;
			p->devices.n_groups = a->plan.devices.n_groups;
			memcpy(p->devices.groups, a->plan.devices.groups,
			       sizeof p->devices.groups);
			if (env_count)   /* CUDA_VISIBLE_DEVICES */
				p->devices.groups[0].count = count;
			if (notes.n)
				tui_app_message(a, TUI_MSG_INFO, "%s", notes.line[0]);
		}
		kvp_opts_free(o);
	}
	free(o);
	kvp_strv_free(&argv);
	return ok;
}

bool tui_launch_open(struct tui_app *a, const char *text)
{
	struct kvp_strv w = { 0 };
	struct kvp_error err;
	struct kvp_plan p;
	bool failed;

	kvp_error_clear(&err);
	if (!words_of(text, &w, &err, &failed)) {
		kvp_strv_free(&w);
		return false;
	}
	tui_app_message(a, TUI_MSG_NONE, "%s", "");
	if (failed || !plan_of(a, &w, &p, &err)) {
		tui_app_message(a, TUI_MSG_ERROR, "open: %s (kept the current plan)",
		                err.msg);
	} else if (kvp_compute(&p, a->scratch) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "open: %s (kept the current plan)",
		                a->scratch->error.msg);
	} else {
		if (a->owns_ragged)
			kvp_plan_json_free_ragged(&a->plan);
		a->plan = p;
		a->owns_ragged = false;
		a->path[0] = '\0';   /* a command, not a plan file: unsaved */
		a->dirty = true;
		a->gen++;
		tui_app_recompute(a);
		if (a->msg_kind != TUI_MSG_INFO)
			tui_app_message(a, TUI_MSG_INFO, "read the %s command",
			                kvp_engine_name(p.engine.kind));
	}
	kvp_strv_free(&w);
	return true;
}

bool tui_osc52(const char *s, size_t n, char *out, size_t cap)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i, o = 0;

	if (cap < 8 + (n + 2) / 3 * 4 + 1)
		return false;
	memcpy(out, "\033]52;c;", 7);
	o = 7;
	for (i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)s[i] << 16;

		if (i + 1 < n)
			v |= (unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		out[o++] = b64[(v >> 18) & 63];
		out[o++] = b64[(v >> 12) & 63];
		out[o++] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
		out[o++] = i + 2 < n ? b64[v & 63] : '=';
	}
	out[o++] = '\a';
	out[o] = '\0';
	return true;
}

/* The --emit name of the plan's engine. */
static const char *emit_name(enum kvp_engine_kind k)
{
	switch (k) {
	case KVP_ENGINE_VLLM: return "vllm";
	case KVP_ENGINE_LLAMACPP: return "llama-server";
	case KVP_ENGINE_SGLANG: return "sglang";
	case KVP_ENGINE_TRTLLM: return "trtllm-serve";
	default: return NULL;
	}
}

void tui_launch_copy(struct tui_app *a)
{
	const char *name = emit_name(a->plan.engine.kind);
	char *text = NULL, *esc, *line;
	size_t len = 0, cap;
	struct kvp_error err;
	FILE *mem;

	if (!name || !a->have_result || a->stale || a->invalid) {
		tui_app_message(a, TUI_MSG_ERROR, "copy: %s", !name ?
			"kvplan writes commands for vllm, llama.cpp, sglang and trtllm only" :
			"the plan has no valid result to write a command for");
		return;
	}
	if (!(mem = open_memstream(&text, &len)))
		return;
	if (kvp_launch_emit(mem, &a->plan, a->res, name, &err) != KVP_OK) {
		fclose(mem);
		free(text);
		tui_app_message(a, TUI_MSG_ERROR, "copy: %s", err.msg);
		return;
	}
	fclose(mem);
	cap = 16 + (len + 2) / 3 * 4;
	if ((esc = malloc(cap)) && tui_osc52(text, len, esc, cap)) {
		fputs(esc, stdout);   /* the terminal's clipboard */
		fflush(stdout);
	}
	free(esc);
	/* the message: the command's first line (after the comments) */
	line = text;
	while (*line == '#' && strchr(line, '\n'))
		line = strchr(line, '\n') + 1;
	line[strcspn(line, "\\\n")] = '\0';
	tui_app_message(a, TUI_MSG_INFO, "copied to the clipboard (OSC 52): %s...", line);
	free(text);
}
