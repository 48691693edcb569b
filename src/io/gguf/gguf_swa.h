/*
 * gguf_swa.h - how llama.cpp decides each architecture's sliding layers
 * and window from a GGUF's keys: a row per architecture kvplan's GGUF
 * import accepts (gguf_swa.c), each read from that architecture's
 * load_arch_hparams (src/models/<arch>.cpp) at the build `make
 * check-live` pins (llama.cpp 80fb11a, node-llama-cpp 3.21.1). The
 * common load_hparams (src/llama-model.cpp) reads neither
 * ARCH.attention.sliding_window nor sliding_window_pattern; an
 * architecture whose code reads neither keeps every layer full.
 */
#ifndef KVPLAN_IO_GGUF_SWA_H
#define KVPLAN_IO_GGUF_SWA_H

#include <stdint.h>

#include "kvplan/model.h"

enum kvp_swa_rule {
	SWA_KEY,       /* the window key, none when absent or 0 */
	SWA_ALWAYS,    /* sliding whatever the key; `window` when absent */
	SWA_FIXED,     /* key 0: none; else `window`, whatever the key says */
	SWA_OFF,       /* no sliding layers, whatever the keys say */
	SWA_AT_LAYERS, /* as SWA_ALWAYS with `layers` blocks, else none */
	SWA_FORCED     /* the key above 0: `window` whatever it says; else none */
};

/* hparams.set_swa_pattern(period), llama.cpp's meaning: layer i slides
 * unless i % period == period - 1 (period 0: every layer); with
 * dense_first (SWA_F_DENSE_FIRST) unless i % period == 0. */
enum {
	SWA_F_DENSE_FIRST = 1,  /* set_swa_pattern(period, true) */
	SWA_F_NEED_PATTERN = 2, /* no pattern key: llama.cpp slides no layer
	                           but still makes the SWA pair (refused) */
	SWA_F_ARRAY_ONLY = 4,   /* the pattern is one bool per layer */
	SWA_F_PATTERN_REQ = 8,  /* no pattern key with a window: llama.cpp
	                           does not load the file (refused) */
	SWA_F_KEY_REQ = 16,     /* the window key is required (get_key): no
	                           key, llama.cpp does not load the file */
	SWA_F_PERIOD_ONLY = 32, /* the pattern is read into a uint32_t
	                           (get_key_or_arr, not required): one bool
	                           per layer is ignored, the period stays */
	SWA_F_NO_PATTERN = 64,  /* the pattern key is not read: the row's
	                           period (0: every attention layer) */
	SWA_F_ARR_ANY = 128,    /* the bool array read by get_arr: any
	                           length (up to 512), not exactly n_layer() */
	SWA_F_ARR_ALL = 256     /* the bool array counts n_layer_all (the MTP
	                           blocks too), not n_layer() */
};

struct kvp_swa_row {
	const char *arch;
	enum kvp_swa_rule rule;
	uint32_t period;           /* without a pattern key */
	enum kvp_layer_kind kind;
	uint32_t window;           /* used when the file has none */
	uint32_t layers;           /* SWA_AT_LAYERS */
	unsigned flags;            /* SWA_F_* */
	const char *src;           /* src/models/FILE:LINE @80fb11a */
};

/* The row of architecture arch (general.architecture), or NULL. */
const struct kvp_swa_row *kvp_swa_row_of(const char *arch);

#endif
