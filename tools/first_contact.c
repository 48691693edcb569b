/*
 * first_contact.c - run a held-out folder through kvplan once, as issue
 * 35's first contact does, and say per file whether kvplan sized it to
 * the bytes worked by hand, sized it otherwise, or refused it.
 *
 *   build/tools/first_contact [--skip DIR/FILE]... DIR...
 *   (make first-contact DIR="dir1 dir2" SKIP="dir1/x.json ...")
 *
 * DIR holds the config.json files and EXPECTED.tsv: one line per file,
 * tab-separated: file, bytes per position, recurrent state bytes, total
 * bytes (further columns ignored; "-" where the gatherer worked no
 * figure; lines starting with '#' and blank lines skipped), each for ONE
 * sequence of 8,192 positions, f16 K and V (tests/unit/one_sequence.h,
 * the plan test_import_heldout*.c size with). Prints EXACT, WRONG,
 * REFUSED or ASSUMED (imported with a labelled layout assumption) a file,
 * then "exact N, wrong N, refused N, assumed N of N (P %)". A pooled set
 * spans folders (issue 35: one session's budget gathers fewer than 30
 * files): several DIRs print a line per folder and the pool's total
 * last; --skip leaves out a file a pool keeper dropped (DIR/FILE as
 * given). Exit status 0, or 1 when any file is WRONG, 2 on a bad folder,
 * line or argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "one_sequence.h"

#define POSITIONS 8192

enum outcome { EXACT, WRONG, REFUSED, ASSUMED, N_OUTCOMES };

static const char *const names[N_OUTCOMES] = {
	"EXACT", "WRONG", "REFUSED", "ASSUMED" };

struct expected {
	char file[512];
	int has;                          /* a figure was worked */
	unsigned long long pp, state, total;
};

/* One EXPECTED.tsv line into e; 0 when skipped, -1 when malformed. */
static int parse_line(char *line, struct expected *e)
{
	char *f = strtok(line, "\t\r\n"), *pp = strtok(NULL, "\t\r\n");
	char *st = strtok(NULL, "\t\r\n"), *tot = strtok(NULL, "\t\r\n");

	if (!f || f[0] == '#')
		return 0;
	if (!pp || !st || !tot || strlen(f) >= sizeof e->file)
		return -1;
	snprintf(e->file, sizeof e->file, "%s", f);
	e->has = strcmp(pp, "-") != 0;
	e->pp = e->has ? strtoull(pp, NULL, 10) : 0;
	e->state = e->has ? strtoull(st, NULL, 10) : 0;
	e->total = e->has ? strtoull(tot, NULL, 10) : 0;
	return 1;
}

static enum outcome contact(const char *dir, const struct expected *e)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	char path[1100];
	struct kvp_error err;

	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s/%s", dir, e->file);
	if (kvp_hf_import_path(path, &plan.model, NULL, &err) != KVP_OK) {
		printf("REFUSED %s: %s\n", e->file, err.msg);
		return REFUSED;
	}
	if (plan.model.layout_assumed[0]) {
		printf("ASSUMED %s: %s\n", e->file, plan.model.layout_assumed);
		return ASSUMED;
	}
	one_sequence_plan(&plan, POSITIONS);
	if (kvp_compute(&plan, &res) != KVP_OK) {
		printf("REFUSED %s: %s\n", e->file, res.error.msg);
		return REFUSED;
	}
	if (e->has && res.kv.bytes_per_position == e->pp &&
	    res.kv.state_bytes == e->state && res.kv.bytes == e->total) {
		printf("EXACT %s\n", e->file);
		return EXACT;
	}
	printf("WRONG %s: %llu B/position, state %llu, total %llu; worked "
	       "%s\n", e->file, (unsigned long long)res.kv.bytes_per_position,
	       (unsigned long long)res.kv.state_bytes,
	       (unsigned long long)res.kv.bytes, e->has ? "otherwise" : "none");
	return WRONG;
}

static void print_counts(const char *dir, const unsigned *n, unsigned all)
{
	unsigned k;

	if (dir)
		printf("%s: ", dir);
	for (k = 0; k < N_OUTCOMES; k++)
		printf("%s%s %u", k ? ", " : "", names[k], n[k]);
	printf(" of %u (%.1f %% exact)\n", all,
	       all ? 100.0 * n[EXACT] / all : 0.0);
}

/* dir/file is among the --skip arguments */
static int skipped(char **skip, int n_skip, const char *dir,
                   const char *file)
{
	char both[1100];
	int i;

	snprintf(both, sizeof both, "%s/%s", dir, file);
	for (i = 0; i < n_skip; i++)
		if (!strcmp(skip[i], both))
			return 1;
	return 0;
}

/* One folder: its counts added to n and *all; 0, or 2 on a bad folder. */
static int run_dir(const char *dir, char **skip, int n_skip, unsigned *n,
                   unsigned *all)
{
	char path[1100], line[4096];
	struct expected e;
	FILE *f;
	int r;

	snprintf(path, sizeof path, "%s/EXPECTED.tsv", dir);
	if (!(f = fopen(path, "r"))) {
		fprintf(stderr, "first_contact: %s: cannot open\n", path);
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		if ((r = parse_line(line, &e)) < 0) {
			fprintf(stderr, "first_contact: %s: a line without four "
			        "tab-separated columns\n", path);
			fclose(f);
			return 2;
		}
		if (r && skipped(skip, n_skip, dir, e.file)) {
			printf("SKIPPED %s/%s\n", dir, e.file);
		} else if (r) {
			n[contact(dir, &e)]++;
			(*all)++;
		}
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	char *skip[256], *dirs[64];
	unsigned n[N_OUTCOMES] = { 0 }, all = 0;
	int i, n_skip = 0, n_dirs = 0, bad = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--skip") && i + 1 < argc && n_skip < 256)
			skip[n_skip++] = argv[++i];
		else if (strcmp(argv[i], "--skip") && n_dirs < 64)
			dirs[n_dirs++] = argv[i];
		else
			bad = 1;   /* --skip without a file, or too many */
	}
	if (bad || n_dirs == 0) {
		fprintf(stderr, "usage: first_contact [--skip DIR/FILE]... "
		        "DIR... (each DIR holding EXPECTED.tsv)\n");
		return 2;
	}
	for (i = 0; i < n_dirs; i++) {
		unsigned d[N_OUTCOMES] = { 0 }, d_all = 0, k;

		if (run_dir(dirs[i], skip, n_skip, d, &d_all))
			return 2;
		if (n_dirs > 1)
			print_counts(dirs[i], d, d_all);
		for (k = 0; k < N_OUTCOMES; k++)
			n[k] += d[k];
		all += d_all;
	}
	print_counts(NULL, n, all);
	return n[WRONG] ? 1 : 0;
}
