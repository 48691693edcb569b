/*
 * render.h - drawing the whole screen for the current state, and the
 * state changes that alter the layout (resize, section switch).
 */
#ifndef KVPLAN_TUI_RENDER_H
#define KVPLAN_TUI_RENDER_H

#include "tui/app.h"

/* Draw everything into the virtual screen and update the terminal. */
void tui_render(struct tui_app *a);

/* Re-read the terminal size and rebuild the layout and the form. */
void tui_resize(struct tui_app *a);
/* The same after the terminal changed size (KEY_RESIZE): the cursor
 * stays on the field it was on. */
void tui_resize_keep(struct tui_app *a);

/* Switch section (commits nothing: the caller commits the form first). */
void tui_set_section(struct tui_app *a, enum tui_section s);

#endif
