/*
 * heldout.h - one held-out config.json sized as the held-out tests
 * (test_import_heldout*.c) size it: imported from DIR, then one sequence
 * of t positions (one_sequence.h), its bytes per position, recurrent state
 * and total against the figures worked by hand, or the refusal naming
 * what the row says.
 */
#ifndef KVPLAN_TEST_HELDOUT_H
#define KVPLAN_TEST_HELDOUT_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

struct heldout {
	const char *file;
	uint64_t per_position;   /* KV bytes per position, all layers */
	uint64_t state;          /* recurrent bytes of the sequence */
	uint64_t bytes;          /* the sequence's total */
	const char *refused;     /* instead: the message names this */
};

/* plan and res are the caller's (large: static storage). */
static inline void heldout_check(const char *dir, const struct heldout *h,
                                 uint64_t t, struct kvp_plan *plan,
                                 struct kvp_result *res)
{
	char path[512];
	struct kvp_error err;
	enum kvp_status st;

	kvp_plan_default(plan);
	snprintf(path, sizeof path, "%s%s", dir, h->file);
	st = kvp_hf_import_path(path, &plan->model, NULL, &err);
	if (h->refused) {
		ck_assert_int_eq(st, KVP_EINVAL);
		ck_assert_msg(strstr(err.msg, h->refused) != NULL, "%s: %s",
		              h->file, err.msg);
		return;
	}
	ck_assert_msg(st == KVP_OK, "%s: %s", h->file, err.msg);
	ck_assert_msg(!plan->model.layout_assumed[0], "%s", h->file);
	one_sequence_plan(plan, t);
	ck_assert_msg(kvp_compute(plan, res) == KVP_OK, "%s: %s", h->file,
	              res->error.msg);
	ck_assert_uint_eq(res->kv.sequences, 1);
	ck_assert_msg(res->kv.bytes_per_position == h->per_position,
	              "%s: %llu B/position", h->file,
	              (unsigned long long)res->kv.bytes_per_position);
	ck_assert_msg(res->kv.state_bytes == h->state, "%s: state %llu", h->file,
	              (unsigned long long)res->kv.state_bytes);
	ck_assert_msg(res->kv.bytes == h->bytes, "%s: %llu B", h->file,
	              (unsigned long long)res->kv.bytes);
}

/* A set: its folder, its files and how many its SOURCES.md lists, sized
 * at t positions. */
struct heldout_set {
	const char *dir;
	const struct heldout *files;
	size_t n;
	size_t want;
	uint64_t t;
};

/* The program's sets (heldout_suite), its plan and result (large:
 * static storage). */
static const struct heldout_set *heldout_sets;
static size_t heldout_n_sets;
static struct kvp_plan heldout_plan;
static struct kvp_result heldout_res;

/* file _i of all the sets, one after another */
START_TEST(heldout_one)
{
	size_t s = 0, i = (size_t)_i;

	while (i >= heldout_sets[s].n)
		i -= heldout_sets[s++].n;
	heldout_check(heldout_sets[s].dir, &heldout_sets[s].files[i],
	              heldout_sets[s].t, &heldout_plan, &heldout_res);
}
END_TEST

/* each set is as many files as its SOURCES.md lists: one dropped from a
 * list fails here */
START_TEST(heldout_sizes)
{
	size_t s;

	ck_assert_uint_gt(heldout_n_sets, 0);
	for (s = 0; s < heldout_n_sets; s++)
		ck_assert_uint_eq(heldout_sets[s].n, heldout_sets[s].want);
}
END_TEST

/* The suite of a held-out test program: every file of every set, and the
 * sets' sizes. */
static inline Suite *heldout_suite(const char *name,
                                   const struct heldout_set *sets,
                                   size_t n_sets)
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create(name);
	size_t i, n = 0;

	heldout_sets = sets;
	heldout_n_sets = n_sets;
	for (i = 0; i < n_sets; i++)
		n += sets[i].n;
	tcase_add_loop_test(tc, heldout_one, 0, (int)n);
	tcase_add_test(tc, heldout_sizes);
	suite_add_tcase(s, tc);
	return s;
}

#endif
