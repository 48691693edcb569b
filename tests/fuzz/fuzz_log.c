/*
 * fuzz_log.c - libFuzzer harness for the engine-log reader (src/io/
 * log_parse.c): the bytes as a whole text and as a stream (the bounded
 * reader reconcile uses on files and stdin). Nothing may crash, leak or
 * run into undefined behaviour; a refusal is one non-empty line.
 * Replayed from tests/corpus/log by tests/unit/test_fuzz_corpus.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_log log;
	struct kvp_error err;
	FILE *f;

	kvp_log_init(&log);
	kvp_log_parse_text(&log, (const char *)data, size);
	if (size == 0)
		return 0;
	f = fmemopen((void *)data, size, "rb");
	if (!f)
		return 0;
	kvp_log_init(&log);
	if (kvp_log_parse_stream(&log, f, "fuzz.log", &err) != KVP_OK &&
	    (!err.msg[0] || strchr(err.msg, '\n')))
		abort();
	fclose(f);
	return 0;
}
