/*
 * solve_priv.h - the pieces of solve.c that the deployment search
 * (search.c) shares, so both answer "does it fit?" with one meaning.
 * Core-internal: front ends call kvp_solve and kvp_search.
 */
#ifndef KVPLAN_CORE_SOLVE_PRIV_H
#define KVPLAN_CORE_SOLVE_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* Compute p into r; *fits: every device fits and, with a named engine,
 * the engine admits every active request at once. *computed false on
 * overflow or refusal (KVP_EOVERFLOW, KVP_EREFUSED), which count as not
 * fitting and return KVP_OK; any other error is returned (in err). */
/* The device with the least free memory (0 when there are none). */
uint32_t kvp_solve_tightest(const struct kvp_result *r);

enum kvp_status kvp_solve_try_fit(const struct kvp_plan *p,
                                  struct kvp_result *r, bool *fits,
                                  bool *computed, struct kvp_error *err);

/* Why p (computed into r, or not: computed false) does not fit, in one
 * line: the device most over, the engine's admission limit or the
 * refusal's own words. */
void kvp_solve_why_not(const struct kvp_plan *p, const struct kvp_result *r,
                       bool computed, char *buf, size_t n);

/* Requests active at once (p's classes and ragged lengths). */
uint64_t kvp_solve_active_requests(const struct kvp_plan *p);

/* snprintf for display lines (solve.c, search_rank.c): truncation is
 * acceptable there. */
void kvp_solve_line(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The cache formats p's engine offers, most precise first (at most 16). */
size_t kvp_solve_kv_formats(const struct kvp_plan *p, enum kvp_dtype *out);

/* Set every layer's K and V cache format (and the engine's cache-type
 * options) to dt. */
void kvp_solve_set_kv_format(struct kvp_plan *p, enum kvp_dtype dt);

/* *out = p with its classes scaled to k requests in their proportions
 * (as kvp_solve_mix scales them). False when p has no class requests or
 * their sum overflows. */
bool kvp_solve_mix_plan(const struct kvp_plan *p, uint64_t k,
                        struct kvp_plan *out);

#endif
