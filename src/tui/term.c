/*
 * term.c - terminal setup and restore (see term.h). The only process-wide
 * state of the TUI lives here: whether curses is active, the last
 * termination signal, and what the fatal-signal path needs - all of it
 * prepared at start, because a handler may only call async-signal-safe
 * functions (POSIX: write, tcsetattr, sigaction, raise; not endwin):
 *   the termios saved before curses changed it (tcgetattr),
 *   the terminal's reset strings from terminfo (rmcup, cnorm, sgr0, rmkx,
 *   and mouse reporting off), copied into a static buffer,
 *   an alternate signal stack (sigaltstack), so a stack overflow's
 *   SIGSEGV still runs the handler and restores the terminal.
 */
#include <curses.h>
#include <poll.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include "tui/term.h"

static volatile sig_atomic_t active;      /* curses is running */
static volatile sig_atomic_t got_signal;  /* SIGTERM/SIGHUP/SIGINT */
static bool exit_hook;
static struct termios saved_tios;         /* before curses */
static bool have_tios;
static char reset_seq[512];               /* terminfo strings, joined */
static size_t reset_len;
static char alt_stack[1 << 16];           /* for SIGSEGV on overflow */

static void on_term(int sig)
{
	got_signal = sig;
}

/* Fatal signal: put the terminal back with async-signal-safe calls only
 * (the precomputed reset strings by write(), the saved termios by
 * tcsetattr), then die of the same signal. */
static void on_fatal(int sig)
{
	struct sigaction dfl;

	if (active) {
		ssize_t r;

		active = 0;
		r = write(STDOUT_FILENO, reset_seq, reset_len);
		(void)r;
		if (have_tios)
			tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tios);
	}
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

/* Append terminfo capability `cap` (when the terminal has it). */
static void add_reset(const char *cap)
{
	char *s = tigetstr(cap);
	size_t l;

	if (!s || s == (char *)-1)
		return;
	l = strlen(s);
	if (reset_len + l < sizeof reset_seq) {
		memcpy(reset_seq + reset_len, s, l);
		reset_len += l;
	}
}

/* What the fatal path writes: mouse reporting off (xterm's modes, as
 * mousemask turned on), keypad off, attributes off, cursor on, and out
 * of the alternate screen. */
static void prepare_reset(void)
{
	static const char mouse_off[] = "\033[?1000l\033[?1002l\033[?1006l";

	reset_len = 0;
	memcpy(reset_seq, mouse_off, sizeof mouse_off - 1);
	reset_len = sizeof mouse_off - 1;
	add_reset("rmkx");
	add_reset("sgr0");
	add_reset("cnorm");
	add_reset("rmcup");
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
	have_tios = tcgetattr(STDIN_FILENO, &saved_tios) == 0;
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
	prepare_reset();
	{
		stack_t ss;

		memset(&ss, 0, sizeof ss);
		ss.ss_sp = alt_stack;
		ss.ss_size = sizeof alt_stack;
		if (sigaltstack(&ss, NULL) == 0)
			sa.sa_flags = SA_ONSTACK;
	}
	sa.sa_handler = on_fatal;
	for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
	sa.sa_flags = 0;
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

bool tui_term_pending(void)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };

	/* bytes curses already took off the terminal are not seen here:
	 * then the loop draws once more, which is only slower */
	return active && poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
}
