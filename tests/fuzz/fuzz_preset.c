/*
 * fuzz_preset.c - libFuzzer harness for the preset loader: the same bytes
 * parsed as a model, card and workload preset and as a plan (the loaders
 * preset.c hands preset files to), then the model computed. Refusals must
 * be one non-empty line; nothing may crash or leak.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/plan/plan_json.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Build with -DKVP_FUZZ_CRASHES_ONLY to look for memory errors past a
 * message-format finding. */
static void check_msg(enum kvp_status st, const struct kvp_error *err)
{
#ifndef KVP_FUZZ_CRASHES_ONLY
	if (st != KVP_OK && (strchr(err->msg, '\n') || !err->msg[0]))
		abort();
#else
	(void)st;
	(void)err;
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kvp_plan plan, p2;
	static struct kvp_result res;
	const char *text = (const char *)data;
	struct kvp_error err;
	struct kvp_card card;
	enum kvp_doc_kind kind;
	enum kvp_status st;

	st = kvp_doc_kind_of(text, size, &kind, &err);
	if (st != KVP_OK && st != KVP_ENOTFOUND)
		check_msg(st, &err);
	kvp_plan_blank(&plan);
	st = kvp_model_json_parse(text, size, "fuzz.json", &plan.model, &err);
	check_msg(st, &err);
	if (st == KVP_OK) {
		kvp_plan_default(&p2);
		p2.model = plan.model;
		(void)kvp_compute(&p2, &res);
	}
	memset(&card, 0, sizeof card);
	check_msg(kvp_card_json_parse(text, size, "fuzz.json", &card, &err), &err);
	kvp_plan_blank(&plan);
	check_msg(kvp_workload_json_parse(text, size, "fuzz.json",
	                                  &plan.workload, &err), &err);
	kvp_plan_json_free_ragged(&plan);
	kvp_plan_default(&plan);
	st = kvp_plan_json_parse(text, size, "fuzz.json", &plan, &err);
	check_msg(st, &err);
	if (st == KVP_OK)
		(void)kvp_compute(&plan, &res);
	kvp_plan_json_free_ragged(&plan);
	return 0;
}
