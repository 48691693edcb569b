/*
 * test_plan_json.c - plan, preset and record files (src/io/plan/plan_json.c,
 * record_json.c, file.c): round trips of the default plan and of every
 * shipped preset, messages naming file/path/value, exact big integers,
 * ragged lists, atomic saves that refuse to overwrite a changed file.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/file.h"
#include "io/plan/plan_json.h"
#include "io/report/record_json.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"

#include "check_main.h"

#ifndef KVP_SRCDIR
#define KVP_SRCDIR "."
#endif

static struct kvp_plan pa, pb;   /* large: keep off the stack */

static enum kvp_status parse(const char *text, struct kvp_plan *p, struct kvp_error *e)
{
	kvp_plan_blank(p);
	kvp_error_clear(e);
	return kvp_plan_json_parse(text, strlen(text), "t.json", p, e);
}

START_TEST(default_plan_round_trip)
{
	struct kvp_error e;
	char *s1, *s2;

	kvp_plan_default(&pa);
	pa.model.n_rules = 0;
	s1 = kvp_plan_json_dump(&pa, &e);
	ck_assert_ptr_nonnull(s1);
	ck_assert_int_eq(parse(s1, &pb, &e), KVP_OK);
	ck_assert_msg(memcmp(&pa, &pb, sizeof pa) == 0, "plan differs after a round trip");
	s2 = kvp_plan_json_dump(&pb, &e);
	ck_assert_str_eq(s1, s2);
	free(s1);
	free(s2);
}
END_TEST

/* A plan using every structured part: rules, two classes, groupq, two
 * card groups, overheads, pp_layers, a 64-bit integer past 2^53. */
START_TEST(full_plan_round_trip)
{
	static const char *text =
		"{\"kvplan\":\"plan\",\"version\":1,\"name\":\"full\","
		"\"model\":{\"id\":\"m\",\"n_layers\":48,\"q_heads\":32,"
		" \"base\":{\"kind\":\"sliding\",\"window\":1024,\"kv_heads\":8,\"k_dim\":128,\"v_dim\":128,"
		"  \"k_dtype\":{\"dtype\":\"groupq\",\"bits\":4,\"group_size\":64,\"scale_bytes\":2,"
		"   \"zero_bytes\":2,\"residual\":128,\"residual_dtype\":\"bf16\"},\"v_dtype\":\"q8_0\"},"
		" \"layers\":[\"5-47/6:kind=full\",\"0:kv_heads=4\"]},"
		"\"workload\":{\"queued\":\"18446744073709551615\",\"share_prompt_in_request\":true,"
		" \"classes\":[{\"name\":\"a\",\"requests\":2,\"samples\":3,\"prompt\":{\"system\":100,\"input\":50},\"gen\":10},"
		"  {\"name\":\"b\",\"requests\":1,\"prompt\":{\"documents\":4000},\"gen\":0}]},"
		"\"strategy\":{\"kind\":\"paged\",\"block_size\":32,\"resident_layers\":-1},"
		"\"engine\":{\"kind\":\"vllm\",\"vllm\":{\"gpu_memory_utilization\":0.9,\"kv_cache_dtype\":\"fp8\"}},"
		"\"devices\":{\"groups\":[{\"card\":{\"name\":\"A\",\"capacity_bytes\":\"80GiB\"},\"count\":2},"
		"  {\"card\":{\"name\":\"B\",\"capacity_bytes\":1000}}],\"tp\":2,\"pp\":2,"
		" \"pp_layers\":[20,28],\"reserve_ppm\":0.05,"
		" \"overheads\":[{\"name\":\"cuda_context\",\"bytes\":536870912}]}}";
	struct kvp_error e;
	char *s;

	ck_assert_msg(parse(text, &pa, &e) == KVP_OK, "%s", e.msg);
	ck_assert_uint_eq(pa.model.n_rules, 2);
	ck_assert_uint_eq(pa.workload.n_classes, 2);
	ck_assert_uint_eq(pa.workload.classes[0].samples, 3);
	ck_assert_uint_eq(pa.workload.classes[1].samples, 1);       /* default */
	ck_assert_uint_eq(pa.workload.classes[1].prompt[KVP_PP_DOCUMENTS], 4000);
	ck_assert_uint_eq(pa.workload.queued, 18446744073709551615ull);
	ck_assert_int_eq(pa.model.base.k_fmt.dtype, KVP_DT_GROUPQ);
	ck_assert_int_eq(pa.model.base.v_fmt.dtype, KVP_DT_Q8_0);
	ck_assert_uint_eq(pa.devices.groups[0].card.capacity_bytes, 85899345920ull); /* 80 x 2^30 */
	ck_assert_uint_eq(pa.devices.groups[1].count, 1);
	ck_assert_uint_eq(pa.devices.pp_layers[1], 28);
	ck_assert_uint_eq(pa.devices.reserve_ppm, 50000);
	ck_assert_uint_eq(pa.engine.vllm.gpu_memory_utilization, 900000);
	ck_assert(!pa.engine.vllm.kv_cache_dtype_auto);
	ck_assert_int_eq(pa.strategy.resident_layers, -1);

	s = kvp_plan_json_dump(&pa, &e);
	ck_assert_ptr_nonnull(s);
	/* past 2^53 the writer uses a string, so readers stay exact */
	ck_assert_ptr_nonnull(strstr(s, "\"queued\":\t\"18446744073709551615\""));
	ck_assert_int_eq(parse(s, &pb, &e), KVP_OK);
	ck_assert_msg(memcmp(&pa, &pb, sizeof pa) == 0, "plan differs after a round trip");
	free(s);
}
END_TEST

