/*
 * first_contact.c - run a held-out folder through kvplan once, as issue
 * 35's first contact does, and say per file whether kvplan sized it to
 * the bytes worked by hand, sized it otherwise, or refused it.
 *
 *   build/tools/first_contact DIR      (make first-contact DIR=...)
 *
 * DIR holds the config.json files and EXPECTED.tsv: one line per file,
 * tab-separated: file, bytes per position, recurrent state bytes, total
 * bytes (further columns ignored; "-" where the gatherer worked no
 * figure; lines starting with '#' and blank lines skipped), each for ONE
 * sequence of 8,192 positions, f16 K and V (tests/unit/one_sequence.h,
 * the plan test_import_heldout*.c size with). Prints EXACT, WRONG,
 * REFUSED or ASSUMED (imported with a labelled layout assumption) a file,
 * then "exact N, wrong N, refused N, assumed N of N (P %)". Exit status
 * 0, or 1 when any file is WRONG, 2 on a bad folder or line.
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

int main(int argc, char **argv)
{
	char path[1100], line[4096];
	unsigned n[N_OUTCOMES] = { 0 }, all = 0, k;
	struct expected e;
	FILE *f;
	int r;

	if (argc != 2) {
		fprintf(stderr, "usage: first_contact DIR (DIR/EXPECTED.tsv)\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/EXPECTED.tsv", argv[1]);
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
		if (r) {
			n[contact(argv[1], &e)]++;
			all++;
		}
	}
	fclose(f);
	for (k = 0; k < N_OUTCOMES; k++)
		printf("%s%s %u", k ? ", " : "", names[k], n[k]);
	printf(" of %u (%.1f %% exact)\n", all,
	       all ? 100.0 * n[EXACT] / all : 0.0);
	return n[WRONG] ? 1 : 0;
}
