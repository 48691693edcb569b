/*
 * inline_import.h - the importer tests' two checks on an inline
 * config.json text: sized (imported, then one sequence of t positions,
 * one_sequence.h, into the file's plan and res for the test to read) and
 * refused (KVP_EINVAL, the message naming `words`). Shared by
 * test_import_sweep.c and test_import_vlm_defaults.c.
 */
#ifndef KVPLAN_TEST_INLINE_IMPORT_H
#define KVPLAN_TEST_INLINE_IMPORT_H

#include <check.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void sized(const char *text, uint64_t t)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "inline",
	              &plan.model, NULL, &err) == KVP_OK, "%s", err.msg);
	one_sequence_plan(&plan, t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
}

static void refused(const char *text, const char *words)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "inline", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, words) != NULL, "%s", err.msg);
}

#endif
