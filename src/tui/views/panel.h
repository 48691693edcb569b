/*
 * panel.h - the live panel, always visible: the KV formula with this
 * plan's numbers, per-sequence and total bytes (B, GiB, GB), stored vs
 * allocated positions, one stacked bar per device with a legend, the
 * verdict and the warnings with their codes. Every figure is read from
 * the struct kvp_result; the panel only formats.
 */
#ifndef KVPLAN_TUI_PANEL_H
#define KVPLAN_TUI_PANEL_H

#include <curses.h>
#include <stdbool.h>

#include "kvplan/engine_range.h"
#include "kvplan/result.h"
#include "tui/layout.h"
#include "tui/theme.h"

struct tui_panel_state {
	const struct kvp_result *res;   /* NULL: nothing computed yet */
	bool stale;                     /* res is older than the plan */
	const char *engine;             /* engine name shown in the heading */
	/* The latest entry is refused: its whole message. The panel says
	 * INVALID, wraps the message, and shows res (the last valid result)
	 * dimmed and labelled, never with FITS / DOES NOT FIT. */
	const char *invalid;
	/* llama-server's default --fit pick for res's plan, as
	 * kvp_fit_text's short form gives it ("" or NULL: nothing to say) */
	const char *fit;
	/* Under the generic engine: the named engines' range (issue 31),
	 * shown under the verdict; NULL otherwise. */
	const struct kvp_engine_range *range;
	/* A value is typed but not applied (issue 31): the verdict shown is
	 * the old plan's, so the panel says PENDING instead of it. */
	bool pending;
};

/* Full panel in rect r (narrow sections, r->w >= 40). */
void tui_panel_draw(WINDOW *w, const struct tui_rect *r,
                    const struct tui_panel_state *s,
                    const struct tui_theme *t);

/* Compact panel (TUI_COMPACT_PANEL_ROWS rows, full width). */
void tui_panel_draw_compact(WINDOW *w, const struct tui_rect *r,
                            const struct tui_panel_state *s,
                            const struct tui_theme *t);

/* "2 × 40 L × 8 Hkv × 128 D × 2 B" for a uniform plan, or a per-layer
 * sum note otherwise; into buf[n]. */
void tui_formula(const struct kvp_kv_result *kv, bool utf8, char *buf, size_t n);

#endif
