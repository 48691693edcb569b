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

#endif
