/*
 * fuzz_import.c - libFuzzer harness for the Hugging Face importer
 * (kvp_hf_import_text_opts, with and without --assume-layout). Any input must either be refused with a
 * one-line message or give a model that kvp_compute accepts or refuses
 * cleanly - never a crash, leak or undefined behaviour. Built and run by
 * tests/fuzz/build.sh (`make fuzz`); make check replays the Hub configs
 * of tests/data/hf (verbatim ones included) and tests/corpus/bad through
 * it (tests/unit/test_fuzz_corpus.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	struct kvp_notes notes;
	struct kvp_error err;

	/* the first byte's low bit picks --assume-layout, so both the
	 * fail-closed refusals and the assumed imports are explored */
	unsigned flags = size && (data[0] & 1) ? KVP_IMPORT_ASSUME_LAYOUT : 0;

	kvp_plan_default(&plan);
	if (kvp_hf_import_text_opts((const char *)data, size, "fuzz.json", flags,
	                            &plan.model, &notes, &err) != KVP_OK) {
		if (strchr(err.msg, '\n') || !err.msg[0])
			abort(); /* the message must be one non-empty line */
		return 0;
	}
	if (strchr(plan.model.layout_assumed, '\n'))
		abort(); /* shown in a one-line warning */
	for (unsigned i = 0; i < notes.n; i++)
		if (strchr(notes.line[i], '\n') || !notes.line[i][0])
			abort(); /* notes are shown one per line */
	(void)kvp_compute(&plan, &res);
	return 0;
}
