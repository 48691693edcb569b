/*
 * compare.h - one plan under every engine side by side: the generic
 * strategy, llama.cpp, vLLM, transformers, SGLang and TensorRT-LLM, each
 * computed by kvp_compute with only plan->engine.kind changed (every
 * engine keeps its own options from the plan). Each row holds the
 * engine's bytes and derived quantities, the difference from the generic
 * row, and one line explaining the difference in the engine's terms
 * ("+12.5% from 256-cell padding (4608 cells for ctx_size 4096)").
 *
 * Pure: no allocation. The caller owns both structs; `scratch` is a work
 * area (a kvp_result is large, about 100 KiB) whose contents are
 * unspecified afterwards.
 */
#ifndef KVPLAN_COMPARE_H
#define KVPLAN_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

struct kvp_compare_row {
	enum kvp_engine_kind kind;
	enum kvp_status status;       /* KVP_OK, or why there are no figures */
	char error[KVP_ERRMSG_MAX];   /* the message when status != OK */
	uint64_t kv_bytes;            /* res.kv.bytes: the whole cache */
	uint64_t device_bytes;        /* res.kv.device_bytes */
	uint64_t bytes_needed;        /* the tokens held, at its formats */
	uint64_t slots;               /* res.kv.slots_allocated */
	uint64_t cells, streams, blocks, tokens;  /* res.engine */
	uint64_t requests;            /* active requests of the workload */
	uint64_t workload_fit;        /* res.engine.workload_fit, as calc's
	                                 record has it: the engine's own
	                                 count, devices not considered (0
	                                 under generic) */
	uint64_t requests_fit;        /* res.mix.requests_fit (kvp_mix_of):
	                                 requests of the workload that fit at
	                                 once, devices included, at most
	                                 `requests` - the "requests fit"
	                                 column */
	uint64_t mix_fit;             /* res.mix.mix_fit: requests of the
	                                 workload's mix that fit at once,
	                                 scaled up or down; = requests when
	                                 !mix_bound */
	bool mix_bound;               /* false: nothing binds (no card) */
	uint64_t concurrency_x100, max_len_fit;
	int64_t diff_bytes;           /* kv_bytes - generic row's kv_bytes */
	int64_t diff_ppm;             /* diff_bytes / generic, parts per
	                                 million (0 when generic failed) */
	char why[KVP_LINE_MAX];       /* one line: the difference explained */
	uint32_t n_lines;             /* the engine's own lines */
	char lines[KVP_MAX_LINES][KVP_LINE_MAX];
	char lines_note[160];         /* "in the words of 84f71294; b4599 may
	                                 word some lines otherwise" when the
	                                 named release's lines are in another
	                                 release's words, else "" */
};

struct kvp_compare {
	uint32_t n_rows;              /* KVP_ENGINE_COUNT, generic first */
	struct kvp_compare_row rows[KVP_ENGINE_COUNT];
};

/* Compute every row. Returns KVP_OK even when some engines refuse the
 * plan (their rows say so); an error only when the plan itself is bad
 * for every engine (the generic row's error, in *err). */
enum kvp_status kvp_compare(const struct kvp_plan *p, struct kvp_result *scratch,
                            struct kvp_compare *out, struct kvp_error *err);
/* A row's diff_ppm as the table shows it: "+12.5%" (one decimal, half
 * away from zero) into buf; returns buf. */
const char *kvp_compare_pct(int64_t ppm, char *buf, size_t n);

#endif
