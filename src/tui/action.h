/*
 * action.h - every user action of the terminal planner, defined once with
 * its key label and help text (tig's request table). The help overlay, the
 * footer and the man page's KEYS section are generated from this table;
 * key codes are bound to actions per context in action.c.
 */
#ifndef KVPLAN_TUI_ACTION_H
#define KVPLAN_TUI_ACTION_H

#include <stdbool.h>
#include <stddef.h>

/* Order matters: it is the order of the help overlay and the man page. */
enum tui_act {
	TUI_ACT_NONE = 0,
	TUI_ACT_HELP,
	TUI_ACT_SAVE,
	TUI_ACT_OPEN,
	TUI_ACT_EXPORT,
	TUI_ACT_SEC_PLAN,
	TUI_ACT_SEC_MODEL,
	TUI_ACT_SEC_WORKLOAD,
	TUI_ACT_SEC_LAYERS,
	TUI_ACT_SEC_DEVICES,
	TUI_ACT_SEC_TEACH,
	TUI_ACT_SEC_ENGINES,
	TUI_ACT_SEC_SWEEP,
	TUI_ACT_QUIT,
	TUI_ACT_NEXT_SECTION,
	TUI_ACT_PREV_SECTION,
	TUI_ACT_NEXT_FIELD,
	TUI_ACT_PREV_FIELD,
	TUI_ACT_UP,
	TUI_ACT_DOWN,
	TUI_ACT_CHOICE_NEXT,
	TUI_ACT_CHOICE_PREV,
	TUI_ACT_APPLY,
	TUI_ACT_CANCEL,
	TUI_ACT_PAGE_UP,
	TUI_ACT_PAGE_DOWN,
	TUI_ACT_CLASS_ADD,
	TUI_ACT_CLASS_DEL,
	TUI_ACT_PICK_PRESET,
	TUI_ACT_REDRAW,
	TUI_ACT_SEC_DEPLOY,
	TUI_ACT_COPY_COMMAND,
	TUI_ACT_COUNT
};

/* One action as users see it: stable name, key label, one-line help. */
struct kvp_action {
	const char *name;    /* "save" */
	const char *keys;    /* "F2, Ctrl-S" */
	const char *help;    /* one line, no trailing period */
	const char *footer;  /* short footer label, NULL = not in the footer */
	int footer_rank;     /* 1 = shown first; a narrow footer drops the
	                        highest ranks whole (never cut mid-word) */
};

/* The whole table, in help order; *n receives its length. Static data,
 * never freed. Index i describes enum tui_act i + 1. */
const struct kvp_action *kvp_tui_actions(size_t *n);

/* Key contexts: a key is looked up in the current context first, then in
 * the global table when the context does not bind it or its handler
 * returns "ignored". */
enum tui_ctx {
	TUI_CTX_GLOBAL = 0,
	TUI_CTX_FORM,      /* a libform form has the cursor */
	TUI_CTX_LIST,      /* a scrollable table view */
	TUI_CTX_COUNT
};

/* The action bound to `key` in `ctx` (TUI_ACT_NONE when unbound). */
enum tui_act tui_action_for_key(enum tui_ctx ctx, int key);

/* The table entry of an action (NULL for NONE or out of range). */
const struct kvp_action *tui_action_info(enum tui_act a);

#endif
