/*
 * verdict.h - the one answer an ops engineer acts on (issue 31), computed
 * once by kvp_compute (src/core/verdict/verdict.c) into res->verdict and read by
 * every output: text, JSON, Markdown, SVG, CSV, the planner's verdict
 * line and `kvplan fit`'s exit status. The line in words is built from
 * res->verdict when an output asks for it (kvp_verdict_line).
 *
 * Three states:
 *   fits                 every device (and a budgeted host) has room, no
 *                        request is longer than the model's positions or
 *                        the engine's max_model_len, and the engine holds
 *                        every request of the workload at once;
 *   fits, requests wait  memory fits and every request is accepted, but
 *                        the engine holds K of the N requests at once
 *                        (its pool, slots or max_num_seqs): the rest queue;
 *   does not fit         a device or the host is over, a request is longer
 *                        than the model or the engine accepts, or the
 *                        engine holds none of the requests.
 * The line names whose rules made it: the engine and release whose
 * allocator was applied, or, for the generic engine, that it is the
 * workload's exact bytes with no engine's reserve (kvp_engine_range
 * gives the named engines' figures beside it).
 */
#ifndef KVPLAN_VERDICT_H
#define KVPLAN_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/engine.h"

enum kvp_verdict_state {
	KVP_VERDICT_FITS = 0,
	KVP_VERDICT_WAIT,         /* fits, requests wait */
	KVP_VERDICT_NO_FIT,
	KVP_VERDICT_COUNT
};

enum kvp_verdict_reason {
	KVP_VWHY_NONE = 0,         /* fits, or requests wait */
	KVP_VWHY_DEVICE,           /* a device is over its capacity */
	KVP_VWHY_HOST,             /* host memory is over its budget */
	KVP_VWHY_MODEL_LEN,        /* a request longer than the model's
	                             positions (model.arch.max_positions) */
	KVP_VWHY_ENGINE_LEN,       /* a request longer than the engine's
	                             max_model_len (llama.cpp: a slot) */
	KVP_VWHY_NONE_HELD,        /* memory fits, the engine holds none */
	KVP_VWHY_SLOTS_OVER,       /* llama.cpp's unified cache: its slots
	                             run more requests at once than its cells
	                             hold; llama-server ends them ("Context
	                             size has been exceeded") rather than
	                             queue them */
	KVP_VWHY_COUNT
};

#define KVP_VERDICT_TEXT_MAX 512

struct kvp_verdict {
	enum kvp_verdict_state state;
	enum kvp_verdict_reason reason;
	uint32_t devices;             /* devices of the plan */
	uint32_t devices_over;        /* of them over capacity */
	uint32_t device;              /* KVP_VWHY_DEVICE: the one most over */
	uint64_t over_bytes;          /* KVP_VWHY_DEVICE: by how much */
	uint64_t requests;            /* N: the workload's active requests */
	uint64_t admitted;            /* K: of them the engine holds at once
	                                 (generic: N, it sizes to them) */
	uint64_t longest;             /* tokens of the longest request */
	uint64_t limit;               /* *_LEN: the limit it passes */
	bool generic;                 /* no named engine's allocator */
	char rules[64];               /* whose rules: "vllm main@002f10e0",
	                                 "generic engine" */
	/* Added for issue 34: the engine, and for llama.cpp whether its
	 * cache is unified (the plan kvp_compute ran, -np auto resolved),
	 * for the words of a length reason (kvp_verdict_line) */
	enum kvp_engine_kind engine;
	bool kv_unified;
	char brief[48];               /* the same for a planner's narrow
	                                 verdict line: "FITS (vllm main@..)",
	                                 "FITS, 9 OF 200 AT ONCE (vllm)",
	                                 "DOES NOT FIT: d0 over 22.39 GiB" */
};

/* "fits", "fits, requests wait", "does not fit". */
const char *kvp_verdict_name(enum kvp_verdict_state s);
/* The JSON/CSV key: "fits", "requests_wait", "does_not_fit". */
const char *kvp_verdict_key(enum kvp_verdict_state s);
/* The JSON key of a reason: "none", "device_over", "host_over",
 * "longer_than_model", "longer_than_engine", "engine_holds_none",
 * "slots_overfill_cache". */
const char *kvp_verdict_reason_key(enum kvp_verdict_reason r);
struct kvp_result;
/* The verdict line of res (res->verdict, kvp_compute's), whole: one
 * sentence saying the state, why, and whose rules made it, into buf of
 * n bytes (KVP_VERDICT_TEXT_MAX hold it), cut as snprintf cuts. Every
 * front end prints it as it is. Built when asked, not by kvp_compute
 * (issue 34: a twentieth of a recompute, which the planner recomputes
 * on every key and seldom shows whole). Returns buf. */
const char *kvp_verdict_line(const struct kvp_result *res, char *buf,
                             size_t n);

/* `kvplan fit`'s exit status: 0 fits, 4 fits with requests waiting,
 * 1 does not fit (2 is bad input, 3 reconcile's "compared nothing":
 * each status means one thing across the commands). */
int kvp_verdict_exit(enum kvp_verdict_state s);

#endif
