/*
 * lc_words.h - the words llama.cpp's builds print for the lines kvplan
 * writes under "llama.cpp would report" (issue 17). The bytes are the
 * engine's rules (kvplan/era.h); these are only the names and forms its
 * log lines took, a row per wording with the builds it was seen in
 * (lc_words.c). Not public. Pure: no I/O.
 */
#ifndef KVPLAN_CORE_LC_WORDS_H
#define KVPLAN_CORE_LC_WORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

#define LC_PAD 256u          /* cell padding, llama-context.cpp */

/* One cache llama.cpp creates: the layers whose cells per stream match. */
struct lc_cache {
	uint64_t cells;       /* per stream */
	uint32_t layers;
	uint64_t k_bytes, v_bytes;
};

/* llama.cpp prints (float)bytes / (1024.0f * 1024.0f) with %7.2f. */
static inline double lc_mib(uint64_t b)
{
	return (double)((float)b / (1024.0f * 1024.0f));
}

/* How a build states the cache's size. */
enum lc_size_form {
	/* "<self>: KV self size  = T MiB, K (f16): K MiB, V (f16): V MiB"
	 * after a kv_size line (kv_line) or none */
	LC_SIZE_SELF,
	/* "<kv>: size = T MiB (C cells, L layers, S/N seqs), K (...): ..." */
	LC_SIZE_CELLS_STREAMS
};

/* The kv_size line before the size. */
enum lc_kv_line {
	LC_KV_LINE_NONE,
	/* "<kv>: kv_size = C, offload = 1, type_k = 'f16', type_v = 'f16',
	 * n_layer = L, can_shift = 1" */
	LC_KV_LINE_OFFLOAD
};

struct lc_words {
	const char *first, *last;  /* builds seen printing these words */
	const char *ctx;           /* llama_context's lines: output and
	                              compute buffers, the n_ctx warning */
	const char *ctx_seq;       /* the warning's name for the per-sequence
	                              context; NULL: its words not seen */
	const char *kv;            /* the cache's own lines */
	enum lc_kv_line kv_line;
	enum lc_size_form size;
	const char *self;          /* LC_SIZE_SELF: the KV self size line's */
	const char *iswa;          /* the SWA pair's lines; NULL: not seen */
	const char *rs;            /* the recurrent line's; NULL: not seen */
	const char *source;        /* where each wording was read */
	bool rs_p;                 /* the recurrent line ends ", P (f32): N
	                              MiB" (the PLE history) */
	bool today;                /* words every line today's words do */
};

/* Today's words (84f71294), printed when no row words the plan. */
const struct lc_words *lc_words_current(void);

/* The words res->engine.lines_wording names (the row chosen by the
 * engine; the current one when it names the current release). */
const struct lc_words *lc_words_of(const struct kvp_engine_result *e);

/* Lines a plan prints that not every row words (lc_words_choose). */
enum lc_need {
	LC_NEED_ISWA = 1,    /* the SWA pair's announcements */
	LC_NEED_RS = 2,      /* the recurrent state's line */
	LC_NEED_WARN = 4,    /* n_ctx_seq < n_ctx_train */
	LC_NEED_TODAY = 8    /* a line only today's words are known for */
};

/* The words a plan's lines are printed in: the named build's row when
 * it words every line the plan prints (`needs`, enum lc_need), else the
 * current one; sets e->lines_wording to the build when its row is used
 * (it stays the current release otherwise). */
const struct lc_words *lc_words_choose(struct kvp_engine_result *e,
                                       const char *build, unsigned needs);

/* What the engine's lines state (engine_llamacpp.c fills it). */
struct lc_print {
	bool unified;           /* one stream shared by all sequences */
	uint64_t n_ctx, ctx;    /* cells in all, ctx_size as given */
	uint64_t n_ctx_seq, n_seq, n_stream;
	bool v_pad;             /* V rows padded to the widest (FA off) */
	uint64_t v_wide;
	uint32_t rs_layers;     /* recurrent layers and their state */
	uint64_t rs_bytes, rs_cells;
	uint32_t rs_seq;        /* snapshots kept (lc_rs_seq) */
	const char *tk, *tv;    /* the cache types' names */
};

/* The engine's lines about the context and its caches (res->engine.
 * lines), in the words lc_words_choose picks for the plan's build. */
void lc_lines(const struct kvp_plan *p, struct kvp_result *res,
              const struct lc_cache *caches, uint32_t n_caches,
              const struct lc_print *x);

#endif
