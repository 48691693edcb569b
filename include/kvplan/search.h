/*
 * search.h - every deployment that fits, ranked: a search over cards,
 * card counts (per node and nodes), TP/PP/DP layouts, KV cache formats,
 * weight formats and engines, for one model and one workload.
 *
 * A configuration is one point of that space. Each is judged by the full
 * computation (kvp_compute) with the meaning of kvp_solve: it fits when
 * every device fits and a named engine admits every active request at
 * once. Ranking (enum kvp_search_rank) puts the fitting ones in order;
 * the best `top` answers are verified again: recomputed, the most
 * requests of the workload's mix that fit found and checked (N fit, N + 1
 * do not, kvp_solve_mix), the constraint that binds at N + 1 named, and
 * optionally the longest class-0 length (kvp_solve, length).
 *
 * Work saved, each with its proof in src/core/search/search.c and a test that
 * fails if it dropped a configuration that fits:
 *   KVP_PRUNE_SAME_PLAN  configurations that differ only in how the same
 *                        cards are spread over nodes give the same plan:
 *                        computed once.
 *   KVP_PRUNE_WEIGHTS    weights + overheads + headroom over a card for
 *                        one (engine, card, weight format, tp, pp): every
 *                        KV format and DP of it fails too.
 *   KVP_PRUNE_RANKED     unless exhaustive: once `top` answers are found,
 *                        configurations whose ranking keys (known without
 *                        computing: cards, capacity, price) come after
 *                        the last answer's cannot be among the answers
 *                        and are not computed (state SKIPPED). Not under
 *                        KVP_RANK_THROUGHPUT (its key needs computing).
 *
 * Pure: no allocation, no I/O. The caller passes every buffer
 * (struct kvp_search_buf) and owns it.
 */
#ifndef KVPLAN_SEARCH_H
#define KVPLAN_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/devices.h"
#include "kvplan/format.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/solve.h"
#include "kvplan/status.h"

#define KVP_SEARCH_MAX_CARDS 64
#define KVP_SEARCH_MAX_KV    8
#define KVP_SEARCH_MAX_W     8

enum kvp_search_rank {
	KVP_RANK_CARDS = 0,   /* fewest cards, least capacity bought, most
	                         free memory on the tightest device */
	KVP_RANK_PRICE,       /* lowest price per hour, then as CARDS */
	KVP_RANK_THROUGHPUT,  /* highest decode bound of the speed envelope
	                         (result.speed.aggregate_tps_milli), then as
	                         CARDS; configurations whose cards have no
	                         bandwidth (speed unknown) after all others.
	                         Known only by computing: every configuration
	                         is judged (KVP_PRUNE_RANKED does not apply) */
	KVP_RANK_COUNT
};

/* "cards", "price", "throughput" */
const char *kvp_search_rank_name(enum kvp_search_rank r);
enum kvp_status kvp_search_rank_parse(const char *s, enum kvp_search_rank *out,
                                      struct kvp_error *err);

enum kvp_prune {
	KVP_PRUNE_SAME_PLAN = 1u << 0,
	KVP_PRUNE_WEIGHTS   = 1u << 1,
	KVP_PRUNE_RANKED    = 1u << 2,
	KVP_PRUNE_ALL       = 7u
};

/* The space. Every axis has a default meaning "everything". */
struct kvp_search_space {
	uint32_t n_cards;                           /* >= 1 */
	struct kvp_card cards[KVP_SEARCH_MAX_CARDS];
	/* price of one card for one hour, millionths of the user's currency
	 * unit; needed for every card under KVP_RANK_PRICE */
	uint64_t price_micro[KVP_SEARCH_MAX_CARDS];
	uint32_t max_per_node;   /* cards per node tried: 1..this; 0 = 8 */
	uint32_t max_nodes;      /* nodes tried: 1..this; 0 = 1 */
	uint32_t engines;        /* mask of 1u << enum kvp_engine_kind;
	                            0 = the five named engines */
	uint32_t n_kv;           /* 0 = each engine's own cache formats */
	enum kvp_dtype kv[KVP_SEARCH_MAX_KV];
	uint32_t n_w;            /* 0 = the model's own weight format */
	struct kvp_wformat w[KVP_SEARCH_MAX_W];
	uint32_t max_tp, max_pp; /* 0 = as the engine allows */
	uint32_t min_headroom_ppm; /* every card keeps at least this share
	                              free (raises devices.reserve_ppm) */
};