static void expect_error(const char *text, enum kvp_status st, const char *msg)
{
	struct kvp_error e;

	kvp_plan_default(&pa);
	pb = pa;
	kvp_error_clear(&e);
	ck_assert_int_eq(kvp_plan_json_parse(text, strlen(text), "t.json", &pa, &e), st);
	ck_assert_msg(strstr(e.msg, msg) != NULL, "'%s' lacks '%s'", e.msg, msg);
	ck_assert_msg(strchr(e.msg, '\n') == NULL, "message has a newline");
	ck_assert_msg(memcmp(&pa, &pb, sizeof pa) == 0, "plan changed on error");
}

START_TEST(errors_name_file_path_value)
{
	/* line 3 is `"name": }`: the value is missing at column 9 */
	expect_error("{\n\"kvplan\": \"plan\",\n\"name\": }", KVP_EPARSE,
	             "t.json: line 3, column 9: malformed JSON");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"n_layers\":\"x\"}}", KVP_EINVAL,
	             "t.json: model.n_layers: 'x' - not a number");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"q_heads\":0}}", KVP_ERANGE,
	             "t.json: model.q_heads: 0 - must be at least 1");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"n_layers\":9007199254740993}}", KVP_EINVAL,
	             "model.n_layers: 9.00719925474099e+15 - too large");
	expect_error("{\"kvplan\":\"plan\",\"workload\":{\"classes\":[{\"requests\":1},{\"gen\":\"x\"}]}}",
	             KVP_EINVAL, "t.json: workload.classes[1].gen: 'x' - not a number");
	expect_error("{\"kvplan\":\"plan\",\"workload\":{\"classes\":[{\"reqs\":1}]}}",
	             KVP_EINVAL, "t.json: workload.classes[0].reqs: unknown field");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"base\":{\"k_dtype\":{\"dtype\":\"f16\",\"bits\":4}}}}",
	             KVP_EINVAL, "model.base.k_dtype: \"f16\" - only a groupq format takes parameters");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"base\":{\"k_dtype\":{\"bits\":4}}}}",
	             KVP_EINVAL, "model.base.k_dtype.dtype: missing");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"base\":{\"k_dtype\":7}}}",
	             KVP_EINVAL, "model.base.k_dtype: 7 - expected a name");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"layers\":\"0-3:kind=full\"}}",
	             KVP_EINVAL, "model.layers: \"0-3:kind=full\" - expected an array");
	expect_error("{\"kvplan\":\"plan\",\"model\":{\"layers\":[1]}}",
	             KVP_EINVAL, "model.layers[0]: 1 - expected a rule string");
	expect_error("{\"kvplan\":\"plan\",\"strategy\":{\"sliding_as_full\":\"yes\"}}",
	             KVP_EINVAL, "strategy.sliding_as_full: \"yes\" - expected true or false");
	expect_error("{\"kvplan\":\"plan\",\"devices\":{\"pp_layers\":[10,-1]}}",
	             KVP_EINVAL, "devices.pp_layers[1]: -1");
	expect_error("{\"kvplan\":\"plan\",\"engine\":{\"vllm\":{\"gpu_memory_utilization\":0.9000001}}}",
	             KVP_EINVAL, "finer than one part per million");
	expect_error("{\"kvplan\":\"plan\",\"extra\":1}", KVP_EINVAL,
	             "t.json: extra: unknown field in a plan document");
	expect_error("{\"kvplan\":7}", KVP_EINVAL, "t.json: kvplan: 7 - expected plan");
	expect_error("{\"model\":{}}", KVP_ENOTFOUND, "t.json: kvplan: missing");
	expect_error("{\"kvplan\":\"model\",\"model\":{}}", KVP_EINVAL,
	             "kvplan: \"model\" - expected a plan or record document");
}
END_TEST

