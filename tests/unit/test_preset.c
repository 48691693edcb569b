/*
 * test_preset.c - the preset library (src/io/plan/preset.c): every shipped
 * preset loads through the plan-file loader and round-trips, names are
 * found with the user folder first, `--model` specs resolve from a name,
 * a preset file, a config.json and a folder, and bad specs fail with one
 * line naming the file or name.
 *
 * Shipped presets are found through $KVPLAN_PRESETS = KVP_SRCDIR/presets;
 * XDG_CONFIG_HOME points at a fresh temporary folder so the tester's own
 * presets never leak in.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/plan/plan_json.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"

static char tmpdir[256];

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

static void setup(void)
{
	char p[512];

	snprintf(tmpdir, sizeof tmpdir, "/tmp/kvp_preset_XXXXXX");
	ck_assert(mkdtemp(tmpdir) != NULL);
	setenv("XDG_CONFIG_HOME", tmpdir, 1);
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	snprintf(p, sizeof p, "%s/kvplan", tmpdir);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/kvplan/models", tmpdir);
	mkdir(p, 0700);
	snprintf(p, sizeof p, "%s/kvplan/cards", tmpdir);
	mkdir(p, 0700);
}

static void teardown(void)
{
	char cmd[600];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

struct names {
	unsigned n;
	char name[64][104];
	char path[64][512];
	int user[64];
};

static void collect(const char *name, const char *path, const char *desc,
                    int user, void *ctx)
{
	struct names *l = ctx;

	(void)desc;
	if (l->n < 64) {
		snprintf(l->name[l->n], sizeof l->name[0], "%s", name);
		snprintf(l->path[l->n], sizeof l->path[0], "%s", path);
		l->user[l->n] = user;
		l->n++;
	}
}

/* Whether the file at path holds the text s. */
static int file_has(const char *path, const char *s)
{
	static char buf[65536];
	FILE *f = fopen(path, "rb");
	size_t n;

	ck_assert_msg(f != NULL, "%s", path);
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strstr(buf, s) != NULL;
}

static struct kvp_plan plan;
static struct kvp_result res;

START_TEST(shipped_counts)
{
	struct names l;
	struct kvp_error err;
	unsigned i;

	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_MODEL, collect, &l, &err),
	                 KVP_OK);
	ck_assert_uint_ge(l.n, 25);
	for (i = 1; i < l.n; i++)
		ck_assert_msg(strcmp(l.name[i - 1], l.name[i]) < 0, "sorted");
	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_CARD, collect, &l, &err),
	                 KVP_OK);
	ck_assert_uint_ge(l.n, 12);
	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_WORKLOAD, collect, &l, &err),
	                 KVP_OK);
	ck_assert_uint_ge(l.n, 6);
}
END_TEST

/* Every shipped model loads, carries its provenance, computes, and
 * round-trips: load -> dump -> load gives the same model. */
START_TEST(every_model_preset_loads_and_round_trips)
{
	struct names l;
	struct kvp_error err;
	struct kvp_model m, back;
	struct kvp_plan blank;
	unsigned i;

	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_MODEL, collect, &l, &err),
	                 KVP_OK);
	for (i = 0; i < l.n; i++) {
		char *js;
		ck_assert_msg(kvp_model_load_spec(l.name[i], &m, NULL, &err) ==
		              KVP_OK, "%s: %s", l.name[i], err.msg);
		ck_assert_msg(m.id[0] && m.source[0], "%s: id and source", l.name[i]);
		/* a declared count has a source; none is 0, and the preset
		 * says so (never a figure typed without one) */
		if (!m.declared_params)
			ck_assert_msg(file_has(l.path[i],
			              "Declared parameters: unknown (0)"),
			              "%s: declared 0 without saying why", l.name[i]);
		else
			ck_assert_msg(!file_has(l.path[i], "from memory"),
			              "%s: declared from memory", l.name[i]);
		kvp_plan_default(&plan);
		plan.model = m;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s",
		              l.name[i], res.error.msg);
		ck_assert_msg(res.weights.params > 0, "%s: weights", l.name[i]);
		js = kvp_model_json_dump(&m, &err);
		ck_assert_ptr_nonnull(js);
		kvp_plan_blank(&blank);
		ck_assert_msg(kvp_model_json_parse(js, strlen(js), l.name[i],
		              &blank.model, &err) == KVP_OK, "%s", err.msg);
		back = blank.model;
		{
			/* saved again, the text is identical */
			char *js2 = kvp_model_json_dump(&back, &err);
			ck_assert_ptr_nonnull(js2);
			ck_assert_msg(strcmp(js, js2) == 0, "%s: round trip differs",
			              l.name[i]);
			free(js2);
		}
		free(js);
		/* the same figures after the round trip */
		{
			uint64_t bpp = res.kv.bytes_per_position,
			         params = res.weights.params;
			plan.model = back;
			ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
			ck_assert_uint_eq(res.kv.bytes_per_position, bpp);
			ck_assert_uint_eq(res.weights.params, params);
		}
	}
}
END_TEST

