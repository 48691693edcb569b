/*
 * prompt.h - modal questions on the message line: a one-key choice
 * ("Save changes first? [y]es [n]o [Esc] stay") and a one-line text entry
 * (a libform field) for file names. The screen behind stays drawn.
 */
#ifndef KVPLAN_TUI_PROMPT_H
#define KVPLAN_TUI_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "tui/app.h"

/* Ask `question`; returns the first key typed that is in `keys` (lower
 * case accepted for letters), or 27 for Esc / a termination signal. */
int tui_prompt_choice(struct tui_app *a, const char *question, const char *keys);

/* Ask for a line of text starting from `initial`; true with the text in
 * out[n] on Enter, false on Esc (out may then hold the typed text). A
 * resize redraws the screen and the prompt at the new size. */
bool tui_prompt_text(struct tui_app *a, const char *question,
                     const char *initial, char *out, size_t n);

/* The same, Tab completing the text with complete(): one candidate
 * replaces it, several extend it to what they share and are listed above
 * the prompt until the next key (the model prompt passes
 * kvp_model_complete: paths, cached Hugging Face ids, presets). */
struct kvp_completions;
typedef void (*tui_complete_fn)(const char *text, struct kvp_completions *c);
bool tui_prompt_text_completing(struct tui_app *a, const char *question,
                                const char *initial, char *out, size_t n,
                                tui_complete_fn complete);

#endif