START_TEST(record_loads_as_plan)
{
	static struct kvp_result res;
	struct kvp_error e;
	char *rec;

	kvp_plan_default(&pa);
	ck_assert_int_eq(kvp_compute(&pa, &res), KVP_OK);
	rec = kvp_record_json_dump(&pa, &res, &e);
	ck_assert_ptr_nonnull(rec);
	ck_assert_ptr_nonnull(strstr(rec, "\"kvplan\":\t\"record\""));
	ck_assert_ptr_nonnull(strstr(rec, "\"kvplan_version\":"));
	/* 2 x 40 x 8 x 128 x 2 x 4,096 x 6 = 4,026,531,840, an integer */
	ck_assert_ptr_nonnull(strstr(rec, "\"bytes\":\t4026531840"));
	ck_assert_int_eq(parse(rec, &pb, &e), KVP_OK);
	ck_assert_msg(memcmp(&pa, &pb, sizeof pa) == 0, "record's plan differs");
	free(rec);
}
END_TEST

START_TEST(ragged_list)
{
	static const char *text =
		"{\"kvplan\":\"plan\",\"workload\":{\"ragged\":[5,6,7]}}";
	struct kvp_error e;
	char *s;

	ck_assert_int_eq(parse(text, &pa, &e), KVP_OK);
	ck_assert_uint_eq(pa.workload.n_ragged, 3);
	ck_assert_uint_eq(pa.workload.ragged[2], 7);
	s = kvp_plan_json_dump(&pa, &e);
	ck_assert_ptr_nonnull(strstr(s, "\"ragged\":\t[5, 6, 7]"));
	free(s);
	kvp_plan_json_free_ragged(&pa);
	ck_assert_ptr_null(pa.workload.ragged);
	/* a preset cannot carry ragged lengths */
	{
		struct kvp_workload w;
		static const char *wt = "{\"kvplan\":\"workload\",\"workload\":{\"ragged\":[1]}}";

		memset(&w, 0, sizeof w);
		ck_assert_int_eq(kvp_workload_json_parse(wt, strlen(wt), "w.json", &w, &e), KVP_EINVAL);
		ck_assert_ptr_nonnull(strstr(e.msg, "w.json: workload.ragged"));
	}
}
END_TEST

START_TEST(fragments)
{
	struct kvp_error e;
	struct kvp_model m;
	struct kvp_card c;
	enum kvp_doc_kind k;
	static const char *card =
		"{\"kvplan\":\"card\",\"description\":\"d\",\"card\":{\"name\":\"X\","
		"\"capacity_bytes\":85520809984,\"allocatable\":true,\"source\":\"nvidia-smi\"}}";
	static const char *nocap = "{\"kvplan\":\"card\",\"card\":{\"name\":\"X\"}}";
	static const char *model = "{\"kvplan\":\"model\",\"model\":{\"n_layers\":2,\"q_heads\":2}}";
	static const char *hf = "{\"num_hidden_layers\": 2}";

	memset(&c, 0, sizeof c);
	ck_assert_int_eq(kvp_card_json_parse(card, strlen(card), "c.json", &c, &e), KVP_OK);
	ck_assert_str_eq(c.name, "X");
	ck_assert_uint_eq(c.capacity_bytes, 85520809984ull);
	ck_assert(c.allocatable);
	ck_assert_int_eq(kvp_card_json_parse(nocap, strlen(nocap), "c.json", &c, &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "c.json: card.capacity_bytes: missing"));

	kvp_plan_blank(&pa);
	m = pa.model;
	ck_assert_int_eq(kvp_model_json_parse(model, strlen(model), "m.json", &m, &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "m.json: model.base.kv_heads: missing"));

	ck_assert_int_eq(kvp_doc_kind_of(card, strlen(card), &k, &e), KVP_OK);
	ck_assert_int_eq(k, KVP_DOC_CARD);
	ck_assert_int_eq(kvp_doc_kind_of(hf, strlen(hf), &k, &e), KVP_ENOTFOUND);
}
END_TEST

