/*
 * search_priv.h - what the two halves of the deployment search share:
 * search.c lists the space (engine rules, layouts, formats) and builds a
 * configuration's plan; search_rank.c judges, ranks and verifies.
 */
#ifndef KVPLAN_CORE_SEARCH_PRIV_H
#define KVPLAN_CORE_SEARCH_PRIV_H

#include <stdbool.h>

#include "kvplan/search.h"

/* Identity order: card, engine, kv, w, tp, pp, dp, then per_node and
 * nodes, so configurations with the same plan sit side by side. */
int kvp_search_cmp_identity(const struct kvp_search_cfg *a,
                            const struct kvp_search_cfg *b);

/* The ranking keys known before computing, in rank r's order; 0 when a
 * and b tie on all of them (one group of the ranking). */
int kvp_search_cmp_keys(enum kvp_search_rank r, const struct kvp_search_cfg *a,
                        const struct kvp_search_cfg *b);

/* True when a and b give the same plan (they differ at most in how the
 * same number of cards is spread over nodes). */
bool kvp_search_same_plan(const struct kvp_search_cfg *a,
                          const struct kvp_search_cfg *b);

#endif