START_TEST(preset_figures)
{
	struct kvp_error err;
	struct kvp_model m;

	/* Llama-3.1-8B: 2 x 32 x 8 x 128 x 2 B = 131,072 per position;
	 * 8,030,261,248 parameters (see test_weights.c, which also checks
	 * the declared difference). */
	ck_assert_int_eq(kvp_model_load_spec("llama-3.1-8b", &m, NULL, &err),
	                 KVP_OK);
	kvp_plan_default(&plan);
	plan.model = m;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
	ck_assert_uint_eq(res.weights.params, 8030261248ull);
	/* no sourced declared count: none, and no difference */
	ck_assert_uint_eq(m.declared_params, 0);
	ck_assert_int_eq(res.weights.declared_diff, 0);
	/* names ignore case */
	ck_assert_int_eq(kvp_model_load_spec("Llama-3.1-8B", &m, NULL, &err),
	                 KVP_OK);
}
END_TEST

START_TEST(cards_and_workloads)
{
	struct kvp_error err;
	struct kvp_card c;
	struct kvp_workload w;

	/* nvidia-smi 81,559 MiB x 1,048,576 = 85,520,809,984 bytes */
	ck_assert_int_eq(kvp_card_load_spec("h100-80gb-sxm", &c, &err), KVP_OK);
	ck_assert_uint_eq(c.capacity_bytes, 85520809984ull);
	ck_assert(!c.allocatable);
	ck_assert_int_eq(kvp_card_load_spec("apple-m2-ultra-192gb", &c, &err),
	                 KVP_OK);
	ck_assert(c.shared_with_system);
	ck_assert_int_eq(kvp_workload_load_spec("long", &w, &err), KVP_OK);
	ck_assert_uint_eq(w.n_classes, 1);
	/* 512 + 29,184 + 1,024 prompt + 2,048 generation = 32,768 */
	ck_assert_uint_eq(w.classes[0].prompt[KVP_PP_SYSTEM] +
	                  w.classes[0].prompt[KVP_PP_DOCUMENTS] +
	                  w.classes[0].prompt[KVP_PP_INPUT] + w.classes[0].gen,
	                  32768);
	ck_assert_int_ne(kvp_card_load_spec("no-such-card", &c, &err), KVP_OK);
	ck_assert(strstr(err.msg, "no-such-card") != NULL);
}
END_TEST

/* Every shipped card names the runtime its engine runs on (card.platform:
 * vLLM 0.8.0-0.9.1 pick V0 on ROCm, V1 on CUDA); the runtime is the tool
 * its source reads the memory with: rocm-smi for the AMD Instinct cards
 * (mi*), Metal's working set for Apple's (apple-*), nvidia-smi else; a
 * CUDA card names its compute capability (vLLM 0.8.0-0.10.1 run V0 below
 * 8.0). */
START_TEST(every_card_names_its_platform)
{
	struct names l;
	struct kvp_error err;
	struct kvp_card c;
	unsigned i;

	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_CARD, collect, &l, &err),
	                 KVP_OK);
	for (i = 0; i < l.n; i++) {
		enum kvp_platform want = !strncmp(l.name[i], "mi", 2)
			? KVP_PLATFORM_ROCM : !strncmp(l.name[i], "apple-", 6)
			? KVP_PLATFORM_METAL : KVP_PLATFORM_CUDA;

		ck_assert_int_eq(kvp_card_load_spec(l.name[i], &c, &err), KVP_OK);
		ck_assert_msg(c.platform == want, "%s: platform %d, want %d",
		              l.name[i], (int)c.platform, (int)want);
		/* a CUDA card names its compute capability (7.0 to 12.x) */
		ck_assert_msg(want == KVP_PLATFORM_CUDA
		              ? c.compute_capability >= 70 && c.compute_capability < 130
		              : c.compute_capability == 0, "%s: compute capability %u",
		              l.name[i], c.compute_capability);
	}
	ck_assert_uint_ge(l.n, 40);
}
END_TEST

START_TEST(user_preset_overrides_shipped)
{
	struct kvp_error err;
	struct kvp_card c;
	struct names l;
	char p[512];
	unsigned i;
	bool seen = false;

	snprintf(p, sizeof p, "%s/kvplan/cards/l4.json", tmpdir);
	write_file(p, "{\"kvplan\":\"card\",\"description\":\"my L4\","
	              "\"card\":{\"name\":\"my-L4\",\"capacity_bytes\":1000,"
	              "\"allocatable\":true,\"shared_with_system\":false,"
	              "\"source\":\"test\"}}");
	ck_assert_int_eq(kvp_card_load_spec("l4", &c, &err), KVP_OK);
	ck_assert_uint_eq(c.capacity_bytes, 1000);
	ck_assert_str_eq(c.name, "my-L4");
	memset(&l, 0, sizeof l);
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_CARD, collect, &l, &err),
	                 KVP_OK);
	for (i = 0; i < l.n; i++)
		if (!strcmp(l.name[i], "l4")) {
			ck_assert(!seen); /* listed once */
			ck_assert_int_eq(l.user[i], 1);
			seen = true;
		}
	ck_assert(seen);
}
END_TEST

