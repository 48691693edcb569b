/*
 * log_parse.h - reading engine startup logs: the KV figures and the
 * settings they state, from llama.cpp (current `llama_kv_cache: size = ...`
 * and old `KV self size` forms, `llama_kv_cache_unified:` and iSWA caches,
 * per-device buffers, recurrent state), vLLM V0 and V1 (weights, memory
 * profiling, available KV memory, GPU blocks, KV cache size in tokens,
 * maximum concurrency, the "KV cache is needed" error), SGLang (weights,
 * KV pool) and TensorRT-LLM (paged KV cache).
 *
 * A log is read line by line in a fixed buffer, so a huge file costs no
 * memory. Lines that are not understood, hold binary bytes, or are longer
 * than KVP_LOG_LINE_MAX are skipped and counted, never fatal: only a file
 * that cannot be opened or read is an error.
 *
 * Units: every figure is converted to exact bytes from the unit the engine
 * means, which is not always the one it prints: vLLM and SGLang divide by
 * 2^30 and print "GB", so their "GB" is GiB; llama.cpp prints MiB = 2^20.
 * The tolerance of a figure is half its last printed digit (see
 * kvplan/reconcile.h).
 *
 * The folder, src/io/logs/: what engines and drivers print. log_parse.c
 * (this header's) reads engine startup logs for `kvplan reconcile`;
 * smi_csv.c reads nvidia-smi's csv output into a card group (its card
 * named through the presets). Both read line by line into plain structs
 * for the core.
 */
#ifndef KVPLAN_IO_LOG_PARSE_H
#define KVPLAN_IO_LOG_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kvplan/engine.h"
#include "kvplan/reconcile.h"
#include "kvplan/status.h"

#define KVP_LOG_LINE_MAX 4096   /* longer lines are skipped (counted) */
#define KVP_LOG_MAX_BYTES (512u * 1024u * 1024u) /* a stream past it, or
                                   with a NUL byte, is refused */
#define KVP_LOG_MAX_OBS  64     /* figures kept; more are counted */
#define KVP_LOG_MAX_UNREAD 32   /* unread cache lines listed */
#define KVP_LOG_UNREAD_TEXT 200 /* bytes of each kept (cut at a
                                   character boundary, "..." added) */

/* Settings and model shape a log may state. */
enum kvp_log_key {
	KVP_LK_N_CTX = 0,         /* llama.cpp context cells (after rounding) */
	KVP_LK_N_CTX_SEQ,
	KVP_LK_N_SEQ_MAX,
	KVP_LK_N_BATCH,
	KVP_LK_N_UBATCH,
	KVP_LK_FLASH_ATTN,        /* 0 off, 1 on, 2 auto */
	KVP_LK_KV_UNIFIED,        /* 0/1 */
	KVP_LK_N_CTX_TRAIN,
	KVP_LK_N_LAYER,
	KVP_LK_N_HEAD,
	KVP_LK_N_HEAD_KV,
	KVP_LK_N_EMBD_HEAD_K,
	KVP_LK_N_EMBD_HEAD_V,
	KVP_LK_N_SWA,
	KVP_LK_N_EMBD,
	KVP_LK_MAX_MODEL_LEN,     /* vLLM max_seq_len / SGLang context_len */
	KVP_LK_GPU_MEM_UTIL_PPM,  /* vLLM gpu_memory_utilization, ppm */
	KVP_LK_BLOCK_SIZE,
	KVP_LK_TP,
	KVP_LK_PP,
	KVP_LK_MAX_RUNNING,       /* SGLang max_running_requests */
	KVP_LK_MAX_TOTAL_TOKENS,  /* SGLang max_total_num_tokens */
	KVP_LK_SWA_FULL,          /* llama.cpp "using full-size SWA cache": 1 */
	KVP_LK_NUM_GPU_BLOCKS_OVERRIDE, /* vLLM --num-gpu-blocks-override */
	KVP_LK_N_RS_SEQ,          /* llama.cpp recurrent-state snapshots per
	                             sequence ("n_rs_seq = 2", "2 rs_seq") */
	KVP_LK_CTX_CHECKPOINTS,   /* llama-server --ctx-checkpoints ("created
	                             context checkpoint 1 of 32") */
	KVP_LK_MMPROJ_WARMUP,     /* the --mmproj encoder's warmup image side
	                             ("warmup with image size = 1472 x 1472") */
	KVP_LK_MAX_BATCHED_TOKENS,/* vLLM max_num_batched_tokens ("Chunked
	                             prefill is enabled with ...", non-default
	                             args) */
	KVP_LK_MAX_NUM_SEQS,      /* vLLM max_num_seqs (non-default args) */
	KVP_LK_PREFIX_CACHING,    /* vLLM enable_prefix_caching (non-default
	                             args): 1 True, 0 False */
	KVP_LK_COUNT
};

