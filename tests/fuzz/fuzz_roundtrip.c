/*
 * fuzz_roundtrip.c - libFuzzer harness for the plan round trip (src/io/
 * plan_json.c): whatever plan text parses, its dump parses again to the
 * same dump (nothing a save writes is refused or changed by the next
 * load). Replayed from tests/corpus/roundtrip by test_fuzz_corpus.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/plan/plan_json.h"
#include "kvplan/plan.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_plan a, b;
	struct kvp_error err;
	char *s1, *s2;

	kvp_plan_default(&a);
	if (kvp_plan_json_parse((const char *)data, size, "fuzz.json", &a, &err) != KVP_OK) {
		if (!err.msg[0] || strchr(err.msg, '\n'))
			abort();
		kvp_plan_json_free_ragged(&a);
		return 0;
	}
	s1 = kvp_plan_json_dump(&a, &err);
	if (!s1)
		abort();
	kvp_plan_default(&b);
	if (kvp_plan_json_parse(s1, strlen(s1), "dump.json", &b, &err) != KVP_OK)
		abort();   /* a saved plan must load */
	s2 = kvp_plan_json_dump(&b, &err);
	if (!s2 || strcmp(s1, s2) != 0)
		abort();   /* and load to the same plan */
	free(s1);
	free(s2);
	kvp_plan_json_free_ragged(&a);
	kvp_plan_json_free_ragged(&b);
	return 0;
}
