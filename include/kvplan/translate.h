/*
 * translate.h - budget translation across engines. For the plan's card,
 * weights and overheads, one engine's budget setting yields some KV
 * bytes; the equivalent settings of the others are the largest values
 * that yield no more than that, each with the exact KV bytes it yields:
 *
 *   vllm.gpu_memory_utilization     ppm   budget = capacity x u - (weights
 *                                         + activations + overheads)
 *   sglang.mem_fraction_static      ppm   capacity x f - weights - overheads
 *   trtllm.free_gpu_memory_fraction ppm   f x (capacity - weights -
 *                                         activations - overheads)
 *   vllm.kv_cache_memory_bytes      bytes an absolute cap per GPU
 *   llamacpp.ctx_size               cells llama.cpp -c (multiples of 256),
 *                                         with the plan's -np
 *
 * Every yield is kvp_compute's res.kv.bytes (the whole cache) under that
 * engine with the one setting changed; searches are binary searches over
 * the setting (yields grow with it). Pure, no allocation: `scratch` is a
 * caller-owned work area whose contents are unspecified afterwards.
 */
#ifndef KVPLAN_TRANSLATE_H
#define KVPLAN_TRANSLATE_H

#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

enum kvp_knob {
	KVP_KNOB_VLLM_UTIL = 0,      /* engine.vllm.gpu_memory_utilization */
	KVP_KNOB_SGLANG_FRACTION,    /* engine.sglang.mem_fraction_static */
	KVP_KNOB_TRTLLM_FRACTION,    /* engine.trtllm.free_gpu_memory_fraction */
	KVP_KNOB_BYTE_CAP,           /* engine.vllm.kv_cache_memory_bytes */
	KVP_KNOB_LLAMACPP_CTX,       /* engine.llamacpp.ctx_size */
	KVP_KNOB_COUNT
};

/* The field key of a knob ("engine.vllm.gpu_memory_utilization"). */
const char *kvp_knob_key(enum kvp_knob k);
/* Parse a knob by its key or its short name (vllm, sglang, trtllm,
 * bytes, llamacpp); `err` names the text when unknown. */
enum kvp_status kvp_knob_parse(const char *s, enum kvp_knob *out,
                               struct kvp_error *err);

struct kvp_translate_row {
	enum kvp_knob knob;
	enum kvp_status status;       /* KVP_OK or why no setting was found */
	char error[KVP_ERRMSG_MAX];
	uint64_t value;               /* ppm, bytes or cells */
	uint64_t kv_bytes;            /* what that value yields */
};

struct kvp_translation {
	enum kvp_knob from;
	uint64_t from_value;
	uint64_t target_bytes;        /* what the starting setting yields */
	uint32_t n_rows;              /* KVP_KNOB_COUNT; rows[from] is the
	                                 starting setting itself */
	struct kvp_translate_row rows[KVP_KNOB_COUNT];
};

/*
 * Start from knob `from` at `value` (ppm for fractions, bytes, cells) and
 * fill every row. Fails (in *err) only when the starting setting itself
 * does not compute; other rows carry their own status.
 */
enum kvp_status kvp_translate(const struct kvp_plan *p, enum kvp_knob from,
                              uint64_t value, struct kvp_result *scratch,
                              struct kvp_translation *out, struct kvp_error *err);

#endif
