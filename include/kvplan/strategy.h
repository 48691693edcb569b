/*
 * strategy.h - how the generic core allocates cache slots.
 *
 *   DYNAMIC  exactly the positions held (grows with tokens, no padding)
 *   STATIC   max_cache_len slots per resident sequence, whatever its length
 *   PADDED   dense batch: each sequence padded to the longest resident one
 *   PAGED    ceil(len / block_size) blocks per sequence; shared full blocks
 *            of a prefix are counted once
 *
 * Sliding/chunked layers hold min(len, window) positions (static: reserve
 * min(window, max_cache_len)) unless sliding_as_full is set.
 */
#ifndef KVPLAN_STRATEGY_H
#define KVPLAN_STRATEGY_H

#include <stdbool.h>
#include <stdint.h>

enum kvp_strategy_kind {
	KVP_STRAT_DYNAMIC = 0,
	KVP_STRAT_STATIC,
	KVP_STRAT_PADDED,
	KVP_STRAT_PAGED,
	KVP_STRAT_COUNT
};

/* How MLA layers are stored. */
enum kvp_mla_mode {
	KVP_MLA_LATENT = 0,       /* kv_lora_rank + rope per position, once */
	KVP_MLA_DECOMPRESSED,     /* per query head: K nope+rope, V v_head_dim */
	KVP_MLA_MODE_COUNT
};

struct kvp_strategy {
	enum kvp_strategy_kind kind;
	uint32_t block_size;      /* PAGED, positions per block, >= 1 */
	uint64_t max_cache_len;   /* STATIC, slots per sequence; 0 = longest
	                             resident sequence */
	bool sliding_as_full;     /* size sliding layers as full attention */
	enum kvp_mla_mode mla;
	/* Offload: layers kept on the device; the rest live in host memory.
	 * -1 (or >= n_layers) keeps every layer resident. */
	int32_t resident_layers;
};

const char *kvp_strategy_name(enum kvp_strategy_kind k);

#endif
