/*
 * fuzz_mmproj.c - libFuzzer harness for llama.cpp --mmproj and --lora
 * files: the input is read as a GGUF (src/io/gguf/gguf.c), then applied as an
 * encoder file (src/io/gguf/mmproj.c: clip.has_*_encoder, the clip.vision
 * keys, the projector) to a llama.cpp plan that is computed, and checked
 * as a LoRA adapter (src/io/gguf/lora.c). Each refusal is one non-empty line
 * naming the file; a refused mmproj leaves the plan's encoder as it was.
 * Seeded with tests/corpus/mmproj (tests/fuzz/make_seeds.c), replayed by
 * test_fuzz_corpus.c and, under ulimit -v and timeout, fuzz_limits.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/gguf/gguf.h"
#include "io/gguf/lora.h"
#include "io/gguf/mmproj.h"
#include "kvplan/compute.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void mm_line(const struct kvp_error *err)
{
	if (!err->msg[0] || strchr(err->msg, '\n') || !strstr(err->msg, "mm.gguf"))
		abort();
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	struct kvp_gguf g;
	struct kvp_error err;

	if (kvp_gguf_read_mem(data, size, "mm.gguf", &g, NULL, NULL, &err) != KVP_OK) {
		mm_line(&err);
		kvp_gguf_free(&g);
		return 0;
	}
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.mmproj_bytes = 77;
	if (kvp_mmproj_apply(&g, "mm.gguf", &plan.engine.llamacpp, &err) != KVP_OK) {
		mm_line(&err);
		if (plan.engine.llamacpp.mmproj_bytes != 77)
			abort();   /* a refused file writes nothing */
	} else if (kvp_compute(&plan, &res) != KVP_OK &&
	           (!res.error.msg[0] || strchr(res.error.msg, '\n'))) {
		abort();
	}
	if (kvp_lora_check(&g, "mm.gguf", &err) != KVP_OK)
		mm_line(&err);
	kvp_gguf_free(&g);
	return 0;
}
