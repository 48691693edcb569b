/*
 * fuzz_ot.c - libFuzzer harness for llama.cpp -ot / --override-tensor
 * patterns (src/io/gguf/override_tensor.c and kvplan's matcher,
 * src/io/regex/ecma_re*.c). The input, up to its first NUL, is
 * 1. one pattern for kvp_re_compile: refused with a non-empty line that
 *    names a place inside the pattern, or compiled within
 *    KVP_RE_MAX_STATES and searched in a handful of tensor names;
 * 2. a whole --override-tensor value on a 40-layer MoE plan: appended,
 *    resolved against every tensor name, computed; a refusal is one
 *    non-empty line naming the flag.
 * Time and memory are bounded by the matcher's limits, not by the
 * input: tests/cli/fuzz_limits.sh replays tests/corpus/ot under ulimit
 * -v and timeout, test_fuzz_corpus.c under ASan+UBSan.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/regex/ecma_re.h"
#include "io/gguf/override_tensor.h"
#include "kvplan/compute.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

static void ot_line(const char *msg, const char *must)
{
	if (!msg[0] || strchr(msg, '\n') || (must && !strstr(msg, must)))
		abort();
}

static void ot_pattern(const char *s, size_t len)
{
	static const char *const names[] = {
		"blk.0.ffn_up_exps.weight", "blk.17.attn_q.weight", "output.weight", "",
	};
	struct kvp_re re;
	struct kvp_re_error e;
	size_t k;

	if (kvp_re_compile(s, len, &re, &e) != KVP_RE_OK) {
		ot_line(e.what, NULL);
		if (e.at > len)
			abort();
		return;
	}
	if (kvp_re_states(&re) == 0 || kvp_re_states(&re) > KVP_RE_MAX_STATES)
		abort();
	for (k = 0; k < sizeof names / sizeof *names; k++)
		(void)kvp_re_search(&re, names[k]);
	kvp_re_free(&re);
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	struct kvp_error err;
	char buf[512];
	size_t len = size < sizeof buf - 1 ? size : sizeof buf - 1;

	memcpy(buf, data, len);
	buf[len] = '\0';
	len = strlen(buf);
	ot_pattern(buf, len);
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	if (kvp_ot_append(&plan, buf, &err) != KVP_OK) {
		ot_line(err.msg, "--override-tensor");
		return 0;
	}
	if (kvp_ot_resolve(&plan, &err) != KVP_OK) {
		ot_line(err.msg, "--override-tensor");
		return 0;
	}
	if (kvp_compute(&plan, &res) != KVP_OK)
		ot_line(res.error.msg, NULL);
	return 0;
}
