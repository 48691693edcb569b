/*
 * engine_priv.h - what the engine profiles (src/core/engines/) share:
 * the per-engine entry points called by kvp_engine_compute and small
 * helpers for the parts every engine repeats (the workload's requests,
 * card budgets, engine lines, filling res->kv from the layer records).
 * Not public. Pure: no I/O, no allocation, no globals.
 */
#ifndef KVPLAN_CORE_ENGINE_PRIV_H
#define KVPLAN_CORE_ENGINE_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/*
 * Each engine stage: `ls` holds the model's layers as resolved from the
 * model (n_layers entries; MLA layers still MLA, whatever the generic
 * strategy did with them). It overwrites the layer records' slots/bytes/spec,
 * res->kv and fills res->engine. Errors go to res->error.
 */
enum kvp_status kvp_engine_llamacpp(const struct kvp_plan *p,
                                    const struct kvp_layer_spec *ls,
                                    struct kvp_result *res);
enum kvp_status kvp_engine_vllm(const struct kvp_plan *p,
                                const struct kvp_layer_spec *ls,
                                struct kvp_result *res);
enum kvp_status kvp_engine_transformers(const struct kvp_plan *p,
                                        const struct kvp_layer_spec *ls,
                                        struct kvp_result *res);
enum kvp_status kvp_engine_sglang(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res);
enum kvp_status kvp_engine_trtllm(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res);

/* One kind of request of the workload: `count` requests, each with
 * `samples` sequences of `len` tokens (prompt + generation) sharing a
 * prompt of `prompt` tokens of which `system` are the system part. */
struct eng_req {
	uint64_t count;
	uint64_t samples;
	uint64_t len;
	uint64_t prompt;
	uint64_t system;
};

#define ENG_MAX_REQ (KVP_MAX_CLASSES + 1)

/*
 * The workload as request kinds: one per class, plus one for the ragged
 * lengths (each a one-sample request; the ragged list is folded into its
 * longest length `len` and count, with `ragged` pointing at the list).
 * Returns the number of kinds in *n. Checked arithmetic.
 */
enum kvp_status eng_requests(const struct kvp_plan *p, struct eng_req *out,
                             uint32_t *n, struct kvp_error *err);

/* Longest sequence of the workload, tokens (0 when empty). */
uint64_t eng_longest(const struct kvp_plan *p);

/*
 * How many requests fit at once when request i of kind k costs cost[k]
 * units (blocks, cells, tokens) out of `capacity`, cheapest first, at most
 * `max_seqs` sequences in all (0 = no limit). Sharing across requests
 * (`shared_once`) is paid once by the first request admitted. Returns the
 * number of requests admitted.
 */
uint64_t eng_fit(const struct eng_req *req, const uint64_t *cost,
                 uint32_t n, uint64_t shared_once, uint64_t capacity,
                 uint64_t max_seqs);

/*
 * How many requests of the workload's mix fit at once, scaled up or
 * down: N requests split over the kinds in proportion to their counts
 * (cumulative rounding, as kvp_solve_mix), costing as in eng_fit, plus
 * `shared_once`, within `capacity` and `max_seqs` sequences (0 = no
 * limit). Largest such N below 2^40, checked N fits and N + 1 does not.
 * Then "; N requests of your mix fit (you have M)" is added to
 * res->engine.note when it has room, and res->engine.mix_fit set.
 */
void eng_mix_fit(struct kvp_result *res, const struct eng_req *req,
                 const uint64_t *cost, uint32_t n, uint64_t shared_once,
                 uint64_t capacity, uint64_t max_seqs);

/* engine.llamacpp.flash_attn as llama.cpp leaves it (engine_llamacpp.c:
 * off for an architecture it forces off). */
enum kvp_tristate lc_flash_attn(const struct kvp_plan *p);

/* engine.llamacpp.rs_seq as llama.cpp keeps it: 0 for an architecture
 * without recurrent-state rollback (lc_rollback.c). */
uint32_t lc_rs_seq(const struct kvp_plan *p);

/* Append a line to res->engine.lines (dropped past KVP_MAX_LINES). */
void eng_line(struct kvp_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The same line inserted before line `at` (appended when at >= n_lines). */
void eng_line_at(struct kvp_result *res, uint32_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The first card's capacity; error naming devices when there is none.
 * `why` says what needs it ("engine.vllm.gpu_memory_utilization"). */
enum kvp_status eng_capacity(const struct kvp_plan *p, const char *why,
                             uint64_t *cap, struct kvp_error *err);

/* Sum of devices.overheads[].bytes (per device), checked. */
enum kvp_status eng_overheads(const struct kvp_plan *p, uint64_t *out,
                              struct kvp_error *err);

/* Weight bytes per rank: ceil(res->weights.bytes / (tp * pp)). */
uint64_t eng_weights_rank(const struct kvp_result *res, uint32_t tp,
                          uint32_t pp);

/*
 * Fill res->kv from the layer records (kvp_layer_rec) once an engine has set
 * each layer's spec, rows, slots, bytes and on_device: totals, K/V split,
 * state, device/host, the uniform letters, and bytes_needed from each
 * layer's `stored` positions (left by the generic stage) at the engine's
 * row bytes. `slots_full` is the engine's full-attention slot count.
 *
 * Units: kvp_layer_rec(res, i)->bytes is what ONE device holding layer i holds
 * (one tensor-parallel rank, heads per rank in its spec), as the devices
 * stage (budget.c) adds it up per device; res->kv figures are the whole
 * cache, every one of the `ranks` tensor-parallel ranks included;
 * res->kv.ranks = ranks (the letters are one rank's, see result.h).
 * kv.bytes_per_sequence is left to the engine (its own allocation).
 */
enum kvp_status eng_finish_kv(const struct kvp_plan *p,
                              struct kvp_result *res, uint64_t slots_full,
                              uint32_t ranks);

/* Length kv.bytes_per_sequence describes, tokens: the first class with
 * requests, else the first ragged length, else class 0 (as kv.c). */
uint64_t eng_seq_len(const struct kvp_plan *p, const struct kvp_result *res);

/*
 * res->kv.bytes_per_sequence for a paged engine: one sequence of `len`
 * tokens in blocks of `block` tokens, at each layer's (per rank) row
 * bytes: full and MLA layers ceil(len / block) blocks, sliding and
 * chunked layers ceil(min(len, window) / block), recurrent layers their
 * state; times res->kv.ranks.
 */
enum kvp_status eng_seq_paged(struct kvp_result *res, uint64_t len,
                              uint64_t block);

/* Overflow error naming what overflowed. Returns KVP_EOVERFLOW. */
enum kvp_status eng_overflow(struct kvp_result *res, const char *what);

/* "1,234,567" into buf (Python's {:,}). */
const char *eng_commas(uint64_t v, char *buf, unsigned n);

/* bytes / unit with two decimals, half to even like Python ("4.53"). */
const char *eng_fixed2(uint64_t bytes, uint64_t unit, char *buf, unsigned n);

/* Python's float floor division x // y for x, y > 0 (CPython
 * float_floor_div: fmod, then the quotient, then floor with its rounding
 * correction), for engines that size pools in binary floating point. */
double eng_py_floordiv(double x, double y);

/* engine_served.c: a family the engine does not serve, or caches in a
 * layout kvplan does not hold, refused naming model.model_type; a looped
 * family an engine that refuses loops does size. */
enum kvp_status eng_model_refusal(const struct kvp_plan *p,
                                  struct kvp_result *res);
bool eng_loops_served(enum kvp_engine_kind engine, const char *model_type);

#endif