/* load -> save -> load gives an identical preset, for every shipped one. */
static int round_trip_dir(const char *kind)
{
	char dir[512], path[1024];
	DIR *d;
	struct dirent *de;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/presets/%ss", KVP_SRCDIR, kind);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL) {
		struct kvp_error e;
		char *text = NULL, *s;
		size_t len;

		if (!strstr(de->d_name, ".json"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		ck_assert_int_eq(kvp_file_read(path, 0, &text, &len, NULL, &e), KVP_OK);
		kvp_plan_blank(&pa);
		kvp_plan_blank(&pb);
		if (strcmp(kind, "model") == 0) {
			ck_assert_msg(kvp_model_json_parse(text, len, path, &pa.model, &e) == KVP_OK, "%s", e.msg);
			s = kvp_model_json_dump(&pa.model, &e);
			ck_assert_ptr_nonnull(s);
			ck_assert_msg(kvp_model_json_parse(s, strlen(s), path, &pb.model, &e) == KVP_OK, "%s", e.msg);
		} else if (strcmp(kind, "card") == 0) {
			ck_assert_msg(kvp_card_json_parse(text, len, path, &pa.devices.groups[0].card, &e) == KVP_OK,
			              "%s", e.msg);
			s = kvp_card_json_dump(&pa.devices.groups[0].card, &e);
			ck_assert_ptr_nonnull(s);
			ck_assert_msg(kvp_card_json_parse(s, strlen(s), path, &pb.devices.groups[0].card, &e) == KVP_OK,
			              "%s", e.msg);
		} else {
			ck_assert_msg(kvp_workload_json_parse(text, len, path, &pa.workload, &e) == KVP_OK,
			              "%s", e.msg);
			s = kvp_workload_json_dump(&pa.workload, &e);
			ck_assert_ptr_nonnull(s);
			ck_assert_msg(kvp_workload_json_parse(s, strlen(s), path, &pb.workload, &e) == KVP_OK,
			              "%s", e.msg);
		}
		ck_assert_msg(memcmp(&pa, &pb, sizeof pa) == 0, "%s: not identical after a round trip", path);
		free(s);
		free(text);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(shipped_presets_round_trip)
{
	int models = round_trip_dir("model"), cards = round_trip_dir("card"),
	    loads = round_trip_dir("workload");

	/* the presets engineer ships at least one of each (issue 3) */
	ck_assert_int_gt(models, 0);
	ck_assert_int_gt(cards, 0);
	ck_assert_int_gt(loads, 0);
}
END_TEST

START_TEST(atomic_save_and_stale_check)
{
	char dir[] = "/tmp/kvp-pj-XXXXXX", path[64];
	struct kvp_file_stamp st;
	struct kvp_error e;
	char *text;
	size_t len;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/plan.json", dir);
	kvp_plan_default(&pa);
	ck_assert_int_eq(kvp_plan_json_save(path, &pa, NULL, &e), KVP_OK);
	kvp_plan_blank(&pb);
	ck_assert_int_eq(kvp_plan_json_load(path, &pb, &st, &e), KVP_OK);
	ck_assert_int_eq(memcmp(&pa, &pb, sizeof pa), 0);
	/* unchanged on disk: saving with the stamp works */
	ck_assert_int_eq(kvp_plan_json_save(path, &pb, &st, &e), KVP_OK);
	ck_assert_int_eq(kvp_file_stamp_get(path, &st, &e), KVP_OK);
	/* someone else rewrites it: our save is refused and theirs kept */
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"kvplan\":\"plan\",\"name\":\"theirs, a longer file now\"}\n", f);
	fclose(f);
	ck_assert_int_eq(kvp_plan_json_save(path, &pb, &st, &e), KVP_EIO);
	ck_assert_ptr_nonnull(strstr(e.msg, "changed on disk since it was loaded"));
	ck_assert_int_eq(kvp_file_read(path, 0, &text, &len, NULL, &e), KVP_OK);
	ck_assert_ptr_nonnull(strstr(text, "theirs"));
	free(text);
	/* no temp file left behind, only plan.json */
	{
		DIR *d = opendir(dir);
		struct dirent *de;
		int n = 0;

		while ((de = readdir(d)) != NULL)
			if (de->d_name[0] != '.' || strncmp(de->d_name, ".plan", 5) == 0)
				n++;
		closedir(d);
		ck_assert_int_eq(n, 1);
	}
	/* size cap */
	ck_assert_int_eq(kvp_file_read(path, 10, &text, &len, NULL, &e), KVP_EIO);
	ck_assert_ptr_nonnull(strstr(e.msg, "larger than the limit of 10 bytes"));
	unlink(path);
	rmdir(dir);
}
END_TEST

/* "model" and a group's "card" as spec strings: preset names, and files
 * taken from the plan file's folder; errors name the file and the path. */
START_TEST(spec_strings)
{
	char dir[] = "/tmp/kvp-pj-spec-XXXXXX", path[96], mpath[96], cpath[96];
	struct kvp_error e;
	char *s;
	FILE *f;

	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	ck_assert_int_eq(parse("{\"kvplan\":\"plan\",\"version\":1,"
		"\"model\":\"llama-3.1-8b\",\"devices\":{\"groups\":"
		"[{\"card\":\"a100-80gb\",\"count\":2}]}}", &pb, &e), KVP_OK);
	/* Llama-3.1-8B: 32 layers, 32 query heads, 8 KV heads */
	ck_assert_str_eq(pb.model.id, "meta-llama/Llama-3.1-8B");
	ck_assert_uint_eq(pb.model.n_layers, 32);
	ck_assert_uint_eq(pb.model.base.kv_heads, 8);
	/* A100 80 GB: 80 x 2^30 = 85,899,345,920 bytes */
	ck_assert_str_eq(pb.devices.groups[0].card.name, "A100-80GB");
	ck_assert_uint_eq(pb.devices.groups[0].card.capacity_bytes, 85899345920ull);
	ck_assert_uint_eq(pb.devices.groups[0].count, 2);

	/* files next to the plan, whatever the working folder */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(mpath, sizeof mpath, "%s/m.json", dir);
	snprintf(cpath, sizeof cpath, "%s/c.json", dir);
	snprintf(path, sizeof path, "%s/plan.json", dir);
	kvp_plan_default(&pa);
	s = kvp_model_json_dump(&pa.model, &e);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(kvp_file_write_atomic(mpath, s, strlen(s), NULL, NULL, &e), KVP_OK);
	free(s);
	f = fopen(cpath, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"kvplan\":\"card\",\"card\":{\"name\":\"tiny\","
	      "\"capacity_bytes\":1000}}\n", f);
	fclose(f);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"kvplan\":\"plan\",\"version\":1,\"model\":\"m.json\","
	      "\"devices\":{\"groups\":[{\"card\":\"c.json\"}]}}\n", f);
	fclose(f);
	kvp_plan_blank(&pb);
	ck_assert_msg(kvp_plan_json_load(path, &pb, NULL, &e) == KVP_OK, "%s", e.msg);
	ck_assert_str_eq(pb.model.id, "example-40L-gqa8");
	ck_assert_uint_eq(pb.model.n_layers, 40);
	ck_assert_str_eq(pb.devices.groups[0].card.name, "tiny");
	ck_assert_uint_eq(pb.devices.groups[0].card.capacity_bytes, 1000);
	ck_assert_uint_eq(pb.devices.groups[0].count, 1);

	/* errors: file, path and value */
	ck_assert_int_ne(parse("{\"kvplan\":\"plan\",\"model\":\"nosuch\"}", &pb, &e), KVP_OK);
	ck_assert_msg(strstr(e.msg, "t.json: model: nosuch") != NULL, "%s", e.msg);
	ck_assert_int_ne(parse("{\"kvplan\":\"plan\",\"model\":\"\"}", &pb, &e), KVP_OK);
	ck_assert_msg(strstr(e.msg, "t.json: model: \"\"") != NULL, "%s", e.msg);
	ck_assert_int_ne(parse("{\"kvplan\":\"plan\",\"devices\":{\"groups\":"
	                       "[{\"card\":\"none.json\"}]}}", &pb, &e), KVP_OK);
	ck_assert_msg(strstr(e.msg, "t.json: devices.groups[0].card: none.json") != NULL,
	              "%s", e.msg);
	unlink(mpath);
	unlink(cpath);
	unlink(path);
	rmdir(dir);
}
END_TEST

static Suite *plan_json_suite(void)
{
	Suite *s = suite_create("plan_json");
	TCase *tc = tcase_create("files");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, default_plan_round_trip);
	tcase_add_test(tc, full_plan_round_trip);
	tcase_add_test(tc, errors_name_file_path_value);
	tcase_add_test(tc, record_loads_as_plan);
	tcase_add_test(tc, ragged_list);
	tcase_add_test(tc, fragments);
	tcase_add_test(tc, shipped_presets_round_trip);
	tcase_add_test(tc, atomic_save_and_stale_check);
	tcase_add_test(tc, spec_strings);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(plan_json_suite)
