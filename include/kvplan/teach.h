/*
 * teach.h - the GQA/MQA teaching table: the same plan at other KV-head
 * groupings, side by side. For a plan with Hq query heads, one row per
 * variant of model.base.kv_heads: MHA (Hkv = Hq), the current grouping,
 * every divisor of Hq, MQA (Hkv = 1), largest Hkv first, each row a
 * kvp_compute of the plan with only model.base.kv_heads changed (layers
 * whose heads come from override rules, and MLA layers, keep theirs).
 * The front end formats the fields; it computes none of them.
 *
 * Pure: no allocation, no I/O; the caller passes the scratch storage the
 * computes and searches use (struct kvp_teach_scratch, large: allocate
 * it, do not put it on a small stack).
 */
#ifndef KVPLAN_TEACH_H
#define KVPLAN_TEACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/solve.h"
#include "kvplan/status.h"

/* At most this many rows: MHA, the current grouping and MQA always get
 * one; divisors of Hq fill the rest, largest first (truncated is set
 * when some did not fit). Real models have at most a dozen. */
#define KVP_TEACH_MAX_ROWS 48

enum kvp_teach_kind {
	KVP_TEACH_MHA = 0,  /* Hkv = Hq: one KV head per query head */
	KVP_TEACH_GQA,      /* 1 < Hkv < Hq (or Hkv > Hq: not a grouping) */
	KVP_TEACH_MQA,      /* Hkv = 1: one KV head for all query heads */
	KVP_TEACH_KIND_COUNT
};

/* "MHA", "GQA", "MQA" */
const char *kvp_teach_kind_name(enum kvp_teach_kind k);

struct kvp_teach_row {
	uint32_t kv_heads;            /* Hkv of this variant */
	enum kvp_teach_kind kind;
	bool current;                 /* the plan's own model.base.kv_heads */
	uint32_t group;               /* query heads per KV head, Hq / Hkv;
	                                 0 when Hkv does not divide Hq */
	bool ok;                      /* computed; else err holds why not */
	struct kvp_error err;
	uint64_t bytes_per_position;  /* res.kv.bytes_per_position */
	uint64_t bytes;               /* res.kv.bytes: the whole cache */
	uint64_t sequences;           /* res.kv.sequences */
	/* Bytes per position / the current row's - the model alone's
	 * (model_bytes_per_position) when seq_known, else the plan's - exact
	 * as a fraction in lowest terms and in thousandths rounded to
	 * nearest (half up): per position and without TP replicas, so
	 * neither a named engine's fixed pool nor replication flattens it.
	 * ratio_known is false when the current row failed, holds 0 bytes,
	 * or the thousandths do not fit 64 bits. */
	bool ratio_known;
	uint64_t ratio_num, ratio_den;
	uint64_t ratio_milli;         /* 1000 = same as now */
	/* Most requests of class 0 that fit every card at once (kvp_solve
	 * KVP_SOLVE_CONCURRENCY), and the resident sequences they make.
	 * fit_known is false when no card is chosen, the plan has no
	 * sequence class, or the search failed (fit_err says why). */
	bool fit_known;
	uint64_t fit_requests, fit_sequences;
	struct kvp_error fit_err;
	/* The speed envelope of this variant at the plan's own workload
	 * (res.speed, a roofline bound): KV bytes read per sequence per
	 * decode step and the decode bounds; speed_known false without a
	 * card bandwidth. Fewer KV heads read fewer bytes per token. */
	bool speed_known;
	uint64_t kv_read_per_sequence;
	uint64_t seq_tps_milli, aggregate_tps_milli;
	/* The model alone, independent of the engine and its pool: the
	 * row's plan with the generic engine, dynamic storage, no card and
	 * no TP, holding one sequence of class 0 at its full length.
	 * model_bytes_per_position is that plan's kv.bytes_per_position
	 * (no replicas); seq_bytes its kv.bytes_needed: the KV of one
	 * sequence, which is also what its last generated token reads (a
	 * token attends to every stored position: the bandwidth reason GQA
	 * exists). seq_known is false when the plan has no class 0 or that
	 * compute failed. */
	bool seq_known;
	uint64_t model_bytes_per_position;
	uint64_t seq_bytes;
	/* Tensor parallelism: ranks = devices.tp (1 without TP), the KV
	 * heads each rank holds (Hkv / tp, 1 when replicated, 0 when tp
	 * does not divide Hkv), one
	 * rank's bytes per position (bytes_per_position / ranks; 0 when
	 * that does not divide) and whether heads are replicated (Hkv <
	 * ranks: each head is copied on several ranks, so rows below TP
	 * hold the same bytes per rank). */
	uint32_t ranks;
	uint32_t heads_per_rank;
	uint64_t rank_bytes_per_position;
	bool replicated;
};

struct kvp_teach {
	uint32_t q_heads;             /* Hq */
	uint32_t current_kv_heads;    /* the plan's model.base.kv_heads */
	uint32_t trained_kv_heads;    /* model.trained_kv_heads, else current */
	/* False when the KV bytes per position are the same at every Hkv
	 * (MLA latent layers, or rules that fix every layer's heads): the
	 * grouping does not change this model's cache. */
	bool heads_matter;
	bool truncated;               /* divisors left out (> MAX_ROWS) */
	size_t n;
	struct kvp_teach_row rows[KVP_TEACH_MAX_ROWS];
};

/* Storage for the computes; its content on return is unspecified. */
struct kvp_teach_scratch {
	struct kvp_plan plan;
	struct kvp_result res;
	struct kvp_solve_answer ans;
};

/*
 * Fill *out for plan p. Rows that do not compute are kept with ok false
 * and their error. Errors (out unspecified): q_heads or
 * model.base.kv_heads is 0.
 */
enum kvp_status kvp_teach(const struct kvp_plan *p, struct kvp_teach *out,
                          struct kvp_teach_scratch *scratch,
                          struct kvp_error *err);

#endif