struct kvp_log_settings {
	bool has[KVP_LK_COUNT];
	uint64_t v[KVP_LK_COUNT];
	uint32_t line[KVP_LK_COUNT];  /* where each was stated */
	char model[128];              /* model id or name, "" not stated */
	char cache_type_k[16];        /* llama.cpp K (type) / vLLM kv dtype */
	char cache_type_v[16];
	bool refused;                 /* the engine refused its settings */
	char refusal[160];            /* its words */
};

struct kvp_log {
	enum kvp_engine_kind engine;  /* the engine with most figures
	                                 (GENERIC: none recognised) */
	unsigned engines_seen;        /* bit (1 << kind) per engine seen */
	struct kvp_log_settings set;
	size_t n_obs;
	struct kvp_observation obs[KVP_LOG_MAX_OBS];

	/* The current line's pairs of adjacent bytes, hashed into 128 bits
	 * (log_parse.c line_pairs): a wording with a pair missing from
	 * them is not on the line, and no strstr is run for it. */
	uint64_t line_pairs[2];

	/* Counts. lines = used + skipped_* . */
	uint64_t lines;
	uint64_t lines_used;          /* a figure or setting taken */
	uint64_t skipped_unknown;     /* not understood (or other text) */
	uint64_t skipped_binary;      /* NUL or other control bytes */
	uint64_t skipped_long;        /* longer than KVP_LOG_LINE_MAX */
	uint64_t skipped_obs;         /* figures past KVP_LOG_MAX_OBS */
	bool truncated;               /* last line had no newline */

	/* Parser state between lines (not part of the result). */
	int cur_scope;                /* llama.cpp iSWA: cache being built */
	bool ckpt_seen;               /* a checkpoint's size was taken */
	/* SGLang SWAKVPool: after "Use sliding window memory pool." each
	 * device prints the sliding pool's "KV Cache is allocated" line, then
	 * the full pool's; the devices that printed their first. */
	bool sg_swa;
	unsigned n_sg_swa_dev;
	char sg_swa_dev[16][16];
	/* SGLang with kvcached (a virtual-memory KV plugin, log_parse.c
	 * sglang_kvcached_line): the first line that shows it (0: none),
	 * its "Physical KV Cache limits" lines (the figures compared), the
	 * devices that printed one (SWAKVPool's order, as above), and the
	 * virtual K/V sizes (and repeated token counts) set aside. */
	uint32_t sg_virtual_line;
	uint32_t n_sg_phys_line;
	uint32_t sg_phys_line[32];
	unsigned n_sg_phys_dev;
	char sg_phys_dev[16][16];
	uint32_t sg_virtual_dropped;
	uint32_t engine_hits[KVP_ENGINE_COUNT];
	/* Lines not understood that mention the cache (a word of
	 * kvp_log_unread_words: "KV", "cache", "blocks", ...), with their
	 * numbers: the first KVP_LOG_MAX_UNREAD, the rest counted. Lines
	 * about nothing of the kind are only counted (skipped_unknown). */
	uint32_t n_unread;
	struct { uint32_t line; char text[KVP_LOG_UNREAD_TEXT]; }
		unread[KVP_LOG_MAX_UNREAD];
	uint64_t unread_more;

	/* The engine's era as its wording shows it (first telling line):
	 * "V0 (0.6.x)" for vLLM's '# GPU blocks:', ... Empty when no line
	 * tells. `era_release` is the release whose rules fit (vLLM V0: 0.6.6
	 * for 0.6.x's wording, else 0.7.3, the last release that ran V0 by
	 * default), "" when the wording changes no byte rule. */
	char era[160];
	char era_release[16];
	/* The llama.cpp build the log states ("build: 4843 (776f9e59)"):
	 * "b4843", "" when none; the line it was read from. */
	char build[16];
	uint32_t build_line;
	char era_phrase[48];
	uint32_t era_line;
	uint32_t layer_lines[KVP_SCOPE_COUNT]; /* llama.cpp per-layer lines */
	uint64_t create_cells[KVP_SCOPE_COUNT]; /* "creating ... size = N cells" */
	uint32_t create_line[KVP_SCOPE_COUNT];
};

/* Short key names ("n_ctx", "max_model_len") for the settings table. */
const char *kvp_log_key_name(enum kvp_log_key k);

/* Start an empty log (all counts zero). */
void kvp_log_init(struct kvp_log *log);

/* Feed one line (without its newline; len bytes, may hold NULs). */
void kvp_log_feed_line(struct kvp_log *log, const char *line, size_t len);

/* Settle derived fields (engine) after the last line. */
void kvp_log_finish(struct kvp_log *log);

/* Parse a whole text (lines separated by \n or \r\n). */
void kvp_log_parse_text(struct kvp_log *log, const char *text, size_t len);

/* Read a stream to its end. KVP_EIO when reading fails. */
enum kvp_status kvp_log_parse_stream(struct kvp_log *log, FILE *f,
                                     const char *name, struct kvp_error *err);

/* Open and read a file ("-" is stdin). KVP_EIO/ENOTFOUND naming it. */
enum kvp_status kvp_log_parse_file(struct kvp_log *log, const char *path,
                                   struct kvp_error *err);

#endif