struct kvp_search_opts {
	enum kvp_search_rank rank;
	uint32_t top;            /* answers verified and returned (>= 1) */
	bool exhaustive;         /* compute every configuration (KVP_PRUNE_RANKED
	                            off): the fitting count is then exact */
	uint32_t prune;          /* enum kvp_prune rules in use */
	bool length_slack;       /* also solve the longest class-0 length of
	                            each answer */
};

enum kvp_cfg_state {
	KVP_CFG_PENDING = 0,
	KVP_CFG_FITS,
	KVP_CFG_FAILS,           /* computed: a device over, or the engine
	                            admits fewer requests */
	KVP_CFG_REFUSED,         /* computed: the engine or the core refuses
	                            the layout or the length */
	KVP_CFG_PRUNED,          /* KVP_PRUNE_WEIGHTS: cannot fit */
	KVP_CFG_SKIPPED          /* KVP_PRUNE_RANKED: ranks after the answers */
};

enum kvp_cfg_why {
	KVP_WHY_NONE = 0,
	KVP_WHY_DEVICE,          /* a device over its capacity */
	KVP_WHY_POOL,            /* the engine's KV pool admits fewer */
	KVP_WHY_MAX_REQUESTS,    /* the engine runs fewer at once */
	KVP_WHY_REFUSED,
	KVP_WHY_WEIGHTS          /* weights + overheads + headroom over */
};

/* One configuration. card indexes space->cards; kv is the cache format
 * itself (enum kvp_dtype); w indexes space->w, KVP_SEARCH_W_OWN = the
 * model's own weights (as the base plan has them). */
#define KVP_SEARCH_W_OWN 255
struct kvp_search_cfg {
	uint64_t capacity;       /* bytes bought: cards x card capacity */
	uint64_t price_micro;    /* per hour, all cards (0 without prices) */
	int64_t free_bytes;      /* computed: least free on any device */
	uint64_t short_ppm;      /* not fitting: how far, parts per million
	                            of the card (device) or of the requests
	                            (engine); refused 2,000,000 */
	uint64_t tps_milli;      /* computed: the speed envelope's aggregate
	                            decode bound, tokens/s x 1000; 0 unknown */
	uint16_t cards;          /* per_node x nodes = tp x pp x dp */
	uint16_t device;         /* computed: the tightest device */
	uint8_t card, engine, kv, w;
	uint8_t per_node, nodes, tp, pp, dp;
	uint8_t state;           /* enum kvp_cfg_state */
	uint8_t why;             /* enum kvp_cfg_why */
};

/* A verified answer. */
struct kvp_search_answer {
	uint32_t cfg;            /* index into buf->cfgs */
	bool verified;           /* recomputed: fits */
	uint64_t requests;       /* the workload's active requests */
	uint64_t max_requests;   /* most of the mix that fit (checked: these
	                            fit, one more does not) */
	bool bound;              /* false: nothing binds below 2^40 */
	uint64_t length;         /* class 0's tokens per sequence */
	uint64_t max_length;     /* length_slack: the longest that fits, 0 =
	                            not solved or none */
	int64_t free_bytes;
	uint32_t device;         /* the tightest device of the answer */
	char binding[KVP_LINE_MAX]; /* what stops one more request:
	                               "KV on device 3 (tp rank 3, stage 0)" */
	char check[KVP_LINE_MAX];   /* "113 requests fit; 114 do not: ..." */
};

/* The nearest miss of one card type: its failing configuration that came
 * closest, among those ranked before the first answer. */
struct kvp_search_miss {
	uint32_t cfg;
	char reason[KVP_LINE_MAX];
};

