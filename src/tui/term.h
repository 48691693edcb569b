/*
 * term.h - the terminal: start curses (raw keys so Ctrl-S/Ctrl-C reach the
 * app, keypad, mouse, short Esc delay), and restore it on every way out:
 * normal quit, SIGTERM/SIGHUP/SIGINT (a flag the loop reads), fatal
 * signals (restore, then die with the same signal) and exit().
 */
#ifndef KVPLAN_TUI_TERM_H
#define KVPLAN_TUI_TERM_H

#include <stdbool.h>

/* Start curses on the controlling terminal. Returns false (with a message
 * in err[n]) when there is no usable terminal. */
bool tui_term_start(char *err, size_t n);

/* Restore the terminal (idempotent, safe to call twice). */
void tui_term_stop(void);

/* The termination signal received (0 = none); the loop polls it. */
int tui_term_signal(void);

/* More input is already waiting (a paste, keys typed while the planner
 * was busy): the loops take it before drawing again, so a paste of
 * 10,000 characters is read at the speed of the handlers, not of 10,000
 * screen redraws, and an Esc and F10 typed after it act at once. */
bool tui_term_pending(void);

/* True when the locale's codeset is UTF-8. */
bool tui_term_utf8(void);

#endif
