/*
 * solve.h - answering backwards: what is the most the plan can take and
 * still fit on every device? Each answer is found by searching on
 * kvp_compute (binary search for counts and lengths, an ordered list for
 * formats and layouts) and checked by recomputing it: the answer fits,
 * one more does not. "Fits": every device fits (res->fits) and, with a
 * named engine, the engine admits every active request at once
 * (res->engine.workload_fit: its pool, slots or max_num_seqs). Pure: no
 * allocation; the caller passes the result storage the searches compute
 * into.
 */
#ifndef KVPLAN_SOLVE_H
#define KVPLAN_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

enum kvp_solve_for {
	KVP_SOLVE_CONCURRENCY = 0, /* most requests of class 0 at its length */
	KVP_SOLVE_LENGTH,          /* longest class-0 length (its input part
	                              grows) at the plan's concurrency */
	KVP_SOLVE_KV_FORMAT,       /* the most precise cache format that fits,
	                              from the chosen engine's formats */
	KVP_SOLVE_CARDS,           /* fewest cards of group 0's type, with the
	                              TP/PP layout that makes it fit */
	KVP_SOLVE_MAX_MODEL_LEN,   /* longest single request (class 0, one
	                              request) with margin_ppm of every card
	                              kept free, capped at the model's
	                              max_positions when known */
	KVP_SOLVE_THROUGHPUT,      /* requests of class 0 that maximise the
	                              speed envelope's aggregate decode bound
	                              (res->speed) while fitting: the fewest
	                              at which the step turns compute-bound
	                              (more add nothing to the bound), else
	                              the most that fit */
	KVP_SOLVE_FOR_COUNT
};

/* "concurrency", "length", "kv-format", "cards", "max-model-len",
 * "throughput" */
const char *kvp_solve_name(enum kvp_solve_for f);
enum kvp_status kvp_solve_parse(const char *s, enum kvp_solve_for *out,
                                struct kvp_error *err);

struct kvp_solve_opts {
	enum kvp_solve_for what;
	uint32_t margin_ppm;      /* max-model-len: share of each card kept
	                             free on top of the plan's headroom */
	uint32_t max_cards;       /* cards: search bound, 0 = 64 */
};

struct kvp_solve_answer {
	enum kvp_solve_for what;
	bool found;               /* false: not even the smallest fits */
	bool capped;              /* max-model-len stopped at max_positions */
	uint64_t value;           /* requests, tokens or cards */
	uint64_t sequences;       /* concurrency: resident sequences */
	struct kvp_format format; /* kv-format: the answer */
	uint32_t tp, pp, dp;      /* cards: the layout */
	/* The check, both recomputed with kvp_compute: */
	bool answer_fits;         /* the answer fits (true when found) */
	bool has_next;            /* there is a "one more" to try */
	bool next_fits;           /* ... and it does not fit (false) */
	uint64_t next_value;      /* value + 1, or the next format/cards */
	struct kvp_format next_format;
	char check[KVP_LINE_MAX]; /* "7 requests fit; 8 do not (device 0
	                             over by 0.41 GiB)" */
	char binding[KVP_LINE_MAX]; /* kvp_solve_binding of the answer */
	struct kvp_plan plan;     /* the input plan with the answer applied */
};

/*
 * Solve `o->what` for plan p. *scratch is used by every recompute and
 * holds the answer's result on return (when found; else the smallest
 * candidate's). Errors: a plan that does not compute as given, no card
 * (nothing binds), or no bound found below 2^40.
 */
enum kvp_status kvp_solve(const struct kvp_plan *p,
                          const struct kvp_solve_opts *o,
                          struct kvp_solve_answer *ans,
                          struct kvp_result *scratch,
                          struct kvp_error *err);

/*
 * How many requests of the plan's own mix fit at once: the workload's
 * classes scaled to N requests in their proportions (cumulative
 * rounding: class c gets floor(N x S_c / R) - floor(N x S_c-1 / R),
 * S_c the requests of classes 0..c, R all of them; ragged lengths and
 * the queue stay as given and count in N), up or down from the plan's
 * own count. Fits: kvp_compute succeeds, every device fits and a named
 * engine admits all N at once (workload_fit). *n is the largest such N
 * (0: not even one), found by doubling then bisection and checked: N
 * fits, N + 1 does not. *bound false when nothing binds below 2^40
 * (no card under an engine that sizes from the workload); *n is then
 * the plan's own count. *scratch holds the last recompute.
 */
enum kvp_status kvp_solve_mix(const struct kvp_plan *p,
                              struct kvp_result *scratch, uint64_t *n,
                              bool *bound, struct kvp_error *err);

/*
 * The mix figures of plan p (result.h, struct kvp_mix_result): p is
 * computed into *scratch, then the pool engine's own count of the mix is
 * taken, else kvp_solve_mix's (recomputing into *scratch), and the share
 * of the workload's own requests that fits with the devices. A plan that
 * does not compute gives computed = false. calc stores it in its
 * result's mix; compare in each row.
 */
void kvp_mix_of(const struct kvp_plan *p, struct kvp_result *scratch,
                struct kvp_mix_result *out);

/*
 * The binding constraint of a computed result: the device with the
 * least free memory and what fills it, e.g. "device 0 (H100-80GB-SXM)
 * is full: weights 34.90 GiB + KV 40.12 GiB + activations 1.00 GiB +
 * overhead 0.35 GiB + headroom 0.00 GiB = 76.37 of 79.65 GiB, 3.28 GiB
 * free". Empty when the result has no devices.
 */
void kvp_solve_binding(const struct kvp_result *r, char *buf, size_t n);

#endif