struct kvp_search_stats {
	uint64_t configurations; /* enumerated */
	uint64_t computed;       /* full computations while ranking */
	uint64_t same_plan;      /* taken from an identical plan */
	uint64_t pruned;         /* KVP_PRUNE_WEIGHTS */
	uint64_t skipped;        /* KVP_PRUNE_RANKED */
	uint64_t fitting;        /* fits among those judged (all when
	                            exhaustive or nothing was skipped) */
	bool complete;           /* nothing skipped: fitting is exact */
};

/* Every buffer the search uses, owned by the caller. */
struct kvp_search_buf {
	struct kvp_search_cfg *cfgs;
	size_t cap_cfgs;
	struct kvp_search_answer *answers;   /* at least opts.top */
	size_t cap_answers;
	struct kvp_search_miss *misses;      /* one per card is enough */
	size_t cap_misses;
	uint64_t *floor;          /* KVP_PRUNE_WEIGHTS memo, a power of two
	                             of slots (0 = the rule is off) */
	size_t cap_floor;
	struct kvp_result *scratch;          /* one result */
	struct kvp_plan *work;               /* one plan */
	struct kvp_solve_answer *solve;      /* length_slack's answer */
};

struct kvp_search_out {
	struct kvp_search_stats stats;
	size_t n_cfgs;
	size_t n_answers;
	size_t n_misses;
};

/*
 * Step 1: list every configuration of the space into buf->cfgs in the
 * order of the ranking keys known without computing (cards, capacity;
 * price first under KVP_RANK_PRICE), generated in that order (no sort
 * of the whole list). Depends on the model
 * and the space, not the workload: a front end that edits the workload
 * keeps the list and calls kvp_search_rank_list only. When the list
 * does not fit buf->cap_cfgs: KVP_ERANGE with out->stats.configurations
 * set to the count needed.
 */
enum kvp_status kvp_search_enumerate(const struct kvp_plan *base,
                                     const struct kvp_search_space *s,
                                     const struct kvp_search_opts *o,
                                     struct kvp_search_buf *buf,
                                     struct kvp_search_out *out,
                                     struct kvp_error *err);

/*
 * Step 2: judge the listed configurations for base's workload, rank the
 * fitting ones, verify the best opts.top (answers) and find each card's
 * nearest miss. Errors: the base plan does not compute, or a price is
 * missing for KVP_RANK_PRICE.
 */
enum kvp_status kvp_search_rank_list(const struct kvp_plan *base,
                                     const struct kvp_search_space *s,
                                     const struct kvp_search_opts *o,
                                     struct kvp_search_buf *buf,
                                     struct kvp_search_out *out,
                                     struct kvp_error *err);

/* Both steps. */
enum kvp_status kvp_search(const struct kvp_plan *base,
                           const struct kvp_search_space *s,
                           const struct kvp_search_opts *o,
                           struct kvp_search_buf *buf,
                           struct kvp_search_out *out,
                           struct kvp_error *err);

/* The plan of configuration c: base with its card, count, layout,
 * engine, formats and headroom applied. */
void kvp_search_plan(const struct kvp_plan *base,
                     const struct kvp_search_space *s,
                     const struct kvp_search_cfg *c, struct kvp_plan *out);
/* The same, where out already holds the plan of another configuration
 * of this base and space (made by kvp_search_plan or this, and not
 * changed since): only the fields a configuration sets are set again. */
void kvp_search_plan_again(const struct kvp_plan *base,
                           const struct kvp_search_space *s,
                           const struct kvp_search_cfg *c,
                           struct kvp_plan *out);

/* The weight format a configuration names. */
struct kvp_wformat kvp_search_w_of(const struct kvp_plan *base,
                                   const struct kvp_search_space *s,
                                   const struct kvp_search_cfg *c);

/* Defaults: every engine allowed, 8 per node, 1 node, no cards. */
void kvp_search_space_init(struct kvp_search_space *s);
void kvp_search_opts_init(struct kvp_search_opts *o);

#endif
