/*
 * theme.c - the colour and monochrome schemes. Pairs 1..TUI_R_COUNT are the
 * roles; pairs from BLEND_BASE are fg/bg blends of the bar colours used for
 * UTF-8 partial blocks (left part one segment, right part the next).
 */
#include <stdlib.h>

#include "tui/theme.h"

#define BLEND_BASE 64
#define N_BLEND    8   /* default + 7 colours */

struct role_colors {
	short fg, bg;      /* -1 = terminal default */
	attr_t color_attr; /* extra attribute in colour */
	attr_t mono_attr;  /* attribute in monochrome */
};

static const struct role_colors roles[TUI_R_COUNT] = {
	[TUI_R_NORMAL]       = { -1, -1, A_NORMAL, A_NORMAL },
	[TUI_R_TITLE]        = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[TUI_R_TAB]          = { COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_NORMAL },
	[TUI_R_TAB_ACTIVE]   = { COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE | A_BOLD },
	[TUI_R_LABEL]        = { -1, -1, A_NORMAL, A_NORMAL },
	[TUI_R_FIELD]        = { COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_UNDERLINE },
	[TUI_R_FIELD_ACTIVE] = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE },
	[TUI_R_HEADING]      = { COLOR_CYAN, -1, A_BOLD, A_BOLD },
	[TUI_R_FIGURE]       = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[TUI_R_DIM]          = { -1, -1, A_DIM, A_DIM },
	[TUI_R_ERROR]        = { COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD },
	[TUI_R_STALE]        = { COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE },
	[TUI_R_OK]           = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[TUI_R_BAD]          = { COLOR_RED, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[TUI_R_WARN]         = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
	[TUI_R_FOOT_KEY]     = { -1, -1, A_NORMAL, A_NORMAL },
	[TUI_R_FOOT_TEXT]    = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[TUI_R_SELECT]       = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[TUI_R_MARK]         = { COLOR_WHITE, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_WEIGHTS]  = { COLOR_BLUE, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_KV]       = { COLOR_GREEN, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_ACT]      = { COLOR_YELLOW, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_COMPUTE]  = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_RETAINED] = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_ENCODER]  = { COLOR_WHITE, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_LORA]     = { COLOR_BLUE, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_DRAFT]    = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_ROTARY]   = { COLOR_CYAN, -1, A_BOLD, A_BOLD },
	[TUI_R_SEG_OVERHEAD] = { COLOR_MAGENTA, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_HEADROOM] = { COLOR_CYAN, -1, A_NORMAL, A_NORMAL },
	[TUI_R_SEG_OVERFLOW] = { COLOR_RED, -1, A_BOLD, A_BOLD | A_REVERSE },
};

/* Blend slots: index 0 is the default background, 1..7 the colours. */
static int blend_index(short c)
{
	return c < 0 ? 0 : (c % 7) + 1;
}

static short blend_color(int i)
{
	return i == 0 ? -1 : (short)(i - 1);
}

void tui_theme_init(struct tui_theme *t, bool force_mono, bool utf8)
{
	const char *nc = getenv("NO_COLOR");
	int i, f, b;

	t->utf8 = utf8;
	t->color = !force_mono && !(nc && *nc) && has_colors();
	t->blend = false;
	if (t->color && start_color() == ERR)
		t->color = false;
	if (t->color)
		use_default_colors();
	for (i = 0; i < TUI_R_COUNT; i++) {
		t->seg_color[i] = roles[i].fg;
		if (!t->color) {
			t->attr[i] = roles[i].mono_attr;
			continue;
		}
		init_pair((short)(i + 1), roles[i].fg, roles[i].bg);
		t->attr[i] = COLOR_PAIR(i + 1) | roles[i].color_attr;
	}
	if (t->color && COLORS >= 8 && COLOR_PAIRS > BLEND_BASE + N_BLEND * N_BLEND) {
		for (f = 0; f < N_BLEND; f++)
			for (b = 0; b < N_BLEND; b++)
				init_pair((short)(BLEND_BASE + f * N_BLEND + b),
				          blend_color(f), blend_color(b));
		t->blend = true;
	}
}

attr_t tui_theme_blend(const struct tui_theme *t, enum tui_role fg,
                       enum tui_role bg)
{
	short fc, bc;

	if (!t->blend)
		return t->attr[fg];
	fc = t->seg_color[fg];
	bc = bg == TUI_R_NORMAL ? -1 : t->seg_color[bg];
	return COLOR_PAIR(BLEND_BASE + blend_index(fc) * N_BLEND + blend_index(bc));
}
