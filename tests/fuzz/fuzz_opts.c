/*
 * fuzz_opts.c - libFuzzer harness for the CLI option parser (issue 10:
 * it had none, and a signed overflow slipped through). The input is an
 * argument list, one argument per line, after "calc"; kvp_opts_parse
 * builds the plan from it, then kvp_plan_validate and kvp_compute run on
 * it. A refusal must be one non-empty line; nothing may crash, leak or
 * run into undefined behaviour (the build adds ASan and UBSan).
 *
 * tests/unit/test_fuzz_corpus.c includes this file (FUZZ_ENTRY renames
 * the entry point) and replays tests/corpus/opts/ through it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"
#include "kvplan/compute.h"
#include "kvplan/validate.h"

#define FUZZ_MAX_ARGS 48

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void fuzz_check_msg(enum kvp_status st, const struct kvp_error *err)
{
	if (st != KVP_OK && (strchr(err->msg, '\n') || !err->msg[0]))
		abort();
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_opts o;
	static struct kvp_result res;
	static FILE *sink;
	char *buf, *argv[FUZZ_MAX_ARGS + 1], *p;
	int argc = 1;
	struct kvp_error err;
	enum kvp_status st;

	if (size > 4096)
		return 0;
	if (!sink) {
		/* the shipped presets only; no user folder */
		setenv("XDG_CONFIG_HOME", "/nonexistent/kvplan-fuzz", 1);
		sink = fopen("/dev/null", "w");
		if (!sink)
			abort();
	}
	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = (char *)"calc";
	for (p = buf; argc < FUZZ_MAX_ARGS; ) {
		char *nl = strchr(p, '\n');

		argv[argc++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	argv[argc] = NULL;
	kvp_opts_init(&o, "calc", NULL);
	st = kvp_opts_parse(&o, argc, argv, sink, &err);
	fuzz_check_msg(st, &err);
	if (st == KVP_OK && !o.help) {
		st = kvp_plan_validate(&o.plan, &err);
		fuzz_check_msg(st, &err);
		st = kvp_compute(&o.plan, &res);
		fuzz_check_msg(st, &res.error);
	}
	kvp_opts_free(&o);
	free(buf);
	return 0;
}
