/*
 * bench_import.c - medians of the importer and the preset library (not a
 * timed test):
 *
 *   import.reference_all   kvp_hf_import_text over all 32 configs of the
 *                          reference models.json (parsed once, each
 *                          config re-serialised once before timing)
 *   import.one_plus_compute  import DeepSeek-V3's config and kvp_compute
 *                          the default scenario with it
 *   preset.load_by_name    kvp_model_load_spec("llama-3.1-8b"): search
 *                          the preset folders, read, parse
 *   preset.list_models     kvp_presets_list(models) with descriptions
 *
 * Prints "bench NAME: median N ns (runs R, min N ns, p90 N ns)". Exits 1
 * when an import fails, so a broken importer is never timed as fast.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "bench_util.h"

#define RUNS 101
#define MAXM 64

static char *texts[MAXM];
static int n_texts;
static struct kvp_plan plan;
static struct kvp_result res;

static void count_preset(const char *name, const char *path, const char *desc,
                         int user, void *ctx)
{
	(void)name; (void)path; (void)desc; (void)user;
	(*(int *)ctx)++;
}

int main(int argc, char **argv)
{
	static uint64_t t[RUNS];
	char path[4096];
	FILE *f;
	char *buf;
	long len;
	cJSON *root, *e;
	struct kvp_notes notes;
	struct kvp_error err;
	struct kvp_model m;
	int r, i, deepseek = -1;

	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s", KVP_SRCDIR
	         "/tests/reference/models.json");
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "bench_import: cannot read %s\n", path);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc((size_t)len + 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
		return 1;
	fclose(f);
	root = cJSON_ParseWithLength(buf, (size_t)len);
	free(buf);
	cJSON_ArrayForEach(e, root) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "model_id");
		if (n_texts == MAXM)
			break;
		if (cJSON_IsString(id) && strstr(id->valuestring, "DeepSeek-V3"))
			deepseek = n_texts;
		texts[n_texts++] = cJSON_PrintUnformatted(
			cJSON_GetObjectItemCaseSensitive(e, "config"));
	}
	cJSON_Delete(root);
	if (n_texts == 0 || deepseek < 0)
		return 1;

	for (r = 0; r < RUNS; r++) {
		uint64_t t0 = bench_now_ns();
		/* --assume-layout: the reference holds one config with no
		 * model_type (refused without it); the work timed is the same */
		for (i = 0; i < n_texts; i++)
			if (kvp_hf_import_text_opts(texts[i], strlen(texts[i]), "b",
			                            KVP_IMPORT_ASSUME_LAYOUT, &m,
			                            &notes, &err) != KVP_OK) {
				fprintf(stderr, "bench_import: %s\n", err.msg);
				return 1;
			}
		t[r] = bench_now_ns() - t0;
	}
	bench_report("import.reference_all", t, RUNS, NULL);

	for (r = 0; r < RUNS; r++) {
		uint64_t t0 = bench_now_ns();
		kvp_plan_default(&plan);
		if (kvp_hf_import_text(texts[deepseek], strlen(texts[deepseek]),
		                       "b", &plan.model, &notes, &err) != KVP_OK ||
		    kvp_compute(&plan, &res) != KVP_OK)
			return 1;
		t[r] = bench_now_ns() - t0;
	}
	bench_report("import.one_plus_compute", t, RUNS, NULL);

	for (r = 0; r < RUNS; r++) {
		uint64_t t0 = bench_now_ns();
		if (kvp_model_load_spec("llama-3.1-8b", &m, NULL, &err) != KVP_OK) {
			fprintf(stderr, "bench_import: %s\n", err.msg);
			return 1;
		}
		t[r] = bench_now_ns() - t0;
	}
	bench_report("preset.load_by_name", t, RUNS, NULL);

	for (r = 0; r < RUNS; r++) {
		int n = 0;
		uint64_t t0 = bench_now_ns();
		if (kvp_presets_list(KVP_PRESET_MODEL, count_preset, &n, &err) !=
		    KVP_OK || n < 25)
			return 1;
		t[r] = bench_now_ns() - t0;
	}
	bench_report("preset.list_models", t, RUNS, NULL);
	for (i = 0; i < n_texts; i++)
		cJSON_free(texts[i]);
	return 0;
}
