/*
 * preset_load.h - loading a model or card preset into the planner's plan
 * (Ctrl-R, and the Plan page's Model and Card fields): the picker, then
 * the load, keeping everything the preset does not describe.
 */
#ifndef KVPLAN_TUI_PRESET_LOAD_H
#define KVPLAN_TUI_PRESET_LOAD_H

#include <stdbool.h>

#include "kvplan/preset.h"
#include "tui/app.h"

/*
 * Let the user pick a preset of `kind` (the list narrowed by `filter`,
 * may be NULL; Tab types a file or config.json path) and load it.
 * A model replaces the plan's model only: the workload, engine, cards
 * and a quantized KV cache format (fp8, int8, q*) the user chose are kept,
 * the plan is named after the model, and the message line says what was
 * replaced, kept and dropped (the old model's layer rules). A card
 * replaces the first card group's card. Returns true when loaded; on
 * error the plan is unchanged and the message says why.
 */
bool tui_preset_load(struct tui_app *a, enum kvp_preset_kind kind,
                     const char *filter);

/*
 * The draft model of speculative decoding (the Plan page's Draft model
 * row): picked like a model (the list narrowed by `filter`, Tab types a
 * file) into plan.draft, the rest of the plan kept; under vLLM the
 * speculative method becomes draft_model when it was none, as the CLI's
 * --speculative-model sets it. False when cancelled or not loaded (the
 * message says why; the plan is unchanged).
 */
bool tui_draft_load(struct tui_app *a, const char *filter);

#endif
