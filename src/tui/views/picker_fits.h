/*
 * picker_fits.h - whether a model fits the current plan's cards, for the
 * model picker's Ctrl-F filter.
 */
#ifndef KVPLAN_TUI_PICKER_FITS_H
#define KVPLAN_TUI_PICKER_FITS_H

#include <stdbool.h>

#include "tui/app.h"

/* The plan with the model `spec` (a preset name, file or cached id) in
 * place of its own computes and every device fits. */
bool tui_model_fits(const struct tui_app *a, const char *spec);

#endif
