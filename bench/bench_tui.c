/*
 * bench_tui.c - key press to redrawn screen in the terminal planner, as a
 * median (not a timed test; target <= 2 ms).
 *
 * The real binary runs on a pseudo-terminal (forkpty, 200x60: the
 * compact panel holds the per-layer strip, the full panel taller bars
 * and the strip) with
 * KVPLAN_FRAME_MARK set, so it writes an OSC title string after every
 * frame; a key is "done" when that marker has been read back. The plan:
 * 128 layers (64 query heads, 8 KV heads, head dim 128), four override
 * rules (sliding windows, a KV-head change, an fp8 range), 32 requests,
 * one 80 GB card; the Engines view is open (every engine profile side by
 * side, computed through kvp_compare).
 *
 *   tui.engines_enter   Enter in the Engines view: the plan switches
 *                       engine, so kvp_compute runs, kvp_compare
 *                       recomputes all six engines and the screen redraws
 *   tui.engines_move    Down/Up in the Engines view: a redraw only
 *   tui.form_edit       typing a digit into the Model form's KV-heads
 *                       field and Enter: validate, recompute, redraw
 *                       (Enter moves on: an untimed Up comes back)
 *
 * Run by `make bench` with argv[1] = the kvplan binary. Prints "bench
 * tui.NAME: median N ns (runs R, min N ns, p90 N ns)"; exits 1 when the
 * planner does not answer, so a broken binary is not timed as fast.
 */
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench_util.h"

#define RUNS 200
#define MARK "\033]2;kvplan-frame\007"
#define TIMEOUT_MS 5000

static int master = -1;
static char tail[64];   /* last bytes read, to find a split marker */

/* Read until `frames` frame markers arrived; false on timeout/EOF. */
static int wait_frames(int frames)
{
	char buf[65536 + sizeof tail];
	size_t keep = strlen(tail), ml = sizeof MARK - 1;

	memcpy(buf, tail, keep);
	while (frames > 0) {
		struct pollfd pfd = { master, POLLIN, 0 };
		ssize_t r;
		size_t len, i, last = 0;

		if (poll(&pfd, 1, TIMEOUT_MS) <= 0)
			return 0;
		r = read(master, buf + keep, sizeof buf - keep - 1);
		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			return 0;
		}
		len = keep + (size_t)r;
		for (i = 0; i + ml <= len; i++)
			if (!memcmp(buf + i, MARK, ml)) {
				frames--;
				last = i + ml;
				i += ml - 1;
			}
		/* keep a possible partial marker at the end */
		if (last < len && len - last >= ml)
			last = len - (ml - 1);
		keep = len - last < sizeof tail - 1 ? len - last : sizeof tail - 1;
		memmove(buf, buf + len - keep, keep);
	}
	memcpy(tail, buf, keep < sizeof tail - 1 ? keep : sizeof tail - 1);
	tail[keep < sizeof tail - 1 ? keep : sizeof tail - 1] = '\0';
	tail[0] = '\0';   /* markers are whole once the frame completed */
	return 1;
}

/* ns from writing `key` to the next frame marker, 0 on failure. */
static uint64_t press(const char *key)
{
	uint64_t t0 = bench_now_ns();

	if (write(master, key, strlen(key)) != (ssize_t)strlen(key))
		return 0;
	if (!wait_frames(1))
		return 0;
	return bench_now_ns() - t0;
}

int main(int argc, char **argv)
{
	struct winsize ws = { 60, 200, 0, 0 };
	static uint64_t enter[RUNS], move[RUNS], edit[RUNS];
	pid_t pid;
	int i, status;

	if (argc < 2) {
		fprintf(stderr, "usage: bench_tui KVPLAN\n");
		return 2;
	}
	pid = forkpty(&master, NULL, NULL, &ws);
	if (pid < 0) {
		perror("bench_tui: forkpty");
		return 1;
	}
	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		setenv("KVPLAN_FRAME_MARK", "1", 1);
		unsetenv("NO_COLOR");
		execl(argv[1], argv[1], "--layers", "128", "--q-heads", "64",
		      "--kv-heads", "8", "--head-dim", "128", "--kv-dtype", "f16",
		      "--concurrency", "32", "--prompt", "6144", "--gen", "2048",
		      "--layer", "0-127/2:kind=sliding,window=4096",
		      "--layer", "0-31:kv_heads=4",
		      "--layer", "96-127:k_dtype=fp8,v_dtype=fp8",
		      "--layer", "64-127/8:kind=full",
		      "--card", "H100-80GB-SXM", (char *)NULL);
		_exit(127);
	}
	if (!wait_frames(1)) {
		fprintf(stderr, "bench_tui: the planner drew no first frame\n");
		kill(pid, SIGTERM);
		return 1;
	}
	/* Engines view (F12), then alternate Enter (switch engine) and a move */
	if (!press("\033[24~"))
		goto fail;
	for (i = 0; i < RUNS; i++) {
		move[i] = press(i % 2 ? "\033[A" : "\033[B");
		enter[i] = press("\r");
		if (!move[i] || !enter[i])
			goto fail;
	}
	/* Model form (F5): KV heads field is the 10th; type 8 or 4 + Enter */
	if (!press("\033[15~"))
		goto fail;
	for (i = 0; i < 9; i++)
		if (!press("\033[B"))
			goto fail;
	for (i = 0; i < RUNS; i++) {
		uint64_t t;

		if (!press(i % 2 ? "8" : "4"))
			goto fail;
		t = press("\r");
		if (!t || !press("\033[A"))
			goto fail;
		edit[i] = t;
	}
	bench_report("tui.engines_enter", enter, RUNS, NULL);
	bench_report("tui.engines_move", move, RUNS, NULL);
	bench_report("tui.form_edit", edit, RUNS, NULL);
	/* quit without saving */
	if (write(master, "\033[21~", 5) == 5) {
		wait_frames(1);
		if (write(master, "n", 1) != 1)
			kill(pid, SIGTERM);
	}
	waitpid(pid, &status, 0);
	return 0;
fail:
	fprintf(stderr, "bench_tui: the planner stopped answering\n");
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	return 1;
}
