/*
 * theme.h - colours by semantic role (htop's CRT colour schemes, but one
 * small table), with a monochrome scheme for NO_COLOR and terminals that
 * have no colour, and the glyph set (UTF-8 eighth blocks or ASCII).
 */
#ifndef KVPLAN_TUI_THEME_H
#define KVPLAN_TUI_THEME_H

#include <curses.h>
#include <stdbool.h>

enum tui_role {
	TUI_R_NORMAL = 0,
	TUI_R_TITLE,        /* top line */
	TUI_R_TAB,          /* an inactive section tab */
	TUI_R_TAB_ACTIVE,
	TUI_R_LABEL,        /* a form label */
	TUI_R_FIELD,        /* an editable field */
	TUI_R_FIELD_ACTIVE, /* the field with the cursor */
	TUI_R_HEADING,      /* a heading inside a view or the panel */
	TUI_R_FIGURE,       /* a key figure (total bytes) */
	TUI_R_DIM,          /* secondary text */
	TUI_R_ERROR,        /* inline error message */
	TUI_R_STALE,        /* "stale" marker on the panel */
	TUI_R_OK,           /* verdict: fits */
	TUI_R_BAD,          /* verdict: does not fit */
	TUI_R_WARN,         /* warning code */
	TUI_R_FOOT_KEY,     /* footer key label ("F1") */
	TUI_R_FOOT_TEXT,    /* footer action name */
	TUI_R_SELECT,       /* selected row of a table */
	TUI_R_MARK,         /* capacity mark of a bar */
	TUI_R_SEG_WEIGHTS,  /* bar segments, in bar order */
	TUI_R_SEG_KV,
	TUI_R_SEG_ACT,
	TUI_R_SEG_COMPUTE,
	TUI_R_SEG_RETAINED,
	TUI_R_SEG_ENCODER,
	TUI_R_SEG_LORA,
	TUI_R_SEG_DRAFT,
	TUI_R_SEG_ROTARY,
	TUI_R_SEG_OVERHEAD,
	TUI_R_SEG_HEADROOM,
	TUI_R_SEG_OVERFLOW,
	TUI_R_COUNT
};

struct tui_theme {
	bool color;         /* colours in use (false: NO_COLOR or none) */
	bool utf8;          /* the locale's codeset is UTF-8 */
	bool blend;         /* fg/bg pairs for partial blocks are available */
	attr_t attr[TUI_R_COUNT];
	short seg_color[TUI_R_COUNT]; /* curses colour of segment roles */
};

/* Decide colour (has_colors() and NO_COLOR unset, unless force_mono) and
 * set up pairs; call after initscr/newterm. utf8 comes from the locale. */
void tui_theme_init(struct tui_theme *t, bool force_mono, bool utf8);

/* Attribute of a blend cell: foreground of role `fg`, background of role
 * `bg` (TUI_R_NORMAL = the terminal's default background). */
attr_t tui_theme_blend(const struct tui_theme *t, enum tui_role fg,
                       enum tui_role bg);

#endif
