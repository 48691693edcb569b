/*
 * app.h - the planner's state, shared by the TUI modules (not public).
 *
 * Data flow: the views edit `plan`; every edit that leaves a valid value
 * calls tui_app_recompute, which runs kvp_compute into a scratch result and,
 * on success, makes it the shown result. When an entry is invalid or the
 * plan does not compute, `res` keeps the last valid result, `stale` and
 * `invalid` are set and `why` holds the whole message: the panel says
 * INVALID and shows the old figures dimmed, without a verdict.
 *
 * Ownership: tui_app_new allocates everything, tui_app_free releases it.
 */
#ifndef KVPLAN_TUI_APP_H
#define KVPLAN_TUI_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "io/file.h"
#include "kvplan/engine_range.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"
#include "tui/action.h"
#include "tui/layout.h"
#include "tui/theme.h"
#include "tui/tui.h"

/* The planner's sections, in tab order; each is a row of the view table
 * (views/views.c: tab name, width, draw and release). */
enum tui_section {
	TUI_SEC_PLAN = 0,    /* the first page: the ops question on one screen */
	TUI_SEC_MODEL,
	TUI_SEC_WORKLOAD,
	TUI_SEC_LAYERS,
	TUI_SEC_DEVICES,
	TUI_SEC_TEACH,
	TUI_SEC_ENGINES,
	TUI_SEC_SWEEP,
	TUI_SEC_DEPLOY,
	TUI_SEC_COUNT
};

enum tui_msg_kind { TUI_MSG_NONE = 0, TUI_MSG_INFO, TUI_MSG_ERROR };

struct tui_form;   /* form_view.c */
struct tui_teach;  /* teach_view.c */
struct tui_engines; /* engine_view.c */
struct tui_sweep;  /* sweep_view.c */
struct tui_deploy; /* deploy_view.c */

struct tui_app {
	struct kvp_plan plan;
	struct kvp_result *res;      /* last valid result, owned */
	struct kvp_result *scratch;  /* recompute buffer, owned */
	bool have_result;            /* res holds a valid result */
	/* what llama-server's default --fit would pick for the valid plan
	 * (kvplan/fit.h, recomputed with it), in the panel's words */
	char fit_text[160];
	bool stale;                  /* res is older than the plan/entry */
	/* Under the generic engine with cards: the named engines' range of
	 * res's plan (issue 31), beside the verdict; range.n 0 otherwise */
	struct kvp_engine_range range;

	/* message line (error or info): an error, or every import note
	 * joined, whole (the help shows it when the line is too short) */
	char msg[TUI_MSG_MAX];
	enum tui_msg_kind msg_kind;

	char path[4096];             /* plan file, "" = not saved yet */
	/* The file as it was when opened or saved: a save refuses to
	 * overwrite a file changed on disk since (unless confirmed). */
	struct kvp_file_stamp stamp;
	bool dirty;                  /* plan changed since open/save */
	bool owns_ragged;            /* plan.workload.ragged was loaded here */

	enum tui_section sec;
	struct tui_theme theme;
	struct tui_layout lay;
	struct tui_form *form;       /* form of the current section, owned */
	struct tui_teach *teach;     /* GQA/MQA rows cache, owned */
	struct tui_engines *engines; /* engine view cache, owned */
	struct tui_sweep *sweep;     /* sweep grid cache, owned */
	int scroll[TUI_SEC_COUNT];   /* first row shown in table views */
	int sel[TUI_SEC_COUNT];      /* selected row in table views */
	unsigned long gen;           /* bumped on every plan change */
	bool quit;
	bool help_open;
	int help_scroll;
	int bench_fd;                /* >= 0: write a marker after redraws */
	/* The latest edit (or the plan as entered) does not validate or
	 * compute: the panel says INVALID with `why`, the whole message,
	 * and shows the last valid result dimmed (never a verdict). */
	bool invalid;
	char why[KVP_ERRMSG_MAX + 64];
	/* A form field asked for a preset picker (the Plan page's Model and
	 * Card fields): the kind (-1 none) and the text typed so far; the
	 * loop runs it after the key, then moves the cursor on. */
	int pick_kind;
	char pick_filter[64];
	bool pick_draft;             /* the model picked is the draft model */
	struct tui_deploy *deploy;   /* deployment search cache, owned */
	/* The plan `res` was computed from: Esc on an INVALID entry brings
	 * it back whole (the last valid value of every field and rule). */
	struct kvp_plan valid;
};

/* A new app with a copy of *plan, or NULL on no memory. */
struct tui_app *tui_app_new(const struct kvp_plan *plan);
/* Everything released: each view's cache through its row of the view
 * table (defined in views/views.c), then the state (tui_app_free_state,
 * for views.c only). */
void tui_app_free(struct tui_app *a);
void tui_app_free_state(struct tui_app *a);

/* Recompute res from plan (see above). Returns true when it computed. */
bool tui_app_recompute(struct tui_app *a);

/* Set the message line (printf-style); kind NONE clears it. */
void tui_app_message(struct tui_app *a, enum tui_msg_kind kind,
                     const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The latest entry is refused: INVALID with this whole message on the
 * panel and the message line, the last valid result kept (stale). */
void tui_app_invalid(struct tui_app *a, const char *msg);

/* When the plan is INVALID, go back to the plan of the last valid
 * result (Esc) and recompute; false when there is nothing to restore. */
bool tui_app_restore_valid(struct tui_app *a);

/* A plan edit was applied: mark dirty and recompute. */
void tui_app_edited(struct tui_app *a);

#endif
