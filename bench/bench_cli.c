/*
 * bench_cli.c - process start to JSON output of `kvplan calc`, as a
 * median (not a timed test; target <= 10 ms).
 *
 *   cli.calc_json       fork + exec of `kvplan calc` with the issue's
 *                       contract flags and --format json, stdout to a
 *                       pipe drained to the end, until the child exits
 *   cli.calc_text       the same with the default text output
 *   cli.version         `kvplan version`: the floor (exec, dynamic
 *                       linking of libc/ncursesw/formw/cJSON, exit), so
 *                       the cost of calc itself is the difference
 *
 * Run by `make bench` with argv[1] = the kvplan binary. Times with
 * clock_gettime(CLOCK_MONOTONIC); prints "bench cli.NAME: median N ns
 * (runs R, min N ns, p90 N ns)". Exits 1 if a run fails or prints
 * nothing, so a broken binary is not timed as a fast one.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench_util.h"

#define RUNS 200

/* One run: ns from fork to the child's exit with its output read, or 0
 * on failure. */
static uint64_t run_once(char *const argv[])
{
	int fd[2], status, devnull;
	uint64_t t0, t1;
	size_t got = 0;
	char buf[65536];
	ssize_t r;
	pid_t pid;

	if (pipe(fd) != 0)
		return 0;
	t0 = bench_now_ns();
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		devnull = open("/dev/null", O_WRONLY);
		dup2(fd[1], 1);
		if (devnull >= 0)
			dup2(devnull, 2);
		close(fd[0]);
		close(fd[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	while ((r = read(fd[0], buf, sizeof buf)) > 0)
		got += (size_t)r;
	close(fd[0]);
	if (waitpid(pid, &status, 0) != pid)
		return 0;
	t1 = bench_now_ns();
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got == 0)
		return 0;
	return t1 - t0 ? t1 - t0 : 1;
}

static int bench(const char *name, char *const argv[])
{
	static uint64_t t[RUNS];
	char full[64];
	int i;

	for (i = 0; i < RUNS; i++) {
		t[i] = run_once(argv);
		if (!t[i]) {
			fprintf(stderr, "bench cli.%s: run %d of %s failed\n", name, i, argv[0]);
			return 1;
		}
	}
	snprintf(full, sizeof full, "cli.%s", name);
	bench_report(full, t, RUNS, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	char *json[] = { NULL, "calc", "--layers", "40", "--q-heads", "40", "--kv-heads", "8",
	                 "--head-dim", "128", "--kv-dtype", "f16", "--concurrency", "6",
	                 "--prompt", "3072", "--gen", "1024", "--format", "json", NULL };
	char *text[] = { NULL, "calc", NULL };
	char *version[] = { NULL, "version", NULL };

	if (argc < 2) {
		fprintf(stderr, "usage: bench_cli path/to/kvplan\n");
		return 2;
	}
	json[0] = text[0] = version[0] = argv[1];
	if (bench("calc_json", json) || bench("calc_text", text) || bench("version", version))
		return 1;
	return 0;
}
