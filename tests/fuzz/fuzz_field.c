/*
 * fuzz_field.c - libFuzzer harness for the field setters (src/core/
 * field.c, the one table behind flags, plan keys and the planner's form):
 * each input line "KEY=VALUE" (a JSON key or a CLI flag) is set on the
 * worked example, then the plan is validated and computed. A refusal is
 * one non-empty line; nothing may crash or overflow. Replayed from
 * tests/corpus/field by test_fuzz_corpus.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/field.h"
#include "kvplan/validate.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void field_check(enum kvp_status st, const struct kvp_error *err)
{
	if (st != KVP_OK && (!err->msg[0] || strchr(err->msg, '\n')))
		abort();
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	struct kvp_error err;
	char *buf, *line, *save = NULL;

	if (size > 4096)
		return 0;
	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	kvp_plan_default(&plan);
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');
		const struct kvp_field *f;
		size_t idx = 0;

		if (!eq)
			continue;
		*eq = '\0';
		if (line[0] >= '0' && line[0] <= '3' && line[1] == ':') {
			idx = (size_t)(line[0] - '0');   /* "2:KEY=V": element 2 */
			line += 2;
		}
		f = kvp_field_by_key(line);
		if (!f)
			f = kvp_field_by_flag(line);
		if (!f)
			continue;
		field_check(kvp_field_set(&plan, f, idx, eq + 1, &err), &err);
	}
	field_check(kvp_plan_validate(&plan, &err), &err);
	field_check(kvp_compute(&plan, &res), &res.error);
	free(buf);
	return 0;
}
