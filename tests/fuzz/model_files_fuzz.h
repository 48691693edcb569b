/*
 * model_files_fuzz.h - the one check both model-file readers must pass
 * on any input, shared by the libFuzzer harnesses (fuzz_gguf.c,
 * fuzz_safetensors.c) and by tests/unit/test_fuzz_model_files.c, which
 * replays tests/corpus/gguf and tests/corpus/safetensors in make check:
 * the input is refused with one non-empty line, or it gives a model
 * (GGUF) or tensor sums (safetensors) that kvp_compute accepts or
 * refuses cleanly. Returns 0, or 1 with *why set when the rule broke.
 */
#ifndef KVPLAN_TEST_MODEL_FILES_FUZZ_H
#define KVPLAN_TEST_MODEL_FILES_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "io/safetensors/safetensors.h"
#include "io/tensor_group.h"
#include "kvplan/compute.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"

static inline int mf_one_line(const char *s)
{
	return s[0] && !strchr(s, '\n');
}

static inline int mf_fuzz_gguf(const uint8_t *data, size_t size,
                               const char **why)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	struct kvp_notes notes;
	struct kvp_error err;
	unsigned i;

	kvp_plan_default(&plan);
	if (kvp_gguf_import_mem(data, size, "fuzz.gguf", &plan.model, &notes,
	                        &err) != KVP_OK) {
		*why = "a refusal is not one non-empty line";
		return !mf_one_line(err.msg);
	}
	for (i = 0; i < notes.n; i++)
		if (!mf_one_line(notes.line[i])) {
			*why = "a note is not one non-empty line";
			return 1;
		}
	if (kvp_compute(&plan, &res) != KVP_OK && !mf_one_line(res.error.msg)) {
		*why = "kvp_compute's refusal is not one non-empty line";
		return 1;
	}
	return 0;
}

struct mf_acc {
	struct kvp_tensors t;
};

static inline enum kvp_status mf_on_tensor(void *ctx, const char *name,
                                           const char *dtype, uint64_t bytes,
                                           uint64_t elements,
                                           struct kvp_error *err)
{
	struct mf_acc *a = ctx;

	(void)dtype;
	return kvp_tensors_add(&a->t, "fuzz.safetensors", name, KVP_TN_HF, 32,
	                       bytes, elements, err);
}

static inline int mf_fuzz_safetensors(const uint8_t *data, size_t size,
                                      const char **why)
{
	static struct mf_acc a;
	struct kvp_error err;
	uint64_t total;

	memset(&a, 0, sizeof a);
	if (kvp_st_read_mem(data, size, "fuzz.safetensors", mf_on_tensor, &a,
	                    &err) != KVP_OK) {
		*why = "a refusal is not one non-empty line";
		return !mf_one_line(err.msg);
	}
	if (!kvp_tensors_total(&a.t, &total) || total > size) {
		*why = "the tensors claim more bytes than the file holds";
		return 1;
	}
	return 0;
}

#endif
