/*
 * picker.h - a list overlay to choose a shipped or user preset (models or
 * cards) by name, narrowed by typing (kvp_presets_list supplies the list).
 */
#ifndef KVPLAN_TUI_PICKER_H
#define KVPLAN_TUI_PICKER_H

#include <stddef.h>

#include "kvplan/preset.h"
#include "tui/app.h"

enum tui_pick {
	TUI_PICK_CANCEL = 0,   /* Esc */
	TUI_PICK_NAME,         /* a preset was chosen: its name in out */
	TUI_PICK_PATH          /* Tab: the user wants to type a path */
};

/* The list narrowed by `start` (the key typed on a Plan page field, or
 * NULL); matches in the name first, then its letters in order ("a8"
 * finds a100-80gb), then in the description. */
enum tui_pick tui_pick_preset(struct tui_app *a, enum kvp_preset_kind kind,
                              const char *start, char *out, size_t n);

#endif
