/*
 * test_status.c - errors are values and always one line: a bad value that
 * carries a control character (a JSON key holding "\n", found by the
 * preset fuzzer) must not split the message.
 */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "io/plan/plan_json.h"
#include "kvplan/plan.h"
#include "kvplan/status.h"

START_TEST(set_keeps_one_line)
{
	struct kvp_error e;

	ck_assert_int_eq(kvp_error_set(&e, KVP_EINVAL, "a: %s - bad", "x\ny\tz"), KVP_EINVAL);
	ck_assert_str_eq(e.msg, "a: x?y?z - bad");
	kvp_error_prefix(&e, "f\rile");
	ck_assert_str_eq(e.msg, "f?ile: a: x?y?z - bad");
}
END_TEST

START_TEST(prefix_truncates_safely)
{
	struct kvp_error e;
	char longp[KVP_ERRMSG_MAX + 280];   /* longer than any message */

	memset(longp, 'p', sizeof longp - 1);
	longp[sizeof longp - 1] = '\0';
	kvp_error_set(&e, KVP_EINVAL, "tail");
	kvp_error_prefix(&e, longp);
	ck_assert_uint_eq(strlen(e.msg), KVP_ERRMSG_MAX - 1);
	ck_assert_int_eq(e.status, KVP_EINVAL);
}
END_TEST

START_TEST(json_key_with_newline)
{
	/* An unknown key "k\neep" inside model.weights: refused, one line. */
	static const char doc[] =
		"{\"kvplan\": \"model\", \"model\": {\"weights\": {\"k\\neep\": 1}}}";
	struct kvp_plan p;
	struct kvp_error e;

	kvp_plan_blank(&p);
	ck_assert_int_ne(kvp_model_json_parse(doc, sizeof doc - 1, "x.json", &p.model, &e), KVP_OK);
	ck_assert_ptr_null(strchr(e.msg, '\n'));
	ck_assert_ptr_nonnull(strstr(e.msg, "x.json"));
	ck_assert_ptr_nonnull(strstr(e.msg, "k?eep"));
}
END_TEST

static Suite *status_suite(void)
{
	Suite *s = suite_create("status");
	TCase *tc = tcase_create("one line");

	tcase_add_test(tc, set_keeps_one_line);
	tcase_add_test(tc, prefix_truncates_safely);
	tcase_add_test(tc, json_key_with_newline);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(status_suite)