START_TEST(model_specs)
{
	struct kvp_error err;
	struct kvp_model m;
	struct kvp_notes notes;
	char p[512], dir[512];

	/* a config.json path */
	snprintf(p, sizeof p, "%s/config.json", tmpdir);
	write_file(p, "{\"model_type\":\"llama\",\"num_hidden_layers\":4,"
	              "\"num_attention_heads\":8,\"hidden_size\":1024}");
	ck_assert_int_eq(kvp_model_load_spec(p, &m, &notes, &err), KVP_OK);
	ck_assert_uint_eq(m.n_layers, 4);
	ck_assert_uint_ge(notes.n, 1); /* MHA assumed */
	/* the folder holding it */
	ck_assert_int_eq(kvp_model_load_spec(tmpdir, &m, NULL, &err), KVP_OK);
	ck_assert_uint_eq(m.base.kv_heads, 8);
	/* a preset file by path */
	ck_assert_int_eq(kvp_model_load_spec(KVP_SRCDIR
	                 "/presets/models/gpt2.json", &m, NULL, &err), KVP_OK);
	ck_assert_uint_eq(m.n_layers, 12);
	/* a user model preset by name */
	snprintf(p, sizeof p, "%s/kvplan/models/tiny.json", tmpdir);
	write_file(p, "{\"kvplan\":\"model\",\"model\":{\"id\":\"tiny\","
	              "\"n_layers\":2,\"q_heads\":4,\"base\":{\"kv_heads\":2,"
	              "\"k_dim\":64,\"v_dim\":64}}}");
	ck_assert_int_eq(kvp_model_load_spec("tiny", &m, NULL, &err), KVP_OK);
	ck_assert_uint_eq(m.base.kv_heads, 2);
	/* a plan file is not a model */
	snprintf(dir, sizeof dir, "%s/plan.json", tmpdir);
	write_file(dir, "{\"kvplan\":\"plan\",\"version\":1}");
	ck_assert_int_ne(kvp_model_load_spec(dir, &m, NULL, &err), KVP_OK);
	ck_assert(strstr(err.msg, "plan.json") != NULL);
}
END_TEST

START_TEST(bad_specs)
{
	struct kvp_error err;
	struct kvp_model m;
	char p[512];

	ck_assert_int_ne(kvp_model_load_spec("", &m, NULL, &err), KVP_OK);
	ck_assert_int_ne(kvp_model_load_spec("no-such-model", &m, NULL, &err),
	                 KVP_OK);
	ck_assert(strstr(err.msg, "no-such-model") != NULL);
	ck_assert_int_ne(kvp_model_load_spec("./missing/config.json", &m, NULL,
	                 &err), KVP_OK);
	ck_assert(strstr(err.msg, "./missing/config.json") != NULL);
	ck_assert_int_ne(kvp_model_load_spec("../../etc/passwd", &m, NULL, &err),
	                 KVP_OK);
	/* a malformed user preset names the file and the position */
	snprintf(p, sizeof p, "%s/kvplan/models/broken.json", tmpdir);
	write_file(p, "{\"kvplan\":\"model\",\"model\":{\"n_layers\":}}");
	ck_assert_int_ne(kvp_model_load_spec("broken", &m, NULL, &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, "broken.json") != NULL, "%s", err.msg);
	/* a wrong type in a user preset names the field */
	write_file(p, "{\"kvplan\":\"model\",\"model\":{\"n_layers\":\"many\"}}");
	ck_assert_int_ne(kvp_model_load_spec("broken", &m, NULL, &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, "n_layers") != NULL, "%s", err.msg);
	ck_assert(strchr(err.msg, '\n') == NULL);
}
END_TEST

static Suite *preset_suite(void)
{
	Suite *s = suite_create("preset");
	TCase *tc = tcase_create("library");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, shipped_counts);
	tcase_add_test(tc, every_model_preset_loads_and_round_trips);
	tcase_add_test(tc, preset_figures);
	tcase_add_test(tc, cards_and_workloads);
	tcase_add_test(tc, every_card_names_its_platform);
	tcase_add_test(tc, user_preset_overrides_shipped);
	tcase_add_test(tc, model_specs);
	tcase_add_test(tc, bad_specs);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(preset_suite)
