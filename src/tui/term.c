/*
 * term.c - terminal setup and restore (see term.h). The only process-wide
 * state of the TUI lives here: whether curses is active and the last
 * termination signal, both needed by signal handlers.
 */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "tui/term.h"

static volatile sig_atomic_t active;      /* curses is running */
static volatile sig_atomic_t got_signal;  /* SIGTERM/SIGHUP/SIGINT */
static bool exit_hook;

static void on_term(int sig)
{
	got_signal = sig;
}

/* Fatal signal: put the terminal back, then die of the same signal. */
static void on_fatal(int sig)
{
	if (active) {
		active = 0;
		endwin();
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void at_exit(void)
{
	tui_term_stop();
}

bool tui_term_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}

bool tui_term_start(char *err, size_t n)
{
	struct sigaction sa;
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL };
	static const int term[] = { SIGTERM, SIGHUP, SIGINT };
	size_t i;

	/* Character handling only: numbers keep the C locale's decimal point. */
	setlocale(LC_CTYPE, "");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, n, "the planner needs a terminal on stdin and stdout "
		         "(use `kvplan calc` in scripts)");
		return false;
	}
	if (!newterm(NULL, stdout, stdin)) {
		snprintf(err, n, "cannot start the terminal (TERM=%s)",
		         getenv("TERM") ? getenv("TERM") : "");
		return false;
	}
	active = 1;
	if (!exit_hook) {
		atexit(at_exit);
		exit_hook = true;
	}
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_term;
	for (i = 0; i < sizeof term / sizeof term[0]; i++)
		sigaction(term[i], &sa, NULL);
	sa.sa_handler = on_fatal;
	for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
	mouseinterval(0);
	timeout(250);
	return true;
}

void tui_term_stop(void)
{
	if (!active)
		return;
	active = 0;
	curs_set(1);
	endwin();
	fflush(stdout);
}

int tui_term_signal(void)
{
	return got_signal;
}
