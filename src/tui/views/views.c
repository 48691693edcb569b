/*
 * views.c - the table of the planner's views.
 *
 * The folder, src/tui/views/: what the planner shows inside its frame.
 * One file per section: form_view.c (the Plan, Model, Work and Cards
 * sections and the Layers rules, built from the field table; the Plan
 * page's rows in plan_page.c), layers_view.c (the resolved layer list),
 * teach_view.c (GQA), engine_view.c (every engine side by side),
 * sweep_view.c (the sweep grid), deploy_view.c (the deployment search);
 * the panel beside every section (panel.c, with bar_draw.c and
 * layer_strip.c); and the overlays and loaders: picker.c (picker_fits.c),
 * preset_load.c, draft_edit.c, launch_tui.c. A view reads the plan and
 * the last result from struct tui_app (app.h) and changes the plan only
 * through the app's calls (tui_app_edited, tui_app_message), never
 * computing a figure. This file is the table that names the sections:
 * the screen (render.c, chrome.c) and tui_app_free reach a view only
 * through its row, and no view calls back up into the screen or the
 * table; the overlays (picker.c, preset_load.c, prompt.c) sit above the
 * screen and redraw it behind them.
 */
#include <curses.h>
#include <stdlib.h>

#include "tui/views/deploy_view.h"
#include "tui/views/engine_view.h"
#include "tui/views/form_view.h"
#include "tui/views/layers_view.h"
#include "tui/views/sweep_view.h"
#include "tui/views/teach_view.h"
#include "tui/views/views.h"

/* The Layers section: the rules form above, the resolved list below. */
static void draw_layers(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	struct tui_rect rules, list;

	(void)r;
	tui_layers_rects(a, &rules, &list);
	tui_layers_draw(w, &list, a);
}

static void release_teach(struct tui_app *a)
{
	tui_teach_free(a->teach);
}

static void release_engines(struct tui_app *a)
{
	tui_engines_free(a->engines);
}

static void release_sweep(struct tui_app *a)
{
	tui_sweep_free(a->sweep);
}

static void release_deploy(struct tui_app *a)
{
	tui_deploy_free(a->deploy);
}

/*
 * One row per section, in tab order. draw: the table view drawn in the
 * view's rect (NULL: a form only, form_view.c builds it from the field
 * table); handle: the view's keys (scrolling, its own actions), after the
 * form's; release: frees the view's cache held in struct tui_app (NULL:
 * none). A wide section gets the full width and the compact panel.
 */
static const struct tui_view {
	const char *name;
	bool wide;
	void (*draw)(WINDOW *w, const struct tui_rect *r, struct tui_app *a);
	bool (*handle)(struct tui_app *a, enum tui_act act);
	void (*release)(struct tui_app *a);
} views[TUI_SEC_COUNT] = {
	[TUI_SEC_PLAN]     = { "Plan",    false, NULL, NULL, NULL },
	[TUI_SEC_MODEL]    = { "Model",   false, NULL, NULL, NULL },
	[TUI_SEC_WORKLOAD] = { "Work",    false, NULL, NULL, NULL },
	[TUI_SEC_LAYERS]   = { "Layers",  true,  draw_layers, tui_layers_handle, NULL },
	[TUI_SEC_DEVICES]  = { "Cards",   false, NULL, NULL, NULL },
	[TUI_SEC_TEACH]    = { "GQA",     true,  tui_teach_draw, tui_teach_handle,
	                       release_teach },
	[TUI_SEC_ENGINES]  = { "Engines", true,  tui_engines_draw, tui_engines_handle,
	                       release_engines },
	[TUI_SEC_SWEEP]    = { "Sweep",   true,  tui_sweep_draw, tui_sweep_handle,
	                       release_sweep },
	[TUI_SEC_DEPLOY]   = { "Deploy",  true,  tui_deploy_draw, tui_deploy_handle,
	                       release_deploy },
};

const char *tui_section_name(enum tui_section s)
{
	return (unsigned)s < TUI_SEC_COUNT ? views[s].name : "?";
}

bool tui_section_wide(enum tui_section s)
{
	return (unsigned)s < TUI_SEC_COUNT && views[s].wide;
}

bool tui_view_draw(struct tui_app *a)
{
	if ((unsigned)a->sec >= TUI_SEC_COUNT || !views[a->sec].draw)
		return false;
	views[a->sec].draw(stdscr, &a->lay.view, a);
	return true;
}

bool tui_view_handle(struct tui_app *a, enum tui_act act)
{
	if ((unsigned)a->sec >= TUI_SEC_COUNT || !views[a->sec].handle)
		return false;
	return views[a->sec].handle(a, act);
}

void tui_app_free(struct tui_app *a)
{
	unsigned i;

	if (!a)
		return;
	tui_form_free(a->form);
	for (i = 0; i < TUI_SEC_COUNT; i++)
		if (views[i].release)
			views[i].release(a);
	tui_app_free_state(a);
}
