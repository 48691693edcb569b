/*
 * fuzz_rules.c - libFuzzer harness for layer rules (src/core/model/layers.c):
 * each input line is parsed as a rule (the --layer and "model.layers"
 * syntax); a parsed rule formats back to text that parses to the same
 * rule; then the plan with the rules is validated and computed. A refusal
 * is one non-empty line. Replayed from tests/corpus/rules by
 * test_fuzz_corpus.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/validate.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void rules_check(enum kvp_status st, const struct kvp_error *err)
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
	for (line = strtok_r(buf, "\n", &save); line && plan.model.n_rules < KVP_MAX_RULES;
	     line = strtok_r(NULL, "\n", &save)) {
		struct kvp_layer_rule *r = &plan.model.rules[plan.model.n_rules], again;
		char text[512], text2[512];
		enum kvp_status st = kvp_rule_parse(line, r, &err);

		rules_check(st, &err);
		if (st != KVP_OK)
			continue;
		kvp_rule_format(r, text, sizeof text);
		if (kvp_rule_parse(text, &again, &err) != KVP_OK)
			abort();   /* what a save writes must load */
		kvp_rule_format(&again, text2, sizeof text2);
		if (strcmp(text, text2) != 0)
			abort();
		plan.model.n_rules++;
	}
	rules_check(kvp_plan_validate(&plan, &err), &err);
	rules_check(kvp_compute(&plan, &res), &res.error);
	free(buf);
	return 0;
}
