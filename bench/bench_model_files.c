/*
 * bench_model_files.c - medians of reading model files (not a timed
 * test; the target: a 100 GB GGUF's header read and planned in
 * under 10 ms):
 *
 *   model_files.gguf_141GB_plan   kvp_model_load_spec on a sparse GGUF of
 *                       Llama-3.1-70B in f16 (141,107,412,992 bytes of
 *                       tensors: 724 tensor infos, the tokenizer's
 *                       128,256 tokens and 280,147 merges as string
 *                       arrays, as a real file carries them), then
 *                       kvp_compute of the default scenario on it
 *   model_files.safetensors_8B    kvp_model_load_spec on a Llama-3.1-8B
 *                       folder: config.json, index, 4 sparse shards
 *
 * The files are written once into $TMPDIR (holes: no data is stored)
 * and removed at the end. Prints "bench NAME: median N ns (runs R, min N
 * ns, p90 N ns, target T)". Exits 1 when a read fails.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tests/unit/gguf_llama.h"
#include "../tests/unit/st_writer.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "bench_util.h"

#define RUNS 51

static struct kvp_plan plan;
static struct kvp_result res;
static char dir[256];

static int write_gguf(const char *path)
{
	struct gw w;
	int rc;

	gw_init(&w);
	gw_llama70b(&w, G_F16, G_F16, G_F16, G_F16);
	gw_arr_tokens(&w, "tokenizer.ggml.merges", 280147);
	gw_arr_tokens(&w, "tokenizer.ggml.tokens_full", 128256);
	rc = gw_write(&w, path);
	gw_free(&w);
	return rc;
}

static int write_st(const char *d)
{
	char path[512], name[96];
	int s, i;

	for (s = 0; s < 4; s++) {
		struct stw w;

		stw_init(&w);
		if (s == 0)
			stw_2d(&w, "model.embed_tokens.weight", "BF16", 128256, 4096, 2);
		for (i = 8 * s; i < 8 * s + 8; i++) {
			static const char *const sfx[] = {
				"self_attn.q_proj.weight", "self_attn.k_proj.weight",
				"self_attn.v_proj.weight", "self_attn.o_proj.weight",
				"mlp.gate_proj.weight", "mlp.up_proj.weight",
				"mlp.down_proj.weight" };
			static const uint64_t a[] = { 4096, 1024, 1024, 4096, 14336,
			                              14336, 4096 };
			static const uint64_t b[] = { 4096, 4096, 4096, 4096, 4096,
			                              4096, 14336 };
			int k;
			for (k = 0; k < 7; k++) {
				snprintf(name, sizeof name, "model.layers.%d.%s", i, sfx[k]);
				stw_2d(&w, name, "BF16", a[k], b[k], 2);
			}
			snprintf(name, sizeof name, "model.layers.%d.input_layernorm.weight", i);
			stw_2d(&w, name, "BF16", 4096, 0, 2);
			snprintf(name, sizeof name,
			         "model.layers.%d.post_attention_layernorm.weight", i);
			stw_2d(&w, name, "BF16", 4096, 0, 2);
		}
		if (s == 3) {
			stw_2d(&w, "model.norm.weight", "BF16", 4096, 0, 2);
			stw_2d(&w, "lm_head.weight", "BF16", 128256, 4096, 2);
		}
		snprintf(path, sizeof path, "%s/model-%05d-of-00004.safetensors", d,
		         s + 1);
		if (stw_write(&w, path))
			return 1;
	}
	snprintf(path, sizeof path, "cp '%s/tests/data/model-files/"
	         "llama-3.1-8b-config.json' '%s/config.json'", KVP_SRCDIR, d);
	return system(path) != 0;
}

static int bench_spec(const char *name, const char *spec, bool compute,
                      const char *target)
{
	static uint64_t t[RUNS];
	struct kvp_error err;
	int i;

	for (i = 0; i < RUNS; i++) {
		uint64_t t0 = bench_now_ns();

		kvp_plan_default(&plan);
		if (kvp_model_load_spec(spec, &plan.model, NULL, &err) != KVP_OK) {
			fprintf(stderr, "bench %s: %s\n", name, err.msg);
			return 1;
		}
		if (compute && kvp_compute(&plan, &res) != KVP_OK) {
			fprintf(stderr, "bench %s: %s\n", name, res.error.msg);
			return 1;
		}
		t[i] = bench_now_ns() - t0;
	}
	bench_report(name, t, RUNS, target);
	return 0;
}

int main(void)
{
	char gguf[320], cmd[320];
	int rc = 0;

	snprintf(dir, sizeof dir, "%s/kvp_bench_mf_XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		return 1;
	snprintf(gguf, sizeof gguf, "%s/Llama-3.1-70B-F16.gguf", dir);
	if (write_gguf(gguf) || write_st(dir)) {
		fprintf(stderr, "bench model_files: cannot write test files in %s\n",
		        dir);
		rc = 1;
	}
	if (!rc)
		rc = bench_spec("model_files.gguf_141GB_plan", gguf, true,
		                "<= 10000000 ns") ||
		     bench_spec("model_files.safetensors_8B", dir, false, NULL);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
