/*
 * fuzz_safetensors.c - libFuzzer harness for the safetensors header
 * reader (kvp_st_read_mem): any input is refused with one line or gives
 * tensor sums no larger than the file (model_files_fuzz.h). Built and
 * run by tests/fuzz/build.sh (`make fuzz`), seeded with
 * tests/corpus/safetensors.
 */
#include <stdlib.h>

#include "model_files_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why = NULL;

	if (mf_fuzz_safetensors(data, size, &why))
		abort();
	return 0;
}
