/*
 * fuzz_gguf.c - libFuzzer harness for the GGUF reader and importer
 * (kvp_gguf_import_mem): any input is refused with one line or gives a
 * model kvp_compute accepts or refuses cleanly - never a crash, leak or
 * undefined behaviour (model_files_fuzz.h). Built and run by
 * tests/fuzz/build.sh (`make fuzz`), seeded with tests/corpus/gguf.
 */
#include <stdlib.h>

#include "model_files_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why = NULL;

	if (mf_fuzz_gguf(data, size, &why))
		abort();
	return 0;
}
